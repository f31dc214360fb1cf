#include "core/tablut/material.hpp"

#include <algorithm>
#include <cctype>

#include "core/common/error.hpp"

namespace zz::tablut {
namespace {

// Reads a run of decimal digits at text[pos]; false if there is none or it is too long.
bool read_count(std::string_view text, std::size_t& pos, int& out) {
  const std::size_t begin = pos;
  out = 0;
  while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos])) && pos - begin < 3)
    out = out * 10 + (text[pos++] - '0');
  return pos > begin && (pos == text.size() || !std::isdigit(static_cast<unsigned char>(text[pos])));
}

bool letter_at(std::string_view text, std::size_t& pos, char upper) {
  if (pos >= text.size() || std::toupper(static_cast<unsigned char>(text[pos])) != upper) return false;
  ++pos;
  return true;
}

}  // namespace

std::string material_name(const Material& m) {
  if (m.over) return "over";
  return "K" + std::to_string(m.white) + "W" + std::to_string(m.black) + "B";
}

void require_tabulated(const Material& m) {
  if (tabulated(m)) return;
  throw InputError("no Tablut table covers material " + material_name(m) + " (tables go up to " +
                   std::to_string(kMaxTablePieces) + " pawns besides the king)");
}

std::vector<Material> parse_material_selection(std::string_view text) {
  const std::string usage = "material '" + std::string(text) +
                            "' is not K<white>W<black>B (e.g. K2W3B: king, 2 white pawns, 3 black pawns) "
                            "or all<N> (every table with at most N pawns besides the king)";
  std::size_t pos = 0;
  int limit = 0;
  if (text.size() > 3 && letter_at(text, pos, 'A') && letter_at(text, pos, 'L') && letter_at(text, pos, 'L')) {
    if (!read_count(text, pos, limit) || pos != text.size()) throw InputError(usage);
    if (limit > kMaxTablePieces)
      throw InputError("material " + std::string(text) + ": tables go up to " + std::to_string(kMaxTablePieces) +
                       " pawns besides the king");
    std::vector<Material> all;
    for (int w = 0; w <= std::min(limit, kMaxWhitePawns); ++w)
      for (int b = 0; w + b <= limit && b <= kMaxBlackPawns; ++b) all.push_back({w, b, false});
    return all;
  }
  pos = 0;
  Material m;
  if (!letter_at(text, pos, 'K') || !read_count(text, pos, m.white) || !letter_at(text, pos, 'W') ||
      !read_count(text, pos, m.black) || !letter_at(text, pos, 'B') || pos != text.size())
    throw InputError(usage);
  if (m.white > kMaxWhitePawns || m.black > kMaxBlackPawns)
    throw InputError("material " + std::string(text) + ": Tablut has at most 8 white and 16 black pawns");
  require_tabulated(m);
  return {m};
}

std::vector<Material> material_dependencies(const Material& m) {
  if (m.over) return {};
  std::vector<Material> deps{Material::finished()};
  for (int k = 1; k <= 3 && k <= m.black; ++k) deps.push_back({m.white, m.black - k, false});
  for (int k = 1; k <= 3 && k <= m.white; ++k) deps.push_back({m.white - k, m.black, false});
  return deps;
}

}  // namespace zz::tablut
