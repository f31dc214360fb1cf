#include "core/tablut/tier_ranker.hpp"

#include "core/tablut/foreseen_wins.hpp"
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

int TierRanker::Orientations::smallest_index(bool black_moved, int from, int to) const {
  // As smallest_after; the first of equal boards, since their ranks are equal too.
  Bitboard best_white = ~Bitboard{0}, best_black = ~Bitboard{0};
  int best = 0;
  for (std::size_t k = 0; k < static_cast<std::size_t>(count); ++k) {
    const auto& map = kT.map[sym[k]];
    const Bitboard moved = kBits[map[from]] | kBits[map[to]];
    const Bitboard w = black_moved ? white[k] : white[k] ^ moved;
    const Bitboard b = black_moved ? black[k] ^ moved : black[k];
    if (w < best_white || (w == best_white && b < best_black)) best_white = w, best_black = b, best = static_cast<int>(k);
  }
  return best;
}

namespace {

// C(n, k), 0 for n < 0 as for n < k: a number one lower than a pawn's own may be -1 in a
// sum that the rank then does not use.
std::uint64_t choose_or_zero(int n, int k) { return n < 0 ? 0 : choose(n, k); }

// below[j] = the sum of terms[i] for i < j, above[j] = of shifted[i] for i >= j.
template <std::size_t N>
void prefix_sums(const std::array<std::uint64_t, N>& terms, const std::array<std::uint64_t, N>& shifted, int n,
                 std::array<std::uint64_t, N>& below, std::array<std::uint64_t, N>& above) {
  below[0] = 0;
  for (int i = 0; i < n; ++i) below[static_cast<std::size_t>(i + 1)] = below[static_cast<std::size_t>(i)] + terms[static_cast<std::size_t>(i)];
  above[static_cast<std::size_t>(n)] = 0;
  for (int i = n - 1; i >= 0; --i) above[static_cast<std::size_t>(i)] = above[static_cast<std::size_t>(i + 1)] + shifted[static_cast<std::size_t>(i)];
}

}  // namespace

void TierRanker::OneMoved::set(Bitboard white, Bitboard black, int at, bool black_moved, int id) {
  black_moved_ = black_moved;
  id_ = id;
  fixed_rank_ = 0;
  const auto& white_number = kT.white_number[id];
  const auto& black_number = kT.black_number[id];
  std::array<std::uint64_t, kMaxBlackPawns + 1> terms, shifted;
  int n = 0;
  if (black_moved) {
    stay_ = black & ~kBits[at];
    white_ = white;
    int i = 0;
    for_each_square(white, [&](int sq) { fixed_rank_ += choose(white_number[sq], ++i); });
    for_each_square(stay_, [&](int sq) {
      const int number = black_number[sq] - popcount(white & kBelow[sq]);
      terms[static_cast<std::size_t>(n)] = choose(number, n + 1);
      shifted[static_cast<std::size_t>(n)] = choose(number, n + 2);
      ++n;
    });
    prefix_sums(terms, shifted, n, below_, above_);
    return;
  }
  stay_ = white & ~kBits[at];
  black_ = black;
  for_each_square(stay_, [&](int sq) {
    terms[static_cast<std::size_t>(n)] = choose(white_number[sq], n + 1);
    shifted[static_cast<std::size_t>(n)] = choose(white_number[sq], n + 2);
    ++n;
  });
  prefix_sums(terms, shifted, n, below_, above_);
  // The black pawns numbered among the staying white pawns; the moved one's square lowers
  // the numbers of those above it by one.
  n = 0;
  for_each_square(black, [&](int sq) {
    const int number = black_number[sq] - popcount(stay_ & kBelow[sq]);
    terms[static_cast<std::size_t>(n)] = choose(number, n + 1);
    shifted[static_cast<std::size_t>(n)] = choose_or_zero(number - 1, n + 1);
    ++n;
  });
  prefix_sums(terms, shifted, n, other_below_, other_above_);
}

std::uint64_t TierRanker::OneMoved::rank(int to, std::uint64_t black_size) const {
  const int j = popcount(stay_ & kBelow[to]);  // staying pawns below the moved one
  const std::size_t sj = static_cast<std::size_t>(j);
  if (black_moved_) {
    const int number = kT.black_number[id_][to] - popcount(white_ & kBelow[to]);
    return fixed_rank_ * black_size + below_[sj] + choose(number, j + 1) + above_[sj];
  }
  const std::uint64_t white_rank = below_[sj] + choose(kT.white_number[id_][to], j + 1) + above_[sj];
  const std::size_t t = static_cast<std::size_t>(popcount(black_ & kBelow[to]));  // black pawns below it
  return white_rank * black_size + other_below_[t] + other_above_[t];
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
  // Pawn un-moves under one orientation of a king off every line of symmetry reach distinct
  // boards with the same king, so distinct indices; a king's un-move may meet a mirror image.
  distinct = black && turns.count == 1;
  std::array<OneMoved, 8> moved;  // per orientation, made when a slide of this piece first needs it

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
    unsigned made = 0;  // the orientations whose `moved` holds this piece
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
            const int k = turns.smallest_index(black, from, to);
            const auto& map = kT.map[turns.sym[static_cast<std::size_t>(k)]];
            OneMoved& one = moved[static_cast<std::size_t>(k)];
            if (!(made >> k & 1)) {
              one.set(turns.white[static_cast<std::size_t>(k)], turns.black[static_cast<std::size_t>(k)], map[to], black, id);
              made |= 1u << k;
            }
            out[count++] = pawn_base + one.rank(map[from], black_size);
          }
        }
        if (throne) break;  // nothing crosses the throne
        path |= bit(from);
      }
    }
  }
  return count;
}

bool TierRanker::foreseen_win(std::uint64_t i) const {
  if (material_.over || i >= layout(material_.white, material_.black).half) return false;  // Black to move
  Position p;
  table_unrank_alone(material_, i, p);
  return foreseen_win_at(p);
}

bool TierRanker::foreseen_win_at(const Position& p) const { return !material_.over && king_escapes_next(p); }

int TierRanker::foreseen_children(const Position& p) const { return escapes_opened(p); }

SlotCensus TierRanker::census(std::uint64_t i) const {
  // White moves first (notation.hpp's start).
  if (material_.over) return {true, i == 0, 1};  // 0: the king captured, White to move; 1: escaped
  const Layout& l = layout(material_.white, material_.black);
  const bool white_to_move = i < l.half;
  const int id = l.king_class(white_to_move ? i : i - l.half);
  if (std::popcount(kT.to_rep[kT.rep[id]]) == 1) return {true, white_to_move, kSymmetryCount};
  Position p;
  if (!table_unrank(material_, i, p)) return {};
  return {true, white_to_move, static_cast<std::uint32_t>(orbit_size(p))};
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
