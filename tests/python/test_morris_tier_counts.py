"""results/morris/tier_counts.py: Six Men's Morris's committed tier counts are its summary laid
out, with one of the game's longest losses read from tables solved here (a changed count, or a
position the tables do not give, fails it)."""
import json
import os
import pathlib
import subprocess
import sys

import pytest

from conftest import cli

ROOT = pathlib.Path(__file__).resolve().parents[2]
MORRIS = ROOT / "results" / "morris"


@pytest.fixture(scope="module")
def six(tmp_path_factory):
    folder = tmp_path_factory.mktemp("six")
    code, _, err = cli("solve", "morris", "--rule", "variant=six", data=folder)
    assert code == 0, err
    return folder


def test_six_tier_counts_are_reproduced(six):
    made = subprocess.run([sys.executable, str(MORRIS / "tier_counts.py"), str(MORRIS / "variant=six.json"), str(six)],
                          capture_output=True, text=True, env=os.environ)
    assert made.returncode == 0, made.stderr
    assert made.stdout == (MORRIS / "six-tiers.md").read_text()


def test_the_named_longest_loss_is_lost_in_that_many_plies(six):
    """The position the file names is what `query` says: lost in the longest loss's plies."""
    line = next(l for l in (MORRIS / "six-tiers.md").read_text().splitlines() if l.startswith("The longest loss"))
    plies = int(line.split(", ")[1].split()[0])
    position = line.split("`")[1]
    code, out, err = cli("query", "morris", position, "--rule", "variant=six", "--json", data=six)
    assert code == 0, err
    answer = json.loads(out)
    assert (answer["value"], answer["remoteness"]) == ("loss", plies)
