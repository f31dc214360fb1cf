#include "solver/table/table_packer.hpp"

#include <algorithm>
#include <array>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "solver/table/axis_order.hpp"
#include "solver/table/checksum.hpp"

namespace zz {
namespace {

// The slots of [first, end) stored as code 0 because their exits imply their value (one bit
// each, from `first`); only the blocks b with b % step == 0 are looked at (an estimate's
// sample), all of them when step is 1. Empty without exits_value.
class ImpliedSlots {
 public:
  ImpliedSlots(const TierTable& t, std::uint64_t first, std::uint64_t end, const PackOptions& o, std::uint64_t step)
      : first_(first), end_(end), block_(std::uint64_t{1} << o.block_shift), step_(step) {
    if (!o.exits_value) return;
    bits_.assign((end - first + 63) / 64, 0);
    tbb::parallel_for(std::uint64_t{0}, blocks(), step, [&](std::uint64_t b) { look_at(t, o, b); });
  }
  // Looks at the blocks a sample left out, so that it holds every slot: the side the writer
  // stores was sampled to choose it, and valuing a slot's exits is most of what this costs.
  void complete(const TierTable& t, const PackOptions& o) {
    if (bits_.empty() || step_ == 1) return;
    tbb::parallel_for(std::uint64_t{0}, blocks(), [&](std::uint64_t b) {
      if (b % step_ != 0) look_at(t, o, b);
    });
    step_ = 1;
  }
  bool operator()(std::uint64_t i) const {
    return !bits_.empty() && (bits_[(i - first_) / 64] >> ((i - first_) % 64) & 1);
  }

 private:
  std::uint64_t blocks() const { return (end_ - first_ + block_ - 1) / block_; }
  // Whole 64-slot words per block (a block holds a multiple of 64), so no word is shared.
  void look_at(const TierTable& t, const PackOptions& o, std::uint64_t b) {
    const std::uint64_t stop = std::min(end_, first_ + (b + 1) * block_);
    for (std::uint64_t i = first_ + b * block_; i < stop; ++i) {
      const Code c = t.code(i);
      if (c != kUnusedCode && o.exits_value(i) == c) bits_[(i - first_) / 64] |= std::uint64_t{1} << ((i - first_) % 64);
    }
  }

  std::uint64_t first_, end_, block_, step_;
  std::vector<std::uint64_t> bits_;
};

// How many codes a table's width can hold: 256 or 65,536. Sizing the packer's arrays by it
// keeps a small table from clearing half a megabyte per histogram (a Quixo 3x3 solve spent
// more time in those memsets and their page faults than in solving).
std::size_t code_range(const TierTable& t) { return std::size_t{1} << (8 * t.width()); }

// How many block coders may run at once under o.coder_memory, each coding blocks of
// 2^o.block_shift codes of `width` bytes (symbols take no more) with the options' coder, or
// zstd 19 too when choose_codec may take it (the cheaper LZMA searches take the same memory
// as the options'), and holding the block's symbols twice (the block and its decoded
// check): at least one, at most the threads there are.
int coders_within(const PackOptions& o, int width) {
  const int threads = tbb::this_task_arena::max_concurrency();
  if (o.coder_memory == 0) return threads;
  const std::size_t block_bytes = (std::size_t{1} << o.block_shift) * static_cast<std::size_t>(width);
  std::uint64_t each = coder_memory_bytes(o.codec, block_bytes) + o.zstd_dictionary_bytes;
  if (o.choose_codec) each = std::max(each, coder_memory_bytes(CodecSettings{Codec::Zstd, 19, false}, block_bytes));
  each += 2 * block_bytes;
  return static_cast<int>(std::clamp<std::uint64_t>(o.coder_memory / each, 1, static_cast<std::uint64_t>(threads)));
}

// Runs f with at most `coders` threads: in an arena of its own when that is fewer than the
// caller's.
template <class F>
void with_coders(int coders, F&& f) {
  if (coders >= tbb::this_task_arena::max_concurrency()) {
    f();
    return;
  }
  tbb::task_arena arena(coders);
  arena.execute(f);
}

// How often each code occurs among the slots [first, end) (unused slots left out when they
// are to be filled; implied slots counted as code 0).
// A code cut to its value (values-only tables): 1 draw, 2 loss, 3 win, 0 unused.
Code value_code(Code c) { return c <= kDrawCode ? c : static_cast<Code>(2 + (c & 1)); }

// The code the packer models for slot i (not implied). A values-only table is written from a
// table with every code (decoded, whose unused slots may hold a fill): it reads them as they
// are, not asking the game slot by slot which are unused, and cuts them to their values. Its
// unused slots are filled too, so what they hold is arbitrary.
Code modelled_code(const TierTable& t, std::uint64_t i, bool values_only) {
  return values_only ? value_code(t.code_of_used(i)) : t.code(i);
}

std::vector<std::uint64_t> histogram(const TierTable& t, std::uint64_t first, std::uint64_t end, bool skip_unused,
                                     const ImpliedSlots& implied, bool values_only, bool all_implied) {
  const std::size_t codes = code_range(t);
  if (all_implied) {  // every slot is code 0: nothing to read
    std::vector<std::uint64_t> h(codes, 0);
    h[kUnusedCode] = end - first;
    return h;
  }
  tbb::combinable<std::vector<std::uint64_t>> parts([codes] { return std::vector<std::uint64_t>(codes, 0); });
  tbb::combinable<std::uint64_t> implied_count([] { return std::uint64_t{0}; });
  tbb::parallel_for(tbb::blocked_range<std::uint64_t>(first, end, 1 << 16), [&](const auto& r) {
    auto& h = parts.local();
    for (std::uint64_t i = r.begin(); i != r.end(); ++i) {
      if (implied(i)) ++implied_count.local();
      else ++h[modelled_code(t, i, values_only)];
    }
  });
  std::vector<std::uint64_t> h(codes, 0);
  parts.combine_each([&](const auto& p) {
    for (std::size_t c = 0; c < h.size(); ++c) h[c] += p[c];
  });
  if (skip_unused) h[kUnusedCode] = 0;
  h[kUnusedCode] += implied_count.combine(std::plus<>());
  return h;
}

// Codes by falling frequency (ties by code, so that one table always gives one file); a
// table with no code at all still gets one symbol. Unsorted: every code up to the largest,
// each its own symbol.
std::vector<Code> symbol_table(const std::vector<std::uint64_t>& h, bool by_frequency) {
  std::vector<Code> order;
  for (std::size_t c = 0; c < h.size(); ++c)
    if (h[c]) order.push_back(static_cast<Code>(c));
  if (!by_frequency) {
    const Code top = order.empty() ? 0 : order.back();
    order.clear();
    for (std::size_t c = 0; c <= top; ++c) order.push_back(static_cast<Code>(c));
  }
  std::stable_sort(order.begin(), order.end(), [&](Code a, Code b) { return by_frequency && h[a] > h[b]; });
  if (order.empty()) order.push_back(kUnusedCode);
  return order;
}

struct Model {
  std::uint64_t first, end;
  int shift;
  bool fill;
  const ImpliedSlots& implied;
  std::vector<std::uint16_t> symbol_of;  // code -> symbol
  int symbol_bytes;
  bool values_only;  // codes cut to their values, 2-bit symbols
  bool all_implied;  // every slot stored as 0
  AxisOrder axes;  // the order the slots are stored in

  Model(const TierTable& t, std::uint64_t first, std::uint64_t end, const PackOptions& o, const ImpliedSlots& implied,
        std::vector<Code>& symbols)
      : first(first),
        end(end),
        shift(o.block_shift),
        fill(o.fill_unused),
        implied(implied),
        symbol_of(code_range(t), 0),
        values_only(o.values_only),
        all_implied(o.all_implied) {
    symbols = symbol_table(histogram(t, first, end, fill, implied, values_only, all_implied), o.remap_by_frequency);
    for (std::size_t s = 0; s < symbols.size(); ++s) symbol_of[symbols[s]] = static_cast<std::uint16_t>(s);
    symbol_bytes = symbols.size() > 256 ? 2 : 1;
  }
  std::uint64_t blocks() const { return (end - first + (std::uint64_t{1} << shift) - 1) >> shift; }

  // The symbols of block b (positions in the stored order); an unused slot to be filled
  // repeats the symbol before it (the most frequent symbol at a restart, below), which
  // the coders store almost for free; an implied slot is code 0.
  void block_symbols(const TierTable& t, std::uint64_t b, std::vector<std::uint8_t>& out) const {
    const std::uint64_t begin = b << shift;
    const std::uint64_t stop = std::min(end - first, begin + (std::uint64_t{1} << shift));
    out.assign(values_only ? (stop - begin + 3) / 4 : (stop - begin) * symbol_bytes, 0);
    std::uint16_t previous = 0;
    // The fill starts again every 2^17 positions (or block, when smaller), whatever the
    // file's blocks: so joining such blocks (recode_packed) gives exactly the symbols of a
    // table packed with larger blocks at once.
    const std::uint64_t restart = (std::uint64_t{1} << std::min(shift, kChoiceBlockShift)) - 1;
    AxisOrder::Walk walk(axes, begin);
    for (std::uint64_t j = 0; j < stop - begin; ++j, walk.next()) {
      if (((begin + j) & restart) == 0) previous = 0;
      const std::uint64_t i = first + walk.offset();
      const bool is_implied = all_implied || implied(i);
      const Code c = is_implied ? kUnusedCode : modelled_code(t, i, values_only);
      const std::uint16_t s = fill && c == kUnusedCode && !is_implied ? previous : symbol_of[c];
      previous = s;
      if (values_only) {
        out[j >> 2] |= static_cast<std::uint8_t>(s << (2 * (j & 3)));
      } else if (symbol_bytes == 1) {
        out[j] = static_cast<std::uint8_t>(s);
      } else {
        out[2 * j] = static_cast<std::uint8_t>(s);
        out[2 * j + 1] = static_cast<std::uint8_t>(s >> 8);
      }
    }
  }
};

// The bytes blocks 0, step, 2 step, ... code to: every estimate the writer makes (the side
// to store, the axis order, the coder) is such a sample.
std::uint64_t sample_bytes(const TierTable& t, const Model& m, const CodecSettings& codec, std::uint64_t step) {
  tbb::combinable<std::uint64_t> total([] { return std::uint64_t{0}; });
  tbb::parallel_for(std::uint64_t{0}, m.blocks(), step, [&](std::uint64_t b) {
    thread_local std::vector<std::uint8_t> buffer;
    m.block_symbols(t, b, buffer);
    total.local() += compress_block(codec, {}, buffer).size();
  });
  return total.combine(std::plus<>());
}

// The order of the axes whose sample codes smallest: every order ranked with zstd level 3
// (fast), the two best coded with LZMA2 9 (the chess tables' coder) and the smaller kept,
// the index's own order on a tie. zstd's ranking puts LZMA's best orders first, within 1 %
// (KBNvKP), at a small part of the cost: a small table's sample is the whole table.
AxisOrder choose_axis_order(const TierTable& t, Model& m, const std::vector<std::uint64_t>& sizes) {
  const CodecSettings fast{Codec::Zstd, 3, false}, lzma{Codec::Lzma, 9, false};
  const std::uint64_t step = std::max<std::uint64_t>(1, m.blocks() / 12);  // 12 to 24 blocks, or all
  std::vector<std::pair<std::uint64_t, AxisOrder>> ranked;
  for (const auto& order : all_axis_orders(static_cast<int>(sizes.size()))) {
    m.axes = AxisOrder(sizes, order);
    ranked.emplace_back(sample_bytes(t, m, fast, step), m.axes);
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  AxisOrder best;
  std::uint64_t best_bytes = UINT64_MAX;
  for (std::size_t k = 0; k < std::min<std::size_t>(2, ranked.size()); ++k) {
    m.axes = ranked[k].second;
    const std::uint64_t bytes = sample_bytes(t, m, lzma, step);
    if (bytes < best_bytes) {
      best_bytes = bytes;
      best = m.axes;
    }
  }
  return best;
}

// A quick estimate of how well a range of slots compresses: every fourth block, coded with
// a fast zstd level. Used only to choose which side to move to store.
// `implied` is left holding the sample's implied slots.
std::uint64_t estimate_bytes(const TierTable& t, std::uint64_t first, std::uint64_t end, const PackOptions& o,
                             std::optional<ImpliedSlots>& implied) {
  std::vector<Code> symbols;
  implied.emplace(t, first, end, o, 4);
  const Model m(t, first, end, o, *implied, symbols);
  return sample_bytes(t, m, CodecSettings{Codec::Zstd, 3, false}, 4);
}

void put_u64(std::vector<std::uint8_t>& out, std::uint64_t v) {
  for (int k = 0; k < 8; ++k) out.push_back(static_cast<std::uint8_t>(v >> (8 * k)));
}

// Total bytes of coded blocks.
std::uint64_t total_bytes(const std::vector<std::vector<std::uint8_t>>& blocks) {
  std::uint64_t bytes = 0;
  for (const auto& block : blocks) bytes += block.size();
  return bytes;
}

// Blocks (given by their symbols) coded with the settings, in parallel.
std::vector<std::vector<std::uint8_t>> code_sample(const CodecSettings& settings,
                                                   const std::vector<std::vector<std::uint8_t>>& symbols) {
  std::vector<std::vector<std::uint8_t>> coded(symbols.size());
  tbb::parallel_for(std::size_t{0}, symbols.size(), [&](std::size_t k) { coded[k] = compress_block(settings, {}, symbols[k]); });
  return coded;
}

// The coder that makes a sample of blocks smaller (`symbols_of(b, out)` gives block b's
// symbols): the options' LZMA settings or zstd 19. The sample's blocks as that coder coded
// them go into `coded` (sized to the blocks), so code_blocks need not code them again.
// Without `cheaper_within` the sample is blocks 0, step, 2 step, ... (one in 16, at most 64).
//
// With `cheaper_within` (every five-piece chess table) the sample is cheaper_search_sample's
// (one block in 32), each setting is tried on it, and a faster LZMA search is taken when its
// bytes are within that share of the options' setting's. Cheapest first, so the first that
// qualifies ends the trials; only sizes decide, so the same table always codes to the same
// bytes.
template <class Symbols>
CodecSettings choose_codec(std::uint64_t blocks, const Symbols& symbols_of, const CodecSettings& lzma_settings,
                           double cheaper_within, std::vector<std::vector<std::uint8_t>>& coded) {
  const CodecSettings lzma = lzma_settings.codec == Codec::Lzma ? lzma_settings : CodecSettings{Codec::Lzma, 9, false};
  const CodecSettings zstd{Codec::Zstd, 19, false};
  const std::uint64_t step = std::max<std::uint64_t>(16, (blocks + 63) / 64);
  const std::uint64_t samples = (blocks + step - 1) / step;
  std::vector<std::uint64_t> at;
  if (cheaper_within > 0) {
    at = cheaper_search_sample(blocks);
  } else {
    for (std::uint64_t k = 0; k < samples; ++k) at.push_back(k * step);
  }
  std::vector<std::vector<std::uint8_t>> symbols(at.size());
  tbb::parallel_for(std::size_t{0}, at.size(), [&](std::size_t k) { symbols_of(at[k], symbols[k]); });
  auto by_lzma = code_sample(lzma, symbols);
  auto by_zstd = code_sample(zstd, symbols);
  const std::uint64_t lzma_bytes = total_bytes(by_lzma);
  CodecSettings chosen = lzma;
  auto* kept = &by_lzma;
  if (total_bytes(by_zstd) < lzma_bytes) {
    chosen = zstd;
    kept = &by_zstd;
  } else if (cheaper_within > 0) {
    const auto limit = static_cast<double>(lzma_bytes) * (1 + cheaper_within);
    for (const CodecSettings& cheaper : cheaper_lzma_settings(lzma)) {
      auto trial = code_sample(cheaper, symbols);
      if (static_cast<double>(total_bytes(trial)) <= limit) {
        chosen = cheaper;
        by_lzma = std::move(trial);
        break;
      }
    }
  }
  coded.assign(blocks, {});
  for (std::size_t k = 0; k < at.size(); ++k) coded[at[k]] = std::move((*kept)[k]);
  return chosen;
}

// Codes `out.blocks.size()` blocks (their symbols from `symbols_of(b, buffer)`) and fills the
// index: offsets, checksums and their checksum. A block `out.blocks` already holds (coded
// with these settings while the coder was chosen) is not coded again. Every block is read
// back before anything is written: a coder that fails silently (or memory that flips a bit)
// must not leave a table that reads otherwise; decoding costs a few percent of coding.
template <class Symbols>
void code_blocks(const Symbols& symbols_of, const CodecSettings& codec, PackedTable& out) {
  tbb::parallel_for(std::uint64_t{0}, static_cast<std::uint64_t>(out.blocks.size()), [&](std::uint64_t b) {
    thread_local std::vector<std::uint8_t> buffer, check;
    symbols_of(b, buffer);
    if (out.blocks[b].empty()) out.blocks[b] = compress_block(codec, out.dictionary, buffer);
    check.resize(buffer.size());
    if (decompress_block(codec.codec, out.dictionary, out.blocks[b], check) || check != buffer)
      throw std::runtime_error("a coded block does not decode to what was coded (block " + std::to_string(b) + ")");
  });
  std::vector<std::uint64_t> sums(out.blocks.size());
  tbb::parallel_for(std::size_t{0}, sums.size(),
                    [&](std::size_t b) { sums[b] = checksum(std::as_bytes(std::span(out.blocks[b]))); });
  std::uint64_t offset = 0;
  out.index.clear();
  put_u64(out.index, 0);
  for (const auto& block : out.blocks) put_u64(out.index, offset += block.size());
  for (std::uint64_t s : sums) put_u64(out.index, s);
  out.layout.area_bytes = offset;
  out.layout.codec = codec.codec;
  out.codec = codec;
  out.index_checksum = checksum(std::as_bytes(std::span(out.index)));
  out.dictionary_checksum = checksum(std::as_bytes(std::span(out.dictionary)));
}

}  // namespace

std::vector<std::uint64_t> cheaper_search_sample(std::uint64_t blocks) {
  const std::uint64_t n = std::min(std::max<std::uint64_t>((blocks + 31) / 32, 4), std::max<std::uint64_t>(1, blocks / 8));
  std::vector<std::uint64_t> at;
  for (std::uint64_t j = 0; j < n && blocks > 0; ++j) at.push_back((2 * j + 1) * blocks / (2 * n));
  return at;
}

std::vector<CodecSettings> cheaper_lzma_settings(const CodecSettings& base) {
  const auto with = [&](bool extreme, int nice_len, int depth) {
    CodecSettings c = base;
    c.extreme = extreme;
    c.nice_len = nice_len;
    c.depth = depth;
    return c;
  };
  std::vector<CodecSettings> out{with(false, 16, 8), with(false, 32, 16), with(false, -1, -1), with(base.extreme, -1, 16)};
  // Those the base itself searches as fast as are no cheaper.
  std::erase_if(out, [&](const CodecSettings& c) {
    return c.extreme == base.extreme && c.nice_len == base.nice_len && c.depth == base.depth;
  });
  return out;
}

PackOptions default_pack_options(std::uint64_t entries) {
  PackOptions o;
  o.choose_codec = true;
  if (entries >= kLargeTableSlots) {
    o.block_shift = 20;
    // LZMA2 9's extreme search, with no position bits: the symbols are bytes with no
    // alignment (docs/solver-design.md, "LZMA's own settings").
    o.codec = CodecSettings{Codec::Lzma, 9, true, -1, 0, 0};
    o.cheaper_within = 0.03;
  }
  return o;
}

PackedTable pack_table(const TierTable& table, const PackOptions& o) {
  if (o.values_only && ((o.side_split && *o.side_split > 0 && *o.side_split < table.size()) || o.exits_value ||
                        (table.filled() && !o.fill_unused)))
    throw std::invalid_argument("a values-only table stores both sides, implies slots only all at once and fills unused slots if its source does");
  if (o.all_implied && o.exits_value) throw std::invalid_argument("all_implied and exits_value both given");
  // The side and the axis order are chosen on samples of blocks of one size whatever the
  // file's blocks: so a table packed with larger blocks models its slots exactly as one
  // recoded from smaller blocks (recode_packed), and both give the same bytes.
  PackOptions chooser = o;
  chooser.block_shift = kChoiceBlockShift;
  const std::uint64_t entries = table.size();
  std::uint64_t first = 0, end = entries;
  std::optional<ImpliedSlots> sampled, other;  // the stored side's sample, once chosen
  if (o.side_split && *o.side_split > 0 && *o.side_split < entries) {
    const std::uint64_t split = *o.side_split;
    if (estimate_bytes(table, 0, split, chooser, sampled) <= estimate_bytes(table, split, entries, chooser, other)) {
      end = split;
    } else {
      first = split;
      sampled.swap(other);
    }
    other.reset();
  }
  PackedTable out;
  PackedLayout& l = out.layout;
  l.entries = entries;
  l.first = first;
  l.end = end;
  l.block_shift = o.block_shift;
  l.width = o.values_only ? 1 : table.width();
  l.values_only = l.two_bit_symbols = o.values_only;
  l.unused_filled = o.fill_unused;
  l.exits_implied = static_cast<bool>(o.exits_value) || o.all_implied;
  if (sampled) sampled->complete(table, chooser);
  else sampled.emplace(table, first, end, o, 1);
  const ImpliedSlots& implied = *sampled;
  Model m(table, first, end, chooser, implied, l.symbols);
  if (axes_span(o.axes) == end - first)
    m.axes = choose_axis_order(table, m, o.axes);
  m.shift = o.block_shift;
  l.axes = m.axes;
  const auto symbols_of = [&](std::uint64_t b, std::vector<std::uint8_t>& buffer) { m.block_symbols(table, b, buffer); };
  const int coders = coders_within(o, table.width());
  CodecSettings codec = o.codec;
  if (o.choose_codec)
    with_coders(coders, [&] { codec = choose_codec(m.blocks(), symbols_of, o.codec, o.cheaper_within, out.blocks); });

  if (codec.codec == Codec::Zstd && o.zstd_dictionary_bytes > 0) {
    // Trained on up to 256 blocks spread over the table.
    std::vector<std::vector<std::uint8_t>> samples;
    const std::uint64_t step = std::max<std::uint64_t>(1, m.blocks() / 256);
    for (std::uint64_t b = 0; b < m.blocks(); b += step) {
      samples.emplace_back();
      m.block_symbols(table, b, samples.back());
    }
    std::vector<std::span<const std::uint8_t>> views(samples.begin(), samples.end());
    out.dictionary = train_zstd_dictionary(views, o.zstd_dictionary_bytes);
  }
  l.dictionary_bytes = out.dictionary.size();
  // The sample was coded without the dictionary: with one, every block is coded anew.
  if (!out.dictionary.empty()) out.blocks.clear();
  out.blocks.resize(m.blocks());
  with_coders(coders, [&] { code_blocks(symbols_of, codec, out); });
  return out;
}

PackedTable recode_packed(const PackedPayload& from, const PackOptions& o) {
  const PackedLayout& old = from.layout();
  if (o.block_shift < old.block_shift)
    throw std::invalid_argument("recoding needs blocks at least as large as the file's");
  PackedTable out;
  out.layout = old;
  out.layout.block_shift = o.block_shift;
  out.layout.dictionary_bytes = 0;
  const std::uint64_t per_block = std::uint64_t{1} << (o.block_shift - old.block_shift);
  // New block b is old blocks b * per_block ... , their symbols one after another.
  const auto symbols_of = [&](std::uint64_t b, std::vector<std::uint8_t>& buffer) {
    buffer.clear();
    const std::uint64_t stop = std::min(old.blocks(), (b + 1) * per_block);
    for (std::uint64_t k = b * per_block; k < stop; ++k) {
      const DecodedBlock block = from.decode_symbols(k);
      buffer.insert(buffer.end(), block.data(), block.data() + block.size());
    }
  };
  const int coders = coders_within(o, old.width);
  CodecSettings codec = o.codec;
  if (o.choose_codec)
    with_coders(coders, [&] { codec = choose_codec(out.layout.blocks(), symbols_of, o.codec, o.cheaper_within, out.blocks); });
  out.blocks.resize(out.layout.blocks());
  with_coders(coders, [&] { code_blocks(symbols_of, codec, out); });
  return out;
}

}  // namespace zz
