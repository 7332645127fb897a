"""The site's languages: the one list that the build, the root page's script and the tests all take."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Language:
    code: str
    name: str  # the language's name for itself, as the switcher shows it


LANGUAGES = (
    Language("en", "English"),
    Language("ru", "Русский"),
    Language("bn", "বাংলা"),
    Language("sw", "Kiswahili"),
    Language("fr", "Français"),
    Language("id", "Bahasa Indonesia"),
)
CODES = tuple(lang.code for lang in LANGUAGES)
