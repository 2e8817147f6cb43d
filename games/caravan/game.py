"""The Caravan rules engine (see ``docs/rules/caravan.md`` and ``docs/views.md``).

Actions:

- ``("play", card, pair)``: a numeral card onto the actor's own caravan ``pair``;
- ``("attach", card, owner, pair, pos)``: a face card or joker onto the numeral
  card at index ``pos`` of seat ``owner``'s caravan ``pair``;
- ``("discard", card)``: a card from the hand to the discard pile;
- ``("disband", pair)``: every card of the actor's own caravan ``pair`` to the
  discard pile.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from games.caravan import stand_in
from games.caravan.decks import deck_problems, parse_tagged, standard_deck, tag, validate_deck
from games.caravan.rules import (
    FACE_LIMIT,
    HAND_SIZE,
    VALUE,
    Caravan,
    direction_of,
    face_problem,
    face_targets,
    game_winner,
    joker_victims,
    numeral_problem,
    pair_holder,
    rank,
    sort_key,
    status_of,
    suit_of,
    value_of,
)
from games.caravan.state import (
    MAIN,
    OPENING,
    OVER,
    CaravanState,
    GameSummary,
    LastMove,
    Table,
    copy_table,
)
from games.caravan.validate import check_state
from games.core.errors import IllegalAction, InvalidCard, InvalidOptions, MalformedAction
from games.core.events import Event
from games.core.protocol import Action, Choice, Game, OptionSpec, OptionValue, normalize_action
from games.core.rng import randbelow, shuffled

PLAY = "play"
ATTACH = "attach"
DISCARD = "discard"
DISBAND = "disband"
ARITY = {PLAY: 3, ATTACH: 5, DISCARD: 2, DISBAND: 2}
PAIRS = 3
SEATS = 2
#: An opening hand needs this many numeral cards, one per caravan.
OPENING_NUMERALS = 3
CUSTOM_DECKS = "custom_decks"
STANDARD = "standard"
OWN = "own"


@dataclass(frozen=True)
class _Move:
    """A validated action; ``owner``/``pair``/``pos`` are -1 where they do not apply."""

    kind: str
    card: str = ""
    owner: int = -1
    pair: int = -1
    pos: int = -1


class CaravanGame(Game[CaravanState]):
    """Caravan for two players; a match of ``best_of`` games, standard or own decks."""

    name: ClassVar[str] = "caravan"
    min_seats: ClassVar[int] = SEATS
    max_seats: ClassVar[int] = SEATS
    state_type = CaravanState
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("best_of", 1, (1, 3, 5)),
        OptionSpec("decks", STANDARD, (STANDARD, OWN)),
    )

    # -- setup ------------------------------------------------------------

    def options(self, options: Mapping[str, Any] | None) -> dict[str, OptionValue]:
        """Validated options; also accepts ``custom_decks``, used when ``decks`` is ``own``.

        ``custom_decks`` is a list of two entries, one per seat: ``None`` (the
        standard deck) or a list of cards, set-tagged or not. With ``own``
        decks the result carries ``custom_decks`` with every card in its
        canonical tagged form (set A untagged), so validating the result again
        gives it back; otherwise it is left out. A bad deck raises
        :class:`InvalidOptions` with the deck problem's code and the ``seat``
        it belongs to. The state keeps plain codes only.
        """
        given = dict(options or {})
        custom = _custom_decks(given.pop(CUSTOM_DECKS, None))
        out: dict[str, Any] = super().options(given)
        if out["decks"] == OWN:
            out[CUSTOM_DECKS] = custom
        return out

    def _new(self, seats: int, options: dict[str, OptionValue], seed: int) -> CaravanState:
        custom: Any = options.get(CUSTOM_DECKS) or [None] * SEATS
        first, rng = randbelow(SEATS, seed)
        state = CaravanState(
            best_of=int(options["best_of"]),
            own_decks=[None if cards is None else validate_deck(cards) for cards in custom],
            rng=rng,
            game_no=1,
            wins=[0] * SEATS,
            first=first,
            phase=OPENING,
            turn=first,
            decks=[],
            hands=[],
            caravans=[],
        )
        state.events = _start_game(state)
        return state

    def _validate(self, state: CaravanState) -> None:
        """Refuse a state Caravan could not reach (see ``validate.check_state``)."""
        check_state(state)

    # -- queries ----------------------------------------------------------

    def to_move(self, state: CaravanState) -> list[int]:
        """The one seat to move, or ``[]`` once the match is over."""
        return [] if state.turn is None else [state.turn]

    def legal_actions(self, state: CaravanState, seat: int) -> list[Action]:
        """Menu order: hand order; per card its plays on own caravans 0..2, its
        attaches on own then the opponent's caravans, its discard; then disbands."""
        if not self.is_seat(state, seat) or state.phase == OVER or seat != state.turn:
            return []
        opening = state.phase == OPENING
        own = state.caravans[seat]
        actions: list[Action] = []
        for card in dict.fromkeys(state.hands[seat]):
            if card in VALUE:
                actions.extend(
                    (PLAY, card, pair)
                    for pair, caravan in enumerate(own)
                    if (not caravan if opening else numeral_problem(caravan, card) is None)
                )
            if opening:
                continue
            if card not in VALUE:
                for owner in (seat, 1 - seat):
                    for pair, caravan in enumerate(state.caravans[owner]):
                        actions.extend(
                            (ATTACH, card, owner, pair, pos) for pos in face_targets(caravan, card)
                        )
            actions.append((DISCARD, card))
        if not opening:
            actions.extend((DISBAND, pair) for pair, caravan in enumerate(own) if caravan)
        return actions

    def is_over(self, state: CaravanState) -> bool:
        """True once the match is over."""
        return state.phase == OVER

    def result(self, state: CaravanState) -> dict[str, Any]:
        """Games won per seat, the match winner (``[]`` while playing), games finished."""
        return {
            "scores": list(state.wins),
            "winners": list(state.winners),
            "games": sum(state.wins),
            "best_of": state.best_of,
        }

    def seats(self, state: CaravanState) -> int:
        """Always two."""
        return SEATS

    def view(self, state: CaravanState, seat: int | None) -> dict[str, Any]:
        """The table as ``seat`` sees it (``None``: the public); see ``docs/views.md``."""
        self.check_seat(state, seat, public=True)
        summary = state.last_game
        caravans = _table_view(state.caravans)
        # Every list is built anew, so a caller can never alter the state through a view.
        out: dict[str, Any] = {
            "game": self.name,
            "seats": SEATS,
            "best_of": state.best_of,
            "game_no": state.game_no,
            "wins": list(state.wins),
            "phase": state.phase,
            "turn": state.turn,
            "first": state.first,
            "caravans": caravans,
            "pairs": [
                pair_holder(caravans[0][pair]["value"], caravans[1][pair]["value"])
                for pair in range(PAIRS)
            ],
            "deck_sizes": [len(deck) for deck in state.decks],
            "hand_sizes": [len(hand) for hand in state.hands],
            "discard": state.discard,
            "last": _last_view(state.last, seat),
            "last_game": None
            if summary is None
            else {
                "game_no": summary.game_no,
                "winner": summary.winner,
                "pairs": list(summary.pairs),
                "caravans": _table_view(summary.caravans),
            },
            "over": state.phase == OVER,
            "winners": list(state.winners),
            "events": [event.seen_by(seat) for event in state.events],
        }
        if seat is not None:
            out["you"] = seat
            out["hand"] = list(state.hands[seat])
        return out

    def choice_path(self, state: CaravanState, seat: int, action: Action) -> list[Choice]:
        """Card → caravan (→ card of that caravan) → confirm; card → discard → confirm;
        disband → caravan → confirm."""
        self.check_seat(state, seat)
        move = self._check(state, seat, normalize_action(action))
        if move.kind == DISBAND:
            return [
                Choice(key=DISBAND, msg="caravan-choice-disband"),
                _caravan_choice(state, seat, move.pair),
                Choice(key="ok", msg="caravan-choice-confirm-disband", args={"n": move.pair + 1}),
            ]
        steps = [Choice(key=move.card, msg="caravan-choice-card", args={"card": move.card})]
        if move.kind == DISCARD:
            return [
                *steps,
                Choice(key=DISCARD, msg="caravan-choice-discard"),
                Choice(key="ok", msg="caravan-choice-confirm-discard", args={"card": move.card}),
            ]
        steps.append(_caravan_choice(state, move.owner, move.pair))
        where = {"seat": move.owner, "n": move.pair + 1}
        if move.kind == PLAY:
            args = {"card": move.card, **where}
            steps.append(Choice(key="ok", msg="caravan-choice-confirm-play", args=args))
            return steps
        caravan = state.caravans[move.owner][move.pair]
        target = caravan[move.pos][0]
        if len(face_targets(caravan, move.card)) > 1:
            steps.append(
                Choice(
                    key=f"p{move.pos}",
                    msg="caravan-choice-target",
                    args={"card": target, "n": move.pos + 1},
                )
            )
        steps.append(
            Choice(
                key="ok",
                msg="caravan-choice-confirm-attach",
                args={"card": move.card, "target": target, **where},
            )
        )
        return steps

    def explain(self, state: CaravanState, seat: int, keys: Sequence[str]) -> list[Choice]:
        """Why a card cannot go on some caravans, why face cards wait in the
        opening round, why there is nothing to disband (see ``docs/rules/caravan.md``)."""
        if not self.is_seat(state, seat) or state.phase == OVER or seat != state.turn:
            return []
        keys = tuple(keys)
        if not keys:
            return _explain_top(state, seat)
        if keys == (DISBAND,):
            if state.phase == OPENING:
                return []
            return [
                Choice(
                    key=f"c{seat}{pair}",
                    msg="error-caravan-disband-empty",
                    args={"seat": seat, "n": pair + 1},
                )
                for pair, caravan in enumerate(state.caravans[seat])
                if not caravan
            ]
        if len(keys) != 1 or keys[0] not in state.hands[seat]:
            return []
        card = keys[0]
        out = []
        for owner in (seat, 1 - seat):
            for pair in range(PAIRS):
                reason = _caravan_reason(state, seat, card, owner, pair)
                if reason is not None:
                    args = {**reason.params, "seat": owner, "n": pair + 1}
                    out.append(Choice(key=f"c{owner}{pair}", msg=f"error-{reason.code}", args=args))
        return out

    def stand_in(
        self, state: CaravanState, seat: int, actions: Sequence[Action], rnd: random.Random
    ) -> Action:
        """One move ahead: the move that leaves the best public table (``stand_in.py``)."""
        self.check_seat(state, seat)
        return stand_in.choose(state, seat, actions, self.apply, rnd)

    # -- playing ----------------------------------------------------------

    def _apply(self, state: CaravanState, seat: int, action: Action) -> CaravanState:
        move = self._check(state, seat, action)
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
        state.events = events
        return state

    def _check(self, state: CaravanState, seat: int, action: Action) -> _Move:
        """Validate ``action`` for ``seat``; raise an ``IllegalAction`` if it is not legal."""
        kind = action[0]
        if kind not in ARITY:
            raise MalformedAction(
                "an action is play, attach, discard or disband",
                code="caravan-unknown-action",
                kind=str(kind),
            )
        if len(action) != ARITY[kind]:
            raise MalformedAction(
                f"{kind} takes {ARITY[kind] - 1} arguments", code="caravan-bad-arity", kind=kind
            )
        if kind == DISBAND:
            return _check_disband(state, seat, action[1])
        card = action[1]
        numbers = action[2:]
        if not isinstance(card, str) or not all(isinstance(n, int) for n in numbers):
            raise MalformedAction(f"{kind} needs a card and numbers", kind=kind)
        try:
            card_rank = rank(card)
        except InvalidCard:
            raise MalformedAction("that is not a card", code="caravan-invalid-card") from None
        if kind == ATTACH:
            _check_seat(numbers[0])
        if kind != DISCARD:
            _check_pair(numbers[-2] if kind == ATTACH else numbers[0])
        # The refusal names only the card the player sent, never what others hold.
        if card not in state.hands[seat]:
            raise IllegalAction(
                "that card is not in your hand", code="caravan-card-not-in-hand", card=card
            )
        opening = state.phase == OPENING
        if kind == DISCARD:
            if opening:
                raise IllegalAction(
                    "no discarding in the opening round", code="caravan-opening-no-discard"
                )
            return _Move(DISCARD, card)
        if kind == PLAY:
            return _check_play(state, seat, card, numbers[0])
        if card_rank not in ("J", "Q", "K", "X"):
            raise IllegalAction(
                f"{card} is a numeral card: play it onto one of your caravans",
                code="caravan-not-a-face",
                card=card,
            )
        if opening:
            raise _faces_wait(card)
        owner, pair, pos = numbers
        caravan = state.caravans[owner][pair]
        if not caravan:
            raise _empty(owner, pair)
        if not 0 <= pos < len(caravan):
            raise IllegalAction(
                f"that caravan has no card {pos}",
                code="caravan-no-such-card",
                seat=owner,
                n=pair + 1,
                pos=pos,
            )
        problem = face_problem(caravan, card, pos)
        if problem is not None:
            raise problem
        return _Move(ATTACH, card, owner, pair, pos)


# -- validation ---------------------------------------------------------------


def _is_seat(seat: object) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < SEATS


def _check_seat(owner: int) -> None:
    if not _is_seat(owner):
        raise IllegalAction(f"there is no seat {owner}", code="caravan-no-such-seat", seat=owner)


def _check_pair(pair: int) -> None:
    if not 0 <= pair < PAIRS:
        raise IllegalAction(
            f"there is no caravan {pair} (they are 0, 1 and 2)",
            code="caravan-no-such-caravan",
            pair=pair,
        )


def _check_disband(state: CaravanState, seat: int, pair: Any) -> _Move:
    if not isinstance(pair, int):
        raise MalformedAction("disband needs a caravan number", kind=DISBAND)
    _check_pair(pair)
    if state.phase == OPENING:
        raise IllegalAction("no disbanding in the opening round", code="caravan-opening-no-disband")
    if not state.caravans[seat][pair]:
        raise IllegalAction(
            "that caravan is empty: nothing to disband",
            code="caravan-disband-empty",
            seat=seat,
            n=pair + 1,
        )
    return _Move(DISBAND, owner=seat, pair=pair)


def _check_play(state: CaravanState, seat: int, card: str, pair: int) -> _Move:
    if card not in VALUE:
        raise IllegalAction(
            f"{card} is a face card: attach it to a numeral card",
            code="caravan-not-a-numeral",
            card=card,
        )
    caravan = state.caravans[seat][pair]
    if state.phase == OPENING and caravan:
        raise _started(seat, pair)
    problem = numeral_problem(caravan, card)
    if problem is not None:
        raise problem
    return _Move(PLAY, card, seat, pair, len(caravan))


def _custom_decks(custom: Any) -> list[list[str] | None]:
    """The ``custom_decks`` option in canonical tagged form; raises ``InvalidOptions``."""
    if custom is None:
        return [None] * SEATS
    if isinstance(custom, str) or not isinstance(custom, Sequence) or len(custom) != SEATS:
        raise InvalidOptions(
            "custom_decks is a list of two decks (or nulls), one per seat",
            code="caravan-custom-decks",
            option=CUSTOM_DECKS,
        )
    out: list[list[str] | None] = []
    for seat, cards in enumerate(custom):
        if cards is None:
            out.append(None)
            continue
        problems = deck_problems(cards)
        if problems:
            first = problems[0]
            raise InvalidOptions(
                f"seat {seat}'s deck: {first}", code=first.code, seat=seat, **first.params
            )
        out.append([tag(*parse_tagged(text)) for text in cards])
    return out


def _caravan_reason(
    state: CaravanState, seat: int, card: str, owner: int, pair: int
) -> IllegalAction | None:
    """Why ``card`` (in ``seat``'s hand) can go nowhere on caravan ``(owner, pair)``."""
    caravan = state.caravans[owner][pair]
    opening = state.phase == OPENING
    if card in VALUE:
        if owner != seat:
            return IllegalAction(
                "numeral cards go only on your own caravans", code="caravan-own-caravans-only"
            )
        if opening:
            return _started(seat, pair) if caravan else None
        return numeral_problem(caravan, card)
    if opening:
        return _faces_wait(card)
    if not caravan:
        return _empty(owner, pair)
    if face_targets(caravan, card):
        return None
    if card[0] == "Q":
        return face_problem(caravan, card, len(caravan) - 1)
    return IllegalAction(
        f"every card of that caravan already holds {FACE_LIMIT} face cards",
        code="caravan-all-full",
        card=card,
        max=FACE_LIMIT,
    )


def _faces_wait(card: str) -> IllegalAction:
    return IllegalAction(
        "face cards wait until the opening round is over",
        code="caravan-opening-numerals-only",
        card=card,
    )


def _empty(owner: int, pair: int) -> IllegalAction:
    return IllegalAction(
        "that caravan is empty: it needs a numeral card first",
        code="caravan-empty-caravan",
        seat=owner,
        n=pair + 1,
    )


def _started(seat: int, pair: int) -> IllegalAction:
    return IllegalAction(
        "in the opening round each caravan gets one card: that one is started",
        code="caravan-opening-started",
        seat=seat,
        n=pair + 1,
    )


def _explain_top(state: CaravanState, seat: int) -> list[Choice]:
    """Face cards held during the opening round; nothing to disband in the main phase."""
    if state.phase == OPENING:
        return [
            Choice(key=card, msg="error-caravan-opening-numerals-only", args={"card": card})
            for card in dict.fromkeys(state.hands[seat])
            if card not in VALUE
        ]
    if any(state.caravans[seat]):
        return []
    return [Choice(key=DISBAND, msg="error-caravan-nothing-to-disband")]


# -- applying -----------------------------------------------------------------


def _attach(state: CaravanState, seat: int, move: _Move, events: list[Event]) -> None:
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
    events.extend(_start_game(state))


def _start_game(state: CaravanState) -> list[Event]:
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


# -- views --------------------------------------------------------------------


def _holders(table: Table) -> list[int | None]:
    """Who holds each pair now."""
    return [
        pair_holder(value_of(table[0][pair]), value_of(table[1][pair])) for pair in range(PAIRS)
    ]


def _caravan_view(caravan: Caravan) -> dict[str, Any]:
    value = value_of(caravan)
    return {
        "cards": [{"card": card, "faces": list(faces)} for card, faces in caravan],
        "value": value,
        "direction": direction_of(caravan),
        "suit": suit_of(caravan),
        "status": status_of(caravan, value),
    }


def _table_view(table: Table) -> list[list[dict[str, Any]]]:
    return [[_caravan_view(caravan) for caravan in row] for row in table]


def _last_view(last: LastMove | None, seat: int | None) -> dict[str, Any] | None:
    if last is None:
        return None
    out = vars(last).copy()
    if last.kind == DISCARD and seat != last.seat:
        out["card"] = None
    return out


def _caravan_choice(state: CaravanState, owner: int, pair: int) -> Choice:
    return Choice(
        key=f"c{owner}{pair}",
        msg="caravan-choice-caravan",
        args={"seat": owner, "n": pair + 1, "value": value_of(state.caravans[owner][pair])},
    )
