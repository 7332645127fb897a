"""A damaged or tampered save in IndexedDB: a clear notice, nothing run from it, nothing overwritten.

Each record is written straight into IndexedDB before the game page loads. The page must say "Your saved game
could not be read" and why in its own words for the kind of refusal, keep the engine's English detail for the
console, keep the record exactly as it was, offer it as a download, and never run markup from it.
"""

from __future__ import annotations

import copy

import pytest
from playwright.sync_api import Page, expect

from krig import Game
from krig.webapp import records, settings

from faults import downloaded, fixture, store_record
from gamepage import ENGINE_READY, LOAD_TIMEOUT, board, flip, open_game, record, text, wait_saved

MARKUP = '<img src=x onerror="window.__pwned = 1">'
FIVE_MB = 5 * 1024 * 1024


def edited(change) -> dict:
    saved = copy.deepcopy(fixture(1))
    change(saved)
    return saved


DAMAGED_SENTENCE = "It is damaged, or it was changed outside Krig, so its game cannot be played on."
NEWER_SENTENCE = "It was saved by a newer version of Krig."
# A stored record, the page's sentence for its kind of refusal, and the engine's detail, for the console only
DAMAGED = {
    "broken-json-text": ('{"version": 1, "game": {"players": 2, "hands": [["AS"', DAMAGED_SENTENCE,
                         "a save must be a JSON object"),
    "wrong-types": (edited(lambda r: r["game"].update(players="two", rounds="5")), DAMAGED_SENTENCE,
                    "players must be 2, 3 or 4"),
    "duplicated-card": (edited(lambda r: r["game"]["hands"][0].__setitem__(0, r["game"]["hands"][1][0])),
                        DAMAGED_SENTENCE, "duplicated"),
    "invented-card": (edited(lambda r: r["game"]["hands"][0].append("11H")), DAMAGED_SENTENCE, "card code"),
    "future-version": (edited(lambda r: r.update(version=records.VERSION + 1)), NEWER_SENTENCE,
                       f"record version {records.VERSION + 1}"),
    "no-game": (edited(lambda r: r.pop("game")), DAMAGED_SENTENCE, "holds no game"),
}


def console_warnings(page: Page) -> list[str]:
    """The console warnings `page` logs from now on (the page keeps the engine's English detail there)."""
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    return warnings


def check_damaged(page: Page, stored: object, sentence: str, detail: str | None = None,
                  warnings: list[str] | None = None) -> None:
    """The notice with the page's own sentence, no game to play, and the record exactly as it was stored; the
    engine's `detail` only in the console's `warnings`, never on the page."""
    expect(page.locator("[data-testid=save-damaged]")).to_be_visible()
    expect(page.locator("[data-testid=save-damaged]")).to_contain_text("Your saved game could not be read.")
    expect(page.locator("#save-damaged-reason")).to_contain_text(sentence)
    if detail is not None:
        assert detail not in text(page.locator("[data-testid=save-damaged]"))
        assert any(detail in warning for warning in warnings or []), warnings
    expect(page.locator("[data-testid=flip]")).to_be_disabled()
    page.keyboard.press("Space")  # the keyboard cannot flip either
    assert record(page) == stored


@pytest.mark.parametrize("case", DAMAGED)
def test_a_damaged_save_is_reported_in_the_pages_words_kept_and_exported(page: Page, guard, case: str) -> None:
    stored, sentence, detail = DAMAGED[case]
    store_record(page, stored)
    warnings = console_warnings(page)
    open_game(page)
    check_damaged(page, stored, sentence, detail, warnings)
    assert downloaded(page, "[data-testid=damaged-export]") == stored  # the damaged record, as it was
    assert record(page) == stored


def test_a_5_mb_save_is_refused_at_once_and_kept(page: Page, guard) -> None:
    store_record(page, fixture(1), junk=FIVE_MB)
    stored = record(page)
    open_game(page)
    check_damaged(page, stored, "far too large to be a saved Krig game")
    assert len(downloaded(page, "[data-testid=damaged-export]")["junk"]) == FIVE_MB


def test_markup_in_a_save_is_shown_as_text_and_never_run(page: Page, guard) -> None:
    # the board says its deal, as the bridge's boards do, so that the page draws it before Python is ready
    deal = settings.deal_of(Game.from_dict(fixture(1)["game"]))
    stored = edited(lambda r: (r["game"].update(order=MARKUP), r["board"].update(status=MARKUP, deal=deal)))
    store_record(page, stored)
    page.goto("en/index.html")
    # the board is drawn from the record before Python is ready: its status line is text
    page.wait_for_function("() => performance.getEntriesByName('board-restored').length === 1")
    assert page.locator("[data-testid=status] .short").text_content() == MARKUP
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    check_damaged(page, stored, DAMAGED_SENTENCE)
    assert page.locator("img[src=x]").count() == 0
    assert page.evaluate("() => window.__pwned") is None


def test_starting_a_new_game_is_the_only_thing_that_replaces_a_damaged_save(page: Page, guard) -> None:
    stored = DAMAGED["duplicated-card"][0]
    store_record(page, stored)
    open_game(page)
    check_damaged(page, stored, DAMAGED_SENTENCE)
    page.reload()  # reloading changes nothing
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    check_damaged(page, stored, DAMAGED_SENTENCE)
    page.click("[data-testid=damaged-new]")
    expect(page.locator("[data-testid=save-damaged]")).to_be_hidden()
    flip(page)
    wait_saved(page, 1)
    assert record(page)["game"]["rounds"] == 1


@pytest.mark.parametrize("version", range(1, records.VERSION + 1))
def test_a_save_from_every_site_version_loads_and_plays_on(page: Page, guard, version: int) -> None:
    saved = fixture(version)
    store_record(page, saved)
    open_game(page)
    expect(page.locator("[data-testid=save-damaged]")).to_be_hidden()
    assert board(page)["counts"] == [len(hand) for hand in saved["game"]["hands"]]
    rounds = saved["game"]["rounds"]
    assert board(page)["round"] == str(rounds)
    flip(page)
    wait_saved(page, rounds + 1)
    updated = record(page)
    assert updated["version"] == records.VERSION and isinstance(updated["log"], list)
    assert updated["game"]["rounds"] == rounds + 1
