"""`zugzwang summary` recomputed from nothing but probes: the counts per side to move, each
side's longest win with its first position, and the mutual zugzwangs (with the side to move
flipped on every board, each side's value probed), on KPvK; on KPvKP (8 M slots, too many
to probe from Python, and a minute to solve: set ZZ_HEAVY_TESTS=1) its first mutual zugzwang
is checked by probes."""
import json
import os

import pytest

import zugzwang
import zugzwang.chess

from conftest import cli


@pytest.fixture(scope="module")
def pawns(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pawns")
    code, _, err = cli("solve", "chess", "--material", "KPvK", data=folder)
    assert code == 0, err
    return folder


def flipped(fen):
    board, side, castling, _, *clocks = fen.split()
    return " ".join([board, "b" if side == "w" else "w", castling, "-", *clocks])


def test_summary_equals_a_recount_from_probes(pawns):
    material = "KPvK"
    code, out, err = cli("summary", "chess", "--material", material, "--json", data=pawns)
    assert code == 0, err
    doc = json.loads(out)
    assert doc["command"] == f"zugzwang summary chess --material {material}"
    summary = next(t for t in doc["tables"] if t["tier"] == material)

    tb = zugzwang.chess.Tablebase(pawns)
    game = zugzwang.Game("chess", data=pawns)
    rows = [r for r in game.export(material) if r["tier"] == material]
    counts = {"White": {"win": 0, "draw": 0, "loss": 0}, "Black": {"win": 0, "draw": 0, "loss": 0}}
    longest = {"White": None, "Black": None}
    zugzwangs = {"full": 0, "White": 0, "Black": 0}
    first_zugzwang = None
    for row in rows:  # in index order
        fen, value = row["position"], row["value"]
        side = "White" if fen.split()[1] == "w" else "Black"
        counts[side][value] += 1
        if value == "win" and (longest[side] is None or row["remoteness"] > longest[side][0]):
            longest[side] = (row["remoteness"], fen)
        if side != "White":
            continue  # each board once, from White to move (stalemated or not, as Scid counts)
        try:
            other = tb.probe_wdl(flipped(fen))
        except zugzwang.InputError:
            continue  # with Black to move, White's king would be in check
        mine = {"win": 1, "draw": 0, "loss": -1}[value]
        kind = "full" if (mine, other) == (-1, -1) else "White" if (mine, other) == (0, -1) else \
            "Black" if (mine, other) == (-1, 0) else None
        if kind:
            zugzwangs[kind] += 1
            first_zugzwang = first_zugzwang or fen

    for side in ("White", "Black"):
        got = summary["by_side"][side]
        assert (got["wins"], got["draws"], got["losses"]) == \
            (counts[side]["win"], counts[side]["draw"], counts[side]["loss"])
        if longest[side] is None:
            assert got["longest_win"] is None
        else:
            assert (got["longest_win"]["remoteness"], got["longest_win"]["position"]) == longest[side]
    z = summary["mutual_zugzwangs"]
    assert (z["full_point"], z["half_point_White_in_zugzwang"], z["half_point_Black_in_zugzwang"]) == \
        (zugzwangs["full"], zugzwangs["White"], zugzwangs["Black"])
    assert z["example"] == first_zugzwang
    assert zugzwangs["White"] > 0  # the recount can see them


@pytest.mark.skipif(not os.environ.get("ZZ_HEAVY_TESTS"), reason="solves KPvKP: set ZZ_HEAVY_TESTS=1")
def test_the_first_zugzwang_of_kpvkp_is_one_by_probes(tmp_path):
    pawns = tmp_path
    code, _, err = cli("solve", "chess", "--material", "KPvKP", data=pawns)
    assert code == 0, err
    code, out, err = cli("summary", "chess", "--material", "KPvKP", "--json", data=pawns)
    assert code == 0, err
    z = json.loads(out)["tables"][-1]["mutual_zugzwangs"]
    assert z["full_point"] > 0 and z["half_point_White_in_zugzwang"] > 0 and z["half_point_Black_in_zugzwang"] > 0
    tb = zugzwang.chess.Tablebase(pawns)
    example = z["example"]
    values = (tb.probe_wdl(example), tb.probe_wdl(flipped(example)))
    assert values in ((-1, -1), (0, -1), (-1, 0))


def test_summary_of_a_missing_table_names_the_solve_command(tmp_path):
    code, _, err = cli("summary", "chess", "--material", "KQvKR", data=tmp_path)
    assert code == 2
    assert "zugzwang solve chess --material KQvKR" in err and err.count("\n") == 1
