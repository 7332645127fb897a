"""Storage kept for good: after the first save that follows the visitor's first action the page asks the browser
once (navigator.storage.persist), remembers the answer, and "Saving and privacy" says whether this browser keeps
the game for good and how much space it uses. The browser's answer is set through Chromium's own permission
(CDP Browser.setPermission), and the page's calls are counted by a wrapper that calls the real API."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from gamepage import ENGINE_READY, LOAD_TIMEOUT, flip, open_game, record, text, wait_saved, wait_stored

# counts the page's calls of persist(), across reloads of the tab, and calls the browser's own
COUNT_PERSIST = """(() => {
  const real = StorageManager.prototype.persist;
  StorageManager.prototype.persist = function () {
    sessionStorage.setItem('persist-calls', String(Number(sessionStorage.getItem('persist-calls') || 0) + 1));
    return real.call(this);
  };
})()"""

WITHOUT_STORAGE = {
    "missing": "delete Navigator.prototype.storage",
    "throws": """Object.defineProperty(Navigator.prototype, 'storage', {
      configurable: true, get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } })""",
    "rejects": """for (const name of ['persist', 'persisted', 'estimate']) {
      StorageManager.prototype[name] = () => Promise.reject(new DOMException('Denied', 'SecurityError')); }""",
}

USAGE = re.compile(r"Your game and statistics use [\d.]+ (byte|kB|MB) here\.")


def set_persistence(page: Page, site_url: str, setting: str) -> None:
    cdp = page.context.new_cdp_session(page)
    context = cdp.send("Target.getTargetInfo")["targetInfo"]["browserContextId"]  # Playwright's, not the default
    cdp.send("Browser.setPermission", {"permission": {"name": "persistent-storage"}, "setting": setting,
                                       "origin": site_url.rstrip("/"), "browserContextId": context})


def persistence(page: Page) -> tuple[str, str]:
    sentence = page.locator("[data-testid=persistence]")
    return sentence.get_attribute("data-persisted") or "", text(sentence)


def persist_calls(page: Page) -> int:
    return int(page.evaluate("() => sessionStorage.getItem('persist-calls') || '0'"))


def open_saving(page: Page) -> None:
    page.click("#saving summary")


def test_a_refusal_is_asked_once_after_the_first_action_and_said_with_the_space_used(page: Page, guard,
                                                                                      site_url: str) -> None:
    page.add_init_script(COUNT_PERSIST)
    open_game(page)
    set_persistence(page, site_url, "denied")
    wait_saved(page, 0)
    assert persist_calls(page) == 0  # the first deal is saved before the visitor did anything: no question yet
    open_saving(page)
    expect(page.locator("[data-testid=persistence]")).to_have_attribute("data-persisted", "false")
    flip(page)
    wait_saved(page, 1)
    page.wait_for_function("() => sessionStorage.getItem('persist-calls') === '1'")
    wait_stored(page, lambda answer: answer is not None, "persistence")
    assert record(page, "persistence") == {"asked": True, "granted": False}
    kept, said = persistence(page)
    assert kept == "false"
    assert "may clear this site's data" in said and "7 days" in said and "home screen" in said, said
    assert "An export keeps a copy" in said
    assert USAGE.search(said), said
    flip(page, 2)
    page.reload()  # a refusal is never asked again
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    flip(page)
    wait_saved(page, 4)
    assert persist_calls(page) == 1
    assert persistence(page)[0] == "false"


def test_where_the_browser_keeps_the_site_for_good_the_page_says_so_and_asks_nothing(page: Page, guard,
                                                                                    site_url: str) -> None:
    page.add_init_script(COUNT_PERSIST)
    open_game(page)
    set_persistence(page, site_url, "granted")  # Chromium: the origin's storage is persistent at once
    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    flip(page, 2)
    wait_saved(page, 2)
    open_saving(page)
    sentence = page.locator("[data-testid=persistence]")
    expect(sentence).to_have_attribute("data-persisted", "true")
    expect(sentence).to_contain_text("This browser keeps your game and your statistics for good")
    assert USAGE.search(text(sentence)), text(sentence)
    assert "may clear" not in text(sentence)
    assert persist_calls(page) == 0 and record(page, "persistence") is None


@pytest.mark.parametrize("fault", WITHOUT_STORAGE)
def test_without_navigator_storage_the_game_saves_and_says_it_cannot_tell(page: Page, guard, fault: str) -> None:
    page.add_init_script(WITHOUT_STORAGE[fault])
    open_game(page)
    flip(page, 2)
    wait_saved(page, 2)
    open_saving(page)
    sentence = page.locator("[data-testid=persistence]")
    expect(sentence).to_have_attribute("data-persisted", "unknown")
    expect(sentence).to_contain_text("does not say whether it keeps your game for good")
    expect(sentence).to_contain_text("An export keeps a copy")
    assert "use" not in text(sentence.locator(".usage"))
    assert record(page, "persistence") is None
    assert record(page)["game"]["rounds"] == 2


def test_the_sentence_is_said_in_every_language_with_its_own_numbers(page: Page, guard, site_url: str) -> None:
    open_game(page)
    set_persistence(page, site_url, "denied")
    english = persistence(page)[1]
    for lang, digit in [("ru", "[0-9]"), ("bn", "[০-৯]"), ("sw", "[0-9]"), ("fr", "[0-9]"), ("id", "[0-9]")]:
        open_game(page, f"{lang}/index.html")
        page.wait_for_function("() => document.querySelector('[data-testid=persistence] .usage').textContent")
        kept, said = persistence(page)
        assert kept == "false"
        sentence = text(page.locator("[data-testid=persistence] .kept"))
        assert sentence and sentence not in english and "Safari" in sentence
        assert re.search(digit, text(page.locator("[data-testid=persistence] .usage"))), (lang, said)
