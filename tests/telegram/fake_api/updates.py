"""Delivery of updates to the bot (the ``UpdateDelivery`` mixin of
``FakeTelegram``): getUpdates long polling (``offset`` confirms, ``allowed_updates``
filters, a second poll ends the first with 409) and the webhook methods
(setWebhook, deleteWebhook, getWebhookInfo).
"""

from __future__ import annotations

import time
from typing import Final

from tests.telegram.fake_api.errors import POLL_CONFLICT, WEBHOOK_ACTIVE, ApiError, Json
from tests.telegram.fake_api.records import QueuedUpdate
from tests.telegram.fake_api.state import FakeState

# Update types Telegram sends when allowed_updates was never given (or given empty).
OPT_IN_UPDATES: Final = frozenset({"chat_member", "message_reaction", "message_reaction_count"})


class UpdateDelivery(FakeState):
    """The Bot API methods that hand the bot its updates."""

    async def _get_updates(self, params: Json, files: dict[str, bytes]) -> list[Json]:
        if self.webhook is not None:
            raise ApiError(409, WEBHOOK_ACTIVE)
        allowed = params.get("allowed_updates")
        if isinstance(allowed, list):
            self._allowed = frozenset(allowed) or None
        offset = params.get("offset")
        if isinstance(offset, int) and offset != 0:
            if offset > 0:
                self._queue = [q for q in self._queue if q.id >= offset]
            else:
                self._queue = self._queue[offset:]
        limit = params.get("limit", 100)
        limit = min(max(int(limit), 1), 100) if isinstance(limit, int) else 100
        timeout = params.get("timeout", 0)
        timeout = max(float(timeout), 0.0) if isinstance(timeout, int | float) else 0.0

        self._poll_seq += 1
        me = self._poll_owner = self._poll_seq
        self._polls_waiting += 1
        self._last_poll = time.monotonic()
        self._notify()
        deadline = self._last_poll + timeout
        try:
            while True:
                if self._stopping:
                    return []
                if self._poll_owner != me:
                    raise ApiError(409, POLL_CONFLICT)
                batch = self._take_updates(limit)
                if batch or not await self._wait_change(deadline):
                    return batch
        finally:
            self._polls_waiting -= 1
            self._last_poll = time.monotonic()

    def _take_updates(self, limit: int) -> list[Json]:
        allowed = self._allowed
        kept: list[QueuedUpdate] = []
        for q in self._queue:
            ok = q.kind in allowed if allowed is not None else q.kind not in OPT_IN_UPDATES
            if ok:
                kept.append(q)
            else:
                # Telegram never keeps updates of types the bot did not ask for.
                self.dropped_updates.append(q.update)
        self._queue = kept
        batch = kept[:limit]
        for q in batch:
            q.delivered = True
        return [q.update for q in batch]

    def _set_webhook(self, params: Json, files: dict[str, bytes]) -> bool:
        url = params.get("url") or ""
        if not url:
            self.webhook = None
            return True
        self.webhook = {k: v for k, v in params.items() if k != "certificate"}
        if params.get("drop_pending_updates"):
            self._queue.clear()
        if isinstance(params.get("allowed_updates"), list):
            self._allowed = frozenset(params["allowed_updates"]) or None
        return True

    def _delete_webhook(self, params: Json, files: dict[str, bytes]) -> bool:
        self.webhook = None
        if params.get("drop_pending_updates"):
            self._queue.clear()
        return True

    def _get_webhook_info(self, params: Json, files: dict[str, bytes]) -> Json:
        info: Json = {
            "url": self.webhook["url"] if self.webhook else "",
            "has_custom_certificate": False,
            "pending_update_count": len(self._queue),
        }
        if self.webhook:
            info["max_connections"] = self.webhook.get("max_connections", 40)
            if self._allowed is not None:
                info["allowed_updates"] = sorted(self._allowed)
        return info
