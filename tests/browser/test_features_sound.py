"""Sound: silent until the visitor's first action, never when the toggle is off, never for a dealt or restored
board; the toggle is remembered with the settings, across a reload and a change of language, and works by keyboard.

To observe real playback without mocking it, an init script wraps the page's Web Audio entry points and counts
them while still calling the real ones: every AudioContext made, every oscillator created
(`AudioContext.prototype.createOscillator`), and every oscillator started (`OscillatorNode.prototype.start`) with
its context running, so the notes are really scheduled and played (headless Chromium plays them muted).
"""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, expect

from gamepage import ENGINE_READY, LOAD_TIMEOUT, READ_RECORD, flip, new_game, open_game

COUNT_SOUND = """(() => {
  const heard = window.__heard = { contexts: 0, oscillators: 0, started: 0, running: 0 };
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); heard.contexts += 1; }
  };
  const createOscillator = Real.prototype.createOscillator;
  Real.prototype.createOscillator = function (...args) {
    heard.oscillators += 1;
    return createOscillator.apply(this, args);
  };
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) {
    heard.started += 1;
    if (this.context.state === "running") heard.running += 1;
    return start.apply(this, args);
  };
})();"""

HEARD = "() => window.__heard"
SOUND_SAVED = f"async (on) => (await ({READ_RECORD})('current')).settings.sound === on"


def heard(page: Page) -> dict[str, int]:
    return page.evaluate(HEARD)


def heard_once(page: Page, condition: str) -> dict[str, int]:
    """What the page has made and played once `condition` on them (`h`) holds: the AudioContext is made a moment
    after the press that allows it, and the round drawn meanwhile is heard then (sound.js)."""
    page.wait_for_function(f"() => {{ const h = window.__heard; return {condition}; }}")
    return heard(page)


def round_number(page: Page) -> int:
    return int(page.evaluate("() => document.getElementById('board').dataset.round"))


def flip_by_script(page: Page) -> None:
    """A round played with no press and no key: the flip button's click() from a script."""
    number = round_number(page)
    page.evaluate("() => document.getElementById('flip').click()")
    page.wait_for_function("(n) => document.getElementById('board').dataset.round === String(n)", arg=number + 1)


def test_the_page_is_silent_until_the_first_action_and_for_a_dealt_or_restored_board(
        context: BrowserContext, page: Page, guard) -> None:
    context.add_init_script(COUNT_SOUND)
    open_game(page)
    flip_by_script(page)
    assert heard(page) == {"contexts": 0, "oscillators": 0, "started": 0, "running": 0}

    flip(page)  # the first press: the page may sound now, and this round does
    first = heard_once(page, "h.started > 0")
    assert first["contexts"] == 1
    assert first["started"] == first["oscillators"] > 0
    assert first["running"] == first["started"]

    new_game(page, 2, 5)  # a deal plays no round: no sound
    assert heard(page) == first

    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    page.click("#saving summary")  # a first action on the reloaded page, after its board was restored
    assert heard_once(page, "h.contexts > 0") == {"contexts": 1, "oscillators": 0, "started": 0, "running": 0}

    other = context.new_page()  # a second tab, which waits; "Play here instead" restores the game there
    other.goto("en/index.html")
    expect(other.locator("[data-testid=other-tab]")).to_be_visible(timeout=LOAD_TIMEOUT)
    other.click("[data-testid=take-over]")
    expect(other.locator("[data-testid=flip]")).to_be_enabled()
    assert heard_once(other, "h.contexts > 0")["contexts"] == 1
    assert heard(other)["started"] == 0
    flip(other)
    assert heard(other)["running"] == heard(other)["started"] > 0


def test_the_sound_toggle_silences_the_page_at_once_and_is_remembered(page: Page, guard) -> None:
    page.context.add_init_script(COUNT_SOUND)
    open_game(page)
    sound = page.locator("[data-testid=sound]")
    expect(sound).to_be_checked()  # on by default

    # by keyboard: from Flip, Tab to the toggle beside it, Space turns it off (and flips nothing)
    expect(page.locator("[data-testid=flip]")).to_be_enabled()
    page.focus("[data-testid=flip]")
    for _ in range(20):
        if page.evaluate("() => document.activeElement.id") == "sound":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.testid") == "sound"
    page.keyboard.press(" ")
    expect(sound).not_to_be_checked()
    assert round_number(page) == 0
    page.wait_for_function(SOUND_SAVED, arg=False)
    flip(page, 3)
    assert heard(page)["started"] == 0

    page.reload()
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(sound).not_to_be_checked()
    flip(page, 2)
    assert heard(page)["started"] == 0

    page.goto("fr/index.html")  # the same settings in another language
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(sound).not_to_be_checked()
    flip(page)
    assert heard(page)["started"] == 0
    page.click("#saving summary")
    sound.click()  # on again: the toggle wakes the sound itself, and the next round is heard
    expect(sound).to_be_checked()
    page.wait_for_function(SOUND_SAVED, arg=True)
    assert heard_once(page, "h.contexts > 0")["contexts"] == 1
    flip(page)
    on = heard(page)
    assert on["contexts"] == 1
    assert on["running"] == on["started"] > 0

    sound.click()  # off again, at once
    page.wait_for_function(SOUND_SAVED, arg=False)
    flip(page, 2)
    assert heard(page)["started"] == on["started"]

    page.goto("en/index.html")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    expect(sound).not_to_be_checked()


# Each sound rendered by the browser's own Web Audio, offline: how long it lasts, how loud it gets, and the
# biggest step between two samples (a click is a sudden step; a soft note's steps are far smaller than its peak).
RENDER = """async (modules) => {
  const { SOUNDS, schedule } = await import(modules + 'sound.js'); // as written: the page has it bundled
  const rate = 44100;
  const rendered = {};
  for (const [cue, notes] of Object.entries(SOUNDS)) {
    const audio = new OfflineAudioContext(1, 2 * rate, rate);
    schedule(audio, audio.destination, notes);
    const samples = (await audio.startRendering()).getChannelData(0);
    let peak = 0, step = 0, last = 0;
    for (let i = 0; i < samples.length; i++) {
      peak = Math.max(peak, Math.abs(samples[i]));
      if (i) step = Math.max(step, Math.abs(samples[i] - samples[i - 1]));
      if (Math.abs(samples[i]) > 0.001) last = i;
    }
    rendered[cue] = { first: Math.abs(samples[0]), peak, step, seconds: (last + 1) / rate };
  }
  return rendered;
}"""


def test_every_sound_is_short_and_soft_and_starts_and_ends_without_a_click(page: Page, guard, modules: str) -> None:
    open_game(page)
    rendered = page.evaluate(RENDER, modules)
    assert set(rendered) == {"flip", "pile", "war", "won", "over"}
    for cue, sound in rendered.items():
        assert sound["first"] < 0.001, cue  # it starts from silence
        assert 0.03 < sound["seconds"] < 1.2, (cue, sound)  # heard, and short (the end of a game the longest)
        assert 0.05 < sound["peak"] < 0.4, (cue, sound)  # soft, before the page's volume halves it
        assert sound["step"] < sound["peak"] / 4, (cue, sound)  # no sudden step: the envelope ramps in and out
    assert rendered["flip"]["seconds"] < rendered["war"]["seconds"] < rendered["won"]["seconds"]
