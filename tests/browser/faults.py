"""Helpers for the reliability tests: write IndexedDB directly, break it on purpose, and read downloads.

Everything goes through the raw IndexedDB API in the page, never through the site's own store.js, so the tests
check what is really stored and can store what the site never would.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from serving import BLANK

SAVES = Path(__file__).resolve().parents[1] / "fixtures" / "saves"

WRITE_RECORD = """([key, value, junk]) => new Promise((resolve, reject) => {
  if (junk) value = { ...value, junk: 'x'.repeat(junk) };  // built here: megabytes need not cross the wire
  const open = indexedDB.open('krig');
  open.onerror = () => reject(open.error);
  open.onupgradeneeded = () => open.result.createObjectStore('saves');
  open.onsuccess = () => {
    const db = open.result;
    const tx = db.transaction('saves', 'readwrite');
    tx.objectStore('saves').put(value, key);
    tx.oncomplete = () => { db.close(); resolve(); };
    tx.onerror = () => { db.close(); reject(tx.error); };
  };
})"""


def fixture(version: int) -> dict[str, Any]:
    """A record saved by version `version` of the site (tests/fixtures/saves/v<version>.json)."""
    return json.loads((SAVES / f"v{version}.json").read_text())


def store_record(page: Page, value: Any, key: str = "current", junk: int = 0) -> None:
    """Write `value` (plus `junk` characters of padding) under `key`, before the game page is loaded."""
    page.goto(BLANK)  # no script of ours runs there, so nothing else touches IndexedDB meanwhile
    page.evaluate(WRITE_RECORD, [key, value, junk])


def downloaded(page: Page, selector: str) -> Any:
    """Click `selector`, wait for the download it starts, and return the file's JSON."""
    with page.expect_download() as info:
        page.click(selector)
    return json.loads(Path(info.value.path()).read_text())
