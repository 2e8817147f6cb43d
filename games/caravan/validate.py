"""Which Caravan states ``loads`` accepts (see ``docs/rules/caravan.md``, "Loading a state").

``serial`` proves a state's types; this proves the rest the engine relies on:
every card is a card (numeral cards in the caravans, at most three Queens,
Kings or jokers on each), own decks are decks one could build, no card is in
sight more often than the decks hold it, the table has two rows of three
caravans, every seat, pair and position is in range, and the phase, turn,
games won, winners and events agree with each other.

``loads`` runs on every button press, so the checks look at each card once and
build a message only for a state they refuse. Messages quote numbers but never
a string of the state: a corrupted field might hold a hidden card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sized
from typing import Any

from games.caravan.actions import ATTACH, DISBAND, DISCARD, PLAY
from games.caravan.decks import MAX_DECK, MIN_DECK, MIN_NUMERALS, SETS, standard_deck
from games.caravan.rules import (
    FACE_LIMIT,
    HAND_SIZE,
    VALUE,
    game_winner,
    pair_holder,
    rank,
    value_of,
)
from games.caravan.state import (
    MAIN,
    OPENING,
    OVER,
    PAIRS,
    SEATS,
    CaravanState,
    GameSummary,
    LastMove,
    Table,
)
from games.core.validate import (
    EventSpec,
    check_events,
    fail,
    is_count,
    is_index,
    require,
    require_index,
    require_len,
)

CARDS = frozenset(standard_deck())
NUMERALS = frozenset(VALUE)
#: A Jack leaves the table with the card it takes: only these stay on numeral cards.
FACES = frozenset(card for card in CARDS if rank(card) in ("Q", "K", "X"))
#: One standard deck: every card once.
STANDARD = Counter(standard_deck())
STANDARD_SIZE = len(standard_deck())
PHASES = (OPENING, MAIN, OVER)

#: What each kind of event holds.
_EVENTS: dict[str, EventSpec] = {
    "game_start": EventSpec(False, frozenset({"game_no", "first"})),
    "redeal": EventSpec(True, frozenset({"times"})),
    "play": EventSpec(True, frozenset({"card", "pair", "pos"})),
    "attach": EventSpec(True, frozenset({"card", "owner", "pair", "pos", "target", "removed"})),
    "discard": EventSpec(True, frozenset(), frozenset({"card"})),
    "disband": EventSpec(True, frozenset({"pair", "cards"})),
    "draw": EventSpec(True, frozenset(), frozenset({"card"})),
    "empty_hand": EventSpec(True, frozenset()),
    "game_end": EventSpec(False, frozenset({"game_no", "winner", "pairs", "wins"})),
    "match_end": EventSpec(False, frozenset({"winners", "wins"})),
}


def check_state(state: CaravanState) -> None:
    """Raise :class:`~games.core.errors.InvalidState` unless ``state`` could be
    one of Caravan's; the message says which part is wrong and names no card."""
    # game.py imports this module for ``_validate``, so its class is looked up here.
    from games.caravan.game import CaravanGame

    best_of = next(spec.choices for spec in CaravanGame.option_specs if spec.key == "best_of")
    if state.best_of not in best_of:
        raise fail(f"best_of is {state.best_of}, not one of {list(best_of)}")
    if state.phase not in PHASES:
        raise fail(f"phase is not one of {list(PHASES)}")
    require_index(state.first, SEATS, "first")
    _check_match(state, SEATS)
    _check_cards(state, SEATS)
    problem = _table_problem(state.caravans, SEATS, PAIRS)
    if problem is not None:
        raise fail(f"caravans: {problem}")
    if state.phase == OPENING:
        _check_opening(state, PAIRS)
    elif state.phase == MAIN:
        _check_main(state, PAIRS)
    if state.last is not None:
        _check_last(state.last, state.caravans)
    if state.last_game is not None:
        _check_summary(state.last_game, state.game_no, SEATS, PAIRS)
    check_events(
        state.events, SEATS, lambda _, key, value: _field_ok(key, value, SEATS, PAIRS), _EVENTS
    )


def _check_match(state: CaravanState, seats: int) -> None:
    """Games won, the game number, the turn and the winners agree with ``best_of``."""
    if len(state.wins) != seats:
        require_len(state.wins, seats, "wins")
    require(all(won >= 0 for won in state.wins), "wins holds a negative count")
    over = state.phase == OVER
    expected = sum(state.wins) + (0 if over else 1)
    if state.game_no != expected:
        raise fail(f"game_no is {state.game_no}, not {expected}")
    # The match ends as soon as a seat has won more than half of ``best_of``.
    decided = [seat for seat, won in enumerate(state.wins) if won * 2 > state.best_of]
    if not over:
        require(not decided, "wins name a match winner though the match goes on")
        require(not state.winners, "winners are named though the match goes on")
        require_index(state.turn, seats, "turn")
        return
    require(state.turn is None, "turn is set though the match is over")
    require(len(decided) == 1, "the match is over but wins name no winner")
    require(state.winners == decided, "winners do not agree with wins")
    # The final game's table stays as it ended, and its summary shows it.
    summary = state.last_game
    require(
        summary is not None
        and summary.game_no == state.game_no
        and summary.winner == decided[0]
        and summary.caravans == state.caravans,
        "last_game is not the final game though the match is over",
    )


def _check_cards(state: CaravanState, seats: int) -> None:
    """Own decks one could build; each hand and draw pile from its own deck; no
    card in sight more often than both decks hold; the discard count in range."""
    if not len(state.own_decks) == len(state.decks) == len(state.hands) == seats:
        per_seat: list[tuple[Sized, str]] = [
            (state.own_decks, "own_decks"),
            (state.decks, "decks"),
            (state.hands, "hands"),
        ]
        for items, what in per_seat:
            require_len(items, seats, what)
    owns = [
        STANDARD if cards is None else _own_deck(cards, seat)
        for seat, cards in enumerate(state.own_decks)
    ]
    in_sight: list[str] = []
    for seat, own in enumerate(owns):
        hand = state.hands[seat]
        if len(hand) > HAND_SIZE:
            raise fail(f"hand {seat} holds {len(hand)} cards, not at most {HAND_SIZE}")
        drawn = hand + state.decks[seat]
        if not CARDS.issuperset(drawn):
            raise fail(f"hand or deck {seat} holds a card this game has not")
        # A seat's hand and draw pile come from its own deck alone (a standard
        # deck has every card once, which a set proves faster than a Counter).
        if len(set(drawn)) < len(drawn) if own is STANDARD else Counter(drawn) - own:
            raise fail(f"hand and deck {seat} hold a card more often than its own deck")
        in_sight += drawn
    for row in state.caravans:
        for caravan in row:
            for card, faces in caravan:
                in_sight.append(card)
                in_sight += faces
    seen = Counter(in_sight)
    if not CARDS.issuperset(seen):
        raise fail("the caravans hold a card this game has not")
    if all(own is STANDARD for own in owns):
        too_many = max(seen.values(), default=0) > len(owns)
    else:
        too_many = bool(seen - sum(owns, Counter[str]()))
    require(not too_many, "a card is in sight more often than both decks hold it")
    total = sum(STANDARD_SIZE if cards is None else len(cards) for cards in state.own_decks)
    out_of_sight = total - len(in_sight)
    if not 0 <= state.discard <= out_of_sight:
        raise fail(f"discard is {state.discard}, not 0 to {out_of_sight} (the cards out of sight)")


def _own_deck(cards: list[str], seat: int) -> Counter[str]:
    """The copies of each card in a seat's own deck, checked as ``decks.deck_problems``
    checks a deck, but on plain codes: one copy per set."""
    if not CARDS.issuperset(cards):
        raise fail(f"own deck {seat} holds a card this game has not")
    if not MIN_DECK <= len(cards) <= MAX_DECK:
        raise fail(f"own deck {seat} has {len(cards)} cards, not {MIN_DECK} to {MAX_DECK}")
    counts = Counter(cards)
    if max(counts.values()) > len(SETS):
        raise fail(f"own deck {seat} holds a card more than {len(SETS)} times (once per set)")
    numerals = sum(1 for card in cards if card in NUMERALS)
    # With fewer the deal would reshuffle for ever, looking for three numeral cards.
    if numerals < MIN_NUMERALS:
        raise fail(f"own deck {seat} has {numerals} numeral cards, not at least {MIN_NUMERALS}")
    return counts


def _table_problem(table: Table, seats: int, pairs: int) -> str | None:
    """What is wrong with a table (``None``: nothing): a row of caravans per
    seat, each a list of numeral cards with at most three face cards on each."""
    if len(table) != seats:
        return f"{len(table)} rows, not {seats}"
    for seat, row in enumerate(table):
        if len(row) != pairs:
            return f"row {seat} has {len(row)} caravans, not {pairs}"
        for pair, caravan in enumerate(row):
            for pos, (card, faces) in enumerate(caravan):
                if card not in NUMERALS:
                    return f"seat {seat}'s caravan {pair} has no numeral card at {pos}"
                if len(faces) > FACE_LIMIT or not FACES.issuperset(faces):
                    return (
                        f"seat {seat}'s caravan {pair} has more than {FACE_LIMIT} face cards "
                        f"or a card that cannot stay on a numeral card at {pos}"
                    )
    return None


def _check_opening(state: CaravanState, pairs: int) -> None:
    """Turns alternate from the opener, each putting one numeral card from the
    hand on an own empty caravan, so the seat to move can always do so."""
    turn = state.turn
    assert turn is not None  # _check_match refused it
    started = [sum(1 for caravan in row if caravan) for row in state.caravans]
    for seat, row in enumerate(state.caravans):
        if any(len(caravan) > 1 or (caravan and caravan[0][1]) for caravan in row):
            raise fail(f"seat {seat}'s caravans hold more than a card each in the opening round")
        hand = state.hands[seat]
        if len(hand) != HAND_SIZE - started[seat]:
            raise fail(f"hand {seat} holds {len(hand)} cards with {started[seat]} caravans started")
        if sum(1 for card in hand if card in NUMERALS) < pairs - started[seat]:
            raise fail(f"hand {seat} has too few numeral cards for the caravans left to start")
    ahead = 0 if turn == state.first else 1
    require(
        started[state.first] == started[1 - state.first] + ahead and started[turn] < pairs,
        "the caravans started do not agree with the turn and the opener",
    )


def _check_main(state: CaravanState, pairs: int) -> None:
    """The game goes on: not all pairs are held, and the seat to move has a move."""
    values = [[value_of(caravan) for caravan in row] for row in state.caravans]
    holders = [pair_holder(values[0][pair], values[1][pair]) for pair in range(pairs)]
    require(game_winner(holders) is None, "every pair is held though the game goes on")
    turn = state.turn
    assert turn is not None  # _check_match refused it
    require(
        bool(state.hands[turn]) or any(state.caravans[turn]),
        "the seat to move has no card and no caravan (it would have lost)",
    )


def _check_last(last: LastMove, table: Table) -> None:
    """The last move names its seat, its card (none for a disband) and the place
    it was made (none for a discard), each in range."""
    require_index(last.seat, len(table), "last seat")
    if last.removed < 0:
        raise fail(f"last removed is {last.removed}, not 0 or more")
    if last.kind == DISCARD:
        require(last.card in CARDS, "last card is not a card of this game")
        require(
            last.owner is None and last.pair is None and last.pos is None,
            "last names a caravan for a discard",
        )
        return
    require(last.kind in (PLAY, ATTACH, DISBAND), "last kind is not a move")
    require_index(last.owner, len(table), "last owner")
    assert last.owner is not None  # _index refused None
    require_index(last.pair, len(table[last.owner]), "last pair")
    assert last.pair is not None  # _index refused None
    caravan = table[last.owner][last.pair]
    if last.kind == DISBAND:
        require(
            last.card is None and last.pos is None and not caravan and last.owner == last.seat,
            "last disband is not of an own caravan, now empty",
        )
        return
    require(last.card in CARDS, "last card is not a card of this game")
    # A Jack's position is that of the card it took, which may have been the last.
    require_index(last.pos, len(caravan) + 1, "last pos")
    require(last.kind == ATTACH or last.owner == last.seat, "last play is not on an own caravan")


def _check_summary(summary: GameSummary, game_no: int, seats: int, pairs: int) -> None:
    """The last finished game: its number, winner, pair holders and table."""
    if not 1 <= summary.game_no <= game_no:
        raise fail(f"last_game is game {summary.game_no}, not 1 to {game_no}")
    require_index(summary.winner, seats, "last_game winner")
    if len(summary.pairs) != pairs:
        require_len(summary.pairs, pairs, "last_game pairs")
    require(
        all(holder is None or 0 <= holder < seats for holder in summary.pairs),
        "last_game pairs name no seat",
    )
    problem = _table_problem(summary.caravans, seats, pairs)
    if problem is not None:
        raise fail(f"last_game caravans: {problem}")


def _field_ok(key: str, value: Any, seats: int, pairs: int) -> bool:
    """An event field by its name: a card, a seat, a pair, a count, a list of those."""
    if key in ("card", "target"):
        return isinstance(value, str) and value in CARDS
    if key in ("removed", "cards"):
        return isinstance(value, list) and all(
            isinstance(card, str) and card in CARDS for card in value
        )
    if key == "pairs":
        return (
            isinstance(value, list)
            and len(value) == pairs
            and all(holder is None or is_index(holder, seats) for holder in value)
        )
    if key == "winners":
        return isinstance(value, list) and all(is_index(seat, seats) for seat in value)
    if key == "wins":
        return isinstance(value, list) and len(value) == seats and all(is_count(v) for v in value)
    if key in ("owner", "first", "winner"):
        return is_index(value, seats)
    if key == "pair":
        return is_index(value, pairs)
    # A position in a caravan, or a redeal count or game number.
    return is_count(value, 0 if key == "pos" else 1)
