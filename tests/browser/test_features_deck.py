"""The deck: choosing four colours, or the page language's own letters, draws the cards on screen (the game's and
a replay's) from that deck's pictures at once, with alt texts that name the cards as the pictures show them; the
choice is kept with the settings, comes back after a reload, and a language without those letters ignores them.
The pictures come from the service worker's cache offline, all in one file, and once the page has it every card is
drawn from memory."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from krig.webapp import decks
from krig.webapp.narrate import Narrator

from gamepage import (
    CONTROLLED,
    ENGINE_READY,
    LOAD_TIMEOUT,
    flip,
    new_game,
    open_game,
    short_seed,
    wait_saved,
    wait_stored,
)

SEED = 8  # four players; the first round shows QH, JD, AC and 9H: a lettered card in each colour, and a 9
FIRST_ROUND = ["QH", "JD", "AC", "9H"]

# every face on the board once its pictures are loaded: the card, where its picture is (under cards/), its alt
FACES = """() => new Promise((resolve) => {
  const faces = () => [...document.querySelectorAll('#board img.face')];
  const check = () => faces().every((img) => img.complete && img.naturalWidth > 0)
    ? resolve(faces().map((img) => [img.dataset.card, img.dataset.picture, img.alt]))
    : setTimeout(check, 20);
  check();
})"""
# the picture drawn at `place`, from the one file of every picture the cards are drawn from
DRAWN = "(place) => fetch('../cards/pictures.json').then((response) => response.json()).then((all) => all[place])"
IN_MEMORY = "(img) => img.src.startsWith('blob:') && img.complete && img.naturalWidth > 0"
def faces(page: Page) -> list[list[str]]:
    return page.evaluate(FACES)


def expected(lang: str, letters: str, deck: str, cards: list[str] = FIRST_ROUND) -> list[list[str]]:
    """The faces the board shows in that deck: the build's pictures, and the card's name in the page's language."""
    names = Narrator(lang)
    return [[code, decks.picture(code, letters, deck), names.card(code)] for code in cards]


def index(page: Page, place: str) -> str:
    """The letter or number the picture at `place` draws in its corner."""
    (corner, *_) = re.findall(r'<text x="11" y="18" [^>]*>([^<]+)</text>', page.evaluate(DRAWN, place))
    return corner


def choose(page: Page, **chosen: str) -> None:
    """Choose the deck's colours and letters in the settings, as a visitor does."""
    summary = page.locator("#appearance summary")
    if page.locator("#appearance").get_attribute("open") is None:
        summary.click()
    for testid, value in chosen.items():
        page.select_option(f"[data-testid={testid}]", value)


def saved_settings(page: Page, **wanted: Any) -> None:
    wait_stored(page, lambda stored: all(stored["settings"].get(k) == v for k, v in wanted.items()))


def test_four_colours_redraw_the_cards_at_once_and_are_remembered(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 4, SEED)
    flip(page)
    assert faces(page) == expected("en", "international", "standard")
    expect(page.locator("[data-testid=letters]")).to_be_hidden()  # English has no letters of its own

    choose(page, deck="four-colour")
    shown = faces(page)
    assert shown == expected("en", "international", "four-colour")
    assert [place for _, place, _ in shown] == ["QH.svg", "four-colour/JD.svg", "four-colour/AC.svg", "9H.svg"]
    assert [alt for _, _, alt in shown] == ["queen of hearts", "jack of diamonds", "ace of clubs", "9 of hearts"]
    assert 'fill="#1f4fd1"' in page.evaluate(DRAWN, "four-colour/JD.svg")  # blue diamonds
    saved_settings(page, deck="four-colour", letters="international")

    flip(page)  # the next round is drawn in the deck chosen too
    wait_saved(page, 2)
    round_two = [code for code, _, _ in faces(page)]
    assert faces(page) == expected("en", "international", "four-colour", round_two)

    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-testid=deck]")).to_have_value("four-colour")
    assert faces(page) == expected("en", "international", "four-colour", round_two)


def test_french_letters_and_four_colours_together_and_another_language_ignores_the_letters(page: Page, guard) -> None:
    open_game(page, "fr/index.html")
    new_game(page, 4, SEED)
    flip(page)
    assert faces(page) == expected("fr", "international", "standard")
    assert index(page, "QH.svg") == "Q"

    choose(page, letters="fr")
    shown = faces(page)
    assert shown == expected("fr", "fr", "standard")
    assert [place for _, place, _ in shown] == ["fr/QH.svg", "fr/JD.svg", "AC.svg", "9H.svg"]
    assert [index(page, place) for _, place, _ in shown] == ["D", "V", "A", "9"]  # dame, valet; the as keeps A
    assert [alt for _, _, alt in shown] == ["dame de cœur", "valet de carreau", "as de trèfle", "9 de cœur"]

    choose(page, deck="four-colour")
    assert faces(page) == expected("fr", "fr", "four-colour")
    assert index(page, "fr-four-colour/JD.svg") == "V"
    saved_settings(page, deck="four-colour", letters="fr")

    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-testid=letters]")).to_have_value("fr")
    expect(page.locator("[data-testid=deck]")).to_have_value("four-colour")
    assert faces(page) == expected("fr", "fr", "four-colour")

    page.goto("ru/index.html")  # Russian offers its own letters, not the French ones: the four colours stay
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-testid=letters]")).to_have_value("international")
    expect(page.locator("[data-testid=deck]")).to_have_value("four-colour")
    assert faces(page) == expected("ru", "international", "four-colour")
    choose(page, letters="ru")
    assert index(page, "ru/QH.svg") == "Д" and index(page, "ru-four-colour/AC.svg") == "Т"
    assert faces(page) == expected("ru", "ru", "four-colour")
    assert faces(page)[2][2] == "туз треф"


def test_a_replay_is_redrawn_in_the_deck_chosen_during_it(page: Page, guard) -> None:
    seed = short_seed(2, 40)
    open_game(page)
    new_game(page, 2, seed)
    page.click("[data-testid=finish]")
    expect(page.locator("[data-testid=result]")).to_be_visible()
    page.click("[data-testid=replay]")
    page.click("[data-testid=replay-forward]")
    page.wait_for_function("() => document.getElementById('replay').dataset.round === '1'")
    cards = [code for code, _, _ in faces(page)]
    assert faces(page) == expected("en", "international", "standard", cards)
    choose(page, deck="four-colour")
    assert faces(page) == expected("en", "international", "four-colour", cards)
    page.click("[data-testid=replay-leave]")
    saved_settings(page, deck="four-colour")  # the record learns it once the replay is over


@pytest.mark.service_worker
def test_every_deck_is_drawn_offline_from_the_cache(context: BrowserContext, page: Page, guard) -> None:
    open_game(page, "ru/index.html")
    page.wait_for_function(CONTROLLED, timeout=LOAD_TIMEOUT)
    new_game(page, 4, SEED)
    flip(page)
    context.set_offline(True)
    for letters, deck in [("ru", "standard"), ("international", "four-colour"), ("ru", "four-colour")]:
        choose(page, letters=letters, deck=deck)
        assert faces(page) == expected("ru", letters, deck)  # every picture loaded
    context.set_offline(False)


# With no service worker, every request the page makes is one Playwright sees.
def test_once_the_pictures_are_in_every_card_is_drawn_from_memory_and_asks_nothing_more(page: Page, guard) -> None:
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url.split("/cards/")[-1])
            if "/cards/" in request.url else None)
    open_game(page)
    new_game(page, 4, SEED)
    flip(page)
    page.wait_for_function(f"() => [...document.querySelectorAll('#board img.card')].every({IN_MEMORY})")
    assert "pictures.json" in asked
    before = len(asked)
    flip(page, 6)
    choose(page, deck="four-colour")
    assert faces(page) == expected("en", "international", "four-colour", [code for code, _, _ in faces(page)])
    assert page.evaluate(f"() => [...document.querySelectorAll('#board img.card')].every({IN_MEMORY})")
    assert asked[before:] == []
