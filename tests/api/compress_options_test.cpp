// What `compress` asks of the writer: the solver's own settings for each table unless the
// request says otherwise (here: --smallest keeps LZMA2 9e's own search on large tables).
#include <doctest/doctest.h>

#include "api/compress_tables.hpp"
#include "core/chess/game.hpp"
#include "tests/cli/cli_runner.hpp"

TEST_CASE("compress --smallest keeps LZMA2 9e's own search; by default large tables may take a faster one") {
  const zz::chess::Chess chess;
  cli_test::TempDir dir;
  zz::TableStore<zz::chess::Chess> store(chess, dir.path);
  const auto large = zz::chess::parse_material("KQRvKR");
  const auto small = zz::chess::parse_material("KQvKR");
  REQUIRE(chess.tier_size(large) >= zz::kLargeTableSlots);
  REQUIRE(chess.tier_size(small) < zz::kLargeTableSlots);
  zz::api::CompressRequest defaults, smallest;
  smallest.smallest = true;
  CHECK(zz::api::pack_options_for(store, large, defaults).cheaper_within > 0);
  CHECK(zz::api::pack_options_for(store, large, smallest).cheaper_within == 0);
  CHECK(zz::api::pack_options_for(store, small, defaults).cheaper_within == 0);
  const zz::PackOptions o = zz::api::pack_options_for(store, large, smallest);
  CHECK((o.choose_codec && o.codec.extreme && o.codec.level == 9));
}

// compress --memory gives the writer's block coders a quarter of the budget, as a solve does
// (solve_tiers: TableStore::limit_coder_memory); without it the store's limit (none) stands.
TEST_CASE("compress --memory gives the block coders a quarter of it") {
  const zz::chess::Chess chess;
  cli_test::TempDir dir;
  zz::TableStore<zz::chess::Chess> store(chess, dir.path);
  const auto t = zz::chess::parse_material("KQvKR");
  zz::api::CompressRequest plain, budget;
  budget.memory = std::uint64_t{6} << 30;
  CHECK(zz::api::pack_options_for(store, t, plain).coder_memory == 0);
  CHECK(zz::api::pack_options_for(store, t, budget).coder_memory == (std::uint64_t{6} << 30) / 4);
}
