"""Win chances built up a chunk at a time, so that the single-threaded worker never holds up a flip.

The page asks for a few rollouts at a time (say 20) after each round; between two chunks the worker answers
whatever else came in, such as the next flip. The running totals belong to one position: once the game moves
on (a new round, a new deal), the next chunk starts again from zero. An estimate is ``ROLLOUTS`` rollouts, no
more, and they are the position's own (``seed_of``): the same position gives the same estimate however it is
chunked, in the browser as in CPython when ``build.py`` works out the openings.

>>> from krig import Game
>>> game = Game.from_hands([["AS", "AH", "AD"], ["2C"]])
>>> estimate = Estimate()
>>> estimate.add(game, rollouts=20)["done"]
20
>>> answer = estimate.add(game, rollouts=20)
>>> answer["done"], answer["chances"], answer["draw"], answer["repeats"]
(40, [1.0, 0.0], 0.0, False)
>>> estimate.add(game, rollouts=5000)["done"], estimate.complete
(500, True)
"""

from __future__ import annotations

from typing import Any

from krig import Game, Tally, derive, win_tally

ROLLOUTS = 500
"""The rollouts of one estimate, the page's as those of a round worked out ahead."""


def seed_of(game: Game) -> int:
    """The random seed of the rollouts from `game`'s position: its deal's seed and the round it is at."""
    return derive(game.seed, game.round_number)


class Estimate:
    """Running totals of the rollouts played from one position: a tally of counts, so that chunks add up exactly."""

    def __init__(self) -> None:
        # The position the totals belong to: the game itself (kept, so no later game can share its id) and
        # its round number.
        self.game: Game | None = None
        self.round = -1
        self.tally = Tally((), 0, 0, 0)

    @property
    def done(self) -> int:
        return self.tally.rollouts

    @property
    def complete(self) -> bool:
        return self.done >= ROLLOUTS

    def at(self, game: Game, known: Tally | None = None) -> None:
        """Keep the totals of `game`'s position, or start them: from zero, or from `known`, the tally of the
        position made before (a round worked out ahead, on a copy of the game)."""
        if game is self.game and game.round_number == self.round:
            return
        self.game, self.round = game, game.round_number
        self.tally = Tally((0,) * game.players, 0, 0, 0) if known is None else known

    def of(self, game: Game) -> dict[str, Any] | None:
        """The whole estimate of `game`'s position, if it is made, else None."""
        made = self.complete and game is self.game and game.round_number == self.round
        return self.answer() if made else None

    def add(self, game: Game, rollouts: int) -> dict[str, Any]:
        """Play up to `rollouts` more rollouts from `game` (``ROLLOUTS`` in all) and answer the estimate so far."""
        self.at(game)
        rollouts = min(rollouts, ROLLOUTS - self.done)
        if rollouts > 0:
            self.tally += win_tally(game, rollouts=rollouts, seed=seed_of(game), first=self.done)
        return self.answer()

    def answer(self) -> dict[str, Any]:
        """The estimate over the rollouts done: ``{chances: [per seat], draw, repetition, repeats, done, round}``."""
        assert self.game is not None and self.done > 0
        return shown(self.tally, self.game, self.round)


def shown(tally: Tally, game: Game, round_number: int) -> dict[str, Any]:
    """The estimate of `tally`, made at round `round_number` of `game`, as the page is given it."""
    chances = tally.chances
    return {
        "chances": chances.seats,
        "draw": chances.draw,
        "repetition": chances.repetition,
        "repeats": game.can_repeat,  # whether a repetition can happen at all (R12): the page says "draw" alone
        "done": tally.rollouts,
        "round": round_number,
    }


def tally_of(stored: object, players: int, round_number: int) -> Tally | None:
    """The tally behind `stored`, a whole estimate of a game of `players` at round `round_number` as a record
    carries it, or None if it is not one: its shares of ``ROLLOUTS`` rollouts give the counts back exactly.

    >>> game = Game.from_hands([["AS", "AH", "AD"], ["2C"]])
    >>> estimate = Estimate()
    >>> made = estimate.add(game, ROLLOUTS)
    >>> tally_of(made, 2, 0) == estimate.tally, tally_of({**made, "done": 20}, 2, 0), tally_of(made, 2, 1)
    (True, None, None)
    >>> tally_of({**made, "draw": 0.5}, 2, 0), tally_of({**made, "chances": [1.0]}, 2, 0)
    (None, None)
    """
    if not isinstance(stored, dict) or stored.get("done") != ROLLOUTS or stored.get("round") != round_number:
        return None
    seats = stored.get("chances")
    if not isinstance(seats, list) or len(seats) != players:
        return None
    shares = [*seats, stored.get("draw"), stored.get("repetition")]
    if not all(type(share) in (int, float) and 0 <= share <= 1 for share in shares):
        return None
    counts = [round(share * ROLLOUTS) for share in shares]
    if sum(counts) != ROLLOUTS:
        return None
    return Tally(tuple(counts[:players]), counts[-2], counts[-1], ROLLOUTS)
