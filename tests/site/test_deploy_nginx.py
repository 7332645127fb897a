"""nginx with the configuration that docs/deploy.md gives, run as it stands: every file comes with the headers that
`_headers` gives its address and the type that `build.py serve` gives it, and precompressed when the browser
accepts it. Skipped where nginx or its brotli_static module is not installed."""

from __future__ import annotations

import gzip
import mimetypes
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import brotli
import pytest
from test_serve import get

import build

DOC = build.ROOT / "docs" / "deploy.md"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
LANGS = [lang.code for lang in build.LANGUAGES]


def modules_path() -> Path | None:
    """Where this nginx keeps its dynamic modules, if it is installed."""
    if not Path(NGINX).is_file():
        return None
    found = re.search(r"--modules-path=(\S+)", subprocess.run([NGINX, "-V"], capture_output=True, text=True).stderr)
    return Path(found.group(1)) if found else None


BROTLI = (modules_path() or Path("/nonexistent")) / "ngx_http_brotli_static_module.so"
pytestmark = pytest.mark.skipif(not BROTLI.is_file(), reason="needs nginx and its brotli_static module")


def documented_site() -> str:
    (block,) = re.findall(r"```nginx\n(.*?)```", DOC.read_text(), re.S)
    return block


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def nginx_url(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """nginx serving `dist` on a free local port, with the documented server block and nothing but that."""
    home, port = tmp_path_factory.mktemp("nginx"), free_port()
    site = documented_site()
    assert "listen 80;" in site and "root /srv/krig;" in site
    (home / "site.conf").write_text(site.replace("listen 80;", f"listen 127.0.0.1:{port};")
                                    .replace("root /srv/krig;", f"root {dist};"))
    temp = "\n".join(f"    {kind}_temp_path {home / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi",
                                                                            "scgi"))
    (home / "nginx.conf").write_text(f"load_module {BROTLI};\nuser root;\npid {home / 'nginx.pid'};\nevents {{}}\n"
                                     f"http {{\n    access_log off;\n{temp}\n    include {home / 'site.conf'};\n}}\n")
    server = subprocess.Popen([NGINX, "-p", str(home), "-e", str(home / "error.log"), "-c", str(home / "nginx.conf"),
                               "-g", "daemon off;"], stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while server.poll() is None and time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    assert server.poll() is None, (home / "error.log").read_text() if (home / "error.log").exists() else ""
    yield f"http://127.0.0.1:{port}/"
    server.terminate()
    server.wait(timeout=10)


def served(dist: Path) -> list[str]:
    """Every address a visitor may ask for: every file but the precompressed siblings and the host's, and the
    folders that stand for their index.html."""
    files = [p for p in dist.rglob("*") if p.is_file() and p.suffix not in {".br", ".gz"}
             and p.name not in build.HOST_FILES]
    return ["/", *(f"/{lang}/" for lang in LANGS), *("/" + p.relative_to(dist).as_posix() for p in files)]


def serve_type(address: str) -> str | None:
    """The type `build.py serve` gives the file at `address`."""
    name = address + "index.html" if address.endswith("/") else address
    return build.Handler.extensions_map.get(Path(name).suffix) or mimetypes.guess_type(name)[0]


def test_every_file_comes_with_the_headers_that_headers_gives_it(nginx_url: str, dist: Path) -> None:
    rules = build.read_headers(dist / "_headers")
    wrong = {}
    for address in served(dist):
        status, headers, _ = get(nginx_url, address)
        expected = {name.lower(): value for name, value in build.headers_for(rules, address).items()}
        sent = {name: headers.get(name) for name in expected}
        if status != 200 or sent != expected or headers["content-type"] != serve_type(address):
            wrong[address] = (status, headers.get("content-type"), sent)
    assert wrong == {}


def test_the_precompressed_file_is_sent_when_the_browser_accepts_it(nginx_url: str, dist: Path) -> None:
    wasm = f"/{build.runtime_folder()}/pyodide.asm.wasm"
    raw = (dist / wasm.lstrip("/")).read_bytes()
    for accept, coding, decode in (("gzip, deflate, br", "br", brotli.decompress), ("gzip", "gzip", gzip.decompress),
                                   ("identity", None, bytes)):
        status, headers, body = get(nginx_url, wasm, **{"Accept-Encoding": accept})
        assert status == 200 and headers.get("content-encoding") == coding and decode(body) == raw, accept
        assert headers["content-type"] == "application/wasm"
    status, headers, body = get(nginx_url, "/en/", **{"Accept-Encoding": "br"})
    assert headers["content-encoding"] == "br" and brotli.decompress(body) == (dist / "en" / "index.html").read_bytes()
    assert "accept-encoding" in headers["vary"].lower()


def test_the_headers_file_is_not_served(nginx_url: str) -> None:
    status, headers, _ = get(nginx_url, "/_headers")
    assert status == 404 and headers["x-frame-options"] == "DENY"
