#!/usr/bin/env python3
"""A study: in Tablut endgames with the king on the board, how does the share of positions
won by Black grow with each black pawn, for each number of white pawns? Counted over every
position of each table (both sides to move, each symmetry-reduced entry weighted by the
positions it stands for), from the tables' own per-side counts.

    PYTHONPATH=build/python /usr/bin/python3 examples/tablut_black_wins.py DATA results/tablut/black-wins-by-pawns

DATA must hold the Tablut tables with at most four pawns (`zugzwang solve tablut --material
all4 --data DATA`, about three minutes on 2 cores; missing ones are built). Writes NAME.png
and NAME.md.
"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

import zugzwang

MAX_PAWNS = 4


def black_share(report, tier):
    """Positions won by Black / all positions of one table: Black to move and winning, plus
    White to move and losing."""
    for t in report.tiers:
        if t.tier == tier:
            sides = {s.side: s for s in t.raw.sides}
            white, black = sides["White"], sides["Black"]
            return (black.raw_wins + white.raw_losses) / t.raw.raw_positions, t.raw.raw_positions
    raise KeyError(tier)


def main():
    data, output = sys.argv[1], sys.argv[2]
    game = zugzwang.Game("tablut", data=data)
    report = game.solve(material=f"all{MAX_PAWNS}")
    shares = {}
    for white in range(MAX_PAWNS + 1):
        for black in range(MAX_PAWNS + 1 - white):
            shares[white, black] = black_share(report, f"K{white}W{black}B")
    fig, ax = plt.subplots(figsize=(8, 4.8))
    for white in range(MAX_PAWNS + 1):
        xs = [b for b in range(MAX_PAWNS + 1 - white)]
        ax.plot(xs, [100 * shares[white, b][0] for b in xs], marker="o", label=f"{white} white pawn{'s' * (white != 1)}")
    ax.set_xlabel("black pawns")
    ax.set_ylabel("positions won by Black (%)")
    ax.set_xticks(range(MAX_PAWNS + 1))
    ax.set_title("Tablut (Ashton), king on the board: Black's share of won positions")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(output + ".png", dpi=110)
    with open(output + ".md", "w") as md:
        md.write("# Black's share of won positions, by material\n\n")
        md.write("Made by `PYTHONPATH=build/python /usr/bin/python3 examples/tablut_black_wins.py DATA "
                 "results/tablut/black-wins-by-pawns` from the Tablut tables with at most four pawns besides the "
                 "king (rules: [`docs/rules/tablut.md`](../../docs/rules/tablut.md)). Share of all positions of "
                 "each table (both sides to move, every symmetric image counted) that Black wins with perfect "
                 "play.\n\n![Black's share](black-wins-by-pawns.png)\n\n")
        md.write("| white pawns \\ black pawns | " + " | ".join(str(b) for b in range(MAX_PAWNS + 1)) + " |\n")
        md.write("| --- |" + " ---: |" * (MAX_PAWNS + 1) + "\n")
        for white in range(MAX_PAWNS + 1):
            cells = [f"{100 * shares[white, b][0]:.2f} %" if (white, b) in shares else "" for b in range(MAX_PAWNS + 1)]
            md.write(f"| {white} | " + " | ".join(cells) + " |\n")
    print(f"wrote {output}.png and {output}.md")


if __name__ == "__main__":
    main()
