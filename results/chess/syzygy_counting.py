"""How Syzygy's generator counts a table's positions, rebuilt from zugzwang's whole-board counts.

Syzygy's statistics count positions up to the board's symmetries (8 without pawns, the
left-right mirror with pawns) *with identical pieces told apart*: KQQvK's two queens are
queen 1 and queen 2. That is the number of orbits of labelled positions, which Burnside's
lemma gives from counts zugzwang reports:

    orbits = (sum over symmetries g of the labelled positions g leaves in place) / |G|

  - the identity leaves every labelled position: labellings x whole-board count (raw_*),
    where labellings = k1! k2! ... for groups of k identical pieces (they stand on distinct
    squares, so every position has exactly that many labellings);
  - the left-right mirror and the rotations fix no square of an 8x8 board, so they fix no
    position;
  - a reflection in a long diagonal fixes a labelled position exactly when every piece stands
    on that diagonal; the two diagonals fix equally many (a quarter turn maps one onto the
    other and keeps every value).

So with pawns:    orbits = labellings * raw / 2
   without pawns: orbits = labellings * (raw + 2 * D) / 8
where D counts the positions (of one side to move and one value) with every piece on a1-h8.
Without identical pieces this is the number of orbits zugzwang itself counts, so the same
formula checks those tables' counts from another direction.
"""
import itertools
import math

DIAGONAL = [(i, i) for i in range(8)]  # a1, b2, ..., h8 as (file, rank - 1)


def sides(tier):
    """('KQQ', 'KR') for KQQvKR."""
    white, black = tier.split("v")
    return white, black


def labellings(tier):
    """Ways to tell the identical pieces apart: the product of k! over each colour's groups."""
    n = 1
    for half in sides(tier):
        for piece in set(half):
            n *= math.factorial(half.count(piece))
    return n


def has_pawns(tier):
    return "P" in tier


def _attacks_along_diagonal(piece, at, target, occupied):
    """Whether `piece` (upper case) on diagonal index `at` attacks diagonal index `target`.
    Knights and rooks never attack another square of the diagonal (a knight changes square
    colour, a rook's lines cross it once); kings are kept apart by the caller."""
    if piece not in "QB":
        return False
    step = 1 if target > at else -1
    return all(i not in occupied for i in range(at + step, target, step))


def board_fen(pieces):
    """The board field of a FEN; pieces maps (file, rank), both from 0, to a FEN letter."""
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            piece = pieces.get((f, r))
            if piece:
                row += (str(empty) if empty else "") + piece
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def _fen(placement, white_to_move):
    pieces = {DIAGONAL[index]: piece if white else piece.lower() for (piece, white), index in placement}
    return board_fen(pieces) + (" w" if white_to_move else " b") + " - - 0 1"


def diagonal_placements(tier):
    """Every position of the tier (its own colours, no pawns) with all pieces on a1-h8 and
    the kings apart, as (FEN, white_to_move, legal); identical pieces unordered. Legal: the
    side not to move is not in check."""
    if has_pawns(tier):
        raise ValueError("pawns never all stand on a long diagonal's fixed squares here")
    groups = []  # (piece, white, count), kings first
    for white, half in zip((True, False), sides(tier)):
        for piece in sorted(set(half), key=lambda p: "KQRBN".index(p)):
            groups.append((piece, white, half.count(piece)))

    def place(g, taken):
        if g == len(groups):
            yield []
            return
        piece, white, count = groups[g]
        free = [i for i in range(8) if i not in taken]
        for squares in itertools.combinations(free, count):
            for rest in place(g + 1, taken | set(squares)):
                yield [((piece, white), s) for s in squares] + rest

    for placement in place(0, frozenset()):
        king = {white: s for (p, white), s in placement if p == "K"}
        if abs(king[True] - king[False]) < 2:
            continue
        occupied = {s for _, s in placement}
        for white_to_move in (True, False):
            waiting = not white_to_move  # the side not to move, whose king may not be attacked
            checked = any(w == white_to_move and _attacks_along_diagonal(p, s, king[waiting], occupied)
                          for (p, w), s in placement)
            yield _fen(placement, white_to_move), white_to_move, not checked


def diagonal_positions(tier):
    """The legal ones of diagonal_placements, as (FEN, white_to_move)."""
    return ((fen, white) for fen, white, legal in diagonal_placements(tier) if legal)


def syzygy_counts(tier, raw, diagonal=None):
    """Syzygy's count of one side to move's wins/draws/losses: raw and diagonal are dicts
    {"wins", "draws", "losses"} of whole-board counts and of positions on a1-h8 (pawnless
    tables only). Raises if the division is not exact (the counts would be inconsistent)."""
    out = {}
    for v in ("wins", "draws", "losses"):
        total, parts = (raw[v], 2) if has_pawns(tier) else (raw[v] + 2 * diagonal[v], 8)
        numerator = labellings(tier) * total
        if numerator % parts:
            raise ValueError(f"{tier}: {v} {numerator} is not a multiple of {parts}: inconsistent counts")
        out[v] = numerator // parts
    return out
