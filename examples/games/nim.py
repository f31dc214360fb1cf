"""Nim with three heaps (3, 4, 5): take any number from one heap; whoever takes the last
object wins (normal play: a player with no move loses, the default).

Bouton (1901) solved every Nim position: the player to move loses exactly when the heaps'
sizes XOR to zero. 3 ^ 4 ^ 5 = 2, so the first player wins. The heaps' order does not
matter: SymmetricNim tells the solver so with symmetries(), and solves fewer positions.

    python3 examples/games/nim.py
"""
import itertools


class Nim:
    name = "nim-3-4-5"

    def __init__(self, heaps=(3, 4, 5)):
        self.heaps = tuple(heaps)

    def start(self):
        return self.heaps

    def moves(self, heaps):
        for i, size in enumerate(heaps):
            for take in range(1, size + 1):
                yield f"{take}@{i}", heaps[:i] + (size - take,) + heaps[i + 1:]

    def outcome(self, heaps):
        return None  # the game ends when no object is left: no move, a loss


class SymmetricNim(Nim):
    name = "nim-3-4-5-symmetric"

    def symmetries(self, heaps):
        """Every state equivalent to heaps (its whole orbit), itself included."""
        return set(itertools.permutations(heaps))


if __name__ == "__main__":
    import zugzwang  # only to run the file itself: `zugzwang solve --game-file` needs no module

    game = zugzwang.Game(SymmetricNim())
    print(game.query().value, "for the first player")
