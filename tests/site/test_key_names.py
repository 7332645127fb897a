"""The keyboard hints name the keys in the page's language: no English "Space" in a translated sentence."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from build import LOCALES


@pytest.mark.parametrize("lang", ["ru", "bn", "sw", "fr", "id"])
def test_keyboard_hints_name_the_space_bar_in_the_language(lang: str) -> None:
    with open(LOCALES / lang / "LC_MESSAGES" / "messages.po", "rb") as file:
        catalog = read_po(file)
    hints = [str(message.string) for message in catalog if message.id and str(message.id).startswith("Keyboard:")]
    assert len(hints) == 2 and all(hints)
    assert not [hint for hint in hints if "Space" in hint]
