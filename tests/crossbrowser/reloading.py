"""Reloads at instants spread over the first 50 ms after a flip, and what each must keep: shared by the Chromium test
(tests/browser) and the Firefox ESR one. The game is killing.py's deal, which lasts over 2,000 rounds."""

from __future__ import annotations

import random
from collections.abc import Iterator

TRIALS = 50
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
# The round noted at the reload, once the page after it is ready and its record stored (null before): a write still
# on its way would hold the next flip's drawing back until it lands, past the instant of its reload.
DRAWN = """() => !window.__left && document.documentElement.dataset.engine === 'ready'
  && document.getElementById('board').dataset.savedRound === document.getElementById('board').dataset.round ?
  sessionStorage.getItem('drawn') : null"""
FORGET = "() => sessionStorage.removeItem('drawn')"


def instants() -> Iterator[float]:
    """The TRIALS instants, in ms after a flip, always the same ones: one drawn in each of TRIALS equal slices of
    0–LATEST_MS, so that no stretch of the window wider than two slices (2 ms) goes untried, as 100 instants drawn
    at random over the whole window left by chance, in a shuffled order."""
    draw = random.Random(SEED)
    slice_ms = LATEST_MS / TRIALS
    chosen = [(number + draw.random()) * slice_ms for number in range(TRIALS)]
    draw.shuffle(chosen)
    return iter(chosen)


def lost_rounds(lost: list[tuple[int, float, int]]) -> str:
    return f"rounds lost in {len(lost)} of {TRIALS} reloads (trial, ms after the flip, rounds): {lost}"
