// Material signatures: names, the canonical colour orientation, and the sub-tables a table
// needs.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "core/common/error.hpp"
#include "helpers.hpp"

using namespace chess_tables;
using zz::chess::material_name;

namespace {

std::set<std::string> names(const std::vector<Material>& list) {
  std::set<std::string> out;
  for (const auto& m : list) out.insert(material_name(m));
  return out;
}

}  // namespace

TEST_CASE("material names parse to the canonical orientation and print back") {
  CHECK(material_name(material("KQvKR")) == "KQvKR");
  CHECK(material_name(material("KRvKQ")) == "KQvKR");
  CHECK(material_name(material("KvKP")) == "KPvK");
  CHECK(material_name(material("KRQvK")) == "KQRvK");
  CHECK(material_name(material("KNvKB")) == "KBvKN");
  CHECK(material_name(material("KPvKQ")) == "KQvKP");
  CHECK(material_name(material("KPvKP")) == "KPvKP");
  CHECK(material_name(material("KvK")) == "KvK");
}

TEST_CASE("bad material text is refused in one line") {
  for (const char* bad : {"", "KQ", "QvK", "KQvQ", "KQvKX", "KQvK v", "KvKvK", "kqvk", "KQQQvKQ", "KQRvKRB", "K QvK"}) {
    CAPTURE(bad);
    try {
      (void)material(bad);
      FAIL("accepted");
    } catch (const zz::InputError& e) {
      CHECK(std::string(e.what()).find('\n') == std::string::npos);
    }
  }
}

TEST_CASE("sub-tables are the materials one capture or promotion away") {
  CHECK(names(zz::chess::sub_materials(material("KQvKR"))) == std::set<std::string>{"KQvK", "KRvK"});
  CHECK(names(zz::chess::sub_materials(material("KPvK"))) ==
        std::set<std::string>{"KvK", "KQvK", "KRvK", "KBvK", "KNvK"});
  CHECK(names(zz::chess::sub_materials(material("KPvKP"))) ==
        std::set<std::string>{"KPvK", "KQvKP", "KRvKP", "KBvKP", "KNvKP"});
  // A pawn that promotes while capturing the rook.
  CHECK(names(zz::chess::sub_materials(material("KPvKR"))) ==
        std::set<std::string>{"KPvK", "KRvK", "KQvKR", "KRvKR", "KRvKB", "KRvKN", "KQvK", "KBvK", "KNvK"});
}

TEST_CASE("every table of 3 and 4 pieces, each once") {
  CHECK(names(zz::chess::all_materials(3)) == std::set<std::string>{"KQvK", "KRvK", "KBvK", "KNvK", "KPvK"});
  const auto four = zz::chess::all_materials(4);
  CHECK(four.size() == 30);  // 15 with both pieces on one side, 15 with one each
  CHECK(names(four).size() == 30);
  for (const auto& m : four) CHECK(m == zz::chess::canonical(m));
  CHECK(names(four).count("KBNvK") == 1);
  CHECK(names(four).count("KQvKR") == 1);
  CHECK(names(four).count("KRvKQ") == 0);
}

TEST_CASE("solve roots: single tables, all3, all4 and lists; garbage refused") {
  const Chess g;
  CHECK(g.solve_roots("KRvKQ").size() == 1);
  CHECK(g.solve_roots("all3").size() == 5);
  CHECK(g.solve_roots("all4").size() == 30);
  CHECK(g.solve_roots("KQvK,KRvK,KQvK").size() == 2);
  CHECK_THROWS_AS(g.solve_roots(""), zz::InputError);
  CHECK_THROWS_AS(g.solve_roots("all9"), zz::InputError);
  CHECK_THROWS_AS(g.solve_roots("KQvK,"), zz::InputError);
}

TEST_CASE("outcomes are described in moves") {
  const Chess g;
  CHECK(g.describe(zz::Outcome::win(1)) == "mate in 1");
  CHECK(g.describe(zz::Outcome::win(19)) == "mate in 10");
  CHECK(g.describe(zz::Outcome::loss(0)) == "mated in 0");
  CHECK(g.describe(zz::Outcome::loss(18)) == "mated in 9");
  CHECK(g.describe(zz::Outcome::draw()) == "draw");
}
