#include <cstdio>
#include <iostream>

#include "api/json.hpp"
#include "core/common/byte_size.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/text.hpp"

namespace zz::cli {

int run_compress(const std::vector<std::string>& args) {
  GameOptions game;
  api::CompressRequest request;
  std::string codec, memory, values_only;
  int level = 0;
  std::uint64_t block_entries = 0;
  bool json = false;
  po::options_description options("options");
  game.add_to(options, true);
  options.add_options()("material", po::value(&request.material), "the tables, for games tabulated by material")(
      "format", po::value(&request.format), "3: compressed (default); 2: every code as it is")(
      "force", po::bool_switch(&request.force), "also rewrite tables already packed as asked (default: only those in another format or layout)")(
      "codec", po::value(&codec), "lzma or zstd (default: for each table the better of lzma 9 and zstd 19 on a sample; tables of 2^25 "
      "slots or more: LZMA2 9e, or a faster search of it where a sample codes within 3 % of its bytes)")(
      "level", po::value(&level), "the codec's level (with --codec)")(
      "block-entries", po::value(&block_entries), "codes per block, a power of two (default 131072; 1048576 for tables of 2^25 slots or more)")(
      "keep-unused", po::bool_switch(&request.keep_unused), "store unused slots instead of filling them")(
      "both-sides", po::bool_switch(&request.both_sides), "store both sides to move")(
      "smallest", po::bool_switch(&request.smallest),
      "LZMA2 9e's own search on every table of 2^25 slots or more, never a faster one (the five-piece set "
      "1.7 % smaller, each table's write 20-45 % slower)")(
      "dictionary", po::value(&request.zstd_dictionary), "zstd: train a dictionary of at most this many bytes")(
      "values-only", po::value(&values_only),
      "write each table's values alone (win, draw, loss: no distance to the end), 2 bits a slot before coding, into "
      "this other data folder; the tables read stay as they are")(
      "memory", po::value(&memory),
      "memory the rewrite may use, e.g. 6G: decoded tables are kept within half of it (at most 8G, the default), "
      "and the writer runs only as many block coders at once as a quarter of it holds (the files are the same)")(
      "json", po::bool_switch(&json), "one JSON document");
  po::positional_options_description positional;
  positional.add("game", 1);
  po::variables_map vm;
  if (!parse_command(args,
                     "zugzwang compress GAME [--material M] [--format 3|2] [--force] [--codec lzma|zstd] [--level N]\n"
                     "       [--block-entries N] [--keep-unused] [--both-sides] [--smallest] [--memory BYTES]\n"
                     "       [--values-only DIR] [--rule K=V]... [--data DIR]\n"
                     "       [--json]",
                     options, positional, vm))
    return 0;
  if (vm.count("codec")) request.codec = codec;
  if (vm.count("level")) request.level = level;
  if (vm.count("block-entries")) request.block_entries = block_entries;
  if (vm.count("memory")) request.memory = parse_byte_size(memory);
  if (vm.count("values-only")) request.values_only_to = values_only;
  auto session = game.session();
  if (!json)
    request.progress = [](const api::CompressedTable& t) {
      std::fprintf(stderr, "%s: %llu -> %llu bytes (%.2f s%s%s)\n", t.tier.c_str(),
                   static_cast<unsigned long long>(t.bytes_before), static_cast<unsigned long long>(t.bytes_after),
                   t.seconds, t.coder.empty() ? "" : ", ", t.coder.c_str());
    };
  const auto r = session->compress(request);
  if (json) std::cout << api::to_json(r).dump() << '\n';
  else print_compress(r, std::cout);
  return 0;
}

}  // namespace zz::cli
