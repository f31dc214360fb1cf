// `verify` (api/verify_tables.hpp): the tables the solver builds are clean, in either table
// format and for games of every shape; one wrong code planted in a table is found and named
// by its position, stored and expected value.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "api/session.hpp"
#include "core/chess/game.hpp"
#include "solver/table/store.hpp"
#include "tests/cli/cli_runner.hpp"

using namespace zz;

namespace {

api::VerifyResult verify(const std::string& game, const std::string& material, const std::filesystem::path& dir,
                         bool from_scratch = false) {
  auto s = api::open_session(game, {}, dir);
  api::VerifyRequest request;
  request.material = material;
  request.examples = 1000;
  request.from_scratch = from_scratch;
  return s->verify(request);
}

void solve(const std::string& game, const std::string& material, const std::filesystem::path& dir, int format) {
  auto s = api::open_session(game, {}, dir);
  api::SolveRequest request;
  request.material = material;
  request.summary = false;
  request.table_format = format;
  s->solve(request);
}

std::uint64_t positions(const api::VerifyResult& r) {
  std::uint64_t n = 0;
  for (const auto& t : r.tables) n += t.positions;
  return n;
}

}  // namespace

TEST_CASE("the tables the solver builds are clean") {
  for (const auto& [game, material] : std::vector<std::pair<std::string, std::string>>{
           {"chess", "KRvK"}, {"chess", "KPvK"}, {"tatedrez", ""}, {"tablut", "K1W1B"}}) {
    for (int format : {3, 2}) {
      CAPTURE(game);
      CAPTURE(material);
      CAPTURE(format);
      cli_test::TempDir dir;
      solve(game, material, dir.path, format);
      const auto r = verify(game, material, dir.path);
      CHECK(r.clean());
      CHECK(positions(r) > 1000);
      std::uint64_t derived = 0;
      for (const auto& t : r.tables) derived += t.derived;
      // Format 3 leaves one side to move out of chess and Tablut tables; format 2 stores all.
      if (format == 2 || game == "tatedrez") CHECK(derived == 0);
      else CHECK(derived * 3 > positions(r));
    }
  }
}

TEST_CASE("one wrong code planted in a table is found and named") {
  for (int format : {3, 2}) {
    CAPTURE(format);
    cli_test::TempDir dir;
    solve("chess", "KRvK", dir.path, format);
    const chess::Chess game;
    const chess::Material krk = chess::parse_material("KRvK");
    chess::Position planted{};
    Outcome truth, wrong;
    {
      TableStore<chess::Chess> store(game, dir.path);
      const auto [first, end] = store.load(krk).stored_range();
      const TierTable& table = store.load_decoded(krk);
      std::vector<Code> codes(table.size());
      for (std::uint64_t i = 0; i < codes.size(); ++i) codes[i] = table.code(i);
      // A decided position of the stored part, made to look decided two plies later.
      std::uint64_t index = first;
      while (index < end && (!game.unrank(krk, index, planted) || table.outcome(index).value == Value::Draw ||
                             table.outcome(index).remoteness < 5))
        ++index;
      REQUIRE(index < end);
      truth = table.outcome(index);
      wrong = Outcome{truth.value, static_cast<std::uint16_t>(truth.remoteness + 2)};
      codes[index] = encode(wrong);
      store.set_format(format);
      store.save(krk, TierTable(codes));
    }
    for (bool from_scratch : {false, true}) {
      CAPTURE(from_scratch);
      const auto r = verify("chess", "KRvK", dir.path, from_scratch);
      CHECK_FALSE(r.clean());
      const auto& t = r.tables.back();
      REQUIRE(t.tier == "KRvK");
      CHECK(t.mismatches >= 1);
      const auto named = std::find_if(t.examples.begin(), t.examples.end(),
                                      [&](const auto& m) { return m.position == game.format(planted); });
      REQUIRE(named != t.examples.end());
      CHECK(named->stored == wrong);
      CHECK(named->expected == truth);
      for (const auto& other : r.tables)
        if (other.tier != "KRvK") CHECK(other.mismatches == 0);
    }
  }
}

// From scratch every child is played and ranked whole: the solver's shortcuts (a capture's
// or promotion's slot from its parent, a quiet move's index changed in one part) are checked
// against the plain index, and the side a compressed file leaves out is checked as well.
TEST_CASE("verify from scratch finds the solver's tables clean, the derived side included") {
  cli_test::TempDir dir;
  solve("chess", "KRvKP", dir.path, 3);  // captures, promotions, a pawn's double step
  const auto quick = verify("chess", "KRvKP", dir.path);
  const auto whole = verify("chess", "KRvKP", dir.path, true);
  CHECK(quick.clean());
  CHECK(whole.clean());
  REQUIRE(whole.tables.size() == quick.tables.size());
  for (std::size_t k = 0; k < whole.tables.size(); ++k) {
    CAPTURE(whole.tables[k].tier);
    CHECK(whole.tables[k].from_scratch);
    CHECK_FALSE(quick.tables[k].from_scratch);
    CHECK(whole.tables[k].positions == quick.tables[k].positions);
  }
  CHECK(whole.tables.back().derived * 3 > whole.tables.back().positions);
}

TEST_CASE("verify refuses a missing table with the command that builds it") {
  cli_test::TempDir dir;
  auto s = api::open_session("chess", {}, dir.path);
  api::VerifyRequest request;
  request.material = "KQvK";
  try {
    s->verify(request);
    FAIL("no error");
  } catch (const api::MissingTable& e) {
    CHECK(std::string(e.what()).find("zugzwang solve chess --material KQvK") != std::string::npos);
  }
}

// Checking KPPvKP held its ten decoded sub-tables at once (12-13 GB). Past half the budget a
// check reads each sub-table as a solve does, mapped from a decoded copy on disk; with no
// budget at all, every one of them, and the table is still found clean.
TEST_CASE("verify within a memory budget reads the sub-tables past half of it from decoded copies") {
  cli_test::TempDir dir;
  solve("chess", "KQvKR", dir.path, 3);
  auto s = api::open_session("chess", {}, dir.path);
  api::VerifyRequest request;
  request.material = "KQvKR";
  request.memory = 1;  // one byte: nothing held, every sub-table mapped
  request.skip = {"KvK", "KQvK", "KRvK"};  // their tables are decoded only as KQvKR's sub-tables
  std::vector<std::string> copies_while_checked;
  request.progress = [&](const api::VerifiedTable& t) {
    if (t.tier != "KQvKR") return;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir.path))
      if (entry.path().parent_path().filename().string().starts_with(".decoded."))
        copies_while_checked.push_back(entry.path().filename().string());
  };
  const auto r = s->verify(request);
  CHECK(r.clean());
  REQUIRE(r.tables.size() == 1);
  CHECK(r.tables[0].positions > 1000000);
  std::sort(copies_while_checked.begin(), copies_while_checked.end());
  CHECK(std::count(copies_while_checked.begin(), copies_while_checked.end(), "KQvK.zzt") == 1);
  CHECK(std::count(copies_while_checked.begin(), copies_while_checked.end(), "KRvK.zzt") == 1);
}

// verify --keep-decoded reads the sub-tables from kept copies, but each table it checks
// from its own file: its left-out side is derived again (not read from a copy), and the
// check is clean, the second time as the first.
TEST_CASE("verify with kept decoded copies still checks each table's own file") {
  cli_test::TempDir dir;
  solve("chess", "KQvKR", dir.path, 3);
  for (int run = 0; run < 2; ++run) {
    CAPTURE(run);
    auto s = api::open_session("chess", {}, dir.path);
    api::VerifyRequest request;
    request.material = "KQvKR";
    request.keep_decoded = true;
    const auto r = s->verify(request);
    CHECK(r.clean());
    REQUIRE(!r.tables.empty());
    CHECK(r.tables.back().tier == "KQvKR");
    CHECK(r.tables.back().derived > 0);
  }
  std::size_t copies = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir.path / "chess" / "default" / ".decoded-kept"))
    copies += e.path().filename().string().rfind("KQvKR-", 0) == 0;
  CHECK(copies == 1);
}
