"""Every message of both catalogs, rendered the way the bot renders it.

Each message is filled with representative arguments — counts 0, 1, 2, 5, 11,
21 and 52 where the message takes a number, long names where it takes a name,
every selector key where it selects on a word — and the text a player would
read must hold no leftover ``{…}``, no Fluent error, no two label colons in one
sentence, no English word in Russian (beyond commands, cards, cells and brand
names) and no straight apostrophe in English. A count shown before a word must
go through a plural selector, so Russian can say «1 карта», «2 карты», «5 карт».

Argument types come from how the code passes them: a variable a message
selects on with plural or number keys is a number, so is one named like a
count (below), and so is a lobby option's value when the option's choices are
numbers without words of their own (``value-<key>-<choice>``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import chain
from pathlib import Path
from typing import Any

import pytest
from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import ast, parse

from bot.core.i18n import I18n
from bot.core.screens import Screens
from bot.core.service import TABLE_OPTIONS, Notice, TableService
from games import registry
from tests.core.helpers import ALICE, started_table

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("ru", "en")
COUNTS = (0, 1, 2, 5, 11, 21, 52)
#: Long names, in each language's script (a name is never checked for words).
NAMES = {"ru": "Александра-Кристина Длинноимённая", "en": "Alexandra-Christina Longname"}
PLURAL_KEYS = {"zero", "one", "two", "few", "many"}

#: Variables that always hold a number: a count, a score, an index or a limit.
NUMBERS = {
    "aside", "b", "best", "count", "deck", "end", "ends", "grace", "halves", "hb",
    "hours", "hr", "l", "l1", "l2", "lost", "marked", "max", "mb", "min", "minutes",
    "mr", "n", "out", "played", "points", "power", "r", "rating", "removed", "round",
    "row", "seats", "seconds", "spread", "stack", "stock", "throw", "total", "tour",
    "tours", "won",
}  # fmt: skip
#: Names that hold a number in some messages only (elsewhere text: a game's
#: title, a card, a list of names).
NUMBERS_IN = {
    "caravan-caption-match": {"game"},
    "caravan-event-game-end": {"game"},
    "caravan-event-game-start": {"game"},
    "klac-caption-round": {"target"},
    "notice-vote-progress": {"yes"},
    "top-line": {"games"},
    "stats-rating": {"games"},
    "curling-choice-number": {"value"},
    "curling-choice-toggle": {"value"},
    "caravan-choice-caravan": {"value"},
}
#: Counts that name an item rather than count items (caravan 2, round 3): a
#: word after them is not a noun that has to agree.
ORDINALS = {"n", "tour", "tours", "round", "end", "ends", "throw", "row", "stack", "game"}
#: Words that may follow a bare count: units, and words that never agree with
#: one (prepositions, conjunctions, verbs whose form a number does not change).
AFTER_COUNT = {
    "с", "мин", "ч", "s", "min", "h", "из", "of", "и", "and", "или", "or", "до", "to",
    "на", "per", "за", "от", "from", "при", "in", "now", "is", "больше", "идёт", "goes",
    "agree", "marked",
}  # fmt: skip

#: Latin words a Russian text may hold: brands and formats, and commands'
#: arguments (a language, a game's key: ``/lang en``, ``/top klac``).
LATIN_IN_RUSSIAN = {
    "Tablebot", "Telegram", "Discord", "Fallout", "New", "Vegas", "GIF", "ru", "en",
    *registry.names(),
}  # fmt: skip
#: A command (``/lang``), ``key=value`` option syntax, a cell or code (``c0``, ``A–10``).
LATIN_ALLOWED = re.compile(r"/[a-z_]+|\b[a-z_]+=[a-z0-9_]+|\b[A-Za-z]{1,2}\d+\b|\b[A-Za-z]\b")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
BRACES = re.compile(r"\{[^{}]*\}")
#: A colon that ends a label (not the spaced ``3 : 1`` of a score, not ``12:30``).
LABEL_COLON = re.compile(r"(?<![\s\d]):(?!\d)|(?<=\d):(?=\s)")
#: Where a sentence (or a line's clause) ends.
SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|\n| · |\(|\)")
#: What a colon inside does not count against its sentence: a quoted label
#: («Очки: …», “Points: …”) and a title that has one.
QUOTED = re.compile(r"«[^»]*»|“[^”]*”|Fallout: New Vegas")


def _catalog(lang: str) -> dict[str, ast.Message]:
    messages = {}
    for path in sorted((ROOT / "bot" / "locales" / lang).glob("*.ftl")):
        for entry in parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message) and entry.value is not None:
                messages[entry.id.name] = entry
    return messages


CATALOGS = {lang: _catalog(lang) for lang in LANGS}


def _bundle(lang: str) -> FluentBundle:
    text = "\n".join(
        p.read_text(encoding="utf-8")
        for p in sorted((ROOT / "bot" / "locales" / lang).glob("*.ftl"))
    )
    bundle = FluentBundle([lang], use_isolating=False)
    bundle.add_resource(FluentResource(text))
    return bundle


def _option_value_numbers() -> dict[str, set[str]]:
    """Option lines whose ``value`` reaches the catalog as a number."""
    i18n = I18n()
    out: dict[str, set[str]] = {}
    for name in registry.names():
        for spec in (*registry.get(name).option_specs, *TABLE_OPTIONS):
            if spec.key == "turn_seconds" or not all(
                isinstance(c, int) and not isinstance(c, bool) for c in spec.choices
            ):
                continue
            if all(i18n.has("en", f"value-{spec.key}-{c}") for c in spec.choices):
                continue
            own = f"{name}-option-{spec.key}"
            out.setdefault(own if i18n.has("en", own) else f"option-{spec.key}", set()).add("value")
    return out


OPTION_NUMBERS = _option_value_numbers()


# -- what a message takes ---------------------------------------------------


def _walk(node: Any) -> Iterator[Any]:
    """Every node under ``node`` (a Fluent AST), depth first."""
    yield node
    if isinstance(node, ast.BaseNode):
        for value in vars(node).values():
            for child in value if isinstance(value, list) else [value]:
                if isinstance(child, ast.BaseNode):
                    yield from _walk(child)


def _uses(msg_id: str, lang: str, seen: frozenset[str] = frozenset()) -> dict[str, set[str]]:
    """Each variable the message (and the messages it refers to) uses, with
    the keys it is selected on ("" for a plain use)."""
    message = CATALOGS[lang].get(msg_id)
    if message is None or msg_id in seen:
        return {}
    uses: dict[str, set[str]] = {}
    for node in _walk(message.value):
        if isinstance(node, ast.VariableReference):
            uses.setdefault(node.id.name, set())
        elif isinstance(node, ast.SelectExpression) and isinstance(
            node.selector, ast.VariableReference
        ):
            keys = uses.setdefault(node.selector.id.name, set())
            for variant in node.variants:
                key = variant.key
                keys.add(key.value if isinstance(key, ast.NumberLiteral) else key.name)
        elif isinstance(node, ast.MessageReference):
            for name, keys in _uses(node.id.name, lang, seen | {msg_id}).items():
                uses.setdefault(name, set()).update(keys)
    return uses


def _numeric(msg_id: str, name: str, keys: set[str]) -> bool:
    number_keys = {k for k in keys if k in PLURAL_KEYS or re.fullmatch(r"-?\d+", k)}
    return bool(
        number_keys
        or name in NUMBERS
        or name in NUMBERS_IN.get(msg_id, set())
        or name in OPTION_NUMBERS.get(msg_id, set())
    )


def _candidates(msg_id: str, lang: str) -> dict[str, list[Any]]:
    """The values worth trying for each variable (the first is the usual one)."""
    uses: dict[str, set[str]] = {}
    for other in LANGS:  # a number in either language is a number in both
        for name, keys in _uses(msg_id, other).items():
            uses.setdefault(name, set()).update(keys)
    out: dict[str, list[Any]] = {}
    for name, keys in sorted(uses.items()):
        words = sorted(k for k in keys if k and not re.fullmatch(r"-?\d+", k))
        words = [w for w in words if w not in PLURAL_KEYS and w != "other"]
        if _numeric(msg_id, name, keys):
            out[name] = [2, *[c for c in COUNTS if c != 2], *words]
        else:
            out[name] = [*words, NAMES[lang]] if words else [NAMES[lang]]
    return out


def _argument_sets(msg_id: str, lang: str) -> Iterator[dict[str, Any]]:
    """The usual arguments, then each variable through its values, then every
    count at once."""
    candidates = _candidates(msg_id, lang)
    base = {name: values[0] for name, values in candidates.items()}
    yield base
    for name, values in candidates.items():
        for value in values[1:]:
            yield {**base, name: value}
    numbers = [n for n, values in candidates.items() if isinstance(values[0], int)]
    for count in COUNTS:
        yield {**base, **dict.fromkeys(numbers, count)}


# -- the checks ---------------------------------------------------------------


def _problems(lang: str, text: str, args: dict[str, Any]) -> list[str]:
    """What is wrong with one rendered text."""
    problems = []
    if leftover := BRACES.findall(text):
        problems.append(f"leftover {leftover}")
    for sentence in SENTENCE_END.split(QUOTED.sub("…", text)):
        if len(LABEL_COLON.findall(sentence)) > 1:
            problems.append(f"two colons in «{sentence.strip()}»")
    if lang == "ru":
        bare = text
        for value in args.values():
            if isinstance(value, str):
                bare = bare.replace(value, " ")
        bare = LATIN_ALLOWED.sub(" ", bare)
        english = [w for w in LATIN_WORD.findall(bare) if w not in LATIN_IN_RUSSIAN]
        if english:
            problems.append(f"English words {english}")
    elif "'" in text:
        problems.append("a straight apostrophe (’ is the English one)")
    return problems


def _rendered(lang: str) -> Iterator[tuple[str, dict[str, Any], str, list[Any]]]:
    bundle = _bundle(lang)
    for msg_id in sorted(CATALOGS[lang]):
        message = bundle.get_message(msg_id)
        for args in _argument_sets(msg_id, lang):
            text, errors = bundle.format_pattern(message.value, args)
            yield msg_id, args, str(text), list(errors)


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_reads_cleanly(lang: str) -> None:
    found: dict[str, str] = {}
    for msg_id, args, text, errors in _rendered(lang):
        problems = [f"Fluent: {e}" for e in errors] + _problems(lang, text, args)
        if problems and msg_id not in found:
            found[msg_id] = f"{msg_id} {args}: {'; '.join(problems)}\n    {text!r}"
    assert not found, "\n".join(found.values())


def _bare_counts(msg_id: str, lang: str) -> list[str]:
    """Counts shown right before a word outside a plural selector on them."""
    message = CATALOGS[lang][msg_id]
    candidates = _candidates(msg_id, lang)
    numbers = {n for n, v in candidates.items() if isinstance(v[0], int)} - ORDINALS
    found: list[str] = []

    def pattern(elements: list[Any], selected: frozenset[str]) -> None:
        for i, element in enumerate(elements):
            if not isinstance(element, ast.Placeable):
                continue
            inner = element.expression
            if isinstance(inner, ast.SelectExpression):
                on = (
                    {inner.selector.id.name}
                    if isinstance(inner.selector, ast.VariableReference)
                    else set()
                )
                for variant in inner.variants:
                    pattern(variant.value.elements, selected | on)
            elif isinstance(inner, ast.VariableReference):
                name = inner.id.name
                after = elements[i + 1] if i + 1 < len(elements) else None
                if (
                    name not in numbers
                    or name in selected
                    or not isinstance(after, ast.TextElement)
                ):
                    continue
                word = re.match(r"\s*([^\W\d_]+)", after.value)
                if word and word[1].lower() not in AFTER_COUNT:
                    found.append(f"{msg_id}: {{ ${name} }} {word[1]}")

    pattern(message.value.elements, frozenset())
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_count_before_a_noun_goes_through_a_plural_selector(lang: str) -> None:
    found = list(chain.from_iterable(_bare_counts(m, lang) for m in sorted(CATALOGS[lang])))
    assert found == []


def test_the_argument_guess_sees_numbers_where_the_code_passes_them() -> None:
    # The guesses above drive every check: a wrong guess would hide a bug.
    assert isinstance(_candidates("error-table-full", "ru")["max"][0], int)
    assert isinstance(_candidates("notice-vote-progress", "ru")["yes"][0], int)
    assert isinstance(_candidates("option-target", "ru")["value"][0], int)
    assert isinstance(_candidates("lobby-title", "ru")["game"][0], str)
    assert {"remove", "abort"} <= set(_candidates("notice-vote-progress", "ru")["vote"])


# -- the words as the bot passes them -----------------------------------------


@pytest.mark.parametrize(
    ("game", "options", "lang", "said"),
    [
        ("caravan", {"best_of": 1}, "ru", "Матч: одна партия"),
        ("caravan", {"best_of": 3}, "ru", "Матч: до двух побед (из трёх партий)"),
        ("caravan", {"best_of": 5}, "en", "Match: best of five games"),
        ("curling", {"deck": 52}, "ru", "Колода: 52 карты"),
        ("klac", {"target": 50}, "ru", "Игра до: 50 очков"),
        ("krendzu", {"handicap": 1}, "ru", "Фора защитника: 1 карта"),
        ("krendzu", {"handicap": 2}, "ru", "Фора защитника: 2 карты"),
    ],
)
async def test_lobby_option_lines_agree_with_their_values(
    service: TableService, i18n: I18n, game: str, options: dict[str, int], lang: str, said: str
) -> None:
    table = await service.create("tg:-100", ALICE, game, options)
    assert said in Screens(service, i18n).lobby(table, lang).text


async def test_vote_lines_name_the_seat_without_a_second_colon(
    service: TableService, i18n: I18n
) -> None:
    table, _ = await started_table(service, seats=3)
    screens = Screens(service, i18n)
    progress = {"kind": "remove", "subject": 1, "yes": 1, "total": 3}
    ru = screens.notice(table, Notice("vote-progress", progress), "ru")
    en = screens.notice(table, Notice("vote-progress", progress), "en")
    assert ru == "🗳 Голосование за то, чтобы место игрока Bob занял бот. За — 1 из 3."
    assert en == "🗳 Vote to hand Bob’s seat to the bot: 1 of 3 agree."
    abort = {"kind": "abort", "subject": None, "yes": 2, "total": 3}
    assert screens.notice(table, Notice("vote-progress", abort), "ru") == (
        "🗳 Голосование за остановку игры. За — 2 из 3."
    )


#: A Jack put on another player's caravan (the count of cards it removed varies).
ATTACH = {"player": "Ann", "card": "J♠", "target": "7♥", "owner": "Bob", "n": 2}


@pytest.mark.parametrize(
    ("lang", "msg", "args", "said"),
    [
        ("en", "error-krendzu-exchange-count", {"count": 1, "marked": 0}, "exactly 1 card to"),
        ("en", "caravan-event-attach", {**ATTACH, "removed": 1}, "1 card leaves the table"),
        ("ru", "caravan-event-attach", {**ATTACH, "removed": 21}, "уходит 21 карта"),
        ("ru", "error-caravan-deck-too-small", {"min": 21, "count": 3}, "не меньше 21 карты"),
        ("en", "klotho-event-half-victory", {"player": "Ann", "halves": 1}, "has half a victory"),
        ("ru", "curling-choice-rethrow", {"count": 1}, "Перебросить 1 кубик"),
        ("en", "curling-choice-rethrow", {"count": 3}, "Reroll 3 dice"),
    ],
)
def test_counts_agree(i18n: I18n, lang: str, msg: str, args: dict[str, Any], said: str) -> None:
    assert said in i18n.t(lang, msg, **args)
