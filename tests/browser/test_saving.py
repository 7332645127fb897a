"""Keeping the game on the device: resume after a reload, across languages, and forgetting it on request."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from krig.webapp import records

from gamepage import (
    ENGINE_READY,
    LOAD_TIMEOUT,
    Game,
    board,
    expected_cards,
    flip,
    new_game,
    open_game,
    record,
    text,
    wait_saved,
    wait_still,
)

BENGALI_DIGITS = str.maketrans("0123456789", "০১২৩৪৫৬৭৮৯")


def check_round(page: Page, expected: Game, played: dict) -> None:
    shown = board(page)
    assert shown["counts"] == [len(hand) for hand in expected.hands]
    for seat in range(expected.players):
        assert shown["cards"][seat] == expected_cards(played, seat)


def test_reload_resumes_the_same_game_and_it_continues_identically(page: Page, guard) -> None:
    seed = 20240
    expected = Game.new(3, seed=seed, return_order="played")
    open_game(page)
    new_game(page, 3, seed, order="played")
    for _ in range(6):
        played = expected.play_round().to_dict()
        flip(page)
        check_round(page, expected, played)
    wait_saved(page, 6)
    before = board(page)
    saved = record(page)
    assert saved["version"] == records.VERSION
    assert saved["game"] == {**saved["game"], "players": 3, "order": "played", "seed": seed, "rounds": 6}
    assert saved["settings"]["players"] == 3 and saved["settings"]["order"] == "played"
    assert saved["board"]["counts"] == before["counts"]
    assert isinstance(saved["savedAt"], (int, float))

    page.reload()
    # the saved board is drawn from IndexedDB before Python is ready
    page.wait_for_function("() => performance.getEntriesByName('board-restored').length === 1")
    restored = board(page)
    assert restored["counts"] == before["counts"]
    assert restored["cards"] == before["cards"]
    assert restored["round"] == before["round"]
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    assert board(page)["counts"] == before["counts"]
    assert page.locator("input[name=order][value=played]").is_checked()

    for _ in range(6):
        played = expected.play_round().to_dict()
        flip(page)
        check_round(page, expected, played)


def test_switching_language_keeps_the_game_and_shows_bengali_digits(page: Page, guard) -> None:
    open_game(page, "fr/index.html")
    new_game(page, 4)
    flip(page, 4)
    wait_saved(page, 4)
    before = board(page)

    page.click("[data-testid=language-switcher] summary")
    page.click("[data-testid=language-switcher] a[data-lang=bn]")
    page.wait_for_url("**/bn/index.html")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    after = board(page)
    assert after["counts"] == before["counts"]
    assert after["cards"] == before["cards"]
    assert after["round"] == "৪"
    assert after["shown"] == [str(n).translate(BENGALI_DIGITS) for n in before["counts"]]
    assert page.get_attribute("[data-testid=seat-0]", "data-count") == str(before["counts"][0])

    flip(page)
    assert board(page)["round"] == "৫"
    status = text(page.locator("[data-testid=status] .short"))
    assert any("\u0980" <= ch <= "\u09ff" for ch in status), status  # the worker narrates in Bengali


def test_turning_saving_off_deletes_the_record_and_stops_saving(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 2, 99)
    flip(page, 2)
    wait_saved(page, 2)
    assert record(page)["game"]["rounds"] == 2

    page.click("#saving summary")
    keep = page.locator("[data-testid=keep]")
    expect(keep).to_be_checked()
    keep.uncheck()
    page.wait_for_function("() => document.getElementById('board').dataset.savedRound === undefined")
    assert record(page) is None
    assert record(page, "preferences") == {"keep": False}

    flip(page, 3)
    assert record(page) is None

    # the choice is remembered: after a reload nothing is restored or saved
    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-testid=keep]")).not_to_be_checked()
    assert board(page)["round"] == "0"
    flip(page)
    assert record(page) is None

    # turning it back on saves at once
    page.click("#saving summary")
    page.locator("[data-testid=keep]").check()
    wait_saved(page, 1)
    assert record(page)["game"]["rounds"] == 1
    assert record(page, "preferences") is None


def test_delete_saved_game(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 2)
    flip(page, 3)
    wait_saved(page, 3)
    assert record(page) is not None
    page.click("#saving summary")
    page.click("[data-testid=delete-save]")
    page.wait_for_function("() => document.getElementById('board').dataset.savedRound === undefined")
    assert record(page) is None
    expect(page.locator("[data-testid=status]")).to_contain_text("deleted")
    # the game on screen goes on (and, with saving on, is saved again after the next round)
    flip(page)
    wait_saved(page, 4)


def test_a_confirmation_given_while_a_round_is_in_motion_stays_once_the_round_lands(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 2)
    flip(page, 2)
    wait_saved(page, 2)
    wait_still(page)  # the last motion's timer is a real one, which the clock installed next cannot clear
    page.clock.install()
    # in seconds (a number is Unix time to Playwright's Python): from here the next motion ends when the test says
    page.clock.pause_at(page.evaluate("() => Date.now()") / 1000 + 1)
    page.click("#saving summary")
    page.click("[data-testid=flip]")
    wait_saved(page, 3)
    assert page.locator("#board").get_attribute("data-motion") == "on"  # held by the paused clock
    page.click("[data-testid=delete-save]")
    page.wait_for_function("() => document.getElementById('board').dataset.savedRound === undefined")
    page.clock.run_for(10_000)
    page.wait_for_function("() => document.getElementById('board').dataset.motion === undefined")
    expect(page.locator("[data-testid=status]")).to_contain_text("deleted")


DEAL_AND_READ_MARK = """() => new Promise((dealt) => {
  const board = document.getElementById('board');
  const before = board.dataset.gameId;
  new MutationObserver((changes, observer) => {
    if (board.dataset.gameId === before) return;
    observer.disconnect();
    dealt(board.dataset.savedRound ?? null);
  }).observe(board, {attributes: true, attributeFilter: ['data-game-id']});
  document.querySelector('[data-testid=new-game]').click();
})"""


def test_a_new_deal_is_not_marked_saved_until_its_own_record_is_stored(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 2, 5)
    wait_saved(page, 0)
    page.fill("[data-testid=seed-input]", "7")
    # the record stored is still the game before's when the new one is on screen
    assert page.evaluate(DEAL_AND_READ_MARK) is None, "the round marked saved was the game before's"
    wait_saved(page, 0)
    assert record(page)["board"]["deal"]["seed"] == 7


def test_a_damaged_save_is_reported_and_kept_until_a_new_game(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 2, 5)
    flip(page, 2)
    wait_saved(page, 2)
    damaged = page.evaluate("""() => new Promise((resolve, reject) => {
      const open = indexedDB.open('krig');
      open.onsuccess = () => {
        const store = open.result.transaction('saves', 'readwrite').objectStore('saves');
        const get = store.get('current');
        get.onsuccess = () => {
          const value = get.result;
          value.game.hands[0] = value.game.hands[0].slice(1);  // a card disappears
          const put = store.put(value, 'current');
          put.onsuccess = () => resolve(value);
          put.onerror = () => reject(put.error);
        };
      };
    })""")
    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-testid=save-damaged]")).to_be_visible()
    expect(page.locator("#save-damaged-reason")).not_to_be_empty()
    expect(page.locator("[data-testid=flip]")).to_be_disabled()
    assert record(page) == damaged  # the damaged save is left as it was

    page.click("[data-testid=damaged-new]")
    expect(page.locator("[data-testid=save-damaged]")).to_be_hidden()
    wait_saved(page, 0)
    flip(page)
    wait_saved(page, 1)  # the round on screen, then its write
    assert record(page)["game"]["rounds"] == 1

