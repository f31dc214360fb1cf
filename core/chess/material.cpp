#include "core/chess/material.hpp"

#include <algorithm>
#include <bit>

#include "core/common/error.hpp"

namespace zz::chess {
namespace {

constexpr std::array<int, 5> kValue = {1, 3, 3, 5, 9};  // Pawn..Queen
constexpr std::string_view kLetters = "PNBRQ";
constexpr std::array<PieceType, 5> kStrongFirst = {Queen, Rook, Bishop, Knight, Pawn};

int value(const std::array<std::uint8_t, 5>& half) {
  int v = 0;
  for (int t = 0; t < 5; ++t) v += kValue[t] * half[t];
  return v;
}

void add_unique(std::vector<Material>& list, const Material& m) {
  const Material c = canonical(m);
  if (std::find(list.begin(), list.end(), c) == list.end()) list.push_back(c);
}

}  // namespace

int Material::pieces(Color c) const {
  int n = 0;
  for (auto k : count[c]) n += k;
  return n;
}

Material material_of(const Position& p) {
  Material m;
  for (Color c : {White, Black})
    for (int t = Pawn; t <= Queen; ++t)
      m.count[c][t] = static_cast<std::uint8_t>(std::popcount(p.pieces(c, PieceType(t))));
  return m;
}

Material flipped(const Material& m) {
  Material f;
  f.count[White] = m.count[Black];
  f.count[Black] = m.count[White];
  return f;
}

bool black_stronger(const Material& m) {
  const int w = value(m.count[White]), b = value(m.count[Black]);
  if (w != b) return b > w;
  for (PieceType t : kStrongFirst)
    if (m.count[White][t] != m.count[Black][t]) return m.count[Black][t] > m.count[White][t];
  return false;
}

std::string material_name(const Material& m) {
  std::string s;
  for (Color c : {White, Black}) {
    if (c == Black) s += 'v';
    s += 'K';
    for (PieceType t : kStrongFirst) s.append(m.count[c][t], kLetters[t]);
  }
  return s;
}

Material parse_material(std::string_view text) {
  const std::string shown(text);
  auto reject = [&](const std::string& why) -> Material {
    throw InputError("bad material '" + shown + "': " + why + " (expected e.g. KQvKR)");
  };
  const std::size_t v = text.find('v');
  if (v == std::string_view::npos || text.find('v', v + 1) != std::string_view::npos)
    return reject("one 'v' must separate White's pieces from Black's");
  Material m;
  for (Color c : {White, Black}) {
    const std::string_view half = c == White ? text.substr(0, v) : text.substr(v + 1);
    if (half.empty() || half[0] != 'K') return reject("each side starts with its king K");
    for (char ch : half.substr(1)) {
      const std::size_t t = kLetters.find(ch);
      if (t == std::string_view::npos)
        return reject("'" + std::string(1, ch) + "' is not one of the pieces Q R B N P");
      ++m.count[c][t];
    }
  }
  if (m.pieces() > kMaxTablePieces)
    return reject("tables hold at most " + std::to_string(kMaxTablePieces) + " pieces, kings included");
  return canonical(m);
}

std::vector<Material> sub_materials(const Material& m) {
  std::vector<Material> subs;
  for (Color c : {White, Black}) {
    const Color them = ~c;
    for (int t = Pawn; t <= Queen; ++t) {
      if (!m.count[c][t]) continue;
      Material captured = m;  // c's piece of type t is taken
      --captured.count[c][t];
      add_unique(subs, captured);
    }
    if (!m.count[c][Pawn]) continue;
    for (int promoted = Knight; promoted <= Queen; ++promoted) {
      Material p = m;
      --p.count[c][Pawn];
      ++p.count[c][promoted];
      add_unique(subs, p);
      for (int t = Knight; t <= Queen; ++t) {  // promoting with a capture (never of a pawn)
        if (!p.count[them][t]) continue;
        Material pc = p;
        --pc.count[them][t];
        add_unique(subs, pc);
      }
    }
  }
  return subs;
}

std::vector<Material> all_materials(int pieces) {
  std::vector<Material> list;
  // Every split of the pieces besides the kings into two multisets of types.
  const int others = pieces - 2;
  auto halves = [](int n) {
    std::vector<std::array<std::uint8_t, 5>> out;
    std::array<std::uint8_t, 5> h{};
    auto fill = [&](auto&& self, int type, int left) -> void {
      if (type == 5) {
        if (left == 0) out.push_back(h);
        return;
      }
      for (int k = 0; k <= left; ++k) {
        h[type] = static_cast<std::uint8_t>(k);
        self(self, type + 1, left - k);
      }
      h[type] = 0;
    };
    fill(fill, 0, n);
    return out;
  };
  for (int w = others; w >= 0; --w)
    for (const auto& white : halves(w))
      for (const auto& black : halves(others - w)) {
        Material m;
        m.count[White] = white;
        m.count[Black] = black;
        add_unique(list, m);
      }
  return list;
}

}  // namespace zz::chess
