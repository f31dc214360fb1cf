#pragma once
// Chess as a zz::Game: FIDE rules, FEN positions, UCI moves (named in SAN). A finished game (checkmate,
// stalemate, insufficient material, the 50-move rule) has no moves; perft ignores the draw
// rules and counts every legal move.
//
// Endgame tables: one tier per material signature in its canonical orientation (see
// material.hpp), indexed by table_index.hpp, with un-moves from unmove.hpp. Tables store the
// value and depth to mate in plies and ignore the 50-move rule (positions come out of
// unrank with clocks 0). A position just after a double pawn step that allows an
// en-passant capture is transient: its index does not record the right, so the solver and
// table queries value it by its own moves.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/chess/fen.hpp"
#include "core/chess/material.hpp"
#include "core/chess/movegen.hpp"
#include "core/chess/perft.hpp"
#include "core/chess/position.hpp"
#include "core/chess/san.hpp"
#include "core/chess/termination.hpp"
#include "core/chess/table_index.hpp"
#include "core/chess/uci.hpp"
#include "core/chess/unmove.hpp"
#include "core/common/board_view.hpp"
#include "core/common/outcome.hpp"
#include "core/common/rules.hpp"

namespace zz::chess {

class Chess {
 public:
  using Position = chess::Position;
  using Move = chess::Move;
  using Tier = Material;

  Chess() = default;
  explicit Chess(RuleValues rules) : rules_(std::move(rules)) {}

  static std::string_view name() { return "chess"; }
  static std::span<const RuleOption> rule_options() { return {}; }
  static std::string_view player_name(const Position& p, bool to_move) {
    return (p.side_to_move() == White) == to_move ? "White" : "Black";
  }
  const RuleValues& rules() const { return rules_; }

  Position start() const { return parse_fen(kStartFen); }
  // format(start()), known without building a position: the first one fills the attack
  // tables, which the registry would otherwise make every command pay for.
  static std::string_view start_text() { return kStartFen; }
  std::optional<Outcome> outcome(const Position& p) const { return chess::outcome(p); }

  template <class F>
  void for_each_move(const Position& p, F&& f) const {
    if (drawn_by_rule(p)) return;
    for_each_legal_move(p, f);
  }
  // The moves stays_in_tier promises, counted in bulk (solver/game.hpp, HasBulkQuietMoves).
  template <class Quiet, class F>
  void for_each_move_counting_quiet(const Position& p, Quiet&& quiet, F&& f) const {
    if (drawn_by_rule(p)) return;
    for_each_legal_move_counting_quiet(p, quiet, f);
  }
  Position play(const Position& p, Move m) const { return p.play(m); }
  std::optional<int> plies_left(const Position&) const { return std::nullopt; }
  // The same board with the other side to move, when that is a position of the game (for
  // the mutual-zugzwang flag of a query); nullopt otherwise.
  std::optional<Position> other_side_to_move(const Position& p) const {
    Position q = p;
    q.set_en_passant(NoSquare);
    q.set_side_to_move(p.side_to_move() == White ? Black : White);
    if (q.opponent_in_check()) return std::nullopt;
    return q;
  }

  // FEN or "startpos".
  Position parse(std::string_view text) const { return parse_fen(text); }
  std::string format(const Position& p) const { return format_fen(p); }
  // UCI (e2e4, e7e8q, e1g1) or SAN (e4, e8=Q, O-O; san.hpp). Throws InputError for
  // malformed text, an illegal or ambiguous move, or a move after the game ended.
  Move parse_move(const Position& p, std::string_view text) const;
  // The move's id (UCI), which the page and the protocol play; move_name is what a player
  // reads (SAN, solver/game.hpp HasMoveNames).
  std::string format_move(Move m) const { return format_uci(m); }
  std::string move_name(const Position& p, Move m) const { return format_san(p, m); }
  // The position and a move as data a page draws without the notation (view.cpp).
  BoardView view(const Position& p) const;
  MoveView view_move(const Position& p, Move m) const;

  // Endgame tables. tier_of throws InputError for a position with castling rights and
  // tier_size for material beyond kMaxTablePieces: no table covers them.
  Tier tier_of(const Position& p) const;
  std::string tier_name(const Tier& t) const { return material_name(t); }
  std::uint64_t tier_size(const Tier& t) const;
  std::vector<Tier> tier_dependencies(const Tier& t) const { return sub_materials(t); }
  std::uint64_t rank(const Position& p) const {
    const TableOf& t = table_of(p);
    return t.index.rank(p, t.flip);
  }
  bool unrank(const Tier& t, std::uint64_t index, Position& out) const { return table_index(t).unrank(index, out); }
  // Positions of a tier as unrank writes them are in its canonical orientation, and moves
  // without capture keep the material and the colours: no flip, no material look-up.
  struct TierRanker {
    explicit TierRanker(const Material& m);
    std::uint64_t operator()(const Position& p) const { return index.rank(p, false); }
    // The solver's predecessor kernel (solver/game.hpp, HasIndexedUnmoves).
    int predecessors(std::uint64_t i, std::uint64_t* out, bool& distinct) const {
      return index.predecessors(i, out, distinct);
    }
    // The tables captures and promotions lead to, and the table and index of the child of a
    // capture or promotion m of p, found without playing m (solver/game.hpp, HasRankedExits).
    std::span<const Material> exit_tiers() const { return exits; }
    // The index of each child of p whose move stays in the tier, called as children(m).
    TableIndex::QuietChildren in_tier_children(const Position& p) const { return {index, p}; }
    bool exit_child(const Position& p, Move m, int& tier, std::uint64_t& i) const {
      if (m.kind() != Move::Normal && m.kind() != Move::Promotion) return false;
      const Piece captured = p.piece_on(m.to());
      const Exit& e = exit_of[p.side_to_move()][captured == NoPiece ? kNoCapture : type_of(captured)]
                             [m.kind() == Move::Promotion ? m.promotion_piece() - Knight + 1 : 0];
      if (e.tier < 0) return false;  // a move inside the table
      tier = e.tier;
      i = exit_index[e.tier].rank_after(p, m, e.flip);
      return true;
    }

    TableIndex index;
    std::vector<Material> exits;  // canonical, as tier_dependencies lists them
    std::vector<TableIndex> exit_index;
    struct Exit {
      int tier = -1;  // in exits; -1: the move keeps the material
      bool flip = false;
    };
    static constexpr int kNoCapture = King;
    // By the mover's colour, the type captured (kNoCapture: none), the promotion (0: none,
    // then knight to queen).
    std::array<std::array<std::array<Exit, 5>, 6>, 2> exit_of{};
  };
  TierRanker tier_ranker(const Tier& t) const { return TierRanker(t); }
  // The index is side-to-move major (table_index.hpp): White to move (in the material's
  // canonical orientation) in the first half, Black in the second, and every move changes
  // sides, so a compressed table may store one half.
  std::uint64_t side_split(const Tier& t) const { return tier_size(t) / 2; }
  // A side's half is a mixed-radix array: the king pairs, then each group of pieces.
  std::vector<std::uint64_t> index_axes(const Tier& t) const { return TableIndex(t).axes(); }
  RuleValues table_rules() const { return {}; }
  template <class F>
  void for_each_unmove(const Position& p, F&& f) const {
    chess::for_each_unmove(p, f);
  }
  bool transient(const Position& p) const { return p.en_passant_square() != NoSquare; }
  // A quiet move keeps the material, so its child is in p's table, and only a pawn's double
  // step can make it transient (an en-passant right): the table store reads such children
  // without asking for their tier (solver/game.hpp, HasInTierTest).
  bool stays_in_tier(const Position& p, Move m) const {
    if (m.kind() != Move::Normal || p.piece_on(m.to()) != NoPiece) return false;
    const Piece moved = p.piece_on(m.from());
    const int step = static_cast<int>(m.to()) - static_cast<int>(m.from());
    return type_of(moved) != Pawn || (step != 16 && step != -16);
  }
  // Two moves of p lead to one index only if a symmetry of the index maps one child onto the
  // other. The king of the side not to move stands still in both, so that symmetry must fix
  // its square: with pawns the index uses the left-right mirror alone, which fixes no square;
  // without, only a diagonal reflection fixes squares, those of its long diagonal. So the
  // children are distinct unless the table is pawnless and that king is on a long diagonal
  // (solver/game.hpp, HasDistinctNeighbours: the solver then counts them without ranking).
  bool neighbours_distinct(const Position& p) const {
    if (p.pieces(White, Pawn) | p.pieces(Black, Pawn)) return true;
    const Square k = p.king_square(~p.side_to_move());
    return file_of(k) != rank_of(k) && file_of(k) + rank_of(k) != 7;
  }
  // Tables ignore the 50-move rule: they value a position as if its halfmove clock were 0,
  // and a query says separately whether the rule already allows a draw claim.
  Position table_view(const Position& p) const {
    Position q = p;
    q.set_clocks(0, p.fullmove_number());
    return q;
  }
  int halfmove_clock(const Position& p) const { return p.halfmove_clock(); }
  // How many positions with these colours and side to move the index of p stands for.
  std::uint64_t orbit_size(const Position& p) const {
    const TableOf& t = table_of(p);
    return t.index.orbit_size(p, t.flip);
  }
  // "KQvKR" (either colour stronger, pieces in any order), "all3", "all4", "all5" (every table of
  // that many pieces), or such words separated by commas.
  std::vector<Tier> solve_roots(const std::string& material) const;
  // "mate in N" / "mated in N" (moves) / "draw".
  std::string describe(Outcome o) const;

  std::uint64_t perft(const Position& p, int depth) const { return chess::perft(p, depth); }
  template <class F>
  void perft_divide(const Position& p, int depth, F&& f) const {
    chess::perft_divide(p, depth, f);
  }

 private:
  RuleValues rules_;
};

}  // namespace zz::chess
