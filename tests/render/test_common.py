"""The shared drawing kit: the font really covers what we draw, text helpers, PNG."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from render import common as c
from render import klotho, registry
from render.caravan import palette as caravan_palette
from render.curling import layout as curling_layout
from render.krendzu import palette as krendzu_palette
from tests.render.helpers import png, recorded_texts

CYRILLIC = "Привет, Клац! Ёё"
SUITS = "♠♥♦♣"
# Every symbol the renderers draw as text (shapes, stars and arrows are polygons).
SYMBOLS_USED = "Σ×→⚑…□−+0123456789R"


def _unmapped_code_point() -> int:
    points = c.font_codepoints()
    for cp in (0xE000, 0xF8FF, 0x10FFFD, 0x0378):
        if cp not in points:
            return cp
    raise AssertionError("no unmapped code point to compare against")


def _mask(text: str, size: int = 48, *, bold: bool = False) -> tuple[tuple[int, int], bytes]:
    mask = c.font(size, bold=bold).getmask(text)
    return mask.size, bytes(mask)


def test_font_is_cached_and_lazy() -> None:
    assert c.font(30) is c.font(30)
    assert c.font(30, bold=True) is not c.font(30)


def test_cmap_parser_sees_ascii_cyrillic_and_suits() -> None:
    for bold in (False, True):
        points = c.font_codepoints(bold=bold)
        assert len(points) > 3000
        for ch in "AZaz09" + CYRILLIC.replace(" ", "") + SUITS + SYMBOLS_USED:
            assert ord(ch) in points, (ch, bold)
        assert c.covers(CYRILLIC, bold=bold)
        assert c.covers(SUITS, bold=bold)
    assert not c.covers("🙂")  # DejaVu has no such emoji: clean_text must handle it


@pytest.mark.parametrize("bold", [False, True])
def test_cyrillic_and_suits_draw_real_glyphs_not_notdef(bold: bool) -> None:
    notdef = _mask(chr(_unmapped_code_point()), bold=bold)
    assert notdef[0][0] > 0, "the .notdef box should have ink, or this test proves nothing"
    seen: set[bytes] = set()
    for ch in CYRILLIC + SUITS:
        if ch in " ,!":
            continue
        size, pixels = _mask(ch, bold=bold)
        assert (size, pixels) != notdef, f"{ch!r} renders as the .notdef box"
        assert any(pixels), f"{ch!r} renders empty"
        seen.add(pixels)
    # Distinct letters give distinct bitmaps (a fallback would make them all alike).
    assert len(seen) >= len(set(CYRILLIC + SUITS) - set(" ,!")) - 1
    # The whole string is not a row of boxes either.
    boxes = _mask(chr(_unmapped_code_point()) * len(CYRILLIC), bold=bold)
    assert _mask(CYRILLIC, bold=bold) != boxes


def test_clean_text_keeps_cyrillic_and_replaces_missing_glyphs() -> None:
    assert c.clean_text(CYRILLIC) == CYRILLIC
    # A ZWJ family is one placeholder, not three boxes and two joiners.
    assert c.clean_text("Вася 👨\u200d👩\u200d👧") == "Вася " + c.REPLACEMENT
    assert c.clean_text("a\tb\n\nc\x00") == "a b c"
    assert c.clean_text("🙂🦔") == c.REPLACEMENT
    assert c.covers(c.clean_text("any 🙂 名前 x\ufe0f"))


def test_ellipsize_fits_and_marks_the_cut() -> None:
    fnt = c.font(30, bold=True)
    long = "Мария-Антуанетта фон Шлезвиг-Гольштейн"
    cut = c.ellipsize(long, fnt, 200)
    assert cut.endswith(c.ELLIPSIS)
    assert fnt.getlength(cut) <= 200
    assert long.startswith(cut[:-1].rstrip())
    assert c.ellipsize("Bob", fnt, 200) == "Bob"
    assert c.ellipsize(long, fnt, 1) == c.ELLIPSIS


def test_fit_name_shrinks_before_cutting() -> None:
    text, size = c.fit_name("Константин", 200, 34, 20)
    assert size < 34
    assert c.font(size, bold=True).getlength(text) <= 200
    assert c.fit_name("Bob", 200, 34, 20) == ("Bob", 34)


def test_shapes_are_different() -> None:
    masks = {}
    for kind in ("circle", "triangle", "square", "diamond"):
        im = Image.new("RGB", (40, 40), c.BLACK)
        c.draw_shape(ImageDraw.Draw(im), kind, (2, 2, 37, 37), fill=c.PAPER)
        masks[kind] = im.convert("L").tobytes()
    # Pairwise, the shapes differ in many pixels, not just an edge or two.
    kinds = list(masks)
    for i, a in enumerate(kinds):
        for b in kinds[i + 1 :]:
            differ = sum(
                1 for x, y in zip(masks[a], masks[b], strict=True) if (x > 127) != (y > 127)
            )
            assert differ > 100, (a, b, differ)


def test_palette_colours_are_distinct_and_readable() -> None:
    cards = (c.BLUE, c.ORANGE, c.GREEN)
    assert len({*cards, c.HIGHLIGHT, c.TURN_MARK, c.TURN_BAND}) == 6
    for colour in cards:
        assert c.contrast(colour, c.INK) > 2.5 or c.contrast(colour, c.PAPER) > 2.5
    assert c.contrast(c.INK, c.PAPER) > 15
    assert c.contrast(c.MUTED, c.PAPER) > 3


def test_encode_png_is_a_small_valid_png_that_keeps_key_colours() -> None:
    im = Image.new("RGB", (300, 200), c.PAPER)
    d = ImageDraw.Draw(im)
    d.rectangle((10, 10, 100, 100), fill=c.HIGHLIGHT)
    d.ellipse((120, 10, 220, 110), fill=c.BLUE)
    c.draw_text(d, (10, 150), CYRILLIC, c.font(30), c.INK)
    data = c.encode_png(im)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    back = Image.open(io.BytesIO(data))
    assert back.size == (300, 200)
    assert back.mode == "P"
    rgb = back.convert("RGB")
    assert rgb.getpixel((50, 50)) == c.HIGHLIGHT
    assert rgb.getpixel((170, 60)) == c.BLUE
    assert rgb.getpixel((290, 10)) == c.PAPER
    plain = Image.open(io.BytesIO(c.encode_png(im, palette=False)))
    assert plain.mode == "RGB"


def test_every_key_colour_survives_the_palette_exactly() -> None:
    # Pillow's palette cache can hand a colour's pixels to a near neighbour;
    # a new palette colour too close to another would break pixel-exact checks.
    keys = c.KEY_COLOURS
    im = Image.new("RGB", (len(keys) * 8, 8))
    d = ImageDraw.Draw(im)
    for i, colour in enumerate(keys):
        d.rectangle((i * 8, 0, i * 8 + 7, 7), fill=colour)
    # Anti-aliased text between them adds many near-miss colours to compete.
    c.draw_text(d, (0, 4), "ЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖЖ", c.font(9), c.MUTED)
    c.draw_text(d, (40, 4), "ЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁЁ", c.font(9), c.HIGHLIGHT)
    back = Image.open(io.BytesIO(c.encode_png(im))).convert("RGB")
    for i, colour in enumerate(keys):
        exact = im.getpixel((i * 8 + 7, 7))
        if exact == colour:
            assert back.getpixel((i * 8 + 7, 7)) == colour, colour


def test_sprites_are_cached() -> None:
    assert c.card_back(30, 40) is c.card_back(30, 40)
    assert c.seat_badge(3, 40) is c.seat_badge(3, 40)
    assert c.fan_of_backs(0, 20, 30, 10).size == (20, 30)


def test_registry_maps_klac_and_rejects_unknown_with_a_value_error() -> None:
    from render import klac

    r = registry.get("klac")
    assert r.table is klac.render_table
    assert r.private is klac.render_hand
    assert "klac" in registry.names()
    with pytest.raises(registry.UnknownRenderer) as info:
        registry.get("chess")
    assert isinstance(info.value, ValueError)
    assert not isinstance(info.value, KeyError)
    with pytest.raises(TypeError):
        registry.RENDERERS["x"] = r  # type: ignore[index]


@pytest.mark.parametrize(
    "keep",
    [klotho.KEEP, krendzu_palette.KEEP, caravan_palette.KEEP, curling_layout.KEEP],
    ids=["klotho", "krendzu", "caravan", "curling"],
)
def test_a_renderers_key_colours_survive_the_palette_exactly(keep: tuple[c.RGB, ...]) -> None:
    im = Image.new("RGB", (len(keep) * 8, 8))
    d = ImageDraw.Draw(im)
    for i, colour in enumerate(keep):
        d.rectangle((i * 8, 0, i * 8 + 7, 7), fill=colour)
    c.draw_text(d, (0, 4), "Ж" * 40, c.font(9), c.SUIT_RED)
    back = png(c.encode_png(c.to_palette(im, keep=keep)))
    for i, colour in enumerate(keep):
        if im.getpixel((i * 8 + 7, 7)) == colour:
            assert back.getpixel((i * 8 + 7, 7)) == colour, colour


def test_a_computer_players_mark_is_drawn_as_a_robot_not_a_box() -> None:
    def drawn(name: str) -> tuple[float, Image.Image]:
        image = Image.new("RGB", (300, 60), c.PAPER)
        width = c.draw_name(ImageDraw.Draw(image), (10, 30), name, 280, 32)
        return width, image

    plain_width, plain = drawn("Ada")
    marked_width, marked = drawn("Ada" + c.COMPUTER_MARK)
    boxed_width, _ = drawn("Ada □")
    assert marked_width > plain_width
    # The name itself is drawn the same; the robot is ink where the plain name has none.
    right = (int(plain_width) + 14, 0, 300, 60)
    assert plain.crop(right).getcolors() == [(len(plain.crop(right).getdata()), c.PAPER)]
    assert len(marked.crop(right).getcolors() or []) > 1
    assert marked.crop((0, 0, int(plain_width) + 10, 60)) == plain.crop(
        (0, 0, int(plain_width) + 10, 60)
    )
    assert boxed_width != marked_width


def test_winners_names_keep_their_robots_and_a_long_row_ends_in_a_cut_name() -> None:
    draw = ImageDraw.Draw(Image.new("RGB", (600, 60), c.PAPER))
    names = ["Аня", "Ada" + c.COMPUTER_MARK, "Борис" + c.COMPUTER_MARK]
    with recorded_texts() as seen:
        width = c.draw_names(draw, (0, 30), names, 600, 32)
    # The marks are robots drawn after the names, not text (a box, in this font).
    assert [d.text for d in seen] == ["Аня", ", ", "Ada", ", ", "Борис"]
    with recorded_texts() as seen:
        cut = c.draw_names(draw, (0, 30), names, width - 40, 32)
    texts = [d.text for d in seen]
    assert texts[:4] == ["Аня", ", ", "Ada", ", "]
    assert texts[4].endswith(c.ELLIPSIS) and texts[4] != c.ELLIPSIS
    assert cut <= width - 40
    with recorded_texts() as seen:
        c.draw_names(draw, (0, 30), names, width - 110, 32)
    # No room for even "Б…" and its robot: a bare "…" says a name follows.
    assert [d.text for d in seen] == ["Аня", ", ", "Ada", ", ", c.ELLIPSIS]
