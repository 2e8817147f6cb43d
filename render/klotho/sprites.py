"""The Klotho table's cached pieces: field cards, marks, tags, icons, the scoring legend."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import common as c
from render.klotho.layout import PANEL_W, chip_centre
from render.klotho.palette import FELT_LABEL, VOTE_PENDING

FIGURES = frozenset({"J", "Q", "K", "A"})


@c.sprite_cache
def card_sprite(code: str | None, width: int, height: int) -> Image.Image:
    """A field card: the face of ``code``, or the back when None; RGBA, cached.

    Figures (J, Q, K, A) get a warm paper: "three figures" scores, and the
    tint lets a player spot such lines without reading every rank.
    """
    if code is None:
        return c.playing_card_back(width, height)
    parsed = c.parse_playing_card(code)
    fill = c.CARD_TINT if parsed and parsed[0] in FIGURES else c.PAPER
    return c.playing_card_face(code, width, height, index=False, fill=fill)


@c.sprite_cache
def empty_place(width: int, height: int) -> Image.Image:
    """An outlined hole where a card should lie, RGBA, cached."""
    # Only a corrupt view leaves a place without a card; show a hole, not a card.
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(im).rounded_rectangle(
        (0, 0, width - 1, height - 1), radius=max(3, width // 9), outline=FELT_LABEL, width=3
    )
    return im


@c.sprite_cache
def triplet_pill(height: int, *, plain: bool = False) -> Image.Image:
    """The choice a triplet offers, a point or a half victory: "+1 / ◐ ?".

    On a highlight-coloured pill while someone must choose; ``plain`` (ink, no
    pill, no "?") is the same choice shown as a rule in the legend.
    """
    fnt = c.font(round(height * 0.62), bold=True)
    token = c.half_token(round(height * 0.66))
    pad = 0 if plain else height // 3
    gap = height // 6
    ink = c.INK if plain else c.PAPER
    parts = ["+1", "/"] if plain else ["+1", "/", "?"]
    widths = [round(fnt.getlength(p)) for p in parts]
    width = pad * 2 + sum(widths) + token.width + gap * len(parts)
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    if not plain:
        d.rounded_rectangle((0, 0, width - 1, height - 1), radius=height // 2, fill=c.HIGHLIGHT)
    x = pad
    cy = height / 2
    for text, w in zip(parts[:2], widths[:2], strict=True):
        d.text((x, cy), text, font=fnt, fill=ink, anchor="lm")
        x += w + gap
    im.alpha_composite(token, (x, round(cy - token.height / 2)))
    x += token.width + gap
    if not plain:
        d.text((x, cy), "?", font=fnt, fill=ink, anchor="lm")
    return im


@c.sprite_cache
def pending_mark(size: int) -> Image.Image:
    """A voter who has not answered yet: an empty ring where the tick will go; RGBA, cached."""
    big = size * c.SUPERSAMPLE
    im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    ImageDraw.Draw(im).ellipse(
        (big * 0.1, big * 0.1, big * 0.9, big * 0.9),
        outline=VOTE_PENDING,
        width=round(big * 0.14),
    )
    return im.resize((size, size), Image.Resampling.LANCZOS)


@c.sprite_cache
def cell_tag(label: str, height: int) -> Image.Image:
    """A cell coordinate in a small outlined box ("B3"): where a chip stands."""
    fnt = c.font(round(height * 0.62), bold=True)
    width = round(fnt.getlength(label)) + height // 2
    im = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, width - 1, height - 1), radius=6, fill=c.PAPER, outline=c.MUTED,
                        width=2)  # fmt: skip
    d.text((width / 2, height / 2), label, font=fnt, fill=c.INK, anchor="mm")
    return im


@c.sprite_cache
def field_icon(size: int) -> Image.Image:
    """A 3×3 grid of tiny card backs: "a field", the tour icon."""
    im = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    gap = max(2, size // 11)
    cell = (size - 2 * gap) / 3
    for row in range(3):
        for col in range(3):
            x, y = col * (cell + gap), row * (cell + gap)
            d.rounded_rectangle((x, y, x + cell - 1, y + cell - 1), radius=2, fill=c.CARD_BACK)
    return im


# What scores, as pictures: three cards in a line and what the middle chip
# gets; None is the triplet's choice of a point or a half victory.
LEGEND: tuple[tuple[tuple[str, str, str], str | None], ...] = (
    (("6S", "KS", "9S"), "+1"),  # one suit
    (("JH", "QC", "AD"), "+1"),  # three figures
    (("8D", "9C", "10H"), "+1"),  # a sequence
    (("7S", "7H", "7C"), None),  # a triplet
)
LEGEND_CARD = (56, 76)
LEGEND_ROW_H = 90


@c.sprite_cache
def scoring_legend() -> Image.Image:
    """The scoring combinations as mini lines of cards, for a panel with room to spare.

    A grey chip stands on each middle card: only the middle chip scores.
    """
    w, h = LEGEND_CARD
    step = w + 6
    im = Image.new("RGBA", (PANEL_W, LEGEND_ROW_H * len(LEGEND)), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    chip = c.chip("", round(w * 0.56), c.FAINT)
    fnt = c.font(32, bold=True)
    for i, (cards, gain) in enumerate(LEGEND):
        y = i * LEGEND_ROW_H + (LEGEND_ROW_H - h) // 2
        x = 44
        for k, code in enumerate(cards):
            im.alpha_composite(card_sprite(code, w, h), (x + k * step, y))
        cx, cy = chip_centre((x + step, y, x + step + w, y + h))
        im.alpha_composite(chip, (cx - chip.width // 2, cy - chip.height // 2))
        gx = x + 3 * step + 12
        mid = y + h // 2
        if gain is None:
            pill = triplet_pill(50, plain=True)
            im.alpha_composite(pill, (gx, mid - pill.height // 2))
        else:
            d.text((gx, mid), gain, font=fnt, fill=c.INK, anchor="lm")
    return im
