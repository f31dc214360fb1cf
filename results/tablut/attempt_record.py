#!/usr/bin/env python3
"""The record of a Tablut solve that may not have finished (a six-pawn table in a 3-hour
sitting): what its progress lines and table files say, checked against this folder's summaries.

    python3 results/tablut/attempt_record.py DATA_DIR LOG > results/tablut/runs/K1W5B-DATE.json

LOG: the standard error of `zugzwang solve tablut --material T ... --progress lines`;
DATA_DIR: its --data folder. For each table stored: its slots, decided slots, the solver's CPU
seconds and CPU-µs per slot (writing included), wall seconds, bytes, SHA-256, and its counts
(from the file's header) against `results/tablut/<table>.json`, solved earlier by another
program ("agrees": true, false, or null where no summary exists). For a table started and
not stored: the last thing its progress lines said (the phase, the level and how many slots
were decided) and when. Standard library only.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from table_files import header, seconds, sha256  # noqa: E402  (results/: shared with the other games' records)

LINE = re.compile(r"^\[\s*(?P<at>[0-9.]+) s\] (?P<tier>K\d+W\d+B|over)(?P<rest>.*)$")
STORED = re.compile(r" stored: (?P<decided>\d+) of (?P<slots>\d+) slots won or lost \([0-9.]+%\) "
                    r"in (?P<wall>.+?), (?P<cpu>[0-9.]+) CPU-s \((?P<rate>[0-9.]+) CPU-µs per slot\)")
LEVEL = re.compile(r" level (?P<level>\d+): (?P<decided>\d+) of (?P<slots>\d+) decided")
COUNTS = ("positions", "wins", "losses", "draws", "longest_win", "longest_loss")


def recorded(tier):
    """The tier's entry in results/tablut/<tier>.json, or None."""
    path = os.path.join(HERE, tier + ".json")
    if not os.path.exists(path):
        return None
    for entry in json.load(open(path, encoding="utf-8"))["tiers"]:
        if entry["tier"] == tier:
            return entry
    return None


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: attempt_record.py DATA_DIR LOG")
    data, log = sys.argv[1], sys.argv[2]
    folder = os.path.join(data, "tablut", "default")
    stored, last = [], {}
    with open(log, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = LINE.match(line.rstrip("\n"))
            if not m:
                continue
            tier, rest, at = m["tier"], m["rest"], float(m["at"])
            s = STORED.match(rest)
            if s:
                stored.append((tier, s, at))
                last.pop(tier, None)
                continue
            state = {"at_s": at, "said": rest.split(";")[0].strip(" :")}
            lv = LEVEL.match(rest)
            if lv:
                state.update(level=int(lv["level"]), decided=int(lv["decided"]), slots=int(lv["slots"]))
            last[tier] = state
    tables = []
    for tier, s, at in stored:
        path = os.path.join(folder, tier + ".zzt")
        row = {"tier": tier, "slots": int(s["slots"]), "won_or_lost": int(s["decided"]), "cpu_s": float(s["cpu"]),
               "cpu_us_per_slot": float(s["rate"]), "wall_s": seconds(s["wall"]), "stored_at_s": at}
        if os.path.exists(path):
            h = header(path)
            row.update(bytes=os.path.getsize(path), sha256=sha256(path), **{k: h.get(k) for k in COUNTS})
            earlier = recorded(tier)
            row["agrees"] = None if earlier is None else all(earlier.get(k) == h.get(k) for k in COUNTS)
        tables.append(row)
    cpu = sum(t["cpu_s"] for t in tables)
    slots = sum(t["slots"] for t in tables)
    print(json.dumps({"stored": tables,
                      "stored_totals": {"tables": len(tables), "slots": slots, "cpu_s": round(cpu, 1),
                                        "agree": sum(t.get("agrees") is True for t in tables),
                                        "differ": sum(t.get("agrees") is False for t in tables)},
                      "unfinished": [{"tier": t, **v} for t, v in last.items()]}, indent=1))


if __name__ == "__main__":
    main()
