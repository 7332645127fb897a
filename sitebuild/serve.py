"""`build.py serve`: dist/ served as a static host serves it (docs/deploy.md)."""

from __future__ import annotations

import os
import sys
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from .headers import HEADERS, headers_for, read_headers
from .paths import DIST


class Handler(SimpleHTTPRequestHandler):
    """Serves dist/ as a static host does: with the types that streaming wasm compilation and module workers need,
    a file's precompressed `.br` or `.gz` sibling, with its Content-Encoding, when the request accepts it, and the
    headers that `_headers` gives its address, as Netlify and Cloudflare Pages send them."""

    encodings = (("br", ".br"), ("gzip", ".gz"))  # preferred first

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".xml": "application/xml",
        ".txt": "text/plain",
        ".webmanifest": "application/manifest+json",
        ".whl": "application/zip",
        ".woff2": "font/woff2",
    }

    content_encoding: str | None = None  # of the response being sent
    vary = False  # the response depends on Accept-Encoding
    status = 0

    def translate_path(self, path: str) -> str:
        """The file to send: a folder's index.html, and then its best sibling that the request accepts."""
        local = super().translate_path(path)
        self.content_encoding, self.vary = None, False
        if os.path.isdir(local) and path.split("?", 1)[0].endswith("/"):
            local = os.path.join(local, "index.html")
        if not os.path.isfile(local):
            return local
        accepted = self.accepted_encodings()
        for name, suffix in self.encodings:
            # a sibling older than its file is stale (someone edited dist/ by hand): send the file itself
            if os.path.isfile(local + suffix) and os.path.getmtime(local + suffix) >= os.path.getmtime(local):
                self.vary = True
                if name in accepted and self.content_encoding is None:
                    self.content_encoding = name
        return local + dict(self.encodings)[self.content_encoding] if self.content_encoding else local

    def accepted_encodings(self) -> set[str]:
        """The codings that Accept-Encoding allows (`q=0` refuses one, `*` stands for the others)."""
        allowed: set[str] = set()
        refused: set[str] = set()
        for part in self.headers.get("Accept-Encoding", "").split(","):
            name, _, params = part.partition(";")
            weight = params.strip().removeprefix("q=").strip() or "1"
            (allowed if weight.replace(".", "").strip("0") else refused).add(name.strip().lower())
        if "*" in allowed:
            allowed |= {name for name, _ in self.encodings}
        return allowed - refused

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        path = os.fspath(path)
        if self.content_encoding:
            path = path.removesuffix(dict(self.encodings)[self.content_encoding])
        return super().guess_type(path)

    def send_response(self, code: int, message: str | None = None) -> None:
        self.status = code
        super().send_response(code, message)

    def end_headers(self) -> None:
        if self.vary:
            self.send_header("Vary", "Accept-Encoding")
        if self.content_encoding and self.status == HTTPStatus.OK:
            self.send_header("Content-Encoding", self.content_encoding)
        rules = read_headers(Path(self.directory) / HEADERS)  # read at every request: a rebuild takes effect at once
        for name, value in headers_for(rules, unquote(urlsplit(self.path).path)).items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass  # keep the console for the address and errors


class Server(ThreadingHTTPServer):
    """The threading server, but a browser that drops a connection (it left the page, or cancelled a download it no
    longer needs) is not an error: it logs nothing, where socketserver would print a whole traceback."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(dist: Path = DIST, port: int = 8000, host: str = "127.0.0.1",
                handler: type[SimpleHTTPRequestHandler] = Handler) -> Server:
    """A server of `dist` with `handler` (build.py's own by default, or one made from it for a test)."""
    return Server((host, port), partial(handler, directory=str(dist)))
