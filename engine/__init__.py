"""Krig, the Norwegian War: the rules engine (docs/rules.md, R1–R17).

>>> from krig import Game
>>> game = Game.new(2, seed=2024)
>>> game.play_round().number
1

The layers, each importing only the ones before it: ``cards`` and ``rng`` (the deck, the
generator), ``rules`` (settings, results, the seeded deal), ``fast`` (whole games without
records: ``simulate``), ``save`` (the save format), ``game`` (``Game``, the readable
reference, which finishes games and replays saves on the fast path), ``chances`` and ``cli``.
"""

from .chances import Chances, Tally, win_chances, win_tally
from .fast import Outcome, Stats, simulate
from .game import Game, GameOver, Round, Step
from .rng import Rng, derive
from .rules import HouseRule, HouseRules, Order, Result
from .save import Refusal, SaveError

__all__ = [
    "Chances",
    "Game",
    "GameOver",
    "HouseRule",
    "HouseRules",
    "Order",
    "Outcome",
    "Refusal",
    "Result",
    "Rng",
    "Round",
    "SaveError",
    "Stats",
    "Tally",
    "Step",
    "derive",
    "simulate",
    "win_chances",
    "win_tally",
]
