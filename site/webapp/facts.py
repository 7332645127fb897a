"""What the page must know before Python is ready, taken from the Python that owns each fact.

``build.py`` writes ``page()`` into every page as the JSON block ``#krig-facts``, and the page reads it in one
module (``js/facts.js``). The page never keeps a fact of its own that Python also has.

>>> facts = page("fr")
>>> len(facts["cards"]), facts["cards"][:2], facts["log_limit"], facts["history_version"], facts["unoffered"]
(54, ['2C', '2D'], 200, 4, [['played', 2], ['played', 4]])
>>> facts["history_limit"], facts["replays_kept"]
(1000, 50)
>>> facts["decks"]["letters"]["fr"], facts["decks"]["deck"]
(['J', 'K', 'Q'], {'four-colour': ['C', 'D']})
>>> facts["estimate_rollouts"], facts["import_limit"]
(500, 524288)
>>> facts["sentences"]
['announce', 'result_text', 'status']
>>> facts["empty_board"]
{'players': 2, 'counts': [26, 26], 'cards': [None, None], 'round': 0, 'over': False}
>>> facts["requests"][:3], [setting["name"] for setting in facts["settings"]][:3]
(['chances', 'finish', 'flip'], ['players', 'order', 'face_down'])
>>> facts["pace"]
{'1': 1400, '2': 700, '3': 350, '4': 150, '5': 60}
>>> facts["errors"][:3], facts["fatal"], facts["refusals"][-2:]
(['request', 'damaged', 'internal'], ['load', 'timeout', 'unsupported'], ['too-big', 'unoffered'])
"""

from __future__ import annotations

from typing import Any

from krig.cards import CODES, NAMES, share

from . import decks, drawn, estimate, history, records, settings, variants
from .failures import FATAL, REFUSALS, Failure
from .session import HANDLERS


def page(lang: str) -> dict[str, Any]:
    """The facts for the page in `lang`: the settings it offers (``settings.table``) and the time between two
    rounds at each step of its speed slider (``settings.PACE``), card codes (its pictures,
    the jokers' too), how many log entries are kept, the version of a finished game's entry (an older one goes to the
    bridge to be brought up to date), how many finished games are kept and how many of them keep their game (the
    page adds a finished game to them), the pairs of order and face-down cards that the site does not offer, what
    each deck changes (where its pictures are), which fields of a board are sentences (a board stored in
    another language is drawn without them), the board of a page without a game (the table as the page
    first draws it, dealt for the default players, and again after a replay watched over no game), the rollouts
    of a whole estimate of the win chances, the largest file the page hands the bridge to import (its limit on a
    request), the request types the bridge answers (the page sends no other), the kinds of error it is told
    of, those after which the engine cannot go on among them, and the codes of the refusals it says in its own
    words."""
    return {
        "settings": settings.table(lang),
        "pace": {str(step): time for step, time in settings.PACE.items()},
        "cards": list(NAMES),
        "log_limit": records.MAX_LOG,
        "history_version": history.HISTORY_VERSION,
        "history_limit": history.HISTORY_LIMIT,
        "replays_kept": history.REPLAYS_KEPT,
        "unoffered": sorted([str(order), face_down] for order, face_down in variants.UNOFFERED),
        "decks": decks.changes(),
        "sentences": sorted(drawn.SENTENCES),
        "empty_board": empty_board(),
        "estimate_rollouts": estimate.ROLLOUTS,
        "import_limit": records.MAX_REQUEST_CHARS,
        "requests": sorted(HANDLERS),
        "errors": [str(kind) for kind in Failure],
        "fatal": sorted(map(str, FATAL)),
        "refusals": list(REFUSALS),
    }


def empty_board() -> dict[str, Any]:
    """The board of a page without a game: the default players as dealt, nobody has flipped yet."""
    players = settings.DEAL["players"]
    return {"players": players, "counts": [share(len(CODES), players)] * players, "cards": [None] * players,
            "round": 0, "over": False}
