#include <filesystem>
#include <fstream>
#include <iostream>

#include "api/json.hpp"
#include "api/limits.hpp"
#include "core/common/error.hpp"
#include "tools/cli/command.hpp"

namespace zz::cli {
namespace {

// Streams the rows as one JSON document or as JSON lines, never holding the output. The
// document starts with the first row, so that a refusal (a missing table) writes nothing.
std::uint64_t write_rows(api::Session& session, const api::ExportRequest& request, bool json_lines,
                         std::ostream& out) {
  bool started = false;
  const auto start = [&] {
    if (!json_lines)
      out << "{\"game\":" << api::ojson(session.info().name).dump()
          << ",\"rules\":" << api::rules_json(session.rules()).dump() << ",\"positions\":[";
    started = true;
  };
  const std::uint64_t written = session.export_rows(request, [&](const api::ExportRow& row) {
    if (!started) start();
    else if (!json_lines) out << ',';
    out << api::to_json(row).dump();
    if (json_lines) out << '\n';
  });
  if (!started) start();
  if (!json_lines) out << "],\"count\":" << written << "}\n";
  return written;
}

}  // namespace

int run_export(const std::vector<std::string>& args) {
  GameOptions game;
  api::ExportRequest request;
  std::string format = "json", where, output;
  std::uint64_t limit = 0;
  po::options_description options("options");
  game.add_to(options, true);
  options.add_options()("format", po::value(&format), "json (one document) or jsonl (one position per line)")(
      "where", po::value(&where), "only positions with value=win|loss|draw")(
      "limit", po::value(&limit), "at most N positions")(
      "material", po::value(&request.material), "the tables, for games tabulated by material")(
      "output", po::value(&output), "write to FILE instead of stdout");
  po::positional_options_description positional;
  positional.add("game", 1);
  po::variables_map vm;
  if (!parse_command(args,
                     "zugzwang export GAME [--rule K=V]... [--format json|jsonl] [--where value=win] [--limit N] "
                     "[--output FILE]",
                     options, positional, vm))
    return 0;
  if (format != "json" && format != "jsonl") throw InputError("--format must be json or jsonl, not '" + format + "'");
  const bool json_lines = format == "jsonl";
  request.where = api::parse_where(where);
  if (vm.count("limit")) request.limit = limit;
  auto session = game.session();
  if (output.empty()) {
    write_rows(*session, request, json_lines, std::cout);
    return 0;
  }
  // Written beside the target and renamed when complete, like the tables themselves.
  const std::filesystem::path temp = output + ".partial";
  {
    std::ofstream out(temp);
    if (!out) throw InputError("cannot write " + output);
    const auto n = write_rows(*session, request, json_lines, out);
    out.flush();
    if (!out) throw std::runtime_error("writing " + temp.string() + " failed");
    std::cerr << n << " positions written to " << output << '\n';
  }
  std::filesystem::rename(temp, output);
  return 0;
}

}  // namespace zz::cli
