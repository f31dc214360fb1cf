#pragma once
// The name of a variant's table folder, apart from rules_json.hpp: the table store
// (store.hpp), which every game's session instantiates, needs only this, and JSON's header
// is a tenth of what a session unit parses.
#include <string>

#include "core/common/rules.hpp"

namespace zz {

// "k1=v1,k2=v2" in key order, or "default" for a game without options: names a variant's
// table folder.
inline std::string rules_folder(const RuleValues& rules) {
  std::string s;
  for (const auto& [k, v] : rules) s += (s.empty() ? "" : ",") + k + "=" + v;
  return s.empty() ? "default" : s;
}

}  // namespace zz
