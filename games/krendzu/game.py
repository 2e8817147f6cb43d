"""The Krendzu rules engine (see ``docs/rules/krendzu.md`` and ``docs/views.md``).

The contract's methods, each handing over to the module of its concern:
``actions`` (the actions and which are legal), ``checks`` (refusals), ``play``
(carrying actions out), ``views`` (the table) and ``menus`` (choice paths and
explanations).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from games.core.protocol import Action, Choice, Game, OptionSpec, OptionValue
from games.krendzu import menus, stand_in
from games.krendzu.actions import TOGGLE, legal_actions
from games.krendzu.checks import check_action
from games.krendzu.play import apply_move, new_match
from games.krendzu.rules import TWO_ATTACKERS, VARIANTS
from games.krendzu.state import DISCARD, OVER, PLAY, KrendzuState
from games.krendzu.validate import check_state
from games.krendzu.views import table_view


class KrendzuGame(Game[KrendzuState]):
    """Krendzu for 2–4 players: attackers build lines of four, defenders block them."""

    name: ClassVar[str] = "krendzu"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 4
    state_type = KrendzuState
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("rounds", 1, (1, 2, 3)),
        OptionSpec("variant", TWO_ATTACKERS, VARIANTS),
        OptionSpec("hand", 0, (0, 7, 8, 9, 10, 11, 12, 13, 14)),
        OptionSpec("handicap", 0, (0, 1, 2)),
        OptionSpec("exchange", 3, (0, 1, 2, 3, 4, 5)),
    )

    # -- setup ------------------------------------------------------------

    def _new(self, seats: int, options: dict[str, OptionValue], seed: int) -> KrendzuState:
        return new_match(seats, options, seed)

    def _validate(self, state: KrendzuState) -> None:
        """Refuse an impossible state (see ``games.krendzu.validate``)."""
        check_state(state)

    # -- queries ----------------------------------------------------------

    def to_move(self, state: KrendzuState) -> list[int]:
        """The one seat to act, or ``[]`` once the match is over."""
        return [] if state.turn is None else [state.turn]

    def legal_actions(self, state: KrendzuState, seat: int) -> list[Action]:
        """Menu order: announcements 0…n; toggles in hand order, then exchange;
        placements card by card (hand order), cell by cell (frontier order),
        one-card moves before two-card moves, then pass."""
        if not self.is_seat(state, seat) or state.turn is None or seat != state.turn:
            return []
        return legal_actions(state, seat)

    def is_over(self, state: KrendzuState) -> bool:
        """True once the last tour has ended."""
        return state.phase == OVER

    def result(self, state: KrendzuState) -> dict[str, Any]:
        """Match totals per seat, and the seats with the highest total once over."""
        return {"scores": list(state.scores), "winners": list(state.winners)}

    def seats(self, state: KrendzuState) -> int:
        """Number of seats."""
        return state.seats

    def view(self, state: KrendzuState, seat: int | None) -> dict[str, Any]:
        """The table as ``seat`` sees it (``None``: the public); see ``docs/views.md``."""
        self.check_seat(state, seat, public=True)
        return table_view(self.name, state, seat)

    def choice_path(self, state: KrendzuState, seat: int, action: Action) -> list[Choice]:
        """``n<N>``; ``t<card>``; ``x``; ``[mode] c<card> [r<y>] @<x>,<y> ok``; ``pass ok``
        (see ``docs/rules/krendzu.md``)."""
        self.check_seat(state, seat)
        return self.choice_paths(state, seat, [action])[0]

    def choice_paths(
        self, state: KrendzuState, seat: int, actions: Sequence[Action]
    ) -> list[list[Choice]]:
        """The paths of ``actions``, the placements' cell steps derived once
        (``games.krendzu.menus``)."""
        self.check_seat(state, seat)
        return menus.choice_paths(state, seat, actions)

    def explain(self, state: KrendzuState, seat: int, keys: Sequence[str]) -> list[Choice]:
        """Why a defender may not pass or place two cards now (at the first menu
        level), and why unmarked cards are not offered once enough are marked."""
        return menus.explain(state, seat, keys) if self.is_seat(state, seat) else []

    def continues(self, state: KrendzuState, seat: int) -> bool:
        """True for a discarding seat once it has toggled a card, and for a
        defender between the two cards of a two-card move."""
        if not self.is_seat(state, seat) or state.turn is None or seat != state.turn:
            return False
        if state.phase == DISCARD:
            return any(e.kind == TOGGLE and e.seat == seat for e in state.events)
        return state.phase == PLAY and state.pending

    def stand_in(
        self, state: KrendzuState, seat: int, actions: Sequence[Action], rnd: random.Random
    ) -> Action:
        """Announce 0, finish a discard, score when attacking, block when defending
        (see ``games.krendzu.stand_in``)."""
        self.check_seat(state, seat)
        return stand_in.choose(state, seat, actions, rnd)

    # -- applying ---------------------------------------------------------

    def _apply(self, state: KrendzuState, seat: int, action: Action) -> KrendzuState:
        move = check_action(state, seat, action)
        state.events = apply_move(state, seat, move)
        return state
