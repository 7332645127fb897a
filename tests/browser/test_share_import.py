"""Sharing a deal as a link, and exporting/importing a game as a file (damaged files are refused)."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect

from gamepage import ENGINE_READY, LOAD_TIMEOUT, Game, board, flip, new_game, open_game, record, wait_saved


def test_a_shared_link_deals_the_same_game(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 3, 4321, order="played")
    page.click("[data-testid=share]")
    link = page.locator("#share-url").input_value()
    assert "players=3" in link and "seed=4321" in link and "order=played" in link

    page.goto(link.replace("/en/", "/id/"))
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    assert "seed=" not in page.url  # the link is used once, a reload does not deal again
    expected = Game.new(3, seed=4321, return_order="played")
    played = [expected.play_round() for _ in range(2)]
    flip(page, 2)
    assert board(page)["counts"] == [len(hand) for hand in expected.hands]
    assert played[-1].number == 2


def test_a_bad_link_says_what_is_wrong_and_keeps_the_game(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 2, 3)
    flip(page)
    wait_saved(page, 1)
    page.goto("en/index.html?players=9&seed=1")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-testid=bad-link]")).to_be_visible()
    expect(page.locator("#bad-link-text")).to_contain_text("2, 3 or 4")
    assert board(page)["round"] == "1"  # the saved game is still there


def test_export_then_import_restores_the_game(page: Page, guard, tmp_path: Path) -> None:
    open_game(page)
    new_game(page, 4, 77)
    flip(page, 4)
    wait_saved(page, 4)
    before = board(page)
    page.click("#saving summary")
    with page.expect_download() as info:
        page.click("[data-testid=export]")
    file = tmp_path / "game.json"
    info.value.save_as(file)
    assert json.loads(file.read_text()) == record(page)["game"]

    new_game(page, 2)
    page.set_input_files("[data-testid=import]", str(file))
    page.wait_for_function("() => document.getElementById('board').dataset.round === '4'")
    assert board(page)["counts"] == before["counts"]
    wait_saved(page, 4)

    bad = json.loads(file.read_text())
    bad["hands"][0] = bad["hands"][1]  # duplicated cards
    file.write_text(json.dumps(bad))
    page.set_input_files("[data-testid=import]", str(file))
    expect(page.locator("[data-testid=import-failed]")).to_be_visible()
    assert board(page)["counts"] == before["counts"]  # the current game is unchanged
    file.write_text("not json at all")
    page.set_input_files("[data-testid=import]", str(file))
    expect(page.locator("#import-failed-reason")).to_have_text("The file is not a saved Krig game.")
