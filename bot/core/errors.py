"""Errors of the table service. Each ``code`` is an i18n message id ``error-CODE``."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, TypeVar

from redis.exceptions import RedisError

log = logging.getLogger("bot.core")

P = ParamSpec("P")
R = TypeVar("R")


class ServiceError(Exception):
    """A request the table service refuses; nothing was changed."""

    code = "internal"

    def __init__(self, code: str | None = None, **params: Any) -> None:
        super().__init__(code or self.code)
        if code is not None:
            self.code = code
        self.params: dict[str, Any] = params


class TableNotFound(ServiceError):
    """No such table (finished long ago, or a forged id)."""

    code = "table-not-found"


class ChatBusy(ServiceError):
    """The chat (or topic) already has an active table."""

    code = "chat-busy"


class NotSeated(ServiceError):
    """The user has no seat at this table."""

    code = "not-seated"


class NotYourButton(ServiceError):
    """The button belongs to another seat."""

    code = "not-your-button"


class WrongPhase(ServiceError):
    """Not possible at this stage of the table (lobby, playing, finished)."""

    code = "wrong-phase"


class StaleVersion(ServiceError):
    """The button was built for an older state of the game."""

    code = "stale"


class NotAllowed(ServiceError):
    """Only someone else (e.g. the table's creator) may do this."""

    code = "not-allowed"


class Conflict(ServiceError):
    """Too many simultaneous changes; the caller may simply try again."""

    code = "conflict"


class Unavailable(ServiceError):
    """The store cannot be reached right now."""

    code = "unavailable"


class BadRequest(ServiceError):
    """A malformed or forged request (token, option, vote)."""

    code = "bad-request"


def guarded(fn: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    """Turn a Redis failure into :class:`Unavailable`, which frontends explain."""

    @functools.wraps(fn)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return await fn(*args, **kwargs)
        except RedisError as exc:
            log.warning("event=redis-error call=%s error=%r", fn.__name__, exc)
            raise Unavailable() from exc

    return wrapper
