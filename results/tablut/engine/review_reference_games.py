#!/usr/bin/env python3
"""Reviews the Tablut reference games (tests/data/tablut/reference-games.txt: random games
played through the competition's reference engine) with `zugzwang review`, one JSON document
per game, and checks that review replays every game to the result the reference engine gave.

  review_reference_games.py ZUGZWANG DATA OUT_DIR [--proof-plies 7] [--proof-nodes 200000]

Then summarize_reviews.py OUT_DIR/game*.json makes the table of reference-reviews.md."""
import argparse
import json
import pathlib
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
GAMES = HERE.parents[2] / "tests" / "data" / "tablut" / "reference-games.txt"
RESULTS = {"WW": "White wins", "BW": "Black wins", "D": "draw"}


def games():
    """(seed, moves, result) of every game of the reference file."""
    seed, moves = None, []
    for line in GAMES.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        words = line.split()
        if words[0] == "game":
            seed, moves = words[1].removeprefix("seed="), []
        elif words[0] == "end":
            yield seed, moves, RESULTS[words[1]]
        else:
            moves.append(words[1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("zugzwang")
    parser.add_argument("data")
    parser.add_argument("out", type=pathlib.Path)
    parser.add_argument("--proof-plies", type=int, default=7)
    parser.add_argument("--proof-nodes", type=int, default=200000)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for seed, moves, result in games():
        answer = subprocess.run([args.zugzwang, "review", "tablut", "start", *moves, "--data", args.data,
                                 "--proof-plies", str(args.proof_plies), "--proof-nodes", str(args.proof_nodes),
                                 "--json"], capture_output=True, text=True, check=True)
        review = json.loads(answer.stdout)
        replayed = review.get("result", "unfinished")
        if replayed.lower() != result.lower():
            sys.exit(f"game seed={seed}: the reference engine says {result}, review replays {replayed}")
        (args.out / f"game{seed}.json").write_text(answer.stdout)
        print(f"game{seed}: {len(moves)} plies, {result}", flush=True)


if __name__ == "__main__":
    main()
