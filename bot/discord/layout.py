"""Neutral button rows fitted into Discord's component limits.

A message holds at most 5 action rows of at most 5 buttons; a select menu
takes a whole row and lists at most 25 options; custom ids and option values
are at most 100 characters, button labels 80 and option labels 100. Rows that
fit stay buttons, laid out as the core laid them out (a field keeps its
shape). When they do not fit, the menu's options become select menus and the
controls (back, cancel, why not, votes, …) are packed into full rows.

Custom ids are the core's tokens (which start with a lowercase letter) or
this frontend's own, which start with an uppercase letter (see
:mod:`bot.discord.ids`); a blank cell of a field gets a disabled
button with a per-message id, since ids must be unique within a message.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.core.screen_base import Button

MAX_ROWS = 5
ROW_BUTTONS = 5
SELECT_OPTIONS = 25
BUTTON_LABEL = 80
OPTION_LABEL = 100
#: The core's placeholder token of an empty field cell (``z:ID``).
BLANK_PREFIX = "z:"


@dataclass(frozen=True)
class Key:
    """A button on Discord: a custom id (or a link) and how it looks."""

    label: str
    custom_id: str | None = None
    url: str | None = None
    disabled: bool = False


@dataclass(frozen=True)
class Picker:
    """A select menu: ``options`` are (label, value) pairs; values are tokens."""

    custom_id: str
    placeholder: str
    options: tuple[tuple[str, str], ...]


Row = tuple[Key, ...] | Picker


class TooManyChoices(ValueError):
    """More options than five select menus can list (no menu of ours is that long)."""


def fit(
    rows: tuple[tuple[Button, ...], ...],
    extra: tuple[Button, ...] = (),
    *,
    placeholder: str,
) -> list[Row]:
    """Discord rows for the core's ``rows`` plus this frontend's ``extra`` buttons.

    ``placeholder`` is the select menus' prompt (in the reader's language).
    """
    rows = _distinct(rows)
    as_buttons = [chunk for row in rows for chunk in _chunks(row)]
    as_buttons += _chunks(extra)
    if len(as_buttons) > MAX_ROWS:
        as_buttons = _packed_controls(as_buttons)
    if len(as_buttons) <= MAX_ROWS:
        return [_keys(row, start=i * ROW_BUTTONS) for i, row in enumerate(as_buttons)]
    controls = [b for row in rows for b in row if not b.choice] + list(extra)
    control_rows = _chunks(tuple(controls))
    choices = [b for row in rows for b in row if b.choice and not _blank(b)]
    groups = [choices[i : i + SELECT_OPTIONS] for i in range(0, len(choices), SELECT_OPTIONS)]
    if len(groups) + len(control_rows) > MAX_ROWS:
        raise TooManyChoices(f"{len(choices)} options and {len(controls)} controls")
    pickers: list[Row] = [
        Picker(
            f"S:{i}",
            f"{placeholder} ({i + 1}/{len(groups)})" if len(groups) > 1 else placeholder,
            tuple((_cut(b.label, OPTION_LABEL), b.token or "") for b in group),
        )
        for i, group in enumerate(groups)
    ]
    return pickers + [_keys(row) for row in control_rows]


def _packed_controls(rows: list[tuple[Button, ...]]) -> list[tuple[Button, ...]]:
    """``rows`` with each run of rows without choices (why not, hint, votes, …)
    packed into full rows, so that a field keeps its shape where it can."""
    out: list[tuple[Button, ...]] = []
    run: list[Button] = []
    for row in rows:
        if any(b.choice for b in row):
            out += _chunks(tuple(run))
            run = []
            out.append(row)
        else:
            run += row
    return out + _chunks(tuple(run))


def _distinct(rows: tuple[tuple[Button, ...], ...]) -> tuple[tuple[Button, ...], ...]:
    """The rows without a token seen before: Discord refuses a message whose custom ids
    repeat (one level down a menu, "back" and "cancel" are the same step)."""
    seen: set[str] = set()
    out = []
    for row in rows:
        kept = []
        for button in row:
            if button.token is not None and not _blank(button):
                if button.token in seen:
                    continue
                seen.add(button.token)
            kept.append(button)
        if kept:
            out.append(tuple(kept))
    return tuple(out)


def _chunks(row: tuple[Button, ...]) -> list[tuple[Button, ...]]:
    return [row[i : i + ROW_BUTTONS] for i in range(0, len(row), ROW_BUTTONS)]


def _keys(row: tuple[Button, ...], start: int = 0) -> tuple[Key, ...]:
    return tuple(
        Key(_cut(b.label, BUTTON_LABEL), custom_id=f"Z:{start + i}", disabled=True)
        if _blank(b)
        else Key(_cut(b.label, BUTTON_LABEL), custom_id=b.token, url=b.url)
        for i, b in enumerate(row)
    )


def _blank(button: Button) -> bool:
    return button.token is not None and button.token.startswith(BLANK_PREFIX)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
