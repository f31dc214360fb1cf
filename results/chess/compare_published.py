#!/usr/bin/env python3
"""zugzwang's chess tables beside the published statistics (results/chess/published/).

    results/chess/compare_published.py ZUGZWANG DATA [--material all5] [--out FILE.md]

For every table of the set that exists in DATA, compares:
  - win/draw/loss counts per side to move, up to symmetry, with the Syzygy generator's;
  - the longest mate per side to move (moves) with Scid's figures from the Nalimov tables;
  - the longest depth to mate over the table (plies) with Gaviota's, as Texel records it;
  - mutual zugzwangs with Scid's counts (zugzwang's counts up to symmetry).
Prints a Markdown table (or writes it to --out) and exits 1 if any figure disagrees.
Each table's figures come from `zugzwang summary` and `zugzwang tables`, so this checks
the stored tables themselves. With --summaries DIR, a table whose DIR/TABLE.json exists (what
`zugzwang verify --summaries DIR` writes: the same document as `zugzwang summary --json`)
is read from it instead of summarized again (all5: hours saved).
"""
import argparse
import json
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent


def run_json(zz, *args):
    out = subprocess.run([zz, *args, "--json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def moves(plies):
    return None if plies < 0 else (plies + 1) // 2


def identical_pieces(tier):
    """Whether a side has two pieces of one type (KQQvK, KRPPvK): see NOT_COMPARABLE."""
    return any(half.count(c) > 1 for half in tier.split("v") for c in "QRBNP")


# Syzygy's statistics count a table with two identical pieces differently from every
# whole-board count: KNNvK with White to move has 5,749,652 legal positions (a brute-force
# count agrees with zugzwang's raw_ counts), 718,706.5 per symmetry, and zugzwang's tables
# hold 719,130 of them up to symmetry; Syzygy counts 1,437,728, about twice as many, as if
# the knights were told apart (KBBBvK: about six times). Those rows are shown and not scored. In tables with pawns (KPPvK) Syzygy's counts
# of such tables equal zugzwang's whole-board (raw_) counts, which are then compared.
NOT_COMPARABLE = "not comparable (Syzygy tells identical pieces apart)"


def compare(tier, ours_summary, ours_table, published):
    """Rows of (what, ours, published, verdict) for one table; verdict True, False or a note."""
    rows = []
    sides = ours_summary["by_side"]
    sy = published.get("syzygy")
    if sy:
        for side, key in (("White", "wtm"), ("Black", "btm")):
            mine = [sides[side][v] for v in ("wins", "draws", "losses")]
            theirs = [sy[key][v] for v in ("wins", "draws", "losses")]
            verdict = mine == theirs
            if identical_pieces(tier) and not verdict:
                # With pawns, Syzygy's counts of such tables are the whole-board counts.
                raw = [sides[side]["raw_" + v] for v in ("wins", "draws", "losses")]
                if raw == theirs:
                    mine, verdict = raw, True
                else:
                    verdict = NOT_COMPARABLE
            rows.append((f"W/D/L, {side} to move (Syzygy)", "/".join(map(str, mine)), "/".join(map(str, theirs)),
                         verdict))
    sc = published.get("scid")
    if sc:
        for side, key in (("White", "longest_mate_moves_wtm"), ("Black", "longest_mate_moves_btm")):
            win = sides[side].get("longest_win")
            mine = moves(win["remoteness"]) if win else 0  # Scid writes 0 where a side never mates
            rows.append((f"longest mate, {side} to move (Scid/Nalimov)", mine, sc.get(key), mine == sc.get(key)))
        mz, theirs = ours_summary["mutual_zugzwangs"], sc.get("mutual_zugzwangs")
        if theirs:
            # Scid counts like zugzwang's reduced counts, except that in a material equal for
            # both colours (KPvKP) it counts a full-point zugzwang and its colour-reversed
            # twin once: zugzwang counts both boards.
            white, black = tier.split("v")
            full = mz["full_point"] // 2 if white == black else mz["full_point"]
            mine = [full, mz["half_point_White_in_zugzwang"], mz["half_point_Black_in_zugzwang"]]
            them = [theirs["full_point_whoever_moves_loses"], theirs["wtm_draws_btm_loses"],
                    theirs["wtm_loses_btm_draws"]]
            rows.append(("mutual zugzwangs full / White / Black (Scid)", "/".join(map(str, mine)),
                         "/".join(map(str, them)), mine == them))
    if "texel_max_dtm_plies" in published:
        mine = max(ours_table["longest_win"], ours_table["longest_loss"])
        rows.append(("longest DTM in plies (Gaviota)", mine, published["texel_max_dtm_plies"],
                     mine == published["texel_max_dtm_plies"]))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("zugzwang")
    ap.add_argument("data")
    ap.add_argument("--material", default="all5")
    ap.add_argument("--out")
    ap.add_argument("--published", default=str(HERE / "published" / "statistics.json"),
                    help="the published figures (default: results/chess/published/statistics.json)")
    ap.add_argument("--summaries", help="read TABLE.json summaries written by `zugzwang verify --summaries` here")
    args = ap.parse_args()
    published_file = json.loads(pathlib.Path(args.published).read_text())
    published = published_file["endings"]
    listing = run_json(args.zugzwang, "tables", "chess", "--material", args.material, "--data", args.data)
    sources = published_file["sources"]
    lines = ["# zugzwang's chess tables beside the published statistics", "",
             "Rules: [`docs/rules/chess.md`](../../docs/rules/chess.md) (FIDE); depth to mate, the 50-move rule "
             "ignored, no castling. Made by `results/chess/compare_published.py ZUGZWANG DATA --material "
             f"{args.material} --summaries results/chess/all5 --out results/chess/published-comparison.md` from "
             "the tables present in DATA "
             "(tables not built yet are left out). A side that never mates has longest mate 0.", ""]
    lines += [f"- **{name}**: {text}" for name, text in sources.items()]
    lines += ["", "| table | figure | zugzwang | published | |", "| --- | --- | ---: | ---: | --- |"]
    checked = disagreements = 0
    for t in listing["tables"]:
        if not t["present"] or t["tier"] not in published:
            continue
        stored = pathlib.Path(args.summaries) / f"{t['tier']}.json" if args.summaries else None
        if stored and stored.exists():
            summary = json.loads(stored.read_text())
        else:
            summary = run_json(args.zugzwang, "summary", "chess", "--material", t["tier"], "--data", args.data)
        for what, mine, theirs, verdict in compare(t["tier"], summary["tables"][0], t, published[t["tier"]]):
            if theirs is None:
                continue
            if verdict is True or verdict is False:
                checked += 1
                disagreements += not verdict
                verdict = "agrees" if verdict else "**differs**"
            lines.append(f"| {t['tier']} | {what} | {mine} | {theirs} | {verdict} |")
    lines.append("")
    lines.append(f"{checked} figures compared, {disagreements} differ.")
    text = "\n".join(lines) + "\n"
    if args.out:
        pathlib.Path(args.out).write_text(text)
    else:
        sys.stdout.write(text)
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
