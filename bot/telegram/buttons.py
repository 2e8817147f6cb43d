"""Button presses: every callback carries a core token; errors become short alerts.

Each kind of token has its own small handler, chosen by :class:`Pressed` (the
token decoded once, on a message Telegram still has): the deck builder's, a
new game's, a lobby's (joining and starting have their checks), a rematch's
(which needs the group's rights, like a new game) and the table's (moves,
votes, hints, taking a move back, the answer to "stop the game?"); a press
that decodes to none is refused.
:class:`Refusals` answers whatever a handler raises, so every press is
answered, with an alert when refused.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from aiogram import BaseMiddleware, Bot, Router
from aiogram.enums import ChatType
from aiogram.filters import Filter
from aiogram.types import CallbackQuery, Message, TelegramObject

from bot.core.errors import BadRequest, NotSeated, ServiceError, StaleVersion
from bot.core.names import clip
from bot.core.screen_base import Screen
from bot.core.service import Outcome
from bot.core.tables import Status
from bot.core.tokens import (
    BadToken,
    DeckToken,
    LearnToken,
    LobbyToken,
    MoveToken,
    NewGameToken,
    RematchToken,
    decode,
)
from bot.telegram import decks, ids, learn, members
from bot.telegram.commands import open_lobby
from bot.telegram.context import Frontend, player
from bot.telegram.publisher import SLOW_MODE_REF
from games import registry
from games.core.errors import GameError

#: answerCallbackQuery: "text: Text of the notification ... 0-200 characters"
#: (https://core.telegram.org/bots/api#answercallbackquery).
ALERT_LIMIT = 200

log = logging.getLogger("bot.telegram")


class Pressed(Filter):
    """A press whose data is a core token of one of ``kinds`` (any with none
    given), on a message Telegram still shows: the handler gets ``token`` and
    ``message``."""

    def __init__(self, *kinds: type[Any]) -> None:
        self.kinds = kinds

    async def __call__(self, query: CallbackQuery) -> bool | dict[str, Any]:
        try:
            token = decode(query.data)
        except BadToken:
            return False
        if not isinstance(query.message, Message):
            return False  # too old for Telegram to say where it was pressed
        if self.kinds and not isinstance(token, self.kinds):
            return False
        return {"token": token, "message": query.message}


class Refusals(BaseMiddleware):
    """Answers a press whose handler refused it (or failed), in the presser's language."""

    async def __call__(
        self,
        handler: Callable[[TelegramObject, dict[str, Any]], Awaitable[Any]],
        event: TelegramObject,
        data: dict[str, Any],
    ) -> Any:
        assert isinstance(event, CallbackQuery)
        frontend: Frontend = data["frontend"]
        try:
            return await handler(event, data)
        except (ServiceError, GameError) as exc:
            text = frontend.screens.error(exc, await frontend.user_lang(event.from_user))
        except members.MissingRights as exc:
            lang = await frontend.user_lang(event.from_user)
            text = clip(exc.explain(frontend.i18n, lang), ALERT_LIMIT)
        except Exception:
            # A bug must still answer the press, or the player's client keeps spinning.
            log.exception("event=press-failed user=%s", event.from_user.id)
            lang = await frontend.user_lang(event.from_user)
            text = frontend.i18n.t(lang, "error-internal")
        await event.answer(text, show_alert=True)
        return None


def in_group(message: Message) -> bool:
    """Whether the pressed message is in a group (not a private chat)."""
    return message.chat.type != ChatType.PRIVATE


async def deck_pressed(
    query: CallbackQuery, token: DeckToken, message: Message, frontend: Frontend
) -> None:
    """A deck builder's button: only ever in the private chat."""
    if in_group(message):
        raise BadRequest()
    await decks.press(query, message, token, frontend)


async def new_game_pressed(
    query: CallbackQuery, token: NewGameToken, message: Message, frontend: Frontend
) -> None:
    """A game of ``/play``'s menu: its lobby opens in the chat pressed in."""
    await open_lobby(frontend, ids.message_chat_key(message), query.from_user, token.game)
    await query.answer()


async def lobby_pressed(
    query: CallbackQuery, token: LobbyToken, message: Message, frontend: Frontend, bot: Bot
) -> None:
    """A lobby's button. Joining needs a member of the table's group who can be
    written to privately; starting in a group needs the rights to post the
    table there, and every seated person reachable privately."""
    user = query.from_user
    if token.op == "s" and in_group(message):
        # The game needs to post its table here; better said now than never shown.
        await members.check_rights(bot, ids.message_chat_key(message))
    if token.op == "j":
        # Only a member of the table's group may sit: a public group's buttons
        # are pressed by visitors too, and a join pressed in a private chat (a
        # forwarded or forged button) is checked as a deep link is.
        table, _ = await frontend.service.get(token.table_id)
        if table.chat != ids.player_key(user.id) and not await members.is_member(
            bot, table.chat, user.id
        ):
            why = "tg-join-members-only" if in_group(message) else "tg-join-from-group"
            await query.answer(
                frontend.i18n.t(await frontend.user_lang(user), why), show_alert=True
            )
            return
    if token.op in ("j", "s"):
        lang = await frontend.user_lang(user)
        refusal = await needs_private_chat(frontend, token, user.id, lang)
        if refusal is not None:
            text, url = refusal
            # The list of players to ask may be long; an alert holds 200 characters.
            await query.answer(clip(text, ALERT_LIMIT), show_alert=url is None, url=url)
            return
    await _press(query, token, message, frontend)


async def rematch_pressed(
    query: CallbackQuery, token: RematchToken, message: Message, frontend: Frontend, bot: Bot
) -> None:
    """🔁 under a finished table: the next game of its players. In a group it is
    posted there, which needs the rights a new game needs (and is told of slow mode)."""
    chat = ids.message_chat_key(message) if in_group(message) else None
    slow = await members.check_rights(bot, chat) if chat is not None else 0
    outcome = await frontend.service.press(player(query.from_user), token.encode(), chat=chat)
    if slow:
        await frontend.service.store.set_ref(outcome.table.id, SLOW_MODE_REF, str(slow))
    await query.answer()


async def table_pressed(
    query: CallbackQuery, token: Any, message: Message, frontend: Frontend
) -> None:
    """A table's button: a move's menu step, a vote, a hint, a shared action.
    A stale move's button on an older copy of a hand (see
    :func:`delivery.stray`) deletes the copy as it is refused."""
    try:
        await _press(query, token, message, frontend)
    except StaleVersion:
        if isinstance(token, MoveToken) and not in_group(message):
            await frontend.publisher.drop_if_stray(
                token.table_id, token.seat, message.chat.id, message.message_id, message.date
            )
        raise


async def bad_press(query: CallbackQuery, frontend: Frontend) -> None:
    """A press that names no token (forged), or on a message too old to tell where."""
    lang = await frontend.user_lang(query.from_user)
    await query.answer(frontend.i18n.t(lang, "error-bad-request"), show_alert=True)


async def _press(query: CallbackQuery, token: Any, message: Message, frontend: Frontend) -> None:
    """The core's press, then the pressed message shows its outcome."""
    chat = ids.message_chat_key(message) if in_group(message) else None
    outcome = await frontend.service.press(player(query.from_user), token.encode(), chat=chat)
    if outcome.said is not None:
        # A question answered: it says what became of it rather than ask again.
        lang = await frontend.chat_lang(outcome.table.chat)
        said = Screen(frontend.i18n.t(lang, outcome.said))
        frontend.publisher.edit_pressed(message.chat.id, message.message_id, said)
        await query.answer()
        return
    if outcome.path is None or outcome.state is None:
        # A move: what it gave the presser (a card taken) is told to them alone.
        await query.answer(await told(query, outcome, frontend))
        return
    if in_group(message) and outcome.hint is not None:
        # A public game's menu is the group's: the advice is the mover's alone.
        await query.answer(
            clip(await advice(query, outcome, frontend), ALERT_LIMIT), show_alert=True
        )
        return
    await _show(query, message, outcome, frontend)
    await query.answer()


async def told(query: CallbackQuery, outcome: Outcome, frontend: Frontend) -> str | None:
    """What the presser's move gave them, in their language (None: nothing)."""
    table, state = outcome.table, outcome.state
    seat = table.seat_of(ids.player_key(query.from_user.id))
    # Most moves tell nothing: then no look-up of the presser's language.
    if state is None or seat is None or not frontend.screens.tells(table, state, seat):
        return None
    told = frontend.screens.told(table, state, seat, await frontend.user_lang(query.from_user))
    return None if told is None else clip(told, ALERT_LIMIT)


async def advice(query: CallbackQuery, outcome: Outcome, frontend: Frontend) -> str:
    """The computer's suggestion in words, in the presser's language."""
    table, state = outcome.table, outcome.state
    seat = table.seat_of(ids.player_key(query.from_user.id))
    assert seat is not None and outcome.hint is not None
    lang = await frontend.user_lang(query.from_user)
    return frontend.screens.hint_line(table, state, seat, outcome.hint, lang)


async def _show(
    query: CallbackQuery, message: Message, outcome: Outcome, frontend: Frontend
) -> None:
    """The pressed message at the menu step the press led to."""
    table, state, path = outcome.table, outcome.state, outcome.path
    assert path is not None
    # A public game's menu is on the table message, in a group or in a solo
    # game's private chat alike, in the chat's language.
    solo_table = table.chat == ids.message_chat_key(message)
    if in_group(message) or (solo_table and registry.get(table.game).public_moves):
        chat_lang = await frontend.chat_lang(table.chat)
        screen = await frontend.screens.table(
            table, state, chat_lang, path, explain=outcome.explain, hint=outcome.hint
        )
        screen = frontend.publisher.with_open_button(screen, table, chat_lang, solo_table)
        ref = "tg:table"
    else:
        seat = table.seat_of(ids.player_key(query.from_user.id))
        assert seat is not None
        lang = await frontend.user_lang(query.from_user)
        screen = await frontend.screens.seat(
            table, state, seat, lang, path, explain=outcome.explain, hint=outcome.hint
        )
        screen = frontend.publisher.with_open_button(screen, table, lang, private=True)
        ref = f"tg:hand:{seat}"
    frontend.publisher.edit_pressed(
        message.chat.id, message.message_id, screen, table_id=table.id, ref=ref,
        table_here=solo_table,
    )  # fmt: skip


async def needs_private_chat(
    frontend: Frontend, token: LobbyToken, user_id: int, lang: str
) -> tuple[str, str | None] | None:
    """Before joining or starting, everyone seated must be reachable privately.

    Returns ``None`` when all is well, else what to tell the presser and,
    for a joining user who never opened the bot, the link that opens it.
    """
    if token.op == "j":
        if await frontend.can_message(user_id):
            return None
        text = frontend.i18n.t(lang, "tg-open-bot-first")
        return text, frontend.publisher.deep_link(token.table_id)
    table, _ = await frontend.service.get(token.table_id)
    if table.status != Status.LOBBY:
        return None
    if table.seat_of(ids.player_key(user_id)) is None:
        raise NotSeated()
    missing = [
        p.name
        for p in table.players
        if not p.bot and not await frontend.can_message(ids.user_id(p.key))
    ]
    if not missing:
        return None
    return frontend.i18n.t(lang, "tg-start-needs-private", players=", ".join(missing)), None


def make_router() -> Router:
    """A fresh router with this module's handlers (one per dispatcher), one per
    kind of token; it comes last, as it refuses every press it cannot decode."""
    router = Router(name="buttons")
    router.callback_query.middleware(Refusals())
    router.callback_query.register(deck_pressed, Pressed(DeckToken))
    router.callback_query.register(learn.press, Pressed(LearnToken))
    router.callback_query.register(new_game_pressed, Pressed(NewGameToken))
    router.callback_query.register(lobby_pressed, Pressed(LobbyToken))
    router.callback_query.register(rematch_pressed, Pressed(RematchToken))
    router.callback_query.register(table_pressed, Pressed())
    router.callback_query.register(bad_press)
    return router
