"""Where a picture's tappable things lie: each target's box as shares of the picture.

A frontend that shows the picture lets a player tap a card, a cell or a row
instead of pressing its button: a target's key is the ``Choice.key`` of the
menu option it stands for, and the frontend offers it only while a button with
that key is shown. ``"a/b"`` stands for ``b`` once ``a`` was chosen on the
way to it (``"a/b/c"``: once ``a``, then ``b``): a second tap on a chosen
cell confirms it as ``"@3,1/ok"``. ``"a>b"`` stands for ``a`` and then ``b``
at the next step, one tap making both presses. Boxes are shares of the
picture's width and height (``x0, y0, x1, y1`` in 0…1), so they hold at any
size it is shown at.

A target with no box is a *decision* the picture holds with nothing drawn to
tap for it (pass, how many cards, which of a move and a replace): the
frontend lays it over the picture as a chip named as its button, while that
button is shown and no target with a box stands for it. A decision's last
key may end in ``*`` for every option starting so (``"k*"``: any
combination).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

Share = tuple[float, float, float, float]
#: (key, box) pairs: two equal cards in a hand are two targets of one key;
#: a box of None makes the key a decision.
Targets = Sequence[tuple[str, Share | None]]


class TargetFunction(Protocol):
    """A view plus names in, the picture's targets out (the same view the picture is drawn from)."""

    def __call__(self, view: Mapping[str, Any], *, names: Sequence[str]) -> Targets: ...


def share(box: tuple[int, int, int, int], width: int, height: int) -> Share:
    """``box`` (pixels) as shares of a ``width`` × ``height`` picture, rounded to 0.1 %."""
    x0, y0, x1, y1 = box
    return (
        round(x0 / width, 4),
        round(y0 / height, 4),
        round(x1 / width, 4),
        round(y1 / height, 4),
    )


def decisions(*keys: str) -> tuple[tuple[str, Share | None], ...]:
    """``keys`` as decisions: targets with no box (see the module's docstring)."""
    return tuple((key, None) for key in keys)
