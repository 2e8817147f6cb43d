"""The Caravan rules engine (see ``docs/rules/caravan.md`` and ``docs/views.md``).

The contract's methods, each handing over to the module of its concern:
``actions`` (the actions and which are legal), ``checks`` (refusals), ``play``
(carrying actions out), ``views`` (the table) and ``menus`` (choice paths and
explanations).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from games.caravan import menus, stand_in
from games.caravan.actions import legal_actions
from games.caravan.checks import check_action
from games.caravan.decks import deck_problems, parse_tagged, tag, validate_deck
from games.caravan.play import apply_move, start_game
from games.caravan.state import OPENING, OVER, SEATS, CaravanState
from games.caravan.validate import check_state
from games.caravan.views import table_view
from games.core.errors import InvalidOptions
from games.core.protocol import Action, Choice, Game, OptionSpec, OptionValue, normalize_action
from games.core.rng import randbelow

CUSTOM_DECKS = "custom_decks"
STANDARD = "standard"
OWN = "own"


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
        state.events = start_game(state)
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
        return legal_actions(state, seat)

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
        return table_view(self.name, state, seat)

    def choice_path(self, state: CaravanState, seat: int, action: Action) -> list[Choice]:
        """Card → caravan (→ card of that caravan) → confirm; card → discard → confirm;
        disband → caravan → confirm."""
        self.check_seat(state, seat)
        return menus.choice_path(state, seat, normalize_action(action))

    def explain(self, state: CaravanState, seat: int, keys: Sequence[str]) -> list[Choice]:
        """Why a card cannot go on some caravans, why face cards wait in the
        opening round, why there is nothing to disband (see ``docs/rules/caravan.md``)."""
        if not self.is_seat(state, seat) or state.phase == OVER or seat != state.turn:
            return []
        return menus.explain(state, seat, tuple(keys))

    def stand_in(
        self, state: CaravanState, seat: int, actions: Sequence[Action], rnd: random.Random
    ) -> Action:
        """One move ahead: the move that leaves the best public table (``stand_in.py``)."""
        self.check_seat(state, seat)
        return stand_in.choose(state, seat, actions, self.apply, rnd)

    # -- playing ----------------------------------------------------------

    def _apply(self, state: CaravanState, seat: int, action: Action) -> CaravanState:
        move = check_action(state, seat, action)
        state.events = apply_move(state, seat, move)
        return state


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
