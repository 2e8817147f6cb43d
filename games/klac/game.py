"""The Klac! rules engine (see ``docs/rules/klac.md``).

Actions are ``("extend", card, target_seat)`` (a new stack at the end of that
seat's row) and ``("cover", card, target_seat, stack_index)`` (onto a stack
whose top card has the card's colour).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from games.core.errors import IllegalAction, InvalidCard, MalformedAction
from games.core.events import Event
from games.core.protocol import Action, Choice, Game, OptionSpec, OptionValue, normalize_action
from games.core.rng import randbelow, shuffled
from games.klac.cards import COLOUR_NAMES, make_deck, parse_card, sort_key
from games.klac.rules import (
    HAND_SIZE,
    ROW_LIMIT,
    can_cover,
    match_winners,
    merge_after_play,
    next_seat,
    round_is_over,
    row_score,
    top_cards,
)
from games.klac.state import KlacState, LastPlay, RoundSummary, copy_rows
from games.klac.validate import check_state

TARGETS = (50, 100, 150, 200, 250, 300)
EXTEND = "extend"
COVER = "cover"


@dataclass(frozen=True)
class _Play:
    """A validated action."""

    how: str
    card: str
    target: int
    stack: int | None


class KlacGame(Game[KlacState]):
    """Klac! for 2–6 players; the option ``target`` is the match goal."""

    name: ClassVar[str] = "klac"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 6
    state_type = KlacState
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (OptionSpec("target", 150, TARGETS),)

    # -- setup ------------------------------------------------------------

    def _new(self, seats: int, options: dict[str, OptionValue], seed: int) -> KlacState:
        first, rng = randbelow(seats, seed)
        state = KlacState(
            seats=seats,
            target=int(options["target"]),
            rng=rng,
            round=1,
            first=first,
            turn=first,
            deck=[],
            hands=[],
            rows=[],
            totals=[0] * seats,
        )
        state.events = [_start_round(state)]
        return state

    def _validate(self, state: KlacState) -> None:
        """Refuse a state Klac! could not reach (see ``validate.check_state``)."""
        check_state(state)

    # -- queries ----------------------------------------------------------

    def to_move(self, state: KlacState) -> list[int]:
        """The one seat to move, or ``[]`` once the match is over."""
        return [] if state.turn is None else [state.turn]

    def legal_actions(self, state: KlacState, seat: int) -> list[Action]:
        """Menu order: hand order; targets from the actor's own row on; new stack first."""
        if not self.is_seat(state, seat) or state.over or seat != state.turn:
            return []
        actions: list[Action] = []
        for card in dict.fromkeys(state.hands[seat]):
            for step in range(state.seats):
                target = (seat + step) % state.seats
                actions.append((EXTEND, card, target))
                actions.extend(
                    (COVER, card, target, index)
                    for index, stack in enumerate(state.rows[target])
                    if can_cover(card, stack[-1])
                )
        return actions

    def is_over(self, state: KlacState) -> bool:
        """True once someone has won the match."""
        return state.over

    def result(self, state: KlacState) -> dict[str, Any]:
        """Match totals, the winner (``[]`` while playing) and rounds finished."""
        return {
            "scores": list(state.totals),
            "winners": list(state.winners),
            "rounds": state.round if state.over else state.round - 1,
        }

    def seats(self, state: KlacState) -> int:
        """Number of seats."""
        return state.seats

    def view(self, state: KlacState, seat: int | None) -> dict[str, Any]:
        """The table as ``seat`` sees it (``None``: the public); see ``docs/views.md``."""
        self.check_seat(state, seat, public=True)
        # Every list is copied, so a caller can never alter the state through a view.
        out: dict[str, Any] = {
            "game": self.name,
            "seats": state.seats,
            "round": state.round,
            "target": state.target,
            "turn": state.turn,
            "deck": len(state.deck),
            "hand_sizes": [len(hand) for hand in state.hands],
            "rows": copy_rows(state.rows),
            "totals": list(state.totals),
            "row_scores": [row_score(top_cards(row)) for row in state.rows],
            "last": None if state.last is None else vars(state.last).copy(),
            "last_round": None if state.last_round is None else _summary_view(state.last_round),
            "over": state.over,
            "winners": list(state.winners),
            "events": [event.seen_by(seat) for event in state.events],
        }
        if seat is not None:
            out["you"] = seat
            out["hand"] = list(state.hands[seat])
        return out

    def choice_path(self, state: KlacState, seat: int, action: Action) -> list[Choice]:
        """Card → target seat → new stack or one of that row's stacks."""
        self.check_seat(state, seat)
        play = self._check(state, seat, normalize_action(action))
        steps = [
            Choice(key=play.card, msg="klac-choice-card", args={"card": play.card}),
            Choice(key=f"p{play.target}", msg="klac-choice-target", args={"seat": play.target}),
        ]
        if play.stack is None:
            steps.append(Choice(key="new", msg="klac-choice-new"))
        else:
            top = state.rows[play.target][play.stack][-1]
            steps.append(
                Choice(
                    key=f"s{play.stack}",
                    msg="klac-choice-stack",
                    args={"n": play.stack + 1, "card": top},
                )
            )
        return steps

    # -- playing ----------------------------------------------------------

    def _apply(self, state: KlacState, seat: int, action: Action) -> KlacState:
        play = self._check(state, seat, action)
        hand = state.hands[seat]
        hand.remove(play.card)
        row = state.rows[play.target]
        if play.stack is None:
            row.append([play.card])
            played = len(row) - 1
        else:
            row[play.stack].append(play.card)
            played = play.stack
        new_row, index, merged = merge_after_play(row, played)
        state.rows[play.target] = new_row
        state.last = LastPlay(seat, play.target, index, play.card, play.how, merged)
        events = [
            Event(
                "play",
                seat,
                public={
                    "card": play.card,
                    "target": play.target,
                    "stack": index,
                    "how": play.how,
                    "merged": merged,
                },
            )
        ]
        # A sixth stack ends the round at once, before the player would draw.
        if len(new_row) < ROW_LIMIT and state.deck:
            drawn = state.deck.pop()
            hand.append(drawn)
            hand.sort(key=sort_key)
            events.append(Event("draw", seat, private={"card": drawn}))
        sizes = [len(h) for h in state.hands]
        if round_is_over(state.rows, len(state.deck), sizes):
            events.extend(_end_round(state))
        else:
            state.turn = next_seat(sizes, seat)
        state.events = events
        return state

    def _check(self, state: KlacState, seat: int, action: Action) -> _Play:
        """Validate ``action`` for ``seat``; raise an ``IllegalAction`` if it is not legal."""
        how = action[0]
        if how not in (EXTEND, COVER):
            raise MalformedAction(
                "an action is extend or cover", code="klac-unknown-action", kind=str(how)
            )
        arity = 3 if how == EXTEND else 4
        if len(action) != arity:
            raise MalformedAction(
                f"{how} takes {arity - 1} arguments", code="klac-bad-arity", kind=how
            )
        card, target = action[1], action[2]
        stack = action[3] if how == COVER else None
        if not isinstance(card, str) or not isinstance(target, int):
            raise MalformedAction(f"{how} needs a card and a seat number", kind=how)
        if how == COVER and not isinstance(stack, int):
            raise MalformedAction("cover needs a stack number", kind=how)
        try:
            colour, _ = parse_card(card)
        except InvalidCard:
            raise MalformedAction("that is not a Klac card", code="klac-invalid-card") from None
        if not 0 <= target < state.seats:
            raise IllegalAction(f"there is no seat {target}", code="klac-no-such-seat", seat=target)
        # The refusal names only the card the player sent, never what others hold.
        if card not in state.hands[seat]:
            raise IllegalAction(
                "that card is not in your hand", code="klac-card-not-in-hand", card=card
            )
        if stack is None:
            return _Play(how, card, target, None)
        row = state.rows[target]
        if not 0 <= stack < len(row):
            raise IllegalAction(
                f"seat {target}'s row has no stack {stack}",
                code="klac-no-such-stack",
                seat=target,
                stack=stack,
            )
        top = row[stack][-1]
        if not can_cover(card, top):
            raise IllegalAction(
                f"a {COLOUR_NAMES[colour]} card can only cover a {COLOUR_NAMES[colour]} "
                f"stack, and that stack shows {top}",
                code="klac-colour-mismatch",
                card=card,
                top=top,
            )
        return _Play(how, card, target, stack)


def _start_round(state: KlacState) -> Event:
    """Shuffle all 90 cards, deal three to each seat, clear the rows."""
    deck, state.rng = shuffled(make_deck(), state.rng)
    state.hands = [
        sorted((deck.pop() for _ in range(HAND_SIZE)), key=sort_key) for _ in range(state.seats)
    ]
    state.deck = deck
    state.rows = [[] for _ in range(state.seats)]
    state.last = None
    state.turn = state.first
    return Event("round_start", public={"round": state.round, "first": state.first})


def _end_round(state: KlacState) -> list[Event]:
    """Score the round, then end the match or start the next round."""
    scores = [row_score(top_cards(row)) for row in state.rows]
    state.totals = [total + score for total, score in zip(state.totals, scores, strict=True)]
    state.last_round = RoundSummary(state.round, copy_rows(state.rows), scores, list(state.totals))
    events = [
        Event(
            "round_end",
            public={"round": state.round, "scores": scores, "totals": list(state.totals)},
        )
    ]
    winners = match_winners(state.totals, state.target)
    if winners:
        state.over = True
        state.winners = winners
        state.turn = None
        events.append(
            Event("match_end", public={"winners": list(winners), "totals": list(state.totals)})
        )
        return events
    state.round += 1
    state.first = (state.first + 1) % state.seats
    events.append(_start_round(state))
    return events


def _summary_view(summary: RoundSummary) -> dict[str, Any]:
    return {
        "round": summary.round,
        "rows": copy_rows(summary.rows),
        "scores": list(summary.scores),
        "totals": list(summary.totals),
    }
