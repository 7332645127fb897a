"""`build.py serve` answers as a static host does: the precompressed sibling when the browser accepts it."""

from __future__ import annotations

import gzip
import http.client
import os
import socket
import struct
import threading
from pathlib import Path
from urllib.parse import urlsplit

import brotli
import pytest

import build

WASM = f"/{build.runtime_folder()}/pyodide.asm.wasm"


def get(site_url: str, path: str, method: str = "GET", **headers: str) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection(urlsplit(site_url).netloc, timeout=30)
    try:
        connection.request(method, path, headers=headers)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


@pytest.mark.parametrize(("accept", "coding"), [
    ("gzip, deflate, br, zstd", "br"),
    ("gzip, deflate", "gzip"),
    ("br;q=0, gzip;q=0.5", "gzip"),
    ("*", "br"),
    ("identity", None),
    ("", None),
])
def test_the_sibling_the_request_accepts_is_sent_with_its_encoding(site_url: str, dist: Path, accept: str,
                                                                  coding: str | None) -> None:
    status, headers, body = get(site_url, WASM, **({"Accept-Encoding": accept} if accept else {}))
    raw = (dist / WASM.lstrip("/")).read_bytes()
    assert status == 200
    assert headers["content-type"] == "application/wasm"  # streaming compilation needs the original's type
    assert headers["vary"] == "Accept-Encoding"
    assert headers.get("content-encoding") == coding
    assert int(headers["content-length"]) == len(body)
    decoded = {"br": brotli.decompress, "gzip": gzip.decompress, None: lambda data: data}[coding](body)
    assert decoded == raw
    if coding:
        assert len(body) < len(raw) / 2


def test_a_folder_sends_its_compressed_index_and_head_sends_no_body(site_url: str, dist: Path) -> None:
    status, headers, body = get(site_url, "/en/", **{"Accept-Encoding": "br"})
    assert status == 200 and headers["content-encoding"] == "br"
    assert headers["content-type"].startswith("text/html")
    assert brotli.decompress(body) == (dist / "en" / "index.html").read_bytes()
    status, headers, body = get(site_url, "/en/index.html", "HEAD", **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["content-encoding"] == "gzip" and body == b""


def test_an_unchanged_file_is_revalidated_without_a_body(site_url: str) -> None:
    _, first, _ = get(site_url, "/js/game.js", **{"Accept-Encoding": "br"})
    status, headers, body = get(site_url, "/js/game.js", **{"Accept-Encoding": "br",
                                                             "If-Modified-Since": first["last-modified"]})
    assert status == 304 and body == b"" and "content-encoding" not in headers


def test_every_answer_carries_the_headers_that_headers_gives_its_address(site_url: str, dist: Path) -> None:
    rules = build.read_headers(dist / "_headers")
    for path in ("/en/", "/sw.js", WASM):
        status, headers, _ = get(site_url, path, **{"Accept-Encoding": "br"})
        assert status == 200
        expected = build.headers_for(rules, path)
        assert {name.lower(): value for name, value in expected.items()}.items() <= headers.items(), path
    assert "frame-ancestors 'none'" in get(site_url, "/en/")[1]["content-security-policy"]
    assert get(site_url, "/en/")[1]["cache-control"] == "no-cache"
    _, first, _ = get(site_url, WASM)
    status, again, _ = get(site_url, WASM, **{"If-Modified-Since": first["last-modified"]})
    assert status == 304 and first["cache-control"] == again["cache-control"] == "public, max-age=31536000, immutable"


def test_a_missing_file_is_a_plain_404(site_url: str) -> None:
    status, headers, _ = get(site_url, "/no/such/file.js", **{"Accept-Encoding": "br"})
    assert status == 404 and "content-encoding" not in headers


def test_serve_types() -> None:
    assert build.Handler.extensions_map[".wasm"] == "application/wasm"
    assert build.Handler.extensions_map[".mjs"] == "text/javascript"


def test_a_sibling_older_than_its_file_is_stale_and_not_sent(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text("new")
    stale = tmp_path / "page.html.br"
    stale.write_bytes(brotli.compress(b"old"))
    os.utime(stale, (page.stat().st_mtime - 60,) * 2)
    server = build.make_server(tmp_path, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        status, headers, body = get(f"http://127.0.0.1:{server.server_address[1]}/", "/page.html",
                                    **{"Accept-Encoding": "br"})
    finally:
        server.shutdown()
        server.server_close()
    assert status == 200 and body == b"new" and "content-encoding" not in headers


def test_a_connection_the_browser_drops_is_logged_by_no_traceback(tmp_path: Path, capfd: pytest.CaptureFixture[str]
                                                                  ) -> None:
    (tmp_path / "big.bin").write_bytes(os.urandom(8 << 20))  # more than the sockets' buffers hold
    server = build.make_server(tmp_path, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        dropped = socket.create_connection(("127.0.0.1", server.server_address[1]))
        dropped.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
        dropped.recv(1024)  # the answer has begun
        dropped.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # reset, as a tab closing
        dropped.close()
        status, _, _ = get(f"http://127.0.0.1:{server.server_address[1]}/", "/missing")  # served after it
    finally:
        server.shutdown()
        server.server_close()
    assert status == 404
    assert "Traceback" not in capfd.readouterr().err
