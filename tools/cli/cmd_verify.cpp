#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <set>

#include <nlohmann/json.hpp>

#include "api/json.hpp"
#include "core/common/byte_size.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/text.hpp"

namespace zz::cli {

namespace {

// The tables a record of earlier runs (one `verify --json` document per line) found clean by a
// check at least as thorough as this one: a whole check always; a sampled one only for a run
// sampled alike (the same size and seed, so the same slots), never for a whole check.
std::set<std::string> clean_in_record(const std::filesystem::path& record, const api::VerifyRequest& run) {
  std::set<std::string> clean;
  std::ifstream in(record);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    const auto doc = nlohmann::json::parse(line, nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("tables") || !doc["tables"].is_array())
      throw InputError("--record " + record.string() + " line " + std::to_string(n) +
                       ": not a verify --json document (a line of an interrupted run? remove it)");
    for (const auto& t : doc["tables"]) {
      if (!t.is_object() || t.value("mismatches", std::uint64_t{1}) != 0 || !t.contains("tier") || !t["tier"].is_string())
        continue;
      const bool whole = !t.contains("sample") || t["sample"].is_null();
      const bool same_sample = !whole && run.sample && t["sample"].is_object() &&
                               t["sample"].value("requested", std::uint64_t{0}) == *run.sample &&
                               t["sample"].value("seed", ~std::uint64_t{0}) == run.seed;
      if (whole || same_sample) clean.insert(t["tier"].get<std::string>());
    }
  }
  return clean;
}

// One checked table as a line of the record: the verify --json document of that table alone.
void append_to_record(const std::filesystem::path& record, const api::VerifyResult& shape, const api::VerifiedTable& t) {
  api::VerifyResult one{shape.game, shape.rules, {t}};
  one.tables[0].summary.reset();
  std::ofstream out(record, std::ios::app);
  out << api::to_json(one).dump() << '\n';
  out.flush();
  if (!out) throw std::runtime_error("cannot write the record " + record.string());
}

// A table's summary, as `zugzwang summary GAME --material TABLE --json` prints it.
void write_summary(const std::filesystem::path& folder, const api::SummaryResult& s) {
  std::filesystem::create_directories(folder);
  const auto file = folder / (s.tables.at(0).tier + ".json");
  std::ofstream out(file.string() + ".tmp");
  out << api::to_json(s).dump(2) << '\n';
  out.close();
  if (!out) throw std::runtime_error("cannot write " + file.string());
  std::filesystem::rename(file.string() + ".tmp", file);
}

// The record and the summaries' folder are tried before any table is checked: a check of
// all5 runs for hours before it first writes to them.
void check_writable(const std::filesystem::path& record, const std::filesystem::path& summaries) {
  if (!record.empty() && !std::ofstream(record, std::ios::app))
    throw InputError("--record " + record.string() + ": cannot be written");
  if (summaries.empty()) return;
  std::error_code error;
  std::filesystem::create_directories(summaries, error);
  const auto probe = summaries / ".zugzwang-write-test";
  if (error || !std::ofstream(probe))
    throw InputError("--summaries " + summaries.string() + ": cannot write there" + (error ? " (" + error.message() + ")" : ""));
  std::filesystem::remove(probe, error);
}

// A whole number as --sample and --seed take it: decimal digits, for --sample optionally
// followed by k, M or G (10^3, 10^6, 10^9: "100M" is 10^8 slots). Anything else, or past
// 2^64 - 1, is refused with the reason.
std::uint64_t parse_count(const std::string& option, const std::string& text, bool suffix) {
  const auto bad = [&](const std::string& why) {
    return InputError("--" + option + " '" + text + "': " + why +
                      (suffix ? " (examples: 1000000, 100M)" : " (a whole number from 0 to 18446744073709551615)"));
  };
  constexpr std::uint64_t top = std::numeric_limits<std::uint64_t>::max();
  std::size_t at = 0;
  std::uint64_t n = 0;
  for (; at < text.size() && text[at] >= '0' && text[at] <= '9'; ++at) {
    const auto digit = static_cast<std::uint64_t>(text[at] - '0');
    if (n > (top - digit) / 10) throw bad("too large");
    n = n * 10 + digit;
  }
  if (at == 0) throw bad("not a whole number");
  const std::string unit = text.substr(at);
  std::uint64_t scale = 1;
  if (suffix && (unit == "k" || unit == "K")) scale = 1000;
  else if (suffix && unit == "M") scale = 1000000;
  else if (suffix && unit == "G") scale = 1000000000;
  else if (!unit.empty()) throw bad("not a whole number");
  if (n > top / scale) throw bad("too large");
  return n * scale;
}

}  // namespace

// Exit status 0 when every table is clean, 1 when a position disagrees with its moves (2:
// bad input, as everywhere).
int run_verify(const std::vector<std::string>& args) {
  GameOptions game;
  api::VerifyRequest request;
  bool json = false, quiet = false;
  std::string record, summaries, memory, sample, seed;
  po::options_description options("options");
  game.add_to(options, true);
  options.add_options()("material", po::value(&request.material), "the tables, for games tabulated by material")(
      "threads", po::value(&request.threads), "threads (default: every core)")(
      "examples", po::value(&request.examples), "mismatches listed per table (default 10)")(
      "quiet", po::bool_switch(&quiet), "no progress on standard error")(
      "record", po::value(&record),
      "append each checked table to FILE (one JSON line) and skip the tables FILE has clean, whole or (for a --sample "
      "run) by the same sample and seed: a long check resumes")(
      "summaries", po::value(&summaries), "also write each checked table's summary to DIR/TABLE.json")(
      "keep-decoded", po::bool_switch(&request.keep_decoded),
      "keep each sub-table decoded from its compressed file as a copy in DATA/GAME/RULES/.decoded-kept (1-2 "
      "bytes per slot on disk, never removed by zugzwang) and map copies found there instead of decoding again: "
      "a set built or checked in parts decodes each table once")(
      "memory", po::value(&memory),
      "memory the check may use, e.g. 6G: decoded tables are kept within half of it (at most 8G, the "
      "default), and a table's sub-tables past a quarter of it are read mapped from decoded copies on disk")(
      "from-scratch", po::bool_switch(&request.from_scratch),
      "rank every child whole after playing its move (not the solver's shortcuts) and check the derived side too: "
      "slower")(
      "sample", po::value(&sample),
      "check only N slots of each table (e.g. 100M = 10^8), a uniform random sample without replacement "
      "(unused slots drawn are counted and skipped; every slot when N is at least the table's size): no table is "
      "decoded whole, each slot and its children are read block by block through the block cache (within half of "
      "--memory)")(
      "decode-sub-tables", po::bool_switch(&request.decode_sub_tables),
      "with --sample: decode each table's sub-tables whole (within --memory, as a whole check does) and read "
      "only the sampled table block by block; faster where the sample reads most of its children's blocks")(
      "seed", po::value(&seed),
      "the sample's seed (default 0): slot i's key is splitmix64's (i+1)-th output from the seed and the sample is "
      "the N slots of smallest key, the same on every machine")(
      "json", po::bool_switch(&json), "one JSON document");
  po::positional_options_description positional;
  positional.add("game", 1);
  po::variables_map vm;
  if (!parse_command(args,
                     "zugzwang verify GAME [--material M] [--threads N] [--examples N] [--rule K=V]... [--data DIR]\n"
                     "       [--record FILE] [--summaries DIR] [--memory BYTES] [--keep-decoded] [--from-scratch]\n"
                     "       [--sample N [--seed S] [--decode-sub-tables]] [--quiet] [--json]\n"
                     "Checks every stored position one ply deep: its value must be what its moves imply. With\n"
                     "--sample, a seeded uniform random sample of N slots of each table instead.",
                     options, positional, vm))
    return 0;
  if (request.threads < 0) throw InputError("--threads must be 0 (every core) or more");
  if (vm.count("memory")) request.memory = parse_byte_size(memory);
  if (vm.count("seed") && !vm.count("sample")) throw InputError("--seed needs --sample");
  if (request.decode_sub_tables && !vm.count("sample")) throw InputError("--decode-sub-tables needs --sample");
  if (vm.count("sample")) {
    request.sample = parse_count("sample", sample, true);
    if (*request.sample == 0) throw InputError("--sample 0: a sample needs at least one slot");
    if (vm.count("seed")) request.seed = parse_count("seed", seed, false);
    if (!summaries.empty()) throw InputError("--summaries needs every slot: not with --sample");
  }
  auto session = game.session();
  check_writable(record, summaries);
  if (!record.empty()) request.skip = clean_in_record(record, request);
  request.summaries = !summaries.empty();
  // Only the game and rules of this shape are used: each table is written as it is checked.
  const api::VerifyResult shape{session->info().name, session->rules(), {}};
  request.progress = [&](const api::VerifiedTable& t) {
    if (!quiet) print_verified_table(t, std::cerr);
    if (!record.empty()) append_to_record(record, shape, t);
    if (t.summary) write_summary(summaries, *t.summary);
  };
  if (!quiet) {
    request.advance = [](const std::string& tier, std::uint64_t done, std::uint64_t entries) {
      std::cerr << tier << ": " << done * 100 / entries << "% of " << entries << " slots\n";
    };
  }
  const auto r = session->verify(request);
  if (json) std::cout << api::to_json(r).dump() << '\n';
  else print_verify(r, *session, std::cout);
  return r.clean() ? 0 : 1;
}

}  // namespace zz::cli
