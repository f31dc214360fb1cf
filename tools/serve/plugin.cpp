// libzugzwang_serve.so's entry points (plugin.hpp): the server's errors cross back into the
// program as text, so that the program reports them exactly as its own.
#include "tools/serve/plugin.hpp"

#include <exception>

#include "api/build_info.hpp"
#include "core/common/error.hpp"

extern "C" {

int zugzwang_serve_abi() { return zz::serve::kPluginAbi; }

const char* zugzwang_serve_commit() { return zz::api::build_info().commit.c_str(); }

int zugzwang_serve_run(const zz::serve::Options* options, std::string* error) {
  try {
    return zz::serve::run(*options);
  } catch (const zz::InputError& e) {
    *error = e.what();
    return -2;
  } catch (const std::exception& e) {
    *error = e.what();
    return -1;
  }
}
}
