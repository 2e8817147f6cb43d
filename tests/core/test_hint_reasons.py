"""💡 reasons: the computer's own evaluation says why, in both languages, and
names only what the seat may know."""

from __future__ import annotations

import json
import re

import pytest

from bot.core import presenters
from bot.core.i18n import I18n
from games import registry
from games.ai.advice import advise
from games.core.menu import own_actions
from tests.games import caravan_positions, krendzu_positions
from tests.games.loads_checks import playout

#: Per game, the tables played out (seats, options).
TABLES = {
    "klac": (2, {"target": 50}),
    "klotho": (3, {}),
    "krendzu": (3, {"variant": "two_defenders"}),
    "caravan": (2, {}),
    "curling": (2, {"ends": 2, "variant": "cards", "deck": 54}),
}
CARD = re.compile(r"^(?:10|[2-9JQKA])[SHDC]$|^X[12]$")


def _words(i18n: I18n, game_id: str, reason_msg: str, args: dict[str, object]) -> list[str]:
    presenter = presenters.get(game_id)
    names = ["Alice", "Bob", "Carol"]
    out = []
    for lang in ("en", "ru"):
        assert i18n.has(lang, reason_msg), (lang, reason_msg)
        out.append(i18n.t(lang, reason_msg, **presenter.args(args, names)))
    return out


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_every_reason_is_worded_and_names_only_what_the_seat_sees(game_id: str, i18n: I18n) -> None:
    game = registry.get(game_id)
    seats, options = TABLES[game_id]
    states = playout(game, seats, options, seed=3)
    reasons = set()
    for state in states[:: max(1, len(states) // 25)]:
        for seat in game.to_move(state):
            if not own_actions(game, state, seat):
                continue
            advice = advise(game_id, state, seat, seed=5)
            assert advice.action in game.legal_actions(state, seat)
            if advice.reason is None:
                continue
            reasons.add(advice.reason.msg)
            args = dict(advice.reason.args)
            for en_ru in _words(i18n, game_id, advice.reason.msg, args):
                assert "{" not in en_ru and en_ru.strip(), en_ru
            seen = json.dumps(game.view(state, seat))
            named = [args.get("card"), *(args.get("cards") or [])]  # type: ignore[misc]
            for card in named:
                if isinstance(card, str) and CARD.match(card):
                    assert f'"{card}"' in seen, (game_id, card, advice)
    assert reasons, f"{game_id}: no reason was ever given"


@pytest.mark.parametrize(
    ("seat", "said"),
    [
        # The defender blocks; the attacker scores, at either end (a point each).
        (
            1,
            {
                "any": (
                    "it blocks the open three 7♠ 8♠ 9♠",
                    "карта закрывает открытую тройку 7♠ 8♠ 9♠",
                )
            },
        ),
        (
            0,
            {
                "10C": (
                    "it completes 7♠ 8♠ 9♠ 10♣: points for your side",
                    "карта завершает 7♠ 8♠ 9♠ 10♣: очки вашей стороне",
                ),
                "6H": (
                    "it completes 6♥ 7♠ 8♠ 9♠: points for your side",
                    "карта завершает 6♥ 7♠ 8♠ 9♠: очки вашей стороне",
                ),
            },
        ),
    ],
)
def test_a_krendzu_seat_is_told_what_its_card_does_to_the_open_three(
    i18n: I18n, seat: int, said: dict[str, tuple[str, str]]
) -> None:
    state = krendzu_positions.make_state(2, "7S 8S 9S", ("6H QD JC 10C", "AH KD 7H 6C"), turn=seat)
    advice = advise("krendzu", state, seat, seed=1)
    assert advice.reason is not None
    words = _words(i18n, "krendzu", advice.reason.msg, dict(advice.reason.args))
    # Keyed by the card played, or "any" card.
    assert words == list(said.get(str(advice.action[1])) or said["any"]), advice


def test_a_caravan_player_is_told_the_sale(i18n: I18n) -> None:
    state = caravan_positions.make_state(
        ("8H 10H", "2C", "3C", "9D", "4D", "5D"), ("6H 2H QS", "6S 8S")
    )
    advice = advise("caravan", state, 0, seed=1)
    assert advice.action == ("play", "6H", 0) and advice.reason is not None
    en, ru = _words(i18n, "caravan", advice.reason.msg, dict(advice.reason.args))
    assert en == "it sells caravan 1 at 24 before they can reach it"
    assert ru == "караван 1 продан за 24, пока соперник не может до него дотянуться"
