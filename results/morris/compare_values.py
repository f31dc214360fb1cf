#!/usr/bin/env python3
"""Compares a values-only table set with the tables it was written from, on random positions.

    python3 results/morris/compare_values.py ZUGZWANG FULL VALUES [--per-tier N] [--seed S] [--rule K=V]

FULL and VALUES are data folders (`zugzwang compress morris --values-only VALUES --data FULL`).
For every tier present in FULL it draws N slots (seeded), turns each used one into its
position with the Python module (`zugzwang.Game(...).table(tier).position(i)`, built beside
the program in build/python), and probes all of them in both folders with `ZUGZWANG probe`.
Every position must have the same value in both; the values-only answer must carry no
distance but where the game is over. Prints one line per tier and a total; exits 1 on any difference.
"""
import argparse
import os
import random
import subprocess
import sys


def probe(zugzwang, data, rules, positions):
    args = [zugzwang, "probe", "morris", "--data", data]
    for r in rules:
        args += ["--rule", r]
    out = subprocess.run(args, input="\n".join(positions) + "\n", capture_output=True, text=True, check=True).stdout
    return out.splitlines()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("zugzwang")
    ap.add_argument("full")
    ap.add_argument("values")
    ap.add_argument("--per-tier", type=int, default=200)
    ap.add_argument("--seed", type=int, default=53)
    ap.add_argument("--rule", action="append", default=[])
    a = ap.parse_args()
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(a.zugzwang)), "..", "..", "python"))
    import zugzwang

    rules = dict(r.split("=", 1) for r in a.rule)
    game = zugzwang.Game("morris", rules, a.full)
    rng = random.Random(a.seed)
    listing = game.tables()
    total = differ = 0
    for t in listing.tables:
        if not t.present:
            continue
        table = game.table(t.tier)
        positions = []
        for i in sorted(rng.randrange(t.entries) for _ in range(a.per_tier)):
            try:
                positions.append(table.position(i))
            except zugzwang.InputError:  # an unused slot
                pass
        if not positions:
            continue
        full = probe(a.zugzwang, a.full, a.rule, positions)
        values = probe(a.zugzwang, a.values, a.rule, positions)
        # The same value; a distance only where the game is over (its own result, ply 0).
        bad = [(p, f, v) for p, f, v in zip(positions, full, values)
               if f.split()[0] != v.split()[0] or (" in " in v and v != f)]
        total += len(positions)
        differ += len(bad)
        print(f"{t.tier}\t{len(positions)} positions\t{len(bad)} differ")
        for p, f, v in bad[:3]:
            print(f"  {p}: {f} / {v}")
    print(f"total\t{total} positions\t{differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
