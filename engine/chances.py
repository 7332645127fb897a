"""Win chances from the current position, by Monte Carlo rollouts.

>>> from krig import Game
>>> chances = win_chances(Game.from_hands([["AS", "AH", "AD"], ["2C"]]), rollouts=20, seed=1)
>>> chances
Chances([1.0, 0.0], draw=0.0, repetition=0.0)
>>> win_tally(Game.new(3, seed=4), rollouts=100, seed=1)
Tally(wins=(34, 32, 34), draws=0, repetitions=0, rollouts=100)
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

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


@dataclass(frozen=True)
class Tally:
    """How ``rollouts`` rollouts ended: the wins of each seat, the draws and the repetitions. Tallies of chunks of
    the same estimate add up exactly, where shares would not."""

    wins: tuple[int, ...]
    draws: int
    repetitions: int
    rollouts: int

    @property
    def chances(self) -> Chances:
        """The shares of the rollouts: ``win_chances``' answer."""
        n = self.rollouts
        return Chances([w / n for w in self.wins], self.draws / n, self.repetitions / n)

    def __add__(self, other: Tally) -> Tally:
        """The tally of both sets of rollouts.

        >>> Tally((3, 1), 1, 0, 5) + Tally((2, 2), 0, 1, 5)
        Tally(wins=(5, 3), draws=1, repetitions=1, rollouts=10)
        """
        wins = tuple(a + b for a, b in zip(self.wins, other.wins, strict=True))
        return Tally(wins, self.draws + other.draws, self.repetitions + other.repetitions,
                     self.rollouts + other.rollouts)


def win_chances(game: Game, rollouts: int = 500, seed: int | None = None, first: int = 0) -> Chances:
    """Estimate each seat's chance to win from here (``win_tally``'s shares); ``game`` is not modified."""
    return win_tally(game, rollouts, seed, first).chances


def win_tally(game: Game, rollouts: int = 500, seed: int | None = None, first: int = 0) -> Tally:
    """Play ``rollouts`` rollouts from here and count how they end; ``game`` is not modified.

    Each rollout shuffles every hand (the order of a hand is unknown to the person), then
    plays to the end on the fast path with its own generator, seeded ``derive(seed, i)``, by
    the game's own rules (order, face-down cards and house rules), for ``i`` from ``first``: with one seed,
    chunks that start where the one before ended add up to one estimate of all their rollouts.
    In played order a rollout starts a fresh R12 history from its sampled position, so it
    always ends. Eliminated seats win none. A finished game ends every rollout as it ended.
    """
    if isinstance(rollouts, bool) or not isinstance(rollouts, int) or rollouts < 1:
        raise ValueError("rollouts must be an int >= 1")
    if isinstance(first, bool) or not isinstance(first, int) or first < 0:
        raise ValueError("first must be an int >= 0")
    if game.over:
        won = [rollouts if seat == game.winner else 0 for seat in range(game.players)]
        return Tally(tuple(won), rollouts * (game.result is Result.DRAW), rollouts * (game.result is Result.REPETITION),
                     rollouts)
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
    outcomes = play_many(positions, game.return_order is Order.SHUFFLED, game.face_down, game.house)
    draws, repetitions = tally(outcomes, wins)
    return Tally(tuple(wins), draws, repetitions, rollouts)
