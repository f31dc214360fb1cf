#!/usr/bin/env python3
"""Every tier's counts of a morris summary, as Markdown: won, drawn and lost for the side to
move, both per position up to the board's symmetries (how Gasser's and Malom's tables count)
and per position (every position, mirror images included), with the longest win and loss.

    python3 results/morris/tier_counts.py results/morris/variant=six.json [DATA] > six-tiers.md

The summary is `zugzwang solve morris --rule variant=V --json`'s output (its "tiers" list);
nothing is computed here that the summary does not hold, only added up and laid out. The
summary names a position of each tier's longest win but not of its longest loss: given the
folder of the solved tables, one of the game's longest losses is read from its tier's table
with the Python module (`zugzwang` on PYTHONPATH, e.g. build/python, and NumPy): the first
index of that tier whose code is that loss.
"""
import json
import sys


def hands(tier):
    """The stones in hand of a tier named A-B-HA-HB (0 for "over")."""
    parts = tier.split("-")
    return int(parts[2]) + int(parts[3]) if len(parts) == 4 else 0


def side_sum(t, key):
    return sum(side[key] for side in t["by_side"].values())


def group(name, tiers):
    """One row adding up a group of tiers."""
    row = {"name": name, "tiers": len(tiers)}
    for key in ("positions", "wins", "draws", "losses", "raw_positions"):
        row[key] = sum(t[key] for t in tiers)
    for key in ("raw_wins", "raw_draws", "raw_losses"):
        row[key] = sum(side_sum(t, key) for t in tiers)
    row["longest_win"] = max(t["longest_win"] for t in tiers)
    row["longest_loss"] = max(t["longest_loss"] for t in tiers)
    return row


def n(x):
    return f"{x:,}"


def plies(x):
    return "—" if x < 0 else str(x)


def where(tiers, key, value):
    """The tiers whose longest win (or loss) is the group's, in the summary's order."""
    return [t for t in tiers if value >= 0 and t[key] == value]


def longest_loss_example(data, summary, tier, plies):
    """The position of the tier's first index whose value is a loss in `plies`, from its table."""
    import numpy
    import zugzwang
    table = zugzwang.Game(summary["game"], rules=summary["rules"], data=data).table(tier)
    found = numpy.flatnonzero(table.codes == 2 + 2 * plies)  # the module's code of a loss in r plies: 2 + 2r
    if found.size == 0:
        raise SystemExit(f"no loss in {plies} plies found in tier {tier}")
    return table.position(int(found[0]))


def main():
    summary = json.load(open(sys.argv[1]))
    data = sys.argv[2] if len(sys.argv) >= 3 else None
    tiers = summary["tiers"]
    for t in tiers:  # the summary's own totals hold: a changed count shows here
        assert t["positions"] == t["wins"] + t["draws"] + t["losses"], t["tier"]
        assert t["raw_positions"] == sum(side_sum(t, k) for k in ("raw_wins", "raw_draws", "raw_losses")), t["tier"]
    movement = [t for t in tiers if hands(t["tier"]) == 0]
    placement = [t for t in tiers if hands(t["tier"]) > 0]
    whole = group("the whole game", tiers)
    assert whole["positions"] == summary["positions"] and whole["raw_positions"] == summary["raw_positions"]
    rules = ", ".join(f"{k}={v}" for k, v in summary["rules"].items())
    out = [f"# Every tier's counts: {summary['game']} ({rules})", ""]
    out.append(f"Made by `python3 results/morris/tier_counts.py SUMMARY` from the summary of `{summary['command']}`")
    out.append("(rules: `docs/rules/morris.md`). Won, drawn and lost are for the side to move. *Positions*")
    out.append("counts one position per class of positions equal under the board's 16 symmetries, as")
    out.append("Gasser's and Malom's tables do; *all* counts every position, mirror images included. A tier")
    out.append("`A-B-HA-HB` has A stones on the board for the side to move, B for the other, and HA and HB in")
    out.append("their hands; \"over\" is the position with no move. Longest win and loss are in plies.")
    out.append("")
    start = summary.get("start")
    if start:
        out.append(f"The start is a **{start['value']}**" +
                   (f" in {start['remoteness']} plies" if start.get("remoteness") is not None else "") + ".")
        out.append("")
    head = ("| | tiers | positions | won | drawn | lost | all positions | won | drawn | lost | longest win | "
            "longest loss |")
    out += [head, "| --- |" + " ---: |" * 11]
    for row in (group("movement (no stone in hand)", movement), group("placement", placement), whole):
        out.append(f"| {row['name']} | {row['tiers']} | {n(row['positions'])} | {n(row['wins'])} | {n(row['draws'])} | "
                   f"{n(row['losses'])} | {n(row['raw_positions'])} | {n(row['raw_wins'])} | {n(row['raw_draws'])} | "
                   f"{n(row['raw_losses'])} | {plies(row['longest_win'])} | {plies(row['longest_loss'])} |")
    out.append("")
    win_tiers = where(tiers, "longest_win", whole["longest_win"])
    loss_tiers = where(tiers, "longest_loss", whole["longest_loss"])
    examples = [t for t in win_tiers if "longest_win_example" in t]
    if win_tiers:
        out.append(f"The longest win, {whole['longest_win']} plies, is in {', '.join(t['tier'] for t in win_tiers)}" +
                   (f", for example from `{examples[0]['longest_win_example']['position']}` ({examples[0]['tier']})."
                    if examples else "."))
    if loss_tiers:
        first = loss_tiers[0]["tier"]
        example = longest_loss_example(data, summary, first, whole["longest_loss"]) if data else None
        out.append(f"The longest loss, {whole['longest_loss']} plies, is in {', '.join(t['tier'] for t in loss_tiers)}" +
                   (f", for example from `{example}` ({first})." if example else "."))
    for title, part in (("Movement tiers", movement), ("Placement tiers", placement)):
        out += ["", f"## {title}", "",
                "| tier | positions | won | drawn | lost | all positions | won | drawn | lost | longest win | "
                "longest loss | a longest win |",
                "| --- |" + " ---: |" * 10 + " --- |"]
        for t in part:
            example = t.get("longest_win_example", {}).get("position")
            out.append(f"| {t['tier']} | {n(t['positions'])} | {n(t['wins'])} | {n(t['draws'])} | {n(t['losses'])} | "
                       f"{n(t['raw_positions'])} | {n(side_sum(t, 'raw_wins'))} | {n(side_sum(t, 'raw_draws'))} | "
                       f"{n(side_sum(t, 'raw_losses'))} | {plies(t['longest_win'])} | {plies(t['longest_loss'])} | "
                       + (f"`{example}` |" if example else "|"))
    print("\n".join(out))


if __name__ == "__main__":
    main()
