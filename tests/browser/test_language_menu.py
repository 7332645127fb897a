"""The language menu: on a 320 px phone one labelled menu in the header opens onto all six languages at once, each a
plain link to that language's page, by touch, by keyboard and for a screen reader."""

from __future__ import annotations

from playwright.sync_api import expect

from sitebuild.languages import CODES

from gamepage import ENGINE_READY, LOAD_TIMEOUT, Visitor

LANGS = list(CODES)
INSIDE = """() => [...document.querySelectorAll('[data-testid=language-switcher] a')].map((link) => {
  const r = link.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {lang: link.dataset.lang, href: link.getAttribute('href'), seen: r.left >= 0 && r.right <= innerWidth
    && r.top >= 0 && r.bottom <= innerHeight && (hit === link || link.contains(hit)), height: r.height};
})"""


def test_all_six_languages_are_one_labelled_menu_away_on_a_small_phone(visitor: Visitor) -> None:
    context = visitor.at(320, 568)
    page = context.new_page()
    page.goto("ru/index.html")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 320  # nothing scrolls sideways
    menu = page.get_by_role("navigation", name="Язык")
    opener = menu.locator("summary")
    expect(opener).to_have_accessible_name("Язык Русский")  # what it is and the language now, for a screen reader
    opener.tap()  # by touch: every language at once, each a whole link on screen
    links = page.evaluate(INSIDE)
    assert [link["lang"] for link in links] == LANGS
    assert all(link["seen"] and link["height"] >= 44 for link in links), links
    assert all(link["href"].endswith(f"{link['lang']}/index.html") for link in links), links
    opener.tap()
    expect(menu.locator("a").first).to_be_hidden()

    # by keyboard: Tab to the menu, Enter opens it, Tab goes through the languages, Enter follows the link
    opener.focus()
    page.keyboard.press("Enter")
    expect(menu.locator("a[data-lang=sw]")).to_be_visible()
    for _ in range(LANGS.index("sw") + 1):
        page.keyboard.press("Tab")
    expect(menu.locator("a[data-lang=sw]")).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_url("**/sw/index.html")
    expect(page.locator("html")).to_have_attribute("lang", "sw")
    context.close()
