"""Which renderer draws which game: an explicit table, no discovery magic."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Protocol

from render import caravan, curling, klac, klotho, krendzu
from render.targets import TargetFunction


class ImageRenderer(Protocol):
    """A view (public or one seat's) plus display names in, PNG bytes out."""

    def __call__(self, view: Mapping[str, Any], *, names: Sequence[str]) -> bytes: ...


class KeyFunction(Protocol):
    """A view plus names in, a string out that changes whenever the image would."""

    def __call__(self, view: Mapping[str, Any], *, names: Sequence[str]) -> str: ...


class PreviewRenderer(Protocol):
    """The picture of a move not yet made, drawn over the table (a view, the
    game's preview data and display names in, PNG bytes out)."""

    def __call__(
        self, view: Mapping[str, Any], preview: Mapping[str, Any], *, names: Sequence[str]
    ) -> bytes: ...


@dataclass(frozen=True)
class Renderer:
    """A game's renderers: the public table and, if the game has one, a private hand.

    ``private_key`` names what the private image shows, so an unchanged hand
    is not drawn again after every move; ``preview`` draws a move before it
    is confirmed, for games whose ``Game.preview`` gives the data;
    ``table_targets`` and ``private_targets`` say where the pictures'
    tappable things lie (see :mod:`render.targets`).
    """

    table: ImageRenderer
    private: ImageRenderer | None
    private_key: KeyFunction | None = None
    preview: PreviewRenderer | None = None
    table_targets: TargetFunction | None = None
    private_targets: TargetFunction | None = None


class UnknownRenderer(ValueError):
    """No renderer is registered under that game name."""


RENDERERS: Mapping[str, Renderer] = MappingProxyType(
    {
        "klac": Renderer(
            klac.render_table,
            klac.render_hand,
            klac.hand_key,
            table_targets=klac.table_targets,
            private_targets=klac.hand_targets,
        ),
        # Everything in Klotho is public: no private image.
        "klotho": Renderer(klotho.render_table, None, table_targets=klotho.table_targets),
        "krendzu": Renderer(
            krendzu.render_table,
            krendzu.render_hand,
            krendzu.hand_key,
            table_targets=krendzu.table_targets,
            private_targets=krendzu.hand_targets,
        ),
        "caravan": Renderer(
            caravan.render_table,
            caravan.render_hand,
            caravan.hand_key,
            table_targets=caravan.table_targets,
            private_targets=caravan.hand_targets,
        ),
        # Everything in curling is public; a throw is previewed before it is confirmed.
        "curling": Renderer(
            curling.render_table,
            None,
            preview=curling.render_preview,
            table_targets=curling.table_targets,
        ),
    }
)


def get(game: str) -> Renderer:
    """The renderer of ``game`` (e.g. ``"klac"``); raises :class:`UnknownRenderer`."""
    try:
        return RENDERERS[game]
    except (KeyError, TypeError):
        raise UnknownRenderer(f"no renderer for game {game!r}") from None


def names() -> tuple[str, ...]:
    """The game names that have a renderer, sorted."""
    return tuple(sorted(RENDERERS))


__all__ = [
    "RENDERERS",
    "ImageRenderer",
    "KeyFunction",
    "PreviewRenderer",
    "Renderer",
    "UnknownRenderer",
    "get",
    "names",
]
