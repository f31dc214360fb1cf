#!/usr/bin/env python3
"""Adds the tables on disk to the record of the set's files, tables.json in this folder.

    results/chess/all5/record_tables.py ZUGZWANG DATA_DIR [--repacked]

The record keeps, for every table of `zugzwang tables chess --material all5` that some run had
on disk, its size, format and SHA-256. A machine that cannot hold the whole set for long
(a working session may start on a fresh machine) builds it in parts; the record gathers the
parts. The tables are deterministic, so a table built again must have the recorded bytes:
a different digest is an error (exit 1), never a silent update. A set packed again on purpose
(`zugzwang compress`, which checks every block it codes against the old file's) is recorded
anew with --repacked: each table whose bytes changed is named with its old and new size.
Standard library only.
"""
import argparse
import hashlib
import json
import pathlib
import subprocess
import sys

from study import pieces

HERE = pathlib.Path(__file__).resolve().parent
FIELDS = ("entries", "bytes", "format", "uncompressed_bytes", "bits_per_slot")


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("zugzwang")
    parser.add_argument("data")
    parser.add_argument("--out", default=str(HERE / "tables.json"))
    parser.add_argument("--repacked", action="store_true",
                        help="the files were packed again on purpose: record their new digests")
    args = parser.parse_args()

    listing = json.loads(subprocess.run([args.zugzwang, "tables", "chess", "--material", "all5", "--json",
                                         "--data", args.data], check=True, capture_output=True, text=True).stdout)
    out = pathlib.Path(args.out)
    old = {t["tier"]: t for t in json.loads(out.read_text())["tables"]} if out.exists() else {}
    tables, differ, repacked = [], [], []
    for t in listing["tables"]:
        entry = dict(old.get(t["tier"], {"tier": t["tier"]}))
        entry["entries"] = t["entries"]
        if t.get("present"):
            digest = sha256(t["file"])
            if entry.get("sha256", digest) != digest:
                if not args.repacked:
                    differ.append(f"{t['tier']}: {digest} on disk, {entry['sha256']} recorded")
                    continue
                repacked.append(f"{t['tier']}: {entry.get('bytes')} -> {t['bytes']} bytes")
            entry.update({k: t[k] for k in FIELDS}, sha256=digest)
        tables.append(entry)
    if differ:
        print("tables differ from the record (the solver is not deterministic, or a file is damaged):",
              *differ, sep="\n  ", file=sys.stderr)
        return 1

    if repacked:
        print(f"{len(repacked)} tables recorded anew (packed again):", *repacked, sep="\n  ", file=sys.stderr)
    recorded = [t for t in tables if "sha256" in t]
    five = [t for t in tables if pieces(t["tier"]) == 5]
    record = {
        "game": listing["game"], "rules": listing["rules"],
        "command": "results/chess/all5/record_tables.py ZUGZWANG DATA_DIR (after zugzwang solve chess --material ...)",
        "tables_in_set": len(tables), "tables_recorded": len(recorded),
        "bytes_recorded": sum(t["bytes"] for t in recorded),
        "five_piece_tables": len(five), "five_piece_recorded": sum("sha256" in t for t in five),
        "five_piece_bytes_recorded": sum(t.get("bytes", 0) for t in five),
        "tables": tables,
    }
    out.write_text(json.dumps(record, indent=1) + "\n")
    print(f"{len(recorded)} of {len(tables)} tables recorded, {record['bytes_recorded']:,} bytes; "
          f"five-piece: {record['five_piece_recorded']} of {len(five)}, {record['five_piece_bytes_recorded']:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
