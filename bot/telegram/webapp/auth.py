"""Who opened the Mini App: the ``initData`` Telegram signs with the bot's token.

Telegram hands the page a query string (the user, ``auth_date``, ``hash``…)
signed with a key derived from the bot token
(https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app);
aiogram checks the HMAC. Data older than :data:`MAX_AGE` is refused too, so
a copied ``initData`` does not open the table for ever.
"""

from __future__ import annotations

from dataclasses import dataclass

from aiogram.utils.web_app import safe_parse_webapp_init_data

from bot.telegram.ids import player_key

#: How long signed data opens the table (a day, as the issue asks; Telegram
#: signs it afresh each time the app is opened).
MAX_AGE = 24 * 3600


class Unauthorized(Exception):
    """The ``initData`` is missing, forged, tampered with, another bot's, or stale."""


@dataclass(frozen=True)
class WebAppUser:
    """The Telegram user the request speaks for, as the core knows players."""

    key: str
    name: str
    language: str | None
    #: what the app was opened with (``startapp=…`` of a direct link), if anything
    start: str | None


def authenticate(init_data: str, token: str, now: float) -> WebAppUser:
    """The user ``init_data`` was signed for by the bot with ``token``, at most a day ago."""
    if not init_data:
        raise Unauthorized("no initData")
    try:
        data = safe_parse_webapp_init_data(token, init_data)
    except ValueError as exc:
        raise Unauthorized("bad signature") from exc
    if data.user is None:
        raise Unauthorized("no user")
    age = now - data.auth_date.timestamp()
    if not -60 <= age <= MAX_AGE:
        raise Unauthorized("stale")
    user = data.user
    name = " ".join(part for part in (user.first_name, user.last_name) if part)
    return WebAppUser(
        player_key(user.id), name or str(user.id), user.language_code, data.start_param
    )
