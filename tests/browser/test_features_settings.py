"""Settings saved with the game and restored on reload; reduced motion turns the animation off."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from gamepage import ENGINE_READY, LOAD_TIMEOUT, flip, new_game, open_game, record, wait_saved, wait_stored


def test_settings_persist_across_a_reload(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 3, 12, order="played")
    page.click("#appearance summary")
    page.select_option("[data-testid=animation]", "fast")
    page.locator("[data-testid=speed]").fill("5")
    page.locator("[data-testid=speed]").dispatch_event("change")
    flip(page)
    wait_saved(page, 1)
    assert record(page)["settings"] == {"players": 3, "order": "played", "face_down": 1, "speed": 5,
                                        "animation": "fast", "sound": True, "stop_war": False,
                                        "deck": "standard", "letters": "international"}
    assert "fast-animation" in page.evaluate("() => document.documentElement.className")

    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-testid=animation]")).to_have_value("fast")
    expect(page.locator("[data-testid=speed]")).to_have_value("5")
    expect(page.locator("[data-testid=players]")).to_have_value("3")
    expect(page.locator("[data-testid=order-played]")).to_be_checked()
    assert "fast-animation" in page.evaluate("() => document.documentElement.className")

    expect(page.locator("[data-testid=flip]")).to_be_enabled()  # the stored game is back in the engine
    page.click("#appearance summary")
    page.select_option("[data-testid=animation]", "none")
    wait_stored(page, lambda stored: stored["settings"]["animation"] == "none")
    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(page.locator("[data-testid=animation]")).to_have_value("none")
    assert "no-animation" in page.evaluate("() => document.documentElement.className")


def test_reduced_motion_turns_the_animation_off(browser: Browser, site_url: str) -> None:
    context = browser.new_context(base_url=site_url, reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    open_game(page)
    expect(page.locator("[data-testid=animation]")).to_have_value("none")
    flip(page)
    running = page.evaluate("() => document.getAnimations().length")
    assert running == 0
    context.close()
    assert errors == []
