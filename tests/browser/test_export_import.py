"""Export on one browser, import on another (a fresh context: no shared storage), with the same checks as a save:
a damaged or foreign file is refused with a reason and changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from faults import fixture
from gamepage import ENGINE_READY, LOAD_TIMEOUT, Visitor, board, flip, new_game, record, wait_saved

MARKUP = '<img src=x onerror="window.__pwned = 1">'


def import_file(page: Page, path: Path) -> None:
    if page.locator("#saving").get_attribute("open") is None:
        page.click("#saving summary")
    page.set_input_files("[data-testid=import]", str(path))


def test_an_exported_game_imports_in_another_browser(page: Page, visitor: Visitor,
                                                     tmp_path: Path) -> None:
    page.goto("en/index.html")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    new_game(page, 3, 404)
    flip(page, 4)
    wait_saved(page, 4)
    page.click("#saving summary")
    with page.expect_download() as info:
        page.click("[data-testid=export]")
    exported = tmp_path / "game.json"
    info.value.save_as(exported)
    assert exported.stat().st_size < 4096  # a small file
    assert json.loads(exported.read_text()) == record(page)["game"]  # the game as it is stored
    before = board(page)

    other = visitor.page()
    assert record(other)["game"]["seed"] != 404  # it has a game of its own
    import_file(other, exported)
    other.wait_for_function("() => document.getElementById('board').dataset.round === '4'")
    assert board(other)["counts"] == before["counts"]
    expect(other.locator("[data-testid=status]")).to_contain_text("imported")
    wait_saved(other, 4)
    assert record(other)["game"] == json.loads(exported.read_text())  # now saved on this device
    flip(other)
    other.context.close()


DAMAGED_SENTENCE = "It is damaged, or it was changed outside Krig, so its game cannot be played on."
NOT_A_SAVE_SENTENCE = "The file is not a saved Krig game."


def bad_files(tmp: Path) -> dict[str, tuple[Path, str]]:
    saved = fixture(1)
    tampered = json.loads(json.dumps(saved["game"]))
    tampered["hands"][0].append(tampered["hands"][1][0])
    files = {  # the page's sentence for each kind of refusal; the engine's English detail is not shown
        "tampered": (json.dumps(tampered), DAMAGED_SENTENCE),
        "not-json": ("Krig\x00\x01 not JSON at all", NOT_A_SAVE_SENTENCE),
        "wrong-kind": (json.dumps({"type": "FeatureCollection", "features": []}), NOT_A_SAVE_SENTENCE),
        "picture": ("\x89PNG\r\n\x1a\n" + "x" * 100, NOT_A_SAVE_SENTENCE),
        "too-big": ("[" + "1," * 300_000 + "1]", "The file is too large to be a saved game."),
        "newer": (json.dumps({**saved, "version": 9}), "It was saved by a newer version of Krig. Reload the page to "
                  "get the newest version, then try again."),
        "markup": (json.dumps({**saved["game"], "order": MARKUP}), DAMAGED_SENTENCE),
    }
    out = {}
    for name, (content, message) in files.items():
        path = tmp / f"{name}.json"
        path.write_text(content)
        out[name] = (path, message)
    return out


@pytest.mark.parametrize("name", ["tampered", "not-json", "wrong-kind", "picture", "too-big", "newer", "markup"])
def test_a_bad_file_is_refused_with_a_reason_and_changes_nothing(page: Page, guard, tmp_path: Path,
                                                                 name: str) -> None:
    path, message = bad_files(tmp_path)[name]
    page.goto("en/index.html")
    page.wait_for_function(ENGINE_READY, timeout=LOAD_TIMEOUT)
    new_game(page, 2, 17)
    flip(page)
    wait_saved(page, 1)
    saved = record(page)
    import_file(page, path)
    notice = page.locator("[data-testid=import-failed]")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("This file could not be imported.")
    expect(page.locator("#import-failed-reason")).to_have_text(message)
    assert page.locator("img[src=x]").count() == 0 and page.evaluate("() => window.__pwned") is None
    assert record(page) == saved
    flip(page)  # the current game goes on
    wait_saved(page, 2)
