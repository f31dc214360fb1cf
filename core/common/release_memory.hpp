#pragma once
// Empties a container and gives its memory back. `v = {}` does not: for std::vector it picks
// the initializer-list assignment, which clears the elements and keeps the capacity (a solve
// that "freed" its working arrays that way held them to the end).
namespace zz {

template <class Container>
void release_memory(Container& c) {
  Container().swap(c);
}

}  // namespace zz
