"""zugzwang.Game(obj): games written in Python (examples/games/) solved on the results layer,
checked against what nobody here wrote: tic-tac-toe's 5,478 positions and its draw, Bouton's
rule for Nim, Winning Ways' value of Dodgem, an independent minimax, and the C++ TateDrez
position for position. Every bad game is a one-line InputError naming the callback and the
state, and leaves no table behind."""
import _thread
import functools
import pathlib
import sys
import threading
import time

import pytest

import zugzwang

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "examples" / "games"))
import dodgem  # noqa: E402
import nim  # noqa: E402
import tatedrez  # noqa: E402
import tictactoe  # noqa: E402


def every_state(game):
    """Every state reachable from game.start(), by the game's own moves()."""
    seen, todo = {game.start()}, [game.start()]
    while todo:
        state = todo.pop()
        if game.outcome(state) is None:
            for _, child in game.moves(state):
                if child not in seen:
                    seen.add(child)
                    todo.append(child)
    return seen


def minimax(game):
    """Value and remoteness of every state of an acyclic game by plain recursion: the
    winner takes the shortest win, the loser the longest loss (what the tables store)."""
    @functools.lru_cache(maxsize=None)
    def solve(state):
        over = game.outcome(state)
        if over is not None:
            return over, 0
        children = [solve(child) for _, child in game.moves(state)]
        if not children:
            return getattr(game, "no_moves", "loss"), 0
        wins = [r for v, r in children if v == "loss"]
        if wins:
            return "win", min(wins) + 1
        if any(v == "draw" for v, _ in children):
            return "draw", 0
        return "loss", max(r for _, r in children) + 1
    return solve


def value_of(answer):
    return answer.value, answer.remoteness or 0


def test_tictactoe_has_5478_positions_and_is_a_draw_solved_in_under_a_second(tmp_path):
    started = time.perf_counter()
    game = zugzwang.Game(tictactoe.TicTacToe(), data=tmp_path)
    report = game.solve()
    assert time.perf_counter() - started < 1.0
    assert game.enumeration["states"] == 5478 == report.total.entries
    assert report.start.value == "draw" and report.start.side_to_move == "X"
    assert report.positions_per_second > 0 and game.enumeration["positions_per_second"] > 0
    # Every position against an independent minimax.
    oracle = minimax(tictactoe.TicTacToe())
    for state in every_state(tictactoe.TicTacToe()):
        assert value_of(game.query(state)) == oracle(state), state


def test_query_moves_line_and_export_are_the_built_in_result_types(tmp_path):
    game = zugzwang.Game(tictactoe.TicTacToe(), data=tmp_path)
    builtin = zugzwang.Game("tatedrez", data=tmp_path)
    answer = game.query("X...O....")  # X on a1, O on b2: X to move
    assert type(answer) is type(builtin.query()) and answer.side_to_move == "X"
    assert answer.position == repr("X...O....")
    assert len(answer.moves) == 7 and {m.value for m in answer.moves} <= {"win", "draw", "loss"}
    line = game.principal_variation("XX..O.O..")  # X to move completes a1-b1-c1
    assert line.value == "win" and line.remoteness == 1 and [s.move for s in line.line] == ["c1"]
    rows = game.export()
    assert len(rows) == 5478 and set(rows[0]) == set(builtin.export(limit=1)[0])
    assert sum(r["value"] == "draw" for r in game.export(where="draw")) == len(game.export(where="draw"))
    after = game.move(None, "a1", "b2")
    assert after.position == repr("X...O....") and not after.over
    assert game.legal_moves(None) == [f + r for r in "123" for f in "abc"]


def test_board_has_the_shape_of_a_built_in_games_board(tmp_path):
    game = zugzwang.Game(tictactoe.TicTacToe(), data=tmp_path)
    board = game.board("X...O....")
    builtin = zugzwang.Game("tatedrez", data=tmp_path).board()
    assert set(board.board) == set(builtin.board) and set(board.to_dict()) <= set(builtin.to_dict()) | {"material"}
    assert board.board["files"] == 3 and board.board["squares"][6]["piece"]["label"] == "X"  # a1: bottom left
    assert board.board["players"] == ["X", "O"] and board.board["to_move"] == 0
    assert [m["move"] for m in board.moves] == game.legal_moves("X...O....")


def test_a_view_with_lines_is_a_board_of_points(tmp_path):
    """view()'s lines reach the board as the built-in Morris's do; a view without them has none."""
    class Points(tictactoe.TicTacToe):
        def view(self, board):
            return {**super().view(board), "lines": [{"from": "a1", "to": "b2"}, {"from": "b2", "to": "c3"}]}

    board = zugzwang.Game(Points(), data=tmp_path).board("X...O....").board
    assert board["lines"] == [{"from": "a1", "to": "b2"}, {"from": "b2", "to": "c3"}]
    assert len(zugzwang.Game("morris", data=tmp_path).board().board["lines"]) == 32
    assert "lines" not in zugzwang.Game(tictactoe.TicTacToe(), data=tmp_path / "plain").board().board


def test_nim_follows_boutons_rule_everywhere(tmp_path):
    plain = zugzwang.Game(nim.Nim(), data=tmp_path)
    symmetric = zugzwang.Game(nim.SymmetricNim(), data=tmp_path)
    assert plain.query().value == "win"  # 3 ^ 4 ^ 5 = 2
    assert symmetric.enumeration["states"] < plain.enumeration["states"] == 4 * 5 * 6
    for heaps in every_state(nim.Nim()):
        bouton = "loss" if heaps[0] ^ heaps[1] ^ heaps[2] == 0 else "win"
        assert plain.query(heaps).value == bouton, heaps
        assert value_of(symmetric.query(heaps)) == value_of(plain.query(heaps)), heaps


def test_dodgem_3x3_is_a_first_player_win_as_winning_ways_says(tmp_path):
    game = zugzwang.Game(dodgem.Dodgem(), data=tmp_path)
    report = game.solve()
    assert report.start.value == "win" and report.start.side_to_move == "Blue"
    assert report.total.entries == game.enumeration["states"]
    line = game.principal_variation()
    # The line ends with Blue to move and no move left: that player has won (no_moves = "win").
    assert len(line.line) == line.remoteness == 20 and line.line[-1].value == "win"
    assert game.move(None, *[step.move for step in line.line]).over


def test_python_tatedrez_equals_the_cpp_game_position_for_position(tmp_path):
    cpp = zugzwang.Game("tatedrez", rules={"rounds": "0"}, data=tmp_path)
    cpp.solve()
    known = {row["position"]: (row["value"], row.get("remoteness") or 0) for row in cpp.export()}
    game = zugzwang.Game(tatedrez.TateDrez(), data=tmp_path)
    rows = game.export()
    assert len(rows) == game.enumeration["states"] > 100_000
    for row in rows:
        assert (row["value"], row.get("remoteness") or 0) == known[row["position"]], row["position"]
    assert cpp.query().to_dict()["value"] == game.query().to_dict()["value"]


def test_a_later_process_loads_the_table_and_another_definition_is_refused(tmp_path):
    zugzwang.Game(tictactoe.TicTacToe(), data=tmp_path).solve()
    table = tmp_path / "tictactoe" / "default" / "all.zzt"
    assert table.exists()
    written = table.stat().st_mtime_ns
    again = zugzwang.Game(tictactoe.TicTacToe(), data=tmp_path)
    assert again.solve().tiers[0].reused and again.query().value == "draw"
    assert table.stat().st_mtime_ns == written

    class Misere(tictactoe.TicTacToe):  # same name, other rules: a line loses for its maker
        def outcome(self, board):
            verdict = super().outcome(board)
            return "win" if verdict == "loss" else verdict

    with pytest.raises(zugzwang.InputError, match="holds rules"):
        zugzwang.Game(Misere(), data=tmp_path).query()
    assert table.stat().st_mtime_ns == written


class Broken(tictactoe.TicTacToe):
    """Tic-tac-toe that goes wrong at its first state with X on b2."""
    name = "broken"
    fault = None

    def moves(self, board):
        for text, child in super().moves(board):
            if child != "....X....":
                yield text, child
                continue
            if self.fault == "raises":
                raise ZeroDivisionError("boom")
            if self.fault == "unhashable":
                yield text, list(child)
            elif self.fault == "not a pair":
                yield child
            elif self.fault == "text":
                yield 5, child
            else:
                yield text, child

    def outcome(self, board):
        if self.fault == "outcome" and board == "....X....":
            return "won"
        return super().outcome(board)


@pytest.mark.parametrize("fault,message", [
    ("raises", r"^moves\('\.\.\.\.\.\.\.\.\.'\) raised ZeroDivisionError: boom$"),
    ("unhashable", r"^moves\('\.\.\.\.\.\.\.\.\.'\) gave the state \['\.', .* which is not hashable"),
    ("not a pair", r"^moves\('\.\.\.\.\.\.\.\.\.'\) gave '\.\.\.\.X\.\.\.\.', not a pair \(move_text, next_state\)$"),
    ("text", r"^moves\('\.\.\.\.\.\.\.\.\.'\) gave the move text 5, not a str$"),
    ("outcome", r"^outcome\('\.\.\.\.X\.\.\.\.'\) returned 'won', not None, \"win\", \"loss\" or \"draw\"$"),
])
def test_a_bad_game_is_one_line_naming_the_callback_and_the_state(tmp_path, fault, message):
    game = Broken()
    game.fault = fault
    with pytest.raises(zugzwang.InputError, match=message):
        zugzwang.Game(game, data=tmp_path)
    assert not any(tmp_path.rglob("*.zzt"))


def test_missing_callbacks_a_bad_name_and_rules_are_refused(tmp_path):
    class NoMoves:
        def start(self):
            return 0

        def outcome(self, state):
            return None

    with pytest.raises(zugzwang.InputError, match=r"no moves\(\)"):
        zugzwang.Game(NoMoves(), data=tmp_path)

    class Slashed(tictactoe.TicTacToe):
        name = "../escape"

    with pytest.raises(zugzwang.InputError, match="cannot name a folder"):
        zugzwang.Game(Slashed(), data=tmp_path)
    with pytest.raises(zugzwang.InputError, match="rules are for the built-in games"):
        zugzwang.Game(tictactoe.TicTacToe(), rules={"a": "b"}, data=tmp_path)
    game = zugzwang.Game(tictactoe.TicTacToe(), data=tmp_path)
    with pytest.raises(zugzwang.InputError, match="not reachable from the start"):
        game.query("XXXXXXXXX")
    with pytest.raises(zugzwang.InputError, match="not hashable"):
        game.query(["X"])


class Counter:
    """A game of `length` states in a line."""
    def __init__(self, length=2_000_000):
        self.length = length

    def start(self):
        return 0

    def moves(self, n):
        return [("next", n + 1)] if n < self.length else []

    def outcome(self, n):
        return None


def test_a_state_space_over_memory_is_refused(tmp_path):
    with pytest.raises(zugzwang.InputError, match="passes the memory limit of 1000000 bytes after"):
        zugzwang.Game(Counter(), data=tmp_path, memory=1_000_000)
    assert not any(tmp_path.rglob("*.zzt"))


def test_ctrl_c_stops_the_enumeration(tmp_path):
    threading.Timer(0.2, _thread.interrupt_main).start()
    started = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):  # long before the memory cap would end it
        zugzwang.Game(Counter(10**9), data=tmp_path, memory="1G")
    assert time.perf_counter() - started < 5
    assert not any(tmp_path.rglob("*.zzt"))
