#include "solver/distributed/table_writer.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <stdexcept>

#include "solver/file_io.hpp"
#include "solver/table/mapped_payload.hpp"

namespace zz {
namespace {

[[noreturn]] void fail(const std::string& what, const std::filesystem::path& file) {
  throw std::runtime_error(what + " table " + file.string() + " (" + std::strerror(errno) + ")");
}

void write_at(int fd, const void* data, std::size_t length, std::uint64_t offset, const std::filesystem::path& file) {
  if (!write_all_at(fd, {static_cast<const std::uint8_t*>(data), length}, offset)) fail("cannot write", file);
}

// Bytes to write at an offset of the file.
using Part = std::pair<std::uint64_t, std::span<const std::uint8_t>>;

// Writes `parts` into `file`, created empty when `create`, then syncs it.
void write_parts(const std::filesystem::path& file, bool create, std::span<const Part> parts) {
  const int fd = ::open(file.c_str(), O_WRONLY | O_CLOEXEC | (create ? O_CREAT | O_TRUNC : 0), 0644);
  if (fd < 0) fail("cannot open", file);
  try {
    for (const auto& [offset, bytes] : parts) write_at(fd, bytes.data(), bytes.size(), offset, file);
    if (::fsync(fd) != 0) fail("cannot sync", file);
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::close(fd);
}

void write_parts(const std::filesystem::path& file, bool create, std::initializer_list<Part> parts) {
  write_parts(file, create, std::span<const Part>(parts.begin(), parts.size()));
}

std::span<const std::uint8_t> as_bytes_of(const std::string& s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

// The block checksums of the whole file from each rank's (`counts[s]` of them from rank s,
// in the order of its grains): grain g is rank (g mod N)'s next grain.
std::vector<std::uint64_t> in_file_order(const std::vector<std::uint64_t>& gathered,
                                         const std::vector<std::uint64_t>& counts, std::uint64_t entries, int width) {
  const int ranks = static_cast<int>(counts.size());
  std::vector<std::uint64_t> next(ranks, 0);
  for (int s = 1; s < ranks; ++s) next[s] = next[s - 1] + counts[s - 1];
  const std::uint64_t block = std::uint64_t{1} << MappedPayload::kBlockShift;
  std::vector<std::uint64_t> sums;
  for (std::uint64_t begin = 0; begin < entries; begin += Ownership::kGrain) {
    const int s = static_cast<int>((begin >> Ownership::kGrainShift) % ranks);
    const std::uint64_t bytes = std::min(Ownership::kGrain, entries - begin) * width;
    for (std::uint64_t b = 0; b < (bytes + block - 1) / block; ++b) sums.push_back(gathered.at(next[s]++));
  }
  if (sums.size() != gathered.size()) throw std::logic_error("the ranks' checksums do not fit the table");
  return sums;
}

}  // namespace

TierStats merge_stats(const TierStats& mine, std::uint64_t entries, Communicator& comm) {
  std::vector<std::uint64_t> counts{mine.wins, mine.losses, mine.draws};
  comm.sum(counts);
  std::vector<std::int64_t> longest{mine.longest_win, mine.longest_loss};
  comm.max(longest);
  TierStats s;
  s.entries = entries;
  s.wins = counts[0];
  s.losses = counts[1];
  s.draws = counts[2];
  s.longest_win = static_cast<int>(longest[0]);
  s.longest_loss = static_cast<int>(longest[1]);
  s.wins_by_remoteness = mine.wins_by_remoteness;
  s.wins_by_remoteness.resize(static_cast<std::size_t>(s.longest_win + 1));
  comm.sum(s.wins_by_remoteness);
  s.losses_by_remoteness = mine.losses_by_remoteness;
  s.losses_by_remoteness.resize(static_cast<std::size_t>(s.longest_loss + 1));
  comm.sum(s.losses_by_remoteness);
  return s;
}

void write_table(const std::filesystem::path& file, const TableIdentity& id, std::span<const Code> codes,
                 const Ownership& owned, Communicator& comm) {
  // One width for the whole file: the narrowest that holds every rank's codes.
  const Code widest = codes.empty() ? 0 : *std::max_element(codes.begin(), codes.end());
  const int width = comm.max(static_cast<std::int64_t>(widest)) < 256 ? 1 : 2;
  std::vector<std::uint8_t> payload(codes.size() * width);
  for (std::size_t i = 0; i < codes.size(); ++i) {
    payload[i * width] = static_cast<std::uint8_t>(codes[i] & 0xFF);
    if (width == 2) payload[i * width + 1] = static_cast<std::uint8_t>(codes[i] >> 8);
  }
  const TierStats stats = merge_stats(count_stats(payload, width), id.entries, comm);
  // A grain is one or two whole checksum blocks (or the file's short last one), so this
  // rank's checksums are those of its grains; rank 0 puts every rank's back in file order.
  std::vector<std::vector<std::uint64_t>> to_root(comm.size());
  to_root[0] = block_checksums(payload);
  std::vector<std::uint64_t> counts, gathered;
  comm.exchange(to_root, gathered, counts);

  // Rank 0 lays the file out; every rank learns where its part goes.
  std::string layout;
  if (comm.rank() == 0) {
    const std::vector<std::uint64_t> sums = in_file_order(gathered, counts, id.entries, width);
    const std::string prefix = table_prefix(id, width, stats, sums);
    std::filesystem::create_directories(file.parent_path());
    remove_stale_temporaries(file);
    const std::filesystem::path temp = file.string() + ".tmp-" + std::to_string(::getpid());
    const std::vector<std::uint8_t> sum_bytes = block_sum_bytes(sums);
    write_parts(temp, true, {{0, as_bytes_of(prefix)}, {prefix.size() + id.entries * width, sum_bytes}});
    layout = std::to_string(prefix.size()) + "\n" + temp.string();
  }
  comm.broadcast(layout, 0);
  const std::uint64_t payload_offset = std::stoull(layout.substr(0, layout.find('\n')));
  const std::filesystem::path temp = layout.substr(layout.find('\n') + 1);
  std::vector<Part> parts;
  for (std::uint64_t l = 0; l < owned.size(); l += Ownership::kGrain) {
    const std::uint64_t length = std::min(Ownership::kGrain, owned.size() - l) * width;
    parts.push_back({payload_offset + owned.global(l) * width, std::span(payload).subspan(l * width, length)});
  }
  if (!parts.empty()) write_parts(temp, false, parts);
  comm.barrier();  // every part written and synced
  if (comm.rank() == 0) {
    std::filesystem::rename(temp, file);
    const int dir = ::open(file.parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
      ::fsync(dir);
      ::close(dir);
    }
  }
  comm.barrier();  // the table is complete for every rank
}

}  // namespace zz
