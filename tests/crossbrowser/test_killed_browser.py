"""A killed Firefox ESR resumes its game: the whole browser is killed (SIGKILL to its process group) in the middle
of auto-play at the fastest speed, ten times in a row on one profile, and each next start restores a valid game
with no damaged notice, at most one round behind the last round drawn. Chromium's twin is in tests/browser; WebKitGTK
keeps its storage in memory for the session here, so a killed one has no saved game to come back to.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from browsers.drivers import Firefox, engine_counts, skip_unless_installed
from browsers.killing import KILLS, PLAYED_TO, PLAYERS, SEED, rounds_before_kill

from serving import Site

# The speed slider moved to its fastest end, as a player drags it (the relay has no keyboard of its own)
FASTEST = """() => { const speed = document.querySelector('[data-testid=speed]');
  speed.value = speed.max;
  for (const type of ['input', 'change']) speed.dispatchEvent(new Event(type, {bubbles: true}));
  return speed.value; }"""


def test_a_killed_firefox_resumes_its_game_at_most_one_round_behind(dist: Path, tmp_path: Path) -> None:
    skip_unless_installed("firefox")
    counts_after = partial(engine_counts, PLAYERS, SEED)
    site = Site(dist)
    profile = tmp_path / "profile"
    profile.mkdir()
    browser = Firefox(profile)
    errors: list[str] = []
    try:
        tab = browser.tab(site.url)
        tab.first_two_visits()  # a returning visitor's: the pages from the service worker, the engine's snapshot
        tab.deal(PLAYERS, SEED)
        for kill in range(KILLS):
            assert tab.evaluate(FASTEST) == "5"
            start = tab.round()
            tab.click("[data-testid=autoplay]")
            tab.wait(PLAYED_TO, start + rounds_before_kill(kill))
            errors += tab.errors()
            drawn = tab.round()  # the last round on screen before the kill
            browser.kill()

            browser = Firefox(profile)
            tab = browser.tab(site.url)
            tab.open("en/index.html")
            assert not tab.shown("save-damaged"), f"kill {kill + 1}: the saved game was damaged"
            restored = tab.round()
            assert restored >= drawn - 1, f"kill {kill + 1}: round {drawn} was drawn, round {restored} came back"
            assert tab.counts() == counts_after(restored), f"kill {kill + 1}: not the game played"
            tab.flip()  # it plays on
            assert tab.counts() == counts_after(restored + 1)
        errors += tab.errors()
    finally:
        browser.quit()
        site.stop()
    assert errors == [], f"firefox saw errors: {errors}"
