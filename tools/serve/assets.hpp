#pragma once
// The analysis board page, built into the program from web/ (cmake/embed_web.cmake).
#include <string_view>

namespace zz::serve {

struct Asset {
  std::string_view path;  // "index.html", "js/app.js", ...
  std::string_view content;
};

// nullptr when no built-in file has that path.
const Asset* find_asset(std::string_view path);

std::string_view mime_type(std::string_view path);

}  // namespace zz::serve
