"""The page's settings, the one table: each one's name, kind, values and default, and whether it deals the next
game.

``facts.page()`` hands the table to the page, which reads, stores, puts back and wires its form by it
(``js/settings.js``, ``js/stored.js``, ``js/start.js``), and the build renders the form from it
(``templates/game.html``, whose words name each setting and value). A deal setting's name is its key in the
engine's save and in the request that deals (``new``), and its ``link`` its name in a shared link; the others
apply at once. A choice's first value is its default. A house rule (R13–R15) is a deal toggle named after its
field of ``HouseRules``, with ``house`` its name in the save's list of house rules, and ``excludes`` the house
rules it does not go with (R17), as the engine says. A game's board carries its deal by the table (``deal_of``).

>>> [(setting["name"], setting["values"], setting["default"]) for setting in table("fr")[:3]]
[('players', [2, 3, 4], 2), ('order', ['shuffled', 'played'], 'shuffled'), ('face_down', [1, 2, 3, 4, 5], 1)]
>>> [setting["name"] for setting in table("fr") if setting["deal"]], table("fr")[2]["link"]
(['players', 'order', 'face_down', 'peace', 'jokers', 'only_tied'], 'down')
>>> table("fr")[3]
{'name': 'peace', 'kind': 'toggle', 'values': [False, True], 'default': False, 'deal': True, 'link': 'peace', \
'house': 'peace', 'excludes': ['jokers']}
>>> house_rules({"peace": True, "only_tied": True, "jokers": False}), house_rules({})
(['peace', 'only-tied'], [])
>>> table("fr")[-1]["values"], table("sw")[-1]["values"]
(['international', 'fr'], ['international'])
>>> deal_of(Game.new(3, seed=12, face_down=2, house=["only-tied"]))
{'seed': 12, 'players': 3, 'order': 'shuffled', 'face_down': 2, 'peace': False, 'jokers': False, 'only_tied': True}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from krig import Game
from krig.cards import describe
from krig.rules import FACE_DOWN, HOUSE_RULES, PLAYERS, HouseRule, HouseRules, Order

from . import decks

PACE = {1: 1400, 2: 700, 3: 350, 4: 150, 5: 60}
"""The auto-play speed slider's steps, slowest first, each with the milliseconds between two rounds at that step
(of auto-play, and of a replay that plays on): each step about twice as fast as the one before."""
SPEEDS = (min(PACE), max(PACE))
"""The speed slider's slowest and fastest steps."""

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
    house: HouseRule | None = None
    """A house rule's toggle: the rule's name in the engine's save."""
    excludes: tuple[str, ...] = ()
    """The settings that cannot be on with this one."""

    def offered(self, lang: str) -> dict[str, Any]:
        """The setting as the page in `lang` offers it: the letters are the international ones and its own."""
        values = decks.offered_letters(lang) if self.name == "letters" else self.values
        shown = {"name": self.name, "kind": self.kind, "values": list(values), "default": self.default,
                 "deal": self.link is not None}
        shown |= {"link": self.link} if self.link else {}
        shown |= {"house": str(self.house)} if self.house else {}
        return shown | ({"excludes": list(self.excludes)} if self.excludes else {})


def _field(rule: HouseRule) -> str:
    """A house rule's setting: the field of ``HouseRules`` that holds it ("only_tied" for "only-tied")."""
    return rule.name.lower()


def _go_together(one: HouseRule, other: HouseRule) -> bool:
    """Whether the engine deals these two house rules together (R17)."""
    try:
        HouseRules.named([one, other])
    except ValueError:
        return False
    return True


def _house_rule(rule: HouseRule) -> Setting:
    """A house rule's toggle: off by default, in a link under its own name."""
    excludes = tuple(_field(other) for other in HOUSE_RULES if not _go_together(rule, other))
    return Setting(_field(rule), "toggle", (False, True), False, link=str(rule), house=rule, excludes=excludes)


SETTINGS = (
    Setting("players", "choice", PLAYERS, PLAYERS[0], link="players"),
    Setting("order", "choice", tuple(map(str, Order)), str(Order.SHUFFLED), link="order"),
    Setting("face_down", "choice", FACE_DOWN, FACE_DOWN[0], link="down"),
    *map(_house_rule, HOUSE_RULES),
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


def deal_of(game: Game) -> dict[str, Any]:
    """How `game` was dealt, as the page names it: its seed, and each deal setting by its name in the table (a
    house rule's toggle on or off)."""
    dealt = {"players": game.players, "order": str(game.return_order), "face_down": game.face_down}
    return {"seed": game.seed} | {
        setting.name: getattr(game.house, setting.name) if setting.house else dealt[setting.name]
        for setting in SETTINGS if setting.link}


def house_rules(request: dict[str, Any]) -> list[str]:
    """The names of the house rules that a request's deal (by the table's names, as the page's settings) turns on;
    ``ValueError`` for a toggle that is neither on nor off."""
    chosen = []
    for setting in SETTINGS:
        if setting.house is not None:
            value = request.get(setting.name, setting.default)
            if not isinstance(value, bool):
                raise ValueError(f"{setting.name} must be true or false, not {describe(value)}")
            chosen += [str(setting.house)] if value else []
    return chosen
