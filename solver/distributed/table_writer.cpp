#include "solver/distributed/table_writer.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <stdexcept>

#include "solver/table/mapped_payload.hpp"

namespace zz {
namespace {

[[noreturn]] void fail(const std::string& what, const std::filesystem::path& file) {
  throw std::runtime_error(what + " table " + file.string() + " (" + std::strerror(errno) + ")");
}

void write_at(int fd, const void* data, std::size_t length, std::uint64_t offset, const std::filesystem::path& file) {
  const char* p = static_cast<const char*>(data);
  while (length > 0) {
    const ssize_t n = ::pwrite(fd, p, std::min<std::size_t>(length, 1 << 30), static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail("cannot write", file);
    p += n;
    length -= static_cast<std::size_t>(n);
    offset += static_cast<std::uint64_t>(n);
  }
}

// Writes `parts` (offset, bytes) into `file`, created empty when `create`, then syncs it.
void write_parts(const std::filesystem::path& file, bool create,
                 std::initializer_list<std::pair<std::uint64_t, std::span<const std::uint8_t>>> parts) {
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

std::span<const std::uint8_t> as_bytes_of(const std::string& s) {
  return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
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

void write_table(const std::filesystem::path& file, const TableIdentity& id, std::span<const Code> codes, Slice slice,
                 Communicator& comm) {
  // One width for the whole file: the narrowest that holds every rank's codes.
  const Code widest = codes.empty() ? 0 : *std::max_element(codes.begin(), codes.end());
  const int width = comm.max(static_cast<std::int64_t>(widest)) < 256 ? 1 : 2;
  std::vector<std::uint8_t> payload(codes.size() * width);
  for (std::size_t i = 0; i < codes.size(); ++i) {
    payload[i * width] = static_cast<std::uint8_t>(codes[i] & 0xFF);
    if (width == 2) payload[i * width + 1] = static_cast<std::uint8_t>(codes[i] >> 8);
  }
  const TierStats stats = merge_stats(count_stats(payload, width), id.entries, comm);
  // A slice starts on a multiple of 65,536 entries, so its blocks are blocks of the file.
  std::vector<std::vector<std::uint64_t>> to_root(comm.size());
  to_root[0] = block_checksums(payload);
  std::vector<std::uint64_t> counts;
  const std::vector<std::uint64_t> sums = comm.exchange(to_root, counts);

  // Rank 0 lays the file out; every rank learns where its part goes.
  std::string layout;
  std::string prefix;
  if (comm.rank() == 0) {
    prefix = table_prefix(id, width, stats, sums);
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
  if (!payload.empty()) write_parts(temp, false, {{payload_offset + slice.begin * width, payload}});
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
