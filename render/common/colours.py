"""Colours: the Okabe–Ito hues, neutrals and their roles, suit inks, and colour arithmetic."""

from __future__ import annotations

from collections.abc import Sequence

RGB = tuple[int, int, int]

# Okabe–Ito: distinguishable under the common colour-vision deficiencies.
BLACK: RGB = (0, 0, 0)
ORANGE: RGB = (230, 159, 0)
SKY: RGB = (86, 180, 233)
GREEN: RGB = (0, 158, 115)
YELLOW: RGB = (240, 228, 66)
BLUE: RGB = (0, 114, 178)
VERMILLION: RGB = (213, 94, 0)
PURPLE: RGB = (204, 121, 167)

# Neutrals and roles. The highlight is a saturated magenta that sits apart
# from every Okabe–Ito hue, so a "last move" frame never reads as a card colour.
INK: RGB = (28, 28, 32)
PAPER: RGB = (255, 255, 255)
BACKGROUND: RGB = (236, 238, 242)
PANEL: RGB = (246, 247, 250)
MUTED: RGB = (120, 124, 134)
FAINT: RGB = (200, 203, 210)
HIGHLIGHT: RGB = (220, 38, 127)
TURN_BAND: RGB = (255, 236, 153)
TURN_MARK: RGB = (200, 120, 0)
GOLD: RGB = (245, 190, 20)
CARD_BACK: RGB = (52, 64, 96)
CARD_BACK_LINE: RGB = (96, 112, 150)

# Playing cards: a four-colour deck (♠ ink, ♥ red, ♦ blue, ♣ green), so the
# suit reads from the hue before the symbol is made out, and red ♥ stays apart
# from blue ♦ (a two-colour deck only splits red from black). The inks are
# darker than the Okabe–Ito seat colours and differ from them, so a chip never
# looks like a suit mark and pixel checks can tell them apart.
SUIT_RED: RGB = (204, 24, 40)
SUIT_BLUE: RGB = (28, 84, 200)
SUIT_GREEN: RGB = (16, 128, 48)
# A warm card paper a game may use to set some faces apart (e.g. figures).
CARD_TINT: RGB = (255, 243, 214)
# Colours of seat pieces (chips, tokens), seat 0 first. All Okabe–Ito, so
# they survive the common colour-vision deficiencies; the two orange-ish ones
# are as far apart in the order as they can be (seats 2 and 7).
SEAT_COLOURS: tuple[RGB, ...] = (BLUE, VERMILLION, GREEN, PURPLE, SKY, YELLOW, ORANGE, BLACK)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b`` (0 = a, 1 = b)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def luminance(colour: Sequence[int]) -> float:
    """Relative luminance (WCAG) of an sRGB colour, 0..1."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else float(((v + 0.055) / 1.055) ** 2.4)

    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Sequence[int], b: Sequence[int]) -> float:
    """WCAG contrast ratio between two colours (1..21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
