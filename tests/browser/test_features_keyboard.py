"""Keyboard shortcuts (letters from the page's language, A and N always) and the live region's one sentence
per round."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from krig.webapp.narrate import Narrator

from gamepage import Game, new_game, open_game, text, wait_saved, wait_still

ROUND = "() => document.getElementById('board').dataset.round"
GAME = "() => document.getElementById('board').dataset.gameId"
# Playwright's keyboard knows the US layout only; a Cyrillic or Bengali letter arrives as the browser would
# deliver it from that language's layout: a keydown whose `key` is the letter, on the focused element.
TYPE_LETTER = """(key) => (document.activeElement || document.body).dispatchEvent(
  new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true}))"""


def press(page: Page, key: str) -> None:
    if key.isascii():
        page.keyboard.press(key)
    else:
        page.evaluate(TYPE_LETTER, key)


def test_shortcuts_flip_autoplay_and_deal(page: Page, guard) -> None:
    open_game(page, "ru/index.html")
    new_game(page, 2, 9)
    letters = page.evaluate("() => { const s = JSON.parse(document.getElementById('krig-strings').textContent);"
                            " return [s.key_autoplay, s.key_new]; }")
    shortcuts = text(page.locator("[data-testid=shortcuts]"))
    assert all(letter in shortcuts for letter in letters)  # the page documents its own letters
    page.locator("main").focus()
    page.keyboard.press("Space")
    page.wait_for_function(f"() => ({ROUND})() === '1'")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => ({ROUND})() === '2'")
    autoplay = page.locator("[data-testid=autoplay]")
    for key in (letters[0].lower(), "A"):  # the page's letter, any case, and the Latin A
        press(page, key)
        expect(autoplay).to_have_attribute("aria-pressed", "true")
        press(page, key)
        expect(autoplay).to_have_attribute("aria-pressed", "false")
    for key in (letters[1].upper(), "n"):
        expect(page.locator("[data-testid=flip]")).to_have_attribute("aria-busy", "false")  # no round in flight
        before = page.evaluate(GAME)
        press(page, key)
        page.wait_for_function(f"(before) => ({GAME})() !== before && ({ROUND})() === '0'", arg=before)
    # focus is visible on the controls
    page.keyboard.press("Tab")
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("", "none")


def test_n_deals_a_new_game_wherever_the_focus_is_but_in_a_text_field(page: Page, guard) -> None:
    open_game(page, "en/index.html")
    new_game(page, 2, 9)
    for control in ("[data-testid=new-game]", "[data-testid=flip]", "[data-testid=autoplay]",
                    "details.deal-options summary", "[data-testid=order-shuffled]"):
        before = page.evaluate(GAME)
        page.locator(control).focus()
        page.keyboard.press("n")
        page.wait_for_function(f"(before) => ({GAME})() !== before && ({ROUND})() === '0'", arg=before)
    before = page.evaluate(GAME)
    seed = page.locator("[data-testid=seed-input]")
    seed.fill("")
    seed.focus()
    page.keyboard.press("n")
    expect(seed).to_have_value("n")  # typed, not taken as a shortcut
    seed.fill("")
    page.locator("[data-testid=flip]").click()  # a round later, the same game: no new game was asked for
    page.wait_for_function("() => document.getElementById('board').dataset.savedRound === '1'")
    assert page.evaluate(GAME) == before


def test_each_round_is_announced_once_in_the_live_region(page: Page, guard) -> None:
    expected = Game.new(2, seed=9)
    played = expected.play_round()
    narrator = Narrator("en")
    open_game(page)
    new_game(page, 2, 9)
    status = page.locator("[data-testid=status]")
    expect(status).to_have_attribute("aria-live", "polite")
    page.click("[data-testid=flip]")
    page.wait_for_function(f"() => ({ROUND})() === '1'")
    wait_still(page)  # said as it is seen, once the round's motion is over
    spoken = text(status.locator(".full"))
    battle = [card for card in played.steps[0].up if card]  # both seats
    assert played.winner is not None
    assert spoken.startswith(f"You: {narrator.card(battle[0])}. CPU 1: {narrator.card(battle[1])}.")
    assert narrator.wins_cards(played.winner, len(played.pile)) in spoken
    assert status.locator(".short").get_attribute("aria-hidden") == "true"  # the short line is not read twice
    wait_saved(page, 1)
