#pragma once
// The properties every game's parsers keep, for any input:
//   - a rejected position or move throws InputError (anything else escapes and aborts);
//   - a parsed position formats to text that parses back to an equal position, and that
//     text is a fixed point of format(parse(...));
//   - a parsed move is one of the position's legal moves, and its text (and its name, for
//     games that name moves: chess SAN) parses back to it;
//   - a position a table could hold ranks inside its tier's index.
// Input: a position on the first line, then moves separated by spaces or newlines.
#include <string>
#include <string_view>
#include <vector>

#include "core/common/error.hpp"
#include "solver/game.hpp"
#include "tests/fuzz/fuzz_check.hpp"

namespace zz_fuzz {

inline std::vector<std::string_view> words(std::string_view text, std::size_t max) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size() && out.size() < max) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\n')) ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != '\n') ++j;
    if (j > i) out.push_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}

template <zz::Game G>
void check_round_trip(const G& game, const typename G::Position& p) {
  const std::string text = game.format(p);
  const typename G::Position back = game.parse(text);  // must not throw: formatted text is valid
  FUZZ_REQUIRE(back == p);
  FUZZ_REQUIRE(game.format(back) == text);
}

template <zz::Game G>
void check_index(const G& game, const typename G::Position& p) {
  if constexpr (zz::Enumerable<G>) {
    if (game.outcome(p)) return;
    try {
      const auto tier = game.tier_of(p);
      const std::uint64_t size = game.tier_size(tier);
      FUZZ_REQUIRE(game.rank(p) < size);
    } catch (const zz::InputError&) {
      // No table covers this position (chess with castling rights, too many pieces).
    }
  }
}

template <zz::Game G>
void check_game(const G& game, std::string_view input) {
  const std::size_t eol = input.find('\n');
  const std::string_view position_text = input.substr(0, eol);
  typename G::Position p;
  try {
    p = game.parse(position_text);
  } catch (const zz::InputError&) {
    return;
  }
  check_round_trip(game, p);
  check_index(game, p);
  if (eol == std::string_view::npos) return;
  for (std::string_view move_text : words(input.substr(eol + 1), 8)) {
    typename G::Move m;
    try {
      m = game.parse_move(p, move_text);
    } catch (const zz::InputError&) {
      return;
    }
    bool legal = false;
    game.for_each_move(p, [&](const typename G::Move& candidate) { legal = legal || candidate == m; });
    FUZZ_REQUIRE(legal);
    FUZZ_REQUIRE(game.parse_move(p, game.format_move(m)) == m);
    if constexpr (zz::HasMoveNames<G>) FUZZ_REQUIRE(game.parse_move(p, game.move_name(p, m)) == m);
    p = game.play(p, m);
    check_round_trip(game, p);
    check_index(game, p);
  }
}

}  // namespace zz_fuzz
