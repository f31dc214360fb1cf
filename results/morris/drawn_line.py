#!/usr/bin/env python3
"""A line of perfect play from the start of a drawn morris variant, as a markdown table.

    python3 results/morris/drawn_line.py ZUGZWANG DATA_DIR [--variant nine] [--plies 80] > line.md

A drawn game has no principal variation to an end (`query --line` stops at once), so this
walks one: at each ply it values every move (`zugzwang query`), keeps to the moves that
hold the draw, and of those plays the one that leaves the opponent the fewest moves that
hold it (the most testing draw; ties go to the first in the program's move order). Each row
says how many of the mover's moves draw and how many lose, which is how narrow the draw
is at that point. The walk stops when a position comes back (perfect play can go round
for ever), when the game ends (it cannot in a draw), or after --plies plies.

Only the command line is used (`query ... --json`), so the figures are the tables' own.
"""
import argparse
import json
import subprocess
import sys


def query(zugzwang, data, variant, position):
    out = subprocess.run([zugzwang, "query", "morris", position, "--rule", f"variant={variant}", "--data", data,
                          "--json"], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"zugzwang query failed for {position!r}: {out.stderr.strip()}")
    return json.loads(out.stdout)


def child(zugzwang, variant, position, move):
    out = subprocess.run([zugzwang, "move", "morris", position, move, "--rule", f"variant={variant}", "--json"],
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"zugzwang move failed for {position!r} {move}: {out.stderr.strip()}")
    return json.loads(out.stdout)["position"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("zugzwang")
    parser.add_argument("data")
    parser.add_argument("--variant", default="nine")
    parser.add_argument("--plies", type=int, default=80)
    args = parser.parse_args()

    position = query(args.zugzwang, args.data, args.variant, "start")["position"]
    seen = {position: 0}
    print(f"Morris ({args.variant}): a drawn line from the start. Each ply: the move played, how many "
          "of the mover's moves draw / lose / win, and the position after it.\n")
    print("| ply | side | move | moves drawing | losing | winning | position after the move |")
    print("| ---: | --- | --- | ---: | ---: | ---: | --- |")
    end = "after the last ply asked for"
    for ply in range(1, args.plies + 1):
        q = query(args.zugzwang, args.data, args.variant, position)
        if q["over"]:
            end = "the game is over"
            break
        if q["value"] != "draw":
            sys.exit(f"{position}: {q['value']}, not a draw; this walk is for drawn positions")
        by_value = {v: [m for m in q["moves"] if m["value"] == v] for v in ("draw", "loss", "win")}
        best, fewest = None, None
        for m in by_value["draw"]:
            after = child(args.zugzwang, args.variant, position, m["move"])
            replies = query(args.zugzwang, args.data, args.variant, after)
            holding = sum(r["value"] == "draw" for r in replies["moves"])
            if fewest is None or holding < fewest:
                best, fewest = (m["move"], after), holding
        move, after = best
        print(f"| {ply} | {q['side_to_move']} | {move} | {len(by_value['draw'])} | {len(by_value['loss'])} | "
              f"{len(by_value['win'])} | `{after}` |")
        if after in seen:
            end = f"the position after ply {ply} is the one after ply {seen[after]}: perfect play can go round"
            break
        seen[after] = ply
        position = after
    print(f"\nThe walk ends here: {end}.")


if __name__ == "__main__":
    main()
