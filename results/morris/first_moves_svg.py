#!/usr/bin/env python3
"""Draws the value of every first placement of a morris summary on the board, as SVG.

    python3 results/morris/first_moves_svg.py results/morris/variant=six.json > first-moves.svg

The summary is `zugzwang solve morris --rule variant=V --json`'s output: its "start" lists
every first move with its value for the player who makes it (White). Each point is filled
by that value (win, draw, loss) and labelled with the remoteness when there is one.
"""
import json
import sys

# The squares of each variant (outer first), as half-widths around d4 in grid units, and
# whether the diagonals are lines (Morabaraba).
SQUARES = {"nine": (3, 2, 1), "lasker": (3, 2, 1), "morabaraba": (3, 2, 1), "six": (3, 2)}
COLOURS = {"win": "#2e7d32", "draw": "#9e9e9e", "loss": "#c62828"}
UNIT, MARGIN = 60, 50


def xy(point):
    """Pixel centre of a point named like a chess square (a1 bottom left, g7 top right)."""
    file, rank = ord(point[0]) - ord("a"), int(point[1]) - 1
    return MARGIN + file * UNIT, MARGIN + (6 - rank) * UNIT


def main():
    summary = json.load(open(sys.argv[1]))
    variant = summary["rules"].get("variant", "nine")
    squares = SQUARES[variant]
    c = MARGIN + 3 * UNIT
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * c}" height="{2 * c + 40}" '
           f'font-family="sans-serif" font-size="13">', f'<rect width="100%" height="100%" fill="white"/>']
    for h in squares:
        out.append(f'<rect x="{c - h * UNIT}" y="{c - h * UNIT}" width="{2 * h * UNIT}" height="{2 * h * UNIT}" '
                   f'fill="none" stroke="black" stroke-width="2"/>')
    inner, outer = squares[-1], squares[0]
    for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):  # the cross lines between the squares
        out.append(f'<line x1="{c + dx * inner * UNIT}" y1="{c + dy * inner * UNIT}" x2="{c + dx * outer * UNIT}" '
                   f'y2="{c + dy * outer * UNIT}" stroke="black" stroke-width="2"/>')
    if variant == "morabaraba":
        for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
            out.append(f'<line x1="{c + dx * inner * UNIT}" y1="{c + dy * inner * UNIT}" '
                       f'x2="{c + dx * outer * UNIT}" y2="{c + dy * outer * UNIT}" stroke="black" stroke-width="2"/>')
    start = summary["start"]
    for move in start["moves"]:
        x, y = xy(move["move"])
        out.append(f'<circle cx="{x}" cy="{y}" r="17" fill="{COLOURS[move["value"]]}" stroke="black"/>')
        label = "" if move["remoteness"] is None else str(move["remoteness"])
        out.append(f'<text x="{x}" y="{y + 5}" text-anchor="middle" fill="white">{label}</text>')
    verdict = start["value"] + ("" if start["remoteness"] is None else f' in {start["remoteness"]} plies')
    out.append(f'<text x="{MARGIN - 30}" y="{2 * c + 5}">{summary["game"]} ({variant}): the start is a {verdict}; '
               f'each point: White placing there first</text>')
    out.append(f'<text x="{MARGIN - 30}" y="{2 * c + 25}">green: White wins, grey: draw, red: White loses '
               f'(number: plies to the end)</text>')
    out.append("</svg>")
    print("\n".join(out))


if __name__ == "__main__":
    main()
