"""Win chances built up a chunk at a time, so that the single-threaded worker never holds up a flip.

The page asks for a few rollouts at a time (say 50) after each round; between two chunks the worker answers
whatever else came in, such as the next flip. The running totals belong to one position: once the game moves
on (a new round, a new deal), the next chunk starts again from zero.

>>> from krig import Game
>>> game = Game.from_hands([["AS", "AH", "AD"], ["2C"]])
>>> estimate = Estimate()
>>> estimate.add(game, rollouts=20)["done"]
20
>>> answer = estimate.add(game, rollouts=20)
>>> answer["done"], answer["chances"], answer["draw"], answer["repeats"]
(40, [1.0, 0.0], 0.0, False)
"""

from __future__ import annotations

from typing import Any

from krig import Game, win_chances


class Estimate:
    """Running totals of the rollouts played from the current position."""

    def __init__(self) -> None:
        # The position the totals belong to: the game itself (kept, so no later game can share its id) and
        # its round number.
        self.game: Game | None = None
        self.round = -1
        self.done = 0
        self.wins: list[float] = []
        self.draws = 0.0
        self.repetitions = 0.0

    def add(self, game: Game, rollouts: int) -> dict[str, Any]:
        """Play `rollouts` more rollouts from `game` and answer the estimate over all of them so far."""
        if game is not self.game or game.round_number != self.round:
            self.game, self.round, self.done = game, game.round_number, 0
            self.wins, self.draws, self.repetitions = [0.0] * game.players, 0.0, 0.0
        chances = win_chances(game, rollouts=rollouts)  # a fresh random seed for every chunk
        self.done += rollouts
        self.wins = [total + share * rollouts for total, share in zip(self.wins, chances, strict=True)]
        self.draws += chances.draw * rollouts
        self.repetitions += chances.repetition * rollouts
        return {
            "chances": [total / self.done for total in self.wins],
            "draw": self.draws / self.done,
            "repetition": self.repetitions / self.done,
            "repeats": game.can_repeat,  # whether a repetition can happen at all (R12): the page says "draw" alone
            "done": self.done,
            "round": game.round_number,
        }
