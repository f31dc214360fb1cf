// `zugzwang board GAME POSITION`: the position as the results layer describes it for a page
// (squares, pieces, hands, marks, the legal moves as squares), as a diagram or --json.
#include <iostream>
#include <set>

#include "api/json.hpp"
#include "tools/cli/command.hpp"

namespace zz::cli {
namespace {

// A piece as two characters: its label (or kind's first letter), then the owner's digit. An
// empty square: '*' marked, '+' a point of a board of points (an end of one of its lines).
std::string board_cell(const SquareView& s, const std::set<std::string>& points) {
  if (!s.piece) return !s.marks.empty() ? " *" : points.count(s.name) ? " +" : " .";
  const std::string label = s.piece->label.empty() ? s.piece->kind.substr(0, 1) : s.piece->label;
  return label + std::to_string(s.piece->owner + 1);
}

void print_board(const api::BoardResult& r, std::ostream& out) {
  const BoardView& b = r.board;
  out << r.position << "\n\n";
  std::set<std::string> points;
  for (const auto& l : b.lines) points.insert({l.from, l.to});
  for (int row = 0; row < b.ranks; ++row) {
    out << (row < static_cast<int>(b.rank_labels.size()) ? b.rank_labels[row] : "") << '\t';
    for (int f = 0; f < b.files; ++f) out << ' ' << board_cell(b.squares[static_cast<std::size_t>(row * b.files + f)], points);
    out << '\n';
  }
  out << '\t';
  for (const auto& f : b.file_labels) out << "  " << f;
  out << "\n\n";
  for (std::size_t i = 0; i < b.hands.size(); ++i) {
    out << b.players[i] << " in hand:";
    if (b.hands[i].empty()) out << " -";
    for (const auto& h : b.hands[i]) out << ' ' << h.piece.kind << (h.count > 1 ? " x" + std::to_string(h.count) : "");
    out << '\n';
  }
  for (const auto& [mark, text] : b.legend) out << "marks: " << mark << " = " << text << '\n';
  out << (r.over ? "game over: " + r.result.value_or("") : b.players[static_cast<std::size_t>(b.to_move)] + " to move, " +
                                                                std::to_string(r.moves.size()) + " legal moves")
      << '\n';
}

}  // namespace

int run_board(const std::vector<std::string>& args) {
  GameOptions game;
  std::string position;
  bool json = false;
  po::options_description options("options");
  game.add_to(options, false);
  options.add_options()("position", po::value(&position)->required(), "position text, or start")(
      "json", po::bool_switch(&json), "one JSON document (what the HTTP API's /api/board answers)");
  po::positional_options_description positional;
  positional.add("game", 1).add("position", 1);
  po::variables_map vm;
  if (!parse_command(args, "zugzwang board GAME POSITION [--rule K=V]... [--json]", options, positional, vm)) return 0;
  const auto r = game.session(false)->board(position);
  if (json) std::cout << api::to_json(r).dump() << '\n';
  else print_board(r, std::cout);
  return 0;
}

}  // namespace zz::cli
