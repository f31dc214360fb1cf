#include <cstdio>
#include <iostream>
#include <unistd.h>

#include "api/json.hpp"
#include "core/common/byte_size.hpp"
#include "core/common/error.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/distributed.hpp"
#include "tools/cli/progress.hpp"
#include "tools/cli/text.hpp"

namespace zz::cli {
namespace {

void print_report(const api::SolveReport& report, const api::Session& session, bool json) {
  if (json) {
    std::cout << api::to_json(report).dump(2) << '\n';
    std::fprintf(stderr, "solved in %.2f s; tables in %s\n", report.seconds, report.directory.c_str());
  } else {
    print_solve(report, session, std::cout);
  }
}

}  // namespace

int run_solve(const std::vector<std::string>& args) {
  GameOptions game;
  api::SolveRequest request;
  bool json = false, distributed = false, no_counts = false;
  std::string progress_mode = "auto", memory, codec;
  int level = 0;
  po::options_description options("options");
  game.add_to(options, true);
  options.add_options()("threads", po::value(&request.threads), "worker threads (default: all cores; per rank)")(
      "material", po::value(&request.material), "the tables to build, for games tabulated by material")(
      "rebuild", po::bool_switch(&request.rebuild), "solve again even where tables exist")(
      "table-format", po::value(&request.table_format), "3: compressed tables (default); 2: one code per slot")(
      "codec", po::value(&codec),
      "lzma or zstd: code every table so (default: the better of lzma 9 and zstd 19 on a sample of each, "
      "as compress chooses); a fast one, e.g. --codec zstd --level 6, writes ten times faster and 10-20 % "
      "larger, and `compress --force` makes the tables smallest later")(
      "level", po::value(&level), "the codec's level (with --codec; default its strongest: zstd 19, lzma 9)")(
      "distributed", po::bool_switch(&distributed),
      "solve with the ranks of an MPI job (automatic under mpirun or srun)")(
      "progress", po::value(&progress_mode),
      "auto (a redrawn line on a terminal; one line per level in a distributed job's log), lines, or off")(
      "json", po::bool_switch(&json), "print the summary as one JSON document")(
      "keep-decoded", po::bool_switch(&request.keep_decoded),
      "keep each sub-table decoded from its compressed file, and each table built that a later one reads, as a "
      "copy in DATA/GAME/RULES/.decoded-kept (1-2 bytes per slot on disk, never removed by zugzwang) and map "
      "copies found there instead of decoding again: a set built or checked in parts decodes each table once")(
      "memory", po::value(&memory),
      "memory the solve may use, e.g. 512M or 8G (default: the machine's); a table whose in-memory solve "
      "needs more (5 bytes per slot) is solved in the compact working state (half a byte per slot, slower)")(
      "working-state", po::value(&request.working_state),
      "auto (by --memory, the default), memory or compact")(
      "checkpoint-every", po::value(&request.checkpoint_seconds),
      "seconds between the checkpoints of a compact solve (default 600; 0: every level; -1: none): "
      "a solve stopped in any way resumes from the last one")(
      "no-counts", po::bool_switch(&no_counts),
      "leave out the counts by side to move and of whole-board positions, which read every table again "
      "(hours for chess all5; `summary` gives them table by table)");
  po::positional_options_description positional;
  positional.add("game", 1);
  po::variables_map vm;
  if (!parse_command(args,
                     "zugzwang solve GAME [--rule K=V]... [--material M] [--threads N] [--data DIR] [--json]\n"
                     "       mpirun -np N zugzwang solve GAME ...   (each rank owns a slice of every table)\n"
                     "       zugzwang solve --game-file FILE.py[:NAME] [--memory 2G] ...   (a game written in Python)",
                     options, positional, vm))
    return 0;
  require_positive(vm, "threads");
  if (vm.count("memory")) request.memory = game.game_file_memory = parse_byte_size(memory);
  if (vm.count("codec")) request.codec = codec;
  if (vm.count("level")) request.level = level;
  if (progress_mode != "auto" && progress_mode != "lines" && progress_mode != "off")
    throw InputError("--progress must be auto, lines or off, not '" + progress_mode + "'");
  auto session = game.session();
  const auto job = DistributedJob::start(distributed, nullptr, nullptr);
  const int rank = job ? job->comm().rank() : 0;
  const int ranks = job ? job->comm().size() : 1;
  Progress::Mode mode = Progress::Mode::Off;
  if (rank == 0 && progress_mode == "lines") mode = Progress::Mode::Lines;
  if (rank == 0 && progress_mode == "auto")
    mode = ::isatty(STDERR_FILENO) ? Progress::Mode::Redraw : job ? Progress::Mode::Lines : Progress::Mode::Off;
  Progress progress(mode);
  if (rank == 0) request.progress = [&](const SolveProgress& p) { progress.update(p); };
  if (job) request.comm = &job->comm();
  request.command = "zugzwang solve " + game.command_words();
  if (!request.material.empty()) request.command += " --material " + request.material;
  if (request.codec) request.command += " --codec " + *request.codec;
  if (request.level) request.command += " --level " + std::to_string(*request.level);
  if (json) request.command += " --json";
  if (no_counts) {
    request.summary = false;
    request.command += " --no-counts";
  }
  try {
    const auto report = session->solve(request);
    progress.finish();
    if (rank == 0) print_report(report, *session, json);
  } catch (const std::exception& e) {
    if (ranks <= 1) throw;
    // One rank failing fails the job: no rank may wait for it in a collective. Bad input is
    // rejected alike by every rank, so rank 0 alone says why.
    const bool input = dynamic_cast<const InputError*>(&e) != nullptr;
    if (!input || rank == 0)
      std::fprintf(stderr, "zugzwang solve (rank %d of %d): %s; stopping the job\n", rank, ranks,
                   one_line(e.what()).c_str());
    job->abort(input ? 2 : 1);
  }
  return 0;
}

}  // namespace zz::cli
