// A set solve releases each table once no tier still to come reads it, so that a long set
// (chess all5: 146 tables, 37.6 G slots) never holds them all in memory; the tables on disk
// are those of a solve in memory, and read back through a fresh store.
#include <doctest/doctest.h>

#include <fstream>
#include <set>

#include "core/chess/game.hpp"
#include "round_trip.hpp"
#include "solved_once.hpp"
#include "solver/set_memory.hpp"
#include "solver/table/decoded_copies.hpp"

namespace {

zz::chess::Material m(const char* name) { return zz::chess::parse_material(name); }

// Every table of the set, read back through a fresh store, equals a solve in memory.
void check_equal_to_a_solve_in_memory(const zz::chess::Chess& chess, std::span<const zz::chess::Material> roots,
                                      const std::filesystem::path& dir) {
  const auto& truth = compressed_test::solved_once<zz::chess::Chess>(roots);
  zz::TableStore<zz::chess::Chess> reader(chess, dir);
  for (const auto& t : zz::dependency_order(chess, roots)) {
    CAPTURE(chess.tier_name(t));
    CHECK(compressed_test::mismatches(truth.at(chess.tier_name(t)), reader.load(t)) == 0);
  }
}

// `roots` with their sub-tables solved to compressed files in `dir`, and the same solve in
// memory, to compare what is read back with.
const std::map<std::string, zz::TierTable>& solve_to_files(const std::vector<zz::chess::Material>& roots,
                                                           const std::filesystem::path& dir) {
  const std::span<const zz::chess::Material> root_span(roots);
  compressed_test::files_once<zz::chess::Chess>(root_span, dir);
  return compressed_test::solved_once<zz::chess::Chess>(root_span);
}

}  // namespace

TEST_CASE("a set solve holds only the tables the tiers still to come read") {
  const zz::chess::Chess chess;
  const std::vector<zz::chess::Material> roots = {zz::chess::parse_material("KQvKR"), zz::chess::parse_material("KRvKR")};
  const std::span<const zz::chess::Material> root_span(roots);
  compressed_test::TempDir dir;
  zz::TableStore<zz::chess::Chess> store(chess, dir.path);
  std::size_t most_held = 0;
  zz::SolveOptions options;
  options.release_from_slots = 0;  // as a set too large for memory would
  options.progress = [&](const zz::SolveProgress&) { most_held = std::max(most_held, store.tables_held()); };
  const auto reports = zz::solve_tiers(chess, root_span, store, options, false);
  const auto order = zz::dependency_order(chess, root_span);
  REQUIRE(reports.size() == order.size());
  // KvK, KQvK, KRvK, KQvKR, KRvKR: KvK is released after KRvK, the last to read it, KQvK
  // after KQvKR; while KRvKR is solved only KRvK is held (all four without releases).
  CHECK(order.size() == 5);
  CHECK(store.tables_held() == 0);
  CHECK(most_held <= 3);
  check_equal_to_a_solve_in_memory(chess, root_span, dir.path);
}

TEST_CASE("a set solve over its memory budget releases what is read again last, and reads it again") {
  const zz::chess::Chess chess;
  const std::vector<zz::chess::Material> roots = {zz::chess::parse_material("KQvKR"), zz::chess::parse_material("KRvKR")};
  const std::span<const zz::chess::Material> root_span(roots);
  compressed_test::TempDir dir;
  zz::TableStore<zz::chess::Chess> store(chess, dir.path);
  zz::SolveOptions options;
  options.release_from_slots = 0;
  options.held_bytes_budget = 0;  // nothing kept beyond what the tier at hand reads
  std::size_t checked = 0, extra = 0;
  options.progress = [&](const zz::SolveProgress& p) {
    if (p.table_finished) return;  // the table just solved is held until the next tier
    const zz::chess::Material solving = zz::chess::parse_material(p.tier);
    std::set<std::string> reads;
    // A compressed dependency is decoded with the tables its moves reach (its own
    // dependencies), which value the slots its file leaves out.
    for (const auto& d : chess.tier_dependencies(solving)) {
      reads.insert(chess.tier_name(d));
      for (const auto& dd : chess.tier_dependencies(d)) reads.insert(chess.tier_name(dd));
    }
    for (const auto& [name, bytes] : store.held_memory()) {
      ++checked;
      if (bytes > 0 && !reads.count(name)) ++extra;
    }
  };
  const auto reports = zz::solve_tiers(chess, root_span, store, options, false);
  CHECK(checked > 0);
  CHECK(extra == 0);
  check_equal_to_a_solve_in_memory(chess, root_span, dir.path);
}

TEST_CASE("decoding a table keeps its own dependencies decoded at most, never theirs") {
  // KQvKR's file leaves a side out: decoding it decodes KQvK and KRvK (the tables its
  // captures reach), which decode KvK in turn. A solver reading KQvKR only keeps KQvKR; a
  // reader probing its moves keeps KQvK and KRvK too; neither keeps KvK, and what was
  // decoded before stays.
  const zz::chess::Chess chess;
  const std::vector<zz::chess::Material> roots = {zz::chess::parse_material("KQvKR")};
  compressed_test::TempDir dir;
  const auto& truth = solve_to_files(roots, dir.path);
  for (const bool keep : {false, true}) {
    CAPTURE(keep);
    zz::TableStore<zz::chess::Chess> store(chess, dir.path);
    REQUIRE(store.load(m("KQvKR")).compressed());
    const zz::TierTable& decoded = store.load_decoded(m("KQvKR"), keep);
    CHECK(compressed_test::mismatches(truth.at("KQvKR"), decoded) == 0);
    CHECK(store.held_decoded(m("KQvKR")));
    CHECK(store.held_decoded(m("KQvK")) == keep);
    CHECK(store.held_decoded(m("KRvK")) == keep);
    CHECK_FALSE(store.held_decoded(m("KvK")));
  }
  // A table held decoded before the call is not released.
  zz::TableStore<zz::chess::Chess> store(chess, dir.path);
  store.load_decoded(m("KQvK"));
  store.load_decoded(m("KQvKR"), false);
  CHECK(store.held_decoded(m("KQvK")));
  CHECK_FALSE(store.held_decoded(m("KRvK")));
}

TEST_CASE("within a helper budget, decoded helpers stay for the next table that needs them") {
  // KQvKR and KRvKR both need KRvK (and KvK through it) to be decoded. With a budget, the
  // helpers decoded for the first stay for the second, so each is decoded once; over the
  // budget, the largest go first.
  const zz::chess::Chess chess;
  const std::vector<zz::chess::Material> roots = {m("KQvKR"), m("KRvKR")};
  compressed_test::TempDir dir;
  const auto& truth = solve_to_files(roots, dir.path);
  zz::TableStore<zz::chess::Chess> store(chess, dir.path);
  store.keep_helpers_within(std::uint64_t{1} << 30);
  CHECK(compressed_test::mismatches(truth.at("KQvKR"), store.load_decoded(m("KQvKR"), false)) == 0);
  CHECK(store.held_decoded(m("KQvK")));
  CHECK(store.held_decoded(m("KRvK")));
  CHECK(store.held_decoded(m("KvK")));
  const zz::TierTable* krk = &store.load(m("KRvK"));
  CHECK(compressed_test::mismatches(truth.at("KRvKR"), store.load_decoded(m("KRvKR"), false)) == 0);
  CHECK(&store.load(m("KRvK")) == krk);  // the same decoded table: not decoded again

  // A budget above KRvK and KvK (59,136 + 924 bytes) but below KRvKR: KvK, decoded for
  // KRvK within the budget, stays; KRvK, decoded for KRvKR beyond it, goes.
  zz::TableStore<zz::chess::Chess> small(chess, dir.path);
  small.keep_helpers_within(100'000);
  CHECK(compressed_test::mismatches(truth.at("KRvKR"), small.load_decoded(m("KRvKR"), false)) == 0);
  CHECK_FALSE(small.held_decoded(m("KRvK")));
  CHECK(small.held_decoded(m("KvK")));
}

TEST_CASE("with decoded copies, a table's helpers are set aside one by one as they are decoded") {
  // all5's KPPvKP was killed at a 6 GiB cap decoding KNPvKP, whose eight promotion tables
  // (the helpers its left-out side reads) were all held decoded until it was done. KQvKR
  // needs KQvK and KRvK so: with no budget, each goes to its copy before the next is decoded,
  // so the store never holds both beside KQvKR, and the table is the same.
  const zz::chess::Chess chess;
  const std::vector<zz::chess::Material> roots = {m("KQvKR")};
  compressed_test::TempDir dir;
  const auto& truth = solve_to_files(roots, dir.path);
  std::uint64_t all_three = 0;
  {
    zz::TableStore<zz::chess::Chess> sizes(chess, dir.path);
    for (const char* name : {"KQvK", "KRvK", "KQvKR"}) all_three += sizes.load_decoded(m(name), false).memory_bytes();
  }
  zz::TableStore<zz::chess::Chess> store(chess, dir.path);
  store.keep_decoded_copies();
  store.keep_helpers_within(0);
  CHECK(compressed_test::mismatches(truth.at("KQvKR"), store.load_decoded(m("KQvKR"), false)) == 0);
  CHECK(store.peak_held_bytes() < all_three);
  CHECK(store.peak_held_bytes() >= store.load(m("KQvKR")).memory_bytes());
  for (const char* name : {"KQvK", "KRvK"}) {
    CAPTURE(name);
    CHECK(store.load(m(name)).memory_bytes() == 0);  // mapped from its copy
  }
}

TEST_CASE("a set over its memory budget maps the tables it sets aside from decoded copies: each is decoded once") {
  // Resuming KQvKR, KQvKQ and KRvKR over their sub-tables on disk with no budget: KRvK, read
  // by KQvKR and again by KRvKR, is set aside while KQvKQ is solved. Dropped, it would be
  // decoded again with KvK, which its left-out side reads; set aside, it is mapped from its
  // decoded copy. So KvK, KQvK and KRvK are decoded once each.
  const zz::chess::Chess chess;
  const std::vector<zz::chess::Material> roots = {m("KQvKR"), m("KQvKQ"), m("KRvKR")};
  const std::span<const zz::chess::Material> root_span(roots);
  compressed_test::TempDir dir;
  compressed_test::files_once<zz::chess::Chess>(root_span, dir.path);
  {
    zz::TableStore<zz::chess::Chess> store(chess, dir.path);
    for (const auto& r : roots) std::filesystem::remove(store.file(r));
  }
  std::filesystem::path copies;
  {
    zz::TableStore<zz::chess::Chess> store(chess, dir.path);
    zz::SolveOptions options;
    options.release_from_slots = 0;
    options.held_bytes_budget = 0;
    std::size_t copies_seen = 0;
    options.progress = [&](const zz::SolveProgress&) {
      for (const auto& e : std::filesystem::directory_iterator(store.directory()))
        if (e.path().filename().string().rfind(".decoded.", 0) == 0) {
          copies = e.path();
          copies_seen += std::filesystem::exists(e.path() / "KRvK.zzt");
        }
    };
    zz::solve_tiers(chess, root_span, store, options, false);
    CHECK(copies_seen > 0);  // KRvK was set aside, not dropped
    CHECK(store.decodes() == 3);
  }
  CHECK_FALSE(copies.empty());
  CHECK_FALSE(std::filesystem::exists(copies));  // the copies end with their store
  check_equal_to_a_solve_in_memory(chess, root_span, dir.path);
}

TEST_CASE("a tier whose decoded sub-tables pass half the budget reads them mapped from decoded copies") {
  // Chess KRPvKP reads eight promotion tables of 710 M slots: decoded into memory they
  // passed a 6 GiB cap. With no budget, KQvKR's sub-tables, decoded from their files, are
  // set aside as decoded copies before the solver reads them, and the table is the same.
  const zz::chess::Chess chess;
  const std::vector<zz::chess::Material> roots = {m("KQvKR")};
  const std::span<const zz::chess::Material> root_span(roots);
  compressed_test::TempDir dir;
  compressed_test::files_once<zz::chess::Chess>(root_span, dir.path);
  {
    zz::TableStore<zz::chess::Chess> store(chess, dir.path);
    std::filesystem::remove(store.file(m("KQvKR")));
  }
  zz::TableStore<zz::chess::Chess> store(chess, dir.path);
  zz::SolveOptions options;
  options.release_from_slots = 0;
  options.held_bytes_budget = 0;
  std::size_t levels = 0, in_memory = 0, mapped = 0;
  options.progress = [&](const zz::SolveProgress& p) {
    if (p.tier != "KQvKR" || p.table_finished || !p.decoding.empty()) return;
    ++levels;
    for (const auto& [name, bytes] : store.held_memory())
      if (name == "KQvK" || name == "KRvK") ++(bytes == 0 ? mapped : in_memory);
  };
  zz::solve_tiers(chess, root_span, store, options, false);
  CHECK(levels > 0);
  CHECK(mapped == 2 * levels);
  CHECK(in_memory == 0);
  CHECK(store.decodes() == 3);  // KQvK, KRvK and KvK (which KRvK's left-out side reads)
  check_equal_to_a_solve_in_memory(chess, root_span, dir.path);
}

TEST_CASE("decoded copies live in a folder of their own, removed with them and, if killed, by the next") {
  compressed_test::TempDir dir;
  // 999,999,999 is beyond any pid_max Linux allows: that process is gone.
  const std::filesystem::path stale = dir.path / ".decoded.999999999-0";
  std::filesystem::create_directories(stale);
  std::ofstream(stale / "KQvK.zzt") << "left by a killed pass";
  const std::filesystem::path not_ours = dir.path / ".decoded.notapid";
  std::filesystem::create_directories(not_ours);
  std::filesystem::path own;
  {
    const zz::DecodedCopies copies(dir.path);
    own = copies.directory();
    CHECK(std::filesystem::is_directory(own));
    CHECK(own.parent_path() == dir.path);
    CHECK_FALSE(std::filesystem::exists(stale));
    CHECK(std::filesystem::exists(not_ours));
    const zz::DecodedCopies other(dir.path);  // a second pass in the same process
    CHECK(other.directory() != own);
    CHECK(std::filesystem::is_directory(own));
  }
  CHECK_FALSE(std::filesystem::exists(own));
}

// solve, verify and compress turn --memory into the decoded bytes they hold by one rule.
TEST_CASE("a command's memory sets the decoded tables it holds: half of it, at most 8 GiB") {
  constexpr std::uint64_t GiB = std::uint64_t{1} << 30;
  CHECK(zz::held_bytes_for_memory(0) == 8 * GiB);  // no limit given
  CHECK(zz::held_bytes_for_memory(6 * GiB) == 3 * GiB);
  CHECK(zz::held_bytes_for_memory(64 * GiB) == 8 * GiB);
  CHECK(zz::held_bytes_for_memory(1) == 0);
}

TEST_CASE("a sub-table mapped from its kept copy stays mapped when the tier reads it past half the budget") {
  // A resumed all5 part read KBNvK, mapped from the copy an earlier part kept, while the
  // store held more than half its budget: setting the mapped table aside released it, and
  // the solver read the compressed file instead, deriving each left-out slot from its moves
  // (KQvKBN's first level came 95 s late, KBBvKP's 9 minutes). The table read must be the
  // mapped copy, not the compressed file.
  const zz::chess::Chess chess;
  const std::vector<zz::chess::Material> roots = {m("KQvKR")};
  compressed_test::TempDir dir;
  const auto& truth = solve_to_files(roots, dir.path);
  {
    zz::TableStore<zz::chess::Chess> earlier(chess, dir.path);  // an earlier part keeps KRvK's copy
    earlier.keep_decoded_across_runs();
    earlier.load_decoded(m("KRvK"));
  }
  zz::TableStore<zz::chess::Chess> store(chess, dir.path);
  store.keep_decoded_across_runs();
  const zz::TierTable& owned = store.load_decoded(m("KQvK"));  // decoded from its file: held in memory
  REQUIRE(owned.memory_bytes() > 0);
  const std::vector<zz::chess::Material> order = zz::dependency_order(chess, std::span<const zz::chess::Material>(roots));
  zz::SetMemory<zz::chess::Chess> memory(chess, order, 0);
  const zz::TierTable& read = memory.decode_dependency(store, m("KRvK"), 0);
  CHECK(store.kept_copies_read() >= 1);
  CHECK(read.mapped());
  CHECK_FALSE(read.compressed());
  CHECK(store.held_decoded(m("KRvK")));
  CHECK(compressed_test::used_mismatches(truth.at("KRvK"), read) == 0);
}
