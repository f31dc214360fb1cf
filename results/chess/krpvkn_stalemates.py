#!/usr/bin/env python3
"""KRPvKN: the boards where White, to move, is stalemated, with each one's value for Black to move.

    results/chess/krpvkn_stalemates.py ZUGZWANG DATA

Scid counts 413 half-point mutual zugzwangs in KRPvKN (White to move draws, Black to move
loses). zugzwang's summary counted 412 until December 2026, because it left out a board whose
first side to move had no move; it counts 413 now. This lists those boards, the one that made
the difference among them, from the rules and `probe` alone (not the summary's pass). White is stalemated only if the rook has no move, and here nothing pins it (Black
has a king and a knight), so it must be boxed in: in a corner, its two neighbours its own king
and pawn (a pawn never stands on the first or last rank): rook a8, pawn a7, king b8, or rook a1,
pawn a2, king b1 (the h-file boards are their mirror images, the same up to symmetry). Every
placement of the black king and knight beside them is tried; `zugzwang board` says which are
stalemate and `zugzwang probe` values them with Black to move. Standard library only.
"""
import json
import subprocess
import sys

from syzygy_counting import board_fen


def candidates():
    # Squares as (file, rank), both from 0: rook a8, pawn a7, king b8; rook a1, pawn a2, king b1.
    for rook, pawn, king in (((0, 7), (0, 6), (1, 7)), ((0, 0), (0, 1), (1, 0))):
        for bk in range(64):
            for bn in range(64):
                k, n = divmod(bk, 8)[::-1], divmod(bn, 8)[::-1]
                if len({rook, pawn, king, k, n}) == 5:
                    yield board_fen({rook: "R", pawn: "P", king: "K", k: "k", n: "n"})


def main():
    zz, data = sys.argv[1], sys.argv[2]
    stalemated = []
    for board in candidates():
        r = subprocess.run([zz, "board", "chess", board + " w - - 0 1", "--json"], capture_output=True, text=True)
        if r.returncode == 0:  # an illegal board (Black in check) is refused
            d = json.loads(r.stdout)
            if d["over"] and d["result"] == "draw" and not d["moves"]:  # not mate
                stalemated.append(board)
    answers = subprocess.run([zz, "probe", "chess", "--data", data, "--json"], capture_output=True, text=True,
                             input="".join(b + " b - - 0 1\n" for b in stalemated), check=True).stdout.splitlines()
    losses = 0
    for board, line in zip(stalemated, answers):
        value = json.loads(line)["value"]
        losses += value == "loss"
        print(f"{board}  White to move: stalemate; Black to move: {value}")
    print(f"{len(stalemated)} boards with White stalemated, {losses} of them lost by Black to move")


if __name__ == "__main__":
    main()
