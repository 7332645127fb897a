"""Reloads at random instants after a flip, and what each must keep: shared by the Chromium test (tests/browser)
and the Firefox ESR one. The game is killing.py's deal, which lasts over 2,000 rounds."""

from __future__ import annotations

import random
from collections.abc import Iterator

TRIALS = 100
SEED = 28  # of the instants
LATEST_MS = 50

# A flip, then a reload `delay` ms later, noting in sessionStorage the round on screen at that instant (the page
# left is marked: it runs on until the next one replaces it).
FLIP_THEN_RELOAD = """(delay) => {
  window.__left = true;
  document.querySelector('[data-testid=flip]').click();
  setTimeout(() => {
    sessionStorage.setItem('drawn', document.getElementById('board').dataset.round);
    location.reload();
  }, delay);
}"""
# The round noted at the reload, once the page after it is ready (null before)
DRAWN = """() => !window.__left && document.documentElement.dataset.engine === 'ready' ?
  sessionStorage.getItem('drawn') : null"""
FORGET = "() => sessionStorage.removeItem('drawn')"


def instants() -> Iterator[float]:
    """The TRIALS instants, in ms after a flip, always the same ones."""
    draw = random.Random(SEED)
    return (draw.uniform(0, LATEST_MS) for _ in range(TRIALS))


def lost_rounds(lost: list[tuple[int, float, int]]) -> str:
    return f"rounds lost in {len(lost)} of {TRIALS} reloads (trial, ms after the flip, rounds): {lost}"
