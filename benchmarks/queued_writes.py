"""Which IndexedDB writes a page keeps when it is reloaded in the same instant, in headless Chromium: a small write
committed at once (`commit()`, as store.js commits the record), begun alone, or behind an earlier transaction of
the same page, which IndexedDB finishes first.

    .venv/bin/python benchmarks/queued_writes.py              # 20 reloads per case
    .venv/bin/python benchmarks/queued_writes.py --reloads 50

Each reload comes right after the page has begun its transactions, with no wait for IndexedDB. The earlier one is
a write committed at once (of `size` values of 1 kB and the reload's number), or a read, committed at once or
left to commit by itself once the page has taken its answer; then the page may be busy for a while, as it is
just after drawing a round. The small write puts the reload's number, and the next page reads what was kept.
Prints, per case, how many small writes were lost (and of the earlier writes). Nothing is asserted: the figures
are the browser's, and docs/reliability.md says what the page makes of them.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from sitebuild.chromium import launch_options  # noqa: E402

OPEN = """() => new Promise((opened) => {
  const request = indexedDB.open('probe');
  request.onupgradeneeded = () => request.result.createObjectStore('saves');
  request.onsuccess = () => { window.db = request.result; opened(); };
})"""
BEGIN = """([number, first, size, busy]) => {
  if (first === 'write') {
    const earlier = db.transaction('saves', 'readwrite');
    const saves = earlier.objectStore('saves');
    for (let i = 0; i < size; i++) saves.put('x'.repeat(1000) + i, 'filler' + i);
    saves.put(number, 'earlier');
    earlier.commit();
  } else if (first !== 'nothing') {
    const read = db.transaction('saves');
    read.objectStore('saves').get('earlier');
    if (first === 'read committed at once') read.commit();
  }
  const small = db.transaction('saves', 'readwrite');
  small.objectStore('saves').put(number, 'small');
  small.commit();
  if (busy) setTimeout(() => { const end = performance.now() + busy; while (performance.now() < end); });
}"""
READ = """() => new Promise((read) => {
  const transaction = db.transaction('saves');
  const saves = transaction.objectStore('saves');
  const [earlier, small] = [saves.get('earlier'), saves.get('small')];
  transaction.oncomplete = () => read([earlier.result, small.result]);
})"""
# What comes first, the earlier write's number of 1 kB values, and how long the page is busy after (ms)
CASES = [("nothing", 0, 0), ("nothing", 0, 50), ("write", 0, 0), ("write", 20, 0), ("write", 500, 0),
         ("write", 2000, 0), ("read committed at once", 0, 50), ("read committed at once", 0, 200),
         ("read left to commit by itself", 0, 0), ("read left to commit by itself", 0, 50),
         ("read left to commit by itself", 0, 200)]


def lost(page: Page, first: str, size: int, busy: int, reloads: int) -> tuple[int, int]:
    """Of `reloads` reloads, how many lost the small write, and the earlier write (if `first` is one)."""
    small = earlier = 0
    for number in range(reloads):
        page.evaluate(OPEN)
        page.evaluate(BEGIN, [number, first, size, busy])
        page.reload()
        page.evaluate(OPEN)
        kept_earlier, kept_small = page.evaluate(READ)
        small += kept_small != number
        earlier += first == "write" and kept_earlier != number
    return small, earlier


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reloads", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "index.html").write_text(
            '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>Probe</title>')
        server = build.make_server(Path(folder), port=0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**launch_options())
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/index.html")
            print(f"{'the small write begun behind':<46} {'page busy':>9} {'small lost':>10} {'earlier lost':>12}")
            for first, size, busy in CASES:
                small, earlier = lost(page, first, size, busy, args.reloads)
                name = f"a write of {size:,} kB" if first == "write" and size else \
                    ("a small write" if first == "write" else f"{'a ' if first != 'nothing' else ''}{first}")
                print(f"{name:<46} {f'{busy} ms':>9} {f'{small}/{args.reloads}':>10} "
                      f"{f'{earlier}/{args.reloads}' if first == 'write' else '–':>12}", flush=True)
            browser.close()
        server.shutdown()


if __name__ == "__main__":
    main()
