"""The fake Discord's HTTP side: it serves on loopback, records every call, makes
the calls ``fail`` names answer an error, and routes the others to handlers.

A handler takes the :class:`Call` and the route's named groups; it returns the
JSON to answer (``None``: 204 No Content) or raises a :class:`DiscordError`,
which becomes Discord's JSON error body. Only interaction and webhook routes
go without the bot's ``Authorization`` header, as in Discord.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Final, Self

from aiohttp import BodyPartReader, web

from bot.core.redis_server import free_port
from tests.discord.fake_discord_limits import (
    ERRORS_BY_CODE,
    MISSING_PERMISSIONS,
    NOT_FOUND,
    UNAUTHORIZED,
    UNKNOWN_MESSAGE,
    DiscordError,
)
from tests.discord.fake_discord_records import StoredAttachment

API_PREFIX: Final = "/api/v10"


@dataclass
class Call:
    """One request the bot made."""

    method: str
    path: str  # without the /api/v10 prefix
    query: dict[str, str]
    json: Any
    files: list[StoredAttachment]
    status: int = 0


@dataclass
class Failure:
    method: str
    path: re.Pattern[str]
    status: int
    code: int
    message: str
    retry_after: float
    times: int


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """JSON with exactly ``Content-Type: application/json``: discord.py compares the
    header verbatim and treats anything else (``; charset=utf-8``) as plain text."""
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


class FakeServer:
    """Serves the routes a subclass adds; ``async with`` serves on loopback."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.calls: list[Call] = []
        self.internal_errors: list[str] = []
        self.unhandled: list[str] = []
        self._failures: list[Failure] = []
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._routes: list[tuple[str, re.Pattern[str], Callable[..., Any]]] = []

    def _add_route(self, method: str, pattern: str, handler: Callable[..., Any]) -> None:
        """Calls of ``method`` to a path matching the regex ``pattern`` fully go to ``handler``."""
        self._routes.append((method, re.compile(pattern + r"\Z"), handler))

    @property
    def base_url(self) -> str:
        """What ``discord.http.Route.BASE`` must be set to."""
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    async def __aenter__(self) -> Self:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._dispatch)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        self.port = free_port()
        await web.TCPSite(self._runner, "127.0.0.1", self.port).start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    # -- test controls ----------------------------------------------------------

    def fail(
        self,
        method: str,
        path: str,
        status: int = 429,
        *,
        code: int | None = None,
        message: str | None = None,
        retry_after: float = 0.01,
        times: int = 1,
    ) -> None:
        """The next ``times`` calls of ``method`` to a path matching the regex ``path``
        (without ``/api/v10``) answer ``status``: 429 with ``retry_after`` seconds,
        403 Missing Permissions by default, or the given ``code``'s error."""
        if code is None:
            code = {403: MISSING_PERMISSIONS[1], 404: UNKNOWN_MESSAGE[1]}.get(status, 0)
        if message is None:
            known = ERRORS_BY_CODE.get(code)
            message = known[2] if known else "You are being rate limited."
        self._failures.append(
            Failure(method.upper(), re.compile(path), status, code, message, retry_after, times)
        )

    def calls_to(self, method: str, path: str) -> list[Call]:
        """Recorded calls whose path matches the regex ``path`` fully."""
        pattern = re.compile(path + r"\Z")
        return [c for c in self.calls if c.method == method and pattern.match(c.path)]

    async def wait_until(self, predicate: Callable[[], bool], timeout: float = 5) -> None:  # noqa: ASYNC109
        async with asyncio.timeout(timeout), self._changed:
            await self._changed.wait_for(predicate)

    # -- request plumbing -------------------------------------------------------

    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        path = request.path[len(API_PREFIX) :]
        try:
            body, files = await self._read_body(request)
        except Exception as exc:  # the bot sent something we cannot parse
            self.internal_errors.append(f"{request.method} {path}: {exc!r}")
            return self._error((400, 50109, "The request body contains invalid JSON."))
        call = Call(request.method, path, dict(request.query), body, files)
        self.calls.append(call)
        response = await self._answer(request, call)
        call.status = response.status
        async with self._changed:
            self._changed.notify_all()
        return response

    async def _answer(self, request: web.Request, call: Call) -> web.StreamResponse:
        for failure in self._failures:
            if (
                failure.times > 0
                and failure.method == call.method
                and failure.path.search(call.path)
            ):
                failure.times -= 1
                return self._failure(failure)
        for method, pattern, handler in self._routes:
            match = pattern.match(call.path)
            if method != call.method or match is None:
                continue
            webhook = call.path.startswith(("/interactions/", "/webhooks/"))
            if not webhook and request.headers.get("Authorization") != f"Bot {self.token}":
                return self._error(UNAUTHORIZED)
            try:
                result = handler(call, **match.groupdict())
                if result is None:
                    return web.Response(status=204)
                return json_response(result)
            except DiscordError as exc:
                if exc.retry_after is not None:
                    return self._limited(exc.code, exc.message, exc.retry_after)
                return self._error((exc.status, exc.code, exc.message))
            except Exception as exc:
                self.internal_errors.append(f"{call.method} {call.path}: {exc!r}")
                return self._error((500, 0, "500: Internal Server Error"))
        self.unhandled.append(f"{call.method} {call.path}")
        return self._error(NOT_FOUND)

    @staticmethod
    def _error(error: tuple[int, int, str]) -> web.Response:
        status, code, message = error
        return json_response({"message": message, "code": code}, status=status)

    @staticmethod
    def _failure(failure: Failure) -> web.Response:
        if failure.status != 429:
            return json_response(
                {"message": failure.message, "code": failure.code}, status=failure.status
            )
        return FakeServer._limited(failure.code, failure.message, failure.retry_after)

    @staticmethod
    def _limited(code: int, message: str, retry_after: float) -> web.Response:
        """A 429 as Discord sends it (https://discord.com/developers/docs/topics/rate-limits)."""
        body: dict[str, Any] = {"message": message, "retry_after": retry_after, "global": False}
        if code:
            body["code"] = code
        return json_response(
            body,
            status=429,
            headers={
                "Via": "1.1 google",
                "Retry-After": str(max(1, round(retry_after))),
                "X-RateLimit-Scope": "user",
            },
        )

    async def _read_body(self, request: web.Request) -> tuple[Any, list[StoredAttachment]]:
        if not request.can_read_body:
            return None, []
        if not request.content_type.startswith("multipart/"):
            raw = await request.read()
            return (json.loads(raw) if raw else None), []
        body: Any = None
        files: list[StoredAttachment] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            assert isinstance(part, BodyPartReader)
            data = await part.read(decode=False)
            if part.name == "payload_json":
                body = json.loads(data)
            else:
                index = re.fullmatch(r"files\[(\d+)\]", part.name or "")
                if index is None:
                    raise ValueError(f"unexpected form field {part.name!r}")
                files.append(
                    StoredAttachment(
                        id=int(index.group(1)),  # replaced by a snowflake when stored
                        filename=part.filename or "file",
                        data=bytes(data),
                        content_type=part.headers.get("Content-Type"),
                    )
                )
        return body, files
