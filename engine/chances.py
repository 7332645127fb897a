"""Win chances from the current position, by Monte Carlo rollouts.

>>> from krig import Game
>>> chances = win_chances(Game.from_hands([["AS", "AH", "AD"], ["2C"]]), rollouts=20, seed=1)
>>> chances
Chances([1.0, 0.0], draw=0.0, repetition=0.0)
"""

from __future__ import annotations

import secrets

from .cards import CARDS
from .fast import play_many, tally
from .game import Game
from .rng import Rng, derive
from .rules import Order, Result


class Chances(list[float]):
    """One win probability per seat (a ``list``), plus the ``draw`` and ``repetition`` shares.

    ``sum(chances) + chances.draw + chances.repetition`` is 1.
    """

    def __init__(self, seats: list[float], draw: float = 0.0, repetition: float = 0.0) -> None:
        super().__init__(seats)
        self.draw = draw
        self.repetition = repetition

    @property
    def seats(self) -> list[float]:
        """The win probabilities per seat, as a plain list."""
        return list(self)

    def __repr__(self) -> str:
        return f"Chances({list(self)!r}, draw={self.draw!r}, repetition={self.repetition!r})"


def win_chances(game: Game, rollouts: int = 500, seed: int | None = None, first: int = 0) -> Chances:
    """Estimate each seat's chance to win from here; ``game`` is not modified.

    Each rollout shuffles every hand (the order of a hand is unknown to the person), then
    plays to the end on the fast path with its own generator, seeded ``derive(seed, i)``, by
    the game's own rules (order and face-down cards), for ``i`` from ``first``: with one seed,
    chunks that start where the one before ended add up to one estimate of all their rollouts.
    In played order a rollout starts a fresh R12 history from its sampled position, so it
    always ends. Eliminated seats get 0.0. A finished game gives its actual result.
    """
    if isinstance(rollouts, bool) or not isinstance(rollouts, int) or rollouts < 1:
        raise ValueError("rollouts must be an int >= 1")
    if isinstance(first, bool) or not isinstance(first, int) or first < 0:
        raise ValueError("first must be an int >= 0")
    seats = [0.0] * game.players
    if game.over:
        if game.winner is not None:
            seats[game.winner] = 1.0
        return Chances(seats, float(game.result is Result.DRAW), float(game.result is Result.REPETITION))
    seed = secrets.randbits(53) if seed is None else seed
    held = [bytes(map(CARDS.__getitem__, hand)) for hand in game.hands]
    positions = []
    for i in range(first, first + rollouts):
        rng = Rng(derive(seed, i))
        hands = list(map(bytearray, held))
        for hand in hands:
            rng.shuffle(hand)
        positions.append((hands, rng))
    wins = [0] * game.players
    outcomes = play_many(positions, game.return_order is Order.SHUFFLED, game.face_down)
    draws, repetitions = tally(outcomes, wins)
    return Chances([w / rollouts for w in wins], draws / rollouts, repetitions / rollouts)
