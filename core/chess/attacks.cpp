#include "core/chess/attacks.hpp"

#include <bit>
#include <cstdlib>

namespace zz::chess {
namespace {

struct Step {
  int df, dr;
};
using Steps = std::array<Step, 4>;
constexpr Steps kRookSteps{{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
constexpr Steps kBishopSteps{{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};

constexpr bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

// Walking the rays square by square: slow, obviously right, and the reference that the
// magic tables are filled from.
constexpr Bitboard slide(Square s, Bitboard occupied, const Steps& steps) {
  Bitboard b = 0;
  for (const Step st : steps) {
    int f = file_of(s) + st.df, r = rank_of(s) + st.dr;
    while (on_board(f, r)) {
      const Bitboard bit = square_bb(make_square(f, r));
      b |= bit;
      if (occupied & bit) break;
      f += st.df;
      r += st.dr;
    }
  }
  return b;
}

template <std::size_t N>
constexpr SquareTable leaper_table(const std::array<Step, N>& steps) {
  SquareTable t{};
  for (int s = 0; s < kSquareCount; ++s)
    for (const Step st : steps) {
      const int f = file_of(Square(s)) + st.df, r = rank_of(Square(s)) + st.dr;
      if (on_board(f, r)) t[s] |= square_bb(make_square(f, r));
    }
  return t;
}

constexpr SquareTable ray_table(const Steps& steps) {
  SquareTable t{};
  for (int s = 0; s < kSquareCount; ++s) t[s] = slide(Square(s), 0, steps);
  return t;
}

constexpr const Steps* common_steps(Square a, Square b) {
  if (a == b) return nullptr;
  if (file_of(a) == file_of(b) || rank_of(a) == rank_of(b)) return &kRookSteps;
  if (file_of(a) - file_of(b) == rank_of(a) - rank_of(b) ||
      file_of(a) - file_of(b) == rank_of(b) - rank_of(a))
    return &kBishopSteps;
  return nullptr;
}

// Intersecting rays from both ends leaves exactly the common line (or the segment between,
// when each ray stops at the other square).
constexpr SquarePairTable between_table() {
  SquarePairTable t{};
  for (int a = 0; a < kSquareCount; ++a)
    for (int b = 0; b < kSquareCount; ++b)
      if (const Steps* steps = common_steps(Square(a), Square(b)))
        t[a][b] = slide(Square(a), square_bb(Square(b)), *steps) &
                  slide(Square(b), square_bb(Square(a)), *steps);
  return t;
}

constexpr SquarePairTable line_table() {
  SquarePairTable t{};
  for (int a = 0; a < kSquareCount; ++a)
    for (int b = 0; b < kSquareCount; ++b)
      if (const Steps* steps = common_steps(Square(a), Square(b)))
        t[a][b] = (slide(Square(a), 0, *steps) & slide(Square(b), 0, *steps)) |
                  square_bb(Square(a)) | square_bb(Square(b));
  return t;
}

constexpr std::array<Step, 8> kKnightSteps{
    {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}};
constexpr std::array<Step, 8> kKingSteps{
    {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}};
constexpr std::array<Step, 2> kWhitePawnSteps{{{-1, 1}, {1, 1}}};
constexpr std::array<Step, 2> kBlackPawnSteps{{{-1, -1}, {1, -1}}};

// Sizes of the fancy tables: the sum over squares of 2^(relevant occupancy bits).
constexpr std::size_t kRookTableSize = 0x19000;
constexpr std::size_t kBishopTableSize = 0x1480;
Bitboard rook_table[kRookTableSize];
Bitboard bishop_table[kBishopTableSize];

// Magic factors, one per square, found once by a random search for sparse 64-bit numbers
// (xorshift64*, three draws ANDed) that map every relevant occupancy of the square to an
// index without mixing up different attack sets. Kept as constants because the search costs
// a quarter of a second at every start-up. With PEXT they are not needed.
constexpr Bitboard kRookFactors[kSquareCount] = {
    0x1080004008801020ULL, 0x0840092002C03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL,
    0x4200100420080200ULL, 0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL,
    0x0404800084400220ULL, 0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
    0x000A001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL, 0x0442000102105084ULL,
    0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021D00100ULL,
    0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000A0001768104ULL,
    0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL,
    0x0442000A00049020ULL, 0x2100040080020080ULL, 0x0800120400900148ULL, 0x0010040A00128541ULL,
    0x2800804000800030ULL, 0x1010002000400041ULL, 0x4000200011004100ULL, 0x0610008410800800ULL,
    0x0400802402800800ULL, 0xC100020080800400ULL, 0x0002000802000401ULL, 0x0182085882000401ULL,
    0x0220204000808000ULL, 0x2860100040024022ULL, 0x0001002004110040ULL, 0x99101042000A0020ULL,
    0x0004080004008080ULL, 0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
    0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040A00300ULL, 0x0801100280080480ULL,
    0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL, 0x0091800041000080ULL,
    0x0000209300488001ULL, 0x04C1002414824001ULL, 0x020020000B001041ULL, 0x7000100004200901ULL,
    0x8002002004100802ULL, 0x30010002084C0007ULL, 0x0888221800813004ULL, 0x4000002840840112ULL,
};
constexpr Bitboard kBishopFactors[kSquareCount] = {
    0x10102002004A1420ULL, 0x8020040400584008ULL, 0x10510800811201C8ULL, 0x5204042080000088ULL,
    0x2204106880000002ULL, 0x1401042004000000ULL, 0x0400880410042004ULL, 0x0028208200A02020ULL,
    0x1500241990010E00ULL, 0x8001200182020A40ULL, 0x40004101030B0000ULL, 0x8002041042000100ULL,
    0x4010011041020038ULL, 0x0000010421044000ULL, 0x1500210808020A00ULL, 0x8000088400880520ULL,
    0x0405004010040100ULL, 0x1005823210040108ULL, 0x2708008102040011ULL, 0x4048200404009100ULL,
    0x0018104101400024ULL, 0x0003000601190101ULL, 0x8004803108491000ULL, 0x8014241200820800ULL,
    0x0006E080100C3040ULL, 0x0501044A11041800ULL, 0x9020300008004045ULL, 0x0894080000220040ULL,
    0x1001010083104000ULL, 0x5004030040900080ULL, 0x000400422C012400ULL, 0x0002128698404812ULL,
    0x1010108404900440ULL, 0x0928021182084100ULL, 0x2006080409020024ULL, 0x1010202020180080ULL,
    0xA010008200202200ULL, 0x2098015100019004ULL, 0x0002041440810811ULL, 0x802A02020000B098ULL,
    0x0009015090004060ULL, 0x4000821082081001ULL, 0x0100210040420800ULL, 0x0800004010488A00ULL,
    0x2000081104004040ULL, 0x4C8E029015000082ULL, 0x0420340322224842ULL, 0x1298260043400210ULL,
    0x0000822802400008ULL, 0x00008A0101600000ULL, 0x3040003412080021ULL, 0x3040290220884800ULL,
    0x4A1500401041004AULL, 0x8010200282020781ULL, 0x0020203142209091ULL, 0x0070300600902110ULL,
    0x0040808800B62048ULL, 0x0000810400C44420ULL, 0x00080400440C0441ULL, 0x8340080020840411ULL,
    0x0000000104208200ULL, 0x0000800810D00080ULL, 0x0400530411080200ULL, 0x4040702400932244ULL,
};

void init_sliders(Magic* magics, Bitboard* table, const Steps& steps, const Bitboard* factors) {
  Bitboard* next = table;
  for (int sq = 0; sq < kSquareCount; ++sq) {
    const Square s = Square(sq);
    // A ray's last square never blocks anything beyond it, so it does not matter.
    const Bitboard edges = ((kRank1 | kRank8) & ~rank_bb(rank_of(s))) |
                           ((kFileA | kFileH) & ~file_bb(file_of(s)));
    Magic& m = magics[sq];
    m.mask = slide(s, 0, steps) & ~edges;
    m.factor = factors[sq];
    m.shift = static_cast<unsigned>(64 - std::popcount(m.mask));
    m.attacks = next;
    Bitboard subset = 0;
    do {  // every subset of the mask, by the carry-rippler trick
      const Bitboard attacks = slide(s, subset, steps);
      Bitboard& slot = next[m.index(subset)];
      // Attack sets are never empty, so a filled slot is non-zero; a slot holding other
      // attacks means a wrong factor, which would silently generate wrong moves.
      if (slot != 0 && slot != attacks) std::abort();
      slot = attacks;
      subset = (subset - m.mask) & m.mask;
    } while (subset);
    next += std::size_t{1} << std::popcount(m.mask);
  }
}

}  // namespace

constinit const SquareTable kKnightAttacks = leaper_table(kKnightSteps);
constinit const SquareTable kKingAttacks = leaper_table(kKingSteps);
constinit const std::array<SquareTable, 2> kPawnAttacks{leaper_table(kWhitePawnSteps),
                                                         leaper_table(kBlackPawnSteps)};
constinit const SquarePairTable kBetween = between_table();
constinit const SquarePairTable kLine = line_table();
constinit const SquareTable kRookRays = ray_table(kRookSteps);
constinit const SquareTable kBishopRays = ray_table(kBishopSteps);

Magic rook_magics[kSquareCount];
Magic bishop_magics[kSquareCount];

void init_attack_tables() {
  static const bool ready = [] {
    init_sliders(rook_magics, rook_table, kRookSteps, kRookFactors);
    init_sliders(bishop_magics, bishop_table, kBishopSteps, kBishopFactors);
    return true;
  }();
  (void)ready;
}

}  // namespace zz::chess
