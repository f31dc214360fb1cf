#include "core/dobutsu/index.hpp"

#include <algorithm>
#include <array>

namespace zz::dobutsu {
namespace {

// Which hand pair (mover's count, opponent's count) of one kind a code stands for.
constexpr std::array<std::array<std::uint8_t, 2>, 6> kHandPairs = {{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {0, 2}}};
constexpr int hand_pair_code(int mover, int other) { return mover == 0 ? (other == 0 ? 0 : other == 1 ? 3 : 5) : mover == 1 ? (other == 0 ? 1 : 4) : 2; }

constexpr std::uint64_t choose(int n, int k) {
  if (k < 0 || k > n) return 0;
  std::uint64_t r = 1;
  for (int i = 0; i < k; ++i) r = r * static_cast<std::uint64_t>(n - i) / static_cast<std::uint64_t>(i + 1);
  return r;
}

// Board arrangements with e elephants, g giraffes and c chicks on the 10 free squares.
constexpr std::uint64_t boards(int e, int g, int c) {
  return choose(10, e) * choose(10 - e, g) * choose(10 - e - g, c) * (std::uint64_t{1} << (e + g + 2 * c));
}

struct HandTable {
  std::array<std::uint64_t, 217> offset{};  // by hand code (elephant * 36 + giraffe * 6 + chick)
  constexpr HandTable() {
    for (int code = 0; code < 216; ++code) {
      const auto e = kHandPairs[code / 36], g = kHandPairs[code / 6 % 6], c = kHandPairs[code % 6];
      offset[code + 1] = offset[code] + boards(2 - e[0] - e[1], 2 - g[0] - g[1], 2 - c[0] - c[1]);
    }
  }
};
constexpr HandTable kHands{};
static_assert(kHands.offset[216] == kPerPair);

constexpr bool adjacent(int a, int b) {
  const int df = file_of(a) - file_of(b), dr = rank_of(a) - rank_of(b);
  return a != b && df >= -1 && df <= 1 && dr >= -1 && dr <= 1;
}

// Lion pairs, mover (Sente) lion first: the pair's id, whether it is the mirror image of
// the pair that owns the id, and whether it is its own mirror image.
struct PairEntry {
  std::int8_t id = -1;
  bool mirror = false;
  bool symmetric = false;
};
struct PairTable {
  std::array<std::array<PairEntry, kSquares>, kSquares> entry{};
  std::array<std::array<std::int8_t, 2>, kLionPairs> squares{};
  constexpr PairTable() {
    int next = 0;
    for (int mover = 0; mover < kSquares; ++mover)
      for (int other = 0; other < kSquares; ++other) {
        if ((bit(mover) & far_rank(Sente)) || (bit(other) & home_rank(Sente)) || mover == other ||
            adjacent(mover, other))
          continue;
        const int mm = mirror(mover), mo = mirror(other);
        if (mm * kSquares + mo < mover * kSquares + other) continue;  // the image owns the id
        squares[next] = {static_cast<std::int8_t>(mover), static_cast<std::int8_t>(other)};
        entry[mover][other] = {static_cast<std::int8_t>(next), false, mm == mover && mo == other};
        if (mm != mover || mo != other) entry[mm][mo] = {static_cast<std::int8_t>(next), true, false};
        ++next;
      }
  }
};
constexpr PairTable kPairs{};
static_assert(kPairs.squares[kLionPairs - 1][0] != 0 || kPairs.squares[kLionPairs - 1][1] != 0);

// Colex rank of a set of at most 2 squares among the squares of `avail`.
inline std::uint64_t subset_rank(Mask set, Mask avail) {
  std::uint64_t r = 0;
  int j = 1;
  for (Mask m = set; m; m &= static_cast<Mask>(m - 1), ++j) {
    const int pos = __builtin_popcount(avail & (bit(__builtin_ctz(m)) - 1));
    r += j == 1 ? static_cast<std::uint64_t>(pos) : static_cast<std::uint64_t>(pos * (pos - 1) / 2);
  }
  return r;
}

// The n-th (from 0) square of avail.
inline int nth_square(Mask avail, int n) {
  for (int i = 0; i < n; ++i) avail &= static_cast<Mask>(avail - 1);
  return __builtin_ctz(avail);
}

// Inverse of subset_rank for a set of k squares.
inline Mask subset_unrank(std::uint64_t r, int k, Mask avail) {
  if (k == 0) return 0;
  if (k == 1) return bit(nth_square(avail, static_cast<int>(r)));
  int hi = 1;
  while (static_cast<std::uint64_t>((hi + 1) * hi / 2) <= r) ++hi;
  const int lo = static_cast<int>(r - static_cast<std::uint64_t>(hi * (hi - 1) / 2));
  return static_cast<Mask>(bit(nth_square(avail, lo)) | bit(nth_square(avail, hi)));
}

// One bit per square of `set` (in square order) taken from `from`.
inline std::uint64_t bits_of(Mask set, Mask from) {
  std::uint64_t r = 0;
  int j = 0;
  for (Mask m = set; m; m &= static_cast<Mask>(m - 1), ++j)
    if (from & bit(__builtin_ctz(m))) r |= std::uint64_t{1} << j;
  return r;
}
inline Mask spread_bits(std::uint64_t bits, Mask set) {
  Mask r = 0;
  int j = 0;
  for (Mask m = set; m; m &= static_cast<Mask>(m - 1), ++j)
    if (bits >> j & 1) r |= bit(__builtin_ctz(m));
  return r;
}

// Rank of the non-lion pieces of a Sente-to-move position, inside its lion pair's block.
std::uint64_t board_rank(const Position& p) {
  const Mask lions = p.kind_mask[Lion];
  const Mask e = p.kind_mask[Elephant], g = p.kind_mask[Giraffe], c = static_cast<Mask>(p.kind_mask[Chick] | p.kind_mask[Hen]);
  const int ne = __builtin_popcount(e), ng = __builtin_popcount(g), nc = __builtin_popcount(c);
  Mask avail = static_cast<Mask>(kBoard & ~lions);
  std::uint64_t r = subset_rank(e, avail);
  avail &= static_cast<Mask>(~e);
  r = r * choose(10 - ne, ng) + subset_rank(g, avail);
  avail &= static_cast<Mask>(~g);
  r = r * choose(10 - ne - ng, nc) + subset_rank(c, avail);
  const Mask gote = p.side_mask[Gote];
  r = r << ne | bits_of(e, gote);
  r = r << ng | bits_of(g, gote);
  r = r << nc | bits_of(c, gote);
  r = r << nc | bits_of(c, p.kind_mask[Hen]);
  const int code = hand_pair_code(p.hand[Sente][Elephant], p.hand[Gote][Elephant]) * 36 +
                   hand_pair_code(p.hand[Sente][Giraffe], p.hand[Gote][Giraffe]) * 6 +
                   hand_pair_code(p.hand[Sente][Chick], p.hand[Gote][Chick]);
  return kHands.offset[code] + r;
}

}  // namespace

Position rotated(const Position& p) {
  Position q;
  auto turn = [](Mask m) {
    Mask r = 0;
    for (; m; m &= static_cast<Mask>(m - 1)) r |= bit(rotate(__builtin_ctz(m)));
    return r;
  };
  q.side_mask[Sente] = turn(p.side_mask[Gote]);
  q.side_mask[Gote] = turn(p.side_mask[Sente]);
  for (int k = 0; k < kKinds; ++k) q.kind_mask[k] = turn(p.kind_mask[k]);
  q.hand[Sente] = p.hand[Gote];
  q.hand[Gote] = p.hand[Sente];
  q.to_move = opponent(p.to_move);
  return q;
}

Position mirrored(const Position& p) {
  Position q = p;
  auto flip = [](Mask m) {
    // Files a and c swap: within each rank of 3 bits, bit 0 <-> bit 2.
    return static_cast<Mask>((m & 0x492) | (m & 0x249) << 2 | (m & 0x924) >> 2);
  };
  for (int s = 0; s < 2; ++s) q.side_mask[s] = flip(p.side_mask[s]);
  for (int k = 0; k < kKinds; ++k) q.kind_mask[k] = flip(p.kind_mask[k]);
  return q;
}

std::uint64_t index_of(const Position& position) {
  const Position p = position.to_move == Sente ? position : rotated(position);
  const PairEntry e = kPairs.entry[p.lion(Sente)][p.lion(Gote)];
  std::uint64_t r;
  if (e.symmetric) r = std::min(board_rank(p), board_rank(mirrored(p)));
  else r = board_rank(e.mirror ? mirrored(p) : p);
  return static_cast<std::uint64_t>(e.id) * kPerPair + r;
}

namespace {

// The Sente-to-move position with lions on ls (Sente) and lg (Gote) whose board_rank is
// `within`.
Position decode(int ls, int lg, std::uint64_t within) {
  const int code = static_cast<int>(std::upper_bound(kHands.offset.begin(), kHands.offset.end(), within) -
                                    kHands.offset.begin()) - 1;
  std::uint64_t r = within - kHands.offset[code];
  const auto he = kHandPairs[code / 36], hg = kHandPairs[code / 6 % 6], hc = kHandPairs[code % 6];
  const int ne = 2 - he[0] - he[1], ng = 2 - hg[0] - hg[1], nc = 2 - hc[0] - hc[1];
  Position p;
  p.hand[Sente] = {he[0], hg[0], hc[0]};
  p.hand[Gote] = {he[1], hg[1], hc[1]};
  p.kind_mask[Lion] = static_cast<Mask>(bit(ls) | bit(lg));
  p.side_mask[Sente] = bit(ls);
  p.side_mask[Gote] = bit(lg);
  const std::uint64_t promo = r & ((std::uint64_t{1} << nc) - 1);
  r >>= nc;
  const std::uint64_t own_c = r & ((std::uint64_t{1} << nc) - 1);
  r >>= nc;
  const std::uint64_t own_g = r & ((std::uint64_t{1} << ng) - 1);
  r >>= ng;
  const std::uint64_t own_e = r & ((std::uint64_t{1} << ne) - 1);
  r >>= ne;
  const std::uint64_t cc = choose(10 - ne - ng, nc), cg = choose(10 - ne, ng);
  const std::uint64_t rc = r % cc;
  r /= cc;
  const std::uint64_t rg = r % cg;
  const std::uint64_t re = r / cg;
  Mask avail = static_cast<Mask>(kBoard & ~p.kind_mask[Lion]);
  const Mask e = subset_unrank(re, ne, avail);
  avail &= static_cast<Mask>(~e);
  const Mask g = subset_unrank(rg, ng, avail);
  avail &= static_cast<Mask>(~g);
  const Mask c = subset_unrank(rc, nc, avail);
  const Mask hens = spread_bits(promo, c);
  p.kind_mask[Elephant] = e;
  p.kind_mask[Giraffe] = g;
  p.kind_mask[Hen] = hens;
  p.kind_mask[Chick] = static_cast<Mask>(c & ~hens);
  const Mask gote = static_cast<Mask>(spread_bits(own_e, e) | spread_bits(own_g, g) | spread_bits(own_c, c));
  p.side_mask[Gote] |= gote;
  p.side_mask[Sente] |= static_cast<Mask>((e | g | c) & ~gote);
  p.to_move = Sente;
  return p;
}

std::uint64_t raw_key(const Position& p) {
  return static_cast<std::uint64_t>(p.lion(Sente) * kSquares + p.lion(Gote)) * kPerPair + board_rank(p);
}

}  // namespace

bool position_at(std::uint64_t i, Position& out) {
  if (i >= kIndexSize) return false;
  const int pair = static_cast<int>(i / kPerPair);
  const std::uint64_t within = i % kPerPair;
  const int ls = kPairs.squares[pair][0], lg = kPairs.squares[pair][1];
  const Position p = decode(ls, lg, within);
  if (kPairs.entry[ls][lg].symmetric && board_rank(mirrored(p)) < within) return false;
  out = p;
  return true;
}

std::uint64_t full_key(const Position& position) {
  const Position p = position.to_move == Sente ? position : rotated(position);
  return std::min(raw_key(p), raw_key(mirrored(p)));
}

bool position_of_full_key(std::uint64_t key, Position& out) {
  if (key >= kFullKeys) return false;
  const int pair = static_cast<int>(key / kPerPair);
  const int ls = pair / kSquares, lg = pair % kSquares;
  if (ls == lg) return false;
  out = decode(ls, lg, key % kPerPair);
  return true;
}

}  // namespace zz::dobutsu
