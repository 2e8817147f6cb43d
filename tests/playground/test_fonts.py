"""The fonts the playground serves cover every symbol the bot's texts use."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

from bot.playground.emoji_font import FIRST_SYMBOL, cut_font, font_path, used_symbols
from render.common import FONT_DIR
from tests.test_architecture import ROOT


def cmap(path: Path) -> set[str]:
    return {chr(code) for code in TTFont(path).getBestCmap()}


def test_every_symbol_in_the_texts_has_a_served_glyph() -> None:
    used = used_symbols(ROOT)
    # The Klac colours and the vote: a test that finds none reads nothing.
    assert {"🔵", "🔶", "🟩", "🗳"} <= used
    emoji = cmap(font_path())
    covered = emoji | cmap(FONT_DIR / "DejaVuSans.ttf")
    missing = sorted(f"U+{ord(c):04X} {unicodedata.name(c, '?')}" for c in used - covered)
    assert missing == [], "make bot/webpage/static/emoji.ttf again (see emoji_font.py)"
    # A colour font: the emoji are pictures, not outlines.
    assert {"CBDT", "CBLC"} <= set(TTFont(font_path()).keys())


def test_the_font_is_cut_to_what_is_used_and_keeps_keycaps(tmp_path: Path) -> None:
    target = tmp_path / "cut.ttf"
    kept = cut_font(font_path(), target, ["🔵", "→"])
    assert kept == ["🔵"], "symbols the source lacks are left out"
    assert cmap(target) >= {"🔵", "1", "\u20e3"}
    assert "GSUB" in TTFont(target), "keycaps are ligatures"
    assert not cmap(target) & {"🔶", "🗳"}
    assert target.stat().st_size < font_path().stat().st_size
    assert all(ord(c) >= FIRST_SYMBOL for c in used_symbols(ROOT))
