"""The variants the site offers: every number of face-down cards (R7) in either return order (R9), but one.

Two face-down cards in played order are left out: some of those games, of two players or of more that come down
to two, go round for millions of rounds before R12 ends them, which would freeze the worker on "Finish", on every
reload of such a game and in the win-chance rollouts (docs/site.md has the figures). The engine plays it; the site
neither deals it, nor loads it, nor simulates it, and the page greys the pair out in its form with a sentence why.

>>> offered("played", 3), offered("shuffled", 2), offered("played", 2)
(True, True, False)
>>> check_offered("played", 2)
Traceback (most recent call last):
...
krig.webapp.variants.UnofferedError: 2 cards face down in played order are not offered here
"""

from __future__ import annotations

from krig import Order

UNOFFERED = frozenset({(Order.PLAYED, 2)})
"""The pairs of (return order, face-down cards) the site does not offer."""


class UnofferedError(ValueError):
    """A game or a simulation in a variant the site does not offer; the bridge answers with code "unoffered"."""


def offered(order: object, face_down: object) -> bool:
    """Whether the site offers games in this return order with this many cards face down."""
    return (order, face_down) not in UNOFFERED


def check_offered(order: object, face_down: object) -> None:
    """``UnofferedError`` for a variant the site does not offer."""
    if not offered(order, face_down):
        raise UnofferedError(f"{face_down} cards face down in {order} order are not offered here")
