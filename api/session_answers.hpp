#pragma once
// PositionAnswers<G>: a session's answers about one position: its text, its moves, the
// board as data, perft, and, from the tables, its value, its moves' values and the
// principal variation.
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "api/session_core.hpp"
#include "solver/move_list.hpp"
#include "solver/perft.hpp"
#include "solver/query.hpp"

namespace zz::api {

template <Game G>
class PositionAnswers {
 public:
  using Move = typename G::Move;
  using Position = typename G::Position;

  explicit PositionAnswers(const SessionCore<G>& core) : core_(core) {}

  std::string normalize(const std::string& text) const { return core_.game().format(core_.parse_position(text)); }

  std::vector<std::string> legal_moves(const std::string& text) const {
    const Position p = core_.parse_position(text);
    std::vector<std::string> moves;
    for (const Move& m : move_list(core_.game(), p)) moves.push_back(core_.game().format_move(m));
    return moves;
  }

  MoveResult move(const std::string& text, const std::vector<std::string>& moves) const {
    Position p = core_.parse_position(text);
    MoveResult r{core_.name(), core_.rules(), {}, {}, false, std::nullopt, {}};
    std::optional<Outcome> over = core_.game().outcome(p);
    bool repeated = false;
    if constexpr (requires { typename G::History; }) {
      typename G::History history(p);
      for (const auto& m_text : moves) {
        if (repeated) throw InputError("the game is already drawn by repetition before " + m_text);
        const Move m = core_.game().parse_move(p, m_text);
        r.moves.push_back(core_.game().format_move(m));
        if constexpr (HasMoveNames<G>) r.names.push_back(core_.name_of(p, m));
        p = core_.game().play(p, m);
        over = core_.game().outcome(p);
        repeated = !over && core_.game().drawn_by_repetition(history, p);
      }
    } else {
      for (const auto& m_text : moves) {
        const Move m = core_.game().parse_move(p, m_text);
        r.moves.push_back(core_.game().format_move(m));
        if constexpr (HasMoveNames<G>) r.names.push_back(core_.name_of(p, m));
        p = core_.game().play(p, m);
      }
      over = core_.game().outcome(p);
    }
    if (repeated) over = Outcome::draw();
    r.position = core_.game().format(p);
    r.over = over.has_value();
    if (over) r.result = core_.result_text(p, *over) + (repeated ? " by repetition" : "");
    return r;
  }

  BoardResult board(const std::string& text) const {
    const Position p = core_.parse_position(text);
    const MoveResult state = move(text, {});
    BoardResult r{core_.name(), core_.rules(), state.position, state.over, state.result, core_.game().view(p), {},
                  std::nullopt};
    for (const Move& m : move_list(core_.game(), p)) {
      r.moves.push_back(core_.game().view_move(p, m));
      r.moves.back().name = core_.name_of(p, m);
    }
    if constexpr (requires { core_.game().solve_roots(std::string()); }) {
      try {
        r.material = core_.game().tier_name(core_.game().tier_of(core_.table_view(p)));
      } catch (const InputError&) {  // no table can hold it (chess with castling rights)
      }
    }
    return r;
  }

  PerftResult perft(const std::string& text, int depth, bool divide) const {
    check_perft_depth(depth);
    const Position p = core_.parse_position(text);
    const auto started = std::chrono::steady_clock::now();
    PerftResult r{core_.name(), core_.rules(), core_.game().format(p), depth, 0, {}, 0};
    if (divide && depth > 0) {
      for (const Move& m : move_list(core_.game(), p)) {
        const std::uint64_t n = zz::perft(core_.game(), core_.game().play(p, m), depth - 1);
        r.divide.emplace_back(core_.game().format_move(m), n);
        r.nodes += n;
      }
    } else {
      r.nodes = zz::perft(core_.game(), p, depth);
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return r;
  }

  Outcome value(const std::string& text) const {
    if constexpr (Enumerable<G>) {
      const Position given = core_.parse_position(text);
      return core_.with_tables([&] { return core_.store().probe(core_.table_view(given)); });
    } else {
      core_.parse_position(text);
      throw InputError(core_.name() + " has no tables to probe");
    }
  }

  QueryResult query(const std::string& text) const {
    if constexpr (Enumerable<G>) {
      const Position given = core_.parse_position(text);
      return core_.with_tables([&] {
        QueryResult r = query_position(given);
        r.mutual_zugzwang = mutual_zugzwang(core_.table_view(given), r.outcome);
        return r;
      });
    } else {
      core_.parse_position(text);
      throw InputError(core_.name() + " has no tables to query");
    }
  }

  PrincipalVariation principal_variation(const std::string& text) const {
    if constexpr (Enumerable<G>) {
      const Position given = core_.parse_position(text);
      return core_.with_tables([&] {
        return PrincipalVariation{core_.name(), core_.rules(), core_.game().format(given),
                                  core_.store().probe(core_.table_view(given)), line_from(given)};
      });
    } else {
      core_.parse_position(text);
      throw InputError(core_.name() + " has no tables");
    }
  }

  // The position's value and every move's, from the tables (which must be there).
  QueryResult query_position(const Position& given) const {
    const Position p = core_.table_view(given);
    QueryResult r;
    r.game = core_.name();
    r.rules = core_.rules();
    r.position = core_.game().format(given);
    r.side_to_move = core_.player(p, true);
    r.outcome = core_.store().probe(p);
    r.over = core_.game().outcome(p).has_value();
    r.plies_left = core_.game().plies_left(p);
    for (const auto& mv : value_moves(core_.game(), p, core_.store()))
      r.moves.push_back({core_.game().format_move(mv.move), mv.outcome, core_.name_of(p, mv.move)});
    if constexpr (requires { core_.game().halfmove_clock(given); }) {
      const int clock = core_.game().halfmove_clock(given);
      r.fifty_move_rule = FiftyMoveRule{clock, clock >= 100};
    }
    return r;
  }

  // Best moves from p until the game ends (decisive values only: a draw has no end). The
  // positions are shown as played; each is valued as the tables see it (table_view).
  std::vector<LineStep> line_from(Position p) const {
    std::vector<LineStep> line;
    Outcome o = core_.store().probe(core_.table_view(p));
    // Values alone do not say which winning move makes progress: such a line could go round.
    if (o.value != Value::Draw && !o.has_remoteness())
      throw InputError("the tables hold values only (no distance to the end): a line needs the tables with distances");
    while (o.value != Value::Draw && !core_.game().outcome(core_.table_view(p))) {
      const auto moves = value_moves(core_.game(), core_.table_view(p), core_.store());
      const std::string move = core_.game().format_move(moves.front().move);
      std::string named = core_.name_of(p, moves.front().move);
      p = core_.game().play(p, moves.front().move);
      o = core_.store().probe(core_.table_view(p));
      line.push_back({move, core_.game().format(p), o, std::move(named)});
    }
    return line;
  }

 private:
  // Lost for the side to move, and lost too with the other side to move on the same board.
  std::optional<bool> mutual_zugzwang(const Position& p, Outcome value) const {
    if constexpr (requires { core_.game().other_side_to_move(p); }) {
      const auto other = core_.game().other_side_to_move(p);
      if (!other || core_.game().outcome(p)) return std::nullopt;
      try {
        return value.value == Value::Loss && core_.store().probe(*other).value == Value::Loss;
      } catch (const InputError&) {
        return std::nullopt;  // no table covers the other side to move
      }
    } else {
      (void)p;
      (void)value;
      return std::nullopt;
    }
  }

  const SessionCore<G>& core_;
};

}  // namespace zz::api
