"""Why the computer plays a Krendzu move, in the terms of its one-ply judgement
(``tactics``): the points a card scores, the open three a defender blocks or
an attacker lays, and in the exchange the lone cards of a suit it gives away.
Only field cards and the seat's own are named."""

from __future__ import annotations

from collections import Counter

from games.ai.krendzu.exchange import SHORT_SUIT
from games.ai.krendzu.model import BIT, CARD_ID, CODES, cell_key, windows_through
from games.ai.krendzu.tactics import completers, read
from games.core.protocol import Action, Choice
from games.krendzu.actions import EXCHANGE, FIRST, PASS, PLACE, TOGGLE
from games.krendzu.rules import SUIT
from games.krendzu.state import ANNOUNCE, KrendzuState


def reason(known: KrendzuState, seat: int, action: Action) -> Choice | None:
    """Why ``seat`` plays ``action`` in ``known`` (a canonical state)."""
    kind = action[0]
    if kind == ANNOUNCE:
        if not action[1]:
            return Choice("keep", "krendzu-why-keep-hand")
        return Choice("announce", "krendzu-why-announce", {"count": int(action[1])})
    if kind == TOGGLE:
        counts = Counter(SUIT[card] for card in known.hands[seat])
        alone = counts[SUIT[str(action[1])]] <= SHORT_SUIT
        return Choice("toggle", "krendzu-why-toggle", {"card": str(action[1]), "alone": alone})
    if kind == EXCHANGE:
        return Choice("exchange", "krendzu-why-exchange")
    if kind == PASS:
        return Choice("pass", "krendzu-why-pass")
    if kind in (PLACE, FIRST):
        return _placement(known, seat, str(action[1]), int(action[2]), int(action[3]))
    return None


def _placement(known: KrendzuState, seat: int, card: str, x: int, y: int) -> Choice:
    view = read(known, seat)
    grid = view.board.grid
    key, bit = cell_key(x, y), BIT[CARD_ID[card]]
    # The cards the other side may complete a window with, as the judgement counts them.
    live = view.unseen if view.attacking else view.attacker_pool
    scored: list[list[str]] = []
    blocked: list[list[str]] = []
    opened: list[list[str]] = []
    for w in windows_through(key):
        cards = tuple(grid.get(c, -1) for c in w)
        others = [CODES[c] for c in cards if c >= 0]
        mask = completers(cards)
        line = [card if c == key else CODES[grid[c]] for c in w if c == key or c in grid]
        if mask & bit:
            scored.append(line)
        elif mask & live and len(others) == 3:
            blocked.append(others)
        elif len(others) == 2:
            after = tuple(CARD_ID[card] if c == key else grid.get(c, -1) for c in w)
            own = live | sum(BIT[CARD_ID[c]] for c in known.hands[seat] if c != card)
            if completers(after) & own:
                opened.append(line)
    if scored:
        msg = "krendzu-why-score" if view.attacking else "krendzu-why-gives-least"
        return Choice("score", msg, {"cards": scored[0], "count": len(scored)})
    if blocked and not view.attacking:
        return Choice("block", "krendzu-why-block", {"cards": blocked[0]})
    if opened and view.attacking:
        return Choice("open", "krendzu-why-open", {"cards": opened[0]})
    return Choice("quiet", "krendzu-why-build" if view.attacking else "krendzu-why-safe")
