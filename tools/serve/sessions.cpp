#include "tools/serve/sessions.hpp"

#include <cstdio>

#include "core/common/error.hpp"
#include "core/common/rules.hpp"

namespace zz::serve {

void SessionPool::add(std::shared_ptr<api::Session> session) { added_.push_back(std::move(session)); }

std::vector<api::GameInfo> SessionPool::added() const {
  std::vector<api::GameInfo> infos;
  for (const auto& s : added_) infos.push_back(s->info());
  return infos;
}

api::Session& SessionPool::get(const std::string& game, const std::vector<std::string>& rules) {
  for (const auto& s : added_) {
    if (s->info().name != game) continue;
    if (!rules.empty()) throw InputError(game + " has no rule options (its rules are its code)");
    return *s;
  }
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
