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

  // A game opened already (a game written in Python), served under its name, which it takes
  // from a built-in game of the same name. Called before the server starts.
  void add(std::shared_ptr<api::Session> session);
  // The games add() gave, in their order.
  std::vector<api::GameInfo> added() const;

  // Throws InputError for an unknown game or rule.
  api::Session& get(const std::string& game, const std::vector<std::string>& rules);

 private:
  std::filesystem::path data_dir_;
  std::mutex mutex_;
  std::map<std::string, std::unique_ptr<api::Session>> sessions_;
  std::vector<std::shared_ptr<api::Session>> added_;
};

}  // namespace zz::serve
