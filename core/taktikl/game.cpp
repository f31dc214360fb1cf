#include "core/taktikl/game.hpp"

#include <vector>

#include "core/taktikl/symmetry.hpp"

namespace zz::taktikl {

std::span<const RuleOption> TakTikl::rule_options() {
  static const std::vector<RuleOption> options = {
      {"board", {"4x4", "4x5"}, "4x4",
       "files x ranks: 4x4 (Tak Tikl) or 4x5 (Ruderman's Tac-Tickle, the original board)"},
      {"no-return", {"on", "off"}, "on", "a piece may not step straight back on its owner's next turn"},
      {"moves", {}, "150", "plies before the game is drawn; 0 = no limit"},
      {"no-move", {"draw", "pass", "loss"}, "draw",
       "a player without a legal move: the game is drawn, the turn passes (one ply), or that player loses"},
  };
  return options;
}

TakTikl::TakTikl(RuleValues rules)
    : rules_(std::move(rules)),
      geometry_(rules_.at("board") == "4x5" ? &kBoard4x5 : &kBoard4x4),
      no_return_(rules_.at("no-return") == "on"),
      moves_(rule_int(rules_, "moves")),
      no_move_(rules_.at("no-move") == "pass"   ? NoMove::Pass
               : rules_.at("no-move") == "loss" ? NoMove::Loss
                                                : NoMove::Draw) {}

RuleValues TakTikl::table_rules() const {
  RuleValues r = rules_;
  r.erase("moves");
  if (r.at("board") == "4x4") r.erase("board");
  return r;
}

TakTikl::Position TakTikl::start() const {
  Position p;
  // The last rank is O X O X (a4..d4 or a5..d5), rank 1 is X O X O (a1..d1).
  const int top = geometry_->squares() - kFiles;
  p.pieces[X] = bit(top + 1) | bit(top + 3) | bit(0) | bit(2);
  p.pieces[O] = bit(top) | bit(top + 2) | bit(1) | bit(3);
  return p;
}

bool TakTikl::can_step(Mask own, Mask occupied, Memory memory) const {
  bool any = false;
  for_each_step(own, occupied, memory, [&](Move) { any = true; });
  return any;
}

std::optional<Outcome> TakTikl::outcome(const Position& p) const {
  if (geometry_->has_line(p.pieces[opponent(p.side)])) return Outcome::loss(0);
  if (moves_ > 0 && p.ply >= moves_) return Outcome::draw();
  if (no_move_ == NoMove::Pass || can_step(p.pieces[p.side], p.occupied(), p.memory[p.side])) return std::nullopt;
  return no_move_ == NoMove::Loss ? Outcome::loss(0) : Outcome::draw();
}

std::optional<int> TakTikl::plies_left(const Position& p) const {
  if (moves_ == 0) return std::nullopt;
  return moves_ - p.ply;
}

TakTikl::Position TakTikl::play(const Position& p, Move m) const {
  Position next = p;
  next.side = opponent(p.side);
  next.ply = static_cast<std::uint16_t>(p.ply + 1);
  if (m.is_pass()) {
    next.memory[p.side] = Memory{};
    return next;
  }
  next.pieces[p.side] ^= bit(m.from) | bit(m.to);
  next.memory[p.side] = Memory{m.to, static_cast<Direction>(geometry_->direction_of(m.from, m.to))};
  return next;
}

// --- the index -----------------------------------------------------------------------------

namespace {

int memory_code(const SymmetryTables& t, Memory m, int sym, Mask owner_after_sym) {
  if (m.none()) return 0;
  const int to = t.square[sym][m.to];
  return 1 + 4 * __builtin_popcount(owner_after_sym & (bit(to) - 1)) + t.direction[sym][m.dir];
}

// The memory a code stands for on `owner`'s pieces; nullopt if the code names no possible
// move (its origin is off the board).
std::optional<Memory> decode_memory(const Geometry& g, int code, Mask owner) {
  if (code == 0) return Memory{};
  const int piece = (code - 1) / 4, dir = (code - 1) % 4;
  Mask m = owner;
  for (int i = 0; i < piece; ++i) m &= m - 1;
  const Memory mem{static_cast<std::int8_t>(__builtin_ctz(m)), static_cast<Direction>(dir)};
  if (g.step(mem.to, reverse(mem.dir)) < 0) return std::nullopt;
  return mem;
}

}  // namespace

std::uint64_t TakTikl::tier_size(Tier) const {
  const std::uint64_t boards = BoardIndex::get(*geometry_).canonical_count();
  return no_return_ ? boards * kMemoryCodes * kMemoryCodes : boards;
}

std::uint64_t TakTikl::rank(const Position& p) const {
  const Color s = p.side;
  const Mask mover = p.pieces[s], other = p.pieces[opponent(s)];
  const BoardIndex& index = BoardIndex::get(*geometry_);
  const auto cls = index.class_of(mover, other);
  if (!no_return_) return cls.id;
  Memory own = p.memory[s];
  if (!own.none() && (p.occupied() & bit(own.origin()))) own = Memory{};
  const Memory last = p.memory[opponent(s)];
  const auto& canon = index.canonical(cls.id);
  const SymmetryTables& t = index.symmetries();
  int best = kMemoryCodes * kMemoryCodes;
  for (int sym = 0; sym < t.count; ++sym) {
    if (canon.stabilizer == 1 ? sym != cls.to_canonical
                              : t.transform(sym, mover) != canon.mover || t.transform(sym, other) != canon.other)
      continue;
    best = std::min(best, memory_code(t, own, sym, canon.mover) * kMemoryCodes + memory_code(t, last, sym, canon.other));
  }
  return std::uint64_t{cls.id} * kMemoryCodes * kMemoryCodes + static_cast<std::uint64_t>(best);
}

bool TakTikl::unrank(Tier, std::uint64_t index, Position& out) const {
  const std::uint64_t per_board = no_return_ ? kMemoryCodes * kMemoryCodes : 1;
  const BoardIndex& boards = BoardIndex::get(*geometry_);
  const auto& canon = boards.canonical(static_cast<std::uint32_t>(index / per_board));
  // A line of the side to move means the game ended before its turn.
  if (geometry_->has_line(canon.mover)) return false;
  out = Position{};
  out.pieces[X] = canon.mover;
  out.pieces[O] = canon.other;
  if (!no_return_) return true;
  const int code = static_cast<int>(index % per_board);
  const auto own = decode_memory(*geometry_, code / kMemoryCodes, canon.mover);
  const auto last = decode_memory(*geometry_, code % kMemoryCodes, canon.other);
  const Mask occupied = out.occupied();
  // A memory of the side to move with an occupied origin forbids nothing: it is stored as
  // none. The last move's origin was just vacated.
  if (!own || !last || (!own->none() && (occupied & bit(own->origin()))) ||
      (!last->none() && (occupied & bit(last->origin()))))
    return false;
  const SymmetryTables& t = boards.symmetries();
  for (int sym = 1; sym < t.count; ++sym)
    if ((canon.stabilizer >> sym & 1) &&
        memory_code(t, *own, sym, canon.mover) * kMemoryCodes + memory_code(t, *last, sym, canon.other) < code)
      return false;
  out.memory[X] = *own;
  out.memory[O] = *last;
  return true;
}

}  // namespace zz::taktikl
