#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "core/common/rules.hpp"
#include "solver/table/rules_folder.hpp"

namespace zz {

inline nlohmann::json rules_json(const RuleValues& rules) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [k, v] : rules) {
    const bool numeric = !v.empty() && v.find_first_not_of("0123456789") == std::string::npos;
    j[k] = numeric ? nlohmann::json(std::stoll(v)) : nlohmann::json(v);
  }
  return j;
}

}  // namespace zz
