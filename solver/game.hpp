#pragma once
// The Game contract: what the game-agnostic solvers and the command line need from a game.
// A game is an object built from its rule options; solvers are templates that take it by
// reference. Games never include solver headers; this file names no game. Its name, rule
// options and player names are asked of the object: a built-in game answers with static
// members, a game defined at run time (api/graph_game.hpp) with its own.
#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "core/common/outcome.hpp"
#include "core/common/rules.hpp"
#include "core/common/slot_census.hpp"

namespace zz {

template <class G>
concept Game = requires(const G& g, const typename G::Position& p, const typename G::Move& m,
                        std::string_view text) {
  typename G::Position;  // compact value type holding the whole state that decides the future
  typename G::Move;
  { g.name() } -> std::convertible_to<std::string_view>;
  { g.rule_options() } -> std::convertible_to<std::span<const RuleOption>>;
  { g.rules() } -> std::convertible_to<const RuleValues&>;
  { g.start() } -> std::same_as<typename G::Position>;
  // Set when the game is over, valued for the side to move (remoteness 0).
  { g.outcome(p) } -> std::same_as<std::optional<Outcome>>;
  // Calls f(move) for every legal move, without allocating. Nothing on a finished game.
  g.for_each_move(p, [](const typename G::Move&) {});
  { g.play(p, m) } -> std::same_as<typename G::Position>;
  // Plies left before a move limit ends the game in a draw; nullopt when no limit applies.
  { g.plies_left(p) } -> std::same_as<std::optional<int>>;
  // Notation; parse and parse_move throw InputError with a reason.
  { g.parse(text) } -> std::same_as<typename G::Position>;
  { g.format(p) } -> std::convertible_to<std::string>;
  { g.parse_move(p, text) } -> std::same_as<typename G::Move>;
  { g.format_move(m) } -> std::convertible_to<std::string>;
};

// Optional: the move as players read it, which may depend on the position (chess: SAN,
// Nbd2 or Qg2+). format_move stays the move's id: what the page, the protocol and scripts
// play and compare. A game without the hook is read in format_move's notation: its results
// leave the names empty (JSON leaves them out) and every face shows the id.
template <class G>
concept HasMoveNames = Game<G> && requires(const G& g, const typename G::Position& p, const typename G::Move& m) {
  { g.move_name(p, m) } -> std::convertible_to<std::string>;
};

// A state space cut into tiers that the retrograde solver enumerates. Children of a
// position lie in its own tier or in tiers listed by tier_dependencies, which are solved
// first. rank(p) is the index of p inside tier_of(p); a game that reduces by symmetry maps
// every position of an orbit to the same index, and unrank returns its representative.
template <class G>
concept Enumerable = Game<G> && requires(const G& g, const typename G::Position& p,
                                         typename G::Position& out, const typename G::Tier& t,
                                         std::uint64_t index) {
  typename G::Tier;
  { g.tier_of(p) } -> std::same_as<typename G::Tier>;
  // Unique among the game's tiers; names the table file.
  { g.tier_name(t) } -> std::convertible_to<std::string>;
  { g.tier_size(t) } -> std::same_as<std::uint64_t>;
  { g.tier_dependencies(t) };  // a range of Tier
  { g.rank(p) } -> std::same_as<std::uint64_t>;
  // False for an unused slot of the index (no legal position has that index).
  { g.unrank(t, index, out) } -> std::same_as<bool>;
  // The rule values the tier's table depends on (a move limit answered from remoteness
  // does not belong here).
  { g.table_rules() } -> std::convertible_to<RuleValues>;
};

// Optional: predecessors inside the same tier, for backward induction without sweeps.
// Calls f(q) for every position q of tier_of(p) with a legal move from q to (a position
// equivalent to) p. q need not be canonical; the solver ranks it.
template <class G>
concept Unmovable = Enumerable<G> && requires(const G& g, const typename G::Position& p) {
  g.for_each_unmove(p, [](const typename G::Position&) {});
};

// Optional: transient(c) is true for a position c, just reached by a move, that carries a
// right its index does not store (chess: an en-passant capture available right after a
// double pawn step). Its value is not its table entry but the best of its own moves, so the
// solver, and every reader of a table, looks one ply further through it.
template <class G>
concept HasTransients = Enumerable<G> && requires(const G& g, const typename G::Position& p) {
  { g.transient(p) } -> std::convertible_to<bool>;
};

// Optional: side_split(t) = s promises that slots [0, s) of tier t hold one side to move and
// [s, tier_size(t)) the other, and that no move leads from a position to one in the same
// part (every move passes the turn). A compressed table then stores one part; readers
// value a position of the other part from its moves, one ply (solver/table/store.hpp).
template <class G>
concept HasSideSplit = Enumerable<G> && requires(const G& g, const typename G::Tier& t) {
  { g.side_split(t) } -> std::same_as<std::uint64_t>;
};

// Optional: table_block_shift(t) is the block size, a power of two, the writer codes tier t's
// table in by default (default_pack_options chose its sizes on chess's tables, where large
// blocks save bytes; a game whose tables they hardly shrink says so, and a probe decodes a
// smaller block).
template <class G>
concept HasTableBlockShift = Enumerable<G> && requires(const G& g, const typename G::Tier& t) {
  { g.table_block_shift(t) } -> std::same_as<int>;
};

// Optional, with HasSideSplit: index_axes(t) are the digits of an index within one part
// (outermost first; their product is the part's size): a compressed table may store the
// part with them in another order, the one that compresses best (solver/table/axis_order.hpp).
template <class G>
concept HasIndexAxes = HasSideSplit<G> && requires(const G& g, const typename G::Tier& t) {
  { g.index_axes(t) } -> std::same_as<std::vector<std::uint64_t>>;
};

// Optional: neighbours_distinct(p) true promises that the positions of tier_of(p) one move
// away from p have pairwise distinct indices. The solver then counts p's in-tier children
// without ranking them. False promises nothing.
template <class G>
concept HasDistinctNeighbours = Enumerable<G> && requires(const G& g, const typename G::Position& p) {
  { g.neighbours_distinct(p) } -> std::convertible_to<bool>;
};

// Optional, with HasDistinctNeighbours: stays_in_tier(p, m) true promises that m's child is
// in tier_of(p) and not transient, without playing m. False promises nothing.
template <class G>
concept HasInTierTest = HasDistinctNeighbours<G> && requires(const G& g, const typename G::Position& p,
                                                             const typename G::Move& m) {
  { g.stays_in_tier(p, m) } -> std::convertible_to<bool>;
};

// Optional, with HasInTierTest: implies_exits(t) false keeps tier t's compressed table storing
// every used slot's code, where by default (HasInTierTest alone) the slots whose exits imply
// their value are stored as 0 (PackedLayout::exits_implied). The in-tier test is a speed hook
// and the implied slots a choice of format: where exits are few and scattered (morris's
// movement tiers, whose only exits are mills) the zeros break the table's runs and cost
// bytes, and the writer pays a pass over every slot's exits for them.
template <class G>
concept ChoosesImpliedExits = HasInTierTest<G> && requires(const G& g, const typename G::Tier& t) {
  { g.implies_exits(t) } -> std::convertible_to<bool>;
};

// Optional, with HasInTierTest: for_each_move_counting_quiet(p, quiet, f) calls quiet(n)
// for n moves at a time of which stays_in_tier would say true, and f(m) for every other
// move of for_each_move(p): initialization only counts the former when p's neighbours are
// distinct, and enumerating them one by one was a large part of its time.
template <class G>
concept HasBulkQuietMoves = HasInTierTest<G> && requires(const G& g, const typename G::Position& p) {
  g.for_each_move_counting_quiet(p, [](int) {}, [](const typename G::Move&) {});
};

// Optional: tier_ranker(t) gives a function object that ranks a position of tier t as
// unrank(t) writes it and as moves and un-moves inside t keep it (same orientation), like
// rank() but without finding the position's tier first: the solver ranks every in-tier
// child and predecessor, millions of times per tier.
template <class G>
concept HasTierRanker = Enumerable<G> && requires(const G& g, const typename G::Tier& t, const typename G::Position& p) {
  { g.tier_ranker(t)(p) } -> std::convertible_to<std::uint64_t>;
};

// Optional, with HasTierRanker and Unmovable: the ranker also lists the in-tier predecessors
// of a used slot straight from its index, without building positions:
// predecessors(i, out, distinct) writes to out (room for 256) the index of every position
// for_each_unmove yields from unrank(t, i), ranked as the ranker ranks it, returns how many,
// and sets distinct when they are known to be pairwise distinct (else the solver removes
// repeats). The level passes of a retrograde solve call it for every decided position.
template <class G>
concept HasIndexedUnmoves = HasTierRanker<G> && Unmovable<G> &&
    requires(const G& g, const typename G::Tier& t, std::uint64_t i, std::uint64_t* out, bool& distinct) {
      { g.tier_ranker(t).predecessors(i, out, distinct) } -> std::convertible_to<int>;
    };

// Optional, with HasTierRanker, for a game without a move limit (plies_left always nullopt):
// the ranker finds a child's slot without playing the move. It names the tiers some moves
// leave to, exit_tiers() (a range of Tier); exit_child(p, m, tier, index) true promises
// that m's child is not transient and lies in exit_tiers()[tier] at index (false promises
// nothing); in_tier_children(p) is a callable whose children(m), for a move m of p that
// stays_in_tier (HasInTierTest), is its child's index in p's tier (one look at p for all its
// moves: the child's index changes from p's in one part). The solver asks exit_child for
// every move of every position it initializes that leaves the tier; the table store asks
// both to value a position by its moves (verify, the side a compressed file leaves out).
template <class G>
concept HasRankedExits = HasTierRanker<G> &&
    requires(const G& g, const typename G::Tier& t, const typename G::Position& p, const typename G::Move& m,
             int& tier, std::uint64_t& index) {
      { g.tier_ranker(t).exit_tiers() };
      { g.tier_ranker(t).exit_child(p, m, tier, index) } -> std::convertible_to<bool>;
      { g.tier_ranker(t).in_tier_children(p)(m) } -> std::convertible_to<std::uint64_t>;
    };

// Optional, with HasIndexedUnmoves and HasBulkQuietMoves: positions won in one ply that the
// game tells apart by a look at them (Tablut: White to move, the king on a free line to an
// escape square). foreseen_win(i) true promises that the position of used slot i is won for
// its side to move in exactly one ply, and says so of every slot holding such a position that
// it is asked about (a test of the position alone, the same whichever slot of the tier
// reaches it); foreseen_win_at(p) is the same test of a position at hand (no unrank);
// foreseen_children(p) is how many of p's moves that stays_in_tier keeps in the
// tier lead to positions it holds of (repeats included). Initialization
// then counts those children of p as known, a loss for p's side to move in one ply, instead of
// waiting for them, and the pass after level 1 does not un-move from such slots: each of their
// predecessors counted them already. A table where the king escapes at once from a quarter of
// the slots spent a quarter of its solve un-moving from them.
template <class G>
concept HasForeseenWins = HasIndexedUnmoves<G> && HasBulkQuietMoves<G> &&
    requires(const G& g, const typename G::Tier& t, std::uint64_t i, const typename G::Position& p) {
      { g.tier_ranker(t).foreseen_win(i) } -> std::convertible_to<bool>;
      { g.tier_ranker(t).foreseen_win_at(p) } -> std::convertible_to<bool>;
      { g.tier_ranker(t).foreseen_children(p) } -> std::convertible_to<int>;
    };

// Optional, with HasRankedExits: exits_only() says every move of the tier leaves it (a
// placement tier where placing is compulsory: each slot's value is read from other tiers'
// tables alone), and exit_locality(i) gives slot i a key such that slots with equal keys
// have their children close together in those tables. Initialization then visits such a
// tier's slots window by window in the order of the key (TierMoves::for_each_slot), so a
// block of the next table is read by many parents while it is in the cache.
template <class G>
concept HasExitLocality = HasRankedExits<G> && requires(const G& g, const typename G::Tier& t, std::uint64_t i) {
  { g.tier_ranker(t).exits_only() } -> std::convertible_to<bool>;
  { g.tier_ranker(t).exit_locality(i) } -> std::convertible_to<std::uint32_t>;
};

// Optional, with HasExitLocality: exit_children(p, tiers, indices) writes, for a position p of
// an exits_only() tier, the child of every move for_each_move yields (in any order) as
// exit_child would name it (room for 256), and returns how many, or -1 when it cannot (the
// solver then asks exit_child move by move). One call per position instead of one per move:
// a placement tier's positions have up to 24 moves, and what they share is worked out once.
template <class G>
concept HasExitBatch = HasExitLocality<G> &&
    requires(const G& g, const typename G::Tier& t, const typename G::Position& p, int* tiers, std::uint64_t* indices) {
      { g.tier_ranker(t).exit_children(p, tiers, indices) } -> std::convertible_to<int>;
    };

// Optional, with HasTierRanker: census(i) (core/common/slot_census.hpp) is what unrank, player_name and orbit_size say of
// slot i, read from the index alone. The counts a solve reports per position
// (api/raw_counts.hpp) and `summary` read every slot of every table: building each position
// and turning it under every symmetry cost as much as solving a placement tier of morris.
template <class G>
concept HasSlotCensus = HasTierRanker<G> && requires(const G& g, const typename G::Tier& t, std::uint64_t i) {
  { g.tier_ranker(t).census(i) } -> std::same_as<SlotCensus>;
};

// The type of G::tier_ranker's result, or an empty stand-in for a game without one.
struct NoTierRanker {};
template <class G, bool = HasTierRanker<G>>
struct TierRankerOf {
  using type = NoTierRanker;
};
template <class G>
struct TierRankerOf<G, true> {
  using type = decltype(std::declval<const G&>().tier_ranker(std::declval<const typename G::Tier&>()));
};

// An optional of what a HasRankedExits ranker's in_tier_children returns, made when first
// needed; an optional of nothing for other games.
template <class G, bool = HasRankedExits<G>>
struct InTierChildrenOf {
  using type = std::optional<std::monostate>;
};
template <class G>
struct InTierChildrenOf<G, true> {
  using type = std::optional<decltype(std::declval<const typename TierRankerOf<G>::type&>().in_tier_children(
      std::declval<const typename G::Position&>()))>;
};

}  // namespace zz
