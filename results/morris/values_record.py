#!/usr/bin/env python3
"""The record of a values-only table set beside the set it was written from, a row per table.

    python3 results/morris/values_record.py FULL VALUES [--rules variant=nine] > nine/values-only.tsv

FULL and VALUES are data folders (`zugzwang compress morris --values-only VALUES --data FULL`).
Each row: the tier, its slots, its wins, draws and losses (from the values-only file's header,
checked equal to the full table's), the bytes of both files, the values-only file's bits per
slot and its SHA-256. The last row is the total. Standard library only.
"""
import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from table_files import header, sha256  # noqa: E402  (results/: a table's JSON header, a file's SHA-256)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("full", type=Path)
    ap.add_argument("values", type=Path)
    ap.add_argument("--rules", default="variant=nine")
    a = ap.parse_args()
    full_dir, values_dir = a.full / "morris" / a.rules, a.values / "morris" / a.rules
    print("tier\tslots\twins\tdraws\tlosses\tfull_bytes\tvalues_bytes\tvalues_bits_per_slot\tvalues_sha256")
    total = [0, 0, 0, 0, 0, 0]
    for path in sorted(values_dir.glob("*.zzt")):
        v, f = header(path), header(full_dir / path.name)
        if v.get("remoteness") != "none":
            sys.exit(f"{path}: not a values-only table")
        counts = [v["wins"], v["draws"], v["losses"]]
        if counts != [f["wins"], f["draws"], f["losses"]] or v["entries"] != f["entries"]:
            sys.exit(f"{path}: counts differ from {full_dir / path.name}")
        sizes = [(full_dir / path.name).stat().st_size, path.stat().st_size]
        row = [v["entries"], *counts, *sizes]
        total = [t + r for t, r in zip(total, row)]
        print("\t".join(map(str, [v["tier"], *row, f"{8 * sizes[1] / max(1, v['entries']):.3f}", sha256(path)])))
    print("\t".join(map(str, ["total", *total, f"{8 * total[5] / max(1, total[0]):.3f}", ""])))


if __name__ == "__main__":
    main()
