"""TateDrez written again in Python, for zugzwang.Game; its values equal the C++ game's
(zugzwang.Game("tatedrez", rules={"rounds": "0"})) position for position.

3x3 board; each player has a rook, a bishop and a knight. First both place their pieces in
turn (White first), then move them as in chess (no captures); three in a row wins. A
player who cannot move draws (the C++ game's no-move=draw); no round limit (rounds=0).

A state is a str: the squares a1 b1 c1 a2 ... c3 ('.' empty, RBN White, rbn Black), then
'w' or 'b' for the side to move. format() writes the C++ game's notation ("rN1/1R1/nbB w").

    python3 examples/games/tatedrez.py
"""

NAMES = [f + r for r in "123" for f in "abc"]
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def reach(kind, frm):
    """(to, square passed over or None) for a piece on an empty board."""
    out = []
    fc, fr = frm % 3, frm // 3
    for to in range(9):
        dc, dr = to % 3 - fc, to // 3 - fr
        if to == frm:
            continue
        straight, diagonal = dc == 0 or dr == 0, abs(dc) == abs(dr)
        if kind == "R" and straight or kind == "B" and diagonal:
            over = (frm + to) // 2 if 2 in (abs(dc), abs(dr)) else None
            out.append((to, over))
        elif kind == "N" and abs(dc * dr) == 2:
            out.append((to, None))
    return out


REACH = {(kind, sq): reach(kind, sq) for kind in "RBN" for sq in range(9)}


class TateDrez:
    name = "tatedrez-py"
    players = ("White", "Black")

    def start(self):
        return "." * 9 + "w"

    def moves(self, state):
        board, side = state[:9], state[9]
        pieces = "RBN" if side == "w" else "rbn"
        after = "b" if side == "w" else "w"
        if board.count(".") > 3:  # placement: a piece from hand onto an empty square
            for piece in pieces:
                if piece not in board:
                    for sq in range(9):
                        if board[sq] == ".":
                            yield piece.upper() + "@" + NAMES[sq], board[:sq] + piece + board[sq + 1:] + after
            return
        for piece in pieces:
            frm = board.index(piece)
            for to, over in REACH[piece.upper(), frm]:
                if board[to] == "." and (over is None or board[over] == "."):
                    cells = list(board)
                    cells[frm], cells[to] = ".", piece
                    yield NAMES[frm] + NAMES[to], "".join(cells) + after

    def outcome(self, state):
        board, side = state[:9], state[9]
        last = "rbn" if side == "w" else "RBN"
        if any(board[a] in last and board[b] in last and board[c] in last for a, b, c in LINES):
            return "loss"
        return None  # a placement or movement position with no move is a draw: no_moves

    no_moves = "draw"

    def format(self, state):
        ranks = []
        for row in (2, 1, 0):
            text, empty = "", 0
            for cell in state[row * 3:row * 3 + 3]:
                if cell == ".":
                    empty += 1
                    continue
                text += (str(empty) if empty else "") + cell
                empty = 0
            ranks.append(text + (str(empty) if empty else ""))
        return "/".join(ranks) + " " + state[9]

    def parse(self, text):
        ranks, side = text.split(" ")[:2]
        cells = ""
        for rank in reversed(ranks.split("/")):
            cells += "".join("." * int(c) if c.isdigit() else c for c in rank)
        return cells + side


if __name__ == "__main__":
    import zugzwang  # only to run the file itself: `zugzwang solve --game-file` needs no module

    game = zugzwang.Game(TateDrez())
    report = game.solve()
    print(game.enumeration, report.start.value)
