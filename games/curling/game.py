"""The Logical Curling rules engine (see ``docs/rules/curling.md`` and ``docs/views.md``).

The contract's methods, each handing over to the module of its concern:
``actions`` (the actions and which are legal), ``checks`` (refusals), ``play``
(carrying actions out), ``views`` (the table and previews) and ``menus``
(choice paths and explanations).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from games.core.errors import GameOver, IllegalAction, NotYourTurn
from games.core.protocol import Action, Choice, Game, OptionSpec, OptionValue, normalize_action
from games.curling import menus, stand_in
from games.curling.actions import (
    THROW,
    draw_actions,
    l2_limit,
    offered_combos,
    reroll_actions,
    throws,
)
from games.curling.checks import check_action, check_throw
from games.curling.play import apply_action, new_match
from games.curling.state import (
    DECK_SIZES,
    DICE,
    DRAW,
    ENDS,
    OVER,
    REROLL,
    ROLL,
    VARIANTS,
    CurlingState,
)
from games.curling.validate import check_state
from games.curling.views import table_view, throw_preview


class CurlingGame(Game[CurlingState]):
    """Logical Curling for two players: red (seat 0) and blue (seat 1)."""

    name: ClassVar[str] = "curling"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    state_type = CurlingState
    public_moves: ClassVar[bool] = True
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("variant", DICE, VARIANTS),
        OptionSpec("deck", 36, DECK_SIZES),
        OptionSpec("ends", 8, ENDS),
    )

    # -- setup ------------------------------------------------------------

    def _new(self, seats: int, options: dict[str, OptionValue], seed: int) -> CurlingState:
        return new_match(str(options["variant"]), int(options["deck"]), int(options["ends"]), seed)

    def _validate(self, state: CurlingState) -> None:
        """Refuse an impossible state (``games.curling.validate``)."""
        check_state(state)

    # -- queries ----------------------------------------------------------

    def to_move(self, state: CurlingState) -> list[int]:
        """The one seat to act, or ``[]`` once the match is over."""
        return [] if state.turn is None else [state.turn]

    def legal_actions(self, state: CurlingState, seat: int) -> list[Action]:
        """Menu order: roll; toggles by die, rethrow, keep; draw (the deck, or the
        first player's cards in the order taken), stop; throws by
        combination (strongest first), trajectory (weakest first), numbers
        (ascending), start cell (c0 d0 e0 f0)."""
        if not self.is_seat(state, seat) or state.turn is None or seat != state.turn:
            return []
        if state.phase == ROLL:
            return [(ROLL,)]
        if state.phase == REROLL:
            return reroll_actions(state)
        if state.phase == DRAW:
            return draw_actions(state, seat)
        return list(throws(offered_combos(state, seat), l2_limit(state, seat)))

    def is_over(self, state: CurlingState) -> bool:
        """True once the match (with any extra ends) has been won."""
        return state.phase == OVER

    def result(self, state: CurlingState) -> dict[str, Any]:
        """Match totals per seat, and the winner once over."""
        return {"scores": list(state.match), "winners": list(state.winners)}

    def seats(self, state: CurlingState) -> int:
        """Always two."""
        return 2

    def view(self, state: CurlingState, seat: int | None) -> dict[str, Any]:
        """The table (everything but the deck's order); see ``docs/views.md``."""
        self.check_seat(state, seat, public=True)
        return table_view(self.name, state, seat)

    def preview(self, state: CurlingState, seat: int, action: Sequence[Any]) -> dict[str, Any]:
        """What the throw ``action`` would do: the view's ``last`` for it plus
        ``stones`` and ``house`` after it and ``segments`` (the cells the thrown
        stone entered and the stones it struck, per segment); every struck stone's
        ``moves`` entry adds its ``path``. Raises like ``apply``; never changes
        the state."""
        self.check_seat(state, seat)
        act = normalize_action(action)
        if state.phase == OVER:
            raise GameOver("the game is over")
        if seat not in self.to_move(state):
            raise NotYourTurn("it is not your turn", seat=seat)
        check_action(state, seat, act)  # refuses what is illegal anyway
        if act[0] != THROW:
            raise IllegalAction(
                "only a throw can be previewed", code="curling-preview-throw-only", kind=act[0]
            )
        return throw_preview(state, seat, check_throw(state, seat, act))

    def choice_path(self, state: CurlingState, seat: int, action: Action) -> list[Choice]:
        """The menu steps to ``action`` (the shapes are listed in ``games.curling.menus``)."""
        self.check_seat(state, seat)
        return self.choice_paths(state, seat, [action])[0]

    def choice_paths(
        self, state: CurlingState, seat: int, actions: Sequence[Action]
    ) -> list[list[Choice]]:
        """The paths of ``actions``, the throws' steps derived once."""
        self.check_seat(state, seat)
        return menus.choice_paths(state, seat, actions)

    def explain(self, state: CurlingState, seat: int, keys: Sequence[str]) -> list[Choice]:
        """Why dice can't be marked or kept, trajectories are over the limit, or
        numbers break a trajectory's constraint (``games.curling.menus``)."""
        return menus.explain(state, seat, keys) if self.is_seat(state, seat) else []

    def continues(self, state: CurlingState, seat: int) -> bool:
        """True from the roll (or the first card taken or refused) until the throw."""
        return self.is_seat(state, seat) and seat == state.turn and state.started

    def stand_in(
        self, state: CurlingState, seat: int, actions: Sequence[Action], rnd: random.Random
    ) -> Action:
        """Roll and keep (re-throwing sixes), take no cards, then the throw that
        leaves the best house count (see ``games.curling.stand_in``)."""
        self.check_seat(state, seat)
        return stand_in.choose(state, seat, actions, rnd)

    # -- applying ---------------------------------------------------------

    def _apply(self, state: CurlingState, seat: int, action: Action) -> CurlingState:
        kind = check_action(state, seat, action)
        state.events = apply_action(state, seat, kind, action)
        return state
