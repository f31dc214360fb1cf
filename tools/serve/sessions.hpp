#pragma once
// The sessions of a long-lived process: one per game and rule variant, opened on first use
// and shared by every request, so that each table is mapped once.
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "api/session.hpp"

namespace zz::serve {

class SessionPool {
 public:
  explicit SessionPool(std::filesystem::path data_dir) : data_dir_(std::move(data_dir)) {}

  // Throws InputError for an unknown game or rule.
  api::Session& get(const std::string& game, const std::vector<std::string>& rules);

 private:
  std::filesystem::path data_dir_;
  std::mutex mutex_;
  std::map<std::string, std::unique_ptr<api::Session>> sessions_;
};

}  // namespace zz::serve
