#!/usr/bin/env python3
"""Games written in Python (docs/python-games.md): how fast their states are listed and
solved, and what the largest costs. One JSON line per case.

    PYTHONPATH=build/python /usr/bin/python3 tools/bench/python/bench_python_games.py build/tools/cli/zugzwang [CASE...]

Cases (all by default):
  tatedrez   examples/games/tatedrez.py in this process: listing (Python callbacks) and
             solve (C++) apart, CPU seconds and positions per CPU second (the goal is 200 k/s
             for the two together, with the module's own interpreter).
  connect4   examples/games/connect4.py 4x6 (15.8 M positions, a draw by Tromp's table) with
             `zugzwang solve --game-file` under /usr/bin/time -v: wall and CPU seconds, peak
             resident memory (the goal is 10 M positions in under 2 minutes and 2 GiB).
  connect4-5x4  the same on 5x4 (3.9 M positions, a draw).
CPU seconds, not wall: the build machine is shared.

With --check the connect4 case fails (exit 1) unless it lists at least 10 M positions in
under 120 CPU seconds and 2 GiB of peak resident memory (the opt-in heavy test
test_python_game_10m runs it so).
"""
import json
import pathlib
import re
import subprocess
import sys
import tempfile
import time

REPO = pathlib.Path(__file__).resolve().parents[3]
EXAMPLES = REPO / "examples" / "games"


def tatedrez():
    import zugzwang
    sys.path.insert(0, str(EXAMPLES))
    from tatedrez import TateDrez
    with tempfile.TemporaryDirectory() as data:
        cpu, wall = time.process_time(), time.perf_counter()
        game = zugzwang.Game(TateDrez(), data=data)
        listed_cpu = time.process_time() - cpu
        cpu2 = time.process_time()
        report = game.solve()
        solve_cpu = time.process_time() - cpu2
        total_cpu = time.process_time() - cpu
        states = game.enumeration["states"]
        return {"case": "tatedrez", "states": states, "moves": game.enumeration["moves"],
                "listing_cpu_s": round(listed_cpu, 3), "listing_per_cpu_s": round(states / listed_cpu),
                "solve_cpu_s": round(solve_cpu, 3), "total_cpu_s": round(total_cpu, 3),
                "positions_per_cpu_s": round(states / total_cpu),
                "wall_s": round(time.perf_counter() - wall, 3), "start": report.start.value}


def cli_solve(cli, case, spec):
    with tempfile.TemporaryDirectory() as data:
        r = subprocess.run(["/usr/bin/time", "-v", cli, "solve", "--game-file", spec, "--data", data, "--json"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise SystemExit(f"{case}: {r.stderr}")
        report = json.loads(r.stdout)

        def field(name):
            return re.search(rf"{re.escape(name)}: (.*)", r.stderr).group(1).strip()

        user, system = float(field("User time (seconds)")), float(field("System time (seconds)"))
        parts = field("Elapsed (wall clock) time (h:mm:ss or m:ss)").split(":")  # m:ss or h:mm:ss
        wall = sum(float(p) * 60 ** i for i, p in enumerate(reversed(parts)))
        positions = report["positions"]
        return {"case": case, "positions": positions, "start": report["start"]["value"],
                "wall_s": round(wall, 1), "cpu_s": round(user + system, 1),
                "positions_per_wall_s": round(positions / wall), "positions_per_cpu_s": round(positions / (user + system)),
                "peak_rss_mib": round(int(field("Maximum resident set size (kbytes)")) / 1024)}


def check_goal(row):
    problems = []
    if row["positions"] < 10_000_000:
        problems.append(f"{row['positions']} positions, not 10 M")
    if row["cpu_s"] >= 120:
        problems.append(f"{row['cpu_s']} CPU seconds")
    if row["peak_rss_mib"] >= 2048:
        problems.append(f"{row['peak_rss_mib']} MiB at peak")
    if problems:
        raise SystemExit("the 10 M-position goal is missed: " + ", ".join(problems))


def main():
    cli = sys.argv[1]
    check = "--check" in sys.argv
    cases = [a for a in sys.argv[2:] if a != "--check"] or ["tatedrez", "connect4-5x4", "connect4"]
    for case in cases:
        if case == "tatedrez":
            row = tatedrez()
        elif case == "connect4":
            row = cli_solve(cli, case, f"{EXAMPLES / 'connect4.py'}:ConnectFour(4, 6)")
            if check:
                print(json.dumps(row), flush=True)
                check_goal(row)
                continue
        elif case == "connect4-5x4":
            row = cli_solve(cli, case, f"{EXAMPLES / 'connect4.py'}:ConnectFour(5, 4)")
        else:
            raise SystemExit(f"unknown case {case}")
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
