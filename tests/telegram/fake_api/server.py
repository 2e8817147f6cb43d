"""The fake Bot API server: ``FakeTelegram`` combines the concerns' mixins and
serves them over HTTP on 127.0.0.1. It routes ``/bot<token>/<method>`` (checking
the token, matching method names case-insensitively) to the method handlers,
records each call with its answer, answers errors in Telegram's format, runs the
failures a test injected with ``fail_next`` (errors, delays, dropped
connections), and serves uploaded files at ``/file/bot<token>/<path>``.
"""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Awaitable
from types import TracebackType
from typing import Self

from aiohttp import web

from tests.telegram.fake_api.bot_methods import BotMethods
from tests.telegram.fake_api.chat_methods import ChatMethods
from tests.telegram.fake_api.errors import NOT_FOUND, UNAUTHORIZED, ApiError, Json
from tests.telegram.fake_api.inject import Injection
from tests.telegram.fake_api.inline import InlineMode
from tests.telegram.fake_api.inspection import Inspection
from tests.telegram.fake_api.media import UPLOAD_LIMIT
from tests.telegram.fake_api.message_methods import MessageMethods
from tests.telegram.fake_api.params import read_params
from tests.telegram.fake_api.records import Call, Failure
from tests.telegram.fake_api.state import Handler
from tests.telegram.fake_api.updates import UpdateDelivery
from tests.telegram.fake_api.world import World


class FakeTelegram(
    World,
    Injection,
    InlineMode,
    Inspection,
    UpdateDelivery,
    MessageMethods,
    ChatMethods,
    BotMethods,
):
    """A fake Bot API server with a model of users, groups, messages and updates."""

    def _handlers(self) -> dict[str, Handler]:
        return {
            "getMe": self._get_me,
            "getUpdates": self._get_updates,
            "setWebhook": self._set_webhook,
            "deleteWebhook": self._delete_webhook,
            "getWebhookInfo": self._get_webhook_info,
            "logOut": self._true,
            "close": self._true,
            "setMyCommands": self._set_my_commands,
            "deleteMyCommands": self._delete_my_commands,
            "getMyCommands": self._get_my_commands,
            "setChatMenuButton": self._set_chat_menu_button,
            "getChatMenuButton": self._get_chat_menu_button,
            "sendMessage": self._send_message,
            "sendPhoto": self._send_photo,
            "sendDocument": self._send_document,
            "sendAnimation": self._send_animation,
            "editMessageText": self._edit_message_text,
            "editMessageCaption": self._edit_message_caption,
            "editMessageMedia": self._edit_message_media,
            "editMessageReplyMarkup": self._edit_message_reply_markup,
            "deleteMessage": self._delete_message,
            "deleteMessages": self._delete_messages,
            "answerCallbackQuery": self._answer_callback_query,
            "answerInlineQuery": self._answer_inline_query,
            "getChat": self._get_chat,
            "getChatMember": self._get_chat_member,
            "getChatAdministrators": self._get_chat_administrators,
            "sendChatAction": self._send_chat_action,
            "pinChatMessage": self._pin_chat_message,
            "unpinChatMessage": self._unpin_chat_message,
            "unpinAllChatMessages": self._unpin_all_chat_messages,
            "getFile": self._uploads.get_file,
        }

    # -- lifecycle -------------------------------------------------------------

    async def start(self) -> None:
        """Listen on a free port on 127.0.0.1."""
        app = web.Application(client_max_size=UPLOAD_LIMIT + 1024 * 1024)
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        app.router.add_get("/file/bot{token}/{path:.+}", self._download)
        # Cancelling the handler when the client disconnects ends a long poll that
        # aiogram abandoned on stop_polling, instead of leaving it to time out.
        self._runner = web.AppRunner(
            app, handler_cancellation=True, shutdown_timeout=1.0, access_log=None
        )
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self._port = int(sock.getsockname()[1])
        await web.SockSite(self._runner, sock).start()
        self._stopping = False

    async def stop(self) -> None:
        """Answer pending long polls with no updates and shut the server down."""
        self._stopping = True
        self._notify()
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()

    async def __aenter__(self) -> Self:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:<port>``, for ``TelegramAPIServer.from_base``."""
        if self._port is None:
            raise RuntimeError("FakeTelegram is not started")
        return f"http://127.0.0.1:{self._port}"

    # -- error injection -------------------------------------------------------

    def fail_next(
        self,
        method: str,
        *,
        status: int = 429,
        description: str | None = None,
        retry_after: int | None = 2,
        chat_id: int | str | None = None,
        times: int = 1,
        delay: float = 0.0,
        reset: bool = False,
        carried_out: bool = False,
    ) -> None:
        """Answer the next ``times`` calls of ``method`` (``"*"``: any) with an error.

        A 429 carries ``parameters.retry_after``; its default description is
        "Too Many Requests: retry after N". Only calls to ``chat_id`` match if given.
        ``delay``: answer that many seconds late (``status=200``: late but
        carried out); ``reset``: drop the connection without an answer;
        ``carried_out``: run the call, then answer with the error anyway.
        """
        if description is None:
            description = {
                429: f"Too Many Requests: retry after {retry_after}",
                400: "Bad Request",
                403: "Forbidden",
                500: "Internal Server Error",
                502: "Bad Gateway",
            }.get(status, "Error")
        self._failures.append(
            Failure(
                method,
                status,
                description,
                retry_after if status == 429 else None,
                chat_id,
                times,
                delay,
                reset,
                carried_out,
            )
        )

    # -- internals -------------------------------------------------------------

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        method = self._canonical(request.match_info["method"])
        call = Call(method, {}, {}, time.monotonic(), request.method)
        if request.match_info["token"] != self.token:
            call.status, call.response = 401, ApiError(401, UNAUTHORIZED).body()
            self.calls.append(call)
            return web.json_response(call.response, status=401)
        polling = method == "getUpdates"
        self.calls.append(call)
        if polling:
            # Idle polls are not activity, but waiters watching the call log must see them.
            self._notify()
        else:
            self._inflight += 1
            self._touch()
        status, body = 200, {}
        try:
            call.params, call.files, call.filenames = await read_params(request)
            handler = self._methods.get(method)
            if handler is None:
                raise ApiError(404, NOT_FOUND)
            failure = self._injected_failure(method, call.params)
            if failure is not None:
                await asyncio.sleep(failure.delay)
                if failure.reset:
                    assert request.transport is not None
                    request.transport.abort()
                    call.status = 0
                    return web.Response(status=500)
                if failure.carried_out:
                    self._uploads.filenames = call.filenames
                    done = handler(call.params, call.files)
                    if isinstance(done, Awaitable):
                        await done
                if failure.status != 200:
                    raise ApiError(
                        failure.status, failure.description, retry_after=failure.retry_after
                    )
            # Handlers run without awaiting until they read this, so no other
            # request can swap it in between.
            self._uploads.filenames = call.filenames
            result = handler(call.params, call.files)
            if isinstance(result, Awaitable):
                result = await result
            body = {"ok": True, "result": result}
        except ApiError as exc:
            status, body = exc.status, exc.body()
        except Exception as exc:
            # A bug in the fake: answer (so the bot does not hang) and keep it for the test.
            self.internal_errors.append(exc)
            status = 500
            body = ApiError(500, f"Internal Server Error: fake_api {exc!r}").body()
        except asyncio.CancelledError:
            call.status, call.finished = 499, time.monotonic()
            raise
        finally:
            if not polling:
                self._inflight -= 1
        call.status, call.response, call.finished = status, body, time.monotonic()
        if not polling or body.get("result"):
            self._touch()
        else:
            self._notify()
        return web.json_response(body, status=status)

    def _injected_failure(self, method: str, params: Json) -> Failure | None:
        for failure in self._failures:
            if failure.remaining > 0 and failure.matches(method, params):
                failure.remaining -= 1
                if failure.remaining == 0:
                    self._failures.remove(failure)
                return failure
        return None

    async def _download(self, request: web.Request) -> web.StreamResponse:
        if request.match_info["token"] != self.token:
            return web.json_response(ApiError(401, UNAUTHORIZED).body(), status=401)
        stored = self._uploads.by_path.get(request.match_info["path"])
        if stored is None:
            return web.json_response(ApiError(404, NOT_FOUND).body(), status=404)
        return web.Response(body=stored.data, content_type=stored.mime_type or "image/jpeg")
