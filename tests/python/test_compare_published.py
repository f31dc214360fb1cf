"""results/chess/compare_published.py: the tables zugzwang builds agree with the published
statistics (Syzygy's counts, Scid's longest mates and zugzwangs, Gaviota's longest DTM),
and one published figure changed is reported as a difference (exit 1)."""
import json
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
    import os
    return subprocess.run([sys.executable, str(SCRIPT), os.environ["ZZ_CLI"], str(folder), "--material",
                           "KQvK,KRvK,KPvK,KNNvK,KBNvK", *extra], capture_output=True, text=True)


def test_the_built_tables_agree_with_every_published_figure(tables):
    r = compare(tables)
    assert r.returncode == 0, r.stdout + r.stderr
    # KQvK, KRvK, KPvK, KBNvK: counts of both sides, two longest mates, zugzwangs, longest
    # DTM; KNNvK's Syzygy counts are shown, not scored.
    assert "| KBNvK | longest mate, White to move (Scid/Nalimov) | 33 | 33 | agrees |" in r.stdout
    assert "| KPvK | mutual zugzwangs full / White / Black (Scid) | 0/80/0 | 0/80/0 | agrees |" in r.stdout
    assert "not comparable" in r.stdout
    assert " 0 differ." in r.stdout


def test_a_changed_published_figure_is_reported(tables, tmp_path):
    data = json.loads((SCRIPT.parent / "published" / "statistics.json").read_text())
    data["endings"]["KRvK"]["scid"]["longest_mate_moves_wtm"] = 15
    planted = tmp_path / "statistics.json"
    planted.write_text(json.dumps(data))
    r = compare(tables, "--published", str(planted))
    assert r.returncode == 1
    assert "| KRvK | longest mate, White to move (Scid/Nalimov) | 16 | 15 | **differs** |" in r.stdout
    assert " 1 differ." in r.stdout
