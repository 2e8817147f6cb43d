"""Names as the platforms hand them over, made safe to store and draw."""

from __future__ import annotations

from bot.core.names import NAME_LIMIT, printable, short_name


def test_lone_surrogates_and_control_characters_are_dropped() -> None:
    assert printable("\ud800Аня\udfff") == "Аня"
    assert printable("Вика\x00\x07 \n\t Ли") == "Вика Ли"
    assert printable("😀 Zoë") == "😀 Zoë"


def test_the_first_usable_name_cut_to_the_limit() -> None:
    assert short_name("\ud800", None, "  ", "boris_k", "12") == "boris_k"
    long = short_name("Я" * 40)
    assert len(long) == NAME_LIMIT and long.endswith("…")
    assert short_name(None, "") == ""
