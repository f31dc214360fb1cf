// The schedule of re-examinations (solver/reexamination_schedule.hpp) on hand-made slots:
// each kind of mark makes its position due at exactly the level it names and no other, a
// position is handed out once per level however often it was marked, and the lookups find
// slots on both sides of a bucket's edge. The chess tables that use it are checked against
// examining at every level by tests/compact_state and tests/chess_tables.
#include <doctest/doctest.h>

#include <algorithm>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "solver/reexamination_schedule.hpp"

using zz::retro_detail::ReexaminationSchedule;
using zz::retro_detail::SortedSlots;

namespace {

constexpr std::uint64_t kSlots = 1 << 20;

std::vector<std::uint64_t> due_at(ReexaminationSchedule& s, int level) {
  std::vector<std::uint64_t> out;
  std::mutex m;
  s.take_due(level, [&](std::uint64_t slot) {
    std::lock_guard lock(m);
    out.push_back(slot);
  });
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("sorted slots: every listed slot is found, with its repeats; unlisted ones are not") {
  // 4095 and 4096 lie on both sides of a bucket's edge; 9000 is listed twice.
  const std::vector<std::uint64_t> listed = {0, 5, 4095, 4096, 9000, 9000, kSlots - 1};
  const SortedSlots s(listed, kSlots);
  for (std::size_t k = 0; k < listed.size(); ++k) {
    const auto [first, last] = s.find(listed[k]);
    CHECK(s[first] == listed[k]);
    CHECK(last - first == static_cast<std::size_t>(std::count(listed.begin(), listed.end(), listed[k])));
  }
  for (std::uint64_t absent : std::vector<std::uint64_t>{1, 4094, 4097, 8999, 9001, kSlots - 2}) {
    const auto [first, last] = s.find(absent);
    CHECK(first == last);
  }
}

TEST_CASE("a marked position is due at its level only, once") {
  const std::vector<std::uint64_t> positions = {10, 4096, 70000};
  ReexaminationSchedule s(positions, kSlots, {}, {});
  s.mark_position(4096, 3);
  s.mark_position(4096, 3);  // two children decided at level 2
  s.mark_position(70000, 5);
  CHECK(due_at(s, 2).empty());
  CHECK(due_at(s, 3) == std::vector<std::uint64_t>{4096});
  CHECK(due_at(s, 3).empty());  // taken
  CHECK(due_at(s, 4).empty());
  CHECK(due_at(s, 5) == std::vector<std::uint64_t>{70000});
  // Levels are kept modulo 16 (a mark at most 14 ahead): level 21's mark is not 20's.
  s.mark_position(10, 21);
  CHECK(due_at(s, 20).empty());
  CHECK(due_at(s, 21) == std::vector<std::uint64_t>{10});
  CHECK_THROWS_AS(s.mark_position(11, 4), std::logic_error);  // not a re-examined position
}

TEST_CASE("a transient board's readers are due its depth after the pass that reaches it") {
  const std::vector<std::uint64_t> positions = {100, 200, 300};
  // Slot 5000 is read by 100 (a child, depth 1) and 200 (a grandchild, depth 2); 6000 by 300.
  const std::vector<ReexaminationSchedule::TransientRead> reads = {{5000, 100, 1}, {6000, 300, 1}, {5000, 200, 2}};
  ReexaminationSchedule s(positions, kSlots, reads, {});
  CHECK(s.is_key(5000));
  CHECK(s.is_key(6000));
  CHECK_FALSE(s.is_key(5001));
  CHECK_FALSE(s.is_key(100));
  int last = 0;
  s.mark_readers(5000, 7, last);  // a child of 5000's board was decided at level 6
  CHECK(last == 9);
  CHECK(due_at(s, 7).empty());
  CHECK(due_at(s, 8) == std::vector<std::uint64_t>{100});
  CHECK(due_at(s, 9) == std::vector<std::uint64_t>{200});
  s.mark_readers(4999, 7, last);  // not a key: nothing
  for (int level = 10; level < 30; ++level) CHECK(due_at(s, level).empty());
}

TEST_CASE("values fixed before the solve make their readers due at their level") {
  const std::vector<std::uint64_t> positions = {1, 2};
  const std::vector<ReexaminationSchedule::FixedDue> fixed = {{1, 4}, {2, 4}, {2, 40}};
  ReexaminationSchedule s(positions, kSlots, {}, fixed);
  CHECK(s.last_fixed() == 40);
  for (int level = 0; level < 4; ++level) CHECK(due_at(s, level).empty());
  CHECK(due_at(s, 4) == std::vector<std::uint64_t>{1, 2});
  for (int level = 5; level < 40; ++level) CHECK(due_at(s, level).empty());
  CHECK(due_at(s, 40) == std::vector<std::uint64_t>{2});
}

TEST_CASE("a transient chain deeper than the schedule keeps is refused, not wrapped") {
  const std::vector<std::uint64_t> positions = {1};
  const std::vector<ReexaminationSchedule::TransientRead> deep = {{7, 1, ReexaminationSchedule::kMaxDepth + 1}};
  CHECK_THROWS_AS(ReexaminationSchedule(positions, kSlots, deep, {}), std::logic_error);
}
