"""Counters read sensibly in both languages: an extra round or end beyond the agreed
number is called extra (never "round 4 of 3"), and once a match is over nobody is
said to hold the hammer, in the caption or in the last end's line."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from bot.core import presenters
from bot.core.i18n import I18n
from games import registry
from tests.games.test_curling_scenarios import last_throw

NAMES = ["Аня", "Ada 🤖", "Борис"]


def said(i18n: I18n, lang: str, game_id: str, state: Any) -> tuple[list[str], list[str]]:
    """The public caption's lines and the last move's event lines for ``state``."""
    game = registry.get(game_id)
    view, names = game.view(state, None), NAMES[: game.seats(state)]
    presenter, t = presenters.get(game_id), partial(i18n.t, lang)
    events = [presenter.event(e, names, t) for e in view.get("events", [])]
    return presenter.caption(view, names, t), [line for line in events if line]


def klotho_at_tour(tour: int) -> Any:
    state = registry.get("klotho").new_game(3, seed=1)
    state.tour = tour
    if tour > state.tours:
        state.contenders = [0, 1]
    return state


@pytest.mark.parametrize(
    ("lang", "agreed", "extra", "alone"),
    [
        (
            "ru",
            "Тур 3 из 3 · поле готовит:",
            "Дополнительный тур 4 · поле готовит:",
            "⚖ За победу борются только Аня, Ada 🤖.",
        ),
        (
            "en",
            "Round 3 of 3 · dealer:",
            "Extra round 4 · dealer:",
            "⚖ Only Аня, Ada 🤖 compete for the victory.",
        ),
    ],
)
def test_klothos_extra_round_is_called_extra_not_4_of_3(
    i18n: I18n, lang: str, agreed: str, extra: str, alone: str
) -> None:
    caption, _ = said(i18n, lang, "klotho", klotho_at_tour(3))
    assert caption[0].startswith(agreed), caption
    caption, _ = said(i18n, lang, "klotho", klotho_at_tour(4))
    assert caption[0].startswith(extra) and alone in caption, caption


@pytest.mark.parametrize(
    ("lang", "agreed", "extra"),
    [
        ("ru", "🔄 Начинается тур 3.", "🔄 Начинается дополнительный тур 4."),
        ("en", "🔄 Round 3 begins.", "🔄 Extra round 4 begins."),
    ],
)
def test_klothos_extra_round_begins_as_extra(
    i18n: I18n, lang: str, agreed: str, extra: str
) -> None:
    presenter, t = presenters.get("klotho"), partial(i18n.t, lang)
    for tour, text in ((3, agreed), (4, extra)):
        # As the game tells a tour's start (games/klotho/play.py), seen by the public.
        event = {"kind": "tour_start", "tour": tour, "dealer": 0, "order": [1, 2, 0]}
        event |= {"extra": tour > 3, "contenders": [0, 1] if tour > 3 else []}
        assert presenter.event(event, NAMES, t) == text


@pytest.mark.parametrize(
    ("lang", "extra", "handed", "over", "last_end"),
    [
        (
            "ru",
            "Дополнительный энд 3 · бросок 1 из 16 · 🔨 хаммер у игрока Аня",
            "🏁 Энд 2 окончен: 0 : 0, матч 1 : 1; хаммер в следующем энде у игрока Аня.",
            "Дополнительный энд 3 · бросок 16 из 16",
            "🏁 Энд 3 окончен: 2 : 0, матч 3 : 1.",
        ),
        (
            "en",
            "Extra end 3 · throw 1 of 16 · 🔨 Аня has the hammer",
            "🏁 End 2 is over: 0 : 0, match 1 : 1; Аня has the hammer in the next end.",
            "Extra end 3 · throw 16 of 16",
            "🏁 End 3 is over: 2 : 0, match 3 : 1.",
        ),
    ],
)
def test_curlings_extra_end_is_called_extra_and_no_hammer_outlives_the_match(
    i18n: I18n, lang: str, extra: str, handed: str, over: str, last_end: str
) -> None:
    tied = last_throw("", hammer=0, ends=2, end=2, match=[1, 1], end_scores=[[1, 0], [0, 1]])
    caption, events = said(i18n, lang, "curling", tied)
    assert caption[0] == extra
    assert handed in events, events

    won = last_throw("d8:r d9:r", hammer=0, ends=2, end=3, match=[1, 1])
    assert registry.get("curling").is_over(won)
    caption, events = said(i18n, lang, "curling", won)
    assert caption[0] == over
    assert last_end in events, events
    assert "🔨" not in "\n".join(caption + events)
