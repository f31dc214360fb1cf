#!/usr/bin/env python3
"""No class or struct in api/ or solver/ (and their subfolders) spans more than 400 lines,
from the line that opens its body to the line that closes it (issue 56: a class a reader
can keep in mind, split by job when it grows). Prints every class over the limit and exits
1 if there is any; with --all, prints every class's length, longest first.

The scan is textual, not a C++ parser: comments, string and character literals are blanked
first, then each `class Name ... {` or `struct Name ... {` (not a declaration ending in `;`)
is followed to its matching brace."""
import re
import sys
from pathlib import Path

LIMIT = 400
FOLDERS = ("api", "solver")
HEAD = re.compile(r"\b(class|struct)\s+(?:alignas\s*\([^)]*\)\s*)?([A-Za-z_]\w*)\b")


def blank(text):
    """The text with comments and literals replaced by spaces (newlines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith('R"', i):
            m = re.match(r'R"([^(]*)\(', text[i:])
            end = text.find(")" + m.group(1) + '"', i) if m else -1
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            if c == "'" and i > 0 and (text[i - 1].isalnum()):
                out.append(c)  # a digit separator (1'000)
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + re.sub(r"[^\n]", " ", text[i + 1:j]) + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def classes(path):
    """(name, first line, lines) of each class or struct body in the file."""
    code = blank(path.read_text(encoding="utf-8"))
    found = []
    for m in HEAD.finditer(code):
        # The head runs to the first `{` (a body) or `;` / `)` / `>` / `,` (a declaration,
        # an elaborated type or a template parameter).
        k = m.end()
        while k < len(code) and code[k] not in "{;)>,=":
            k += 1
        if k >= len(code) or code[k] != "{":
            continue
        depth, j = 0, k
        while j < len(code):
            if code[j] == "{":
                depth += 1
            elif code[j] == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        first = code.count("\n", 0, k) + 1
        last = code.count("\n", 0, j) + 1
        found.append((m.group(2), first, last - first + 1))
    return found


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    root = Path(args[0] if args else ".").resolve()
    rows = []
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in (".hpp", ".cpp", ".h") and path.is_file():
                for name, line, length in classes(path):
                    rows.append((length, f"{path.relative_to(root)}:{line}", name))
    rows.sort(reverse=True)
    over = [r for r in rows if r[0] > LIMIT]
    for length, where, name in rows if "--all" in sys.argv else over:
        print(f"{length:5d}  {where}  {name}")
    print(f"{len(rows)} classes in {', '.join(FOLDERS)}; {len(over)} over {LIMIT} lines")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
