#pragma once
// A folder of decoded tables, one code per slot (format 2), that a pass over a large set
// maps instead of decoding a compressed file again. Decoding a compressed table values the
// slots its file leaves out from the tables its moves reach, which must be decoded first,
// and theirs in turn: once a memory budget had dropped them, all5's KPPvKP decoded nearly
// every five-piece table for hours. A table the budget sets aside is written here once and
// mapped when read again; the kernel keeps what fits in its page cache.
//
// The folder is its own (DATA/.decoded.PID-N), removed when the copies end; folders
// of processes that no longer run (killed passes) are removed when a new one is made.
#include <filesystem>
#include <string>

namespace zz {

class DecodedCopies {
 public:
  explicit DecodedCopies(const std::filesystem::path& parent);
  ~DecodedCopies();
  DecodedCopies(const DecodedCopies&) = delete;
  DecodedCopies& operator=(const DecodedCopies&) = delete;

  const std::filesystem::path& directory() const { return dir_; }
  std::filesystem::path file(const std::string& tier) const { return dir_ / (tier + ".zzt"); }
  // Forgets a tier's copy (no reader is left); a mapping of it stays valid.
  void remove(const std::string& tier) const;

 private:
  std::filesystem::path dir_;
};

}  // namespace zz
