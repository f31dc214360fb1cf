#!/usr/bin/env python3
"""The repository stands on its own: no file refers to the folder beside the checkout that
the project grew up next to, and every relative link of every Markdown file points at a
file or folder inside the repository. Prints each fault and exits 1 if there is any."""
import re
import sys
from pathlib import Path

ROOT = Path(sys.argv[1]).resolve()
SKIP = {".git", "node_modules", "corpus"}
OUTSIDE = re.compile(r"\.\./" + "shared")  # written in two parts so that this file passes
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def files():
    for path in ROOT.rglob("*"):
        parts = path.relative_to(ROOT).parts
        if any(p in SKIP or p.startswith("build") for p in parts) or not path.is_file():
            continue
        yield path


def main():
    faults = []
    for path in files():
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue  # binary files (screenshots, tables) hold no references
        where = path.relative_to(ROOT)
        for n, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line):
                faults.append(f"{where}:{n}: refers to a folder outside the repository")
        if path.suffix != ".md":
            continue
        for target in LINK.findall(text):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                continue  # a URL or an anchor in the same file
            file_part = target.split("#", 1)[0]
            resolved = (path.parent / file_part).resolve()
            if not resolved.is_relative_to(ROOT):
                faults.append(f"{where}: link '{target}' leaves the repository")
            elif not resolved.exists():
                faults.append(f"{where}: link '{target}' points at nothing")
    for f in faults:
        print(f)
    print(f"{len(faults)} fault(s)")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
