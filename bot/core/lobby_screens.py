"""The lobby's screen and the words around it: seats, options, computer
players, durations, and ``/stats``."""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from bot.core.computers import is_computer
from bot.core.deck_screens import DeckScreens
from bot.core.player_store import VS
from bot.core.ratings import Rating
from bot.core.record_screens import rating_lines
from bot.core.screen_base import Button, Screen
from bot.core.service import START_GRACE_SECONDS
from bot.core.tables import Status, Table
from bot.core.tokens import LearnToken, LobbyToken
from bot.core.tutorials import TUTORIALS
from games import registry
from games.ai import LEVELS


class LobbyScreens(DeckScreens):
    """The lobby and ``/stats`` (see :class:`~bot.core.screens.Screens`)."""

    def lobby(self, table: Table, lang: str) -> Screen:
        """The lobby message: seats, options, and Join/Leave/Options/Start/Cancel."""
        game = registry.get(table.game)
        t = partial(self.t, lang)
        title = t(f"game-{table.game}")
        said = {Status.PLAYING: "lobby-started", Status.FINISHED: "lobby-finished"}
        msg = said.get(Status(table.status))
        if msg is None and table.seed is not None:
            msg = "lobby-stopped"  # dealt, then stopped: not a lobby closed unplayed
        if msg is not None:
            players = ", ".join(p.name for p in table.players)
            return Screen(t(msg, game=title, players=players))
        if table.status != Status.LOBBY:
            return Screen(t("lobby-closed", game=title))
        seats = "\n".join(
            f"{i + 1}. {p.name}"
            + (f" {t('lobby-host')}" if p.key == table.creator else "")
            + (f" 🤖 {t('lobby-computer', level=p.level)}" if is_computer(p.key) else "")
            for i, p in enumerate(table.players)
        )
        option_lines = [
            t(
                self._option_msg(table.game, spec.key),
                value=self._option_value(spec.key, value, lang),
            )
            for spec, value in self.service.lobby_options(table)
        ]
        text = "\n".join(
            [
                t("lobby-title", game=title),
                t(
                    # A game for exactly n players: "from 2 to 2" says nothing.
                    "lobby-seats-exact" if game.min_seats == game.max_seats else "lobby-seats",
                    count=len(table.players),
                    min=game.min_seats,
                    max=game.max_seats,
                ),
                seats,
                "",
                *option_lines,
                "",
                t("lobby-hint", grace=START_GRACE_SECONDS),
                t("lobby-computers-hint"),
            ]
        )
        buttons = (
            (
                Button(t("btn-join"), LobbyToken(table.id, "j").encode()),
                Button(t("btn-leave"), LobbyToken(table.id, "l").encode()),
            ),
            *(
                self._computer_buttons(table, lang)
                if table.picking
                else (
                    *(
                        (Button(f"⚙ {line}", LobbyToken(table.id, f"o{i}").encode()),)
                        for i, line in enumerate(option_lines)
                    ),
                    (Button(t("btn-computers"), LobbyToken(table.id, "b").encode()),),
                )
            ),
            (
                Button(t("btn-start"), LobbyToken(table.id, "s").encode()),
                Button(t("btn-cancel"), LobbyToken(table.id, "c").encode()),
            ),
        )
        if table.game in TUTORIALS:
            buttons += ((Button(t("learn-lobby"), LearnToken(table.game).encode()),),)
        return Screen(text, buttons=buttons)

    def _computer_buttons(self, table: Table, lang: str) -> tuple[tuple[Button, ...], ...]:
        """The host's computer players' buttons: add one at a level, remove each, back."""
        t = partial(self.t, lang)
        add = tuple(
            Button(t("btn-add-computer", level=level), LobbyToken(table.id, f"a{i}").encode())
            for i, level in enumerate(LEVELS)
        )
        remove = tuple(
            (
                Button(
                    t("btn-remove-computer", player=p.name), LobbyToken(table.id, f"r{s}").encode()
                ),
            )
            for s, p in enumerate(table.players)
            if is_computer(p.key)
        )
        back = (Button(t("btn-computers-done"), LobbyToken(table.id, "b").encode()),)
        return (add, *remove, back)

    def stats(
        self,
        player: str,
        counts: dict[str, dict[str, int]],
        lang: str,
        ratings: Mapping[str, Rating] | None = None,
    ) -> str:
        """``/stats``: games played and won per game among people, the rating
        where there is one, the hints asked and moves taken back, and the results
        against the computer per level apart."""
        t = partial(self.t, lang)
        lines = [t("stats-title", player=player)]
        rated = rating_lines(self.i18n, lang, ratings or {})
        for game in registry.names():
            row = counts.get(game, {"played": 0, "won": 0})
            title = t(f"game-{game}")
            lines.append(t("stats-line", game=title, played=row["played"], won=row["won"]))
            if game in rated:
                lines.append(rated[game])
            if row.get("hints"):
                lines.append(t("stats-hints", count=row["hints"]))
            if row.get("takebacks"):
                lines.append(t("stats-takebacks", count=row["takebacks"]))
            for level in LEVELS:
                vs = counts.get(f"{game}{VS}{level}")
                if vs:
                    lost = vs["played"] - vs["won"]
                    lines.append(t("stats-vs-computer", level=level, won=vs["won"], lost=lost))
        return "\n".join(lines)

    def duration(self, seconds: int, lang: str) -> str:
        """``45 s``, ``5 min``, ``24 h``; 0 means no limit."""
        msg, args = duration_msg(seconds)
        return self.t(lang, msg, **args)

    def _option_msg(self, game: str, key: str) -> str:
        """The option's line: the game's own wording if it has one (``<game>-option-<key>``)."""
        own = f"{game}-option-{key}"
        return own if self.i18n.has("en", own) else f"option-{key}"

    def _option_value(self, key: str, value: Any, lang: str) -> str | int:
        """A value in words when it has its own message (``value-<key>-<value>``),
        else as it is: a number stays a number, so the option's line can pick
        the plural its noun needs (Fluent never selects a plural on text)."""
        named = f"value-{key}-{value}"
        if self.i18n.has("en", named):
            return self.t(lang, named)
        if key in ("turn_seconds", "round_break"):
            return self.duration(int(value), lang)
        if key == "on_timeout":
            return self.t(lang, f"value-timeout-{value}")
        return value if isinstance(value, int) and not isinstance(value, bool) else str(value)


def duration_msg(seconds: int) -> tuple[str, dict[str, int]]:
    """The message id and arguments that say a duration in whole hours, minutes or seconds."""
    if seconds and seconds % 3600 == 0:
        return "value-hours", {"hours": seconds // 3600}
    if seconds and seconds % 60 == 0:
        return "value-minutes", {"minutes": seconds // 60}
    return "value-seconds", {"seconds": seconds}
