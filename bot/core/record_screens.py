"""Texts of what is kept after the games: ``/history``, ``/replay``, ``/top``
and the rating lines of ``/stats``."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence

from bot.core.history import Finished, ReplayButton
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
