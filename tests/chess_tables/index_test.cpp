// The table index: rank and unrank are inverse on used slots, every legal position has a
// used slot shared with its symmetric images and its colour-flipped twin, broken positions
// have none, and the orbit sizes add up to the number of legal positions (KQK: 144,508 with
// White to move and 223,944 with Black to move).
#include <doctest/doctest.h>

#include <array>
#include <string>

#include "helpers.hpp"

using namespace chess_tables;
using namespace zz::chess;

namespace {

// The symmetries a table of this material uses.
std::vector<zz::Symmetry> symmetries(const Material& m) {
  if (m.has_pawns()) return {zz::Symmetry::Identity, zz::Symmetry::MirrorFiles};
  std::vector<zz::Symmetry> all;
  for (int s = 0; s < zz::kSymmetryCount; ++s) all.push_back(zz::Symmetry(s));
  return all;
}

struct Counts {
  // Legal positions by the side to move in the table's orientation, and the orbit sizes
  // of the used slots.
  std::array<std::uint64_t, 2> legal{}, weighted{};
  std::uint64_t wrong = 0;  // positions the index does not map to an image of themselves
  std::string first_wrong;
};

// Every placement of the two kings and the extra pieces (identical pieces once, in
// increasing square order), checked by brute force against the index.
Counts brute_force(const Chess& g, const std::vector<Piece>& extra) {
  const Material m = g.tier_of([&] {
    Position p;
    p.put_piece(WhiteKing, A1);
    p.put_piece(BlackKing, H8);
    for (std::size_t k = 0; k < extra.size(); ++k) p.put_piece(extra[k], Square(C4 + k));
    return p;
  }());
  const bool flip = !(zz::chess::material_of([&] {
                       Position p;
                       for (std::size_t k = 0; k < extra.size(); ++k) p.put_piece(extra[k], Square(C4 + k));
                       return p;
                     }()) == m);
  Counts c;
  Position unranked;
  std::vector<int> sq(extra.size());
  auto place = [&](auto&& self, std::size_t k, Position& p) -> void {
    if (k == extra.size()) {
      for (Color side : {White, Black}) {
        p.set_side_to_move(side);
        if (p.opponent_in_check()) continue;
        ++c.legal[side ^ flip];
        const std::uint64_t i = g.rank(p);
        bool image = false;
        if (i < g.tier_size(m) && g.unrank(m, i, unranked))
          for (zz::Symmetry s : symmetries(m)) {
            const Position t = transformed(p, s);
            image = image || same_placement(t, unranked) || same_placement(colour_flipped(t), unranked);
          }
        if (!image && c.wrong++ == 0) c.first_wrong = format_fen(p);
      }
      return;
    }
    const int from = k > 0 && extra[k] == extra[k - 1] ? sq[k - 1] + 1 : 0;
    for (int x = from; x < 64; ++x) {
      if (p.piece_on(Square(x)) != NoPiece) continue;
      if (type_of(extra[k]) == Pawn && (rank_of(Square(x)) == 0 || rank_of(Square(x)) == 7)) continue;
      sq[k] = x;
      p.put_piece(extra[k], Square(x));
      self(self, k + 1, p);
      p.remove_piece(Square(x));
    }
  };
  for (int wk = 0; wk < 64; ++wk)
    for (int bk = 0; bk < 64; ++bk) {
      if (wk == bk) continue;
      Position p;
      p.put_piece(WhiteKing, Square(wk));
      p.put_piece(BlackKing, Square(bk));
      place(place, 0, p);
    }
  for (std::uint64_t i = 0; i < g.tier_size(m); ++i)
    if (g.unrank(m, i, unranked)) {
      if (g.rank(unranked) != i && c.wrong++ == 0) c.first_wrong = format_fen(unranked);
      c.weighted[unranked.side_to_move()] += g.orbit_size(unranked);
    }
  INFO(c.first_wrong);
  CHECK(c.wrong == 0);
  return c;
}

}  // namespace

TEST_CASE("KQK has 144,508 legal positions with White to move and 223,944 with Black to move") {
  const Counts c = brute_force(Chess(), {WhiteQueen});
  CHECK(c.legal[White] == 144508);
  CHECK(c.legal[Black] == 223944);
  CHECK(c.weighted == c.legal);
}

TEST_CASE("every three-piece table indexes exactly its legal positions") {
  const Chess g;
  for (Piece extra : {WhiteRook, WhiteBishop, WhiteKnight, WhitePawn, BlackQueen, BlackPawn}) {
    CAPTURE(int(extra));
    const Counts c = brute_force(g, {extra});
    CHECK(c.weighted == c.legal);
  }
  CHECK(g.tier_size(material("KQvK")) == 2 * 462 * 64);
  CHECK(g.tier_size(material("KPvK")) == 2 * 1806 * 48);
  CHECK(g.tier_size(material("KBBvK")) == 2 * 462 * 2016);
}

TEST_CASE("rank and unrank are inverse; symmetric images and colour twins share the slot") {
  const Chess g;
  for (const std::string name : {"KBBvK", "KBNvK", "KQvKR", "KPvKP", "KRvKP", "KPPvK", "KNNvK", "KQRvKR", "KRPvKB", "KPPvKP"}) {
    CAPTURE(name);
    const Material m = material(name);
    Position p;
    for (std::uint64_t i : sample_used(g, m, 3000)) {
      REQUIRE(g.unrank(m, i, p));
      CHECK(g.rank(p) == i);
      CHECK(p.castling_rights() == NoCastling);
      CHECK(p.en_passant_square() == NoSquare);
      CHECK(p.halfmove_clock() == 0);
      CHECK(g.tier_of(p) == m);
      CHECK_FALSE(p.opponent_in_check());
      CHECK((p.pieces(Pawn) & (kRank1 | kRank8)) == 0);
      for (zz::Symmetry s : symmetries(m)) {
        const Position t = transformed(p, s);
        CHECK(g.rank(t) == i);
        CHECK(g.tier_of(colour_flipped(t)) == m);
        // A material that is its own colour twin (KPvKP) keeps both orientations.
        if (!(flipped(m) == m)) CHECK(g.rank(colour_flipped(t)) == i);
      }
    }
  }
}

TEST_CASE("four-piece tables with identical pieces and with pawns index exactly their legal positions") {
  const Chess g;
  // Two bishops share one subset index, and positions on the long diagonal have 4 images.
  const Counts bishops = brute_force(g, {WhiteBishop, WhiteBishop});
  CHECK(bishops.weighted == bishops.legal);
  const Counts pawns = brute_force(g, {WhitePawn, BlackPawn});
  CHECK(pawns.weighted == pawns.legal);
}

// unrank walks: a thread that asks for slot i + 1 (or a few slots on) after slot i steps the
// last group's subset instead of decoding the index again. Walking every slot of a range in
// order must give what decoding each slot alone gives (asked for in descending order, no
// call walks). The ranges cross group carries, king pairs (symmetric ones included) and the
// side to move; two tables read in turn (as a decoder reading another table does) do not
// mix their walks.
TEST_CASE("unrank walking slot by slot equals unrank decoding each slot alone") {
  struct Range {
    std::uint64_t first, count;
  };
  for (const char* name : {"KQvK", "KRvKP", "KBBvK", "KNNvKP", "KPPvKP", "KQRvKR", "KBBBvK", "KRBvKN"}) {
    const TableIndex index(parse_material(name));
    const TableIndex other(parse_material("KRPvK"));
    // The first slots, slots around the middle (the side to move changes there) and the last.
    const std::uint64_t half = index.size() / 2, n = std::min<std::uint64_t>(index.size() / 2, 40000);
    for (const Range r : {Range{0, n}, Range{half - n / 2, n}, Range{index.size() - n, n}}) {
      std::vector<Position> alone(r.count);
      std::vector<bool> used_alone(r.count);
      for (std::uint64_t k = r.count; k-- > 0;) used_alone[k] = index.unrank(r.first + k, alone[k]);
      std::uint64_t wrong = 0;
      Position p, q;
      for (std::uint64_t k = 0; k < r.count; ++k) {
        // Every seventh slot another table's slot in between; every fifth skips ahead.
        if (k % 7 == 3) other.unrank(k, q);
        if (k % 5 == 4) continue;
        const bool used = index.unrank(r.first + k, p);
        if ((used != used_alone[k] || (used && !(p == alone[k]))) && wrong++ == 0)
          FAIL_CHECK(std::string(name), " slot ", r.first + k, " walked: ", used ? format_fen(p) : "unused", ", alone: ",
                     used_alone[k] ? format_fen(alone[k]) : "unused");
      }
      CHECK_MESSAGE(wrong == 0, std::string(name), " from slot ", r.first);
    }
  }
}
