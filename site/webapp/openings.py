"""The openings of a first visit: deals of the default game with their first rounds, as the bridge answers them.

``build.py`` writes a pool of them, so that a first visit plays at once while Python loads: the page draws one
at random, and when the worker is ready it replays the rounds drawn and checks them (the bridge's ``restore``
with ``played``). The boards are the same in every language, only the sentences differ, so an opening is two
files: ``openings/<n>.json``, the record the bridge answers to ``new`` with its rounds ``ahead`` and without
their sentences, and ``openings/<n>.<lang>.json``, the sentences in that language::

    {"lang": "fr", "board": [status, announce, result_text],
     "ahead": [[status, announce, result_text, label, text, wars], ...]}

>>> plain, said = split(opening(7, "fr"))
>>> plain["deal"], len(plain["record"]["ahead"]), sorted(plain["record"]["ahead"][0]["line"])
({'players': 2, 'order': 'shuffled', 'face_down': 1}, 40, ['entry'])
>>> said["lang"], said["ahead"][0][3]
('fr', 'Tour 1')
"""

from __future__ import annotations

import random
from typing import Any

from .bridge import AHEAD, Session

BOARD_SENTENCES = ("status", "announce", "result_text")
LINE_SENTENCES = ("label", "text", "wars")
DEAL = {"players": 2, "order": "shuffled", "face_down": 1}
"""The default game, the only one the openings cover: any other waits for the engine."""


def opening(seed: int, lang: str) -> dict[str, Any]:
    """The record the bridge answers for a new default game of `seed` in `lang`, as the page would get it."""
    session = Session()
    assert session.handle({"type": "init", "lang": lang})["ok"]
    answer = session.handle({"type": "new", "seed": seed, "settings": {}, **DEAL})
    # no time of the build, and no id: every visitor's game gets its own when the worker takes it over
    return {key: value for key, value in answer["record"].items() if key != "id"} | {"savedAt": 0}


def seeds(count: int, rounds: int = AHEAD) -> list[int]:
    """`count` seeds whose default games last longer than `rounds` rounds, always the same ones."""
    pick = random.Random("krig openings")
    found: list[int] = []
    while len(found) < count:
        seed = pick.randrange(2**53)
        if len(opening(seed, "en").get("ahead", [])) >= rounds:
            found.append(seed)
    return found


def split(record: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """An opening's record as its two files: what every language shares, and the sentences of its language."""
    def plain_board(board: dict[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in board.items() if key not in (*BOARD_SENTENCES, "lang")}

    ahead = record["ahead"]
    shared = {**record, "board": plain_board(record["board"]),
              "ahead": [{"board": plain_board(step["board"]), "line": {"entry": step["line"]["entry"]}}
                        for step in ahead]}
    said = {"lang": record["board"]["lang"],
            "board": [record["board"][key] for key in BOARD_SENTENCES],
            "ahead": [[step["board"][key] for key in BOARD_SENTENCES] + [step["line"][key] for key in LINE_SENTENCES]
                      for step in ahead]}
    return {"deal": DEAL, "record": shared}, said
