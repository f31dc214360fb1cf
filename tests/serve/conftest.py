"""A server for the whole run, with tables of every game in a temporary data directory."""
import subprocess

import pytest

from server import CLI, Server


@pytest.fixture(scope="session")
def data(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tables")
    for args in (["solve", "tatedrez", "--rule", "no-move=pass"], ["solve", "chess", "--material", "KQvK"],
                 ["solve", "tablut", "--material", "K1W1B"]):
        done = subprocess.run([CLI, *args, "--data", str(folder)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    return folder


@pytest.fixture(scope="session")
def server(data):
    s = Server(data)
    yield s
    assert s.stop() == 0  # SIGTERM ends it cleanly
