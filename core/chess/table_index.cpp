#include "core/chess/table_index.hpp"
#include "core/chess/table_index_parts.hpp"

#include "core/common/error.hpp"

#include <array>
#include <atomic>
#include <utility>
#include <vector>

#include "core/common/symmetry.hpp"

namespace zz::chess {

using index_parts::kChoose;
using index_parts::kMaps;
using index_parts::kMaxGroup;
using index_parts::kPawnOffset;
using index_parts::squares_for;

TableIndex::KingPairs::KingPairs(bool pawns) {
  const std::vector<int> group = pawns ? std::vector<int>{int(Symmetry::Identity), int(Symmetry::MirrorFiles)}
                                       : std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7};
  std::vector<int> least(64 * 64, -1);
  for (int w = 0; w < 64; ++w)
    for (int b = 0; b < 64; ++b) {
      if (w == b || (king_attacks(Square(w)) & square_bb(Square(b)))) continue;
      int best = 64 * 64;
      for (int s : group) best = std::min(best, kMaps.to[0][s][w] * 64 + kMaps.to[0][s][b]);
      least[w * 64 + b] = best;
    }
  std::vector<std::int16_t> number(64 * 64, -1);
  for (int key = 0; key < 64 * 64; ++key)
    if (least[key] == key) {
      number[key] = static_cast<std::int16_t>(representative.size());
      representative.emplace_back(Square(key / 64), Square(key % 64));
    }
  for (int w = 0; w < 64; ++w)
    for (int b = 0; b < 64; ++b) {
      pair[w][b] = least[w * 64 + b] < 0 ? -1 : number[least[w * 64 + b]];
      if (pair[w][b] < 0) continue;
      for (int s : group)
        if (kMaps.to[0][s][w] * 64 + kMaps.to[0][s][b] == least[w * 64 + b])
          syms[w][b][sym_count[w][b]++] = static_cast<std::uint8_t>(s);
    }
}

const TableIndex::KingPairs& index_parts::king_pairs(bool pawns) {
  static const TableIndex::KingPairs without(false), with(true);
  return pawns ? with : without;
}

TableIndex::TableIndex(const Material& m) : pawns_(m.has_pawns()) {
  static std::atomic<std::uint64_t> serials{0};
  serial_ = serials.fetch_add(1, std::memory_order_relaxed) + 1;
  init_attack_tables();  // the positions unrank() makes need them
  if (m.pieces() > kMaxTablePieces)
    throw InputError("no table index for " + material_name(m) + ": tables hold at most " +
                     std::to_string(kMaxTablePieces) + " pieces, kings included");
  for (Color c : {White, Black})
    for (PieceType t : {Queen, Rook, Bishop, Knight, Pawn}) {
      const int k = m.count[c][t];
      if (!k) continue;
      const std::uint64_t size = kChoose.c[squares_for(t)][k];
      groups_[group_count_++] = {c, t, k, size};
      rest_ *= size;
    }
  for (auto& by_type : group_of_) by_type.fill(-1);
  std::uint64_t weight = 1;
  for (int g = group_count_ - 1; g >= 0; --g) {
    weight_[g] = weight;
    weight *= groups_[g].size;
    group_of_[groups_[g].color][groups_[g].type] = static_cast<std::int8_t>(g);
  }
  kings_ = &index_parts::king_pairs(pawns_);
  pairs_ = kings_->representative.size();
}

std::uint64_t TableIndex::rest_rank(const Position& p, bool flip, int s) const {
  return rest_rank_of([&p](Color c, PieceType t) { return p.pieces(c, t); }, flip, s);
}

std::uint64_t TableIndex::rank(const Position& p, bool flip) const {
  return rank_of([&p](Color c, PieceType t) { return p.pieces(c, t); }, Color(p.side_to_move() ^ flip), flip);
}

std::uint64_t TableIndex::orbit_size(const Position& p, bool flip) const {
  if (pawns_) return 2;
  const int f = flip ? 56 : 0;
  const int w = p.king_square(Color(White ^ flip)) ^ f, b = p.king_square(Color(Black ^ flip)) ^ f;
  const KingPairs& kp = *kings_;
  // Two symmetries carry p onto the same pair; they give the same placement exactly when
  // p is its own mirror image.
  if (kp.sym_count[w][b] == 2 && rest_rank(p, flip, kp.syms[w][b][0]) == rest_rank(p, flip, kp.syms[w][b][1]))
    return 4;
  return 8;
}

namespace {

// A few materials per thread: a solver or a probe of one table also reads the tables its
// captures and promotions lead to, and with one entry every such child rebuilt the index.
constexpr int kRecentMaterials = 8;

struct RecentTables {
  std::array<TableOf, kRecentMaterials> of;
  int next = 0;
  int last = 0;  // the entry found last: a solver asks for one material many times in a row
};

struct RecentIndices {
  std::array<Material, kRecentMaterials> material{};
  std::array<TableIndex, kRecentMaterials> index = make_indices();
  std::array<bool, kRecentMaterials> filled{};
  int next = 0;

  static std::array<TableIndex, kRecentMaterials> make_indices() {
    return {TableIndex(Material{}), TableIndex(Material{}), TableIndex(Material{}), TableIndex(Material{}),
            TableIndex(Material{}), TableIndex(Material{}), TableIndex(Material{}), TableIndex(Material{})};
  }
};

}  // namespace

const TableOf& table_of(const Position& p) {
  thread_local RecentTables recent;
  const std::uint64_t key = material_key(p);
  if (recent.of[recent.last].key == key) return recent.of[recent.last];
  for (int k = 0; k < kRecentMaterials; ++k)
    if (recent.of[k].key == key) return recent.of[recent.last = k];
  recent.last = recent.next;
  TableOf& t = recent.of[recent.next];
  recent.next = (recent.next + 1) % kRecentMaterials;
  const Material m = material_of(p);
  t.key = key;
  t.flip = black_stronger(m);
  t.material = t.flip ? flipped(m) : m;
  t.index = TableIndex(t.material);
  return t;
}

const TableIndex& table_index(const Material& m) {
  thread_local RecentIndices recent;
  for (int k = 0; k < kRecentMaterials; ++k)
    if (recent.filled[k] && recent.material[k] == m) return recent.index[k];
  const int k = recent.next;
  recent.next = (recent.next + 1) % kRecentMaterials;
  recent.index[k] = TableIndex(m);
  recent.material[k] = m;
  recent.filled[k] = true;
  return recent.index[k];
}

std::vector<std::uint64_t> TableIndex::axes() const {
  std::vector<std::uint64_t> out{pairs_};
  for (int g = 0; g < group_count_; ++g) out.push_back(groups_[g].size);
  return out;
}

}  // namespace zz::chess
