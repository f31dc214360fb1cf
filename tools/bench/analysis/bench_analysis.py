#!/usr/bin/python3
"""How far `zugzwang analyze` sees per second: from fixed positions and time budgets, the proven
horizon (no forced win for either side within N plies, or the forced result found) and the depth
of the best-move search. One JSON line per (position, budget), with the machine's load average
when it started. It reads only `analyze --json` fields every version has (proofs, search_depth,
search_nodes), so the same script measures an older build: that is the before/after comparison.

  tools/bench/analysis/bench_analysis.py ZUGZWANG [--seconds 2,5,10] [--data DIR] [--lines N]
                                         [--threads N] [GAME:POSITION ...]
"""
import argparse
import json
import os
import subprocess
import tempfile

# The Tablut start, three middle-game positions of match games (those of bench_engine), and the
# starts of two games the generic search analyses.
POSITIONS = [
    "tablut:start",
    "tablut:3BBB3/9/9/2B1BW3/BB1W2W1B/2B1W1K1B/4W4/6BB1/3BBB3 w",
    "tablut:4B4/6B2/W1B6/B4WB2/B2B1W1BB/B3W1B2/1B1K1B2W/2B4B1/3B5 w",
    "tablut:4BB3/2B6/4W4/2B1W3B/5WW1B/2W6/B1K4B1/W3B4/2B1BB3 w",
    "tatedrez:start",
    "quixo:start",
]


def horizon(doc):
    """No forced win for either side within this many plies, or 'win in N' / 'loss in N'."""
    proofs = doc["proofs"]
    for i, p in enumerate(proofs):
        if p["result"] == "proven":
            return ("win" if i == 0 else "loss") + f" in {p['plies']}"
    return min(p.get("no_forced_win_within", 0) for p in proofs)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("zugzwang")
    parser.add_argument("--seconds", default="2,5,10")
    parser.add_argument("--data")
    parser.add_argument("--lines", type=int)
    parser.add_argument("--threads", type=int)
    parser.add_argument("positions", nargs="*")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as empty:
        data = args.data or empty  # no tables: the searches alone
        for item in args.positions or POSITIONS:
            game, position = item.split(":", 1)
            for seconds in [float(s) for s in args.seconds.split(",")]:
                command = [args.zugzwang, "analyze", game, position, "--time", str(seconds), "--json", "--data", data]
                if args.lines:
                    command += ["--lines", str(args.lines)]
                if args.threads:
                    command += ["--threads", str(args.threads)]
                load = os.getloadavg()[0]
                done = subprocess.run(command, capture_output=True, text=True, check=True)
                doc = json.loads(done.stdout)
                print(json.dumps({"game": game, "position": position, "budget": seconds, "load": round(load, 2),
                                  "horizon": horizon(doc), "depth": doc.get("search_depth", 0),
                                  "search_nodes": doc.get("search_nodes", 0), "seconds": round(doc["seconds"], 2)}),
                      flush=True)


if __name__ == "__main__":
    main()
