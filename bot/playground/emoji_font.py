"""The emoji font the playground serves, so the bot's labels look the same on every machine.

Chat apps bring their own emoji; a browser draws them with the system's
fonts, and a machine without an emoji font (a fresh Linux install, a server)
shows empty boxes where labels have 🔵, ✅ or 🗳, losing what a Klac card's
colour button says. So the playground serves ``static/emoji.ttf``: Noto Color
Emoji (SIL Open Font License, ``static/LICENSE-NotoColorEmoji.txt``) cut down
to the characters the bot's texts use, some 100 KB. A test fails when a text
uses an emoji the font lacks; make the font again with Debian's
``fonts-noto-color-emoji`` (a developer's step, not the playground's)::

    python -m bot.playground.emoji_font /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from importlib import resources
from pathlib import Path

#: Characters below this are letters and punctuation every text font has.
FIRST_SYMBOL = 0x2190
#: Keycaps (1️⃣) are a digit, VS16 and U+20E3; the font's ligature needs all three.
KEYCAP_PARTS = "0123456789#*\ufe0f\u20e3"
#: Where the texts are: the catalogs and the code of the bot and the games.
TEXT_FOLDERS = ("bot", "games")
TEXT_SUFFIXES = (".ftl", ".py")


def font_path() -> Path:
    """The font the playground serves."""
    return Path(str(resources.files("bot.webpage") / "static" / "emoji.ttf"))


def used_symbols(root: Path) -> set[str]:
    """Every symbol (from U+2190 on) in the project's texts under ``root``."""
    found: set[str] = set()
    for folder in TEXT_FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in TEXT_SUFFIXES:
                found |= {c for c in path.read_text(encoding="utf-8") if ord(c) >= FIRST_SYMBOL}
    return found


def cut_font(source: Path, target: Path, symbols: Iterable[str]) -> list[str]:
    """Save ``source`` cut down to the ``symbols`` it has (and keycaps); what it has."""
    from fontTools import subset  # type: ignore[import-untyped]
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

    font = TTFont(source)
    have = font.getBestCmap()
    kept = sorted(c for c in set(symbols) if ord(c) in have)
    options = subset.Options()
    # Every substitution stays: keycaps and other sequences are ligatures.
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(kept) + KEYCAP_PARTS)
    subsetter.subset(font)
    font.save(target)
    return kept


def main() -> None:
    """Make ``static/emoji.ttf`` from a Noto Color Emoji font file."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("source", type=Path, help="NotoColorEmoji.ttf")
    args = parser.parse_args()
    root = Path(__file__).resolve().parents[2]
    kept = cut_font(args.source, font_path(), used_symbols(root))
    size = font_path().stat().st_size
    print(f"{font_path()}: {len(kept)} symbols, {size // 1024} KB")


if __name__ == "__main__":
    main()
