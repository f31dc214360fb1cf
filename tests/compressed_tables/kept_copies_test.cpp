// Kept decoded copies (`solve --keep-decoded`, `verify --keep-decoded`): a table decoded
// from its compressed file is written once to DATA/.decoded-kept, and a later store maps it
// from there instead of decoding it and its closure again; a copy of another file's
// contents, or a damaged one, is never read.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "core/chess/game.hpp"
#include "round_trip.hpp"
#include "solved_once.hpp"

namespace {

const zz::chess::Material kKQvKR = zz::chess::parse_material("KQvKR");

using compressed_test::used_mismatches;

// The kept copies of a tier's table in a store's folder of tables (DATA/chess/default).
std::vector<std::filesystem::path> kept_copies_of(const std::filesystem::path& tables, const std::string& tier) {
  std::vector<std::filesystem::path> found;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(tables / ".decoded-kept", ec))
    if (e.path().filename().string().rfind(tier + "-", 0) == 0) found.push_back(e.path());
  return found;
}

// KQvKR and its sub-tables, compressed, in `dir`; the solve in memory to compare with.
const zz::TierTable& solve_kqvkr(const std::filesystem::path& dir) {
  const std::vector<zz::chess::Material> roots = {kKQvKR};
  compressed_test::files_once<zz::chess::Chess>(std::span<const zz::chess::Material>(roots), dir);
  return compressed_test::solved_once<zz::chess::Chess>(roots).at("KQvKR");
}

}  // namespace

TEST_CASE("kept decoded copies: a later store maps them and decodes nothing, with the same codes") {
  const zz::chess::Chess chess;
  compressed_test::TempDir dir;
  const zz::TierTable& truth = solve_kqvkr(dir.path);
  // A killed pass's own copies (999,999,999 is beyond any pid_max): removed by the next pass,
  // which keeps its copies.
  const auto stale = dir.path / "chess" / "default" / ".decoded.999999999-0";
  std::filesystem::create_directories(stale);
  {
    zz::TableStore<zz::chess::Chess> first(chess, dir.path);
    first.keep_decoded_across_runs();
    CHECK_FALSE(std::filesystem::exists(stale));
    CHECK(used_mismatches(truth, first.load_decoded(kKQvKR)) == 0);
    CHECK(first.decodes() >= 2);  // KQvKR and the sub-tables its left-out side reads
    CHECK(first.kept_copies_read() == 0);
  }
  CHECK(kept_copies_of(dir.path / "chess" / "default", "KQvKR").size() == 1);
  {
    zz::TableStore<zz::chess::Chess> later(chess, dir.path);
    later.keep_decoded_across_runs();
    CHECK(used_mismatches(truth, later.load_decoded(kKQvKR)) == 0);
    CHECK(later.decodes() == 0);
    CHECK(later.kept_copies_read() == 1);  // not even its sub-tables are needed
  }
  zz::TableStore<zz::chess::Chess> without(chess, dir.path);
  CHECK(used_mismatches(truth, without.load_decoded(kKQvKR)) == 0);
  CHECK(without.decodes() >= 2);
}

TEST_CASE("kept decoded copies: a copy of an older file or a damaged copy is decoded again") {
  const zz::chess::Chess chess;
  compressed_test::TempDir dir;
  const zz::TierTable& truth = solve_kqvkr(dir.path);
  {
    zz::TableStore<zz::chess::Chess> store(chess, dir.path);
    store.keep_decoded_across_runs();
    store.load_decoded(kKQvKR);
  }
  // KQvKR written again with other blocks: the same codes in another file.
  {
    zz::TableStore<zz::chess::Chess> store(chess, dir.path);
    const zz::TierTable& read = store.load_decoded(kKQvKR);
    zz::TierTable decoded(std::vector<std::uint8_t>(read.bytes().begin(), read.bytes().end()), read.width(),
                          read.stats());
    zz::PackOptions small_blocks = zz::default_pack_options();
    small_blocks.block_shift = 10;
    zz::write_table(store.file(kKQvKR), store.identity(kKQvKR), decoded, small_blocks);
  }
  {
    zz::TableStore<zz::chess::Chess> store(chess, dir.path);
    store.keep_decoded_across_runs();
    CHECK(used_mismatches(truth, store.load_decoded(kKQvKR)) == 0);
    CHECK(store.decodes() == 1);  // KQvKR from its new file; its sub-tables from their copies
  }
  const auto copies = kept_copies_of(dir.path / "chess" / "default", "KQvKR");
  REQUIRE(copies.size() == 2);  // the old file's and the new one's
  // Every copy of KQvKR cut short: refused, decoded again, and written whole again.
  for (const auto& copy : copies) std::filesystem::resize_file(copy, std::filesystem::file_size(copy) / 2);
  zz::TableStore<zz::chess::Chess> store(chess, dir.path);
  store.keep_decoded_across_runs();
  CHECK(used_mismatches(truth, store.load_decoded(kKQvKR)) == 0);
  CHECK(store.decodes() == 1);
  // The current file's copy was written whole again (the old file's, never asked for, stays
  // as it is): a later store maps it.
  zz::TableStore<zz::chess::Chess> reader(chess, dir.path);
  reader.keep_decoded_across_runs();
  reader.load_decoded(kKQvKR);
  CHECK(reader.kept_copies_read() == 1);
}

TEST_CASE("kept decoded copies: a set solve keeps the tables it builds that a later one reads") {
  // A set built over two processes: the second maps, and never decodes, what the first
  // built and a table of the second reads.
  const zz::chess::Chess chess;
  compressed_test::TempDir dir;
  const auto tables = dir.path / "chess" / "default";
  {
    const std::vector<zz::chess::Material> first_part = {kKQvKR};
    zz::TableStore<zz::chess::Chess> store(chess, dir.path);
    store.keep_decoded_across_runs();
    zz::solve_tiers(chess, std::span<const zz::chess::Material>(first_part), store, zz::SolveOptions{}, false);
    CHECK(store.decodes() == 0);
  }
  CHECK(kept_copies_of(tables, "KQvK").size() == 1);  // KQvKR reads it
  CHECK(kept_copies_of(tables, "KQvKR").empty());     // nothing in its set reads it
  const std::vector<zz::chess::Material> second_part = {zz::chess::parse_material("KQQvK")};
  {
    zz::TableStore<zz::chess::Chess> store(chess, dir.path);
    store.keep_decoded_across_runs();
    zz::solve_tiers(chess, std::span<const zz::chess::Material>(second_part), store, zz::SolveOptions{}, false);
    CHECK(store.decodes() == 0);  // KQvK, the king taking a queen, mapped
    CHECK(store.kept_copies_read() == 1);
  }
  const auto& truth = compressed_test::solved_once<zz::chess::Chess>(second_part);
  zz::TableStore<zz::chess::Chess> reader(chess, dir.path);
  CHECK(used_mismatches(truth.at("KQQvK"), reader.load_decoded(zz::chess::parse_material("KQQvK"))) == 0);
  // Tables written in format 2 are their own decoded copies: none is written beside them.
  compressed_test::TempDir plain;
  zz::TableStore<zz::chess::Chess> format2(chess, plain.path);
  format2.set_format(zz::kUncompressedFormatVersion);
  format2.keep_decoded_across_runs();
  const std::vector<zz::chess::Material> roots = {kKQvKR};
  zz::solve_tiers(chess, std::span<const zz::chess::Material>(roots), format2, zz::SolveOptions{}, false);
  CHECK(kept_copies_of(plain.path / "chess" / "default", "KQvK").empty());
}
