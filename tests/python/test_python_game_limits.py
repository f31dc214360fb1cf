"""The limits of a game written in Python are its author's input, refused in one line as an
InputError: a forced win longer than a table code holds (the solver would otherwise stop
with an internal error), and no table is left behind."""
import pathlib

import pytest

import zugzwang


class Line:
    """States 0..n in a row, one move each; the player to move at n has lost, so the start
    is decided in exactly n plies."""

    def __init__(self, n):
        self.n = n
        self.name = f"line-{n}"

    def start(self):
        return 0

    def moves(self, i):
        return [("next", i + 1)]

    def outcome(self, i):
        return "loss" if i == self.n else None


def test_a_long_line_solves_with_its_remoteness(tmp_path):
    report = zugzwang.Game(Line(3001), data=str(tmp_path)).solve()
    assert (report.start.value, report.start.remoteness) == ("win", 3001)


def test_remoteness_past_a_table_code_is_an_input_error(tmp_path):
    game = zugzwang.Game(Line(40_000), data=str(tmp_path))
    with pytest.raises(zugzwang.InputError, match=r"^line-40000 has a forced win or loss longer than \d+ plies"):
        game.solve()
    assert not list(pathlib.Path(tmp_path).rglob("*.zzt"))
