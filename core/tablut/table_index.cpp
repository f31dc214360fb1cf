#include "core/tablut/table_index.hpp"

#include <array>
#include <bit>

#include "core/tablut/symmetry.hpp"

namespace zz::tablut {
namespace {

constexpr int kKingClasses = 9;
constexpr int kThroneClass = kKingClasses - 1;  // last, because its block is larger
constexpr int kWhiteSquares = 64;               // neither camp nor throne
constexpr int kBlackSquares = 80;               // every square but the throne
constexpr int kMaxPawns = kMaxBlackPawns;

struct Tables {
  std::array<std::array<std::uint64_t, kMaxPawns + 1>, kSquares> choose{};
  std::array<std::array<std::uint8_t, kSquares>, kSymmetryCount> map{};
  std::array<std::int8_t, kSquares> white_slot{};  // -1 off the white squares
  std::array<std::uint8_t, kWhiteSquares> white_square{};
  std::array<std::int8_t, kSquares> king_class{};  // -1 where no tabulated king stands
  std::array<std::uint8_t, kSquares> to_rep{};     // bit s: symmetry s takes the king to its representative
  std::array<std::uint8_t, kKingClasses> rep{};
  int white_squares = 0, king_classes = 0;  // as counted, checked below
};

constexpr Tables make_tables() {
  Tables t{};
  for (int n = 0; n < kSquares; ++n) {
    t.choose[n][0] = 1;
    for (int k = 1; k <= kMaxPawns && k <= n; ++k) t.choose[n][k] = t.choose[n - 1][k - 1] + t.choose[n - 1][k];
  }
  for (int s = 0; s < kSymmetryCount; ++s)
    for (int sq = 0; sq < kSquares; ++sq) t.map[s][sq] = static_cast<std::uint8_t>(kSquareMaps.map[s][sq]);
  int slot = 0;
  for (int sq = 0; sq < kSquares; ++sq) {
    t.white_slot[sq] = -1;
    if (sq == kThrone || has(kCamps, sq)) continue;
    t.white_square[slot] = static_cast<std::uint8_t>(sq);
    t.white_slot[sq] = static_cast<std::int8_t>(slot++);
  }
  auto rep_of = [&](int sq) {
    int rep = sq;
    for (int s = 0; s < kSymmetryCount; ++s) rep = t.map[s][sq] < rep ? t.map[s][sq] : rep;
    return rep;
  };
  int next_class = 0;
  for (int sq = 0; sq < kSquares; ++sq) {
    t.king_class[sq] = -1;
    if (has(kCamps | kEscapes, sq)) continue;
    const int rep = rep_of(sq);
    for (int s = 0; s < kSymmetryCount; ++s)
      if (t.map[s][sq] == rep) t.to_rep[sq] |= static_cast<std::uint8_t>(1 << s);
    if (rep == sq) t.rep[sq == kThrone ? kThroneClass : next_class++] = static_cast<std::uint8_t>(sq);
  }
  t.white_squares = slot;
  t.king_classes = next_class + 1;
  for (int sq = 0; sq < kSquares; ++sq)
    for (int id = 0; id < kKingClasses && !has(kCamps | kEscapes, sq); ++id)
      if (t.rep[id] == rep_of(sq)) t.king_class[sq] = static_cast<std::int8_t>(id);
  return t;
}

constexpr Tables kT = make_tables();
static_assert(kT.rep[kThroneClass] == kThrone && kT.king_class[kThrone] == kThroneClass);
static_assert(kT.white_squares == kWhiteSquares && kT.king_classes == kKingClasses);

// Zero for k > n: the table leaves those entries unset.
constexpr std::uint64_t choose(int n, int k) { return kT.choose[n][k]; }

// Sizes of the parts of the index for one material. A king off the throne takes one square
// from both the white and the black squares; on the throne it takes neither.
struct Layout {
  std::uint64_t black_size;         // C(79 - w, b): black placements, king off the throne
  std::uint64_t block;              // one king class off the throne
  std::uint64_t throne_black_size;  // C(80 - w, b)
  std::uint64_t throne_block;
  std::uint64_t half;  // one side to move

  std::uint64_t offset(int id) const { return static_cast<std::uint64_t>(id) * block; }
  std::uint64_t black_size_of(int id) const { return id == kThroneClass ? throne_black_size : black_size; }
};

constexpr Layout make_layout(int w, int b) {
  Layout l{};
  l.black_size = choose(kBlackSquares - 1 - w, b);
  l.block = choose(kWhiteSquares - 1, w) * l.black_size;
  l.throne_black_size = choose(kBlackSquares - w, b);
  l.throne_block = choose(kWhiteSquares, w) * l.throne_black_size;
  l.half = (kKingClasses - 1) * l.block + l.throne_block;
  return l;
}

// Every material's layout, computed once (ranking is the solver's hottest call). Sizes of
// untabulated materials wrap around and are never used.
constexpr auto kLayouts = [] {
  std::array<std::array<Layout, kMaxBlackPawns + 1>, kMaxWhitePawns + 1> a{};
  for (int w = 0; w <= kMaxWhitePawns; ++w)
    for (int b = 0; b <= kMaxBlackPawns; ++b) a[w][b] = make_layout(w, b);
  return a;
}();

constexpr const Layout& layout(int w, int b) { return kLayouts[w][b]; }

// Pawn squares in increasing order: ranking works on these short lists rather than on
// 128-bit boards, which keeps the symmetry turns of every rank cheap.
struct SquareList {
  std::array<std::uint8_t, kMaxPawns> sq{};
  int n = 0;
  friend bool operator==(const SquareList&, const SquareList&) = default;
};

SquareList squares_of(Bitboard b) {
  SquareList l;
  while (b) l.sq[l.n++] = static_cast<std::uint8_t>(pop_lsb(b));
  return l;
}

SquareList mapped(const std::array<std::uint8_t, kSquares>& map, const SquareList& in) {
  SquareList out;
  out.n = in.n;
  for (int i = 0; i < in.n; ++i) {
    const std::uint8_t v = map[in.sq[i]];
    int j = i;
    for (; j > 0 && out.sq[j - 1] > v; --j) out.sq[j] = out.sq[j - 1];
    out.sq[j] = v;
  }
  return out;
}

// Pawn rank (white rank * C(nb, b) + black rank) of a placement with the king on `king`.
// Square numberings are increasing in the square, so "below the king" compares squares.
std::uint64_t pawn_rank(const SquareList& white, const SquareList& black, int king, std::uint64_t black_size) {
  const bool off_throne = king != kThrone;
  std::uint64_t wr = 0;
  for (int i = 0; i < white.n; ++i) {
    const int sq = white.sq[i];
    wr += choose(kT.white_slot[sq] - (off_throne && king < sq), i + 1);
  }
  std::uint64_t br = 0;
  int below = 0;  // white pawns on smaller squares than the current black pawn
  for (int i = 0; i < black.n; ++i) {
    const int sq = black.sq[i];
    while (below < white.n && white.sq[below] < sq) ++below;
    br += choose(sq - (sq > kThrone) - below - (off_throne && king < sq), i + 1);
  }
  return wr * black_size + br;
}

// Fills squares[0..k) with the k-subset of {0..n-1} of colex rank `rank`, increasing.
void unrank_subset(std::uint64_t rank, int n, int k, int* squares) {
  int s = n - 1;
  for (int i = k - 1; i >= 0; --i) {
    while (choose(s, i + 1) > rank) --s;
    squares[i] = s;
    rank -= choose(s, i + 1);
    --s;
  }
}

// The smallest pawn rank over the symmetries that take the king to `rep`.
std::uint64_t canonical_pawn_rank(const SquareList& white, const SquareList& black, unsigned syms, int rep,
                                  std::uint64_t black_size) {
  std::uint64_t best = ~std::uint64_t{0};
  for (; syms; syms &= syms - 1) {
    const int s = std::countr_zero(syms);
    const std::uint64_t r = s == 0 ? pawn_rank(white, black, rep, black_size)
                                   : pawn_rank(mapped(kT.map[s], white), mapped(kT.map[s], black), rep, black_size);
    best = r < best ? r : best;
  }
  return best;
}

}  // namespace

std::uint64_t table_size(const Material& m) { return 2 * layout(m.white, m.black).half; }

std::uint64_t table_rank(const Position& p) {
  const Layout& l = layout(p.white_pawn_count(), p.black_pawn_count());
  const int id = kT.king_class[p.king];
  const std::uint64_t pawns = canonical_pawn_rank(squares_of(p.white), squares_of(p.black), kT.to_rep[p.king], kT.rep[id], l.black_size_of(id));
  return (p.turn == Color::Black ? l.half : 0) + l.offset(id) + pawns;
}

bool table_unrank(const Material& m, std::uint64_t index, Position& out) {
  const Layout& l = layout(m.white, m.black);
  out = Position{};
  out.turn = index >= l.half ? Color::Black : Color::White;
  if (index >= l.half) index -= l.half;
  const int id = index >= l.offset(kThroneClass) ? kThroneClass : static_cast<int>(index / l.block);
  const std::uint64_t pawns = index - l.offset(id);
  const int king = kT.rep[id];
  const bool off_throne = king != kThrone;
  const std::uint64_t black_size = l.black_size_of(id);
  out.king = static_cast<std::uint8_t>(king);

  std::array<int, kMaxPawns> c{};
  unrank_subset(pawns / black_size, kWhiteSquares - off_throne, m.white, c.data());
  const int king_slot = kT.white_slot[king];
  // The white pawns and the king in black-square numbering (the throne skipped), increasing.
  std::array<int, kMaxPawns + 1> blockers{};
  int nblockers = 0;
  auto black_number = [](int sq) { return sq - (sq > kThrone); };
  bool king_listed = !off_throne;
  for (int i = 0; i < m.white; ++i) {
    const int slot = c[i] + (off_throne && c[i] >= king_slot);
    const int sq = kT.white_square[slot];
    if (!king_listed && king < sq) {
      blockers[nblockers++] = black_number(king);
      king_listed = true;
    }
    blockers[nblockers++] = black_number(sq);
    out.white |= bit(sq);
  }
  if (!king_listed) blockers[nblockers++] = black_number(king);

  unrank_subset(pawns % black_size, kBlackSquares - nblockers, m.black, c.data());
  for (int i = 0; i < m.black; ++i) {
    int d = c[i];
    for (int j = 0; j < nblockers; ++j) d += blockers[j] <= d;
    out.black |= bit(d + (d >= kThrone));
  }

  // A king on a line of symmetry: only the smallest of the equivalent pawn ranks is used.
  const unsigned stabilizer = kT.to_rep[king];
  if (stabilizer != 1)
    return canonical_pawn_rank(squares_of(out.white), squares_of(out.black), stabilizer, king, black_size) == pawns;
  return true;
}

int orbit_size(const Position& p) {
  const SquareList white = squares_of(p.white), black = squares_of(p.black);
  int fixed = 0;
  for (int s = 0; s < kSymmetryCount; ++s) {
    const auto& map = kT.map[s];
    fixed += map[p.king] == p.king && mapped(map, white) == white && mapped(map, black) == black;
  }
  return kSymmetryCount / fixed;
}

}  // namespace zz::tablut
