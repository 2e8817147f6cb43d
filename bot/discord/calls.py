"""Counting every Discord REST call by route and outcome (``tablebot_platform_calls``).

discord.py sends through one aiohttp session, which takes a trace config:
each request's end (its status) or failure is counted. Routes are named by
their template (``POST /channels/{id}/messages``): ids and an interaction's
or webhook's token never become a label.
"""

from __future__ import annotations

import re
from types import SimpleNamespace

import aiohttp
import discord
from yarl import URL

from bot.metrics import Metrics

#: An id (a snowflake) in a path.
_ID = re.compile(r"/\d+(?=/|$)")
#: The secret token after an interaction's or a webhook's id.
_TOKEN = re.compile(r"(/(?:interactions|webhooks)/\{id\})/[^/]+")


def route(method: str, url: URL) -> str:
    """The call's method and path template, without the API's base path."""
    path = url.path
    base = URL(discord.http.Route.BASE).path.rstrip("/")
    if base and path.startswith(base):
        path = path[len(base) :]
    path = _TOKEN.sub(r"\1/{token}", _ID.sub("/{id}", path))
    return f"{method} {path or '/'}"


def outcome(status: int) -> str:
    """``ok``, ``429``, ``5xx`` or the 4xx code of a refusal."""
    if status < 400:
        return "ok"
    return "5xx" if status >= 500 else str(status)


def trace(metrics: Metrics) -> aiohttp.TraceConfig:
    """A trace config counting the session's calls into ``metrics``."""
    calls = metrics.platform_calls
    config = aiohttp.TraceConfig()

    async def ended(
        _: aiohttp.ClientSession, __: SimpleNamespace, params: aiohttp.TraceRequestEndParams
    ) -> None:
        name = route(params.method, params.url)
        calls.labels("discord", name, outcome(params.response.status)).inc()

    async def failed(
        _: aiohttp.ClientSession,
        __: SimpleNamespace,
        params: aiohttp.TraceRequestExceptionParams,
    ) -> None:
        calls.labels("discord", route(params.method, params.url), "network").inc()

    config.on_request_end.append(ended)
    config.on_request_exception.append(failed)
    return config
