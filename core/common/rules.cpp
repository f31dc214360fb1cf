#include "core/common/rules.hpp"

#include <algorithm>
#include <charconv>

#include "core/common/error.hpp"

namespace zz {
namespace {

// Move limits and the like; larger counts mean nothing to any game.
constexpr int kMaxRuleCount = 1000000;

bool is_count(std::string_view v) {
  int n = 0;
  auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  return ec == std::errc{} && end == v.data() + v.size() && n >= 0 && n <= kMaxRuleCount && !v.empty();
}

std::string describe(const RuleOption& o) {
  if (o.choices.empty()) return "an integer from 0 to " + std::to_string(kMaxRuleCount);
  std::string s;
  for (const auto& c : o.choices) s += (s.empty() ? "" : "|") + c;
  return s;
}

}  // namespace

RuleValues parse_rules(std::span<const RuleOption> options, std::span<const std::string> assignments) {
  RuleValues values;
  for (const auto& o : options) values[o.name] = o.default_value;
  for (const auto& a : assignments) {
    auto eq = a.find('=');
    if (eq == std::string::npos) throw InputError("rule '" + a + "' is not of the form K=V");
    std::string key = a.substr(0, eq), value = a.substr(eq + 1);
    auto it = std::find_if(options.begin(), options.end(), [&](const RuleOption& o) { return o.name == key; });
    if (it == options.end()) {
      std::string known;
      for (const auto& o : options) known += (known.empty() ? "" : ", ") + o.name;
      throw InputError("unknown rule '" + key + "' (rules: " + (known.empty() ? "none" : known) + ")");
    }
    bool ok = it->choices.empty() ? is_count(value)
                                  : std::find(it->choices.begin(), it->choices.end(), value) != it->choices.end();
    if (!ok) throw InputError("rule " + key + "=" + value + ": expected " + describe(*it));
    // One spelling per value ("030" is 30), so that one rule variant has one table folder.
    values[key] = it->choices.empty() ? std::to_string(std::stoi(value)) : value;
  }
  return values;
}

std::string rules_key(std::span<const RuleOption> options, const RuleValues& values) {
  std::string key;
  for (const auto& o : options) {
    if (!key.empty()) key += ',';
    key += o.name + "=" + values.find(o.name)->second;
  }
  return key;
}

int rule_int(const RuleValues& values, std::string_view name) {
  auto it = values.find(name);
  int n = 0;
  std::from_chars(it->second.data(), it->second.data() + it->second.size(), n);
  return n;
}

}  // namespace zz
