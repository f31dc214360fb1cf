#pragma once
// Tablut as the game-playing engine sees it (the contract is solver/search/engine_contract.hpp,
// which this header does not include: core never includes the solver layer).
//
// The threats of Tablut are answered like checks in chess:
//   - White to move with an open road escapes at once (WinNow);
//   - Black to move captures the king if it can (WinNow); else two open roads cannot both be
//     blocked (LostSoon), and one open road must be blocked (Forced: only the blocking moves
//     are searched, and quiescence may not stand pat);
//   - White to move whose king Black could capture next (Threatened): quiescence searches
//     every parry (king moves, occupying or blocking the capture squares, captures).
#include <bit>
#include <cstdint>

#include "core/common/hash.hpp"
#include "core/tablut/engine/roads.hpp"
#include "core/tablut/engine/tactics.hpp"
#include "core/tablut/evaluation.hpp"
#include "core/tablut/movegen.hpp"
#include "core/tablut/play.hpp"

namespace zz::tablut::engine {

// Mirrors zz::search::NodeKind (same order), so that core needs no solver header.
enum class Kind : std::uint8_t { Normal, Lost, WinNow, LostSoon, Forced, Threatened };

// Ordering scores for tactical moves; quiet moves get 0 and the search adds its history.
inline constexpr std::int32_t kScoreCapture = 200'000;  // + 10,000 per piece taken
inline constexpr std::int32_t kScoreFork = 400'000;     // the king opens two roads
inline constexpr std::int32_t kScoreThreat = 150'000;   // a road opens (the king's or a discovered one)
inline constexpr std::uint8_t kFlagCapture = 1, kFlagThreat = 2;

struct NodeInfo {
  Kind kind = Kind::Normal;
  Bitboard parry = 0;  // Forced: the squares of the road to block; Threatened: squares to occupy
};

// Pieces taken by move m (the king counts as one), without building the child position.
inline int captures_of(const Position& p, Move m) {
  const int to = m.to;
  int taken = 0;
  if (p.turn == Color::White) {
    const bool king_moves = p.king == m.from;
    const Bitboard white_after = king_moves ? p.white : (p.white ^ bit(m.from) ^ bit(to));
    const Bitboard king_after = bit(king_moves ? to : p.king);
    const Bitboard anvils = white_after | king_after | bit(kThrone) | kWhiteAnvilCamps;
    for (const Step& s : kSteps[to])
      taken += s.next != kNoSquare && has(p.black, s.next) && s.beyond != kNoSquare && has(anvils, s.beyond);
  } else {
    const Bitboard black_after = p.black ^ bit(m.from) ^ bit(to);
    const Bitboard anvils = black_after | kCamps | bit(kThrone);
    for (const Step& s : kSteps[to]) {
      if (s.next == kNoSquare) continue;
      if (has(p.white, s.next)) taken += s.beyond != kNoSquare && has(anvils, s.beyond);
      else if (s.next == p.king) taken += king_captured(black_after, p.king, s.beyond);
    }
  }
  return taken;
}

class Knowledge {
 public:
  using Position = tablut::Position;
  using Move = tablut::Move;
  using NodeInfo = engine::NodeInfo;
  static constexpr int kMoveKeys = kSquares * kSquares;

  std::uint64_t hash(const Position& p) const {
    std::uint64_t h = hash_combine(static_cast<std::uint64_t>(p.white), static_cast<std::uint64_t>(p.white >> 64));
    h = hash_combine(h, static_cast<std::uint64_t>(p.black));
    h = hash_combine(h, static_cast<std::uint64_t>(p.black >> 64));
    return hash_combine(h, std::uint64_t{p.king} << 1 | static_cast<std::uint64_t>(p.turn));
  }

  NodeInfo inspect(const Position& p) const {
    if (p.decided()) return {Kind::Lost, 0};
    if (p.turn == Color::White) {
      if (king_reach(p) & kEscapes) return {Kind::WinNow, 0};
      const KingDanger danger = king_danger(p);
      if (danger.any()) return {Kind::Threatened, danger.targets | danger.paths};
      return {Kind::Normal, 0};
    }
    if (king_danger(p).any()) return {Kind::WinNow, 0};
    const Roads r = roads(p);
    if (r.count >= 2) return {Kind::LostSoon, 0};
    if (r.count == 1) return {Kind::Forced, r.squares};
    return {Kind::Normal, 0};
  }

  int evaluate(const Position& p) const { return tablut::evaluate(p); }

  template <class List>
  void generate(const Position& p, const NodeInfo& info, List& list) const {
    if (info.kind == Kind::Forced) {
      add_blocks(p, info.parry, list);
      return;
    }
    generate_all(p, list);
  }

  template <class List>
  void generate_all(const Position& p, List& list) const {
    for_each_move(p, [&](Move m) { add_scored(p, m, list); });
  }

  template <class List>
  void generate_noisy(const Position& p, const NodeInfo& info, List& list) const {
    if (info.kind == Kind::Forced) {
      add_blocks(p, info.parry, list);
      return;
    }
    if (info.kind == Kind::Threatened) {
      // Every parry: move the king, occupy a capture square or a path to it, or take a piece
      // (an attacker, or a pawn that serves as the anvil).
      for_each_move(p, [&](Move m) {
        if (m.from == p.king || has(info.parry, m.to) || captures_of(p, m) > 0) add_scored(p, m, list);
      });
      return;
    }
    // Captures, and king moves that open two roads (a win unless Black takes the king).
    for_each_move(p, [&](Move m) {
      const int taken = captures_of(p, m);
      if (taken > 0) {
        list.add(m, kScoreCapture + 10'000 * taken, kFlagCapture);
      } else if (p.turn == Color::White && m.from == p.king) {
        const int n = popcount(slide((p.occupied() & ~bit(p.king)) | kOutsideBarriers, m.to) & kEscapes);
        if (n >= 2) list.add(m, kScoreFork, kFlagThreat);
      }
    });
  }

  Position play(const Position& p, Move m) const { return tablut::play(p, m); }
  Position pass(const Position& p) const {
    Position q = p;
    q.turn = opponent(p.turn);
    return q;
  }
  int side(const Position& p) const { return p.turn == Color::White ? 0 : 1; }
  bool has_moves(const Position& p) const { return has_legal_move(p); }
  bool irreversible(const Position& parent, const Position& child) const { return is_capture(parent, child); }
  int move_key(Move m) const { return m.from * kSquares + m.to; }
  Move move_of_key(int key) const {
    return {static_cast<std::uint8_t>(key / kSquares), static_cast<std::uint8_t>(key % kSquares)};
  }

 private:
  static bool is_capture(const Position& parent, const Position& child) {
    return popcount(child.white) + popcount(child.black) + child.has_king() <
           popcount(parent.white) + popcount(parent.black) + parent.has_king();
  }

  // Every black move onto one of the squares of a road (the parries of a single road).
  template <class List>
  void add_blocks(const Position& p, Bitboard squares, List& list) const {
    const Bitboard occupied = p.occupied();
    for (Bitboard s = squares; s;) {
      const int to = pop_lsb(s);
      for (Bitboard from = movers_reaching(p.black, occupied, to, true); from;) {
        const Move m{static_cast<std::uint8_t>(pop_lsb(from)), static_cast<std::uint8_t>(to)};
        const int taken = captures_of(p, m);
        list.add(m, taken ? kScoreCapture + 10'000 * taken : 0, taken ? kFlagCapture : 0);
      }
    }
  }

  // A legal move with its ordering score: captures, then moves that open a road for the king.
  template <class List>
  void add_scored(const Position& p, Move m, List& list) const {
    const int taken = captures_of(p, m);
    std::int32_t score = taken ? kScoreCapture + 10'000 * taken : 0;
    std::uint8_t flags = taken ? kFlagCapture : 0;
    if (p.turn == Color::White) {
      // A road opens if the king moves, or a white pawn leaves the king's row or column.
      const bool on_king_lines = m.from == p.king || row_of(m.from) == row_of(p.king) ||
                                 column_of(m.from) == column_of(p.king);
      if (on_king_lines) {
        const Position child = tablut::play(p, m);
        const int n = child.has_king() ? popcount(king_reach(child) & kEscapes) : 0;
        if (n >= 2) {
          score += kScoreFork;
          flags |= kFlagThreat;
        } else if (n == 1) {
          score += kScoreThreat;
          flags |= kFlagThreat;
        }
      }
    }
    list.add(m, score, flags);
  }
};

}  // namespace zz::tablut::engine
