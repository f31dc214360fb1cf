#!/usr/bin/env python3
"""Summarizes `zugzwang review tablut ... --proof-plies N --json` documents (one per game,
given as arguments) as a Markdown table: who won, where the result became forced, the
longest forced result proven, and the moves review marks as mistakes (how many, and the
first three)."""
import json
import sys

print("| game | result | plies | forced from ply | longest forced result | mistakes | unknown plies |")
print("| --- | --- | --- | --- | --- | --- | --- |")
longest_overall = (0, "")
for path in sys.argv[1:]:
    d = json.load(open(path))
    name = path.rsplit("/", 1)[-1].removesuffix(".json")
    longest = 0
    for p in d["plies"]:
        for key in ("before", "played"):
            v = p.get(key) or {}
            if v.get("value") in ("win", "loss") and p.get("source") in ("proof", "tables"):
                longest = max(longest, v["remoteness"])
    if longest > longest_overall[0]:
        longest_overall = (longest, name)
    mistakes = [f'{p["ply"]}. {p["side"]} {p["move"]}' for p in d["plies"] if p["verdict"] == "mistake"]
    unknown = sum(p["verdict"] == "unknown" for p in d["plies"])
    shown = ", ".join(mistakes[:3]) + (f" and {len(mistakes) - 3} more" if len(mistakes) > 3 else "")
    print(f'| {name} | {d.get("result", "unfinished")} | {len(d["plies"])} | {d.get("decided_from") or "-"} | '
          f'{longest} plies | {len(mistakes)}{": " + shown if mistakes else ""} | {unknown} |')
print()
print(f"Longest forced result proven: {longest_overall[0]} plies ({longest_overall[1]}).")
