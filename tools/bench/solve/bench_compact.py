#!/usr/bin/env python3
"""The cost of the compact working state (issue 23): paired solves of one table, in memory
and compact, the compact one held in a memory cgroup capped at a fraction of the in-memory
solve's peak. One JSON line per case: wall seconds and peaks of every run, the cap, whether
every compact run finished under it, the ratios of the medians, and whether the table files
are identical.

    tools/bench/solve/bench_compact.py build/tools/cli/zugzwang [--cases K1W3B,KQRvKR]
        [--pairs 3] [--fraction 0.2] [--threads 2] [--work DIR] [--check]
    tools/bench/solve/bench_compact.py build/tools/cli/zugzwang --cases K2W3B --cap-mib 3072 \\
        --compact-only --data DIR

A case solves its own table and, for K1W2B and K1W3B, every sub-table into a fresh folder; KQRvKR and
K2W3B solve only their own table over sub-tables solved once beforehand (KQRvKR's in
WORK/prepared, K2W3B's expected in --data, where its own file is removed first). The compact
run gets `--working-state compact --memory CAP`, so that it sizes what it may size to the cap;
the in-memory run `--working-state memory`. With --check the script exits 1 when a compact
run did not finish under its cap, a case's table files differ, or the cap was not below the
in-memory solve's peak (a cap the in-memory solve fits under proves nothing). The tests:
`test_compact_capped_small` (default suite, K1W2B at half the in-memory peak, seconds) and the
opt-in heavy `test_compact_under_cap` (K1W3B at a fifth) and `test_compact_writer_under_cap`
(K1W3B under 64 MiB, which its levels hold and the writer once did not). Exit 2, which the
tests take as a skip, where no memory cgroup can be made. Peaks: the process's resident maximum (getrusage)
and, under the cap, the cgroup's highest charge, which includes the page cache of the files
the solve writes and reads. Root and a memory cgroup (v1 or v2) are needed for the cap.
"""
import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from memory_cap import CappedGroup, remove_cgroups, cgroup_root  # noqa: E402

CASES = {
    "K1W2B": ("tablut", "K1W2B", "fresh"),
    "K1W3B": ("tablut", "K1W3B", "fresh"),
    "KQRvKR": ("chess", "KQRvKR", "prepared"),
    "K2W3B": ("tablut", "K2W3B", "data"),
}


def table_path(data, game, material):
    return Path(data) / game / "default" / f"{material}.zzt"


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 22), b""):
            h.update(block)
    return h.hexdigest()


def run(command, group=None, nice=0):
    """Runs a solve; returns (ok, wall seconds, resident peak in bytes, stderr tail)."""
    if group:
        command = group.wrap(command)
    if nice:
        command = ["nice", "-n", str(nice), *command]
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    err = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    return child.returncode == 0, wall, usage.ru_maxrss * 1024, err.strip()[-600:]


def folder_for(case, args, run_name):
    """The data folder one run solves into, made ready."""
    game, material, kind = CASES[case]
    if kind == "data":
        table_path(args.data, game, material).unlink(missing_ok=True)
        return Path(args.data)
    folder = Path(args.work) / f"{case}-{run_name}"
    shutil.rmtree(folder, ignore_errors=True)
    if kind == "prepared":
        # Hard links of the sub-tables solved once (the solve replaces files, never writes them).
        shutil.copytree(Path(args.work) / f"{case}-prepared", folder, copy_function=os.link)
    return folder


def prepare(zugzwang, case, args):
    game, material, kind = CASES[case]
    if kind != "prepared":
        return
    folder = Path(args.work) / f"{case}-prepared"
    if not table_path(folder, game, material).parent.exists():
        subprocess.run([zugzwang, "solve", game, "--material", material, "--data", str(folder),
                        "--threads", str(args.threads)], check=True, stdout=subprocess.DEVNULL)
    table_path(folder, game, material).unlink(missing_ok=True)


def solve_command(zugzwang, case, folder, state, args, cap=None):
    game, material, _ = CASES[case]
    command = [zugzwang, "solve", game, "--material", material, "--data", str(folder), "--threads", str(args.threads),
               "--working-state", state, "--progress", "lines"]
    if cap:
        command += ["--memory", str(cap)]
    return command


def bench_case(zugzwang, case, args):
    game, material, _ = CASES[case]
    prepare(zugzwang, case, args)
    runs, cap, files = [], None, {}
    for pair in range(args.pairs):
        # Alternate the order so that neither state always runs on a warmer machine.
        order = ["memory", "compact"] if pair % 2 == 0 else ["compact", "memory"]
        if args.compact_only:
            order = ["compact"]
        for state in order:
            if state == "compact" and cap is None:
                cap = args.cap_mib << 20 if args.cap_mib else None
                if cap is None:
                    # The first in-memory run (order puts it first in pair 0) sets the cap.
                    cap = int(next(r["peak_bytes"] for r in runs if r["state"] == "memory") * args.fraction)
            folder = folder_for(case, args, f"{state}-{pair}")
            if state == "compact":
                with CappedGroup(f"{case}-{pair}-{os.getpid()}", cap) as group:  # runs side by side
                    ok, wall, peak, err = run(solve_command(zugzwang, case, folder, state, args, cap), group, args.nice)
                    group_peak = group.peak_bytes()
            else:
                ok, wall, peak, err = run(solve_command(zugzwang, case, folder, state, args), None, args.nice)
                group_peak = None
            record = {"state": state, "pair": pair, "ok": ok, "wall_s": round(wall, 2), "peak_bytes": peak,
                      "cgroup_peak_bytes": group_peak}
            if ok:
                files.setdefault(state, set()).add(digest(table_path(folder, game, material)))
            else:
                record["error"] = err
            runs.append(record)
            print(json.dumps({"case": case, **record}), file=sys.stderr, flush=True)
            if CASES[case][2] != "data":
                shutil.rmtree(folder, ignore_errors=True)

    def median(state, key):
        values = [r[key] for r in runs if r["state"] == state and r["ok"]]
        return statistics.median(values) if values else None

    result = {"case": case, "threads": args.threads, "cap_bytes": cap, "runs": runs,
              "compact_all_finished": all(r["ok"] for r in runs if r["state"] == "compact")}
    for state in ("memory", "compact"):
        result[f"{state}_wall_s"] = median(state, "wall_s")
        result[f"{state}_peak_bytes"] = median(state, "peak_bytes")
    result["compact_cgroup_peak_bytes"] = max((r["cgroup_peak_bytes"] or 0 for r in runs if r["state"] == "compact"),
                                              default=None)
    if result["memory_wall_s"] and result["compact_wall_s"]:
        result["time_ratio"] = round(result["compact_wall_s"] / result["memory_wall_s"], 3)
        result["peak_ratio"] = round(result["compact_peak_bytes"] / result["memory_peak_bytes"], 3)
        result["cap_ratio"] = round(cap / result["memory_peak_bytes"], 3)
    all_files = set().union(*files.values()) if files else set()
    result["tables_identical"] = len(all_files) == 1
    # Only a cap below what the in-memory solve took shows the compact state holding less.
    memory_peaks = [r["peak_bytes"] for r in runs if r["state"] == "memory" and r["ok"]]
    result["cap_below_memory_peak"] = bool(memory_peaks) and cap < min(memory_peaks)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("zugzwang")
    parser.add_argument("--cases", default="K1W3B,KQRvKR")
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument("--fraction", type=float, default=0.2, help="cap as a share of the in-memory peak")
    parser.add_argument("--cap-mib", type=int, help="a fixed cap instead")
    parser.add_argument("--compact-only", action="store_true", help="no in-memory runs (needs --cap-mib)")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--nice", type=int, default=0)
    parser.add_argument("--work", default="/tmp/zugzwang-bench-compact")
    parser.add_argument("--data", help="sub-tables of the cases solved on top of them (K2W3B)")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 unless every compact run finished under its cap with identical tables")
    args = parser.parse_args()
    if args.compact_only and not args.cap_mib:
        parser.error("--compact-only needs --cap-mib")
    zugzwang = str(Path(args.zugzwang).resolve())
    Path(args.work).mkdir(parents=True, exist_ok=True)
    remove_cgroups(cgroup_root()[0])
    failed = []
    for case in args.cases.split(","):
        if case not in CASES:
            parser.error(f"unknown case {case!r} (one of {', '.join(CASES)})")
        if CASES[case][2] == "data" and not args.data:
            parser.error(f"{case} needs --data with its sub-tables")
        result = bench_case(zugzwang, case, args)
        print(json.dumps(result), flush=True)
        if not (result["compact_all_finished"] and result["tables_identical"]):
            failed.append(f"{case}: a compact run was killed at its cap or the tables differ")
        elif not args.compact_only and not result["cap_below_memory_peak"]:
            failed.append(f"{case}: the cap is not below the in-memory solve's peak")
    if args.check and failed:
        print("bench_compact: " + "; ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
