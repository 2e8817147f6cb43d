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
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from bot.core import presenters
from bot.core.computers import solo_seat
from bot.core.hints import Hint, hint_text
from bot.core.i18n import I18n
from bot.core.lobby_screens import LobbyScreens
from bot.core.narration import narrate
from bot.core.previews import confirmed, preview_lines, table_after
from bot.core.screen_base import Button, Screen, plain
from bot.core.service import Notice, TableService
from bot.core.tables import Status, Table
from bot.core.tokens import (
    ExplainToken,
    HintExplainToken,
    HintStepToken,
    HintToken,
    MoveToken,
    NextRoundToken,
    NoopToken,
    ProposeToken,
    RematchToken,
    SharedToken,
    StopToken,
    TakeBackToken,
    VoteToken,
)
from bot.core.told import hand_lines, mover_line, tells_mover
from bot.core.tutorials import TUTORIALS
from bot.core.tutorials.service import Tutorials
from games import registry
from games.core.menu import Menu, build_menu, movers
from games.core.protocol import Action, Game
from render import registry as renderers

IMAGE_CACHE_SIZE = 256


class Screens(LobbyScreens):
    """Builds the lobby, public table and private seat screens in a language."""

    def __init__(self, service: TableService, i18n: I18n) -> None:
        super().__init__(service, i18n)
        self._images: OrderedDict[str, bytes] = OrderedDict()
        #: The tutorials (``/learn``), with their own screens and presses.
        self.tutorials = Tutorials(service, i18n, TUTORIALS)

    # -- the public table ----------------------------------------------------

    async def table(
        self,
        table: Table,
        state: Any,
        lang: str,
        path: Sequence[int] = (),
        *,
        explain: bool = False,
        hint: Hint | None = None,
    ) -> Screen:
        """The table message: the public image, a caption, and its buttons.

        Games with public moves get the move menu of the seat to move here
        (at ``path``), laid out like the field when the game has one, plus
        the game's shared buttons; every table gets vote buttons while a vote
        is open. With ``explain`` the caption also says why the menu leaves
        targets out; with ``hint`` (the computer's suggestion) it marks the
        suggested choice at this step and says why; at the confirm step a game
        that draws previews shows the move as one.
        """
        game, view, names, image, key = await self._drawn(table, state, None)
        t = partial(self.t, lang)
        presenter = presenters.get(table.game)
        lines = [t(f"game-{table.game}")]
        lines += presenter.caption(view, names, t)
        game_movers = movers(game, state) if table.status == Status.PLAYING else []
        if game_movers:
            lines.append(t("caption-turn", player=", ".join(names[s] for s in game_movers)))
        lines += self.event_lines(table, state, lang)
        if table.taken_back and table.status == Status.PLAYING:
            lines.append(t("caption-takeback"))
        if table.held and table.status == Status.PLAYING:
            lines.append(t("caption-held", game=table.game))
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
                self._shared_button(table, state, i, action, lang)
                for i, action in enumerate(game.shared_actions(state))
            ]
            if shared:
                buttons.append(tuple(shared))
        if game.public_moves and not path:
            # Not inside a move being chosen: going into the menu begins one.
            buttons += self._takeback_buttons(table, solo_seat(table), lang)
        buttons += self._next_round_buttons(table, lang)
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
        if not table.active and table.seed is not None:
            buttons.append((Button(t("btn-rematch"), RematchToken(table.id).encode()),))
        return Screen("\n".join(lines), image, key, tuple(buttons))

    def _takeback_buttons(
        self, table: Table, seat: int | None, lang: str
    ) -> list[tuple[Button, ...]]:
        """↩ for the one person at a table of computers, while there is a move of
        theirs to take back. The button names the position it goes back to, so
        it stays the same while the computers move (no edit for it) and a
        second press of it finds that position gone."""
        if table.status != Status.PLAYING or not table.takeback_marks:
            return []
        if seat is None or solo_seat(table) != seat:
            return []
        token = TakeBackToken(table.id, table.takeback_marks[-1]).encode()
        return [(Button(self.t(lang, "btn-takeback"), token),)]

    def _next_round_buttons(self, table: Table, lang: str) -> list[tuple[Button, ...]]:
        """▶ while the computers wait for the one person after a round."""
        if not table.held or table.status != Status.PLAYING:
            return []
        token = NextRoundToken(table.id, table.state_version).encode()
        return [(Button(self.t(lang, "btn-next-round", game=table.game), token),)]

    def stop_question(self, table: Table, lang: str) -> Screen:
        """What a person alone with computers is asked before their game is
        stopped (it needs no vote, so a slip would end it): stop, or play on."""
        t = partial(self.t, lang)
        text = t("stop-question", game=t(f"game-{table.game}"))
        yes = Button(t("btn-stop-yes"), StopToken(table.id, True).encode())
        no = Button(t("btn-stop-no"), StopToken(table.id, False).encode())
        return Screen(text, buttons=((yes, no),))

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

    def _shared_button(
        self, table: Table, state: Any, index: int, action: Action, lang: str
    ) -> Button:
        """A shared action's button (a vote, a proposal), keyed by its choice so
        that a page may lay it over the picture as a decision."""
        game = registry.get(table.game)
        choice = game.choice_path(state, 0, action)[0]
        args = presenters.get(table.game).args(choice.args, self.names(table))
        return Button(
            self.t(lang, choice.msg, **args),
            SharedToken(table.id, table.state_version, index).encode(),
            key=choice.key,
        )

    def _menu_buttons(
        self,
        table: Table,
        state: Any,
        seat: int,
        menu: Menu,
        lang: str,
        hint: Hint | None = None,
    ) -> list[tuple[Button, ...]]:
        """The buttons of ``seat``'s ``menu``, with back/cancel below a sub-level
        and, at the top, 💡 for a hint; the hinted option is marked 💡 at every
        step of the hinted path."""
        game = registry.get(table.game)
        presenter = presenters.get(table.game)
        names = self.names(table)
        depth = len(menu.path)
        hinted = (
            hint.path[depth]
            if hint is not None and hint.path[:depth] == menu.path and depth < len(hint.path)
            else None
        )
        # While a hint is shown, every step keeps it shown.
        step = MoveToken if hint is None else HintStepToken
        options = [
            (
                choice,
                Button(
                    ("💡 " if i == hinted else "")
                    + self.t(lang, choice.msg, **presenter.args(choice.args, names)),
                    step(table.id, table.state_version, seat, (*menu.path, i)).encode(),
                    choice=True,
                    key=choice.key,
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
            why_kind = ExplainToken if hint is None else HintExplainToken
            why = why_kind(table.id, version, seat, menu.path).encode()
            extras.append(Button(self.t(lang, "btn-why-not"), why))
        if table.hints == "on" and not menu.path and hint is None and not table.players[seat].bot:
            extras.append(
                Button(self.t(lang, "btn-hint"), HintToken(table.id, version, seat, ()).encode())
            )
        if extras:
            rows = (*rows, tuple(extras))
        if menu.path:
            back = step(table.id, version, seat, menu.path[:-1]).encode()
            root = step(table.id, version, seat, ()).encode()
            t = partial(self.t, lang)
            rows = (*rows, (Button(t("btn-back"), back), Button(t("btn-cancel-move"), root)))
        return list(rows)

    def hint_line(self, table: Table, state: Any, seat: int, hint: Hint | None, lang: str) -> str:
        """The computer's suggestion in words and why ("" without one)."""
        if hint is None:
            return ""
        return hint_text(table, state, seat, hint, self.names(table), partial(self.t, lang))

    def tells(self, table: Table, state: Any, seat: int) -> bool:
        """Whether :meth:`told` has anything to say to ``seat`` (no language needed)."""
        return tells_mover(table.game, registry.get(table.game).view(state, seat), seat)

    def told(self, table: Table, state: Any, seat: int, lang: str) -> str | None:
        """What ``seat``'s own move just gave it (a Curling card taken), to tell
        it alone; ``None`` when there is nothing to tell."""
        view = registry.get(table.game).view(state, seat)
        return mover_line(table.game, view, seat, self.names(table), partial(self.t, lang))

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

    def event_lines(self, table: Table, state: Any, lang: str) -> list[str]:
        """What the last change did, told as the public saw it (``state``: the
        game right after it; none before the deal)."""
        if state is None:
            return []
        view = registry.get(table.game).view(state, None)
        return narrate(table.game, table.events, view, self.names(table), partial(self.t, lang))

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
        hint: Hint | None = None,
    ) -> Screen:
        """A seat's hand and, on its turn, the move menu at ``path``.

        With ``explain`` the text also says why the menu leaves targets out;
        with ``hint`` (the computer's suggestion) it marks the suggested choice
        and says why. A placement's confirm step says what it would do.
        """
        game, view, names, image, key = await self._drawn(table, state, seat)
        t = partial(self.t, lang)
        presenter = presenters.get(table.game)
        to_move = game.to_move(state) if table.status == Status.PLAYING else []
        buttons: list[tuple[Button, ...]] = []
        # What the last change gave this seat (the cards an exchange brought back).
        told = hand_lines(table.game, view, seat, names, t)
        if seat in to_move and not table.players[seat].bot:
            menu = build_menu(game, state, seat, path)
            taken = " ".join(t(c.msg, **presenter.args(c.args, names)) for c in menu.taken)
            numbered = f"{table.game}-prompt-{len(menu.path)}"
            prompt = presenter.prompt(view, menu, names, t) or (
                t(numbered) if self.i18n.has("en", numbered) else ""
            )
            lines = [*told, t("seat-your-turn"), taken, prompt]
            placing = confirmed(table.game, state, seat, menu)
            if placing is not None:
                lines += preview_lines(table.game, state, seat, placing, names, t)
                # The hand's picture gives way to the table as the move leaves it.
                after = table_after(table.game, state, seat, placing)
                if after is not None:
                    image, key = await self._after_picture(table, after, names)
            lines.append(self.hint_line(table, state, seat, hint, lang))
            if explain:
                lines += self._why_lines(table, state, seat, menu, lang)
            text = "\n".join(line for line in lines if line)
            buttons = self._menu_buttons(table, state, seat, menu, lang, hint)
            if not menu.path:
                buttons += self._takeback_buttons(table, seat, lang)
        elif table.status == Status.PLAYING:
            # Not naming whose turn it is keeps this screen unchanged while
            # others move, so frontends need not update it after every move.
            waiting = t("caption-held", game=table.game) if table.held else t("seat-waiting")
            text = "\n".join([*told, waiting])
            buttons = self._next_round_buttons(table, lang) + self._takeback_buttons(
                table, seat, lang
            )
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
        drawn = self.service.metrics.timed_render(table.game, partial(draw, view, names=names))
        return await self.cached(key, drawn), key

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
        drawn = self.service.metrics.timed_render(
            table.game, partial(draw, shown, data, names=names)
        )
        return await self.cached(key, drawn), key

    async def _after_picture(
        self, table: Table, view: dict[str, Any], names: list[str]
    ) -> tuple[bytes, str]:
        """The public table as a move would leave it (a placement's preview)."""
        text = json.dumps([view, names], sort_keys=True, separators=(",", ":"))
        digest = hashlib.sha1(text.encode(), usedforsecurity=False).hexdigest()[:16]
        key = f"{table.id}:preview:{digest}"
        draw = renderers.get(table.game).table
        drawn = self.service.metrics.timed_render(table.game, partial(draw, view, names=names))
        return await self.cached(key, drawn), key

    async def cached(self, key: str, draw: Callable[[], bytes]) -> bytes:
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
