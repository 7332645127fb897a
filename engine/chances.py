"""Win chances from the current position, by Monte Carlo rollouts.

>>> from krig import Game
>>> chances = win_chances(Game.from_hands([["AS", "AH", "AD"], ["2C"]]), rollouts=20, seed=1)
>>> chances
Chances([1.0, 0.0], draw=0.0, repetition=0.0)
"""

from __future__ import annotations

import secrets

from .game import Game
from .rng import Rng, derive
from .simulate import play_many, tally


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


def win_chances(game: Game, rollouts: int = 500, seed: int | None = None) -> Chances:
    """Estimate each seat's chance to win from here; ``game`` is not modified.

    Each rollout shuffles every hand (the order of a hand is unknown to the person), then
    plays to the end on the fast path with its own generator, seeded ``derive(seed, i)``.
    In played order a rollout starts a fresh R12 history from its sampled position, so it
    always ends. Eliminated seats get 0.0. A finished game gives its actual result.
    """
    if isinstance(rollouts, bool) or not isinstance(rollouts, int) or rollouts < 1:
        raise ValueError("rollouts must be an int >= 1")
    seats = [0.0] * game.players
    if game.over:
        if game.result == "win":
            seats[game.winner] = 1.0  # type: ignore[index]
        return Chances(seats, float(game.result == "draw"), float(game.result == "repetition"))
    seed = secrets.randbits(53) if seed is None else seed
    positions = []
    for i in range(rollouts):
        rng = Rng(derive(seed, i))
        hands = list(map(bytearray, game._hands))
        for hand in hands:
            rng.shuffle(hand)
        positions.append((hands, rng))
    wins = [0] * game.players
    draws, repetitions = tally(play_many(positions, game.return_order == "shuffled"), wins)
    return Chances([w / rollouts for w in wins], draws / rollouts, repetitions / rollouts)
