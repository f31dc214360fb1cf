#!/usr/bin/env python3
"""The record of a (partial) whole-game morris solve: one row per table solved, from the
progress lines of `zugzwang solve morris ... --progress lines` and the table files.

    python3 results/morris/run_record.py DATA_DIR LOG [LOG...] > results/morris/nine-run-DATE.tsv

LOG: the standard error of each process of the run, in order (a run stopped and started
again resumes from its finished tables, so a table is solved in exactly one of them).
DATA_DIR: the run's --data folder; the files' sizes and SHA-256 are read there.

Columns: tier, slots, won or lost (for the side to move, as the solver counts slots), the
solver's CPU seconds and CPU-µs per slot for the table (writing included), its wall
seconds, the bytes of its file, bits per slot, the file's SHA-256, and from the file's
header its positions up to the board's symmetries (used slots) with their wins, draws and
losses for the side to move and the longest win and loss in plies. A last line sums what
the rows hold.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from table_files import header, seconds, sha256  # noqa: E402  (results/: shared with the other games' records)

STORED = re.compile(
    r"\] (?P<tier>\S+) stored: (?P<decided>\d+) of (?P<slots>\d+) slots won or lost \([0-9.]+%\) "
    r"in (?P<wall>.+?), (?P<cpu>[0-9.]+) CPU-s \((?P<rate>[0-9.]+) CPU-µs per slot\)")


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: run_record.py DATA_DIR LOG [LOG...]")
    data, logs = sys.argv[1], sys.argv[2:]
    folder = os.path.join(data, "morris", "variant=nine")
    rows = []
    for log in logs:
        with open(log, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = STORED.search(line)
                if m:
                    rows.append(m.groupdict())
    print("tier\tslots\twon_or_lost\tcpu_s\tcpu_us_per_slot\twall_s\tbytes\tbits_per_slot\tsha256\t"
          "positions\twins\tdraws\tlosses\tlongest_win\tlongest_loss")
    totals = [0, 0, 0.0, 0.0, 0]
    counts = [0, 0, 0, 0]
    for r in rows:
        path = os.path.join(folder, r["tier"] + ".zzt")
        size = os.path.getsize(path) if os.path.exists(path) else 0
        slots, cpu, wall = int(r["slots"]), float(r["cpu"]), seconds(r["wall"])
        h = header(path) if size else {}
        found = [h.get(k, 0) for k in ("positions", "wins", "draws", "losses")]
        counts = [a + b for a, b in zip(counts, found)]
        print(f"{r['tier']}\t{slots}\t{r['decided']}\t{cpu:.1f}\t{r['rate']}\t{wall:.1f}\t{size}\t"
              f"{8 * size / slots:.3f}\t{sha256(path) if size else '-'}\t" + "\t".join(map(str, found)) +
              f"\t{h.get('longest_win', '-')}\t{h.get('longest_loss', '-')}")
        totals[0] += slots
        totals[1] += int(r["decided"])
        totals[2] += cpu
        totals[3] += wall
        totals[4] += size
    slots = max(1, totals[0])
    print(f"total ({len(rows)} tables)\t{totals[0]}\t{totals[1]}\t{totals[2]:.1f}\t{1e6 * totals[2] / slots:.2f}\t"
          f"{totals[3]:.1f}\t{totals[4]}\t{8 * totals[4] / slots:.3f}\t-\t" + "\t".join(map(str, counts)) + "\t-\t-")


if __name__ == "__main__":
    main()
