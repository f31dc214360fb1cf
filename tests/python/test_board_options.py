"""The structured board, the options every face offers (review's proof search, export) with
the results layer's limits, and a position no table covers as NotCoveredError."""
import json

import pytest

import zugzwang
from conftest import cli, cli_json


@pytest.mark.parametrize("name,position", [("tatedrez", "start"), ("taktikl", "oxox/4/x3/1oxo o a1a2 -"),
                                           ("dobutsu", "gle/1C1/3/ELG g c"), ("tablut", "start"),
                                           ("chess", "8/5P2/8/8/2r5/8/2k5/K6Q w - - 0 1")])
def test_board_equals_the_command_line(name, position):
    g = zugzwang.Game(name, data="/nonexistent")  # a board needs no tables
    b = g.board(position)
    assert b.to_dict() == cli_json("board", name, position)
    assert b.position == g.normalize(position)
    assert [m["move"] for m in b.moves] == g.legal_moves(position)
    assert len(b.board["squares"]) == b.board["files"] * b.board["ranks"]


def test_dobutsu_hands_and_drops():
    b = zugzwang.Game("dobutsu", data="/nonexistent").board("gle/1C1/3/ELG g c")
    assert [h["kind"] for h in b.board["hands"][1]] == ["chick"]
    assert {m["to"] for m in b.moves if "drop" in m} == {sq["name"] for sq in b.board["squares"] if sq["piece"] is None}


def test_review_takes_the_proof_options(data):
    g = zugzwang.Game("tablut", data=data)
    review = g.review("9/9/2K6/9/9/9/9/4B4/9 w", ["c3-c1"], proof_plies=3, proof_nodes=100000)
    assert review.to_dict() == cli_json("review", "tablut", "9/9/2K6/9/9/9/9/4B4/9 w", "c3-c1", "--proof-plies", "3",
                                        "--proof-nodes", "100000", data=data)
    with pytest.raises(zugzwang.InputError, match="proof_plies"):
        g.review("start", [], proof_plies=65)
    with pytest.raises(zugzwang.InputError, match="proof_nodes"):
        g.review("start", [], proof_plies=2, proof_nodes=0)


def test_export_equals_the_command_line(data):
    g = zugzwang.Game("chess", data=data)
    rows = g.export(material="KQvK", where="loss", limit=7)
    code, out, err = cli("export", "chess", "--material", "KQvK", "--where", "value=loss", "--limit", "7", data=data)
    assert code == 0, err
    assert rows == json.loads(out)["positions"]  # export's default format is one JSON document
    assert all(r["value"] == "loss" for r in rows)
    with pytest.raises(zugzwang.InputError, match="where"):
        g.export(material="KQvK", where="maybe")


def test_analyze_limits_are_the_results_layers():
    g = zugzwang.Game("tablut", data="/nonexistent")
    code, _, err = cli("analyze", "tablut", "start", "--depth", "0")
    assert code == 2
    with pytest.raises(zugzwang.InputError) as e:
        g.analyze("start", depth=0)
    assert str(e.value) == err.strip().split(": ", 1)[1]
    with pytest.raises(zugzwang.InputError, match="exactly one"):
        g.analyze("start")


def test_a_position_no_table_covers_is_not_covered_error(data):
    with pytest.raises(zugzwang.NotCoveredError, match="castling"):
        zugzwang.Game("chess", data=data).query("start")
