#!/usr/bin/env python3
"""CPU cost of a whole solve from an empty data folder, sub-tables and writing included, as
the program does it: CPU-µs per slot of the set, per working state, one or two programs
paired in the same run (issue 54's goals).

    bench_solve_cpu.py ZUGZWANG [ZUGZWANG_B] --game tablut --material K1W3B
                       [--states memory,compact] [--pairs 1] [--threads 2] [--nice 0]
                       [--root-only [--dependencies DIR]] [--rule NAME=VALUE ...]

Each run solves the material into a fresh folder (`zugzwang solve GAME --material M
--working-state S --progress lines`). CPU is the process's user + system time (wait4), so
other work on the machine disturbs it less than wall time; slots are every table of the set.
The root table's solve is split by its progress lines into phases (before level 0: the
sub-tables' decoding and every slot's children; the levels; the write). One JSON line per
run, with the table file's SHA-256; with two programs the runs alternate A, B (B, A in the
next pair) per state and a last line per state gives the CPU ratios B/A and whether every
file was the same. With --root-only the sub-tables are solved once (by the first program)
into a folder every run starts from a copy of, and only the root table is timed: a large
tier alone (morris 5-5-1-0) without the minutes of its dependencies. Standard library only.
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

STAMP = re.compile(r"^\[\s*([0-9.]+) s\] (\S+?):? (.*)$")
SLOTS = re.compile(r"of ([0-9]+) slots won or lost")


def parse_progress(lines, material):
    """(slots of every stored table, seconds at level 0 / last level / stored of the root)."""
    slots, level0, last_level, stored = 0, None, None, None
    for line in lines:
        m = STAMP.match(line)
        if not m:
            continue
        t, tier, rest = float(m.group(1)), m.group(2), m.group(3)
        if rest.startswith("stored"):
            slots += int(SLOTS.search(rest).group(1))
        if tier != material:
            continue
        if rest.startswith("level 0:"):
            level0 = t
        if rest.startswith("level "):
            last_level = t
        if rest.startswith("stored"):
            stored = t
    return slots, level0, last_level, stored


def solve_command(zugzwang, args, folder, state):
    rules = [x for r in args.rule for x in ("--rule", r)]
    return [zugzwang, "solve", args.game, *rules, "--material", args.material, "--data", str(folder),
            "--threads", str(args.threads), "--working-state", state, "--progress", "lines"]


def root_tables(folder, args):
    # The rules' folder is "default", or names the rule values (morris: variant=nine).
    return list((folder / args.game).glob(f"*/{args.material}.zzt"))


def solve_dependencies(zugzwang, args):
    """A folder holding every table the root needs and not the root (for --root-only): the
    --dependencies folder as an earlier run left it, or solved now."""
    if args.dependencies and args.dependencies.exists():
        return args.dependencies
    folder = args.dependencies or Path(tempfile.mkdtemp(prefix="zz-solve-deps-", dir=args.work))
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(solve_command(zugzwang, args, folder, "memory"), check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    for table in root_tables(folder, args):
        table.unlink()
    return folder


def run(zugzwang, args, state, dependencies=None):
    folder = Path(tempfile.mkdtemp(prefix="zz-solve-cpu-", dir=args.work))
    try:
        if dependencies:
            shutil.copytree(dependencies, folder, dirs_exist_ok=True)
        command = solve_command(zugzwang, args, folder, state)
        if args.nice:
            command = ["nice", "-n", str(args.nice), *command]
        start = time.monotonic()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        err = child.stderr.read()
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.monotonic() - start
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"bench_solve_cpu: {' '.join(command)} failed: {err.strip()[-400:]!r}")
        slots, level0, last_level, stored = parse_progress(err.splitlines(), args.material)
        cpu = usage.ru_utime + usage.ru_stime
        table = root_tables(folder, args)[0]
        with open(table, "rb") as f:
            digest = hashlib.file_digest(f, "sha256").hexdigest()
        result = {"program": zugzwang, "state": state, "material": args.material, "slots": slots,
                  "wall_s": round(wall, 2), "cpu_s": round(cpu, 2), "cpu_us_per_slot": round(cpu / slots * 1e6, 4),
                  "peak_rss_mb": round(usage.ru_maxrss / 1024, 1), "sha256": digest}
        if None not in (level0, last_level, stored):
            result.update({"root_before_level0_s": round(level0, 2), "root_levels_s": round(last_level - level0, 2),
                           "root_write_s": round(stored - last_level, 2)})
        return result
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("programs", nargs="+", help="one zugzwang, or two to compare (A then B)")
    parser.add_argument("--game", default="tablut")
    parser.add_argument("--material", required=True)
    parser.add_argument("--states", default="memory,compact")
    parser.add_argument("--pairs", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--nice", type=int, default=0)
    parser.add_argument("--work", default=None, help="where the scratch folders go (default: the system's)")
    parser.add_argument("--root-only", action="store_true",
                        help="solve the sub-tables once, then time the root table's solve alone")
    parser.add_argument("--dependencies", type=Path, default=None,
                        help="with --root-only: keep the sub-tables in this folder (reused when it exists)")
    parser.add_argument("--rule", action="append", default=[], help="a rule option passed to solve (NAME=VALUE)")
    args = parser.parse_args()
    if len(args.programs) > 2:
        parser.error("one or two programs")
    programs = [str(Path(p).resolve()) for p in args.programs]
    dependencies = solve_dependencies(programs[0], args) if args.root_only else None
    try:
        return compare(programs, args, dependencies)
    finally:
        if dependencies and not args.dependencies:
            shutil.rmtree(dependencies, ignore_errors=True)


def compare(programs, args, dependencies):
    for state in args.states.split(","):
        ratios, digests = [], set()
        for pair in range(args.pairs):
            order = programs if pair % 2 == 0 else list(reversed(programs))
            results = {}
            for program in order:
                results[program] = run(program, args, state, dependencies)
                digests.add(results[program]["sha256"])
                print(json.dumps(results[program]), flush=True)
            if len(programs) == 2:
                a, b = (results[p] for p in programs)
                ratios.append(b["cpu_s"] / a["cpu_s"])
        if ratios:
            print(json.dumps({"state": state, "cpu_ratio_b_over_a": [round(r, 3) for r in ratios],
                              "median": round(statistics.median(ratios), 3), "files_identical": len(digests) == 1}),
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
