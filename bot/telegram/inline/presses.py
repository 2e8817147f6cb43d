"""Presses on an inline table's message: callback queries that carry
``inline_message_id`` and no ``message`` (the bot is not in that chat).

Telegram names the chat of every press by its ``chat_instance`` ("Global
identifier, uniquely corresponding to the chat to which the message with the
callback button was sent", https://core.telegram.org/bots/api#callbackquery),
though never the chat itself, and not when the message is posted
(``chosen_inline_result`` carries none). The first press at a table tells
its chat; from then on a press from any other chat (a forwarded copy, a
forged press) is refused, and the table's finished game and ratings are kept
for that chat. Someone who must open the bot first to join is given the deep
link, which seats them only because this press let them (a grant in the
table's references): a link passed on seats nobody else.
"""

from __future__ import annotations

from typing import Any

from aiogram import Router
from aiogram.filters import Filter
from aiogram.types import CallbackQuery

from bot.core.errors import BadRequest
from bot.core.history import ReplayButton
from bot.core.names import clip
from bot.core.screen_base import Screen
from bot.core.tables import Table
from bot.core.tokens import BadToken, DeckToken, LobbyToken, NewGameToken, decode
from bot.telegram import ids
from bot.telegram.buttons import ALERT_LIMIT, Refusals, advice, needs_private_chat, told
from bot.telegram.context import Frontend, player
from bot.telegram.inline import finished
from bot.telegram.inline.grants import grant_ref
from bot.telegram.inline.queries import open_lobby
from bot.telegram.records import post_replay
from games import registry


class InlinePressed(Filter):
    """A press on an inline message: the handler gets ``token`` (None: none
    decodes) and ``inline`` (the message's id)."""

    async def __call__(self, query: CallbackQuery) -> bool | dict[str, Any]:
        if query.inline_message_id is None:
            return False
        try:
            token: Any = decode(query.data)
        except BadToken:
            token = None
        return {"token": token, "inline": query.inline_message_id}


async def pressed(query: CallbackQuery, token: Any, inline: str, frontend: Frontend) -> None:
    """A button of an inline table's message (see the module docstring)."""
    user = query.from_user
    if isinstance(token, NewGameToken):
        # Telegram did not report the choice (inline feedback off): the press opens it.
        await open_lobby(frontend, inline, user, token.game)
        table = await frontend.service.table_in(ids.inline_key(inline))
        if table is not None:
            await frontend.service.settle_records_chat(
                table.id, ids.instance_key(query.chat_instance)
            )
        await query.answer()
        return
    lang = await frontend.user_lang(user)
    if token is None and await _records(query, frontend, lang):
        return
    if token is None or isinstance(token, DeckToken):
        raise BadRequest()
    table = await _home_table(query, token.table_id, inline, frontend)
    if table is None:
        text = frontend.i18n.t(lang, "tg-inline-elsewhere")
        await query.answer(text, show_alert=True)
        return
    if isinstance(token, LobbyToken) and token.op in ("j", "s"):
        refusal = await needs_private_chat(frontend, token, user.id, lang)
        if refusal is not None:
            text, url = refusal
            if url is not None:
                await frontend.service.store.set_ref(table.id, grant_ref(user.id), "1")
            await query.answer(clip(text, ALERT_LIMIT), show_alert=url is None, url=url)
            return
    outcome = await frontend.service.press(player(user), token.encode(), chat=table.chat)
    if outcome.said is not None:
        await query.answer(frontend.i18n.t(lang, outcome.said), show_alert=True)
        return
    if outcome.path is None or outcome.state is None:
        # A move: what it gave the presser (a card taken) is told to them alone.
        await query.answer(await told(query, outcome, frontend))
        return
    if outcome.hint is not None:
        # The table is everyone's: the advice is the mover's alone.
        await query.answer(
            clip(await advice(query, outcome, frontend), ALERT_LIMIT), show_alert=True
        )
        return
    chat_lang = await frontend.chat_lang(outcome.table.chat)
    screen: Screen = await frontend.screens.table(
        outcome.table, outcome.state, chat_lang, outcome.path, explain=outcome.explain
    )
    frontend.publisher.edit_inline(outcome.table, screen)
    await query.answer()


async def _records(query: CallbackQuery, frontend: Frontend, lang: str) -> bool:
    """🎞 or 🏆 under a finished table (:mod:`.finished`), answered; False for
    other data. Both are sent privately, so the presser must have opened the bot."""
    data = query.data or ""
    replay = ReplayButton.decode(data, finished.REPLAY)
    game = data.removeprefix(f"{finished.RECORDS}:")
    if replay is None and (data == game or game not in registry.names()):
        return False
    user = query.from_user
    if not await frontend.can_message(user.id):
        url = f"https://t.me/{frontend.publisher.bot_username}"
        await query.answer(frontend.i18n.t(lang, "tg-open-bot-first"), show_alert=True, url=url)
        return True
    chat, here = ids.instance_key(query.chat_instance), ids.player_key(user.id)
    if replay is None:
        text = await finished.records_text(frontend.service, frontend.i18n, chat, game, lang)
        frontend.publisher.say(here, text)
        await query.answer()
        return True
    entry = await frontend.service.replay_pressed(chat, data, finished.REPLAY, here)
    if isinstance(entry, str):
        await query.answer(frontend.i18n.t(lang, entry), show_alert=True)
        return True
    told = await post_replay(frontend, here, entry, lang, lang)
    if told is None:
        await query.answer()
    else:
        await query.answer(told[0], show_alert=told[1])
    return True


async def _home_table(
    query: CallbackQuery, table_id: str, inline: str, frontend: Frontend
) -> Table | None:
    """The pressed table, once its chat is known to be the press's (None: the
    press comes from another chat); a token of another message's table is refused."""
    table, _ = await frontend.service.get(table_id)
    if table.chat != ids.inline_key(inline):
        raise BadRequest()
    home = ids.instance_key(query.chat_instance)
    if table.records_chat != home:
        table = await frontend.service.settle_records_chat(table.id, home)
    return table if table.records_chat == home else None


def make_router() -> Router:
    """A fresh router for presses on inline messages; it comes before the other
    buttons' router, which refuses presses it cannot place."""
    router = Router(name="inline-presses")
    router.callback_query.middleware(Refusals())
    router.callback_query.register(pressed, InlinePressed())
    return router
