"""Caravan's lines read naturally whatever the players are called: a name stands
where Russian needs no case ending (a subject, a label, brackets), so a default
name like «Игрок 1» never reads «игрока Игрок 1», and each player's pairs are
named once («Игрок 1: пары 1, 3»), not «пара 1: Игрок 1 · пара 3: Игрок 1»."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from bot.core import presenters
from bot.core.i18n import I18n
from games import registry

#: The playground's default name (pg-default-name) and a computer's.
NAMES = {"ru": ["Игрок 1", "Ada 🤖"], "en": ["Player 1", "Ada 🤖"]}
ATTACH = {"kind": "attach", "seat": 0, "card": "JS", "target": "7H", "pair": 1, "removed": []}

SAID = {
    "ru": {
        "pairs": "Игрок 1: пары 1, 3 · Ada 🤖: пара 2",
        "theirs": "Игрок 1 кладёт J♠ на 7♥ в караване 2 (Ada 🤖)",
        "own": "Игрок 1 кладёт J♠ на 7♥ в своём караване 2",
        "game_end": "🏁 Партию 1 выигрывает Игрок 1 (счёт 1 : 0).",
        "redeal": "Ada 🤖: в начальной руке было меньше трёх числовых карт, карты сданы заново.",
        "empty_hand": (
            "Ada 🤖 проигрывает партию: не осталось ни карт, ни караванов для роспуска."
        ),
    },
    "en": {
        "pairs": "Player 1: pairs 1, 3 · Ada 🤖: pair 2",
        "theirs": "Player 1 puts J♠ on 7♥ in caravan 2 (Ada 🤖)",
        "own": "Player 1 puts J♠ on 7♥ in their own caravan 2",
        "game_end": "🏁 Player 1 wins game 1 (score 1 : 0).",
        "redeal": (
            "Ada 🤖: fewer than 3 numeral cards in the opening hand, so the cards were dealt again."
        ),
        "empty_hand": "Ada 🤖 has no cards left and no caravan to disband, and loses the game.",
    },
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_caravan_names_players_naturally(i18n: I18n, lang: str) -> None:
    presenter, t, names = presenters.get("caravan"), partial(i18n.t, lang), NAMES[lang]
    game = registry.get("caravan")
    view = {**game.view(game.new_game(2, seed=1), None), "phase": "main", "pairs": [0, 1, 0]}
    expected = SAID[lang]
    assert expected["pairs"] in presenter.caption(view, names, t)
    events: dict[str, dict[str, Any]] = {
        "theirs": {**ATTACH, "owner": 1},
        "own": {**ATTACH, "owner": 0},
        "game_end": {"kind": "game_end", "game_no": 1, "winner": 0, "pairs": [0, 1, 0]}
        | {"wins": [1, 0]},
        "redeal": {"kind": "redeal", "seat": 1, "times": 1},
        "empty_hand": {"kind": "empty_hand", "seat": 1},
    }
    for case, event in events.items():
        assert presenter.event(event, names, t) == expected[case], case
