"""Which language to speak: per chat for group messages, per user in private.

A chat speaks what someone chose with ``/lang`` there, else the default. A
user reads what they chose, else what their platform reports
(``language_code``, remembered for messages the bot sends unprompted), else
the default.

A frontend reads what one change needs (the chat's and every player's
language) in one round trip with :meth:`Languages.read_in`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from redis.exceptions import RedisError

from bot.core.i18n import LANGUAGES, pick_language
from bot.core.store import Store


class UnknownLanguage(ValueError):
    """Only the catalog's languages can be chosen."""


@dataclass(frozen=True)
class Spoken:
    """The languages :meth:`Languages.read_in` read, by chat and by player key."""

    chats: dict[str, str]
    users: dict[str, str]


class Languages:
    """Language choices, remembered in Redis."""

    def __init__(self, store: Store, default: str) -> None:
        self.store = store
        self.default = default

    def _key(self, scope: str) -> str:
        # The store's own layout (``Plang:SCOPE``), for reads queued in a pipeline.
        return f"{self.store.prefix}lang:{scope}"

    def read_in(
        self, pipe: Any, chats: Sequence[str], users: Sequence[str]
    ) -> Callable[[Iterator[Any]], Spoken]:
        """Queue reading the languages of ``chats`` (one reply each) and of the
        players ``users`` (two replies each) in ``pipe``; the function returned
        takes those replies, in order, and says what each one speaks, as
        :meth:`for_chat` and :meth:`for_user` would."""
        for chat in chats:
            pipe.get(self._key(f"chat:{chat}"))
        for key in users:
            pipe.get(self._key(f"user:{key}"))
            pipe.get(self._key(f"platform:{key}"))

        def read(replies: Iterator[Any]) -> Spoken:
            by_chat = {chat: next(replies) or self.default for chat in chats}
            by_user = {}
            for key in users:
                chosen, code = next(replies), next(replies)
                by_user[key] = chosen or self._pick(code)
            return Spoken(by_chat, by_user)

        return read

    def _pick(self, code: str | None) -> str:
        return pick_language(code, self.default) if code else self.default

    async def for_chat(self, chat: str) -> str:
        """The language of group messages in ``chat``."""
        try:
            return await self.store.get_lang(f"chat:{chat}") or self.default
        except RedisError:
            # Redis is down: still say so, in the default language.
            return self.default

    async def for_user(self, player_key: str, platform_code: str | None = None) -> str:
        """The language of ``player_key``'s private messages.

        ``platform_code`` is what the platform reports now; without it, the
        last one :meth:`note_platform` remembered is used.
        """
        try:
            chosen = await self.store.get_lang(f"user:{player_key}")
            if chosen:
                return chosen
            code = platform_code or await self.store.get_lang(f"platform:{player_key}")
        except RedisError:
            # Redis is down: still say so, in the language the platform reports.
            code = platform_code
        return self._pick(code)

    async def note_platform(self, player_key: str, platform_code: str | None) -> None:
        """Remember the platform's language code, for messages sent unprompted later.

        Best effort: with Redis down the code is not remembered this time.
        """
        if platform_code:
            with contextlib.suppress(RedisError):
                await self.store.set_lang(f"platform:{player_key}", platform_code)

    async def set_chat(self, chat: str, lang: str) -> None:
        """Remember ``/lang`` in a chat."""
        await self.store.set_lang(f"chat:{chat}", _checked(lang))

    async def set_user(self, player_key: str, lang: str) -> None:
        """Remember ``/lang`` in a private chat."""
        await self.store.set_lang(f"user:{player_key}", _checked(lang))


def _checked(lang: str) -> str:
    if lang not in LANGUAGES:
        raise UnknownLanguage(f"language must be one of {', '.join(LANGUAGES)}")
    return lang
