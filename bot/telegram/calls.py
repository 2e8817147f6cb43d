"""Counting every Bot API call by method and outcome (``tablebot_platform_calls``)."""

from __future__ import annotations

from aiogram import Bot
from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.exceptions import (
    TelegramAPIError,
    TelegramBadRequest,
    TelegramConflictError,
    TelegramEntityTooLarge,
    TelegramForbiddenError,
    TelegramNetworkError,
    TelegramNotFound,
    TelegramRetryAfter,
    TelegramServerError,
    TelegramUnauthorizedError,
)
from aiogram.methods import Response, TelegramMethod
from aiogram.methods.base import TelegramType

from bot.metrics import Metrics

#: aiogram raises one class per HTTP status of a refusal (its
#: ``BaseSession.check_response``); the status is the outcome counted.
STATUS = (
    (TelegramRetryAfter, "429"),
    (TelegramBadRequest, "400"),
    (TelegramUnauthorizedError, "401"),
    (TelegramForbiddenError, "403"),
    (TelegramNotFound, "404"),
    (TelegramConflictError, "409"),
    (TelegramEntityTooLarge, "413"),
    (TelegramServerError, "5xx"),
    (TelegramNetworkError, "network"),
)


def outcome(exc: TelegramAPIError) -> str:
    """What a failed call is counted as: its HTTP status, ``5xx`` or ``network``."""
    return next((name for cls, name in STATUS if isinstance(exc, cls)), "4xx")


class CallCounter(BaseRequestMiddleware):
    """Counts each call the session sends (registered last, so it sits next to
    the request itself: every attempt counts, and a late answer's refusal as
    what Telegram said)."""

    def __init__(self, metrics: Metrics) -> None:
        self.calls = metrics.platform_calls

    async def __call__(
        self,
        make_request: NextRequestMiddlewareType[TelegramType],
        bot: Bot,
        method: TelegramMethod[TelegramType],
    ) -> Response[TelegramType]:
        name = method.__api_method__
        try:
            response = await make_request(bot, method)
        except TelegramAPIError as exc:
            self.calls.labels("telegram", name, outcome(exc)).inc()
            raise
        self.calls.labels("telegram", name, "ok").inc()
        return response
