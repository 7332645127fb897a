"""Flips before Python is ready: the rounds a record carries ahead (a returning visit) and a first visit's opening
are drawn at once while the worker's scripts are held back, and when the worker comes, it replays them, checks
them and stores its own record, at the round on screen. A round that is not the engine's loses to the engine. Flip
takes a press before this tab's claim of the game is committed, and the round is stored behind the claim.

Over 300 lines: every test holds the worker back and drives a start-up, and they share those helpers."""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, ViewportSize, expect
from playwright.sync_api import Error as PlaywrightError

from krig.webapp.ahead import AHEAD
from krig.webapp.narrate import translations
from sitebuild.languages import CODES
from sitebuild.paths import MODULES

from gamepage import (
    ENGINE_READY,
    LOAD_TIMEOUT,
    WATCH_BOARD,
    Game,
    board,
    flip,
    new_game,
    open_game,
    record,
    wait_estimates_settled,
    wait_saved,
    write,
)
from guard import Guard

FLIP_READY = "() => document.documentElement.dataset.flip === 'ready'"
LOADING = "() => document.documentElement.dataset.engine"
KEPT_FLIPS = "() => Number(document.documentElement.dataset.kept)"
ENGLISH_OPENING = re.compile(r"/openings/\d+\.en\.json$")  # an opening of the pool, as a first visit asks for it
SAMPLED = ["en", "bn"]
# A percentage as each kind of language writes it: "50%", "50 %" (a narrow space), and in Bengali digits; the
# sentence itself is checked in every catalog (tests/site/test_catalogs.py)
PERCENTS = ["en", "fr", "bn"]


class Held:
    """The worker's script held back by a route until `release()`: the page loads, Python does not."""

    def __init__(self, context: BrowserContext) -> None:
        self.routes: list[Route] = []
        self.holding = True
        context.route("**/js/worker.js", self.hold)

    def hold(self, route: Route) -> None:
        if self.holding:
            self.routes.append(route)
        else:
            route.continue_()

    def release(self) -> None:
        self.holding = False
        for route in self.routes:
            with suppress(PlaywrightError):  # the request of a page that has been reloaded since is gone
                route.continue_()
        self.routes.clear()


@pytest.fixture
def context(browser: Browser, site_url: str) -> Iterator[BrowserContext]:
    """No service worker: it would answer the worker's script itself, where no route can hold it back."""
    context = browser.new_context(base_url=site_url, service_workers="block")
    yield context
    context.close()


def opening_of(dist: Path, seed: int) -> dict[str, Any]:
    """The English record of the opening of the pool that deals `seed`."""
    for path in sorted((dist / "openings").glob("*.en.json")):
        record: dict[str, Any] = json.loads(path.read_text())
        if record["game"]["seed"] == seed:
            return record
    raise AssertionError(f"no opening deals seed {seed}")


def counts_after(save: dict[str, Any], rounds: int) -> list[int]:
    game = Game.from_dict(save)
    for _ in range(rounds):
        game.play_round()
    return [len(hand) for hand in game.hands]


def flip_early(page: Page, times: int) -> None:
    """Flip `times` times while the engine is held back: each round is drawn, and the engine is still loading."""
    for _ in range(times):
        number = int(page.evaluate("() => document.getElementById('board').dataset.round"))
        page.click("[data-testid=flip]")
        page.wait_for_function("(n) => document.getElementById('board').dataset.round === String(n)",
                               arg=number + 1)
    assert page.evaluate(LOADING) == "loading"


def handed_over(page: Page, rounds: int) -> dict[str, Any]:
    """Wait for the engine and its own record of round `rounds`; the record, which the engine loads there."""
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    page.wait_for_function("(n) => document.getElementById('board').dataset.round === String(n)", arg=rounds)
    page.wait_for_function("() => document.getElementById('board').dataset.savedRound !== undefined")
    stored = page.wait_for_function(
        "async (n) => { const r = await (" + READ + ")(); return r && !('played' in r) && r.board.round === n && r; }",
        arg=rounds).json_value()
    assert Game.from_dict(stored["game"]).round_number == rounds
    return stored


def played(context: BrowserContext, rounds: int, lang: str = "en") -> Page:
    """A new page with a 2-player game of seed 11 dealt in `lang`, `rounds` rounds played and the last one saved."""
    page = context.new_page()
    open_game(page, f"{lang}/index.html")
    new_game(page, 2, seed=11)
    flip(page, rounds)
    wait_saved(page, rounds)
    return page


def first_visit(context: BrowserContext) -> tuple[Held, Page]:
    """A first visit with the engine held back, once Flip takes presses: the worker's route and the page."""
    held = Held(context)
    page = context.new_page()
    page.goto("en/index.html")
    page.wait_for_function(FLIP_READY)
    return held, page


BARS = """() => {
  const other = document.getElementById('chance-other');
  return other.hidden ? null : { round: Number(other.dataset.round), other: Number(other.dataset.percent),
    seats: [...document.querySelectorAll('.seat:not([hidden]) .chance')].map((c) => Number(c.dataset.percent)) };
}"""
BARS_OF = "(round) => { const o = document.getElementById('chance-other');" \
          " return !o.hidden && o.dataset.round === String(round); }"
# An engine of the test's own beside the page's: the same js/worker.js and bridge, asked in their protocol (the
# worker's head), so that a test asks the live bridge in Pyodide and leaves the page's game alone
OWN_ENGINE = """
  const worker = new Worker(new URL('../js/worker.js', location.href), { type: 'module' });
  const asked = new Map();
  let last = 0;
  worker.addEventListener('message', ({ data }) => { asked.get(data.id)?.(data); asked.delete(data.id); });
  const engine = { request: (message) => new Promise((resolve) => {
    const id = ++last; asked.set(id, resolve); worker.postMessage({ id, ...message }); }) };
  await engine.request({ type: 'init', lang: document.documentElement.lang });
"""


def bars(page: Page, round_number: int) -> dict[str, Any]:
    """The win chances on screen, once they are those of `round_number`, as percentages."""
    page.wait_for_function(BARS_OF, arg=round_number)
    shown: dict[str, Any] = page.evaluate(BARS)
    return shown


def percents(chances: dict[str, Any]) -> dict[str, Any]:
    """An estimate as the bars show it (Math.round of the percentages)."""
    def whole(share: float) -> int:
        return math.floor(100 * share + 0.5)
    return {"round": chances["round"], "other": whole(chances["draw"] + chances["repetition"]),
            "seats": [whole(share) for share in chances["chances"]]}


READ = """() => new Promise((resolve) => {
  const open = indexedDB.open('krig');
  open.onupgradeneeded = () => open.result.createObjectStore('saves');
  open.onsuccess = () => {
    const request = open.result.transaction('saves').objectStore('saves').get('current');
    request.onsuccess = () => { open.result.close(); resolve(request.result ?? null); };
  };
})"""


def test_a_first_visit_flips_its_opening_before_the_engine_is_ready(context: BrowserContext, dist: Path,
                                                                      guard: Guard) -> None:
    held, page = first_visit(context)
    flip_early(page, 3)
    early = record(page)
    assert early["played"] == 3 and early["board"]["round"] == 0  # the deal, and three of its rounds drawn
    opening = opening_of(dist, early["game"]["seed"])
    assert board(page)["counts"] == opening["ahead"][2]["board"]["counts"]
    assert page.locator("#log-list li").count() == 3
    held.release()
    stored = handed_over(page, 3)
    assert board(page)["counts"] == counts_after(early["game"], 3) == stored["board"]["counts"]
    flip(page)  # the engine plays on from there
    assert board(page)["counts"] == counts_after(early["game"], 4)


# Flip clicked in the moment the page hands the game to the engine, as its `restore` is posted to the worker (the
# worker cannot answer before)
PRESS_AT_HANDOVER = """
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  post.call(this, message, ...rest);
  if (message && message.type === 'restore' && !window.__pressed) {
    window.__pressed = true;
    document.getElementById('flip').click();
  }
};
"""
WENT_BACK = "() => window.__boards.some((shown, i, all) => i > 0 && Number(shown.round) < Number(all[i - 1].round))"


def test_a_flip_pressed_as_the_game_is_handed_to_the_engine_is_played_and_no_round_goes_back(
        context: BrowserContext, guard: Guard) -> None:
    context.add_init_script(PRESS_AT_HANDOVER)
    held, page = first_visit(context)
    page.evaluate(WATCH_BOARD)
    flip_early(page, 2)
    held.release()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    page.wait_for_function(f"() => document.getElementById('board').dataset.savedRound === '3' || ({WENT_BACK})()")
    assert page.evaluate("() => window.__pressed")
    shown = [int(board_["round"]) for board_ in page.evaluate("() => window.__boards")]
    rounds = [number for index, number in enumerate(shown) if index == 0 or number != shown[index - 1]]
    assert rounds == [1, 2, 3], "the press at the handover is played once, and the board never goes back"
    assert record(page)["board"]["round"] == 3


@pytest.mark.parametrize(("players", "face_down"), [(2, 1), (3, 2), (4, 3)])
def test_a_return_visit_flips_the_rounds_ahead_and_the_engine_goes_on_there(
        context: BrowserContext, guard: Guard, players: int, face_down: int) -> None:
    page = context.new_page()
    open_game(page)
    new_game(page, players, seed=11, face_down=face_down)
    flip(page, 2)
    wait_saved(page, 2)
    assert len(record(page)["ahead"]) == AHEAD
    held = Held(context)
    page.reload()
    page.wait_for_function(FLIP_READY)
    flip_early(page, 4)
    wait_saved(page, 6)
    held.release()
    stored = handed_over(page, 6)
    assert stored["board"]["deal"]["face_down"] == face_down and stored["board"]["players"] == players
    assert board(page)["counts"] == counts_after(Game.new(players, seed=11, face_down=face_down).to_dict(), 6)
    assert page.locator("#log-list li").count() == 6


# The page's moments in the order they happen: the transactions that put the game's claim or its record committed
# (heard before the page's own listener hears it), and Flip first taking a press, which clicks it at once (in a
# microtask: before any IndexedDB answer)
MOMENTS = """
window.__moments = [];
const begin = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (...args) {
  const transaction = begin.apply(this, args);
  transaction.__keys = [];
  transaction.addEventListener('complete', () => {
    for (const key of transaction.__keys) window.__moments.push(`${key} committed`);
  });
  return transaction;
};
const put = IDBObjectStore.prototype.put;
IDBObjectStore.prototype.put = function (value, key) {
  if (key === 'claim' || key === 'current') this.transaction.__keys.push(key);
  return put.call(this, value, key);
};
const mark = performance.mark.bind(performance);
performance.mark = (name, ...rest) => {
  if (name === 'flip-ready') {
    window.__moments.push(name);
    queueMicrotask(() => document.getElementById('flip').click());
  }
  return mark(name, ...rest);
};
"""


def test_a_return_visit_flips_before_its_claim_is_committed_and_the_round_is_stored_after_it(
        context: BrowserContext, guard: Guard) -> None:
    page = played(context, 2)
    Held(context)
    context.add_init_script(MOMENTS)
    page.reload()
    wait_saved(page, 3)  # the press at flip-ready played round 3, which is stored
    moments = page.evaluate("() => window.__moments")
    # Flip took its press before the claim was committed, and the round it played, asked for at once (before the
    # claim's commit too, unless a write before it had yet to be answered), was committed after the claim
    assert moments.index("flip-ready") < moments.index("claim committed") < moments.index("current committed"), moments
    stored = page.evaluate(READ)
    assert stored["board"]["round"] + stored["played"] == 3  # a round ahead of the stored record, played


def test_a_reload_among_the_rounds_ahead_resumes_at_the_round_on_screen(context: BrowserContext,
                                                                        guard: Guard) -> None:
    held, page = first_visit(context)
    flip_early(page, 5)
    wait_saved(page, 5)
    shown = board(page)
    page.reload()
    page.wait_for_function(FLIP_READY)
    assert board(page)["cards"] == shown["cards"] and board(page)["round"] == "5"
    flip_early(page, 1)
    held.release()
    stored = handed_over(page, 6)
    assert board(page)["counts"] == counts_after(record(page)["game"], 0) == stored["board"]["counts"]


def test_a_key_pressed_before_flip_takes_presses_holds_back_no_flip(context: BrowserContext, guard: Guard) -> None:
    """Space while the opening is still on its way does what Flip, still disabled, does: nothing. It is not kept
    for the engine, and the presses once the opening has come draw its rounds at once (a press kept for the
    engine held every later one back until Python was ready)."""
    openings: list[Route] = []
    context.route(ENGLISH_OPENING, lambda route: openings.append(route))
    held = Held(context)
    page = context.new_page()
    page.goto("en/index.html")
    page.evaluate("() => window.addEventListener('keydown', (event) => { window.__taken = event.defaultPrevented; })")
    page.wait_for_function("() => document.readyState !== 'loading'")
    deadline = time.monotonic() + LOAD_TIMEOUT / 1000
    while not page.evaluate("() => window.__taken") and time.monotonic() < deadline:
        page.keyboard.press("Space")  # until the page's keys are wired: it keeps Space from scrolling the page
    assert page.evaluate("() => window.__taken") and page.evaluate(LOADING) == "loading"
    assert board(page)["round"] == "0" and page.evaluate(KEPT_FLIPS) == 0
    page.wait_for_function("() => document.getElementById('flip').disabled")
    for route in openings:
        route.continue_()
    context.unroute(ENGLISH_OPENING)
    page.wait_for_function(FLIP_READY)
    page.keyboard.press("Space")
    page.wait_for_function("() => document.getElementById('board').dataset.round === '1'")
    assert page.evaluate(LOADING) == "loading"
    held.release()


def test_an_opening_that_is_not_the_engines_loses_to_the_engine(context: BrowserContext, guard: Guard) -> None:
    def tamper(route: Route) -> None:
        opening = route.fetch().json()
        opening["ahead"][1]["board"]["counts"] = [40, 12]  # round 2 is not what the engine plays
        route.fulfill(json=opening)

    context.route(ENGLISH_OPENING, tamper)
    warnings: list[str] = []
    guard.allowed.append(r"Krig: the rounds drawn before the engine was ready were not its own; its game is shown "
                         r"\(round 2: the page drew counts \[40, 12\], the engine \[\d+, \d+\]\)")
    held = Held(context)
    page = context.new_page()
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    page.goto("en/index.html")
    page.wait_for_function(FLIP_READY)
    flip_early(page, 2)
    assert board(page)["counts"] == [40, 12]  # drawn as the tampered opening has it
    flip_early(page, 1)
    held.release()
    stored = handed_over(page, 3)
    assert board(page)["counts"] == counts_after(stored["game"], 0) == stored["board"]["counts"]
    assert any("were not its own" in text and "round 2" in text for text in warnings), warnings
    assert page.locator("#log-list li").count() == 3  # nothing lost: the three rounds, as the engine played them


def test_an_opening_and_its_chances_are_what_the_live_bridge_answers_in_pyodide(context: BrowserContext,
                                                                              guard: Guard) -> None:
    page = context.new_page()
    compare = """async ([number, lang, estimates]) => {""" + OWN_ENGINE + """
      const record = await (await fetch(`../openings/${number}.${lang}.json`)).json();
      const deal = { type: 'new', players: 2, order: 'shuffled', face_down: 1, seed: record.game.seed, settings: {} };
      let live = (await engine.request(deal)).record;
      const canon = (value) => (Array.isArray(value) ? value.map(canon) : value && typeof value === 'object'
        ? Object.fromEntries(Object.keys(value).sort().map((key) => [key, canon(value[key])])) : value);
      const same = (a, b) => JSON.stringify(canon(a)) === JSON.stringify(canon(b));
      const wrong = [];
      if (estimates) { // the page's idle time: the deal's estimate in its chunks, then the first rounds ahead
        while ((await engine.request({ type: 'chances', rollouts: 20 })).done < 500);
        for (let i = 0; i < estimates; i++) await engine.request({ type: 'chances', rollouts: 500, ahead: true });
        live = (await engine.request({ type: 'settings', settings: {} })).record;
        if (!same(live.chances, record.chances)) wrong.push('the chances of the deal');
        for (const [index, step] of live.ahead.slice(0, estimates).entries()) {
          if (!same(step.chances, record.ahead[index].chances)) wrong.push(`the chances of round ${index + 1}`);
        }
      }
      if (!same(live.board, record.board)) wrong.push('the deal');
      for (const [index, step] of record.ahead.entries()) {
        const flipped = await engine.request({ type: 'flip' });
        if (!same({ board: flipped.record.board, line: flipped.line }, { board: step.board, line: step.line })) {
          wrong.push(index + 1);
        }
      }
      return { wrong, rounds: record.ahead.length, cards: record.ahead.map((step) => step.board.cards) };
    }"""
    cards = []
    # the same opening (the pool's first) in English, with its chances, and in Bengali, another script and its own
    # digits; every opening in every language is checked against the bridge in CPython (tests/site/test_rounds_ahead.py)
    for lang in SAMPLED:
        open_game(page, f"{lang}/index.html")
        answer = page.evaluate(compare, [0, lang, 8 if lang == CODES[0] else 0])
        assert answer["wrong"] == [] and answer["rounds"] == AHEAD, (lang, answer["wrong"])
        cards.append(answer["cards"])
    assert all(drawn == cards[0] for drawn in cards)  # every language draws the same cards


def test_a_first_visit_shows_the_win_chances_of_its_opening_before_the_engine_is_ready(
        context: BrowserContext, dist: Path, guard: Guard) -> None:
    held, page = first_visit(context)
    dealt = bars(page, 0)
    flip_early(page, 2)
    wait_saved(page, 2)
    opening = opening_of(dist, record(page)["game"]["seed"])
    assert dealt == percents(opening["chances"])
    assert bars(page, 2) == percents(opening["ahead"][1]["chances"])  # each round drawn shows its own
    held.release()
    handed_over(page, 2)
    live = page.evaluate("async (record) => { " + OWN_ENGINE + """
      await engine.request({ type: 'restore', record, settings: {} });
      for (;;) { const answer = await engine.request({ type: 'chances', rollouts: 20 });
        if (answer.done >= 500) { const { id, ok, ...estimate } = answer; return estimate; } } }""", record(page))
    assert live == opening["ahead"][1]["chances"]  # the engine's own estimate of that round, made again live
    assert bars(page, 2) == percents(live)


def test_a_return_visit_shows_the_win_chances_its_record_carries_before_the_engine_is_ready(
        context: BrowserContext, guard: Guard) -> None:
    page = context.new_page()
    open_game(page)
    new_game(page, 3, seed=11, face_down=2)
    wait_estimates_settled(page)  # the estimates the page makes in its idle time, of the rounds ahead
    flip(page, 2)
    wait_saved(page, 2)
    stored = record(page)
    made = {step["board"]["round"]: step["chances"] for step in stored["ahead"] if "chances" in step}
    assert stored["chances"]["round"] == 2 and {3, 4, 5, 6, 7} <= set(made)
    held = Held(context)
    page.reload()
    page.wait_for_function(FLIP_READY)
    assert bars(page, 2) == percents(stored["chances"])
    flip_early(page, 4)
    assert bars(page, 6) == percents(made[6])
    held.release()
    handed_over(page, 6)
    assert bars(page, 6) == percents(made[6])  # the engine's game at that round, and its estimate


def test_a_record_stored_before_the_chances_were_kept_draws_its_rounds_ahead_without_them(
        context: BrowserContext, guard: Guard) -> None:
    page = played(context, 1)
    stored = record(page)
    older = {**{key: value for key, value in stored.items() if key != "chances"},
             "ahead": [{"board": step["board"], "line": step["line"]} for step in stored["ahead"]]}
    write(page, "current", older)
    held = Held(context)
    page.reload()
    page.wait_for_function(FLIP_READY)
    flip_early(page, 2)
    assert page.evaluate(BARS) is None  # no estimate to show: the bars wait for the engine
    held.release()
    handed_over(page, 3)
    assert bars(page, 3)["round"] == 3


# Every board the page shows while the rounds ahead run out and the engine takes over, one snapshot per change
# (a MutationObserver runs after the whole synchronous render): the round, whether it is in motion, and what the
# seats, the sentence and the counts show, and whether the sentence can be seen.
WATCH = """() => {
  window.__shown = [];
  const board = document.getElementById('board');
  const short = document.querySelector('#status .short');
  const snap = () => ({
    round: Number(board.dataset.round), motion: board.dataset.motion === 'on',
    counts: [...document.querySelectorAll('.seat:not([hidden]) .count .n')].map((n) => n.textContent),
    cards: [...document.querySelectorAll('.seat:not([hidden]) .cards')]
      .map((cards) => [...cards.querySelectorAll('img')].map((img) => img.dataset.card || 'back')),
    sentence: short.textContent, seen: getComputedStyle(short).visibility !== 'hidden',
  });
  new MutationObserver(() => window.__shown.push(snap())).observe(board,
    { attributes: true, attributeFilter: ['data-round', 'data-motion'], childList: true, characterData: true,
      subtree: true });
}"""
AHEAD_SPENT = "The next rounds come when the game engine is ready (%(percent)s loaded). Your flips are kept."
PREPARED = 3  # the rounds ahead the stored record keeps, so that a test reaches their end in a few flips
KEPT = 6


def pictures(cards: list[dict[str, Any]]) -> list[list[str]]:
    """What each seat shows of a board's cards, as board.js draws them: per step its face-down cards, then its face."""
    def listed(value: Any) -> list[Any]:
        return value if isinstance(value, list) else [value] if value else []

    return [[picture for step, up in enumerate(seat["up"])
             for picture in ["back"] * (len(listed((seat.get("down") or [None] * (step + 1))[step]))
                                        + len(listed((seat.get("last") or [None] * (step + 1))[step])))
             + ([up] if up else [])] for seat in cards]


def short_of_its_rounds(context: BrowserContext, lang: str = "en") -> tuple[Held, Page, dict[int, Any]]:
    """A return visit whose record keeps only PREPARED rounds ahead, with the engine held back, once Flip takes
    presses: the route, the page, and the engine's boards of the game's next rounds, by round."""
    page = played(context, 1, lang)
    stored = record(page)
    assert len(stored["ahead"]) == AHEAD
    boards = {step["board"]["round"]: step["board"] for step in stored["ahead"]}
    write(page, "current", {**stored, "ahead": stored["ahead"][:PREPARED]})
    held = Held(context)
    page.reload()
    page.wait_for_function(FLIP_READY)
    return held, page, boards


PHONE: ViewportSize = {"width": 375, "height": 740}
PLACES = """() => ['board', 'flip'].map((id) => {
  const { x, y, width, height } = document.getElementById(id).getBoundingClientRect();
  return [x, y, width, height];
})"""
"""Where the table and Flip are on the screen."""


def spent_words(page: Page) -> str:
    """The words that say the next rounds wait for the engine (in its loading notice), or "" when none are shown."""
    words = page.locator("[data-testid=ahead-spent]")
    return words.inner_text() if words.is_visible() else ""


def test_flips_past_the_rounds_ahead_are_kept_and_played_one_motion_at_a_time_once_the_engine_is_ready(
        context: BrowserContext, guard: Guard) -> None:
    held, page, boards = short_of_its_rounds(context)
    page.evaluate(WATCH)
    flip_early(page, PREPARED)
    last = 1 + PREPARED
    assert "when the game engine is ready" in spent_words(page)
    # taps on your stack, clicks on Flip and Space presses alike are kept; nothing is drawn yet
    for _ in range(KEPT // 3):
        page.click("[data-testid=seat-0]")
        page.click("[data-testid=flip]")
        page.keyboard.press("Space")
    assert page.evaluate(KEPT_FLIPS) == KEPT
    assert board(page)["round"] == str(last)
    held.release()
    page.wait_for_function("(n) => document.getElementById('board').dataset.round === String(n)", arg=last + KEPT,
                           timeout=LOAD_TIMEOUT)
    page.wait_for_function("() => document.getElementById('board').dataset.motion !== 'on'")
    assert page.evaluate(KEPT_FLIPS) == 0
    assert spent_words(page) == ""
    log = page.evaluate("() => window.__shown")
    steps = [(snap["round"], snap["motion"]) for snap in log]
    seen = [step for index, step in enumerate(steps) if index == 0 or step != steps[index - 1]]
    kept = seen[seen.index((last + 1, True)):]
    # one round at a time: each kept round came in motion, and was at rest once its motion was over, before the
    # next one came (a burst cuts the motion short: the next round would follow it at once)
    assert kept == [(number, motion) for number in range(last + 1, last + KEPT + 1) for motion in (True, False)]
    for snap in log:  # the screen shows one round: its cards, and at rest its sentence and counts, never another's
        expected = boards[snap["round"]]
        assert snap["cards"] == pictures(expected["cards"]), snap
        if snap["motion"]:
            assert not snap["seen"], snap  # the last round's sentence is unseen while this one moves
        else:
            assert snap["counts"] == [str(count) for count in expected["counts"]], snap
            assert snap["sentence"] == expected["status"], snap
    assert page.locator("#log-list li").count() == last + KEPT


@pytest.mark.parametrize("lang", PERCENTS)
def test_the_loading_notice_says_the_next_rounds_wait_for_the_engine_with_its_progress_and_the_table_stays_put(
        context: BrowserContext, guard: Guard, lang: str) -> None:
    held, page, _ = short_of_its_rounds(context, lang)
    page.set_viewport_size(PHONE)  # where the table has the least room around it
    assert spent_words(page) == ""
    expect(page.locator("#engine-loading-words")).to_be_visible()
    flip_early(page, PREPARED - 1)
    where = page.evaluate(PLACES)
    flip_early(page, 1)
    before, after = translations(lang).gettext(AHEAD_SPENT).split("%(percent)s")
    words = spent_words(page)
    assert words.startswith(before) and words.endswith(after), words
    assert page.locator("#engine-loading").inner_text().strip().startswith(words)  # instead of "Loading…"
    assert page.evaluate(PLACES) == where  # the words float over the page: the table and Flip do not move
    progress = page.evaluate("() => document.getElementById('engine-progress').value")
    shown = page.evaluate("(p) => new Intl.NumberFormat(document.documentElement.lang, { style: 'percent' })"
                          ".format(p / 100)", progress)
    assert words == before + shown + after  # the engine's progress, as the page's language writes a percentage
    state_js = (MODULES / "state.js").read_text()
    (limit,) = map(int, re.findall(r"^export const WAIT_LIMIT = (\d+);", state_js, re.MULTILINE))
    for _ in range(limit + 3):
        page.keyboard.press("Space")
    assert page.evaluate(KEPT_FLIPS) == limit  # kept, up to a bound
    held.release()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-testid=ahead-spent]")).to_be_hidden()
