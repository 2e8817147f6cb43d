"""Krendzu positions for tests, written compactly: ``make_state`` and ``parse_field``."""

from __future__ import annotations

from typing import Any

from games.core.cards import RANKS_36, make_deck
from games.krendzu.field import frontier_of
from games.krendzu.rules import BASE_TOURS, cycle_of, deal_rules, sort_key
from games.krendzu.state import PLAY, KrendzuState, Placed


def parse_field(text: str, origin: tuple[int, int] = (0, 0)) -> list[tuple[int, int, str]]:
    """``"QS KH\\n.  6C"`` → ``[(0, 0, "QS"), (1, 0, "KH"), (1, 1, "6C")]``.

    Whitespace-separated tokens, ``.`` for a free cell; the first token of the
    first line lies at ``origin``. Cards are listed row by row.
    """
    out = []
    ox, oy = origin
    for y, line in enumerate(text.strip("\n").splitlines()):
        for x, token in enumerate(line.split()):
            if token != ".":
                out.append((ox + x, oy + y, token))
    return out


def make_state(
    seats: int = 2,
    field: str = "",
    hands: tuple[str, ...] | None = None,
    *,
    turn: int | None = None,
    variant: str = "two_attackers",
    tour: int = 1,
    origin: tuple[int, int] = (0, 0),
    placer: int | None = None,
    moved: list[bool] | None = None,
    **fields: Any,
) -> KrendzuState:
    """A play-phase position of tour ``tour``.

    ``field`` as :func:`parse_field` reads it (placed in that order by
    ``placer``, by default the tour's first defender); ``hands`` are
    space-separated cards per seat. ``turn`` defaults to the first seat of
    the cycle, and the cycle position to its first appearance. Every seat
    has moved already (past its first turn) unless ``moved`` says otherwise
    or the field is empty. The cards in no hand and not on the field are set
    aside. Other state fields may be given as keywords.
    """
    cycle = cycle_of(seats, variant, tour)
    placed = parse_field(field, origin)
    cards = [Placed(x, y, card, cycle[0] if placer is None else placer) for x, y, card in placed]
    hand_lists = [sorted(h.split(), key=sort_key) for h in (hands or ("",) * seats)]
    seat = cycle[0] if turn is None else turn
    used = {c for h in hand_lists for c in h} | {p.card for p in cards}
    hand, handicap, _, _ = deal_rules(seats, variant)
    defaults: dict[str, Any] = {
        "tours": BASE_TOURS[seats],
        "hand": hand,
        "handicap": handicap,
        "exchange": 3,
        "rng": 4242,
        "phase": PLAY,
        "pos": cycle.index(seat),
        "aside": [c for c in make_deck(RANKS_36) if c not in used],
        "announced": [0] * seats,
        "done": [True] * seats,
        "marked": [[] for _ in range(seats)],
        "discards": [[] for _ in range(seats)],
        "pending": False,
        "scored": [],
        "tour_points": [0] * seats,
        "scores": [0] * seats,
    }
    defaults.update(fields)
    return KrendzuState(
        seats=seats,
        variant=variant,
        tour=tour,
        turn=seat,
        hands=hand_lists,
        cells=cards,
        frontier=frontier_of({(p.x, p.y) for p in cards}),
        moved=([bool(cards)] * seats) if moved is None else moved,
        **defaults,
    )
