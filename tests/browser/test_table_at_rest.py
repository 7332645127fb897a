"""The table once a round's motion is over: your stack takes every tap, the round's cards stay where they were
played (as a reload draws them) in every animation mode, and the sentence, the counts, the pile and the chances
change when the motion shows what they say, heard once per round."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_table import ROUND

from gamepage import (
    ENGINE_READY,
    LOAD_TIMEOUT,
    Visitor,
    board,
    flip,
    long_seed,
    open_game,
    wait_chances,
    wait_saved,
    wait_still,
)

# What a player sees of the table at rest: per seat the cards on screen (each fully drawn, unmoved, inside its
# seat), the count shown, the frame and "Out"; the pile shown, the round and the sentence.
AT_REST = """() => {
  const seats = [...document.querySelectorAll('[data-testid^=seat-]')].filter((seat) => !seat.hidden);
  const pile = document.querySelector('[data-testid=pile]');
  return {
    seats: seats.map((seat) => {
      const box = seat.getBoundingClientRect();
      return {
        cards: [...seat.querySelectorAll('.cards img')].map((img) => img.dataset.picture.split('/').pop()),
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
TAPS = 15  # rounds tapped in a row: 4 to 10 of them won, each followed by a tap
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
        visitor: Visitor, players: int) -> None:
    context = visitor.at(375, 740)
    page = context.new_page()
    open_game(page, f"en/index.html?players={players}&seed={long_seed(players, TAPS)}")
    set_animation(page, "fast")  # the cards still move: a tap meets whatever the motion left on the table
    won = 0
    for number in range(1, TAPS + 1):
        shown = at_rest(page)
        assert sum(len(seat["cards"]) for seat in shown["seats"]) == shown["pileCount"]  # the pile is what is shown
        tap = page.evaluate(STACK_TAP)
        assert tap["mine"], f"round {number}: a tap on your stack lands outside your seat"
        won += tap["won"]
        page.touchscreen.tap(tap["x"], tap["y"])
        page.wait_for_function(ROUND, arg=number)
    assert board(page)["round"] == str(TAPS) and won > 0
    context.close()


def test_flip_and_your_stack_never_zoom_on_a_double_tap(page: Page, guard) -> None:
    open_game(page)
    actions = page.evaluate("() => ['#flip', '#seat-0'].map((s) => getComputedStyle(document.querySelector(s))"
                            ".touchAction)")
    assert actions == ["manipulation", "manipulation"]


MODES = ["normal", "fast", "none", "reduced", "stop-war"]


@pytest.mark.parametrize("mode", MODES)
def test_the_round_stays_on_the_table_as_a_reload_draws_it(visitor: Visitor,
                                                          mode: str) -> None:
    context = visitor.at(1280, 800,
                         reduced_motion="reduce" if mode == "reduced" else "no-preference")
    page = context.new_page()
    open_game(page, "en/index.html?players=2&seed=0")  # its first war is in round 4
    if mode in ("normal", "fast", "none"):
        set_animation(page, mode)
    if mode == "stop-war":
        page.check("[data-testid=stop-war]")
        page.locator("[data-testid=speed]").fill("1")  # slow enough for the motion of an ordinary round
        page.click("[data-testid=autoplay]")
        expect(page.locator("[data-testid=autoplay]")).to_have_attribute("aria-pressed", "false",
                                                                          timeout=LOAD_TIMEOUT)
    else:
        flip(page, 4)
    assert board(page)["round"] == "4"
    shown = at_rest(page)
    assert [seat["unseen"] for seat in shown["seats"]] == [0, 0]
    assert all(seat["cards"].count("back.svg") >= 1 for seat in shown["seats"])  # the war is on the table
    assert sum(len(seat["cards"]) for seat in shown["seats"]) == shown["pileCount"]
    assert shown["sentence"] and shown["sentenceSeen"] == "visible"
    wait_saved(page, 4)
    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    page.wait_for_function(ROUND, arg=4)
    assert at_rest(page) == shown
    context.close()


# Every frame of a round's motion: what the sentence line, the counts, the pile and the chances show, and where
# "War!" is while it can be seen.
SAMPLE = """() => {
  window.__frames = [];
  let seen = false; // a motion was seen: sample until it is over
  const short = document.querySelector('[data-testid=status] .short');
  const war = document.getElementById('war-mark');
  const box = (r) => ({left: r.left, right: r.right, top: r.top, bottom: r.bottom});
  const frame = () => {
    const other = document.getElementById('chance-other');
    window.__frames.push({
      motion: document.getElementById('board').dataset.motion === 'on',
      sentence: getComputedStyle(short).visibility === 'visible' ? short.textContent : '',
      words: [...short.getClientRects()].map(box),
      counts: [...document.querySelectorAll('.seat:not([hidden]) .count .n')].map((n) => n.textContent),
      pile: document.querySelector('[data-testid=pile] .n').textContent,
      chances: other.hidden ? 'none' : other.dataset.round ?? 'working',
      war: Number(getComputedStyle(war).opacity) > 0 ? box(war.getBoundingClientRect()) : null,
    });
    const moving = document.getElementById('board').dataset.motion === 'on';
    seen ||= moving;
    if ((moving || !seen) && window.__frames.length < 5000) requestAnimationFrame(frame);
  };
  frame();
}"""


SAMPLE_CHANCES = "() => { const o = document.getElementById('chance-other'); return o.dataset.round ?? 'working'; }"


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def test_the_words_and_numbers_change_when_the_motion_shows_them_and_war_covers_nothing(page: Page,
                                                                                      guard) -> None:
    open_game(page, "en/index.html?players=2&seed=0")  # its first war is in round 4
    flip(page, 3)
    wait_chances(page, 3)
    before = at_rest(page)
    page.evaluate("() => document.querySelector('[data-testid=flip]').click()")
    page.evaluate(SAMPLE)
    page.wait_for_function(ROUND, arg=4)
    after = at_rest(page)
    frames = page.evaluate("() => window.__frames")
    moving = [frame for frame in frames if frame["motion"]]
    assert len(moving) > 5
    old = ([seat["count"] for seat in before["seats"]], before["pile"].split(": ")[1])
    for frame in moving:
        assert frame["sentence"] == ""  # the last round's sentence is gone, this one's not yet said
        assert (frame["counts"], frame["pile"]) == old
        assert frame["chances"] == "3"  # the chances of the round before, with its counts
    assert frame["war"] is None or frame["sentence"] == ""
    assert any(frame["war"] for frame in moving)
    for frame in frames:
        assert not (frame["war"] and frame["sentence"] and any(overlaps(frame["war"], w) for w in frame["words"]))
    assert after["sentence"] and after["sentence"] != before["sentence"]
    assert [seat["count"] for seat in after["seats"]] != old[0]
    assert page.evaluate(SAMPLE_CHANCES) in ("working", "4")  # round 4's, or being worked out: never round 3's
    wait_chances(page, 4)
    assert page.evaluate("() => getComputedStyle(document.getElementById('war-mark')).opacity") == "0"


HEARD = """() => {
  window.__heard = [];
  const full = document.querySelector('[data-testid=status] .full');
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) window.__heard.push(node.textContent);
  }).observe(full, {childList: true});
}"""


def test_the_screen_reader_hears_each_round_once(page: Page, guard) -> None:
    open_game(page, "en/index.html?players=2&seed=0")
    page.evaluate(HEARD)
    flip(page, 3)  # presses that finish each motion at once
    for number in range(4, 7):
        wait_still(page)
        page.click("[data-testid=flip]")
        page.wait_for_function(ROUND, arg=number)
    wait_still(page)
    heard = page.evaluate("() => window.__heard")
    assert len(heard) == 6 and all(heard), heard
    assert heard[-1] == page.locator("[data-testid=status] .full").text_content()
