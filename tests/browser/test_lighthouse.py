"""Lighthouse, once, on the English game page of a build that knows its site URL: the audits that matter for being
found and trusted pass (valid hreflang, a canonical link, a meta description, no console errors, a CSP in force).
The scores, which move with the machine's load, are benchmarks/lighthouse.py's, never a test's."""

from __future__ import annotations

import json
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.request import urlopen

import pytest

import build

sys.path.insert(0, str(build.ROOT / "benchmarks"))
import lighthouse  # type: ignore[import-not-found]  # noqa: E402  # benchmarks/lighthouse.py, found at run time

LANGS = {lang.code for lang in build.LANGUAGES}


@pytest.fixture(scope="module")
def sited_url(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The built site with its pages rendered again for the address it is served at: every other file is dist/'s."""
    folder = tmp_path_factory.mktemp("sited")
    for entry in dist.iterdir():
        if entry.name not in LANGS and not entry.name.startswith("index.html"):
            (folder / entry.name).symlink_to(entry)
    server = build.make_server(folder, port=0)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    build.render_pages(folder, url)
    build.write_crawler_files(folder, url)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield url
    server.shutdown()


@pytest.fixture(scope="module")
def report(sited_url: str) -> dict[str, Any]:
    result: dict[str, Any] = lighthouse.lighthouse(f"{sited_url}en/", "mobile")
    return result


def test_lighthouse_finds_valid_hreflang_and_canonical_links(report: dict[str, Any], sited_url: str) -> None:
    audits = report["audits"]
    assert audits["hreflang"]["score"] == 1, json.dumps(audits["hreflang"].get("details"))[:2000]
    assert audits["canonical"]["score"] == 1, audits["canonical"].get("explanation")  # there is one, and it is valid
    with urlopen(f"{sited_url}en/") as page:  # what the audits read: an absolute link for every language
        html = page.read().decode()
    assert html.count('<link rel="alternate" hreflang="') == len(LANGS) + 1
    assert f'<link rel="canonical" href="{sited_url}en/">' in html


def test_lighthouse_finds_a_description_no_console_error_and_a_csp(report: dict[str, Any]) -> None:
    audits = report["audits"]
    assert audits["meta-description"]["score"] == 1
    assert audits["errors-in-console"]["score"] == 1, json.dumps(audits["errors-in-console"].get("details"))[:2000]
    # csp-xss is informative: "not applicable" when the policy it found has nothing to report, 0 with "No CSP found"
    csp = audits["csp-xss"]
    assert csp["scoreDisplayMode"] == "notApplicable" or csp["score"] == 1, json.dumps(csp.get("details"))[:2000]
    assert audits["is-crawlable"]["score"] == 1 and audits["http-status-code"]["score"] == 1
