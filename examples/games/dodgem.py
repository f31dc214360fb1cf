"""Dodgem on 3x3 (Colin Vout), for zugzwang.Game: the first player wins.

Blue's two cars start on the left edge (a2, a3), Red's on the bottom edge (b1, c1). Blue
moves a car one square right, up or down; Red up, left or right; never onto a car nor off
the board but forwards (Blue off the right edge, Red off the top). A player who has no
move on their turn, every car gone or blocked, has WON: no_moves = "win" overrides the
default. Cars may shuffle sideways for ever: such play is a draw.

Berlekamp, Conway and Guy, Winning Ways for your Mathematical Plays (1982; 2nd ed. vol. 3,
2003, "Dodgem"), tabulate every 3x3 position and find the first player (Blue) wins.

    python3 examples/games/dodgem.py
"""

SIZE = 3
# Per player: the squares' steps as (column, row) changes; forward last.
STEPS = {"blue": ((0, 1), (0, -1), (1, 0)), "red": ((-1, 0), (1, 0), (0, 1))}


def square(col, row):
    return "abc"[col] + str(row + 1)


class Dodgem:
    name = "dodgem-3x3"
    players = ("Blue", "Red")
    no_moves = "win"  # all your cars are off, or blocked: you win

    def start(self):
        # (Blue's cars, Red's cars, who moves), cars as sorted (column, row) pairs
        return (((0, 1), (0, 2)), ((1, 0), (2, 0)), "blue")

    def moves(self, state):
        blue, red, mover = state
        mine, theirs = (blue, red) if mover == "blue" else (red, blue)
        taken = set(blue) | set(red)
        for car in mine:
            for dc, dr in STEPS[mover]:
                col, row = car[0] + dc, car[1] + dr
                rest = tuple(c for c in mine if c != car)
                if not (0 <= col < SIZE and 0 <= row < SIZE):
                    if (mover == "blue" and col == SIZE) or (mover == "red" and row == SIZE):
                        yield square(*car) + "-off", self.after(rest, theirs, mover)
                    continue
                if (col, row) not in taken:
                    moved = tuple(sorted(rest + ((col, row),)))
                    yield square(*car) + square(col, row), self.after(moved, theirs, mover)

    def after(self, mine, theirs, mover):
        """The state once `mover` has moved: its cars `mine`, the other side's `theirs`."""
        return (mine, theirs, "red") if mover == "blue" else (theirs, mine, "blue")

    def outcome(self, state):
        return None  # the game ends only when the player to move cannot move (no_moves)


if __name__ == "__main__":
    import zugzwang  # only to run the file itself: `zugzwang solve --game-file` needs no module

    game = zugzwang.Game(Dodgem())
    print(game.query().value, "for Blue, who moves first")
