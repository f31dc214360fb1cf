#include "core/tablut/tier_ranker.hpp"

#include "core/tablut/play.hpp"
#include "core/tablut/table_index.hpp"
#include "core/tablut/table_index_parts.hpp"
#include "core/tablut/unmove.hpp"

namespace zz::tablut {

using namespace index_parts;

TierRanker::TierRanker(const Material& m) : material_(m), exits_(material_dependencies(m)) {
  for (auto& row : exit_of_) row.fill(-1);
  for (std::size_t k = 0; k < exits_.size(); ++k) {
    if (exits_[k].over) over_exit_ = static_cast<int>(k);
    else exit_of_[static_cast<std::size_t>(exits_[k].white)][static_cast<std::size_t>(exits_[k].black)] =
        static_cast<std::int8_t>(k);
  }
}

TierRanker::Orientations::Orientations(const Position& p) {
  for (unsigned syms = kT.to_rep[p.king]; syms; syms &= syms - 1) {
    const int s = std::countr_zero(syms);
    sym[static_cast<std::size_t>(count)] = static_cast<std::uint8_t>(s);
    white[static_cast<std::size_t>(count)] = s == 0 ? p.white : turned(kT.map[s], p.white);
    black[static_cast<std::size_t>(count)] = s == 0 ? p.black : turned(kT.map[s], p.black);
    ++count;
  }
}

std::pair<Bitboard, Bitboard> TierRanker::Orientations::smallest_after(bool black_moved, int from, int to) const {
  // Compared as smallest_turn compares (table_index_parts.hpp): white boards, then black.
  Bitboard best_white = ~Bitboard{0}, best_black = ~Bitboard{0};
  for (std::size_t k = 0; k < static_cast<std::size_t>(count); ++k) {
    const auto& map = kT.map[sym[k]];
    const Bitboard moved = kBits[map[from]] | kBits[map[to]];
    const Bitboard w = black_moved ? white[k] : white[k] ^ moved;
    const Bitboard b = black_moved ? black[k] ^ moved : black[k];
    if (w < best_white || (w == best_white && b < best_black)) best_white = w, best_black = b;
  }
  return {best_white, best_black};
}

std::uint64_t TierRanker::operator()(const Position& p) const {
  if (p.decided()) return p.has_king() ? 1 : 0;
  return table_rank(p);
}

int TierRanker::predecessors(std::uint64_t i, std::uint64_t* out, bool& distinct) const {
  distinct = false;
  if (material_.over) return 0;  // a finished game has no un-moves
  Position p;
  table_unrank_alone(material_, i, p);  // a used slot (read alone): its canonical position, king on its representative
  const Color mover = opponent(p.turn);
  const bool black = mover == Color::Black;
  const Layout& l = layout(material_.white, material_.black);
  const int id = kT.king_class[p.king];
  // A pawn's un-move keeps the king: same class, same symmetries to compare.
  const std::uint64_t pawn_base = (black ? l.half : 0) + l.offset(id);
  const std::uint64_t black_size = l.black_size_of(id);
  const Orientations turns(p);

  // The loop of for_each_unmove (unmove.hpp), emitting indices.
  const Bitboard occupied = p.occupied();
  const Bitboard enemies = black ? p.white_pieces() : p.black;
  int count = 0;
  for (Bitboard pieces = black ? p.black : p.white_pieces(); pieces;) {
    const int to = pop_lsb(pieces);
    const bool is_king = !black && to == p.king;
    // Whether its arrival captures depends on the board after the slide alone, which is p's:
    // a piece whose arrival would capture has no un-move (its move would not have left p).
    if ((neighbours(to) & enemies) != 0 && arrival_captures(p, to, black)) continue;
    for (int d = 0; d < kDirections; ++d) {
      Bitboard path = bit(to);
      for (int from = kSteps[to][d].next; from != kNoSquare && !has(occupied, from); from = kSteps[from][d].next) {
        const bool throne = from == kThrone;
        const bool origin_ok = black ? !throne : !has(kCamps, from) && (is_king ? !has(kEscapes, from) : !throne);
        if (origin_ok && (path & barriers_for(black, from)) == 0) {
          if (is_king) {
            Position q = p;
            q.turn = mover;
            q.king = static_cast<std::uint8_t>(from);
            out[count++] = table_rank(q);
          } else {
            const auto [white, black_pawns] = turns.smallest_after(black, from, to);
            out[count++] = pawn_base + pawn_rank({white, black_pawns}, id, black_size);
          }
        }
        if (throne) break;  // nothing crosses the throne
        path |= bit(from);
      }
    }
  }
  return count;
}

bool TierRanker::exit_child(const Position& p, Move m, int& tier, std::uint64_t& index) const {
  if (!ends_next_to_enemy(p, m) && !(m.from == p.king && has(kEscapes, m.to))) return false;  // quiet: stays
  const Position c = play(p, m);
  if (c.decided()) {
    if (over_exit_ < 0) return false;
    tier = over_exit_;
    index = c.has_king() ? 1 : 0;
    return true;
  }
  const int white = c.white_pawn_count(), black = c.black_pawn_count();
  const int e = exit_of_[static_cast<std::size_t>(white)][static_cast<std::size_t>(black)];
  if (e < 0 || (white == material_.white && black == material_.black)) return false;  // nothing captured
  tier = e;
  index = table_rank(c);
  return true;
}

TierRanker::QuietChildren::QuietChildren(const TierRanker& ranker, const Position& p) : parent_(p) {
  if (p.decided()) return;  // no moves
  const Layout& l = layout(ranker.material_.white, ranker.material_.black);
  id_ = kT.king_class[p.king];
  base_ = (p.turn == Color::White ? l.half : 0) + l.offset(id_);  // the children's side moves
  black_size_ = l.black_size_of(id_);
  turns_ = Orientations(p);
}

std::uint64_t TierRanker::QuietChildren::operator()(Move m) const {
  if (m.from == parent_.king) {  // the king moves: the position is oriented anew
    Position c = parent_;
    c.king = m.to;
    c.turn = opponent(parent_.turn);
    return table_rank(c);
  }
  const auto [white, black] = turns_.smallest_after(parent_.turn == Color::Black, m.from, m.to);
  return base_ + pawn_rank({white, black}, id_, black_size_);
}

}  // namespace zz::tablut
