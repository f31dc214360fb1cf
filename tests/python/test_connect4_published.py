"""Connect Four on small boards (examples/games/connect4.py, a game written in Python)
against John Tromp's published values (https://tromp.github.io/c4/c4.html; tabulated by
width and height, with the move on which perfect play ends, in the readme of
https://github.com/ChristopheSteininger/c4): 4x4 and 4x5 are draws, played to the full
board. Larger boards are in the benchmark (tools/bench/python/bench_python_games.py)."""
import pathlib
import sys

import pytest

import zugzwang

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "examples" / "games"))
from connect4 import ConnectFour  # noqa: E402


@pytest.mark.parametrize("width,height,states", [(4, 4, 161_029), (4, 5, 1_706_255)])
def test_small_boards_are_draws(tmp_path, width, height, states):
    game = zugzwang.Game(ConnectFour(width, height), data=str(tmp_path))
    report = game.solve()
    assert game.enumeration["states"] == states
    assert report.start.value == "draw"
    # A draw on these boards fills them: every move of the start keeps the draw, or loses.
    values = {m.move: m.value for m in game.query(None).moves}
    assert set(values) == set("abcd"[:width])
    assert "draw" in values.values() and "win" not in values.values()


def test_rules_checked_on_positions():
    game = ConnectFour(4, 4)
    state = game.parse("..../x.../x.../xooo")  # x has three in column a; o has three on the bottom
    assert game.outcome(state) is None
    moves = dict(game.moves(state))
    assert game.outcome(moves["a"]) == "loss"  # four up the column: the player to move next lost
    assert game.format(game.parse("..../..../.o../.xx.")) == "..../..../.o../.xx."
    diagonal = game.parse("...x/..xo/.xoo/xooo")
    assert game.outcome(diagonal) == "loss"
