"""Whole numbers written as each language writes them: its own digits and its digit grouping (CLDR).

The page formats its numbers with the browser's ``Intl.NumberFormat``. The worker's sentences ("CPU 1 wins
1,234 cards") must read the same, but Python cannot keep a JavaScript ``Intl`` object: it would not survive the
Pyodide memory snapshot, and CPython has none. So ``build.py`` takes each language's decimal format from
Babel's CLDR data and writes it into ``locales/numbers.json`` beside the compiled catalogs; it is plain data,
read once into memory. Tests check the result against Babel's ``format_decimal`` and against Chromium's
``Intl.NumberFormat``.

>>> english = NumberFormat(digits="0123456789", group=",", primary=3, secondary=3)
>>> english.format(9007199254740991)
'9,007,199,254,740,991'
>>> NumberFormat(digits="০১২৩৪৫৬৭৮৯", group=",", primary=3, secondary=2).format(1234567)
'১২,৩৪,৫৬৭'
>>> NumberFormat(digits="0123456789", group="\\u202f", primary=3, secondary=3).format(999)
'999'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DATA = Path(__file__).parent / "locales" / "numbers.json"


@dataclass(frozen=True)
class NumberFormat:
    """One language's way of writing a whole number: ten digits, a group separator and the group sizes."""

    digits: str  # the digits 0 to 9 as the language writes them
    group: str  # the separator between groups of digits
    primary: int  # digits in the group next to the units (3 in 1,234,567)
    secondary: int  # digits in each further group (2 in Bengali's ১২,৩৪,৫৬৭)

    def format(self, n: int) -> str:
        """`n` (a count, never negative) with the language's digits and grouping."""
        plain = str(n)
        if len(plain) > self.primary:
            head, groups = plain[:-self.primary], [plain[-self.primary:]]
            while len(head) > self.secondary:
                head, groups = head[:-self.secondary], [head[-self.secondary:], *groups]
            plain = self.group.join([head, *groups])
        return plain.translate(str.maketrans("0123456789", self.digits))


@cache
def formats() -> dict[str, NumberFormat]:
    """Every language's number format, read once from the data the build derived from CLDR."""
    return {lang: NumberFormat(**data) for lang, data in json.loads(DATA.read_text(encoding="utf-8")).items()}


def number_format(lang: str) -> NumberFormat:
    """The number format of `lang`, or the English one for a language the site does not have."""
    return formats().get(lang) or formats()["en"]
