#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "core/common/rules.hpp"

namespace zz {

inline nlohmann::json rules_json(const RuleValues& rules) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [k, v] : rules) {
    const bool numeric = !v.empty() && v.find_first_not_of("0123456789") == std::string::npos;
    j[k] = numeric ? nlohmann::json(std::stoll(v)) : nlohmann::json(v);
  }
  return j;
}

// "k1=v1,k2=v2" in key order, or "default" for a game without options: names a variant's
// table folder.
inline std::string rules_folder(const RuleValues& rules) {
  std::string s;
  for (const auto& [k, v] : rules) s += (s.empty() ? "" : ",") + k + "=" + v;
  return s.empty() ? "default" : s;
}

}  // namespace zz
