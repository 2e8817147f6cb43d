"""Logical Curling positions for tests, written compactly: ``make_state``."""

from __future__ import annotations

from typing import Any

from games.core.cards import RANKS_36, RANKS_52, make_deck
from games.curling.rules import COLOURS
from games.curling.state import AIM, CARDS, DICE, DRAW, ROLL, Cards, CurlingState, Stone


def parse_stones(text: str) -> list[Stone]:
    """``"c5:blue f7:red c6:b"`` → stones, numbered per colour in the order given
    (``r``/``b`` abbreviate the colours)."""
    out: list[Stone] = []
    counts = [0, 0]
    for token in text.split():
        cell, colour = token.split(":")
        seat = 0 if colour in ("red", "r") else 1
        assert colour in (*COLOURS, "r", "b"), colour
        counts[seat] += 1
        out.append(Stone(cell, seat, counts[seat]))
    return sorted(out, key=lambda s: (s.seat, s.n))


def make_state(
    stones: str = "",
    *,
    variant: str = DICE,
    throw_no: int | None = None,
    hammer: int = 1,
    dice: list[int] | None = None,
    prev_power: int | None = None,
    deck: int = 36,
    main: str | None = None,
    subs: tuple[str, str] = ("", ""),
    discard: str = "",
    deck_cards: str | None = None,
    phase: str | None = None,
    **fields: Any,
) -> CurlingState:
    """A position of end 1 (by default) at throw ``throw_no``.

    ``throw_no`` defaults to one more than the stones on the field (each stone
    thrown once, none out); the seats' thrown and out counts follow from it, so
    stones are conserved. The seat to throw is the non-hammer seat on odd
    throws. Dice variant: the phase is ``aim`` when ``dice`` are given, else
    ``roll``. Card variant: ``main`` and ``subs`` (space-separated cards), the
    discard pile, and the deck (by default every other card, in deck order);
    the phase is ``draw`` unless given. ``prev_power`` defaults to 1 after the
    first throw. Other state fields may be given as keywords.
    """
    placed = parse_stones(stones)
    on_field = [sum(1 for s in placed if s.seat == seat) for seat in (0, 1)]
    no = sum(on_field) + 1 if throw_no is None else throw_no
    first = 1 - hammer
    thrown = [0, 0]
    thrown[first] = no // 2
    thrown[hammer] = (no - 1) // 2
    out = [thrown[seat] - on_field[seat] for seat in (0, 1)]
    assert min(out) >= 0, f"more stones on the field than thrown by throw {no}"
    turn = first if no % 2 == 1 else hammer
    cards = None
    if variant == CARDS:
        ranks = RANKS_36 if deck == 36 else RANKS_52
        every = make_deck(ranks, jokers=2 if deck == 54 else 0)
        row = (main or "").split()
        held = [h.split() for h in subs]
        pile = discard.split()
        used = set(row) | set(held[0]) | set(held[1]) | set(pile)
        rest = [c for c in every if c not in used] if deck_cards is None else deck_cards.split()
        cards = Cards(row, held, rest, pile)
    state = CurlingState(
        variant=variant,
        deck_size=deck,
        ends=fields.pop("ends", 8),
        rng=fields.pop("rng", 4242),
        end=fields.pop("end", 1),
        hammer=hammer,
        throw_no=no,
        turn=turn,
        phase=phase or (DRAW if variant == CARDS else AIM if dice is not None else ROLL),
        stones=placed,
        thrown=thrown,
        out=out,
        end_scores=fields.pop("end_scores", []),
        match=fields.pop("match", [0, 0]),
        prev_power=prev_power if prev_power is not None or no == 1 else 1,
        started=fields.pop("started", dice is not None),
        dice=dice,
        cards=cards,
    )
    for key, value in fields.items():
        setattr(state, key, value)
    return state
