"""Button presses: every callback carries a core token; errors become short alerts."""

from __future__ import annotations

import logging

from aiogram import Bot, Router
from aiogram.enums import ChatType
from aiogram.types import CallbackQuery, Message

from bot.core.errors import BadRequest, NotSeated, ServiceError
from bot.core.names import clip
from bot.core.tables import Status
from bot.core.tokens import BadToken, DeckToken, LobbyToken, NewGameToken, decode
from bot.telegram import decks, ids, members
from bot.telegram.commands import open_lobby
from bot.telegram.context import Frontend, player
from games import registry
from games.core.errors import GameError

#: answerCallbackQuery: "text: Text of the notification ... 0-200 characters"
#: (https://core.telegram.org/bots/api#answercallbackquery).
ALERT_LIMIT = 200

log = logging.getLogger("bot.telegram")


async def press(query: CallbackQuery, frontend: Frontend, bot: Bot) -> None:
    """Route a press to the core; answer every press, with an alert when refused."""
    user = query.from_user
    known: list[str] = []

    async def lang() -> str:
        # Read when first needed: a move is answered without it.
        if not known:
            known.append(await frontend.user_lang(user))
        return known[0]

    message = query.message
    try:
        token = decode(query.data)
        if not isinstance(message, Message):
            raise BadToken("the message is too old to use")
    except BadToken:
        await query.answer(frontend.i18n.t(await lang(), "error-bad-request"), show_alert=True)
        return
    in_group = message.chat.type != ChatType.PRIVATE
    chat = ids.message_chat_key(message) if in_group else None
    try:
        if isinstance(token, DeckToken):
            if in_group:
                raise BadRequest()
            await decks.press(query, message, token, frontend)
            return
        if isinstance(token, NewGameToken):
            await open_lobby(frontend, ids.message_chat_key(message), user, token.game)
            await query.answer()
            return
        if isinstance(token, LobbyToken) and token.op == "s" and in_group:
            # The game needs to post its table here; better said now than never shown.
            await members.check_rights(bot, ids.message_chat_key(message))
        if isinstance(token, LobbyToken) and token.op == "j":
            # Only a member of the table's group may sit: a public group's
            # buttons are pressed by visitors too, and a join pressed in a
            # private chat (a forwarded or forged button) is checked as a deep link is.
            table, _ = await frontend.service.get(token.table_id)
            if table.chat != ids.player_key(user.id) and not await members.is_member(
                bot, table.chat, user.id
            ):
                why = "tg-join-members-only" if in_group else "tg-join-from-group"
                await query.answer(frontend.i18n.t(await lang(), why), show_alert=True)
                return
        if isinstance(token, LobbyToken) and token.op in ("j", "s"):
            refusal = await _needs_private_chat(frontend, token, user.id, await lang())
            if refusal is not None:
                text, url = refusal
                # The list of players to ask may be long; an alert holds 200 characters.
                await query.answer(clip(text, ALERT_LIMIT), show_alert=url is None, url=url)
                return
        outcome = await frontend.service.press(player(user), token.encode(), chat=chat)
    except (ServiceError, GameError) as exc:
        await query.answer(frontend.screens.error(exc, await lang()), show_alert=True)
        return
    except members.MissingRights as exc:
        explained = exc.explain(frontend.i18n, await lang())
        await query.answer(clip(explained, ALERT_LIMIT), show_alert=True)
        return
    except Exception:
        # A bug must still answer the press, or the player's client keeps spinning.
        log.exception("event=press-failed user=%s", user.id)
        await query.answer(frontend.i18n.t(await lang(), "error-internal"), show_alert=True)
        return
    if outcome.path is not None and outcome.state is not None:
        table, state, path = outcome.table, outcome.state, outcome.path
        if in_group and outcome.hint is not None:
            # A public game's menu is the group's: the advice is the mover's alone.
            seat = table.seat_of(ids.player_key(user.id))
            assert seat is not None
            advice = frontend.screens.hint_line(table, state, seat, outcome.hint, await lang())
            await query.answer(clip(advice, ALERT_LIMIT), show_alert=True)
            return
        # A public game's menu is on the table message, in a group or in a solo
        # game's private chat alike.
        solo_table = table.chat == ids.message_chat_key(message)
        if in_group or (solo_table and registry.get(table.game).public_moves):
            # A public game's menu lives on the table message, in the chat's language.
            chat_lang = await frontend.chat_lang(table.chat)
            screen = await frontend.screens.table(
                table, state, chat_lang, path, explain=outcome.explain, hint=outcome.hint
            )
            ref = "tg:table"
        else:
            seat = table.seat_of(ids.player_key(user.id))
            assert seat is not None
            screen = await frontend.screens.seat(
                table, state, seat, await lang(), path, explain=outcome.explain, hint=outcome.hint
            )
            ref = f"tg:hand:{seat}"
        frontend.publisher.edit_pressed(
            message.chat.id, message.message_id, screen, table_id=table.id, ref=ref
        )
    await query.answer()


async def _needs_private_chat(
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
    """A fresh router with this module's handlers (one per dispatcher)."""
    router = Router(name="buttons")
    router.callback_query.register(press)
    return router
