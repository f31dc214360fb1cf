#!/usr/bin/env python3
"""Where a chess table's solve spends its time, as the program does it (tables on disk).

    bench_solve_phases.py ZUGZWANG [ZUGZWANG_B] --data DIR --material KQRvKR [--pairs N] [--threads N]
                          [--table-format 2]

DIR holds the table's sub-tables (a `zugzwang solve` of them). Each run hard-links them into a
scratch folder and times `zugzwang solve chess --material M --progress lines` there, split by
its progress lines into three phases:
  before level 0   decoding the sub-tables the table reads, then counting every slot's children
                   and valuing its exits;
  levels           the un-move passes, level by level;
  write            choosing how to pack the table (side, axis order, coder), coding it, writing
                   (with --table-format 2: writing one code per slot, uncompressed).
One JSON line per run: the phases' wall seconds, CPU seconds of the whole process (user +
system), CPU-µs per slot of the table, peak resident memory and the file's SHA-256. With two
programs, the runs alternate A, B (then B, A in the next pair) and a last line gives each
pair's CPU ratio B/A and their median. Standard library only.
"""
import argparse
import hashlib
import json
import os
import pathlib
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

STAMP = re.compile(r"^\[\s*([0-9.]+) s\] (\S+?):? (.*)$")


def phases(lines, tier):
    """Seconds at which level 0 was passed, the last level was passed, the table was stored."""
    level0 = last_level = stored = None
    for line in lines:
        m = STAMP.match(line)
        if not m or m.group(2) != tier:
            continue
        t, rest = float(m.group(1)), m.group(3)
        if rest.startswith("level 0:"):
            level0 = t
        if rest.startswith("level "):
            last_level = t
        if rest.startswith("stored"):
            stored = t
    if None in (level0, last_level, stored):
        raise SystemExit(f"bench_solve_phases: no progress lines for {tier}: did the solve run?")
    return level0, last_level, stored


def run(zugzwang, data, material, threads, table_format):
    scratch = pathlib.Path(tempfile.mkdtemp(prefix="zz-phases-"))
    try:
        source = pathlib.Path(data) / "chess" / "default"
        target = scratch / "chess" / "default"
        target.mkdir(parents=True)
        for f in source.glob("*.zzt"):
            if f.stem != material:
                os.link(f, target / f.name)
        command = [zugzwang, "solve", "chess", "--material", material, "--no-counts", "--progress", "lines",
                   "--data", str(scratch)]
        if threads:
            command += ["--threads", str(threads)]
        if table_format:
            command += ["--table-format", str(table_format)]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        wall = time.monotonic() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or [""])[-1]
            raise SystemExit(f"bench_solve_phases: {' '.join(command)} exited {done.returncode}: {last!r}")
        level0, last_level, stored = phases(done.stderr.splitlines(), material)
        table = target / f"{material}.zzt"
        entries = json.loads(subprocess.run([zugzwang, "tables", "chess", "--material", material, "--json"],
                                            check=True, capture_output=True, text=True).stdout)
        slots = next(t["entries"] for t in entries["tables"] if t["tier"] == material)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        with open(table, "rb") as f:
            digest = hashlib.file_digest(f, "sha256").hexdigest()
        return {"program": zugzwang, "material": material, "slots": slots, "wall_seconds": round(wall, 2),
                "before_level0_seconds": round(level0, 2), "levels_seconds": round(last_level - level0, 2),
                "write_seconds": round(stored - last_level, 2), "cpu_seconds": round(cpu, 2),
                "cpu_us_per_slot": round(cpu / slots * 1e6, 4), "peak_rss_mb": round(after.ru_maxrss / 1024, 1),
                "sha256": digest}
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("programs", nargs="+", help="one zugzwang, or two to compare (A then B)")
    parser.add_argument("--data", required=True, help="a folder holding the table's sub-tables")
    parser.add_argument("--material", required=True)
    parser.add_argument("--pairs", type=int, default=1)
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--table-format", type=int, default=0, help="2: write the table uncompressed")
    args = parser.parse_args()
    if len(args.programs) > 2:
        parser.error("one or two programs")
    ratios = []
    for pair in range(args.pairs):
        order = args.programs if pair % 2 == 0 else list(reversed(args.programs))
        results = {}
        for program in order:
            results[program] = run(program, args.data, args.material, args.threads, args.table_format)
            print(json.dumps(results[program]), flush=True)
        if len(args.programs) == 2:
            a, b = (results[p] for p in args.programs)
            ratios.append(b["cpu_seconds"] / a["cpu_seconds"])
            if a["sha256"] != b["sha256"]:
                print(json.dumps({"warning": "the two programs wrote different files"}), flush=True)
    if ratios:
        print(json.dumps({"cpu_ratio_b_over_a": [round(r, 3) for r in ratios],
                          "median": round(statistics.median(ratios), 3)}))


if __name__ == "__main__":
    sys.exit(main())
