// The JSON form of a board (BoardResult): what /api/board answers and `zugzwang board
// --json` prints. Kept apart from json.cpp: it grows with the page, not with the solver.
#include "api/json.hpp"

namespace zz::api {
namespace {

ojson piece_json(const PieceView& p) { return {{"kind", p.kind}, {"owner", p.owner}, {"label", p.label}}; }

}  // namespace

ojson to_json(const BoardView& b) {
  ojson squares = ojson::array();
  for (const auto& s : b.squares)
    squares.push_back({{"name", s.name}, {"marks", s.marks}, {"piece", s.piece ? piece_json(*s.piece) : ojson(nullptr)}});
  ojson hands = ojson::array();
  for (const auto& hand : b.hands) {
    ojson pieces = ojson::array();
    for (const auto& h : hand) {
      ojson entry = piece_json(h.piece);
      entry["count"] = h.count;
      pieces.push_back(entry);
    }
    hands.push_back(pieces);
  }
  ojson arrows = ojson::array();
  for (const auto& a : b.arrows) arrows.push_back({{"from", a.from}, {"to", a.to}, {"owner", a.owner}, {"mark", a.mark}});
  ojson legend = ojson::array();
  for (const auto& [mark, text] : b.legend) legend.push_back({{"mark", mark}, {"text", text}});
  ojson doc = {{"files", b.files},     {"ranks", b.ranks},         {"file_labels", b.file_labels},
               {"rank_labels", b.rank_labels}, {"checkered", b.checkered}, {"players", b.players},
               {"to_move", b.to_move}, {"squares", squares},       {"hands", hands},
               {"arrows", arrows},     {"legend", legend}};
  // Only boards of points have lines: the boards of squares keep the document they had.
  if (!b.lines.empty()) {
    ojson lines = ojson::array();
    for (const auto& l : b.lines) lines.push_back({{"from", l.from}, {"to", l.to}});
    doc["lines"] = lines;
  }
  return doc;
}

ojson to_json(const MoveView& m) {
  ojson doc = {{"move", m.move}};
  if (!m.name.empty()) doc["name"] = m.name;
  if (m.from) doc["from"] = *m.from;
  if (m.to) doc["to"] = *m.to;
  if (m.drop) doc["drop"] = piece_json(*m.drop);
  if (m.promotion) doc["promotion"] = piece_json(*m.promotion);
  if (m.remove) doc["remove"] = *m.remove;
  return doc;
}

ojson to_json(const BoardResult& r) {
  ojson doc = {{"game", r.game}, {"rules", rules_json(r.rules)}, {"position", r.position}, {"over", r.over},
               {"result", r.result ? ojson(*r.result) : ojson(nullptr)}, {"board", to_json(r.board)}};
  ojson moves = ojson::array();
  for (const auto& m : r.moves) moves.push_back(to_json(m));
  doc["moves"] = moves;
  if (r.material) doc["material"] = *r.material;
  return doc;
}

}  // namespace zz::api
