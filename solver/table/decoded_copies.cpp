#include "solver/table/decoded_copies.hpp"

#include "solver/file_io.hpp"

#include <atomic>
#include <system_error>

#include <unistd.h>

namespace zz {

namespace {

constexpr const char* kPrefix = ".decoded.";

// Removes PARENT/.decoded.PID-N folders whose process no longer runs.
void remove_stale_folders(const std::filesystem::path& parent) {
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(parent, ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind(kPrefix, 0) != 0) continue;
    const std::string pid_n = name.substr(std::char_traits<char>::length(kPrefix));
    if (process_gone(pid_n.substr(0, pid_n.find('-')))) std::filesystem::remove_all(e.path(), ec);
  }
}

}  // namespace

// Each set of copies has its own folder, PARENT/.decoded.PID-N: a process may hold several.
// Kept copies share PARENT/.decoded-kept with every process that keeps them.
DecodedCopies::DecodedCopies(const std::filesystem::path& parent, Lifetime lifetime) : lifetime_(lifetime) {
  if (kept()) {
    dir_ = parent / ".decoded-kept";
    std::filesystem::create_directories(dir_);
    remove_stale_folders(parent);  // a killed pass's own copies, whichever kind the next pass keeps
    return;
  }
  static std::atomic<unsigned> made{0};
  dir_ = parent / (kPrefix + std::to_string(::getpid()) + "-" + std::to_string(made++));
  std::filesystem::create_directories(parent);
  remove_stale_folders(parent);
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
  std::filesystem::create_directories(dir_);
}

DecodedCopies::~DecodedCopies() {
  if (kept()) return;
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

void DecodedCopies::remove(const std::string& tier) const {
  if (kept()) return;
  std::error_code ec;
  std::filesystem::remove(file(tier), ec);
}

}  // namespace zz
