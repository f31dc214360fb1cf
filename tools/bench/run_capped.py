#!/usr/bin/env python3
"""Runs one command inside a memory cgroup capped at CAP (root needed), for a solve that must
prove it fits, e.g. issue 23's K1W5B under 16 GiB:

    tools/bench/run_capped.py 16G -- build/tools/cli/zugzwang solve tablut --material K1W5B \\
        --working-state compact --memory 15G --data DIR --json

Exits with the command's status (137 when the kernel killed it at the cap) and prints the
group's highest charge (anonymous memory and page cache) to standard error.
"""
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from memory_cap import CappedGroup, cgroup_root, remove_cgroups  # noqa: E402

UNITS = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}


def parse_cap(text):
    unit = UNITS.get(text[-1:].upper())
    number = text[:-1] if unit else text
    if not number.isdigit() or int(number) == 0:
        print(f"run_capped: cap {text!r} is not a size such as 512M or 16G", file=sys.stderr)
        sys.exit(2)
    return int(number) * (unit or 1)


def main():
    args = sys.argv[1:]
    if len(args) < 3 or args[1] != "--":
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    cap = parse_cap(args[0])
    remove_cgroups(cgroup_root()[0])
    with CappedGroup(f"run-{Path(args[2]).name}", cap) as group:
        status = subprocess.run(group.wrap(args[2:])).returncode
        peak = group.peak_bytes()
    print(f"run_capped: cap {cap / 2**30:.2f} GiB, peak {peak / 2**30:.2f} GiB, exit {status}" if peak is not None
          else f"run_capped: cap {cap / 2**30:.2f} GiB, exit {status}", file=sys.stderr)
    return 137 if status < 0 else status


if __name__ == "__main__":
    sys.exit(main())
