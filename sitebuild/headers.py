"""The security and caching headers: the Content Security Policy that the pages also carry in a meta tag, and
the `_headers` file that Netlify and Cloudflare Pages read (and `serve` too), written and read as they read it."""

from __future__ import annotations

import re
from pathlib import Path

from .early import early_hash
from .runtime import runtime_folder

REFERRER_POLICY = "no-referrer"


def csp_directives() -> tuple[str, ...]:
    """The policy's directives, the same in the pages' meta tag and in the header (which adds what a meta tag
    cannot say): scripts from the site itself and the pages' one inline script (early.py), and nothing else."""
    return (
        "default-src 'self'",
        f"script-src 'self' 'wasm-unsafe-eval' {early_hash()}",
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
    )


def page_csp() -> str:
    """The policy of the pages' meta tag."""
    return "; ".join(csp_directives())


# What a meta tag cannot say, for the hosts that read a `_headers` file (Netlify, Cloudflare Pages) and for `serve`.
HEADERS = "_headers"
HOST_FILES = {HEADERS}  # read by the host, never sent to a visitor: not precached, not compressed


def security_headers() -> dict[str, str]:
    """What every address is sent with."""
    return {
        "Content-Security-Policy": "; ".join((*csp_directives(), "frame-ancestors 'none'")),
        "X-Frame-Options": "DENY",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": REFERRER_POLICY,
    }


REVALIDATE = {"Cache-Control": "no-cache"}
FOR_GOOD = {"Cache-Control": "public, max-age=31536000, immutable"}

Rule = tuple[str, dict[str, str]]  # an address pattern of `_headers` and the headers it sends


def write_headers(dist: Path, stdlib: Path) -> None:
    """`_headers`, as Netlify and Cloudflare Pages read it: a pattern line, then indented `Name: value` lines."""
    text = "\n".join(pattern + "\n" + "".join(f"  {name}: {value}\n" for name, value in headers.items())
                     for pattern, headers in header_rules(dist, stdlib))
    (dist / HEADERS).write_text(text)


def header_rules(dist: Path, stdlib: Path) -> list[Rule]:
    """The security headers for every address, then exactly one caching rule for each file: kept for good where
    its address changes with its content (the runtime's versioned folder, the standard library's hashed name),
    revalidated everywhere else. Hosts join the values of every rule that matches, so caching rules never overlap.
    """
    versioned = versioned_addresses(dist, stdlib)
    patterns = sorted(f"/{name}/*" if (dist / name).is_dir() else f"/{name}" for name in versioned)
    return [("/*", security_headers()), *((pattern, FOR_GOOD) for pattern in patterns),
            *((pattern, REVALIDATE) for pattern in ["/", *revalidated(dist, dist, versioned)])]


def versioned_addresses(dist: Path, stdlib: Path) -> set[str]:
    """The addresses, from the site root, whose content never changes under them: the runtime's versioned folder
    and the trimmed standard library's hashed name."""
    return {runtime_folder(), stdlib.relative_to(dist).as_posix()}


def is_versioned(name: str, versioned: set[str]) -> bool:
    """Whether the file `name` (from the site root) lies at or under one of the `versioned` addresses."""
    return any(name == address or name.startswith(address + "/") for address in versioned)


def revalidated(dist: Path, folder: Path, versioned: set[str]) -> list[str]:
    """Patterns for every file under `folder` outside `versioned`: a whole folder where nothing in it is versioned."""
    patterns = []
    for entry in sorted(folder.iterdir()):
        name = entry.relative_to(dist).as_posix()
        if name in versioned or name in HOST_FILES or entry.suffix in {".br", ".gz"}:
            continue
        if entry.is_file():
            patterns.append(f"/{name}")
        elif any(other.startswith(name + "/") for other in versioned):
            patterns += revalidated(dist, entry, versioned)
        else:
            patterns.append(f"/{name}/*")
    return patterns


def read_headers(path: Path) -> list[Rule]:
    """The rules of a `_headers` file, read as the hosts read it (no file, no rules)."""
    rules: list[Rule] = []
    for line in path.read_text().splitlines() if path.is_file() else []:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line[0].isspace():
            name, _, value = line.partition(":")
            rules[-1][1][name.strip()] = value.strip()
        else:
            rules.append((line.strip(), {}))
    return rules


def headers_for(rules: list[Rule], path: str) -> dict[str, str]:
    """What a host sends for the address `path`: every matching rule's headers, where `*` matches anything, and
    the values of one header from several rules joined with commas, as Cloudflare Pages joins them."""
    found: dict[str, str] = {}
    for pattern, headers in rules:
        if re.fullmatch(re.escape(pattern).replace(r"\*", ".*"), path):
            for name, value in headers.items():
                found[name] = f"{found[name]}, {value}" if name in found else value
    return found
