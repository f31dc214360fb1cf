#pragma once
// Rule options: every game declares its options (name, allowed values, default) and is
// built from a map of chosen values. Every result names the full, normalized map.
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace zz {

struct RuleOption {
  std::string name;
  // Allowed values; empty means "an integer from 0 to 1,000,000".
  std::vector<std::string> choices;
  std::string default_value;
  std::string help;
};

using RuleValues = std::map<std::string, std::string, std::less<>>;

// Parses "K=V" texts into a map, checking each against the options and filling in the
// defaults. Throws InputError naming the offending option or value.
RuleValues parse_rules(std::span<const RuleOption> options, std::span<const std::string> assignments);

// "k1=v1,k2=v2" in the options' declared order: a stable name for a rule variant.
std::string rules_key(std::span<const RuleOption> options, const RuleValues& values);

// The integer value of an option declared without choices.
int rule_int(const RuleValues& values, std::string_view name);

}  // namespace zz
