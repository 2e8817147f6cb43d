"""``@bot`` typed in any chat: the games offered, and the lobby the chosen one opens.

The answer lists the five games (those whose name, in either language, or
keywords hold what was typed after ``@bot``; all when none does), each with
its picture (a cached photo: :mod:`.pictures`) and one line. Choosing one
posts a short message with one button, owned by the bot; the lobby is opened
in it when Telegram reports the choice (``chosen_inline_result``, sent only
with inline feedback on: ``/setinlinefeedback`` in @BotFather,
https://core.telegram.org/bots/inline#collecting-feedback) or, failing that,
when the button is pressed, by whoever presses it.
"""

from __future__ import annotations

import logging

from aiogram import Router
from aiogram.types import (
    ChosenInlineResult,
    InlineQuery,
    InlineQueryResultArticle,
    InlineQueryResultCachedPhoto,
    InlineQueryResultsButton,
    InlineQueryResultUnion,
    InputTextMessageContent,
    User,
)

from bot.core.errors import ChatBusy
from bot.core.i18n import LANGUAGES, I18n
from bot.core.screen_base import Button
from bot.core.tokens import NewGameToken
from bot.telegram import ids
from bot.telegram.context import Frontend, player
from bot.telegram.markup import keyboard
from games import registry
from render.thumbnails import thumbnail

log = logging.getLogger("bot.telegram")

#: A result's id names its game: "1-64 Bytes"
#: (https://core.telegram.org/bots/api#inlinequeryresultarticle).
RESULT_PREFIX = "new:"
#: The answer depends on who asks (their language, whether they opened the
#: bot), so it is cached for them alone, and briefly: someone who just opened
#: the bot should stop seeing the button that asks them to.
CACHE_SECONDS = 60
#: The deep link's parameter behind "open the bot first" above the results.
START_PARAMETER = "inline"
#: How long an inline message is remembered to have opened its table: a
#: choice reported twice (or a late press of its button) opens nothing more.
OPENED_SECONDS = 48 * 3600


def matching(i18n: I18n, typed: str) -> list[str]:
    """The games whose id, names in every language or keywords hold ``typed``
    (all of them when it is empty or names none)."""
    words = typed.casefold().split()
    if not words:
        return registry.names()

    def said(game: str) -> str:
        names = [i18n.t(lang, f"game-{game}") + " " + i18n.t(lang, f"tg-inline-words-{game}")
                 for lang in LANGUAGES]  # fmt: skip
        return " ".join([game, *names]).casefold()

    found = [g for g in registry.names() if all(word in said(g) for word in words)]
    return found or registry.names()


async def answer_query(query: InlineQuery, frontend: Frontend) -> None:
    """Offer the games that match what was typed after ``@bot``.

    The answer never waits for an upload (Telegram waits for it only a few
    seconds): a game whose picture was never uploaded is offered without it
    this time, and its picture is uploaded meanwhile for the next query."""
    user = query.from_user
    lang = await frontend.user_lang(user)
    t = frontend.i18n.t
    opened = await frontend.can_message(user.id)
    pictures = frontend.publisher.pictures
    results: list[InlineQueryResultUnion] = []
    missing: list[bytes] = []
    for game in matching(frontend.i18n, query.query):
        title = t(lang, f"game-{game}")
        # The playground's one line about each game serves here too.
        line = t(lang, f"pg-about-{game}")
        content = InputTextMessageContent(message_text=t(lang, "tg-inline-opening", game=title))
        markup = keyboard(((Button(t(lang, "tg-inline-open"), NewGameToken(game).encode()),),))
        result_id = f"{RESULT_PREFIX}{game}"
        cover = thumbnail(game)
        file_id = await pictures.known(cover)
        if file_id is None:
            missing.append(cover)
            results.append(
                InlineQueryResultArticle(
                    id=result_id,
                    title=title,
                    description=line,
                    input_message_content=content,
                    reply_markup=markup,
                )
            )
        else:
            results.append(
                InlineQueryResultCachedPhoto(
                    id=result_id,
                    photo_file_id=file_id,
                    title=title,
                    description=line,
                    input_message_content=content,
                    reply_markup=markup,
                )
            )
    button = None
    if not opened:
        # Hands come privately: better said before the game than at its Join.
        button = InlineQueryResultsButton(
            text=t(lang, "tg-inline-open-bot"), start_parameter=START_PARAMETER
        )
    # Not cached while a picture is missing: the next query shows it.
    cache = 0 if missing else CACHE_SECONDS
    await query.answer(results, cache_time=cache, is_personal=True, button=button)
    if missing:
        pictures.prepare(missing, [user.id] if opened else [])


async def chosen(result: ChosenInlineResult, frontend: Frontend) -> None:
    """A game was chosen: its lobby opens in the message just posted."""
    game = result.result_id.removeprefix(RESULT_PREFIX)
    if result.inline_message_id is None or game not in registry.names():
        log.warning("event=inline-result-unknown result=%s", result.result_id)
        return
    await open_lobby(frontend, result.inline_message_id, result.from_user, game)


async def open_lobby(frontend: Frontend, inline_message_id: str, user: User, game: str) -> bool:
    """Open ``user``'s lobby for ``game`` in the inline message, unless the
    message opened one already (a choice reported twice, a late press);
    whether it was opened now."""
    store = frontend.service.store
    marker = f"{store.prefix}tg:inline-opened:{inline_message_id}"
    if not await store.redis.set(marker, "1", nx=True, ex=OPENED_SECONDS):
        return False
    key = ids.inline_key(inline_message_id)
    try:
        # The message speaks its creator's language, as a game alone does.
        await frontend.languages.set_chat(key, await frontend.user_lang(user))
        await frontend.service.create(key, player(user), game)
    except ChatBusy:
        return False
    except BaseException:
        await store.redis.delete(marker)
        raise
    log.info("event=inline-lobby game=%s user=%s", game, user.id)
    return True


def make_router() -> Router:
    """A fresh router for inline queries and the results chosen from them."""
    router = Router(name="inline-queries")
    router.inline_query.register(answer_query)
    router.chosen_inline_result.register(chosen)
    return router
