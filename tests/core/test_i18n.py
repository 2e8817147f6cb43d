"""The Russian and English catalogs: complete, consistent, and used correctly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fluent.syntax import ast, parse

from bot.core import errors as service_errors
from bot.core.i18n import I18n, pick_language
from games.core import errors as game_errors

ROOT = Path(__file__).resolve().parents[2]


def test_both_languages_define_the_same_messages(i18n: I18n) -> None:
    assert i18n.message_ids("ru") == i18n.message_ids("en")


def test_every_error_code_has_a_message(i18n: I18n) -> None:
    codes = {
        cls.code
        for module in (service_errors, game_errors)
        for cls in vars(module).values()
        if isinstance(cls, type) and hasattr(cls, "code")
    }
    source = "\n".join(p.read_text() for p in (ROOT / "games").rglob("*.py"))
    source += "\n".join(p.read_text() for p in (ROOT / "bot").rglob("*.py"))
    codes |= set(re.findall(r'code="([a-z0-9-]+)"', source))
    codes |= set(re.findall(r'ServiceError\("([a-z0-9-]+)"', source))
    codes -= {"nothing-due"}  # internal: an obsolete timer, never shown
    missing = sorted(c for c in codes if not i18n.has("en", f"error-{c}"))
    assert missing == []


def test_every_message_id_in_code_exists(i18n: I18n) -> None:
    source = "\n".join(p.read_text() for p in (ROOT / "games").rglob("*.py"))
    source += "\n".join(p.read_text() for p in (ROOT / "bot").rglob("*.py"))
    ids = set(re.findall(r'msg="([a-z0-9-]+)"', source))
    ids |= set(re.findall(r'Notice\("([a-z0-9-]+)"', source))
    assert ids, "the scan found nothing: the pattern is broken"
    missing = sorted(i for i in ids if not (i18n.has("en", i) or i18n.has("en", f"notice-{i}")))
    assert missing == []


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_russian_plurals_and_fallback(i18n: I18n, lang: str) -> None:
    assert i18n.t(lang, "value-seconds", seconds=0) != i18n.t(lang, "value-seconds", seconds=30)
    assert i18n.t(lang, "no-such-message") == "no-such-message"


def test_unknown_language_falls_back_to_english(i18n: I18n) -> None:
    assert i18n.t("de", "btn-join") == i18n.t("en", "btn-join")
    assert i18n.t("ru", "btn-join") == "✋ Сесть"


@pytest.mark.parametrize(
    ("code", "lang"),
    [("ru-RU", "ru"), ("uk", "ru"), ("be", "ru"), ("en-GB", "en"), ("de", "en"), (None, "ru")],
)
def test_pick_language(code: str | None, lang: str) -> None:
    assert pick_language(code) == lang


def test_every_catalog_parses_whole() -> None:
    # A stray line is skipped as junk by Fluent, silently: it would never be shown.
    for path in sorted((ROOT / "bot" / "locales").glob("*/*.ftl")):
        junk = [e.content for e in parse(path.read_text()).body if isinstance(e, ast.Junk)]
        assert junk == [], path


@pytest.mark.parametrize(
    ("msg", "args", "said"),
    [
        ("error-table-full", {"max": 2}, "2 игрока"),
        ("error-table-full", {"max": 6}, "6 игроков"),
        ("error-not-enough-players", {"min": 2}, "2 игрока"),
        ("error-not-enough-players", {"min": 5}, "5 игроков"),
        ("error-krendzu-exchange-count", {"count": 1, "marked": 0}, "ровно 1 карту"),
        ("error-krendzu-exchange-count", {"count": 3, "marked": 0}, "ровно 3 карты"),
        ("value-deck-36", {}, "36 карт"),
        ("value-deck-52", {}, "52 карты"),
    ],
)
def test_russian_counts_agree_with_their_nouns(
    i18n: I18n, msg: str, args: dict[str, int], said: str
) -> None:
    assert said in i18n.t("ru", msg, **args)


def test_each_language_quotes_its_own_way(i18n: I18n) -> None:
    # Russian «ёлочки», English “curly quotes”; never the other language's.
    ru = {m: i18n.t("ru", m) for m in i18n.message_ids("ru")}
    en = {m: i18n.t("en", m) for m in i18n.message_ids("en")}
    assert [m for m, text in ru.items() if re.search("[“”]", text)] == []
    assert [m for m, text in en.items() if re.search("[«»]", text)] == []


def test_rules_name_figures_as_the_cards_print_them(i18n: I18n) -> None:
    # The pictures print J Q K A in both languages; the Russian rules say so too.
    for msg in ("rules-klotho", "rules-krendzu"):
        assert "J" in i18n.t("ru", msg) and "В, Д" not in i18n.t("ru", msg)
        assert "В Д К Т" not in i18n.t("ru", msg)
