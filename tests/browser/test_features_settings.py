"""Settings saved with the game and restored on reload, also when the reload comes the instant after the change;
reduced motion turns the animation off."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from gamepage import ENGINE_READY, LOAD_TIMEOUT, Visitor, flip, new_game, open_game, record, wait_saved, wait_stored


def test_settings_persist_across_a_reload(page: Page, guard) -> None:
    open_game(page)
    new_game(page, 3, 12, order="played")
    page.click("#appearance summary")
    page.select_option("[data-testid=animation]", "fast")
    page.locator("[data-testid=speed]").fill("5")
    page.locator("[data-testid=speed]").dispatch_event("change")
    flip(page)
    wait_saved(page, 1)
    assert record(page)["settings"] == {"players": 3, "order": "played", "face_down": 1, "peace": False,
                                        "jokers": False, "only_tied": False, "speed": 5, "animation": "fast",
                                        "sound": True, "stop_war": False, "deck": "standard",
                                        "letters": "international"}
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


def test_reduced_motion_turns_the_animation_off(visitor: Visitor) -> None:
    context = visitor.context(reduced_motion="reduce")
    page = context.new_page()
    open_game(page)
    expect(page.locator("[data-testid=animation]")).to_have_value("none")
    flip(page)
    running = page.evaluate("() => document.getAnimations().length")
    assert running == 0
    context.close()


# Each setting that takes effect at once and is kept with the game, the page that offers it, its default,
# another value, and the moment it is changed: just after engine-ready, or just after a flip whose record may not
# be stored yet. (Players, order and face-down cards wait for the next game: a restored game shows its own.) Every
# setting is written by the same code at either moment, so each is tried at one, and each moment with a toggle and
# a choice in the appearance panel.
CHANGED = [("speed", "en", "3", "5", "engine-ready"), ("animation", "en", "normal", "none", "flip"),
           ("sound", "en", True, False, "engine-ready"), ("stop-war", "en", False, True, "flip"),
           ("deck", "en", "standard", "four-colour", "engine-ready"), ("letters", "fr", "international", "fr", "flip")]
IN_APPEARANCE = ("animation", "deck", "letters")


def change(page: Page, setting: str, value: str | bool) -> None:
    """Change `setting` to `value` as a player does: a tick by keyboard (the sound's box is drawn as a speaker),
    the speed slider to its fastest end, a choice in a list."""
    field = page.locator(f"[data-testid={setting}]")
    if isinstance(value, bool):
        field.focus()
        page.keyboard.press(" ")
    elif setting == "speed":
        field.focus()
        page.keyboard.press("End")
    else:
        field.select_option(value)


def expect_setting(page: Page, setting: str, value: str | bool) -> None:
    """The form shows `value` for `setting`."""
    field = expect(page.locator(f"[data-testid={setting}]"))
    if isinstance(value, bool):
        field.to_be_checked(checked=value)
    else:
        field.to_have_value(value)


@pytest.mark.parametrize(("setting", "lang", "default", "value", "moment"), CHANGED)
def test_a_setting_changed_right_after_engine_ready_or_a_flip_survives_an_immediate_reload(
        page: Page, guard, setting: str, lang: str, default: str | bool, value: str | bool, moment: str) -> None:
    open_game(page, f"{lang}/index.html")
    flip(page, 2)
    wait_saved(page, 2)  # a returning visitor's game, restored by the reload below
    page.reload()
    if setting in IN_APPEARANCE:
        page.click("#appearance summary")  # while the page starts, so that the change can come at once
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    if moment == "flip":
        flip(page)  # the round is on screen; its record may not be stored yet
    expect_setting(page, setting, default)
    change(page, setting, value)
    page.reload()  # in the same instant: nothing waits for IndexedDB
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect_setting(page, setting, value)
