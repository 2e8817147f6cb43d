"""Neutral screens: an image, a text and rows of buttons (label + token).

Frontends only show screens and send tokens back. The public screen is built
from the public view; a seat's screen from that seat's view alone, so a
screen can never carry another seat's hidden cards. Images are rendered off
the event loop and cached per state version.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from bot.core import presenters
from bot.core.computers import is_computer
from bot.core.deck_screens import DeckScreens
from bot.core.i18n import I18n
from bot.core.ratings import Rating
from bot.core.record_screens import rating_lines
from bot.core.screen_base import Button, Screen, plain
from bot.core.service import START_GRACE_SECONDS, Notice, TableService
from bot.core.store import VS
from bot.core.tables import Status, Table
from bot.core.tokens import (
    ExplainToken,
    HintToken,
    LobbyToken,
    MoveToken,
    NoopToken,
    ProposeToken,
    SharedToken,
    VoteToken,
)
from games import registry
from games.ai import LEVELS
from games.core.menu import Menu, build_menu, movers
from games.core.protocol import Action, Game
from render import registry as renderers

IMAGE_CACHE_SIZE = 256


class Screens(DeckScreens):
    """Builds the lobby, public table and private seat screens in a language."""

    def __init__(self, service: TableService, i18n: I18n) -> None:
        super().__init__(service, i18n)
        self._images: OrderedDict[str, bytes] = OrderedDict()

    # -- lobby ---------------------------------------------------------------

    def lobby(self, table: Table, lang: str) -> Screen:
        """The lobby message: seats, options, and Join/Leave/Options/Start/Cancel."""
        game = registry.get(table.game)
        t = partial(self.t, lang)
        title = t(f"game-{table.game}")
        if table.status in (Status.PLAYING, Status.FINISHED):
            players = ", ".join(p.name for p in table.players)
            over = table.status == Status.FINISHED
            return Screen(
                t("lobby-finished" if over else "lobby-started", game=title, players=players)
            )
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
        where there is one, and the results against the computer per level apart."""
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
        if key == "turn_seconds":
            return self.duration(int(value), lang)
        if key == "on_timeout":
            return self.t(lang, f"value-timeout-{value}")
        named = f"value-{key}-{value}"
        if self.i18n.has("en", named):
            return self.t(lang, named)
        return value if isinstance(value, int) and not isinstance(value, bool) else str(value)

    # -- the public table ----------------------------------------------------

    async def table(
        self,
        table: Table,
        state: Any,
        lang: str,
        path: Sequence[int] = (),
        *,
        explain: bool = False,
        hint: Sequence[int] | None = None,
    ) -> Screen:
        """The table message: the public image, a caption, and its buttons.

        Games with public moves get the move menu of the seat to move here
        (at ``path``), laid out like the field when the game has one, plus
        the game's shared buttons; every table gets vote buttons while a vote
        is open. With ``explain`` the caption also says why the menu leaves
        targets out; with ``hint`` (a whole menu path) it marks the computer's
        suggestion, and a game that draws previews shows it as one.
        """
        game, view, names, image, key = await self._drawn(table, state, None)
        t = partial(self.t, lang)
        presenter = presenters.get(table.game)
        lines = [t(f"game-{table.game}")]
        lines += presenter.caption(view, names, t)
        game_movers = movers(game, state) if table.status == Status.PLAYING else []
        if game_movers:
            lines.append(t("caption-turn", player=", ".join(names[s] for s in game_movers)))
        lines += self.event_lines(table, lang)
        if table.status == Status.FINISHED and table.result is not None:
            winners = [names[int(s)] for s in table.result.get("winners", [])]
            # Everybody winning is a draw, and said so.
            outcome = "draw" if len(winners) == len(names) > 1 else len(winners)
            lines.append(t("caption-winners", players=", ".join(winners) or "—", outcome=outcome))
        elif table.status == Status.ABORTED:
            lines.append(t("caption-aborted"))
        buttons: list[tuple[Button, ...]] = []
        if game.public_moves and game_movers:
            seat = game_movers[0]
            path = self._hint_path(table, path, hint)
            menu = build_menu(game, state, seat, path)
            prompt = presenter.prompt(view, menu, names, t)
            lines += [
                line for line in (prompt, self.hint_line(table, state, seat, hint, lang)) if line
            ]
            buttons += self._menu_buttons(table, state, seat, menu, lang, hint)
            if explain:
                lines += self._why_lines(table, state, seat, menu, lang)
            preview = await self._preview(table, state, seat, menu, view, names)
            if preview is not None:
                image, key = preview
        if game.public_moves and table.status == Status.PLAYING:
            shared = [
                Button(
                    self._choice_label(table, state, action, lang),
                    SharedToken(table.id, table.state_version, i).encode(),
                )
                for i, action in enumerate(game.shared_actions(state))
            ]
            if shared:
                buttons.append(tuple(shared))
        for vote in table.votes:
            progress = {
                "kind": vote.kind,
                "subject": vote.subject,
                "yes": len(vote.yes),
                "total": len(vote.voters),
            }
            lines.append(self.notice(table, Notice("vote-progress", progress), lang))
            buttons.append(
                (
                    Button(t("btn-vote-yes"), VoteToken(table.id, vote.id, True).encode()),
                    Button(t("btn-vote-no"), VoteToken(table.id, vote.id, False).encode()),
                )
            )
        if table.status == Status.PLAYING:
            buttons += self._overdue_buttons(table, state, lang)
        return Screen("\n".join(lines), image, key, tuple(buttons))

    def _overdue_buttons(self, table: Table, state: Any, lang: str) -> list[tuple[Button, ...]]:
        """After a missed deadline (and no vote yet), offer to vote the late player out.

        Only the "notice only" timeout leaves a running turn without a
        deadline, so a missing deadline means the time is up.
        """
        overdue = table.turn_seconds > 0 and table.turn_deadline is None
        if not overdue or table.open_vote("remove") is not None:
            return []
        names = self.names(table)
        late = movers(registry.get(table.game), state)
        return [
            (
                Button(
                    self.t(lang, "btn-remove", player=names[seat]),
                    ProposeToken(table.id, "remove", seat).encode(),
                ),
            )
            for seat in late
            if not table.players[seat].bot
        ]

    def has_private(self, game: str) -> bool:
        """True when the game gives each seat a private screen (a hand)."""
        return renderers.get(game).private is not None

    def _choice_label(self, table: Table, state: Any, action: Action, lang: str) -> str:
        game = registry.get(table.game)
        choice = game.choice_path(state, 0, action)[0]
        args = presenters.get(table.game).args(choice.args, self.names(table))
        return self.t(lang, choice.msg, **args)

    def _menu_buttons(
        self,
        table: Table,
        state: Any,
        seat: int,
        menu: Menu,
        lang: str,
        hint: Sequence[int] | None = None,
    ) -> list[tuple[Button, ...]]:
        """The buttons of ``seat``'s ``menu``, with back/cancel below a sub-level
        and, at the top, 💡 for a hint; the hinted option is marked 💡."""
        game = registry.get(table.game)
        presenter = presenters.get(table.game)
        names = self.names(table)
        depth = len(menu.path)
        hinted = (
            hint[depth]
            if hint is not None and tuple(hint[:depth]) == menu.path and depth < len(hint)
            else None
        )
        options = [
            (
                choice,
                Button(
                    ("💡 " if i == hinted else "")
                    + self.t(lang, choice.msg, **presenter.args(choice.args, names)),
                    MoveToken(table.id, table.state_version, seat, (*menu.path, i)).encode(),
                    choice=True,
                ),
            )
            for i, choice in enumerate(menu.options)
        ]
        grid = None if menu.path else game.menu_grid(state)
        if grid is not None and options and all("cell" in c.args for c, _ in options):
            rows = _grid(table, grid, {str(c.args["cell"]): b for c, b in options})
        elif options and all("row" in c.args and "cell" in c.args for c, _ in options):
            rows = _by_row([(c.args["row"], b) for c, b in options])
        else:
            rows = _pack([(b,) for _, b in options])
        version = table.state_version
        extras = []
        if game.explain(state, seat, [c.key for c in menu.taken]):
            why = ExplainToken(table.id, version, seat, menu.path).encode()
            extras.append(Button(self.t(lang, "btn-why-not"), why))
        if table.hints == "on" and not menu.path and hint is None and not table.players[seat].bot:
            extras.append(
                Button(self.t(lang, "btn-hint"), HintToken(table.id, version, seat, ()).encode())
            )
        if extras:
            rows = (*rows, tuple(extras))
        if menu.path:
            back = MoveToken(table.id, version, seat, menu.path[:-1]).encode()
            root = MoveToken(table.id, version, seat, ()).encode()
            t = partial(self.t, lang)
            rows = (*rows, (Button(t("btn-back"), back), Button(t("btn-cancel-move"), root)))
        return list(rows)

    def _hint_path(
        self, table: Table, path: Sequence[int], hint: Sequence[int] | None
    ) -> Sequence[int]:
        """Where a hinted public menu opens: at the confirm step of a game that
        previews moves (the picture shows the suggestion), else where it was."""
        if hint is None or renderers.get(table.game).preview is None:
            return path
        return hint[:-1]

    def hint_line(
        self, table: Table, state: Any, seat: int, hint: Sequence[int] | None, lang: str
    ) -> str:
        """The computer's suggestion in words, step by step ("" without one)."""
        if hint is None:
            return ""
        game = registry.get(table.game)
        presenter = presenters.get(table.game)
        names = self.names(table)
        taken = build_menu(game, state, seat, hint).taken
        steps = " → ".join(self.t(lang, c.msg, **presenter.args(c.args, names)) for c in taken)
        return self.t(lang, "hint-line", move=steps)

    def _why_lines(self, table: Table, state: Any, seat: int, menu: Menu, lang: str) -> list[str]:
        """The reasons the game gives for what ``menu`` leaves out."""
        game = registry.get(table.game)
        presenter = presenters.get(table.game)
        names = self.names(table)
        t = partial(self.t, lang)
        # One line per reason, naming every target it applies to.
        grouped: dict[str, list[str]] = {}
        for choice in game.explain(state, seat, [c.key for c in menu.taken]):
            reason = t(choice.msg, **plain(presenter.args(choice.args, names)))
            where = presenter.why_target(choice, names, t)
            grouped.setdefault(reason, []).extend([where] if where else [])
        return [t("why-not-title")] + [
            f"• {'; '.join(where)}: {reason}" if where else f"• {reason}"
            for reason, where in grouped.items()
        ]

    def event_lines(self, table: Table, lang: str) -> list[str]:
        """What the last change did, one line per public event worth telling."""
        presenter = presenters.get(table.game)
        t = partial(self.t, lang)
        names = self.names(table)
        lines = (presenter.event(e, names, t) for e in table.events)
        return [line for line in lines if line]

    # -- a seat's private screen ---------------------------------------------

    async def seat(
        self,
        table: Table,
        state: Any,
        seat: int,
        lang: str,
        path: Sequence[int] = (),
        *,
        explain: bool = False,
        hint: Sequence[int] | None = None,
    ) -> Screen:
        """A seat's hand and, on its turn, the move menu at ``path``.

        With ``explain`` the text also says why the menu leaves targets out;
        with ``hint`` (a whole menu path) it marks the computer's suggestion.
        """
        game, view, names, image, key = await self._drawn(table, state, seat)
        t = partial(self.t, lang)
        presenter = presenters.get(table.game)
        to_move = game.to_move(state) if table.status == Status.PLAYING else []
        buttons: list[tuple[Button, ...]] = []
        if seat in to_move and not table.players[seat].bot:
            menu = build_menu(game, state, seat, path)
            taken = " ".join(t(c.msg, **presenter.args(c.args, names)) for c in menu.taken)
            numbered = f"{table.game}-prompt-{len(menu.path)}"
            prompt = presenter.prompt(view, menu, names, t) or (
                t(numbered) if self.i18n.has("en", numbered) else ""
            )
            lines = [t("seat-your-turn"), taken, prompt]
            lines.append(self.hint_line(table, state, seat, hint, lang))
            if explain:
                lines += self._why_lines(table, state, seat, menu, lang)
            text = "\n".join(line for line in lines if line)
            buttons = self._menu_buttons(table, state, seat, menu, lang, hint)
        elif table.status == Status.PLAYING:
            # Not naming whose turn it is keeps this screen unchanged while
            # others move, so frontends need not update it after every move.
            text = t("seat-waiting")
        else:
            text = t("seat-game-over")
        return Screen(text, image, key, tuple(buttons))

    # -- images --------------------------------------------------------------

    async def _drawn(
        self, table: Table, state: Any, seat: int | None
    ) -> tuple[Game[Any], dict[str, Any], list[str], bytes, str]:
        """The game, the view of ``seat`` (None: public), names, and its image and key."""
        game = registry.get(table.game)
        view = game.view(state, seat)
        names = self.names(table)
        image, key = await self._image(table, seat, view, names)
        return game, view, names, image, key

    async def _image(
        self, table: Table, seat: int | None, view: dict[str, Any], names: list[str]
    ) -> tuple[bytes, str]:
        renderer = renderers.get(table.game)
        # Pictures show the position, not what the last action did (that is
        # the caption's), so events are left out of what is drawn and keyed.
        view = {key: value for key, value in view.items() if key != "events"}
        # Keyed by what the image shows, so a change that leaves it as it was
        # (a private step of another seat, a hand nothing touched) draws nothing.
        if seat is not None and renderer.private_key is not None:
            shown = renderer.private_key(view, names=names)
        else:
            shown = json.dumps([view, names], sort_keys=True, separators=(",", ":"))
        digest = hashlib.sha1(shown.encode(), usedforsecurity=False).hexdigest()[:16]
        key = f"{table.id}:{'pub' if seat is None else seat}:{digest}"
        draw = renderer.table if seat is None or renderer.private is None else renderer.private
        return await self._cached(key, partial(draw, view, names=names)), key

    async def _preview(
        self,
        table: Table,
        state: Any,
        seat: int,
        menu: Menu,
        view: dict[str, Any],
        names: list[str],
    ) -> tuple[bytes, str] | None:
        """The picture of the move the menu's last step confirms, if the game draws one."""
        draw = renderers.get(table.game).preview
        if draw is None or len(menu.options) != 1 or not menu.path:
            return None
        game = registry.get(table.game)
        action = build_menu(game, state, seat, (*menu.path, 0)).action
        data = None if action is None else game.preview(state, seat, action)
        if data is None:
            return None
        shown = {key: value for key, value in view.items() if key != "events"}
        text = json.dumps([shown, data, names], sort_keys=True, separators=(",", ":"))
        digest = hashlib.sha1(text.encode(), usedforsecurity=False).hexdigest()[:16]
        key = f"{table.id}:preview:{digest}"
        return await self._cached(key, partial(draw, shown, data, names=names)), key

    async def _cached(self, key: str, draw: Callable[[], bytes]) -> bytes:
        """The image under ``key``, drawn off the event loop when it is not cached."""
        cached = self._images.get(key)
        if cached is not None:
            self._images.move_to_end(key)
            return cached
        image = await asyncio.to_thread(draw)
        self._images[key] = image
        if len(self._images) > IMAGE_CACHE_SIZE:
            self._images.popitem(last=False)
        return image


def duration_msg(seconds: int) -> tuple[str, dict[str, int]]:
    """The message id and arguments that say a duration in whole hours, minutes or seconds."""
    if seconds and seconds % 3600 == 0:
        return "value-hours", {"hours": seconds // 3600}
    if seconds and seconds % 60 == 0:
        return "value-minutes", {"minutes": seconds // 60}
    return "value-seconds", {"seconds": seconds}


def _grid(
    table: Table, grid: tuple[int, int], by_cell: dict[str, Button]
) -> tuple[tuple[Button, ...], ...]:
    """Buttons laid out like the field; cells with nothing to do hold a placeholder."""
    rows, cols = grid
    blank = Button("·", NoopToken(table.id).encode(), choice=True)
    return tuple(
        tuple(by_cell.get(f"{chr(ord('A') + c)}{r + 1}", blank) for c in range(cols))
        for r in range(rows)
    )


#: The most buttons a keyboard row holds (Telegram shows at most eight).
ROW_BUTTONS = 8


def _by_row(cells: list[tuple[Any, Button]]) -> tuple[tuple[Button, ...], ...]:
    """Cell buttons with one keyboard row per field row (split when it is long)."""
    rows: dict[Any, list[Button]] = {}
    for row, button in cells:
        rows.setdefault(row, []).append(button)
    return tuple(
        tuple(buttons[i : i + ROW_BUTTONS])
        for buttons in rows.values()
        for i in range(0, len(buttons), ROW_BUTTONS)
    )


def _pack(rows: list[tuple[Button, ...]]) -> tuple[tuple[Button, ...], ...]:
    """Put short single-button rows side by side (up to three per row) for phones."""
    packed: list[tuple[Button, ...]] = []
    for row in rows:
        last = packed[-1] if packed else None
        short = len(row) == 1 and len(row[0].label) <= 12
        if last is not None and short and len(last) < 3 and all(len(b.label) <= 12 for b in last):
            packed[-1] = (*last, *row)
        else:
            packed.append(row)
    return tuple(packed)
