"""Carrying out Caravan's actions: cards played, attached, discarded and
disbanded, what Jacks and jokers take off the table, and the turns, games and
deals they lead to. Each step mutates the state it is given (``apply``'s
private copy) and appends its events."""

from __future__ import annotations

from games.caravan.actions import ATTACH, DISBAND, DISCARD, PLAY, Move
from games.caravan.decks import standard_deck
from games.caravan.rules import (
    HAND_SIZE,
    VALUE,
    game_winner,
    joker_victims,
    pair_holder,
    sort_key,
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
    copy_table,
)
from games.core.events import Event
from games.core.rng import shuffled

#: An opening hand needs this many numeral cards, one per caravan.
OPENING_NUMERALS = 3


def apply_move(state: CaravanState, seat: int, move: Move) -> list[Event]:
    """Carry out ``seat``'s validated ``move`` and what follows it; the events it made."""
    opening = state.phase == OPENING
    events: list[Event] = []
    if move.kind == PLAY:
        state.hands[seat].remove(move.card)
        state.caravans[seat][move.pair].append((move.card, []))
        state.last = LastMove(seat, PLAY, move.card, seat, move.pair, move.pos, 0)
        events.append(
            Event(PLAY, seat, public={"card": move.card, "pair": move.pair, "pos": move.pos})
        )
    elif move.kind == ATTACH:
        _attach(state, seat, move, events)
    elif move.kind == DISCARD:
        state.hands[seat].remove(move.card)
        state.discard += 1
        state.last = LastMove(seat, DISCARD, move.card, None, None, None, 0)
        events.append(Event(DISCARD, seat, private={"card": move.card}))
    else:
        cards = [c for card, faces in state.caravans[seat][move.pair] for c in (card, *faces)]
        state.caravans[seat][move.pair] = []
        state.discard += len(cards)
        state.last = LastMove(seat, DISBAND, None, seat, move.pair, None, 0)
        events.append(Event(DISBAND, seat, public={"pair": move.pair, "cards": cards}))
    _after_move(state, seat, draws=not opening and move.kind != DISBAND, events=events)
    return events


def start_game(state: CaravanState) -> list[Event]:
    """Shuffle each seat's deck, deal 8 (again while fewer than 3 are numerals), clear the table."""
    events = [Event("game_start", public={"game_no": state.game_no, "first": state.first})]
    state.decks, state.hands = [], []
    for seat, cards in enumerate(state.own_decks):
        deck, state.rng = shuffled(standard_deck() if cards is None else cards, state.rng)
        hand = deck[-HAND_SIZE:]
        times = 0
        while sum(1 for card in hand if card in VALUE) < OPENING_NUMERALS:
            times += 1
            deck, state.rng = shuffled(deck, state.rng)
            hand = deck[-HAND_SIZE:]
        # One event with a count: a deck of 3 numerals among 45 cards is
        # redealt some 250 times, which would flood the table's captions.
        if times:
            events.append(Event("redeal", seat, public={"times": times}))
        del deck[-HAND_SIZE:]
        state.decks.append(deck)
        state.hands.append(sorted(hand, key=sort_key))
    state.caravans = [[[] for _ in range(PAIRS)] for _ in range(SEATS)]
    state.discard = 0
    state.last = None
    state.phase = OPENING
    state.turn = state.first
    return events


def _attach(state: CaravanState, seat: int, move: Move, events: list[Event]) -> None:
    """Lay a face card on a numeral card and carry out what it does."""
    card, owner, pair, pos = move.card, move.owner, move.pair, move.pos
    state.hands[seat].remove(card)
    caravan = state.caravans[owner][pair]
    target, faces = caravan[pos]
    removed: list[str] = []
    where = pos
    if card[0] == "J":
        del caravan[pos]
        # The Jack goes to the discard pile with the card and its faces.
        state.discard += 2 + len(faces)
        removed.append(target)
    else:
        faces.append(card)
        if card[0] == "X":
            victims = joker_victims(state.caravans, owner, pair, pos)
            removed = [state.caravans[o][p][i][0] for o, p, i in victims]
            # Back to front, so the indices still to be removed stay valid.
            for o, p, i in reversed(victims):
                _, lost = state.caravans[o][p].pop(i)
                state.discard += 1 + len(lost)
            where -= sum(1 for o, p, i in victims if (o, p) == (owner, pair) and i < pos)
    state.last = LastMove(seat, ATTACH, card, owner, pair, where, len(removed))
    events.append(
        Event(
            ATTACH,
            seat,
            public={
                "card": card,
                "owner": owner,
                "pair": pair,
                "pos": pos,
                "target": target,
                "removed": removed,
            },
        )
    )


def _after_move(state: CaravanState, seat: int, *, draws: bool, events: list[Event]) -> None:
    """End the opening round, end the game, or draw and pass the turn."""
    if state.phase == OPENING and all(caravan for row in state.caravans for caravan in row):
        state.phase = MAIN
    holders = _holders(state.caravans)
    winner = game_winner(holders)
    if winner is not None:
        _end_game(state, winner, holders, events)
        return
    deck = state.decks[seat]
    if draws and deck:
        drawn = deck.pop()
        hand = state.hands[seat]
        hand.append(drawn)
        hand.sort(key=sort_key)
        events.append(Event("draw", seat, private={"card": drawn}))
    other = 1 - seat
    state.turn = other
    # An empty hand may still disband a caravan: only a seat left with no move loses.
    stuck = not state.hands[other] and not any(state.caravans[other])
    if state.phase == MAIN and stuck:
        events.append(Event("empty_hand", other))
        _end_game(state, seat, holders, events)


def _end_game(
    state: CaravanState, winner: int, holders: list[int | None], events: list[Event]
) -> None:
    """Count the game, then end the match or deal the next game."""
    state.wins[winner] += 1
    state.last_game = GameSummary(state.game_no, winner, list(holders), copy_table(state.caravans))
    events.append(
        Event(
            "game_end",
            public={
                "game_no": state.game_no,
                "winner": winner,
                "pairs": list(holders),
                "wins": list(state.wins),
            },
        )
    )
    if state.wins[winner] * 2 > state.best_of:
        state.phase = OVER
        state.turn = None
        state.winners = [winner]
        events.append(Event("match_end", public={"winners": [winner], "wins": list(state.wins)}))
        return
    state.game_no += 1
    state.first = 1 - state.first
    events.extend(start_game(state))


def _holders(table: Table) -> list[int | None]:
    """Who holds each pair now."""
    return [
        pair_holder(value_of(table[0][pair]), value_of(table[1][pair])) for pair in range(PAIRS)
    ]
