"""Helpers for the browser tests: drive the game page through its stable hooks and read IndexedDB directly.

Every wait polls a real outcome. Predicates are arrow functions: the page's CSP forbids `eval`, and Playwright
evaluates a bare expression string with it, while a function is handed over without eval.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, Literal

from playwright.sync_api import Browser, BrowserContext, JSHandle, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browsers.drivers import CONTROLLED as CONTROLLED  # re-exported: the wait for the service worker's control
from browsers.drivers import DESCRIBE
from krig import Game

from guard import Guard

ENGINE_READY = "() => document.documentElement.dataset.engine === 'ready'"
LOAD_TIMEOUT = 60_000
# How long a test waits for a round's win chances. Not a speed check: an estimate of four players in played order
# is about 4 s of CPU on the tests' baseline WebAssembly (2 s as shipped), four at once on two cores took 9-18 s,
# and a full run on a noisy machine once took over 30 s.
ESTIMATE_TIMEOUT = 120_000

READ_BOARD = """() => {
  const seats = [...document.querySelectorAll('[data-testid^=seat-]')].filter((seat) => !seat.hidden);
  const pile = document.querySelector('[data-testid=pile]');
  return {
    players: Number(document.getElementById('board').dataset.players),
    round: document.querySelector('[data-testid=round]').textContent,
    counts: seats.map((seat) => Number(seat.dataset.count)),
    shown: seats.map((seat) => seat.querySelector('.count .n').textContent),
    out: seats.map((seat) => seat.classList.contains('out')),
    cards: seats.map((seat) => [...seat.querySelectorAll('.cards img')]
      .map((img) => img.dataset.picture.split('/').pop().replace('.svg', ''))),
    pile: Number(pile.dataset.count),
    table: Number(pile.dataset.table || 0),
    setAside: !document.querySelector('[data-testid=set-aside]').hidden,
    status: document.querySelector('[data-testid=status]').textContent,
  };
}"""

# The raw IndexedDB API, not the page's own code, so that the tests check what is really stored.
READ_RECORD = """(key) => new Promise((resolve, reject) => {
  const open = indexedDB.open('krig');
  open.onerror = () => reject(open.error);
  open.onupgradeneeded = () => open.result.createObjectStore('saves');
  open.onsuccess = () => {
    const db = open.result;
    const request = db.transaction('saves', 'readonly').objectStore('saves').get(key);
    request.onsuccess = () => { db.close(); resolve(request.result === undefined ? null : request.result); };
    request.onerror = () => { db.close(); reject(request.error); };
  };
})"""

WRITE_RECORD = """([key, value]) => new Promise((resolve, reject) => {
  const open = indexedDB.open('krig');
  open.onupgradeneeded = () => open.result.createObjectStore('saves');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const tx = open.result.transaction('saves', 'readwrite');
    tx.objectStore('saves').put(value, key);
    tx.oncomplete = () => { open.result.close(); resolve(); };
    tx.onerror = () => reject(tx.error);
  };
})"""

# Record every board the page shows: a MutationObserver on the round number, which render() writes last
# but one, runs after the whole synchronous render, so each snapshot is a consistent board.
WATCH_BOARD = f"""() => {{
  window.__boards = [];
  const snap = {READ_BOARD};
  new MutationObserver(() => window.__boards.push(snap())).observe(
    document.querySelector('[data-testid=round]'), {{childList: true, characterData: true, subtree: true}});
}}"""


def open_game(page: Page, path: str = "en/index.html") -> None:
    page.goto(path)
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)


ServiceWorkers = Literal["allow", "block"]
"""A context's `service_workers`: the site's service worker allowed, or blocked."""


class Visitor:
    """The test's own new contexts, each another browser profile as far as the site can tell, under the test's
    guard, and a returning visitor's as the `context` fixture's is (`prime`, which leaves a `cold` test's alone)."""

    def __init__(self, browser: Browser, site_url: str, guard: Guard,
                 prime: Callable[[BrowserContext], None], service_workers: ServiceWorkers) -> None:
        self.browser, self.site_url, self.guard, self.prime = browser, site_url, guard, prime
        self.service_workers = service_workers

    def context(self, **options: Any) -> BrowserContext:
        context = self.browser.new_context(base_url=self.site_url, service_workers=self.service_workers, **options)
        context.on("request", self.guard.request)
        context.on("console", self.guard.console)
        context.on("weberror", self.guard.weberror)
        self.prime(context)
        return context

    def at(self, width: int, height: int, **options: Any) -> BrowserContext:
        """A new context with a `width` × `height` window, a phone's (touch) below 800 × 500."""
        phone = width < 800 or height < 500
        return self.context(viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone,
                            **options)

    def page(self, path: str = "en/index.html") -> Page:
        """`path` open in a new context, with its engine ready."""
        page = self.context(accept_downloads=True).new_page()
        open_game(page, path)
        return page


def expect_engine_failed(page: Page) -> None:
    """The page says that the engine could not load, and everything else on it still works."""
    failed = page.locator("[data-testid=engine-failed]")
    expect(failed).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(failed).to_contain_text("could not be loaded")
    assert page.evaluate("() => document.documentElement.dataset.engine") == "failed"
    expect(page.locator("[data-testid=engine-loading]")).to_be_hidden()
    expect(page.locator("[data-testid=flip]")).to_be_disabled()
    expect(page.locator("[data-testid=new-game]")).to_be_disabled()
    # the rest of the page still works: the rules and the FAQ open
    page.locator(".faq summary").first.click()
    expect(page.locator(".faq details").first).to_have_attribute("open", "")


def text(locator: Locator) -> str:
    """The element's textContent (Playwright's type allows None, which only a document node has)."""
    content = locator.text_content()
    assert content is not None
    return content


def attribute(locator: Locator, name: str) -> str:
    """The element's attribute `name`, which must be there."""
    value = locator.get_attribute(name)
    assert value is not None, f"no {name} attribute"
    return value


def board(page: Page) -> dict[str, Any]:
    return page.evaluate(READ_BOARD)


def record(page: Page, key: str = "current") -> Any:
    return page.evaluate(READ_RECORD, key)


def wait_stored(page: Page, holds: Callable[[Any], bool], key: str = "current") -> Any:
    """Read IndexedDB's `key` until its value `holds`, and return it. Playwright's wait_for_function takes a
    promise a predicate returns for a truthy answer at once, so an async predicate never waits: poll from here."""
    deadline = time.monotonic() + LOAD_TIMEOUT / 1000
    while not holds(value := record(page, key)):
        if time.monotonic() > deadline:
            raise AssertionError(f"IndexedDB's {key!r} never held what was waited for; last: {value!r}")
        between_polls(page)
    return value


def between_polls(page: Page) -> None:
    """The pause before a poll from here asks the page again: 50 ms of the page's own timers."""
    page.evaluate("() => new Promise((resolve) => setTimeout(resolve, 50))")


def write(page: Page, key: str, value: Any) -> None:
    """Store `value` under `key` in IndexedDB, as an earlier visit or another site version would have."""
    page.evaluate(WRITE_RECORD, [key, value])


def wait_saved(page: Page, number: int) -> None:
    """Wait until round `number` is saved in IndexedDB (the board's data-saved-round)."""
    page.wait_for_function("(n) => document.getElementById('board').dataset.savedRound === String(n)",
                           arg=number)


def wait_still(page: Page) -> None:
    """Wait until the round's cards have moved to the winner: only then do the counts and the sentence on screen
    change (board.js)."""
    page.wait_for_function("() => document.getElementById('board').dataset.motion !== 'on'")


def wait_chances(page: Page, round_number: int) -> None:
    """Wait until the win chances of round `round_number` are on screen."""
    page.wait_for_function("(round) => { const other = document.getElementById('chance-other');"
                           " return !other.hidden && other.dataset.round === String(round); }",
                           arg=round_number, timeout=ESTIMATE_TIMEOUT)


def wait_estimates_settled(page: Page) -> None:
    """Wait until the page's idle time has estimated the win chances of every round the worker knows ahead."""
    page.wait_for_function("() => document.documentElement.dataset.estimates === 'settled'", timeout=ESTIMATE_TIMEOUT)


def wait_chance_bars(page: Page) -> None:
    """Wait until every seat in the game has its chance bar: its estimate, or "…" while it is worked out."""
    page.wait_for_function("() => [...document.querySelectorAll('[data-testid^=seat-]:not([hidden]) .chance')]"
                           ".every((chance) => !chance.hidden)", timeout=LOAD_TIMEOUT)


def new_game(page: Page, players: int = 2, seed: int | None = None, order: str = "shuffled",
             face_down: int | None = None) -> None:
    """Start a game through the form and wait until it is dealt and saved; `face_down` None leaves it as it is."""
    page.select_option("[data-testid=players]", str(players))
    if seed is not None or order != "shuffled" or face_down is not None:
        details = page.locator("details.deal-options")
        if details.get_attribute("open") is None:
            details.locator("summary").click()
        page.fill("[data-testid=seed-input]", "" if seed is None else str(seed))
        if face_down is not None:
            page.check("[data-testid=order-shuffled]")  # the order that goes with every number of face-down cards
            page.select_option("[data-testid=face-down]", str(face_down))
        page.check(f"[data-testid=order-{order}]")
    before = page.evaluate("() => document.getElementById('board').dataset.gameId || ''")
    page.click("[data-testid=new-game]")
    page.wait_for_function(
        "([before, players]) => { const b = document.getElementById('board');"
        " return (b.dataset.gameId || '') !== before && b.dataset.players === String(players)"
        " && document.querySelector('[data-testid=round]').textContent !== ''; }",
        arg=[before, players])


def flip(page: Page, times: int = 1) -> None:
    """Click Flip `times` times, each time waiting for the round to be shown and saved."""
    for _ in range(times):
        number = int(page.evaluate("() => document.getElementById('board').dataset.round"))
        page.click("[data-testid=flip]")
        wait_described(page, "(n) => document.getElementById('board').dataset.round === String(n)",
                       f"round {number + 1} was not drawn", arg=number + 1)


def wait_described(page: Page, predicate: str, failure: str, arg: Any = None,
                   timeout: float | None = None) -> JSHandle:
    """wait_for_function, whose timeout says `failure` and what the page showed (its hooks, Flip, the notices)."""
    try:
        return page.wait_for_function(predicate, arg=arg, timeout=timeout)
    except PlaywrightTimeout:
        raise AssertionError(f"{failure}; the page: {json.dumps(page.evaluate(DESCRIBE))}") from None


def saved_at_round_two(page: Page) -> None:
    """Open the game page, deal a 2-player game and play two rounds, waiting until the second is saved: a game in
    progress for the tests of two tabs."""
    open_game(page)
    new_game(page, 2, 64)
    flip(page, 2)
    wait_saved(page, 2)


def expected_cards(round_dict: dict, seat: int) -> list[str]:
    """The pictures a seat shows for a round, as board.js draws them: the battle card, then per war step a back
    for every card the seat put face down (or put down running short, R8) and the face-up card."""
    pictures = []
    for step in round_dict["steps"]:
        pictures += ["back" for _ in step["down"][seat] + step["last"][seat]]
        if step["up"][seat]:
            pictures.append(step["up"][seat])
    return pictures


def short_seed(players: int, most: int, order: str = "shuffled", wars: bool = True) -> int:
    """The first seed whose game ends within `most` rounds (with at least one war, if asked)."""
    for seed in range(100_000):
        game = Game.new(players, seed=seed, return_order=order)
        game.finish()
        if game.round_number > most:
            continue
        if not wars:
            return seed
        replay = Game.new(players, seed=seed, return_order=order)
        if sum(replay.play_round().wars for _ in range(game.round_number)):
            return seed
    raise AssertionError(f"no {players}-player game within {most} rounds")


def long_seed(players: int, rounds: int) -> int:
    """The first seed whose game lasts beyond `rounds` rounds, and in which you take a pile within them."""
    for seed in range(1000):
        game = Game.new(players, seed=seed)
        won = any(game.play_round().winner == 0 for _ in range(rounds))
        game.finish()
        if won and game.round_number > rounds + 5:
            return seed
    raise AssertionError(f"no long {players}-player game")
