"""results/chess/compare_published.py: the tables zugzwang builds agree with the published
statistics (Syzygy's counts, Scid's longest mates and zugzwangs, Gaviota's longest DTM),
and one published figure changed is reported as a difference (exit 1)."""
import json
import os
import pathlib
import subprocess
import sys

import pytest

from conftest import cli

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "results" / "chess" / "compare_published.py"


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    folder = tmp_path_factory.mktemp("published")
    code, _, err = cli("solve", "chess", "--material", "KQvK,KRvK,KPvK,KNNvK,KBNvK", data=folder)
    assert code == 0, err
    return folder


def compare(folder, *extra):
    return subprocess.run([sys.executable, str(SCRIPT), os.environ["ZZ_CLI"], str(folder), "--material",
                           "KQvK,KRvK,KPvK,KNNvK,KBNvK", *extra], capture_output=True, text=True)


def test_the_built_tables_agree_with_every_published_figure(tables):
    r = compare(tables)
    assert r.returncode == 0, r.stdout + r.stderr
    # Every table: counts of both sides, two longest mates, zugzwangs, longest DTM. KNNvK's
    # counts are Syzygy's way (its knights told apart), rebuilt by syzygy_counting.py.
    assert "| KBNvK | longest mate, White to move (Scid/Nalimov) | 33 | 33 | agrees |" in r.stdout
    assert "| KPvK | mutual zugzwangs full / White / Black (Scid) | 0/80/0 | 0/80/0 | agrees |" in r.stdout
    assert ("| KNNvK | W/D/L, White to move, identical pieces told apart (Syzygy) | 154/1437574/0 | "
            "154/1437574/0 | agrees |") in r.stdout
    assert "| KBNvK | W/D/L, Black to move: up to symmetry vs from whole-board counts |" in r.stdout
    assert "not comparable" not in r.stdout and "differs" not in r.stdout
    assert " 0 differ, 0 of them explained below." in r.stdout


def test_a_changed_published_figure_is_reported(tables, tmp_path):
    data = json.loads((SCRIPT.parent / "published" / "statistics.json").read_text())
    data["endings"]["KRvK"]["scid"]["longest_mate_moves_wtm"] = 15
    planted = tmp_path / "statistics.json"
    planted.write_text(json.dumps(data))
    r = compare(tables, "--published", str(planted))
    assert r.returncode == 1
    assert "| KRvK | longest mate, White to move (Scid/Nalimov) | 16 | 15 | **differs** |" in r.stdout
    assert " 1 differ, 0 of them explained below." in r.stdout


def test_the_diagonal_positions_are_the_ones_zugzwang_calls_legal(tables):
    """syzygy_counting.py's own legality test (kings apart, the side not to move not in
    check along the diagonal) against zugzwang's: every position it keeps is valued, every
    one it drops is refused."""
    sys.path.insert(0, str(SCRIPT.parent))
    import syzygy_counting
    for tier, some_dropped in (("KQvK", True), ("KNNvK", False), ("KBNvK", True)):
        placements = list(syzygy_counting.diagonal_placements(tier))
        assert (not all(legal for *_, legal in placements)) == some_dropped  # knights never check
        out = subprocess.run([os.environ["ZZ_CLI"], "probe", "chess", "--data", str(tables), "--json"],
                             capture_output=True, text=True,
                             input="".join(fen + "\n" for fen, *_ in placements)).stdout.splitlines()
        assert len(out) == len(placements)
        for (fen, _, legal), line in zip(placements, out):
            assert ("error" not in json.loads(line)) == legal, (tier, fen, line)


def test_counts_told_apart_follow_burnside():
    """KQQvK, White to move: 2,828,560 whole-board wins and 70 positions on a1-h8 give
    Syzygy's 707,175 = 2 x (2,828,560 + 2 x 70) / 8; with pawns a mirror fixes nothing."""
    sys.path.insert(0, str(SCRIPT.parent))
    import syzygy_counting
    assert syzygy_counting.labellings("KQQvK") == 2 and syzygy_counting.labellings("KBBBvKNN") == 12
    assert sum(w for _, w in syzygy_counting.diagonal_positions("KQQvK")) == 70
    told = syzygy_counting.syzygy_counts("KQQvK", {"wins": 2828560, "draws": 0, "losses": 0},
                                         {"wins": 70, "draws": 0, "losses": 0})
    assert told == {"wins": 707175, "draws": 0, "losses": 0}
    assert syzygy_counting.syzygy_counts("KPPvK", {"wins": 10, "draws": 4, "losses": 0})["wins"] == 10
    with pytest.raises(ValueError):
        syzygy_counting.syzygy_counts("KQvK", {"wins": 3, "draws": 0, "losses": 0}, {"wins": 0, "draws": 0, "losses": 0})


def test_rows_of_tables_built_elsewhere_are_kept(tables, tmp_path):
    """A set built in parts: the tables of an earlier part are gone from disk, their rows stay."""
    kept = tmp_path / "kept.json"
    assert compare(tables, "--keep", str(kept)).returncode == 0
    part = tmp_path / "part"
    code, _, err = cli("solve", "chess", "--material", "KQvK", data=part)
    assert code == 0, err
    r = compare(part, "--keep", str(kept))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "| KBNvK | longest mate, White to move (Scid/Nalimov) | 33 | 33 | agrees |" in r.stdout
    assert "| KQvK | longest mate, White to move (Scid/Nalimov) | 10 | 10 | agrees |" in r.stdout
    without = compare(part)
    assert "| KBNvK |" not in without.stdout  # without --keep only what is on disk
    # A kept row that differs still counts as a difference.
    rows = json.loads(kept.read_text())
    rows["KBNvK"][0][3] = False
    kept.write_text(json.dumps(rows))
    assert compare(part, "--keep", str(kept)).returncode == 1


def compare_kept(tmp_path, material, rows):
    """The script run on kept rows alone (no table on disk): what the page makes of them."""
    kept = tmp_path / "kept.json"
    kept.write_text(json.dumps({material: rows}))
    return subprocess.run([sys.executable, str(SCRIPT), os.environ["ZZ_CLI"], str(tmp_path), "--material", material,
                           "--keep", str(kept)], capture_output=True, text=True)


def test_an_explained_difference_is_shown_but_does_not_fail(tmp_path):
    """KBPvKN's longest White mate (100 here, 105 in Scid) is explained by Gaviota's longest DTM
    of the table (199 plies, which zugzwang's equals): a mate in 105 would last 209. The row
    still says it differs and the page says why, and the exit status stays 0; without the
    Gaviota row nothing explains it and the status is 1."""
    mate = ["longest mate, White to move (Scid/Nalimov)", 100, 105, False]
    r = compare_kept(tmp_path, "KBPvKN", [mate, ["longest DTM in plies (Gaviota)", 199, 199, True]])
    assert r.returncode == 0, r.stdout + r.stderr
    assert "| KBPvKN | longest mate, White to move (Scid/Nalimov) | 100 | 105 | **differs** (explained: 1) |" \
        in r.stdout
    assert "1 differ, 1 of them explained below." in r.stdout and "lasts 209 plies" in r.stdout
    assert compare_kept(tmp_path, "KBPvKN", [mate]).returncode == 1


def test_a_difference_investigated_but_not_explained_is_shown_and_still_fails(tmp_path):
    """KQPvKR's longest White mate (37 here, 38 in Scid) is not explained: the page prints what
    was checked, and the exit status stays 1."""
    r = compare_kept(tmp_path, "KQPvKR", [["longest mate, White to move (Scid/Nalimov)", 37, 38, False]])
    assert r.returncode == 1, r.stdout + r.stderr
    assert "| KQPvKR | longest mate, White to move (Scid/Nalimov) | 37 | 38 | **differs** (not explained: 1) |" \
        in r.stdout
    assert "## Differences not explained, and what was checked" in r.stdout and "--from-scratch" in r.stdout


def test_a_scid_mate_longer_than_gaviota_allows_is_explained(tmp_path):
    """KBPvKN: Scid's White mate in 105 (209 plies) is longer than Gaviota's longest DTM over the
    whole table (199 plies), which zugzwang's equals: the page says the sources contradict each
    other and the exit status is 0. Were Gaviota's maximum long enough for it, it would fail."""
    def run(gaviota):
        return compare_kept(tmp_path, "KBPvKN", [["longest mate, White to move (Scid/Nalimov)", 100, 105, False],
                                                 ["longest DTM in plies (Gaviota)", gaviota, gaviota, True]])

    r = run(199)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "| 100 | 105 | **differs** (explained: 1) |" in r.stdout
    assert "the two published sources contradict each other" in r.stdout and "209 plies" in r.stdout
    assert run(209).returncode == 1


def test_a_table_published_with_the_colours_swapped_is_compared_so(tmp_path):
    """zugzwang's KQvKBB is the published KBBvKQ: planted here as KQvKR listed as KRvKQ, every
    figure read with the sides swapped must still agree, and one swapped wrongly must not."""
    data = json.loads((SCRIPT.parent / "published" / "statistics.json").read_text())
    mine = data["endings"].pop("KQvKR")
    theirs = {"syzygy": {"wtm": mine["syzygy"]["btm"], "btm": mine["syzygy"]["wtm"]},
              "scid": dict(mine["scid"], longest_mate_moves_wtm=mine["scid"]["longest_mate_moves_btm"],
                           longest_mate_moves_btm=mine["scid"]["longest_mate_moves_wtm"]),
              "texel_max_dtm_plies": mine["texel_max_dtm_plies"]}
    data["endings"]["KRvKQ"] = theirs
    planted = tmp_path / "statistics.json"
    planted.write_text(json.dumps(data))
    folder = tmp_path / "tables"
    code, _, err = cli("solve", "chess", "--material", "KQvKR", data=folder)
    assert code == 0, err

    def run():
        return subprocess.run([sys.executable, str(SCRIPT), os.environ["ZZ_CLI"], str(folder), "--material", "KQvKR",
                               "--published", str(planted)], capture_output=True, text=True)

    r = run()
    assert r.returncode == 0, r.stdout + r.stderr
    assert "| KQvKR | as KRvKQ: longest mate, White to move (Scid/Nalimov) |" in r.stdout
    assert "| KQvKR | as KRvKQ: W/D/L, Black to move (Syzygy) |" in r.stdout
    assert " 0 differ," in r.stdout
    # Not swapped: the rook side's longest mate would be compared with the queen side's.
    theirs["scid"]["longest_mate_moves_wtm"] = mine["scid"]["longest_mate_moves_wtm"]
    planted.write_text(json.dumps(data))
    assert run().returncode == 1
