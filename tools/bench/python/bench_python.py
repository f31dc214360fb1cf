#!/usr/bin/env python3
"""The Python module against the command line: query calls per second from one Python
process against `zugzwang query` processes per second, and the time to read a whole table
as NumPy arrays against exporting it as JSON Lines. One JSON line per case.

    PYTHONPATH=build/python /usr/bin/python3 tools/bench/python/bench_python.py build/tools/cli/zugzwang [DATA]

Tak Tikl (default rules) is the table: 32.7 M entries, solved on demand in DATA.
"""
import json
import random
import subprocess
import sys
import tempfile
import time

import numpy as np

import zugzwang

GAME, TIER = "taktikl", "all"


def main():
    zz = sys.argv[1]
    data = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix="zugzwang-bench-")
    game = zugzwang.Game(GAME, data=data)
    table = game.table(TIER)
    used = np.flatnonzero(table.used())
    rng = random.Random(1)
    positions = [table.position(int(used[rng.randrange(len(used))])) for _ in range(2000)]

    for p in positions[:100]:
        game.query(p)
    start = time.perf_counter()
    for p in positions:
        game.query(p)
    python_rate = len(positions) / (time.perf_counter() - start)
    start = time.perf_counter()
    for p in positions[:100]:
        subprocess.run([zz, "query", GAME, p, "--json", "--data", data], check=True, capture_output=True)
    cli_rate = 100 / (time.perf_counter() - start)
    print(json.dumps({"case": "query-calls", "game": GAME, "python_per_second": round(python_rate),
                      "cli_processes_per_second": round(cli_rate, 1), "ratio": round(python_rate / cli_rate, 1)}),
          flush=True)

    start = time.perf_counter()
    fresh = zugzwang.Game(GAME, data=data)  # a new session: the table is opened and read again
    t = fresh.table(TIER)
    codes = t.codes
    values, remoteness = t.values(), t.remoteness()
    numpy_seconds = time.perf_counter() - start
    assert len(codes) == len(values) == len(remoteness)
    start = time.perf_counter()
    done = subprocess.run([zz, "export", GAME, "--format", "jsonl", "--data", data], check=True,
                          stdout=subprocess.PIPE)
    export_seconds = time.perf_counter() - start
    rows = done.stdout.count(b"\n")
    print(json.dumps({"case": "whole-table", "game": GAME, "tier": TIER, "entries": len(codes), "positions": rows,
                      "numpy_seconds": round(numpy_seconds, 3), "export_jsonl_seconds": round(export_seconds, 2),
                      "export_bytes": len(done.stdout), "ratio": round(export_seconds / numpy_seconds, 1)}), flush=True)


if __name__ == "__main__":
    main()
