"""The page's settings, the one table: each one's name, kind, values and default, and whether it deals the next
game.

``facts.page()`` hands the table to the page, which reads, stores, puts back and wires its form by it
(``js/settings.js``, ``js/stored.js``, ``js/start.js``), and the build renders the form from it
(``templates/game.html``, whose words name each setting and value). A deal setting's name is its key in the
engine's save and in the request that deals (``new``), and its ``link`` its name in a shared link; the others
apply at once. A choice's first value is its default.

>>> [(setting["name"], setting["values"], setting["default"]) for setting in table("fr")[:3]]
[('players', [2, 3, 4], 2), ('order', ['shuffled', 'played'], 'shuffled'), ('face_down', [1, 2, 3], 1)]
>>> [setting["name"] for setting in table("fr") if setting["deal"]], table("fr")[2]["link"], table("fr")[3]["kind"]
(['players', 'order', 'face_down'], 'down', 'range')
>>> table("fr")[-1]["values"], table("sw")[-1]["values"]
(['international', 'fr'], ['international'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from krig.rules import FACE_DOWN, PLAYERS, Order

from . import decks

SPEEDS = (1, 5)
"""The auto-play speed slider's slowest and fastest steps (js/pace.js times each one)."""

FACE_DOWN_OFFERED = FACE_DOWN[:3]
"""The numbers of face-down cards the form offers: one to three. Four and five (R16) are the engine's already, and
come to the form with the other house rules, whose words (the link's refusal, the played order's exceptions)
they need."""

ANIMATIONS = ("normal", "fast", "none")
"""How the cards move: the CSS's own speed, faster, or not at all."""


@dataclass(frozen=True)
class Setting:
    """One setting: a ``choice`` among ``values``, a ``range`` from ``values[0]`` to ``values[1]``, or a ``toggle``
    (off or on)."""

    name: str
    kind: str
    values: tuple[Any, ...]
    default: Any
    link: str | None = None
    """A deal setting's name in a shared link; None for a setting that applies at once."""

    def offered(self, lang: str) -> dict[str, Any]:
        """The setting as the page in `lang` offers it: the letters are the international ones and its own."""
        values = decks.offered_letters(lang) if self.name == "letters" else self.values
        shown = {"name": self.name, "kind": self.kind, "values": list(values), "default": self.default,
                 "deal": self.link is not None}
        return shown | ({"link": self.link} if self.link else {})


SETTINGS = (
    Setting("players", "choice", PLAYERS, PLAYERS[0], link="players"),
    Setting("order", "choice", tuple(map(str, Order)), str(Order.SHUFFLED), link="order"),
    Setting("face_down", "choice", FACE_DOWN_OFFERED, FACE_DOWN_OFFERED[0], link="down"),
    Setting("speed", "range", SPEEDS, 3),
    Setting("animation", "choice", ANIMATIONS, ANIMATIONS[0]),
    Setting("sound", "toggle", (False, True), True),
    Setting("stop_war", "toggle", (False, True), False),
    Setting("deck", "choice", tuple(decks.COLOURS), "standard"),
    Setting("letters", "choice", tuple(decks.LETTERS), "international"),
)
"""Every setting, in the order the page lists them."""

DEAL = {setting.name: setting.default for setting in SETTINGS if setting.link}
"""The default deal: the deal settings at their defaults."""


def table(lang: str) -> list[dict[str, Any]]:
    """The settings as the page in `lang` offers them, plain data: {name, kind, values, default, deal, link?}."""
    return [setting.offered(lang) for setting in SETTINGS]
