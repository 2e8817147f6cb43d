"""Why the computer plays a Klac! card, in the terms of its judgement
(``lookahead``): the row whose worth the play changes, counted as the
judgement counts it (a row's tops while the round goes on, its score once a
sixth stack ends it)."""

from __future__ import annotations

from games.ai.klac.lookahead import SHARES
from games.ai.klac.model import MISSING, SCORE, SIZE, TOTAL, play_of, row_mask
from games.core.protocol import Action, Choice
from games.klac.rules import ROW_LIMIT
from games.klac.state import KlacState


def worth(mask: int, ended: bool) -> int:
    """A row's worth as the judgement counts it, rounded to points."""
    return SCORE[mask] if ended else round(TOTAL[mask] * SHARES[MISSING[mask]])


def reason(known: KlacState, seat: int, action: Action) -> Choice | None:
    """Why ``seat`` plays ``action`` in ``known`` (a canonical state)."""
    _, target, _, new = play_of(known, action)
    masks = [row_mask(row) for row in known.rows]
    if SIZE[new] >= ROW_LIMIT:
        scores = [SCORE[m] for m in masks]
        scores[target] = SCORE[new]
        total = [t + s for t, s in zip(known.totals, scores, strict=True)]
        ahead = all(total[seat] > t for s, t in enumerate(total) if s != seat)
        return Choice("end", "klac-why-end", {"ahead": ahead, "score": scores[seat]})
    was, now = worth(masks[target], False), worth(new, False)
    args = {"seat": target, "before": was, "value": now}
    if target == seat:
        return Choice("own", "klac-why-own" if now >= was else "klac-why-own-least", args)
    return Choice("spoil", "klac-why-spoil" if now < was else "klac-why-give-least", args)
