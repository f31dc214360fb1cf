#include "core/chess/game.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "core/common/error.hpp"

namespace zz::chess {

namespace {

// e2e4, g1f3, e7e8q: UCI's shape (which SAN never takes but for a pawn's over-named move,
// the same move either way).
bool uci_shaped(std::string_view t) {
  const auto file = [](char c) { return c >= 'a' && c <= 'h'; };
  const auto rank = [](char c) { return c >= '1' && c <= '8'; };
  return (t.size() == 4 || (t.size() == 5 && std::string_view("nbrq").find(t[4]) != std::string_view::npos)) &&
         file(t[0]) && rank(t[1]) && file(t[2]) && rank(t[3]);
}

}  // namespace

Move Chess::parse_move(const Position& p, std::string_view text) const {
  const Move m = uci_shaped(text) ? parse_uci(p, text) : parse_san(p, text);
  if (drawn_by_rule(p))
    throw InputError("illegal move " + quote_move_text(text) + ": the game is over (" +
                     (fifty_move_rule(p) ? "50-move rule" : "insufficient material") + ")");
  return m;
}

}  // namespace zz::chess

namespace zz::chess {

Material Chess::tier_of(const Position& p) const {
  if (p.castling_rights())
    throw InputError("no table covers " + format_fen(p) + ": table positions have no castling rights");
  // The index (and its binomial tables) exists only for table-sized material.
  if (std::popcount(p.pieces()) > kMaxTablePieces)
    throw InputError("no table covers " + format_fen(p) + ": tables hold at most " + std::to_string(kMaxTablePieces) +
                     " pieces, kings included");
  return table_of(p).material;
}

std::uint64_t Chess::tier_size(const Tier& t) const {
  if (t.pieces() > kMaxTablePieces)
    throw InputError("no table covers the material " + material_name(t) + ": tables hold at most " +
                     std::to_string(kMaxTablePieces) + " pieces, kings included");
  return TableIndex(t).size();
}

Chess::TierRanker::TierRanker(const Material& m) : index(m), exits(sub_materials(m)) {
  for (const Material& e : exits) exit_index.emplace_back(e);
  for (Color mover : {White, Black})
    for (int captured = Pawn; captured <= kNoCapture; ++captured)
      for (int promotion = 0; promotion <= 4; ++promotion) {
        Material child = m;
        if (captured != kNoCapture) {
          if (!child.count[~mover][captured]) continue;
          --child.count[~mover][captured];
        }
        if (promotion) {
          // A pawn promotes on the last rank, where no pawn stands to be captured.
          if (!child.count[mover][Pawn] || captured == Pawn) continue;
          --child.count[mover][Pawn];
          ++child.count[mover][Knight + promotion - 1];
        }
        if (child == m) continue;
        Exit& e = exit_of[mover][captured][promotion];
        e.flip = black_stronger(child);
        const Material canonical_child = e.flip ? flipped(child) : child;
        e.tier = static_cast<int>(std::find(exits.begin(), exits.end(), canonical_child) - exits.begin());
        if (e.tier == static_cast<int>(exits.size()))
          throw std::logic_error("no sub-table " + material_name(canonical_child) + " of " + material_name(m));
      }
}

std::vector<Material> Chess::solve_roots(const std::string& material) const {
  if (material.empty()) throw InputError("chess tables need --material (e.g. KQvKR, all3, all4, all5)");
  std::vector<Material> roots;
  std::size_t start = 0;
  while (start <= material.size()) {
    std::size_t end = material.find(',', start);
    if (end == std::string::npos) end = material.size();
    const std::string word = material.substr(start, end - start);
    if (word == "all2" || word == "all3" || word == "all4" || word == "all5") {
      for (const Material& m : all_materials(word[3] - '0'))
        if (std::find(roots.begin(), roots.end(), m) == roots.end()) roots.push_back(m);
    } else {
      const Material m = parse_material(word);
      if (std::find(roots.begin(), roots.end(), m) == roots.end()) roots.push_back(m);
    }
    start = end + 1;
  }
  return roots;
}

std::string Chess::describe(Outcome o) const {
  switch (o.value) {
    case Value::Win: return "mate in " + std::to_string((o.remoteness + 1) / 2);
    case Value::Loss: return "mated in " + std::to_string(o.remoteness / 2);
    case Value::Draw: break;
  }
  return "draw";
}

}  // namespace zz::chess
