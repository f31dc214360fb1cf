#include "tools/serve/sessions.hpp"

#include <cstdio>

#include "core/common/rules.hpp"

namespace zz::serve {

api::Session& SessionPool::get(const std::string& game, const std::vector<std::string>& rules) {
  const api::GameInfo& info = api::find_game(game);
  // The normalized rules name the variant, however the request spelled them.
  const std::string key = game + "|" + rules_key(info.options, parse_rules(info.options, rules));
  std::lock_guard lock(mutex_);
  auto& slot = sessions_[key];
  if (!slot) {
    api::SessionOptions options;
    options.notice = [](const std::string& text) { std::fprintf(stderr, "zugzwang serve: %s\n", text.c_str()); };
    slot = api::open_session(game, rules, data_dir_, std::move(options));
  }
  return *slot;
}

}  // namespace zz::serve
