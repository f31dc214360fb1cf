#pragma once
// The limits and option sets of the requests every face passes to a Session, defined and
// checked once here: the command line's flags, the HTTP parameters and Python's keyword
// arguments are only converted to these types, and a Session checks what it is given.
// Messages name the option as every face spells it (depth, seconds, proof_plies, ...).
// A face may still lower a limit for its own sake (the HTTP server's --max-analyze-seconds).
#include <cstdint>
#include <optional>
#include <string>

#include "api/session.hpp"
#include "core/common/error.hpp"

namespace zz::api {

inline constexpr int kMinAnalyzeDepth = 1, kMaxAnalyzeDepth = 200;  // plies
inline constexpr double kMaxAnalyzeSeconds = 86400;
inline constexpr int kMaxAnalyzeLines = 64, kMaxAnalyzeThreads = 256;
inline constexpr int kMaxProofPlies = 64;
inline constexpr std::uint64_t kMaxProofNodes = 1'000'000'000;  // per position
inline constexpr int kMaxPerftDepth = 30;
// A game that solves on demand does so only while the tables a query needs have at most
// this many slots (the solver's working memory is about 4 bytes per slot): Tak Tikl's 4x4
// (33 M slots) and 4x5 without the no-return rule (2.2 M) solve in seconds, 4x5 with it
// (637 M: minutes and 3.7 GiB) must be solved on purpose.
inline constexpr std::uint64_t kMaxOnDemandSlots = 100'000'000;

// Exactly one of depth and seconds, each within its limits.
inline void check(const AnalyzeRequest& r) {
  if (r.depth.has_value() == r.seconds.has_value()) throw InputError("give exactly one of depth and seconds");
  if (r.depth && (*r.depth < kMinAnalyzeDepth || *r.depth > kMaxAnalyzeDepth))
    throw InputError("depth must be between " + std::to_string(kMinAnalyzeDepth) + " and " +
                     std::to_string(kMaxAnalyzeDepth) + " plies");
  if (r.seconds && !(*r.seconds > 0 && *r.seconds <= kMaxAnalyzeSeconds))
    throw InputError("seconds must be above 0 and at most " + std::to_string(static_cast<int>(kMaxAnalyzeSeconds)));
  if (r.lines < 1 || r.lines > kMaxAnalyzeLines)
    throw InputError("lines must be between 1 and " + std::to_string(kMaxAnalyzeLines));
  if (r.threads < 1 || r.threads > kMaxAnalyzeThreads)
    throw InputError("threads must be between 1 and " + std::to_string(kMaxAnalyzeThreads));
}

inline void check(const ReviewOptions& o) {
  if (o.proof_plies < 0 || o.proof_plies > kMaxProofPlies)
    throw InputError("proof_plies must be between 0 and " + std::to_string(kMaxProofPlies));
  if (o.proof_nodes < 1 || o.proof_nodes > kMaxProofNodes)
    throw InputError("proof_nodes must be between 1 and " + std::to_string(kMaxProofNodes));
}

inline void check_perft_depth(int depth) {
  if (depth < 0 || depth > kMaxPerftDepth)
    throw InputError("perft depth must be between 0 and " + std::to_string(kMaxPerftDepth));
}

// An export filter: "win", "draw" or "loss", also written "value=win" (the command line's
// --where); empty: every position.
inline std::optional<Value> parse_where(const std::string& text) {
  if (text.empty()) return std::nullopt;
  const std::string v = text.rfind("value=", 0) == 0 ? text.substr(6) : text;
  if (const auto value = zz::parse_value(v)) return value;
  throw InputError("where must be win, loss or draw (or value=win, ...), not '" + text + "'");
}

}  // namespace zz::api
