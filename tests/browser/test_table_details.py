"""The small things a player meets at the table: the pile says what it counts, Auto-play keeps its width, each
log line says its round once, Share keeps the round's sentence, hover styles only where there is hover, and a
replay's deal has a sentence of its own."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, expect

from gamepage import flip, open_game

SHORT = "[data-testid=status] .short"  # the status line on screen


def on_screen(page: Page, selector: str) -> str:
    return page.locator(selector).evaluate("(element) => element.textContent")


def test_the_pile_says_what_it_counts(page: Page, guard) -> None:
    open_game(page, "en/index.html?players=2&seed=7")
    flip(page)
    pile = page.locator("[data-testid=pile]")
    expect(pile).to_have_text(f"Cards in the pile: {pile.get_attribute('data-count')}")


def test_auto_play_keeps_its_width_when_it_turns_to_pause(page: Page, guard) -> None:
    open_game(page, "en/index.html?players=2&seed=7")
    button = page.locator("[data-testid=autoplay]")
    width = button.evaluate("(b) => b.getBoundingClientRect().width")
    button.click()
    expect(button).to_have_text("Pause")
    assert button.evaluate("(b) => b.getBoundingClientRect().width") == width
    button.click()
    expect(button).to_have_text("Auto-play")
    assert button.evaluate("(b) => b.getBoundingClientRect().width") == width


def test_each_log_line_says_its_round_once(page: Page, guard) -> None:
    open_game(page, "en/index.html?players=2&seed=7")
    flip(page, 3)
    page.click("[data-testid=log] summary")
    lines = page.locator("#log-list li")
    expect(lines).to_have_count(3)
    assert (lines.first.text_content() or "").startswith("Round 3 ")
    # the label says the round; the list draws no number of its own beside it
    assert lines.first.evaluate("(li) => getComputedStyle(li).listStyleType") == "none"


def test_share_copies_the_link_and_keeps_the_rounds_sentence(page: Page, context: BrowserContext, guard,
                                                             site_url: str) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url.rstrip("/"))
    open_game(page, "en/index.html?players=2&seed=7")
    flip(page, 2)
    sentence = on_screen(page, SHORT)
    assert page.evaluate("() => typeof navigator.share") == "undefined"  # no share sheet here: the link is copied
    page.click("[data-testid=share]")
    expect(page.locator("[data-testid=share-note]")).to_have_text("Link copied.")
    assert on_screen(page, SHORT) == sentence
    assert page.evaluate("() => navigator.clipboard.readText()") == page.locator("#share-url").input_value()


def test_hover_styles_apply_only_where_there_is_hover(page: Page, guard) -> None:
    open_game(page)
    outside = page.evaluate("""() => [...document.styleSheets].flatMap((sheet) => {
      const loose = [];
      const walk = (rules, hover) => { for (const rule of rules) {
        if (rule instanceof CSSMediaRule) walk(rule.cssRules, hover || rule.conditionText.includes('hover: hover'));
        else if (rule.selectorText && rule.selectorText.includes(':hover') && !hover) loose.push(rule.selectorText);
      } };
      walk(sheet.cssRules, false);
      return loose;
    })""")
    assert outside == []


def test_a_replay_says_a_sentence_before_its_first_round(page: Page, guard) -> None:
    open_game(page, "en/index.html?players=2&seed=7")
    page.click("[data-testid=finish]")
    expect(page.locator("[data-testid=result]")).to_be_visible()
    page.click("[data-testid=replay]")
    expect(page.locator("[data-testid=replay-bar]")).to_have_attribute("data-round", "0")
    expect(page.locator(SHORT)).to_have_text(
        "The cards are dealt. Press “Next round” or “Play” to watch the game again.")
    page.click("[data-testid=replay-forward]")
    expect(page.locator("[data-testid=replay-bar]")).to_have_attribute("data-round", "1")
    assert "The cards are dealt" not in on_screen(page, SHORT)
