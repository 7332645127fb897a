"""The gettext catalogs: compiled for the pages and the wheel, with every language's number format, and updated
from the sources (`build.py catalogs`)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from dataclasses import asdict

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from krig.webapp import numerals

from .languages import LANGUAGES
from .paths import LOCALES, ROOT, SITE, write_whole

WHEEL_LOCALES = SITE / "webapp" / "locales"  # compiled catalogs and number formats that ship inside the wheel


def compile_catalogs() -> None:
    """Compile every messages.po into the .mo that both Jinja2 (here) and Python's gettext (in Pyodide) read,
    and write every language's number format beside them (see krig.webapp.numerals)."""
    for po_path in sorted(LOCALES.glob("*/LC_MESSAGES/messages.po")):
        with po_path.open("rb") as f:
            catalog = read_po(f, locale=po_path.parts[-3])
        mo_path = WHEEL_LOCALES / po_path.relative_to(LOCALES).with_suffix(".mo")
        mo_path.parent.mkdir(parents=True, exist_ok=True)
        mo = io.BytesIO()
        write_mo(mo, catalog)
        write_whole(mo_path, mo.getvalue())
    formats = {lang.code: asdict(number_format(lang.code)) for lang in LANGUAGES}
    numerals.DATA.parent.mkdir(parents=True, exist_ok=True)
    write_whole(numerals.DATA, (json.dumps(formats, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode())
    numerals.formats.cache_clear()


# The digits of the CLDR numbering systems that our languages use by default: Babel names a language's system
# ("beng" for Bengali) but has no digits for it. A language with another system stops the build here.
NUMBERING_DIGITS = {"latn": "0123456789", "beng": "০১২৩৪৫৬৭৮৯"}


def number_format(code: str) -> numerals.NumberFormat:
    """How `code` writes whole numbers, from CLDR: its default digits, group separator and group sizes."""
    locale = Locale.parse(code)
    system = locale.default_numbering_system
    # CLDR's root gives every other numbering system the symbols of "latn"
    group = locale.number_symbols[system].get("group") or locale.number_symbols["latn"]["group"]
    primary, secondary = locale.decimal_formats[None].grouping
    return numerals.NumberFormat(digits=NUMBERING_DIGITS[system], group=group, primary=primary, secondary=secondary)


def update_catalogs() -> None:
    """Extract messages.pot from the templates and the worker's Python, and merge it into every catalog."""
    pot = LOCALES / "messages.pot"
    pybabel = [sys.executable, "-m", "babel.messages.frontend"]
    subprocess.run([*pybabel, "extract", "-F", str(ROOT / "babel.cfg"), "--no-location", "--sort-output",
                    "--project", "Krig", "-c", "TRANSLATORS:", "-o", str(pot), "site"], cwd=ROOT, check=True)
    for lang in LANGUAGES[1:]:
        po = LOCALES / lang.code / "LC_MESSAGES" / "messages.po"
        command = "update" if po.exists() else "init"
        subprocess.run([*pybabel, command, "-i", str(pot), "-d", str(LOCALES), "-l", lang.code,
                        *(["--no-fuzzy-matching", "--ignore-obsolete"] if command == "update" else [])],
                       cwd=ROOT, check=True)
