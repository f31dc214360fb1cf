#!/usr/bin/env python3
"""Distributed solves against the threaded solver at the same core count. One JSON line per
case: game, ranks, threads per rank, wall seconds, peak resident memory of every rank (MiB),
bytes the ranks exchanged per level, and for distributed cases the ratio to the threaded
solve of the same game in this run.

    tools/bench/mpi/bench_mpi.py build/tools/cli/zugzwang [--cases taktikl,KQvKR] [--repeat 3]
    tools/bench/mpi/bench_mpi.py build/tools/cli/zugzwang --cases K2W3B --ranks 4 --data DIR

Every case solves into a fresh folder (DIR/<case>-<layout>) except Tablut K2W3B, whose
sub-tables (K*W*B of fewer pawns) it expects solved in --data already; only the case's own
table is solved again (--rebuild). Likewise K2W2B, K1W3B and K0W5B. Peak memory is read by /usr/bin/time around each rank.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_btl_vader_single_copy_mechanism="none", OMPI_MCA_rmaps_base_oversubscribe="1")

CASES = {
    "taktikl": ["taktikl"],
    "tatedrez": ["tatedrez"],
    "KQvKR": ["chess", "--material", "KQvKR"],
    "K2W2B": ["tablut", "--material", "K2W2B"],
    "K1W3B": ["tablut", "--material", "K1W3B"],
    "K2W3B": ["tablut", "--material", "K2W3B"],
    "K0W5B": ["tablut", "--material", "K0W5B"],
}
# Cases that re-solve only their own table on top of sub-tables already in --data.
ON_TOP = {"K2W2B", "K1W3B", "K2W3B", "K0W5B"}

LEVEL = re.compile(r"\] (\S+) level (\d+): .* (\d+) bytes exchanged")


def run(zugzwang, case, data, ranks, threads):
    """One solve; returns wall seconds, the peak RSS of each rank in MiB, and bytes per level."""
    peaks = Path(tempfile.mkdtemp(prefix="zugzwang-peaks-"))
    solve = [zugzwang, "solve", *CASES[case], "--data", str(data), "--threads", str(threads), "--progress", "lines"]
    if case in ON_TOP:
        solve.append("--rebuild")
    # Each rank under /usr/bin/time, writing its own peak (the rank number comes from mpirun).
    timed = ["sh", "-c", '/usr/bin/time -f %M -o "$0/peak.${OMPI_COMM_WORLD_RANK:-0}" "$@"', str(peaks), *solve]
    command = ["mpirun", "--oversubscribe", "--bind-to", "none", "-np", str(ranks), *timed] if ranks else timed
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=ENV)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{case}: {' '.join(command)} failed: {done.stderr.strip()[-2000:]}")
    peak_mib = [round(int(p.read_text().split()[-1]) / 1024, 1) for p in sorted(peaks.glob("peak.*"))]
    shutil.rmtree(peaks)
    levels = [(m.group(1), int(m.group(2)), int(m.group(3))) for m in LEVEL.finditer(done.stderr)]
    return wall, peak_mib, levels


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("zugzwang")
    parser.add_argument("--cases", default="taktikl,KQvKR")
    parser.add_argument("--ranks", type=int, default=2, help="ranks of the distributed layout")
    parser.add_argument("--threads", type=int, default=1, help="threads per rank of the distributed layout")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--data", help="the folder of the sub-tables (K1W3B, K2W3B); default: fresh temporary")
    parser.add_argument("--only-distributed", action="store_true", help="skip the threaded solve")
    args = parser.parse_args()
    zugzwang = str(Path(args.zugzwang).resolve())
    scratch = Path(tempfile.mkdtemp(prefix="zugzwang-bench-mpi-"))
    cores = args.ranks * args.threads
    for case in args.cases.split(","):
        layouts = [(None, cores)] if not args.only_distributed else []
        layouts.append((args.ranks, args.threads))
        threaded = None
        for _ in range(args.repeat):
            for ranks, threads in layouts:
                if case in ON_TOP:
                    data = Path(args.data or scratch / "tablut")
                else:
                    data = scratch / f"{case}-{ranks or 0}x{threads}"
                    shutil.rmtree(data, ignore_errors=True)
                wall, peaks, levels = run(zugzwang, case, data, ranks, threads)
                line = {"case": case, "ranks": ranks or 1, "mpi": bool(ranks), "threads_per_rank": threads,
                        "wall_s": round(wall, 3), "peak_mib_per_rank": peaks,
                        "levels": len(levels), "bytes_per_level": [b for _, _, b in levels],
                        "bytes_total": sum(b for _, _, b in levels)}
                if ranks is None:
                    threaded = wall if threaded is None else min(threaded, wall)
                elif threaded:
                    line["ratio_to_threaded_best"] = round(wall / threaded, 3)
                print(json.dumps(line), flush=True)
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
