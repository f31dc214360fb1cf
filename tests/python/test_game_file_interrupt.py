"""Ctrl-C stops `zugzwang solve --game-file` cleanly: while the Python callbacks list the
states and while the C++ solver runs, SIGINT ends the program at once, as it ends a solve
of a built-in game, and leaves no table under its final name (tables are written under a
temporary name and renamed when complete; a later run removes what a killed one left)."""
import os
import pathlib
import signal
import subprocess
import time

import pytest

CLI = os.environ.get("ZZ_CLI", "zugzwang")
CONNECT4 = pathlib.Path(__file__).resolve().parents[2] / "examples" / "games" / "connect4.py"
# 3.9 M states: many seconds of listing, on any machine that runs the suite
BIG = f"{CONNECT4}:ConnectFour(5, 4)"
MEDIUM = f"{CONNECT4}:ConnectFour(4, 5)"  # 1.7 M states: listed in a few seconds, solved in one or two


def complete_tables(data):
    return [p for p in pathlib.Path(data).rglob("*.zzt")]


def interrupted(proc, what):
    started = time.monotonic()
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
        pytest.fail(f"SIGINT did not stop the solve {what}")
    return time.monotonic() - started


def test_sigint_while_listing_states(tmp_path):
    proc = subprocess.Popen([CLI, "solve", "--game-file", BIG, "--data", str(tmp_path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(1.5)
    assert proc.poll() is None, proc.communicate()
    took = interrupted(proc, "while listing states")
    assert proc.returncode == -signal.SIGINT, proc.communicate()
    assert took < 5
    assert not complete_tables(tmp_path)


def test_sigint_while_solving(tmp_path):
    proc = subprocess.Popen([CLI, "solve", "--game-file", MEDIUM, "--data", str(tmp_path), "--progress", "lines"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = proc.stderr.readline()  # the solver's first progress line: the states are listed
    assert first, proc.communicate()
    assert proc.poll() is None, "the solve ended before it could be interrupted"
    took = interrupted(proc, "while solving")
    assert proc.returncode == -signal.SIGINT, (first, proc.communicate())
    assert took < 5
    assert not complete_tables(tmp_path)
    # A later run solves it whole, unbothered by what the killed one left behind.
    done = subprocess.run([CLI, "solve", "--game-file", f"{CONNECT4}:ConnectFour(4, 4)", "--data", str(tmp_path)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
