"""What a test reads back (the ``Inspection`` mixin of ``FakeTelegram``): the
calls the bot made, its messages in a chat, the photos and animations shown,
the alerts it answered presses with, the polls and updates pending; flood
accounting (how fast the bot sent to a chat); and waiting for the bot to make a
call, answer a press, reach a condition or fall idle.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Final

from tests.telegram.fake_api.errors import Json
from tests.telegram.fake_api.records import Call, StoredMessage
from tests.telegram.fake_api.state import FakeState

SEND_METHODS: Final = frozenset({"sendMessage", "sendPhoto", "sendDocument", "sendAnimation"})
EDIT_METHODS: Final = frozenset(
    {"editMessageText", "editMessageCaption", "editMessageMedia", "editMessageReplyMarkup"}
)
# What Telegram's flood control counts against a chat.
FLOOD_METHODS: Final = SEND_METHODS | EDIT_METHODS


class Inspection(FakeState):
    """Helpers a test calls to see what the bot did, and to wait for it."""

    def calls_to(self, method: str | None = None, chat_id: int | str | None = None) -> list[Call]:
        """Calls of ``method`` (any if None), to ``chat_id`` (any if None), oldest first."""
        wanted = self._canonical(method) if method else None
        return [
            c
            for c in self.calls
            if (wanted is None or c.method == wanted)
            and (chat_id is None or c.params.get("chat_id") == chat_id)
        ]

    def messages(
        self, chat_id: int, *, include_deleted: bool = False, include_users: bool = False
    ) -> list[StoredMessage]:
        """The bot's messages in a chat in their current state, oldest first."""
        return [
            m
            for m in self._messages.get(chat_id, {}).values()
            if (include_deleted or not m.deleted)
            and (include_users or m.from_bot)
            and m.kind != "service"
        ]

    def last_message(self, chat_id: int) -> StoredMessage:
        """The bot's newest message still in the chat."""
        msgs = self.messages(chat_id)
        if not msgs:
            raise KeyError(f"the bot has no message in chat {chat_id}")
        return msgs[-1]

    def photos(self, chat_id: int) -> list[bytes]:
        """Raw bytes of every image shown in a chat (sends and edits), in order."""
        return list(self._chat_photos.get(chat_id, []))

    def animations(self, chat_id: int) -> list[StoredMessage]:
        """The bot's animation messages in a chat, oldest first (``.animation``: the
        bytes uploaded, ``.caption``)."""
        return [m for m in self.messages(chat_id) if m.kind == "animation"]

    def alerts(self, user_id: int) -> list[str]:
        """Texts the bot answered to this user's presses (answers without text skipped)."""
        return [
            str(p.answer["text"])
            for p in self.presses.values()
            if p.user_id == user_id and p.answer and p.answer.get("text")
        ]

    @property
    def waiting_polls(self) -> int:
        """How many getUpdates requests are being held open right now."""
        return self._polls_waiting

    @property
    def pending_updates(self) -> list[Json]:
        """Queued updates not yet confirmed by the bot."""
        return [q.update for q in self._queue]

    # -- flood accounting ------------------------------------------------------

    def send_times(
        self, chat_id: int | None = None, methods: Iterable[str] = FLOOD_METHODS
    ) -> list[float]:
        """Monotonic times of the calls in ``methods`` to ``chat_id`` (every chat if None)."""
        wanted = set(methods)
        return [
            c.time
            for c in self.calls
            if c.method in wanted and (chat_id is None or c.params.get("chat_id") == chat_id)
        ]

    def max_rate(
        self,
        chat_id: int | None = None,
        *,
        window: float = 1.0,
        methods: Iterable[str] = FLOOD_METHODS,
    ) -> int:
        """The most such calls that fell within any ``window`` seconds."""
        times = self.send_times(chat_id, methods)
        best, lo = 0, 0
        for hi, t in enumerate(times):
            while t - times[lo] >= window:
                lo += 1
            best = max(best, hi - lo + 1)
        return best

    # -- waiting ---------------------------------------------------------------

    # The waiting helpers take timeout= like asyncio.wait_for: tests read better that way.
    async def wait_for(
        self,
        predicate: Callable[[Call], bool],
        timeout: float = 5.0,  # noqa: ASYNC109
        *,
        after: int = 0,
    ) -> Call:
        """The first answered call from ``calls[after:]`` that matches ``predicate``."""

        def found() -> Call | None:
            return next(
                (c for c in self.calls[after:] if c.status and predicate(c)),
                None,
            )

        deadline = time.monotonic() + timeout
        while (call := found()) is None:
            if not await self._wait_change(deadline):
                raise TimeoutError(
                    f"no matching call within {timeout}s; calls: {self._summary(after)}"
                )
        return call

    async def wait_until(
        self,
        condition: Callable[[], bool],
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> None:
        """Wait until ``condition()`` holds (checked whenever the fake's state changes)."""
        deadline = time.monotonic() + timeout
        while not condition():
            if not await self._wait_change(deadline):
                raise TimeoutError(f"condition still false after {timeout}s")

    async def wait_answer(self, callback_id: str, timeout: float = 5.0) -> Json:  # noqa: ASYNC109
        """The answerCallbackQuery parameters the bot sent for a press."""
        press = self.presses[callback_id]
        await self.wait_until(lambda: press.answer is not None, timeout)
        assert press.answer is not None
        return press.answer

    async def idle(self, quiet: float = 0.2, timeout: float = 10.0) -> None:  # noqa: ASYNC109
        """Wait until the bot has gone ``quiet`` seconds without a call.

        It is not idle while a request is being answered, or while queued
        updates wait for a poller that is polling.
        """
        deadline = time.monotonic() + timeout
        while True:
            now = time.monotonic()
            busy = self._busy_reason(now)
            quiet_left = quiet - (now - self._last_activity)
            if busy is None and quiet_left <= 0:
                return
            if now >= deadline:
                raise TimeoutError(
                    f"not idle after {timeout}s: {busy or 'calls keep arriving'}; "
                    f"last calls: {self._summary(max(0, len(self.calls) - 5))}"
                )
            # Poller activity is judged by the clock, so re-check often while busy.
            step = quiet_left if busy is None else 0.05
            await self._wait_change(min(deadline, now + step))

    # -- internals -------------------------------------------------------------

    def _busy_reason(self, now: float) -> str | None:
        if self._inflight:
            return f"{self._inflight} request(s) being answered"
        poller_active = self._polls_waiting > 0 or now - self._last_poll < 1.0
        if poller_active and any(not q.delivered for q in self._queue):
            return "queued updates not yet fetched"
        return None

    def _summary(self, after: int) -> str:
        return ", ".join(f"{c.method}:{c.status}" for c in self.calls[after:]) or "none"
