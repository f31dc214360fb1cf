#include "core/tatedrez/game.hpp"

#include <vector>

#include "core/common/combinatorics.hpp"

namespace zz::tatedrez {

std::span<const RuleOption> TateDrez::rule_options() {
  static const std::vector<RuleOption> options = {
      {"no-move", {"draw", "pass"}, "draw",
       "a player without a legal move: the game is drawn, or the turn passes (one ply)"},
      {"rounds", {}, "30", "rounds of movement (White and Black move) before a draw; 0 = no limit"},
  };
  return options;
}

TateDrez::TateDrez(RuleValues rules)
    : rules_(std::move(rules)),
      no_move_(rules_.at("no-move") == "pass" ? NoMove::Pass : NoMove::Draw),
      rounds_(rule_int(rules_, "rounds")) {}

bool TateDrez::can_step(const Position& p, Color c) const {
  bool any = false;
  for_each_step(p, c, [&](Move) { any = true; });
  return any;
}

std::optional<Outcome> TateDrez::outcome(const Position& p) const {
  if (has_line(p.by_color[opponent(p.side)])) return Outcome::loss(0);
  if (p.placement_phase()) return std::nullopt;
  if (rounds_ > 0 && p.ply >= 2 * rounds_) return Outcome::draw();
  if (no_move_ == NoMove::Draw && !can_step(p, p.side)) return Outcome::draw();
  return std::nullopt;
}

std::optional<int> TateDrez::plies_left(const Position& p) const {
  // Placement tiers are solved with the limit already applied; the movement tier is solved
  // without it, so only movement positions answer the limit from remoteness.
  if (rounds_ == 0 || p.placement_phase()) return std::nullopt;
  return 2 * rounds_ - p.ply;
}

TateDrez::Position TateDrez::play(const Position& p, Move m) const {
  Position next = p;
  next.side = opponent(p.side);
  if (m.is_placement()) {
    next.by_color[p.side] |= bit(m.to);
    next.by_type[m.piece] |= bit(m.to);
    return next;
  }
  next.ply = static_cast<std::uint8_t>(p.ply + 1);
  if (m.is_pass()) return next;
  const Mask swap = static_cast<Mask>(bit(m.from) | bit(m.to));
  next.by_color[p.side] ^= swap;
  next.by_type[m.piece] ^= swap;
  return next;
}

// --- the tiered index --------------------------------------------------------------------
//
// Tier k < 6: White has placed ceil(k/2) pieces and Black floor(k/2), and the side to move
// follows from k. The index combines which of each side's piece types are on the board
// (a subset of {R,B,N}) with the ordered squares of the placed pieces (White's in type
// order, then Black's). The movement tier has every piece placed and adds the side to move.

namespace {

struct TierShape {
  int white, black;
};

TierShape shape(Tier t) { return {(t + 1) / 2, t / 2}; }

int types_on_board(const Position& p, Color c, std::array<int, kPieceTypes>& types) {
  int n = 0;
  for (int t = 0; t < kPieceTypes; ++t)
    if (p.on_board(c, static_cast<PieceType>(t))) types[n++] = t;
  return n;
}

}  // namespace

std::string TateDrez::tier_name(Tier t) const {
  return t == kMovementTier ? "movement" : "placement-" + std::to_string(t);
}

std::uint64_t TateDrez::tier_size(Tier t) const {
  const auto [w, b] = shape(t);
  const std::uint64_t boards = arrangements(kSquares, t);
  if (t == kMovementTier) return 2 * boards;
  return binomial(kPieceTypes, w) * binomial(kPieceTypes, b) * boards;
}

std::span<const Tier> TateDrez::tier_dependencies(Tier t) const {
  static const std::array<Tier, kMovementTier + 1> next = {1, 2, 3, 4, 5, 6, 6};
  if (t == kMovementTier) return {};
  return {&next[t], 1};
}

std::uint64_t TateDrez::rank(const Position& p) const {
  const Tier t = tier_of(p);
  std::array<int, kPieceTypes> wt{}, bt{};
  const int w = types_on_board(p, White, wt);
  const int b = types_on_board(p, Black, bt);
  std::array<int, 2 * kPieceTypes> squares{};
  int n = 0;
  for (int i = 0; i < w; ++i) squares[n++] = __builtin_ctz(p.pieces(White, static_cast<PieceType>(wt[i])));
  for (int i = 0; i < b; ++i) squares[n++] = __builtin_ctz(p.pieces(Black, static_cast<PieceType>(bt[i])));
  const std::uint64_t board = rank_arrangement(std::span<const int>(squares.data(), n), kSquares);
  const std::uint64_t boards = arrangements(kSquares, t);
  if (t == kMovementTier) return static_cast<std::uint64_t>(p.side) * boards + board;
  const std::uint64_t sets = rank_subset(std::span<const int>(wt.data(), w)) * binomial(kPieceTypes, b) +
                             rank_subset(std::span<const int>(bt.data(), b));
  return sets * boards + board;
}

bool TateDrez::unrank(Tier t, std::uint64_t index, Position& out) const {
  const auto [w, b] = shape(t);
  const std::uint64_t boards = arrangements(kSquares, t);
  std::array<int, kPieceTypes> wt{0, 1, 2}, bt{0, 1, 2};
  Color side;
  if (t == kMovementTier) {
    side = static_cast<Color>(index / boards);
  } else {
    side = t % 2 == 0 ? White : Black;
    const std::uint64_t sets = index / boards;
    const std::uint64_t black_sets = binomial(kPieceTypes, b);
    unrank_subset(sets / black_sets, kPieceTypes, std::span<int>(wt.data(), w));
    unrank_subset(sets % black_sets, kPieceTypes, std::span<int>(bt.data(), b));
  }
  std::array<int, 2 * kPieceTypes> squares{};
  unrank_arrangement(index % boards, kSquares, std::span<int>(squares.data(), t));
  out = Position{};
  out.side = side;
  // Tables ignore the ply count; the earliest one the side to move allows keeps the text
  // of every entry a fixed point of format and parse.
  out.ply = t == kMovementTier && side == Black ? 1 : 0;
  for (int i = 0; i < w + b; ++i) {
    const Color c = i < w ? White : Black;
    const int type = i < w ? wt[i] : bt[i - w];
    out.by_color[c] |= bit(squares[i]);
    out.by_type[type] |= bit(squares[i]);
  }
  // A line belongs to the player who just moved; one standing for the side to move means
  // the game ended a ply earlier, so no game reaches this position.
  return !has_line(out.by_color[side]);
}

}  // namespace zz::tatedrez
