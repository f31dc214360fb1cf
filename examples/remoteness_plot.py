#!/usr/bin/env python3
"""The remoteness distribution of a table: how many positions are won (and lost) in each
number of plies, read straight from the table as NumPy arrays, drawn with matplotlib.

    PYTHONPATH=build/python /usr/bin/python3 examples/remoteness_plot.py taktikl all results/taktikl/remoteness.png
    ... chess KQvKR results/chess/KQvKR-remoteness.png --data DIR
"""
import argparse
import tempfile

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

import zugzwang


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("tier")
    parser.add_argument("output")
    parser.add_argument("--rule", action="append", default=[], help="K=V")
    parser.add_argument("--data", default=None, help="table directory (default: a temporary one, solved on demand)")
    args = parser.parse_args()
    rules = dict(r.split("=", 1) for r in args.rule)
    game = zugzwang.Game(args.game, rules=rules, data=args.data or tempfile.mkdtemp(prefix="zugzwang-plot-"))
    table = game.table(args.tier)
    values, remoteness = table.values(), table.remoteness()
    wins = np.bincount(remoteness[values == 1])
    losses = np.bincount(remoteness[values == -1])
    draws = int(np.count_nonzero(values == 0))
    fig, ax = plt.subplots(figsize=(9, 4.5))
    ax.bar(np.arange(len(wins)) - 0.2, wins, width=0.4, color="#2e8b57", label=f"won ({values.__eq__(1).sum():,})")
    ax.bar(np.arange(len(losses)) + 0.2, losses, width=0.4, color="#8b1a1a", label=f"lost ({values.__eq__(-1).sum():,})")
    ax.set_xlabel("remoteness (plies to the end under perfect play)")
    ax.set_ylabel("table entries (log scale)")
    ax.set_yscale("log")
    rules_text = ", ".join(f"{k}={v}" for k, v in game.rules.items()) or "standard rules"
    ax.set_title(f"{args.game} {args.tier} ({rules_text}): {len(table):,} entries, {draws:,} drawn")
    ax.legend()
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(args.output, dpi=110)
    print(f"wrote {args.output}: longest win {len(wins) - 1} plies, longest loss {len(losses) - 1} plies")


if __name__ == "__main__":
    main()
