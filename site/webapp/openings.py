"""The openings of a first visit: deals of the default game with their first rounds, as the bridge answers them.

``build.py`` writes a pool of them, so that a first visit plays at once while Python loads: the page draws one
at random, and when the worker is ready it replays the rounds drawn and checks them (the bridge's ``restore``
with ``played``). The boards are the same in every language, only the sentences differ, so an opening is two
files: ``openings/<n>.json``, the record the bridge answers to ``new`` with its rounds ``ahead`` and without
their sentences, and ``openings/<n>.<lang>.json``, the sentences in that language::

    {"lang": "fr", "board": [status, announce, result_text],
     "ahead": [[status, announce, result_text, label, text, wars], ...]}

The win chances of the deal's round and of its first ``CHANCES_AHEAD`` rounds ahead are those the bridge works
out in the page's idle time (``chances`` with ``ahead``), the same in every language: the first file keeps each
of them as ``[*chances, draw, repetition]``, and ``"estimate": {done, repeats}`` once, for all of them.

>>> plain, said = split(opening(7, "fr", chances=False))
>>> plain["deal"], len(plain["record"]["ahead"]) == AHEAD, sorted(plain["record"]["ahead"][0]["line"])
({'players': 2, 'order': 'shuffled', 'face_down': 1}, True, ['entry'])
>>> said["lang"], said["ahead"][0][3]
('fr', 'Tour 1')
>>> join(plain, said) == opening(7, "fr", chances=False)
True
"""

from __future__ import annotations

import random
from typing import Any

from .ahead import AHEAD
from .bridge import answer
from .estimate import ROLLOUTS
from .session import Session

BOARD_SENTENCES = ("status", "announce", "result_text")
LINE_SENTENCES = ("label", "text", "wars")
DEAL = {"players": 2, "order": "shuffled", "face_down": 1}
CHANCES_AHEAD = 40
"""The rounds ahead whose win chances an opening carries. Most of the build's time is these estimates; a player
who draws more rounds than this before the engine is ready (on a slow phone) sees "…" for the chances of the rest
until the engine works them out."""
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


def estimate_all(session: Session, chunk: int = ROLLOUTS, rounds: int = CHANCES_AHEAD) -> None:
    """Work out the win chances of the round on screen and of the first `rounds` rounds ahead, as the page asks
    for them in its idle time (in chunks of `chunk` rollouts: the estimates are the same however they are
    chunked)."""
    while not answer(session, {"type": "chances", "rollouts": chunk})["done"] >= ROLLOUTS:
        pass
    while answer(session, {"type": "chances", "rollouts": chunk, "ahead": True})["ahead"] > AHEAD - rounds:
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


def split(record: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """An opening's record as its two files: what every language shares, and the sentences of its language."""
    def plain_board(board: dict[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in board.items() if key not in (*BOARD_SENTENCES, "lang")}

    def plain(step: dict[str, Any], rest: dict[str, Any]) -> dict[str, Any]:
        known = step.get("chances")
        return {**rest, "chances": [*known["chances"], known["draw"], known["repetition"]]} if known else rest

    ahead = record["ahead"]
    shared = plain(record, {**record, "board": plain_board(record["board"]),
                            "ahead": [plain(step, {"board": plain_board(step["board"]),
                                                   "line": {"entry": step["line"]["entry"]}}) for step in ahead]})
    said = {"lang": record["board"]["lang"],
            "board": [record["board"][key] for key in BOARD_SENTENCES],
            "ahead": [[step["board"][key] for key in BOARD_SENTENCES] + [step["line"][key] for key in LINE_SENTENCES]
                      for step in ahead]}
    made = [step["chances"] for step in (record, *ahead) if "chances" in step]
    estimate = {"estimate": {"done": made[0]["done"], "repeats": made[0]["repeats"]}} if made else {}
    return {"deal": DEAL, "record": shared, **estimate}, said


def join(shared: dict[str, Any], said: dict[str, Any]) -> dict[str, Any]:
    """An opening's record put together again from its two files, exactly as the bridge answered it (what the
    page's openings.js does)."""
    def board(plain: dict[str, Any], words: list[str]) -> dict[str, Any]:
        return {**plain, **dict(zip(BOARD_SENTENCES, words, strict=False)), "lang": said["lang"]}

    def known(step: dict[str, Any], rest: dict[str, Any]) -> dict[str, Any]:
        if "chances" not in step:
            return rest
        *chances, draw, repetition = step["chances"]
        return {**rest, "chances": {"chances": chances, "draw": draw, "repetition": repetition,
                                    **shared["estimate"], "round": rest["board"]["round"]}}

    def line(step: dict[str, Any], words: list[str]) -> dict[str, Any]:
        return {"entry": step["line"]["entry"], **dict(zip(LINE_SENTENCES, words[3:], strict=True))}

    record = shared["record"]
    ahead = [known(step, {"board": board(step["board"], words), "line": line(step, words)})
             for step, words in zip(record["ahead"], said["ahead"], strict=True)]
    return known(record, {**record, "board": board(record["board"], said["board"]), "ahead": ahead})
