"""Krig, the Norwegian War: the rules engine (see RULES.md, R1–R12).

>>> from krig import Game
>>> game = Game.new(2, seed=2024)
>>> game.play_round().number
1
"""

from .chances import Chances, win_chances
from .game import Game, GameOver, Round, Step
from .rng import Rng, derive
from .save import SaveError
from .simulate import Outcome, Stats, simulate

__all__ = [
    "Chances",
    "Game",
    "GameOver",
    "Outcome",
    "Rng",
    "Round",
    "SaveError",
    "Stats",
    "Step",
    "derive",
    "simulate",
    "win_chances",
]
