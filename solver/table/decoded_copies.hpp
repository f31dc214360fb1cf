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
//
// Kept copies (`--keep-decoded`) outlive the process instead: DATA/.decoded-kept, one file
// per table named after the table and a fingerprint of its compressed file (every table
// decoded from its file, and every table a set solve builds that a later one reads), so a later pass
// (the next part of a set built in parts, or the check after a solve) maps them instead of
// decoding the table's closure again; a table rebuilt has another fingerprint. They are
// never removed by zugzwang: 1-2 bytes per slot on disk until the folder is deleted.
#include <filesystem>
#include <string>

namespace zz {

class DecodedCopies {
 public:
  enum class Lifetime { process, kept };
  explicit DecodedCopies(const std::filesystem::path& parent, Lifetime lifetime = Lifetime::process);
  ~DecodedCopies();
  DecodedCopies(const DecodedCopies&) = delete;
  DecodedCopies& operator=(const DecodedCopies&) = delete;

  const std::filesystem::path& directory() const { return dir_; }
  bool kept() const { return lifetime_ == Lifetime::kept; }
  // The copy of a tier's table; a kept copy is named after its source's fingerprint too.
  std::filesystem::path file(const std::string& tier, const std::string& fingerprint = {}) const {
    return dir_ / (kept() ? tier + "-" + fingerprint + ".zzt" : tier + ".zzt");
  }
  // Forgets a tier's copy (no reader is left); a mapping of it stays valid. Kept copies stay.
  void remove(const std::string& tier) const;

 private:
  Lifetime lifetime_;
  std::filesystem::path dir_;
};

}  // namespace zz
