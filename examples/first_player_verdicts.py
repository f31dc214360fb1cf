#!/usr/bin/env python3
"""Does the first player win? The value of the start position of every game solved whole,
under every rule variant, with the length of the game under perfect play.

    PYTHONPATH=build/python /usr/bin/python3 examples/first_player_verdicts.py [DATA] > results/first-player-verdicts.md

TateDrez and Tak Tikl solve in seconds; their tables are built on demand in DATA (default:
a temporary folder). Not Tak Tikl's 4x5 board with the no-return rule (637 M slots, minutes
each): solve those first into DATA (`ZZ_DATA=DATA tools/make-results taktikl-4x5`).
"""
import itertools
import sys
import tempfile

import zugzwang


def variants(info):
    """Every combination of the game's rule options that take a list of values, with the
    counted options (move limits) at their defaults and, where 0 means no limit, at 0."""
    choices = []
    for option in info.rule_options:
        values = option.choices or sorted({option.default, "0"}, key=lambda v: v != option.default)
        choices.append([(option.name, v) for v in values])
    for combination in itertools.product(*choices):
        yield dict(combination)


def main():
    data = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="zugzwang-verdicts-")
    print("# Who wins from the start\n")
    print("Made by `PYTHONPATH=build/python /usr/bin/python3 examples/first_player_verdicts.py DATA`: the value of")
    print("the start position of each game solved whole, for the first player, under every rule")
    print("variant (rules in [`docs/rules/`](../docs/rules/README.md)); remoteness in plies under")
    print("perfect play (the winner hurries, the loser delays). Tak Tikl's `board=4x5` (Tac-Tickle's")
    print("original board) with the no-return rule is read from tables solved beforehand into DATA")
    print("(`ZZ_DATA=DATA tools/make-results taktikl-4x5`).\n")
    print("| game | rules | first player | value | plies | first moves that keep it |")
    print("| --- | --- | --- | --- | ---: | --- |")
    for info in zugzwang.games():
        if not info.solves_on_demand:
            continue  # chess and Tablut are tabulated by material, not solved whole
        for rules in variants(info):
            game = zugzwang.Game(info.name, rules=rules, data=data)
            start = game.query("start")
            keep = [m.move for m in start.moves if m.value == start.value]
            rules_text = ", ".join(f"{k}={v}" for k, v in rules.items())
            plies = "" if start.remoteness is None else start.remoteness
            print(f"| {info.name} | {rules_text} | {start.side_to_move} | {start.value} | {plies} | "
                  f"{len(keep)} of {len(start.moves)}: {' '.join(keep[:6])}{' ...' if len(keep) > 6 else ''} |")


if __name__ == "__main__":
    main()
