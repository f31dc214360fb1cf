#include "core/common/outcome.hpp"

namespace zz {

std::optional<Value> parse_value(std::string_view text) {
  if (text == "win") return Value::Win;
  if (text == "loss") return Value::Loss;
  if (text == "draw") return Value::Draw;
  return std::nullopt;
}

}  // namespace zz
