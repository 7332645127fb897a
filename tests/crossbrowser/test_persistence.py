"""Storage kept for good, in Firefox ESR and WebKitGTK: after an action and its save (when the page may ask the
browser to keep its data), "Saving and privacy" says what this browser itself answers, in words and in
data-persisted, with the space used where the browser says it, and the same after a reload."""

from __future__ import annotations

import re

from browsers.drivers import Tab

# what the browser itself says: "true", "false", or "unknown" where it has no navigator.storage.persisted
BROWSER_SAYS = """async () => {
  const storage = navigator.storage;
  return storage && typeof storage.persisted === 'function' ? String(await storage.persisted()) : 'unknown';
}"""
SAID = """() => { const p = document.querySelector('[data-testid=persistence]');
  return {kept: p.dataset.persisted, sentence: p.querySelector('.kept').textContent,
          usage: p.querySelector('.usage').textContent}; }"""
HAS_ESTIMATE = "() => Boolean(navigator.storage && typeof navigator.storage.estimate === 'function')"
SENTENCES = {
    "true": "This browser keeps your game and your statistics for good",
    "false": "This browser may clear this site's data",
    "unknown": "This browser does not say whether it keeps your game for good",
}
USAGE = re.compile(r"(Your game and statistics use|Krig uses) [\d.,]+ \S+")


def check_said(tab: Tab) -> str:
    browser = tab.evaluate(BROWSER_SAYS)
    tab.wait(f"() => document.querySelector('[data-testid=persistence]').dataset.persisted === '{browser}'")
    said = tab.evaluate(SAID)
    assert said["sentence"].startswith(SENTENCES[browser]), said
    if browser != "true":
        assert "7 days" in said["sentence"] and "An export keeps a copy" in said["sentence"], said
    if tab.evaluate(HAS_ESTIMATE):
        assert USAGE.search(said["usage"]), said
    return browser


def test_saving_and_privacy_says_whether_this_browser_keeps_the_game_for_good(tab: Tab) -> None:
    tab.open("en/index.html")
    tab.flip(2)  # the visitor's first action, then its save: the page may ask the browser now
    tab.wait_saved(tab.round())
    tab.click("#saving summary")
    before = check_said(tab)
    tab.reload()
    tab.ready()
    assert check_said(tab) == before
