"""The openings of a first visit: deals of the default game with their first rounds, as the bridge answers them.

``build.py`` writes a pool of them, so that a first visit plays at once while Python loads: the page draws one
at random, and when the worker is ready it replays the rounds drawn and checks them (the bridge's ``restore``
with ``played``). An opening is one file per language, ``openings/<n>.<lang>.json``: the record the bridge
answers to ``new`` (its board says its deal, ``DEAL``), with its rounds ``ahead``, as the page has it once its idle
time has worked out the win chances of the deal's round and of the first ``ahead.CHANCES_AHEAD`` rounds ahead.
Those chances are the same in every language: they are worked out once, and put into each language's record.

>>> record = opening(7, "fr", chances=False)
>>> len(record["ahead"]) == AHEAD, record["ahead"][0]["line"]["label"], "chances" in record
(True, 'Tour 1', False)
>>> made = {"chances": {"round": 0}, "ahead": [{"chances": {"round": 1}}, {}]}
>>> with_chances({"board": {}, "ahead": [{"line": 1}, {"line": 2}]}, made)
{'board': {}, 'ahead': [{'line': 1, 'chances': {'round': 1}}, {'line': 2}], 'chances': {'round': 0}}
"""

from __future__ import annotations

import random
from typing import Any

from . import settings
from .ahead import AHEAD
from .bridge import answer
from .estimate import ROLLOUTS
from .session import Session

DEAL = settings.DEAL
"""The default game, the only one the openings cover: any other waits for the engine."""


def opening(seed: int, lang: str, chances: bool = True) -> dict[str, Any]:
    """The record the bridge answers for a new default game of `seed` in `lang`, as the page would get it once
    it has had the idle time to work out the win chances of its rounds (without them, unless `chances`)."""
    session = Session()
    assert answer(session, {"type": "init", "lang": lang})["ok"]
    dealt = answer(session, {"type": "new", "seed": seed, "settings": {}, **DEAL})
    if chances:
        estimate_all(session)
        dealt = answer(session, {"type": "settings", "settings": {}})  # the same game's record, with them
    # no time of the build, and no id: every visitor's game gets its own when the worker takes it over
    return {key: value for key, value in dealt["record"].items() if key != "id"} | {"savedAt": 0}


def estimate_all(session: Session, chunk: int = ROLLOUTS) -> None:
    """Work out the win chances of the round on screen and of the first ``ahead.CHANCES_AHEAD`` rounds ahead, as the
    page's idle time does (in chunks of `chunk` rollouts: the estimates are the same however they are chunked).
    Most of the build's time is these estimates."""
    while not answer(session, {"type": "chances", "rollouts": chunk})["done"] >= ROLLOUTS:
        pass
    while answer(session, {"type": "chances", "rollouts": chunk, "ahead": True})["ahead"]:
        pass


def seeds(count: int, rounds: int = AHEAD) -> list[int]:
    """`count` seeds whose default games last longer than `rounds` rounds, always the same ones."""
    pick = random.Random("krig openings")
    found: list[int] = []
    while len(found) < count:
        seed = pick.randrange(2**53)
        if len(opening(seed, "en", chances=False).get("ahead", [])) >= rounds:
            found.append(seed)
    return found


def with_chances(record: dict[str, Any], made: dict[str, Any]) -> dict[str, Any]:
    """`record`, an opening without its win chances, with those of `made` (the same deal in another language)."""
    def known(step: dict[str, Any], rest: dict[str, Any]) -> dict[str, Any]:
        return {**rest, "chances": step["chances"]} if "chances" in step else rest

    ahead = [known(step, plain) for step, plain in zip(made["ahead"], record["ahead"], strict=True)]
    return known(made, {**record, "ahead": ahead})
