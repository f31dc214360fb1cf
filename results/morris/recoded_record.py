#!/usr/bin/env python3
"""The record of a table set coded again (`zugzwang compress`), beside the files it replaced,
a row per table.

    python3 results/morris/recoded_record.py BEFORE AFTER [--rules variant=nine] > nine/recoded-65536.tsv

BEFORE and AFTER are data folders holding the same tables (AFTER a copy of BEFORE that
`compress` rewrote). Each row: the tier, its slots, the block size and bytes of both files,
the change in bytes, and the new file's SHA-256; the counts of wins, draws and losses in the
two headers must be equal (the values are not read here: `verify` checks those). The last
row is the total. Standard library only.
"""
import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from table_files import header, sha256  # noqa: E402  (results/: a table's JSON header, a file's SHA-256)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("before", type=Path)
    ap.add_argument("after", type=Path)
    ap.add_argument("--rules", default="variant=nine")
    a = ap.parse_args()
    before_dir, after_dir = a.before / "morris" / a.rules, a.after / "morris" / a.rules
    print("tier\tslots\tblock_entries_before\tblock_entries_after\tbytes_before\tbytes_after\tchange\tsha256_after")
    slots = bytes_before = bytes_after = 0
    for path in sorted(after_dir.glob("*.zzt")):
        new, old = header(path), header(before_dir / path.name)
        if [new[k] for k in ("entries", "wins", "draws", "losses")] != [old[k] for k in ("entries", "wins", "draws", "losses")]:
            sys.exit(f"{path}: counts differ from {before_dir / path.name}")
        sizes = [(before_dir / path.name).stat().st_size, path.stat().st_size]
        slots += new["entries"]
        bytes_before += sizes[0]
        bytes_after += sizes[1]
        print("\t".join(map(str, [new["tier"], new["entries"], old.get("block_entries", ""), new.get("block_entries", ""),
                                  *sizes, f"{sizes[1] / sizes[0] - 1:+.4f}", sha256(path)])))
    print("\t".join(map(str, ["total", slots, "", "", bytes_before, bytes_after, f"{bytes_after / bytes_before - 1:+.4f}",
                              ""])))


if __name__ == "__main__":
    main()
