"""Which language to speak: per chat for group messages, per user in private.

A chat speaks what someone chose with ``/lang`` there, else the default. A
user reads what they chose, else what their platform reports
(``language_code``, remembered for messages the bot sends unprompted), else
the default.
"""

from __future__ import annotations

import contextlib

from redis.exceptions import RedisError

from bot.core.i18n import LANGUAGES, pick_language
from bot.core.store import Store


class UnknownLanguage(ValueError):
    """Only the catalog's languages can be chosen."""


class Languages:
    """Language choices, remembered in Redis."""

    def __init__(self, store: Store, default: str) -> None:
        self.store = store
        self.default = default

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
        return pick_language(code, self.default) if code else self.default

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
