"""The card pictures (SVG, one per face of every deck, and the back) and each language's link preview picture
(PNG, for og:image)."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from krig.webapp import decks

from .colours import FELT, FELT_LIGHT
from .paths import NODE_MODULES, compact

PREVIEW_SIZE = (1200, 630)  # og:image, one per language (see pages.preview)
# The picture's fonts, bold: Noto Sans for Latin and Cyrillic letters (a build-time package), the site's own
# Noto Sans Bengali for Bengali
PREVIEW_FONTS = {
    "latin": NODE_MODULES / "@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff2",
    "cyrillic": NODE_MODULES / "@fontsource/noto-sans/files/noto-sans-cyrillic-700-normal.woff2",
    "bengali": NODE_MODULES / "@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2",
}


def card_svg(code: str, letters: str = "international", deck: str = "standard") -> str:
    """One card face in a deck (krig.webapp.decks): the index and the suit in two corners, the suit in the middle."""
    index, colour = decks.face(code, letters, deck)
    if index == decks.JOKER_INDEX:
        return joker_svg(colour)
    symbol = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[code[-1]]
    return f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 70 98" width="70" height="98">
<rect x="0.5" y="0.5" width="69" height="97" rx="6" fill="#fff" stroke="#555"/>
<g fill="{colour}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" text-anchor="middle">
<text x="11" y="18" font-size="14">{index}</text><text x="11" y="31" font-size="12">{symbol}</text>
<text x="35" y="60" font-size="34">{symbol}</text>
<g transform="rotate(180 35 49)"><text x="11" y="18" font-size="14">{index}</text>\
<text x="11" y="31" font-size="12">{symbol}</text></g>
</g></svg>
"""


def joker_svg(colour: str) -> str:
    """A joker (R14): a star in two corners and a large one in the middle, over the word JOKER."""
    return f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 70 98" width="70" height="98">
<rect x="0.5" y="0.5" width="69" height="97" rx="6" fill="#fff" stroke="#555"/>
<g fill="{colour}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" text-anchor="middle">
<text x="11" y="18" font-size="14">{decks.JOKER_INDEX}</text>
<text x="35" y="58" font-size="36">{decks.JOKER_INDEX}</text>
<text x="35" y="74" font-size="9" letter-spacing="1">JOKER</text>
<g transform="rotate(180 35 49)"><text x="11" y="18" font-size="14">{decks.JOKER_INDEX}</text></g>
</g></svg>
"""


CARD_BACK = f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 70 98" width="70" height="98">
<defs><pattern id="p" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
<rect width="8" height="8" fill="{FELT}"/><rect width="4" height="8" fill="{FELT_LIGHT}"/></pattern></defs>
<rect x="0.5" y="0.5" width="69" height="97" rx="6" fill="#fff" stroke="#555"/>
<rect x="5" y="5" width="60" height="88" rx="4" fill="url(#p)"/>
</svg>
"""


def write_cards(target: Path) -> None:
    """The back, and every card face of every deck: the standard deck's at the top, and in a folder per choice
    (krig.webapp.decks.picture) only the cards that it changes. All of them again in one file, `pictures.json`
    (place → SVG text), from which the game page draws its cards once it has it (js/pictures.js)."""
    target.mkdir()
    pictures = {place: card_svg(code, letters, deck) for place, (code, letters, deck) in decks.pictures().items()}
    pictures["back.svg"] = CARD_BACK
    for place, svg in pictures.items():
        (target / place).parent.mkdir(exist_ok=True)
        (target / place).write_text(svg)
    (target / "pictures.json").write_text(compact(pictures))


PREVIEW_CARDS = (("A", "S", -14), ("K", "H", -5), ("Q", "D", 5), ("J", "C", 14))  # rank, suit, tilt in degrees


def write_preview(target: Path, words: str) -> None:
    """A language's link preview picture (og:image): four cards fanned on the green table, beside the deck face
    down, over "Krig" and `words`, one line in the page's language."""
    width, height = PREVIEW_SIZE
    picture = Image.new("RGB", PREVIEW_SIZE, FELT)
    draw = ImageDraw.Draw(picture)
    for x in range(-height, width, 48):  # the felt's stripes, as on the card back
        draw.polygon([(x, height), (x + height, 0), (x + height + 24, 0), (x + 24, height)], fill=FELT_LIGHT)
    for offset in (16, 8, 0):  # the deck: three backs, a little apart
        picture.paste(card_picture(None, None, 0), (150 - offset, 75 - offset), card_picture(None, None, 0))
    for place, (rank, suit, tilt) in enumerate(PREVIEW_CARDS):
        card = card_picture(rank, suit, tilt)
        picture.paste(card, (430 + place * 165, 50 - abs(tilt) * 3 // 2), card)
    draw_words(draw, "Krig", 112, 440, width - 120)
    draw_words(draw, words, 46, 550, width - 120)
    target.parent.mkdir(parents=True, exist_ok=True)
    picture.save(target, optimize=True)


def draw_words(draw: ImageDraw.ImageDraw, words: str, size: int, middle: int, room: int) -> None:
    """One line of white words centred on the picture at height `middle`, made smaller until it fits `room`
    px. Each run of one script is drawn in its own font: Pillow has no fallback from font to font."""
    runs: list[tuple[str, str]] = []
    for char in words:
        script = script_of(char)
        if runs and runs[-1][0] == script:
            runs[-1] = (script, runs[-1][1] + char)
        else:
            runs.append((script, char))
    while True:
        fonts = {script: ImageFont.truetype(str(PREVIEW_FONTS[script]), size) for script in {s for s, _ in runs}}
        lengths = [fonts[script].getlength(text) for script, text in runs]
        if sum(lengths) <= room or size <= 20:
            break
        size -= 2
    x = (PREVIEW_SIZE[0] - sum(lengths)) / 2
    for (script, text), length in zip(runs, lengths, strict=True):
        draw.text((x, middle), text, fill="white", font=fonts[script], anchor="lm", stroke_width=max(2, size // 16),
                  stroke_fill=FELT)
        x += length


def script_of(char: str) -> str:
    """Which of the preview's fonts draws `char`: Bengali (with the joiners and the danda), Cyrillic, or Latin."""
    if "\u0980" <= char <= "\u09ff" or char in "\u0964\u0965\u200c\u200d":
        return "bengali"
    if "\u0400" <= char <= "\u04ff":
        return "cyrillic"
    return "latin"


def card_picture(rank: str | None, suit: str | None, tilt: int) -> Image.Image:
    """One card of 200 × 280 px, its face (`rank` and `suit`) or its back (None), turned by `tilt` degrees."""
    card = Image.new("RGBA", (200, 280), (0, 0, 0, 0))
    draw = ImageDraw.Draw(card)
    draw.rounded_rectangle((2, 2, 197, 277), radius=16, fill="white", outline="#555555", width=3)
    if rank is None or suit is None:
        draw.rounded_rectangle((16, 16, 183, 263), radius=10, fill=FELT)
        for y in range(16, 263, 22):
            draw.line((16, y, 183, y), fill=FELT_LIGHT, width=9)
    else:
        colour = decks.RED if suit in "HD" else decks.BLACK
        font = ImageFont.load_default(size=44)
        draw.text((34, 44), rank, fill=colour, font=font, anchor="mm")
        draw_suit(draw, suit, (34, 88), 14, colour)
        draw_suit(draw, suit, (100, 150), 44, colour)
    return card.rotate(-tilt, resample=Image.Resampling.BICUBIC, expand=True)


def draw_suit(draw: ImageDraw.ImageDraw, suit: str, centre: tuple[int, int], r: int, colour: str) -> None:
    """A suit's symbol drawn as shapes, `r` its half width (no font is needed for ♠♥♦♣)."""
    x, y = centre
    h = r // 2
    if suit == "D":
        draw.polygon([(x, y - r * 1.3), (x + r, y), (x, y + r * 1.3), (x - r, y)], fill=colour)
    elif suit == "H":
        draw.ellipse((x - r, y - r, x, y), fill=colour)
        draw.ellipse((x, y - r, x + r, y), fill=colour)
        draw.polygon([(x - r + 1, y - h + 3), (x + r - 1, y - h + 3), (x, y + r * 1.1)], fill=colour)
    elif suit == "S":
        draw.ellipse((x - r, y - h, x, y + h), fill=colour)
        draw.ellipse((x, y - h, x + r, y + h), fill=colour)
        draw.polygon([(x - r + 1, y - 1), (x + r - 1, y - 1), (x, y - r * 1.3)], fill=colour)
        draw.polygon([(x, y), (x - h, y + r), (x + h, y + r)], fill=colour)
    else:
        for cx, cy in ((x, y - h - 2), (x - h - 3, y + 3), (x + h + 3, y + 3)):
            draw.ellipse((cx - h - 2, cy - h - 2, cx + h + 2, cy + h + 2), fill=colour)
        draw.polygon([(x, y), (x - h, y + r), (x + h, y + r)], fill=colour)
