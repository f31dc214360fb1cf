#pragma once
// The engine's transposition table, shared by every search thread (Lazy SMP). An entry is two
// 64-bit words, the key xor'ed with the data and the data, written and read with relaxed
// atomics: a torn entry (two threads writing at once) fails the key check and reads as a miss,
// so no lock is needed. Buckets of four entries fill one cache line; a new entry replaces the
// shallowest one, entries of earlier searches first.
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>

namespace zz::search {

enum class Bound : std::uint8_t { None, Upper, Lower, Exact };

struct TableHit {
  int move_key = -1;  // -1: no move stored
  int score = 0;      // as stored: decisive scores relative to the node (score.hpp)
  int eval = 0;       // the static evaluation of the node
  int depth = 0;
  Bound bound = Bound::None;
};

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t megabytes = 64) { resize(megabytes); }

  void resize(std::size_t megabytes) {
    std::size_t buckets = 1;
    while ((buckets * 2) * sizeof(Bucket) <= megabytes * 1024 * 1024) buckets *= 2;
    buckets_ = std::make_unique<Bucket[]>(buckets);
    mask_ = buckets - 1;
    clear();
  }
  void clear() {
    for (std::size_t i = 0; i <= mask_; ++i)
      for (Slot& s : buckets_[i].slots) {
        s.check.store(0, std::memory_order_relaxed);
        s.data.store(0, std::memory_order_relaxed);
      }
    generation_ = 0;
  }
  // A new search: entries written before age and are replaced first.
  void new_search() { generation_ = (generation_ + 1) & 31; }

  std::optional<TableHit> probe(std::uint64_t key) const {
    const Bucket& b = buckets_[key & mask_];
    for (const Slot& s : b.slots) {
      const std::uint64_t data = s.data.load(std::memory_order_relaxed);
      if ((s.check.load(std::memory_order_relaxed) ^ data) == key && data != 0) return unpack(data);
    }
    return std::nullopt;
  }

  void store(std::uint64_t key, int move_key, int score, int eval, int depth, Bound bound) {
    Bucket& b = buckets_[key & mask_];
    Slot* victim = &b.slots[0];
    int victim_worth = 1 << 30;
    for (Slot& s : b.slots) {
      const std::uint64_t data = s.data.load(std::memory_order_relaxed);
      if ((s.check.load(std::memory_order_relaxed) ^ data) == key || data == 0) {
        // The same position: keep its move when the new result has none, and a deeper
        // result of this search unless the new one is exact.
        if (data != 0) {
          const TableHit old = unpack(data);
          if (move_key < 0) move_key = old.move_key;
          if (bound != Bound::Exact && old.depth > depth + 2 && generation_of(data) == generation_) return;
        }
        victim = &s;
        break;
      }
      const int age = (generation_ - generation_of(data)) & 31;
      const int worth = unpack(data).depth - 8 * age;
      if (worth < victim_worth) {
        victim_worth = worth;
        victim = &s;
      }
    }
    const std::uint64_t data = pack(move_key, score, eval, depth, bound);
    victim->data.store(data, std::memory_order_relaxed);
    victim->check.store(key ^ data, std::memory_order_relaxed);
  }

  // Per mille of the first thousand buckets' slots used by the current search.
  int permille_full() const {
    int used = 0, seen = 0;
    for (std::size_t i = 0; i <= mask_ && seen < 1000; ++i)
      for (const Slot& s : buckets_[i].slots) {
        const std::uint64_t data = s.data.load(std::memory_order_relaxed);
        used += data != 0 && generation_of(data) == generation_;
        ++seen;
      }
    return seen ? used * 1000 / seen : 0;
  }

 private:
  struct Slot {
    std::atomic<std::uint64_t> check{0};
    std::atomic<std::uint64_t> data{0};
  };
  struct alignas(64) Bucket {
    Slot slots[4];
  };

  // The data word: bits 0-15 the move key + 1 (0: none), 16-37 the score + 2^21, 38-50 the
  // static evaluation + 4096 (clamped), 51-56 the depth, 57-58 the bound, 59-63 the search
  // generation (modulo 32).
  std::uint64_t pack(int move_key, int score, int eval, int depth, Bound bound) const {
    const std::uint64_t m = static_cast<std::uint64_t>(move_key + 1) & 0xFFFF;
    const std::uint64_t s = static_cast<std::uint64_t>(score + (1 << 21)) & 0x3FFFFF;
    const int e = eval < -4095 ? -4095 : eval > 4095 ? 4095 : eval;
    const std::uint64_t ev = static_cast<std::uint64_t>(e + 4096) & 0x1FFF;
    const std::uint64_t d = static_cast<std::uint64_t>(depth < 0 ? 0 : depth > 63 ? 63 : depth);
    return m | s << 16 | ev << 38 | d << 51 | static_cast<std::uint64_t>(bound) << 57 |
           static_cast<std::uint64_t>(generation_) << 59;
  }
  static int generation_of(std::uint64_t data) { return static_cast<int>(data >> 59) & 31; }
  static TableHit unpack(std::uint64_t data) {
    TableHit h;
    h.move_key = static_cast<int>(data & 0xFFFF) - 1;
    h.score = static_cast<int>((data >> 16) & 0x3FFFFF) - (1 << 21);
    h.eval = static_cast<int>((data >> 38) & 0x1FFF) - 4096;
    h.depth = static_cast<int>((data >> 51) & 63);
    h.bound = static_cast<Bound>((data >> 57) & 3);
    return h;
  }

  std::unique_ptr<Bucket[]> buckets_;
  std::size_t mask_ = 0;
  int generation_ = 0;
};

}  // namespace zz::search
