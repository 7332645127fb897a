"""The last resort when the trimmed standard library lacks a module: fetch Pyodide's whole one, once.

build.py ships only the standard-library modules that the game was seen to import (tools/trim_stdlib.mjs). If the
game ever imports another one, this finder, last on ``sys.meta_path``, downloads the whole ``python_stdlib.zip``
synchronously (it runs in the engine's worker, which may block) and imports the module from it. It acts only for
the modules the trimmed library left out, listed in ``_stdlib_fallback.names`` beside it, so the standard
library's own probes for optional modules (``_winapi``, ``nt``…) never cause a download. Offline, or once a
download has failed, it raises ``ModuleNotFoundError`` with the reason at once, and never tries again.
"""

from __future__ import annotations

import sys
import zipimport
from collections.abc import Callable

ARCHIVE = "/lib/python_stdlib_whole.zip"
NOTICE = "krig: the trimmed standard library lacks"  # the worker tells the page when a line starts so


def download(url: str) -> bytes:
    """GET `url` with the worker's synchronous download (js/worker.js), which refuses at once when offline.

    It is a JavaScript function because Pyodide hands Python its globals through a proxy while it may make a
    memory snapshot, and browser getters such as `navigator.onLine` refuse that proxy as their `this`.
    """
    from js import krigDownloadSync

    return krigDownloadSync(url).to_bytes()


class Fallback:
    """A meta-path finder for the left-out modules, backed by the whole standard library fetched on first use."""

    def __init__(self, url: str, left_out: frozenset[str], fetch: Callable[[str], bytes]) -> None:
        self.url = url
        self.left_out = left_out
        self.fetch = fetch
        self.failure: str | None = None
        self.used: list[str] = []  # the modules it had to find, in order

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> object:
        if fullname not in self.left_out:
            return None
        if fullname not in self.used:
            print(f"{NOTICE} {fullname}", file=sys.stderr)
            self.used.append(fullname)
        archive = self.archive(fullname)
        package = fullname.rpartition(".")[0].replace(".", "/")
        return zipimport.zipimporter(f"{archive}/{package}/" if package else archive).find_spec(fullname)

    def archive(self, fullname: str) -> str:
        """The whole standard library's zip in the file system, downloaded the first time."""
        if self.failure is None and not self.downloaded():
            try:
                data = self.fetch(self.url)
                with open(ARCHIVE, "wb") as file:
                    file.write(data)
            except Exception as error:  # any failure: say why, and never try again in this worker
                self.failure = f"{type(error).__name__}: {error}"
        if self.failure is not None:
            raise ModuleNotFoundError(f"No module named {fullname!r}: it is not in the trimmed standard library, "
                                      f"and the whole one could not be downloaded ({self.failure})", name=fullname)
        return ARCHIVE

    def downloaded(self) -> bool:
        try:
            with open(ARCHIVE, "rb"):
                return True
        except OSError:
            return False


def install(url: str, fetch: Callable[[str], bytes] = download) -> Fallback:
    """Put the fallback last on sys.meta_path (once) for the modules listed beside this file; return it."""
    for finder in sys.meta_path:
        if isinstance(finder, Fallback):
            return finder
    names = __spec__.loader.get_data(__file__.rpartition("/")[0] + "/_stdlib_fallback.names")
    finder = Fallback(url, frozenset(names.decode().split()), fetch)
    sys.meta_path.append(finder)
    return finder
