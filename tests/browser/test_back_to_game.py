"""An unfinished game is never thrown away without a way back: a shared link, New game, the N key and an import
deal at once and offer "Back to your game (round 15)" until a round of the new game is played; Back brings the
game back exactly (round, board, log, settings), from IndexedDB's second key after a reload too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from gamepage import (
    ENGINE_READY,
    LOAD_TIMEOUT,
    Game,
    board,
    flip,
    new_game,
    open_game,
    record,
    text,
    wait_saved,
    wait_stored,
)

ROUND = 15
# Where the table is in the frame that first shows the offer, and in the first one at engine-ready; whether the
# engine was ready when the offer came. Measured as painted: the page's script can run before its stylesheet has
# come (a reload revalidates both), and a layout without it is never painted.
WATCH_OFFER = """
const table = () => document.getElementById('board').getBoundingClientRect().top;
const painted = (then) => requestAnimationFrame(() => then(table()));
new MutationObserver(() => {
  const notice = document.getElementById('back-notice');
  if (notice && !notice.hidden && !window.__offer) {
    const offer = window.__offer = { engine: document.documentElement.dataset.engine,
      disabled: document.getElementById('back-to-game').disabled };
    painted((top) => { offer.table = top; });
  }
  if (document.documentElement.dataset.engine === 'ready' && window.__tableAtReady === undefined) {
    window.__tableAtReady = null;
    painted((top) => { window.__tableAtReady = top; });
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['hidden', 'data-engine'] });
"""
MEASURED = "() => typeof window.__offer?.table === 'number' && typeof window.__tableAtReady === 'number'"


def log_lines(page: Page) -> list[str]:
    return page.locator("#log-list li").all_text_contents()


def play_to_round_15(page: Page, path: str) -> dict[str, Any]:
    """A 3-player game at round 15 with the animation off, saved; what the page and IndexedDB show of it."""
    open_game(page, path)
    page.click("#saving summary")
    page.click("#appearance summary")
    page.select_option("[data-testid=animation]", "none")
    new_game(page, 3, seed=4242)
    flip(page, ROUND)
    wait_saved(page, ROUND)
    return {"board": board(page), "log": log_lines(page), "game": record(page)["game"]}


def expect_back_at_round_15(page: Page, before: dict[str, Any]) -> None:
    """Back is offered, said with the round; pressed from the keyboard, it brings the game back exactly."""
    back = page.locator("[data-testid=back-to-game]")
    expect(back).to_be_visible()
    expect(page.locator("[data-testid=back-notice]")).to_contain_text("unfinished game is kept")
    assert record(page, "replaced")["game"] == before["game"]
    expect(back).to_have_text("Back to your game (round 15)")
    back.focus()
    page.keyboard.press("Enter")
    expect(back).to_be_hidden()
    page.wait_for_function("(n) => document.getElementById('board').dataset.savedRound === String(n)", arg=ROUND)
    assert board(page) == {**before["board"], "status": board(page)["status"]}
    assert log_lines(page) == before["log"]
    assert page.locator("[data-testid=players]").input_value() == "3"
    assert page.locator("[data-testid=animation]").input_value() == "none"
    assert record(page)["game"] == before["game"]
    assert record(page, "replaced") is None
    expect(page.locator("#status .full")).to_have_text("Back to your game, round 15.")


def test_a_shared_link_over_an_unfinished_game_offers_it_back_after_a_reload_too(page: Page, guard) -> None:
    before = play_to_round_15(page, "en/index.html")
    page.goto("en/index.html?players=4&seed=1")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-testid=back-to-game]")).to_be_visible()
    assert board(page)["players"] == 4 and record(page)["game"]["seed"] == 1
    assert "?" not in page.url
    page.reload()  # the link is not dealt again, and the way back is still there
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    assert board(page)["players"] == 4 and record(page)["game"]["seed"] == 1
    expect_back_at_round_15(page, before)
    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    assert "?" not in page.url
    assert board(page)["round"] == before["board"]["round"] and board(page)["players"] == 3
    expect(page.locator("[data-testid=back-to-game]")).to_be_hidden()


def test_new_game_over_an_unfinished_game_offers_it_back(page: Page, guard) -> None:
    before = play_to_round_15(page, "en/index.html")
    new_game(page, 2)
    assert board(page)["players"] == 2
    expect_back_at_round_15(page, before)


def test_the_n_key_offers_the_game_back_until_a_round_of_the_new_one_is_played(page: Page, guard) -> None:
    before = play_to_round_15(page, "en/index.html")
    page.evaluate("() => document.activeElement.blur()")  # the keys go to the page, not to Flip
    page.keyboard.press("n")
    page.wait_for_function("() => document.getElementById('board').dataset.round === '0'")
    dealt = page.locator("#board").get_attribute("data-game-id")
    page.keyboard.press("n")  # a second new game, with nothing played, keeps the way back to round 15
    page.wait_for_function("(id) => document.getElementById('board').dataset.gameId !== id", arg=dealt)
    expect(page.locator("[data-testid=back-to-game]")).to_have_text("Back to your game (round 15)")
    page.keyboard.press(" ")  # a round of the new game: it is kept, and the old one is forgotten
    page.wait_for_function("() => document.getElementById('board').dataset.round === '1'")
    expect(page.locator("[data-testid=back-to-game]")).to_be_hidden()
    page.wait_for_function("() => document.getElementById('board').dataset.savedRound === '1'")
    assert record(page, "replaced") is None
    # the new game, at round 1, is replaced in turn: now that one is offered back
    page.keyboard.press("n")
    expect(page.locator("[data-testid=back-to-game]")).to_have_text("Back to your game (round 1)")
    assert before["game"] != record(page, "replaced")["game"]


def test_the_install_shortcut_deals_a_new_game_with_focus_on_flip_and_offers_the_game_back(page: Page,
                                                                                            guard) -> None:
    before = play_to_round_15(page, "en/index.html")
    page.goto("about:blank")
    page.goto("en/index.html#new-game")  # manifest.webmanifest's "New game" shortcut
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-testid=back-to-game]")).to_have_text("Back to your game (round 15)")
    page.wait_for_function("() => document.getElementById('board').dataset.savedRound === '0'")
    assert record(page)["game"] != before["game"]
    expect(page.locator("[data-testid=flip]")).to_be_focused()
    expect(page.locator("[data-testid=flip]")).to_be_in_viewport(ratio=1)
    assert page.evaluate("() => location.hash") == ""
    dealt = record(page)["game"]
    page.reload()  # the shortcut is not taken again
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    assert record(page)["game"] == dealt
    expect_back_at_round_15(page, before)
    # taken again while the page is open: only the fragment changes
    page.evaluate("() => { location.hash = 'new-game'; }")
    expect(page.locator("[data-testid=back-to-game]")).to_have_text("Back to your game (round 15)")
    expect(page.locator("[data-testid=flip]")).to_be_focused()
    assert record(page, "replaced")["game"] == before["game"]


def test_an_import_over_an_unfinished_game_offers_it_back_in_the_pages_language(page: Page, guard,
                                                                               tmp_path: Path) -> None:
    before = play_to_round_15(page, "bn/index.html")
    exported = tmp_path / "game.json"
    exported.write_text(json.dumps(Game.new(2, seed=77).to_dict()))
    page.set_input_files("[data-testid=import]", str(exported))
    back = page.locator("[data-testid=back-to-game]")
    expect(back).to_be_visible()
    assert record(page)["game"]["seed"] == 77
    label = text(back)
    assert "১৫" in label and "15" not in label and "Back" not in label
    back.click()
    expect(back).to_be_hidden()
    page.wait_for_function("(n) => document.getElementById('board').dataset.savedRound === String(n)", arg=ROUND)
    assert board(page)["counts"] == before["board"]["counts"] and board(page)["cards"] == before["board"]["cards"]
    assert record(page)["game"] == before["game"]


def test_a_game_with_no_round_played_is_replaced_without_an_offer(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 2, seed=5)
    new_game(page, 3)
    expect(page.locator("[data-testid=back-to-game]")).to_be_hidden()
    assert record(page, "replaced") is None


def test_after_a_reload_the_offer_comes_with_the_stored_board_and_the_table_never_moves(page: Page,
                                                                                       guard) -> None:
    before = play_to_round_15(page, "en/index.html")
    page.goto("en/index.html?players=4&seed=1")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    page.context.add_init_script(WATCH_OFFER)
    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    page.wait_for_function(MEASURED)
    offer = page.evaluate("() => window.__offer")
    assert offer["engine"] == "loading" and offer["disabled"], offer  # before the engine, its button waiting
    assert page.evaluate("() => window.__tableAtReady") == offer["table"]
    expect_back_at_round_15(page, before)


def test_a_round_of_the_new_game_drawn_before_the_engine_is_ready_forgets_the_old_one(page: Page,
                                                                                     guard) -> None:
    play_to_round_15(page, "en/index.html")
    page.goto("en/index.html?players=4&seed=1")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    wait_saved(page, 0)
    # the engine never starts: the rounds known ahead (no service worker answers worker.js from its cache)
    held: list[str] = []
    page.context.route("**/js/worker.js", lambda route: held.append(route.request.url))
    page.goto("en/index.html")
    page.wait_for_function("() => document.documentElement.dataset.flip === 'ready'", timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-testid=back-to-game]")).to_be_disabled()
    page.click("[data-testid=flip]")
    expect(page.locator("[data-testid=back-notice]")).to_be_hidden()
    wait_stored(page, lambda replaced: replaced is None, "replaced")
    assert page.evaluate("() => document.documentElement.dataset.engine") == "loading", f"worker.js held: {held}"
