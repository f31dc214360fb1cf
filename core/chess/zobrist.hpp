#pragma once
// Zobrist keys, generated at compile time from a fixed seed so that hashes are the same in
// every build and every run.
#include <array>
#include <cstdint>

#include "core/chess/types.hpp"

namespace zz::chess {

struct ZobristKeys {
  // Indexed by Piece; the rows of NoPiece and the unused codes stay zero, so hashing an
  // empty square changes nothing.
  std::array<std::array<std::uint64_t, kSquareCount>, kPieceIndexCount> piece{};
  // Indexed by the whole set of rights, each entry the XOR of its single rights' keys.
  std::array<std::uint64_t, kCastlingRightsCount> castling{};
  std::array<std::uint64_t, 8> en_passant_file{};
  std::uint64_t black_to_move = 0;
};

namespace detail {
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

constexpr ZobristKeys make_zobrist_keys() {
  ZobristKeys k;
  std::uint64_t state = 0x5A0B7157C0FFEE11ULL;
  for (const Color c : {White, Black})
    for (int t = Pawn; t <= King; ++t)
      for (auto& key : k.piece[make_piece(c, PieceType(t))]) key = splitmix64(state);
  std::array<std::uint64_t, 4> single{};
  for (auto& key : single) key = splitmix64(state);
  for (int rights = 0; rights < kCastlingRightsCount; ++rights)
    for (int bit = 0; bit < 4; ++bit)
      if (rights & (1 << bit)) k.castling[rights] ^= single[bit];
  for (auto& key : k.en_passant_file) key = splitmix64(state);
  k.black_to_move = splitmix64(state);
  return k;
}
}  // namespace detail

inline constexpr ZobristKeys kZobrist = detail::make_zobrist_keys();

}  // namespace zz::chess
