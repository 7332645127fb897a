"""A desktop's table is laid out like a real one: the seats sit around the battle (two players face each other
across it, three and four sit left, across, right and at the bottom), the cards are large enough to read from
arm's length, and the table takes most of the window's width. From a 320 px phone to a 1920 px screen the table
fits the window's width, and on a desktop its cards grow with the window. One page per number of players,
resized for each size."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page

from gamepage import ENGINE_READY, LOAD_TIMEOUT, Visitor, wait_chance_bars

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "crossbrowser"))
from layout import UNSEEN, seat_things  # type: ignore[import-not-found]  # noqa: E402,I001

# Where the table's parts are: the board, the battle in its middle (the pile, the round and the sentence), every
# seat shown, and the height of the cards drawn (each seat's stack and the cards of its round)
TABLE = """() => {
  const box = (element) => { const r = element.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height}; };
  const seats = [...document.querySelectorAll('[data-testid^=seat-]')].filter((seat) => !seat.hidden);
  return {
    window: {width: innerWidth, scrollWidth: document.documentElement.scrollWidth},
    board: box(document.getElementById('board')),
    battle: box(document.querySelector('.table-info')),
    seats: Object.fromEntries(seats.map((seat) => [seat.dataset.seat, box(seat)])),
    cards: [...document.querySelectorAll('#board .seat:not([hidden]) :is(.stack img, .cards img)')]
      .map((img) => img.getBoundingClientRect().height),
  };
}"""

# Where each seat sits, by players: the side of the battle it is on
PLACES = {
    2: {"1": "left", "0": "right"},
    3: {"1": "left", "2": "right", "0": "below"},
    4: {"1": "left", "2": "above", "3": "right", "0": "below"},
}
READABLE = 140  # px: the height of a card read from arm's length on a laptop's screen
DESKTOPS = [(1024, 768), (1280, 800), (1366, 768), (1920, 1080)]

# The cards drawn outside their seat's box, by seat: [seat, left, right] of each
OUTSIDE = """() => [...document.querySelectorAll('[data-testid^=seat-]')].filter((seat) => !seat.hidden)
  .flatMap((seat) => { const box = seat.getBoundingClientRect();
    return [...seat.querySelectorAll('.stack img, .cards img')].map((img) => img.getBoundingClientRect())
      .filter((r) => r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1
        || r.bottom > box.bottom + 1)
      .map((r) => [seat.dataset.seat, Math.round(r.left), Math.round(r.right)]); })"""


def side(seat: dict[str, float], battle: dict[str, float]) -> str | None:
    """The side of the battle the seat's box is on, wholly: left, right, above or below (None: over it)."""
    if seat["right"] <= battle["left"]:
        return "left"
    if seat["left"] >= battle["right"]:
        return "right"
    if seat["bottom"] <= battle["top"]:
        return "above"
    if seat["top"] >= battle["bottom"]:
        return "below"
    return None


def played(visitor: Visitor, players: int, rounds: int = 1) -> Page:
    """A page of a `players` game (seed 0) after its first `rounds` rounds, with every card drawn."""
    context = visitor.at(1280, 800, reduced_motion="reduce")
    page = context.new_page()
    page.goto(f"en/index.html?players={players}&seed=0")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    for number in range(1, rounds + 1):
        page.evaluate("() => document.querySelector('[data-testid=flip]').click()")
        page.wait_for_function("(n) => document.getElementById('board').dataset.round === String(n)", arg=number)
    wait_chance_bars(page)
    return page


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_seats_sit_around_the_battle_with_cards_read_from_arms_length(
        visitor: Visitor, players: int) -> None:
    page = played(visitor, players)
    for width, height in [(1280, 800), (1366, 768), (1920, 1080)]:
        page.set_viewport_size({"width": width, "height": height})
        table = page.evaluate(TABLE)
        at = f"{width}x{height}"
        places = {seat: side(box, table["battle"]) for seat, box in table["seats"].items()}
        assert places == PLACES[players], at
        assert min(table["cards"]) >= READABLE, (at, table["cards"])
        assert table["board"]["width"] >= 0.9 * width, at
        # the seats reach across most of the table, not a column in its middle
        left = min(box["left"] for box in table["seats"].values())
        right = max(box["right"] for box in table["seats"].values())
        assert right - left >= 0.85 * table["board"]["width"], at
        # and the whole game is still on the first screen
        things = {"flip": "[data-testid=flip]", "sentence": "[data-testid=status] .short", **seat_things(players)}
        assert page.evaluate(UNSEEN, things) == {}, at
    page.context.close()


@pytest.mark.parametrize("players", [2, 4])
def test_the_table_fits_every_width_and_its_cards_grow_with_a_desktops_window(
        visitor: Visitor, players: int) -> None:
    page = played(visitor, players)
    for width, height in [(320, 568), (375, 740), (740, 375), (768, 1024), (1024, 768), (1280, 800),
                          (1600, 900), (1920, 1080)]:
        page.set_viewport_size({"width": width, "height": height})
        table = page.evaluate(TABLE)
        assert table["window"]["scrollWidth"] <= width, f"{width}x{height}: the page scrolls sideways"
        assert table["board"]["left"] >= 0 and table["board"]["right"] <= width, f"{width}x{height}"
    heights = []
    for width in (960, 1280, 1600, 1920):  # a desktop's window, as tall, ever wider
        page.set_viewport_size({"width": width, "height": 1080})
        heights.append(min(page.evaluate(TABLE)["cards"]))
    assert heights == sorted(heights) and heights[-1] > heights[0], heights
    page.context.close()


@pytest.mark.parametrize(("players", "war"), [(2, 4), (4, 2)])  # seed 0's first war
def test_a_wars_cards_stay_inside_their_seats_on_a_desktop(visitor: Visitor, players: int, war: int) -> None:
    page = played(visitor, players, rounds=war)
    assert page.locator("#seat-0 .cards img").count() >= 3  # the battle card, a face-down one and the war's
    for width, height in DESKTOPS:
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate(OUTSIDE) == [], f"{width}x{height}"
    page.context.close()
