// The table writer reads which slots their exits value from the in-memory solver's loss
// floors instead of generating every slot's moves (solver/exit_floors.hpp). The files must
// be byte for byte those written the slow way, for chess (en passant makes positions the
// floors cannot tell about) and Tablut, the games whose tables store implied slots.
#include <doctest/doctest.h>

#include <fstream>
#include <iterator>

#include "core/chess/game.hpp"
#include "core/tablut/game.hpp"
#include "round_trip.hpp"

namespace {

std::string bytes_of(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Solves the set through solve_tiers (the writer reads the floors), then writes each table
// again with store.save alone (the writer generates every slot's moves) and compares the
// files.
template <class G>
void check_same_files(const G& game, std::span<const typename G::Tier> roots) {
  compressed_test::TempDir with_floors, with_moves;
  zz::TableStore<G> fast(game, with_floors.path);
  zz::solve_tiers(game, roots, fast, zz::SolveOptions{}, false);
  zz::TableStore<G> slow(game, with_moves.path);
  std::size_t compared = 0;
  for (const auto& t : zz::dependency_order(game, roots)) {
    // The tables its exits reach, which the writer reads, are those written before.
    const zz::TierTable& solved = fast.load_decoded(t);
    std::vector<zz::Code> codes(solved.size());
    for (std::uint64_t i = 0; i < codes.size(); ++i) codes[i] = solved.code(i);
    slow.save(t, zz::TierTable(std::span<const zz::Code>(codes)));
    CAPTURE(game.tier_name(t));
    const std::string a = bytes_of(fast.file(t)), b = bytes_of(slow.file(t));
    REQUIRE(!a.empty());
    CHECK(a == b);
    ++compared;
  }
  CHECK(compared == zz::dependency_order(game, roots).size());
}

}  // namespace

TEST_CASE("tables written from the solver's exit floors equal those written from every slot's moves: chess") {
  const zz::chess::Chess chess;
  // KPvKP: promotions, and en passant (positions with a transient child, valued from moves).
  const std::vector<zz::chess::Material> roots = {zz::chess::parse_material("KQvKR"), zz::chess::parse_material("KPvKP")};
  check_same_files(chess, std::span<const zz::chess::Material>(roots));
}

TEST_CASE("tables written from the solver's exit floors equal those written from every slot's moves: Tablut") {
  const zz::tablut::Tablut tablut;
  const auto roots = zz::tablut::parse_material_selection("K1W2B");
  check_same_files(tablut, std::span<const zz::tablut::Material>(roots));
}

TEST_CASE("an exit floor that disagrees with the slot's moves stops the write") {
  // KQvK solved, then the floors of the slots the writer values both ways (every 4,093rd)
  // made to claim a win in 1 through an exit: the write must stop rather than store a
  // wrong table.
  const zz::chess::Chess chess;
  const auto kqk = zz::chess::parse_material("KQvK"), kk = zz::chess::parse_material("KvK");
  compressed_test::TempDir dir;
  zz::TableStore<zz::chess::Chess> store(chess, dir.path);
  const zz::chess::Material roots[] = {kk};
  zz::solve_tiers(chess, std::span<const zz::chess::Material>(roots), store, zz::SolveOptions{}, false);
  std::vector<zz::SolvedTier<zz::chess::Material>> solved = {{kk, &store.load_decoded(kk)}};
  zz::SolveOptions keep;
  keep.keep_exit_floors = true;
  zz::RetrogradeSolver<zz::chess::Chess> solver(chess, kqk, std::span<const zz::SolvedTier<zz::chess::Material>>(solved),
                                                keep);
  zz::TierTable table = solver.solve();
  const zz::Code win_in_1 = zz::encode(zz::Outcome::win(1));
  std::vector<std::uint16_t> floors(table.size(), 0);
  std::size_t planted = 0;
  for (std::uint64_t i = 0; i < table.size(); i += 4093)
    if (table.code(i) != zz::kUnusedCode && table.code(i) != win_in_1) {
      floors[i] = zz::retro_detail::kWinAt | 1;
      ++planted;
    }
  REQUIRE(planted > 0);
  const zz::ExitFloors wrong(std::move(floors));
  CHECK_THROWS_AS(store.save(kqk, std::move(table), &wrong), std::logic_error);
  CHECK_FALSE(std::filesystem::exists(store.file(kqk)));
}
