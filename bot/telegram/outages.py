"""Redis out of reach: every update still gets an answer ("try again") and the
log a warning, not a traceback. Nothing was changed, so nothing is lost."""

from __future__ import annotations

import logging

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError
from aiogram.types import ErrorEvent
from redis.exceptions import RedisError

from bot.core.errors import Unavailable
from bot.core.i18n import LANGUAGES
from bot.telegram.context import Frontend

log = logging.getLogger("bot.telegram")

#: The failures this module answers; any other error is a bug and logged as one.
OUTAGES = (Unavailable, RedisError)


async def answer_outage(event: ErrorEvent, frontend: Frontend, bot: Bot) -> None:
    """Tell whoever sent the update to try again, in their language as Telegram
    reports it (the chosen one is in Redis)."""
    update = event.update
    query, message = update.callback_query, update.message
    user = query.from_user if query is not None else message.from_user if message else None
    code = user.language_code if user is not None else None
    lang = code if code in LANGUAGES else frontend.languages.default
    text = frontend.i18n.t(lang, "error-unavailable")
    log.warning("event=redis-unavailable update=%s error=%r", update.update_id, event.exception)
    try:
        if query is not None:
            await query.answer(text, show_alert=True)
        elif message is not None:
            thread = message.message_thread_id if message.is_topic_message else None
            await bot.send_message(message.chat.id, text, message_thread_id=thread)
    except TelegramAPIError as exc:
        log.warning("event=outage-answer-failed update=%s error=%s", update.update_id, exc)
