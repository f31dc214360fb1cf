"""Tic-tac-toe for zugzwang.Game: 5,478 reachable positions, a draw.

A state is the board as nine characters, a1 b1 c1 a2 ... c3 ('.' empty); X moves first,
so whose turn it is follows from the board.

    python3 examples/games/tictactoe.py
"""

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
SQUARES = [f + r for r in "123" for f in "abc"]


class TicTacToe:
    name = "tictactoe"
    players = ("X", "O")

    def start(self):
        return "." * 9

    def to_move(self, board):
        return "X" if board.count("X") == board.count("O") else "O"

    def moves(self, board):
        mark = self.to_move(board)
        for i, square in enumerate(board):
            if square == ".":
                yield SQUARES[i], board[:i] + mark + board[i + 1:]

    def outcome(self, board):
        last = "O" if self.to_move(board) == "X" else "X"
        if any(all(board[i] == last for i in line) for line in LINES):
            return "loss"  # the player who just moved made a line
        if "." not in board:
            return "draw"
        return None

    def view(self, board):
        squares = []
        for row in (2, 1, 0):  # the top row first
            for col in range(3):
                mark = board[row * 3 + col]
                piece = None if mark == "." else {"kind": mark.lower(), "owner": "XO".index(mark), "label": mark}
                squares.append({"name": SQUARES[row * 3 + col], "marks": [], "piece": piece})
        return {"files": 3, "ranks": 3, "squares": squares, "file_labels": list("abc"),
                "rank_labels": list("321"), "to_move": "XO".index(self.to_move(board))}


if __name__ == "__main__":
    import zugzwang  # only to run the file itself: `zugzwang solve --game-file` needs no module

    game = zugzwang.Game(TicTacToe())
    report = game.solve()
    print(game.enumeration["states"], "positions:", report.start.value, "for X")
