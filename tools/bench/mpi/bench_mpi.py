#!/usr/bin/env python3
"""Distributed solves against the threaded solver at the same core count. One JSON line per
case: game, ranks, threads per rank, wall seconds, peak resident memory of every rank (MiB),
bytes the ranks exchanged per level, and for distributed cases the ratio to the threaded
solve of the same game in this run.

    tools/bench/mpi/bench_mpi.py build/tools/cli/zugzwang [--cases taktikl,KQvKR] [--repeat 3]
    tools/bench/mpi/bench_mpi.py build/tools/cli/zugzwang --cases K2W3B --ranks 4 --data DIR

Every case solves into a fresh folder (DIR/<case>-<layout>) except Tablut K2W3B, whose
sub-tables (K*W*B of fewer pawns) it expects solved in --data already; only the case's own
table is solved again (its file is removed first). Likewise K2W2B, K1W3B and K0W5B. Peak memory is read by /usr/bin/time around each rank.

--memory-cap MIB holds every rank (and the threaded process) in a memory cgroup of its own
with that limit (cgroup v2 memory.max or v1 memory.limit_in_bytes; root needed): a rank that
needs more is killed by the kernel and the case reports "capped_out" instead of a time.
--nice N runs the solves at that niceness (a long case in the background).
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from memory_cap import PREFIX, cgroup_root, remove_cgroups  # noqa: E402

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


# Each rank under /usr/bin/time, writing its own peak (the rank number comes from mpirun). With a
# cap, the rank first moves itself into its own cgroup, so the kernel enforces the limit per rank.
RANK_WRAPPER = """
rank=${OMPI_COMM_WORLD_RANK:-0}
if [ -n "$ZZ_CAP_BYTES" ]; then
  group="$ZZ_CGROUP_ROOT/$ZZ_CGROUP_PREFIX$$-$rank"
  mkdir "$group" && echo "$ZZ_CAP_BYTES" > "$group/$ZZ_CAP_FILE" && echo $$ > "$group/cgroup.procs" || exit 97
fi
exec /usr/bin/time -f %M -o "$0/peak.$rank" "$@"
"""


def run(zugzwang, case, data, ranks, threads, cap_mib=None, nice=0):
    """One solve; returns wall seconds, the peak RSS of each rank in MiB (None if a rank was
    killed at the memory cap), and bytes per level."""
    peaks = Path(tempfile.mkdtemp(prefix="zugzwang-peaks-"))
    solve = [zugzwang, "solve", *CASES[case], "--data", str(data), "--threads", str(threads), "--progress", "lines"]
    if case in ON_TOP:
        # Only the case's own table is solved again: --rebuild would solve its sub-tables too.
        (Path(data) / "tablut" / "default" / f"{case}.zzt").unlink(missing_ok=True)
    env = dict(ENV)
    if cap_mib:
        root, limit_file, _ = cgroup_root()
        env.update(ZZ_CAP_BYTES=str(cap_mib << 20), ZZ_CGROUP_ROOT=str(root), ZZ_CAP_FILE=limit_file,
                   ZZ_CGROUP_PREFIX=PREFIX)
    timed = ["sh", "-c", RANK_WRAPPER, str(peaks), *solve]
    command = ["mpirun", "--oversubscribe", "--bind-to", "none", "-np", str(ranks), *timed] if ranks else timed
    if nice:
        command = ["nice", "-n", str(nice), *command]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    if cap_mib:
        remove_cgroups(root)
    if done.returncode != 0:
        # /usr/bin/time writes "Command terminated by signal 9" into the rank's peak file.
        killed = any("signal 9" in p.read_text() for p in peaks.glob("peak.*"))
        if cap_mib and (killed or done.returncode == 137 or re.search(r"signal 9|Killed", done.stderr)):
            shutil.rmtree(peaks)
            return wall, None, []
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
    parser.add_argument("--repeat", type=int, default=None,
                        help="solves per layout; default 3, but 1 for the Tablut cases that re-solve their "
                             "table in --data (each repetition removes the table the one before wrote)")
    parser.add_argument("--data", help="the folder of the sub-tables (K1W3B, K2W3B); default: fresh temporary")
    parser.add_argument("--only-distributed", action="store_true", help="skip the threaded solve")
    parser.add_argument("--memory-cap", type=int, metavar="MIB", help="hold every rank in a cgroup of this many MiB")
    parser.add_argument("--nice", type=int, default=0, help="niceness of the solves")
    args = parser.parse_args()
    unknown = [c for c in args.cases.split(",") if c not in CASES]
    if unknown:
        parser.error(f"unknown case {unknown[0]!r} (cases: {', '.join(CASES)})")
    if args.memory_cap is not None and args.memory_cap <= 0:
        parser.error("--memory-cap must be a positive number of MiB")
    if args.repeat is not None and args.repeat < 1:
        parser.error("--repeat must be at least 1")
    zugzwang = str(Path(args.zugzwang).resolve())
    scratch = Path(tempfile.mkdtemp(prefix="zugzwang-bench-mpi-"))
    cores = args.ranks * args.threads
    for case in args.cases.split(","):
        layouts = [(None, cores)] if not args.only_distributed else []
        layouts.append((args.ranks, args.threads))
        threaded = None
        repeat = args.repeat if args.repeat is not None else (1 if case in ON_TOP else 3)
        for _ in range(repeat):
            for ranks, threads in layouts:
                if case in ON_TOP:
                    data = Path(args.data or scratch / "tablut")
                else:
                    data = scratch / f"{case}-{ranks or 0}x{threads}"
                    shutil.rmtree(data, ignore_errors=True)
                wall, peaks, levels = run(zugzwang, case, data, ranks, threads, args.memory_cap, args.nice)
                line = {"case": case, "ranks": ranks or 1, "mpi": bool(ranks), "threads_per_rank": threads,
                        "wall_s": round(wall, 3), "peak_mib_per_rank": peaks,
                        "levels": len(levels), "bytes_per_level": [b for _, _, b in levels],
                        "bytes_total": sum(b for _, _, b in levels)}
                if args.memory_cap:
                    line["memory_cap_mib"] = args.memory_cap
                if peaks is None:
                    line["capped_out"] = True
                    print(json.dumps(line), flush=True)
                    continue
                if ranks is None:
                    threaded = wall if threaded is None else min(threaded, wall)
                elif threaded:
                    line["ratio_to_threaded_best"] = round(wall / threaded, 3)
                print(json.dumps(line), flush=True)
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
