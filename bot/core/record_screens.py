"""Texts of what is kept after the games: ``/history``, ``/replay``, ``/top``
and the rating lines of ``/stats``."""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.core.history import KEEP_SECONDS, Finished
from bot.core.i18n import I18n
from bot.core.ratings import Rating, Standing
from bot.core.screen_base import Button


def _date(when: float) -> str:
    # Day and month in digits read the same in both languages.
    return time.strftime("%d.%m.%Y", time.gmtime(when))


def _winners(entry: Finished) -> str:
    return ", ".join(entry.players[int(s)].name for s in entry.result.get("winners", []))


def history(i18n: I18n, lang: str, entries: Sequence[Finished]) -> str:
    """The chat's last finished games, numbered as ``/replay`` takes them."""
    if not entries:
        return i18n.t(lang, "history-none")
    lines = [i18n.t(lang, "history-title")]
    for n, entry in enumerate(entries, start=1):
        lines.append(
            i18n.t(
                lang,
                "history-line",
                n=n,
                game=i18n.t(lang, f"game-{entry.game}"),
                date=_date(entry.finished_at),
                players=", ".join(p.name for p in entry.players),
                winners=_winners(entry),
            )
        )
    lines.append(i18n.t(lang, "history-replay-hint"))
    return "\n".join(lines)


def replay_caption(i18n: I18n, lang: str, entry: Finished) -> str:
    """The caption under a replay."""
    return i18n.t(
        lang,
        "replay-caption",
        game=i18n.t(lang, f"game-{entry.game}"),
        date=_date(entry.finished_at),
        players=", ".join(p.name for p in entry.players),
        winners=_winners(entry),
    )


@dataclass(frozen=True)
class ReplayButton:
    """What a replay button of :func:`history_buttons` names: a finished game of
    the chat it is pressed in. Its data, ``PREFIX:ID:WHEN`` (when the game
    finished, in whole seconds; 31 bytes at most with a one-letter prefix), is
    checked against the chat's records, so a forged press names nothing; WHEN
    tells a game that has expired from one that is not this chat's."""

    table_id: str
    finished: int

    @classmethod
    def of(cls, entry: Finished) -> ReplayButton:
        """The button of a finished game."""
        return cls(entry.id, int(entry.finished_at))

    @classmethod
    def decode(cls, data: str | None, prefix: str) -> ReplayButton | None:
        """The button of some button data, or ``None`` when it is not one."""
        match = re.fullmatch(
            rf"{re.escape(prefix)}:([A-Za-z0-9_-]{{4,16}}):(\d{{1,12}})", data or ""
        )
        return None if match is None else cls(match[1], int(match[2]))

    def encode(self, prefix: str) -> str:
        """The button data, behind a frontend's ``prefix``."""
        return f"{prefix}:{self.table_id}:{self.finished}"

    def refusal(self, entry: Finished | None, now: float) -> str | None:
        """Why a press on this button replays nothing (a message id), given
        the chat's record of its game (``None``: none is kept); ``None`` when
        the press is good."""
        if entry is not None and ReplayButton.of(entry) == self:
            return None
        expired = entry is None and self.finished + KEEP_SECONDS <= now
        return "replay-expired" if expired else "replay-gone"


def history_buttons(
    i18n: I18n, lang: str, entries: Sequence[Finished], prefix: str
) -> tuple[tuple[Button, ...], ...]:
    """One replay button a row for the games of :func:`history`, numbered alike."""
    return tuple(
        (
            Button(
                i18n.t(
                    lang,
                    "history-replay-button",
                    n=n,
                    game=i18n.t(lang, f"game-{entry.game}"),
                    date=_date(entry.finished_at),
                ),
                ReplayButton.of(entry).encode(prefix),
            ),
        )
        for n, entry in enumerate(entries, start=1)
    )


def _rating(rating: Rating) -> str:
    return str(round(rating.mu))


def top(i18n: I18n, lang: str, game: str, standings: Sequence[Standing]) -> str:
    """A chat's leaderboard in one game."""
    title = i18n.t(lang, f"game-{game}")
    if not standings:
        return i18n.t(lang, "top-none", game=title)
    lines = [i18n.t(lang, "top-title", game=title)]
    for n, standing in enumerate(standings, start=1):
        rating = standing.rating
        lines.append(
            i18n.t(
                lang,
                "top-line",
                n=n,
                player=standing.name,
                rating=_rating(rating),
                games=rating.games,
            )
        )
    return "\n".join(lines)


def rating_lines(i18n: I18n, lang: str, ratings: Mapping[str, Rating]) -> dict[str, str]:
    """Per game, the ``/stats`` line of a player's rating and its uncertainty."""
    return {
        game: i18n.t(
            lang,
            "stats-rating",
            rating=_rating(rating),
            spread=round(2 * rating.sigma),
            games=rating.games,
        )
        for game, rating in ratings.items()
    }
