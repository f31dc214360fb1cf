"""Fixtures of the Python module's tests: the command line to compare with, and data
directories solved once per run (in temporary folders, removed afterwards)."""
import json
import os
import subprocess

import pytest

CLI = os.environ.get("ZZ_CLI", "zugzwang")


def cli(*args, data=None):
    """Runs the command line; returns (exit code, stdout, stderr)."""
    command = [CLI, *args] + (["--data", str(data)] if data else [])
    done = subprocess.run(command, capture_output=True, text=True)
    return done.returncode, done.stdout, done.stderr


def cli_json(*args, data=None):
    code, out, err = cli(*args, "--json", data=data)
    assert code == 0, err
    return json.loads(out)


@pytest.fixture(scope="session")
def data(tmp_path_factory):
    """Tables for every game: TateDrez and Tak Tikl whole, chess KQvK and KRvK, Tablut K1W1B."""
    folder = tmp_path_factory.mktemp("tables")
    for args in (["solve", "tatedrez"], ["solve", "taktikl"], ["solve", "chess", "--material", "KQvK,KRvK"],
                 ["solve", "tablut", "--material", "K1W1B"]):
        code, _, err = cli(*args, data=folder)
        assert code == 0, err
    return folder
