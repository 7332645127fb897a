"""The table once a round's motion is over: your stack takes every tap, whatever the motion drew over it."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from test_table import ROUND, context_at

from gamepage import board, long_seed, open_game, wait_still
from guard import Guard

# What a player sees of the table at rest: per seat the cards on screen (each fully drawn, unmoved, inside its
# seat), the count shown, the frame and "Out"; the pile shown, the round and the sentence.
AT_REST = """() => {
  const seats = [...document.querySelectorAll('[data-testid^=seat-]')].filter((seat) => !seat.hidden);
  const pile = document.querySelector('[data-testid=pile]');
  return {
    seats: seats.map((seat) => {
      const box = seat.getBoundingClientRect();
      return {
        cards: [...seat.querySelectorAll('.cards img')].map((img) => img.getAttribute('src').split('/').pop()),
        unseen: [...seat.querySelectorAll('.cards img')].filter((img) => {
          const r = img.getBoundingClientRect();
          return getComputedStyle(img).opacity !== '1' || img.getAnimations().length > 0 || r.width === 0
            || r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1;
        }).length,
        count: seat.querySelector('.count .n').textContent,
        winner: seat.classList.contains('winner'),
        out: !seat.querySelector('.out-label').hidden,
      };
    }),
    pile: pile.textContent,
    pileCount: Number(pile.dataset.count),
    round: document.querySelector('[data-testid=round]').textContent,
    sentence: document.querySelector('[data-testid=status] .short').textContent,
    sentenceSeen: getComputedStyle(document.querySelector('[data-testid=status] .short')).visibility,
  };
}"""

# What a tap at the middle of your stack lands on, and where that is
STACK_TAP = """() => {
  const r = document.querySelector('#seat-0 .stack').getBoundingClientRect();
  const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
  const hit = document.elementFromPoint(x, y);
  return {x, y, mine: Boolean(hit && hit.closest('#seat-0')), won: document.getElementById('seat-0')
    .classList.contains('winner')};
}"""


def at_rest(page: Page) -> dict[str, Any]:
    wait_still(page)
    return page.evaluate(AT_REST)


def set_animation(page: Page, animation: str) -> None:
    """The animation setting, chosen without scrolling the table out of sight."""
    page.evaluate("""(animation) => {
      const select = document.querySelector('[data-testid=animation]');
      select.value = animation;
      select.dispatchEvent(new Event('change', {bubbles: true}));
    }""", animation)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_tap_on_your_stack_flips_every_round_whoever_took_the_last_pile(
        browser: Browser, site_url: str, guard: Guard, players: int) -> None:
    context = context_at(browser, site_url, guard, 375, 740)
    page = context.new_page()
    open_game(page, f"en/index.html?players={players}&seed={long_seed(players, 30)}")
    set_animation(page, "fast")  # the cards still move: a tap meets whatever the motion left on the table
    won = 0
    for number in range(1, 31):
        shown = at_rest(page)
        assert sum(len(seat["cards"]) for seat in shown["seats"]) == shown["pileCount"]  # the pile is what is shown
        tap = page.evaluate(STACK_TAP)
        assert tap["mine"], f"round {number}: a tap on your stack lands outside your seat"
        won += tap["won"]
        page.touchscreen.tap(tap["x"], tap["y"])
        page.wait_for_function(ROUND, arg=number)
    assert board(page)["round"] == "30" and won > 0
    context.close()


def test_flip_and_your_stack_never_zoom_on_a_double_tap(page: Page, guard) -> None:
    open_game(page)
    actions = page.evaluate("() => ['#flip', '#seat-0'].map((s) => getComputedStyle(document.querySelector(s))"
                            ".touchAction)")
    assert actions == ["manipulation", "manipulation"]
