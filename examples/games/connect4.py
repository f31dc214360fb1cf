"""Connect Four on a small board, for zugzwang.Game: width x height columns and rows, four
in a row wins (horizontally, vertically or diagonally), a full board is a draw.

John Tromp solved every board with width + height <= 15
(https://tromp.github.io/c4/c4.html); his values, and the move on which perfect play ends,
are tabulated in https://github.com/ChristopheSteininger/c4 (readme, "Results"): 4x4 and
5x4 are draws, 6x4 is a win for the second player on the last move, the 24th.

A state is one int (a bitboard, as in Tromp's and Pons's solvers): every stone's bit in
the low `shift` bits, the stones of the player to move above them. Column c holds bits
c*(height+1) .. c*(height+1)+height-1, bottom first; the spare bit on top of each column
keeps lines from wrapping around to the next column. Moves are column letters, a first.

    python3 examples/games/connect4.py 5 4
    zugzwang solve --game-file examples/games/connect4.py:ConnectFour   (4 x 4)
"""
import sys


class ConnectFour:
    players = ("X", "O")

    def __init__(self, width=4, height=4):
        self.width, self.height = width, height
        self.name = f"connect4-{width}x{height}"
        stride = height + 1
        self.columns = [((1 << height) - 1) << (c * stride) for c in range(width)]
        self.bottoms = [1 << (c * stride) for c in range(width)]
        self.full = sum(self.columns)
        self.shift = stride * width
        self.stones = (1 << self.shift) - 1
        self.directions = (1, stride, stride - 1, stride + 1)  # up, right, the two diagonals

    def start(self):
        return 0

    def moves(self, state):
        stones = state & self.stones
        theirs = stones ^ (state >> self.shift)  # they move next
        for c, column in enumerate(self.columns):
            drop = (stones + self.bottoms[c]) & column  # the lowest empty square of the column
            if drop:
                yield "abcdefghijklmnopqrstuvwxyz"[c], (theirs << self.shift) | stones | drop

    def outcome(self, state):
        stones = state & self.stones
        last = stones ^ (state >> self.shift)  # the stones of the player who just moved
        for d in self.directions:
            pairs = last & (last >> d)
            if pairs & (pairs >> 2 * d):
                return "loss"
        return "draw" if stones == self.full else None

    # The board as text, top row first: "..../..../x.../xo.." (x moved first).
    def format(self, state):
        return "/".join("".join(self.mark(state, c, r) for c in range(self.width))
                        for r in reversed(range(self.height)))

    def mark(self, state, c, r):
        bit = 1 << (c * (self.height + 1) + r)
        if not state & bit:
            return "."
        stones = state & self.stones
        mover_is_x = bin(stones).count("1") % 2 == 0
        return "x" if bool((state >> self.shift) & bit) == mover_is_x else "o"

    def parse(self, text):
        rows = text.split("/")
        if len(rows) != self.height or any(len(row) != self.width or set(row) - set(".xo") for row in rows):
            raise ValueError(f"{text!r} is not {self.height} rows of {self.width} squares ('.', 'x', 'o') split by '/'")
        x = o = 0
        for r, row in enumerate(reversed(rows)):
            for c, mark in enumerate(row):
                bit = 1 << (c * (self.height + 1) + r)
                x |= bit if mark == "x" else 0
                o |= bit if mark == "o" else 0
        mover = x if bin(x).count("1") == bin(o).count("1") else o
        return (mover << self.shift) | x | o

    def view(self, state):
        squares = []
        for r in reversed(range(self.height)):
            for c in range(self.width):
                mark = self.mark(state, c, r)
                piece = None if mark == "." else {"kind": "disc", "owner": "xo".index(mark), "label": mark.upper()}
                squares.append({"name": "abcdefghijklmnopqrstuvwxyz"[c] + str(r + 1), "marks": [], "piece": piece})
        return {"files": self.width, "ranks": self.height, "squares": squares}


if __name__ == "__main__":
    import zugzwang

    width, height = (int(a) for a in sys.argv[1:3]) if len(sys.argv) > 2 else (4, 4)
    game = zugzwang.Game(ConnectFour(width, height))
    report = game.solve()
    print(f"{width}x{height}: {game.enumeration['states']:,} positions; the first player's {report.start.value}"
          f" in {report.start.remoteness} plies")
