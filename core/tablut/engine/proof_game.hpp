#pragma once
// Tablut for proof-number search (solver/search/dfpn.hpp): the same game, with
//   - a hash equal for a position and its 7 mirror images (the Ashton board is symmetric, so
//     they have the same value: the proof table then holds one entry for all eight), and
//   - forced_within(p, attacker_moves, plies), the verdicts the rules give without expanding
//     the node. The facts they rest on: a move never ends the game in its own mover's loss
//     (White cannot capture its own king, Black cannot make it escape), so the attacker wins
//     only on its own moves, by an escape, a king capture, or by leaving the defender without
//     a legal move; and one move cannot take away every move of a side that has four pieces
//     which can each move in two directions (a move takes at most three pieces and its
//     landing square closes one direction of each piece in line with it).
#include <array>
#include <cstdint>
#include <optional>
#include <random>

#include "core/tablut/engine/knowledge.hpp"
#include "core/tablut/game.hpp"
#include "core/tablut/symmetry.hpp"

namespace zz::tablut::engine {

// Pieces of `side` with legal moves in at least two directions (up to four are counted).
inline int robust_pieces(const Position& p, Color side) {
  Position q = p;
  q.turn = side;
  int robust = 0;
  detail::for_each_reach(q, [&](int from, unsigned along_row, unsigned along_column) {
    const unsigned c = static_cast<unsigned>(column_of(from)), r = static_cast<unsigned>(row_of(from));
    const int directions = ((along_row & ((1u << c) - 1)) != 0) + ((along_row >> c) != 0) +
                           ((along_column & ((1u << r) - 1)) != 0) + ((along_column >> r) != 0);
    robust += directions >= 2;
    return robust < 4;
  });
  return robust;
}

// Zobrist keys per piece kind, square and symmetry: the hashes of the 8 images of a position
// in one pass over its pieces.
struct SymmetricKeys {
  std::array<std::array<std::array<std::uint64_t, kSymmetryCount>, kSquares>, 3> piece{};
  std::uint64_t black_to_move = 0;
  SymmetricKeys() {
    std::mt19937_64 rng(0x7AB1u);
    std::array<std::array<std::uint64_t, kSquares>, 3> base{};
    for (auto& kind : base)
      for (auto& k : kind) k = rng();
    black_to_move = rng();
    for (int kind = 0; kind < 3; ++kind)
      for (int sq = 0; sq < kSquares; ++sq)
        for (int s = 0; s < kSymmetryCount; ++s) piece[kind][sq][s] = base[kind][kSquareMaps.map[s][sq]];
  }
};

inline const SymmetricKeys& symmetric_keys() {
  static const SymmetricKeys keys;
  return keys;
}

// The smallest of the Zobrist hashes of p's 8 images: equal for mirror images.
inline std::uint64_t symmetric_hash(const Position& p) {
  const SymmetricKeys& z = symmetric_keys();
  std::array<std::uint64_t, kSymmetryCount> h{};
  h.fill(p.turn == Color::Black ? z.black_to_move : 0);
  const auto add = [&](int kind, Bitboard b) {
    while (b) {
      const auto& keys = z.piece[kind][pop_lsb(b)];
      for (int s = 0; s < kSymmetryCount; ++s) h[s] ^= keys[s];
    }
  };
  add(0, p.white);
  add(1, p.black);
  add(2, p.king_board());
  std::uint64_t best = h[0];
  for (int s = 1; s < kSymmetryCount; ++s) best = std::min(best, h[s]);
  return best;
}

class ProofTablut : public Tablut {
 public:
  using Tablut::Tablut;

  std::uint64_t hash(const Position& p) const { return symmetric_hash(p); }

  // A move never ends the game in its mover's loss (see above): a side wins only on its own
  // moves, so "no win within n - 1" is "no win within n" when the opponent moves at ply n.
  static constexpr bool wins_only_on_own_moves() { return true; }

  // p is live: the caller has checked that the game goes on and no table answers.
  std::optional<bool> forced_within(const Position& p, bool attacker_moves, int plies) const {
    const bool white_to_move = p.turn == Color::White;
    const Color defender = attacker_moves ? opponent(p.turn) : p.turn;
    if (attacker_moves) {
      if (white_to_move ? (king_reach(p) & kEscapes) != 0 : king_danger(p).any()) return true;
      // Within two plies the attacker wins only with its next move: not by escape or capture
      // (just checked), and not by leaving a robust defender without moves.
      if (plies <= 2 && robust_pieces(p, defender) >= 4) return false;
      return std::nullopt;
    }
    // The defender moves: its own move never wins for the attacker.
    if (plies <= 1) return false;
    if (white_to_move) {
      // Black attacks. Within three plies Black wins only with the move after White's: if some
      // White move leaves no capture of the king and White robust, White holds.
      if (plies <= 3 && holds_one_move(p, [&](const Position& c) {
            return !king_danger(c).any() && robust_pieces(c, Color::White) >= 4;
          }))
        return false;
      return std::nullopt;
    }
    // White attacks, Black moves. Two open roads cannot both be blocked; one road that no
    // black pawn can reach is as good.
    if (!king_danger(p).any()) {
      const Roads r = roads(p);
      if (r.count >= 2) return true;
      if (r.count == 1 && !blockable(p, r.squares)) return true;
    }
    if (plies <= 3 && holds_one_move(p, [&](const Position& c) {
          return (king_reach(c) & kEscapes) == 0 && robust_pieces(c, Color::Black) >= 4;
        }))
      return false;
    return std::nullopt;
  }

 private:
  static bool blockable(const Position& p, Bitboard squares) {
    const Bitboard occupied = p.occupied();
    for (Bitboard s = squares; s;)
      if (movers_reaching(p.black, occupied, pop_lsb(s), true)) return true;
    return false;
  }

  // Whether one of the defender's first few moves leads to a child where `safe` holds.
  template <class Safe>
  bool holds_one_move(const Position& p, Safe&& safe) const {
    int tries = 0;
    bool held = false;
    for_each_move(p, [&](Move m) {
      if (held || tries >= 12) return;
      ++tries;
      held = safe(tablut::play(p, m));
    });
    return held;
  }
};

}  // namespace zz::tablut::engine
