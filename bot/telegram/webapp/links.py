"""The "🃏 Open the table" button: where the Mini App is, and how a chat opens it.

Telegram lets a ``web_app`` button stand only in a private chat
(https://core.telegram.org/bots/api#inlinekeyboardbutton: "Available only in
private chats between a user and the bot"); a group gets a direct link to the
app registered with @BotFather, ``https://t.me/<bot>/<app>?startapp=<table>``
(https://core.telegram.org/bots/webapps#direct-link-mini-apps).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from bot.core.screen_base import Button, Screen


@dataclass(frozen=True)
class WebAppLinks:
    """The Mini App's page (``url``, HTTPS) and its short name with @BotFather."""

    url: str
    name: str | None = None

    def button(self, label: str, table_id: str, bot_username: str, private: bool) -> Button | None:
        """The button that opens ``table_id``: the app itself in a private chat,
        its direct link in a group (none when no short name is set)."""
        if private:
            return Button(label, url=f"{self.url}?{urlencode({'table': table_id})}", web_app=True)
        if not self.name or not bot_username:
            return None
        query = urlencode({"startapp": table_id})
        return Button(label, url=f"https://t.me/{bot_username}/{self.name}?{query}")


def with_button(screen: Screen, button: Button | None) -> Screen:
    """``screen`` with ``button`` on a row of its own, last."""
    if button is None:
        return screen
    return Screen(screen.text, screen.image, screen.image_key, (*screen.buttons, (button,)))
