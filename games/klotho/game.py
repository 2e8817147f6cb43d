"""The Klotho / Prospector rules engine (see ``docs/rules/klotho.md``).

The contract's methods, each handing over to the module of its concern:
``actions`` (the actions and which are legal), ``checks`` (refusals), ``play``
(carrying actions out), ``views`` (the table) and ``menus`` (the menu grid
and choice paths).
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any, ClassVar

from games.core.protocol import (
    Action,
    Choice,
    Game,
    OptionSpec,
    OptionValue,
    Window,
    normalize_action,
)
from games.klotho import actions, menus
from games.klotho.actions import CLAIM_SECONDS, LAPSE
from games.klotho.checks import check_action
from games.klotho.play import apply_plan, new_match
from games.klotho.state import (
    EXTRA_TOURS,
    OVER,
    SCORING_AUTO,
    SCORING_CLAIM,
    SHARED_VICTORY,
    KlothoState,
)
from games.klotho.validate import check_state
from games.klotho.views import table_view


class KlothoGame(Game[KlothoState]):
    """Klotho for 2–8 players; the option ``rounds`` sets tours = rounds × seats."""

    name: ClassVar[str] = "klotho"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 8
    state_type = KlothoState
    public_moves: ClassVar[bool] = True
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("rounds", 1, (1, 2, 3)),
        OptionSpec("full_tie", EXTRA_TOURS, (EXTRA_TOURS, SHARED_VICTORY)),
        OptionSpec("scoring", SCORING_AUTO, (SCORING_AUTO, SCORING_CLAIM)),
    )

    # -- setup ------------------------------------------------------------

    def _new(self, seats: int, options: dict[str, OptionValue], seed: int) -> KlothoState:
        return new_match(seats, options, seed)

    def _validate(self, state: KlothoState) -> None:
        """Refuse an impossible state (see ``games.klotho.validate``)."""
        check_state(state)

    # -- queries ----------------------------------------------------------

    def to_move(self, state: KlothoState) -> list[int]:
        """The seats with a claim while a claim window is open; else a pending
        triplet's chooser alone; else the seat whose turn it is plus, while a
        vote is open, every seat that has not voted."""
        if state.phase == OVER or state.turn is None:
            return []
        if state.claims:
            return sorted({claim.seat for claim in state.claims})
        if state.pending:
            return [state.pending[0].seat]
        movers = {state.turn}
        if state.vote is not None:
            movers.update(s for s in range(state.seats) if s not in state.vote.yes)
        return sorted(movers)

    def legal_actions(self, state: KlothoState, seat: int) -> list[Action]:
        """Menu order: the mover's cell actions (row-major), then propose or the votes.

        A seat that is not to move may still propose (see :meth:`shared_actions`).
        """
        if not self.is_seat(state, seat) or state.phase == OVER:
            return []
        return actions.legal_actions(state, seat)

    def shared_actions(self, state: KlothoState) -> list[Action]:
        """Actions any eligible seat may press on the shared table message."""
        return actions.shared_actions(state)

    def window(self, state: KlothoState) -> Window | None:
        """The claim window, while seats may still claim points: it closes for
        the seat whose turning opened it."""
        if not state.claims or state.turn is None:
            return None
        return Window(CLAIM_SECONDS, state.turn, (LAPSE,))

    def is_over(self, state: KlothoState) -> bool:
        """True once the game has a winner."""
        return state.phase == OVER

    def result(self, state: KlothoState) -> dict[str, Any]:
        """Points, the winner (``[]`` while playing), half victories and tours played."""
        return {
            "scores": list(state.scores),
            "winners": list(state.winners),
            "halves": list(state.halves),
            "tours": state.tour if state.phase == OVER else state.tour - 1,
        }

    def seats(self, state: KlothoState) -> int:
        """Number of seats."""
        return state.seats

    def view(self, state: KlothoState, seat: int | None) -> dict[str, Any]:
        """The table (the same for everybody); see ``docs/views.md``."""
        self.check_seat(state, seat, public=True)
        return table_view(self.name, state, seat)

    def menu_grid(self, state: KlothoState) -> tuple[int, int] | None:
        """The field's ``(rows, cols)`` while the first menu level names cells."""
        return menus.menu_grid(state)

    def choice_path(self, state: KlothoState, seat: int, action: Action) -> list[Choice]:
        """A cell (then the kind, when a cell offers both move and replace),
        or one button for a triplet choice, a proposal or a vote.

        A shared action (a proposal, a vote) gets its button whichever seat
        asks, as it sits on the shared table message; any other action must
        be legal for ``seat``.
        """
        self.check_seat(state, seat)
        return menus.choice_path(state, seat, normalize_action(action))

    # -- playing ----------------------------------------------------------

    def apply(self, state: KlothoState, seat: int, action: Sequence[Any]) -> KlothoState:
        """As :meth:`Game.apply`, but a seat that is not to move may take a shared
        action it is eligible for (propose a vote out of turn)."""
        act = normalize_action(action)
        self.check_seat(state, seat)
        if seat not in self.to_move(state) and act in self.shared_actions(state):
            return self._apply(copy.deepcopy(state), seat, act)
        return super().apply(state, seat, act)

    def _apply(self, state: KlothoState, seat: int, action: Action) -> KlothoState:
        plan = check_action(state, seat, action)
        state.events = apply_plan(state, seat, plan)
        return state
