#!/usr/bin/env python3
"""The five-piece endings, from the summaries `zugzwang verify --summaries` wrote here.

    results/chess/all5/study.py [--tables tables.json] [--record verify.jsonl]

Writes README.md and wins.svg in this folder from every TABLE.json of a five-piece table:
the longest mate of each side to move with its first position, the shares of wins, draws
and losses, mutual zugzwangs, the one-ply check of each table (verify.jsonl) and its size
on disk (tables.json, `zugzwang tables chess --material all5 --json`). Standard library only.
"""
import argparse
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent


def pieces(tier):
    return sum(c.isalpha() and c != "v" for c in tier)


def load_summaries():
    out = {}
    for f in sorted(HERE.glob("*.json")):
        if f.name == "tables.json":
            continue
        t = json.loads(f.read_text())["tables"][0]
        if pieces(t["tier"]) == 5:
            out[t["tier"]] = t
    return out


def load_record(path):
    checked = {}
    if path.exists():
        for line in path.read_text().splitlines():
            for t in json.loads(line)["tables"]:
                checked[t["tier"]] = t
    return checked


def load_sizes(path):
    """The files record_tables.py recorded (bytes and digest), by table."""
    if not path.exists():
        return {}
    return {t["tier"]: t for t in json.loads(path.read_text())["tables"] if "bytes" in t}


def share(side):
    total = side["wins"] + side["draws"] + side["losses"]
    return [100.0 * side[k] / total if total else 0.0 for k in ("wins", "draws", "losses")]


def mate(side):
    w = side.get("longest_win")
    if not w:
        return "", ""
    return f"{(w['remoteness'] + 1) // 2}", f"`{w['position']}`"


def wins_svg(summaries, order):
    """One bar per ending: White to move, wins / draws / losses as shares of its positions."""
    row, left, width = 14, 80, 460
    height = row * len(order) + 50
    colours = {"wins": "#2e7d32", "draws": "#9e9e9e", "losses": "#c62828"}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 20}" height="{height}" '
             'font-family="sans-serif" font-size="10">',
             f'<text x="{left}" y="14" font-size="12">White to move: wins (green), draws (grey), losses (red), '
             'share of positions</text>']
    for n, tier in enumerate(order):
        y = 24 + n * row
        x = left
        parts.append(f'<text x="{left - 4}" y="{y + 10}" text-anchor="end">{tier}</text>')
        for key, pct in zip(("wins", "draws", "losses"), share(summaries[tier]["by_side"]["White"])):
            w = width * pct / 100
            if w > 0:
                parts.append(f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{row - 3}" fill="{colours[key]}">'
                             f'<title>{tier} {key} {pct:.1f}%</title></rect>')
            x += w
    axis = 24 + len(order) * row + 12
    for pct in (0, 25, 50, 75, 100):
        parts.append(f'<text x="{left + width * pct / 100:.0f}" y="{axis}" text-anchor="middle">{pct}%</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def size_lines(sizes):
    """The recorded files of the five-piece tables against the whole set (tables.json)."""
    five = {t: s for t, s in sizes.items() if pieces(t) == 5}
    total = sum(s["bytes"] for s in five.values())
    entries = sum(s["entries"] for s in five.values())
    lines = [f"{len(five)} of the 110 five-piece tables recorded (`tables.json`, written by `record_tables.py` "
             "from the files a run had on disk, each with its SHA-256; a table built again must match): "
             f"{total:,} bytes ({total / 2**30:.3f} GiB) for {entries:,} index slots, "
             f"{8 * total / entries if entries else 0:.3f} bits per slot."]
    if len(five) < 110:
        lines += ["", "The set is not complete yet, so its total is not stated; the published five-piece "
                  "DTM sets for comparison: Nalimov 7.4 GB, Gaviota about 6.5 GiB, chesstb about 1.7 GiB."]
    else:
        lines += ["", f"The whole set: {total / 2**30:.3f} GiB, beside Nalimov 7.4 GB, Gaviota about 6.5 GiB "
                  "and chesstb about 1.7 GiB (the published five-piece DTM sets)."]
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", default=str(HERE / "tables.json"))
    parser.add_argument("--record", default=str(HERE / "verify.jsonl"))
    args = parser.parse_args()
    summaries = load_summaries()
    record = load_record(pathlib.Path(args.record))
    sizes = load_sizes(pathlib.Path(args.tables))
    order = sorted(summaries, key=lambda t: -share(summaries[t]["by_side"]["White"])[0])

    lines = ["# Chess: the five-piece endings", "",
             "Rules: [`docs/rules/chess.md`](../../../docs/rules/chess.md) (FIDE; the 50-move rule ignored, en passant",
             "included). Depth to mate for every position, both sides to move. Made by",
             "`tools/make-results chess5` (see its header): `zugzwang verify chess --material all5 --record",
             "results/chess/all5/verify.jsonl --summaries results/chess/all5` checks every table one ply deep and",
             "writes each table's `zugzwang summary` beside this page, then `results/chess/all5/study.py` writes",
             "this page and `wins.svg` from them. A machine that cannot keep the set between working sessions",
             "builds it in parts (`ZZ_MATERIAL=KRPvKR,KQvKRP tools/make-results chess5`: those tables with their",
             "sub-tables); `verify.jsonl`, `tables.json` and `../published-comparison.json` gather what each part",
             "found.", "",
             f"{len(summaries)} five-piece tables summarized; {sum(1 for t in summaries if t in record)} checked "
             f"by `verify` here, {sum(r['mismatches'] for r in record.values())} mismatches in "
             f"{sum(r['positions'] for r in record.values()):,} positions checked "
             "(every table of the set, 3-4 pieces included).", "",
             "![White to move: wins, draws and losses per ending](wins.svg)", "",
             "## Every ending", "",
             "Positions are index entries (up to symmetry); W / D / L are shares of them for the side to",
             "move. The longest mate is in moves, with the first position showing it; mutual zugzwangs are",
             "full-point ones (whoever moves loses), up to symmetry.", "",
             "| ending | positions | White to move W / D / L % | Black to move W / D / L % | longest mate, White | "
             "example | longest mate, Black | example | mutual zugzwangs | checked | bytes |",
             "| --- | ---: | --- | --- | ---: | --- | ---: | --- | ---: | --- | ---: |"]
    for tier in sorted(summaries, key=lambda t: (-int(mate(summaries[t]["by_side"]["White"])[0] or 0), t)):
        s = summaries[tier]
        white, black = s["by_side"]["White"], s["by_side"]["Black"]
        positions = white["wins"] + white["draws"] + white["losses"] + black["wins"] + black["draws"] + black["losses"]
        w, b = share(white), share(black)
        zug = s.get("mutual_zugzwangs") or {}
        r = record.get(tier)
        checked = "" if r is None else ("clean" if r["mismatches"] == 0 else f"**{r['mismatches']} wrong**")
        size = sizes.get(tier, {}).get("bytes")
        lines.append(f"| {tier} | {positions:,} | {w[0]:.1f} / {w[1]:.1f} / {w[2]:.1f} | {b[0]:.1f} / {b[1]:.1f} / "
                     f"{b[2]:.1f} | {mate(white)[0]} | {mate(white)[1]} | {mate(black)[0]} | {mate(black)[1]} | "
                     f"{zug.get('full_point', '')} | {checked} | {'' if size is None else f'{size:,}'} |")
    lines += ["", "## Size on disk", ""] + size_lines(sizes) + [""]
    (HERE / "README.md").write_text("\n".join(lines))
    (HERE / "wins.svg").write_text(wins_svg(summaries, order))


if __name__ == "__main__":
    main()
