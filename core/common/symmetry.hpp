#pragma once
// The 8 symmetries of a square board (the dihedral group D4), acting on square indices
// sq = rank * n + file.
#include <array>

namespace zz {

enum class Symmetry : int {
  Identity, Rotate90, Rotate180, Rotate270, MirrorFiles, MirrorRanks, Diagonal, AntiDiagonal
};
inline constexpr int kSymmetryCount = 8;

constexpr int transform_square(Symmetry s, int sq, int n) {
  const int f = sq % n, r = sq / n, m = n - 1;
  switch (s) {
    case Symmetry::Identity: return sq;
    case Symmetry::Rotate90: return f * n + (m - r);
    case Symmetry::Rotate180: return (m - r) * n + (m - f);
    case Symmetry::Rotate270: return (m - f) * n + r;
    case Symmetry::MirrorFiles: return r * n + (m - f);
    case Symmetry::MirrorRanks: return (m - r) * n + f;
    case Symmetry::Diagonal: return f * n + r;
    case Symmetry::AntiDiagonal: return (m - f) * n + (m - r);
  }
  return sq;
}

// Square maps for every symmetry of an n x n board, built at compile time.
template <int N>
struct SquareMaps {
  std::array<std::array<int, N * N>, kSymmetryCount> map{};
  constexpr SquareMaps() {
    for (int s = 0; s < kSymmetryCount; ++s)
      for (int sq = 0; sq < N * N; ++sq) map[s][sq] = transform_square(static_cast<Symmetry>(s), sq, N);
  }
};

}  // namespace zz
