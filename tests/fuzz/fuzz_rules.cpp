// Fuzzes the --rule parser with every game's options: each line is one K=V assignment.
// Accepted values are among the option's choices or a count, every option has a value,
// and the normalized assignments parse back to the same values.
#include <algorithm>
#include <string>
#include <vector>

#include "core/common/error.hpp"
#include "core/common/rules.hpp"
#include "core/taktikl/game.hpp"
#include "core/tatedrez/game.hpp"
#include "tests/fuzz/fuzz_check.hpp"

namespace {

void check(std::span<const zz::RuleOption> options, const std::vector<std::string>& assignments) {
  zz::RuleValues values;
  try {
    values = zz::parse_rules(options, assignments);
  } catch (const zz::InputError&) {
    return;
  }
  FUZZ_REQUIRE(values.size() == options.size());
  std::vector<std::string> normalized;
  for (const auto& o : options) {
    const auto it = values.find(o.name);
    FUZZ_REQUIRE(it != values.end());
    if (o.choices.empty()) {
      FUZZ_REQUIRE(!it->second.empty() && it->second.find_first_not_of("0123456789") == std::string::npos);
      FUZZ_REQUIRE(it->second == std::to_string(zz::rule_int(values, o.name)));
    } else {
      FUZZ_REQUIRE(std::find(o.choices.begin(), o.choices.end(), it->second) != o.choices.end());
    }
    normalized.push_back(o.name + "=" + it->second);
  }
  FUZZ_REQUIRE(zz::parse_rules(options, normalized) == values);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> assignments;
  std::string line;
  for (char c : zz_fuzz::as_text(data, size)) {
    if (c == '\n') {
      assignments.push_back(line);
      line.clear();
    } else {
      line += c;
    }
  }
  if (!line.empty()) assignments.push_back(line);
  check(zz::tatedrez::TateDrez::rule_options(), assignments);
  check(zz::taktikl::TakTikl::rule_options(), assignments);
  return 0;
}
