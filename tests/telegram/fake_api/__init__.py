"""A fake Telegram Bot API server for end-to-end tests of the Telegram frontend.

The bot under test runs unmodified: its real aiogram ``Bot`` talks HTTP to this
server through ``AiohttpSession(api=TelegramAPIServer.from_base(fake.base_url))``.
The fake keeps a small model of Telegram (users, groups, messages, callback
queries, pending updates), answers in the Bot API's own format with the real
error texts, and lets a test inject user actions and inspect everything the
bot did.

Behaviour copied from the real API on purpose, because bots trip over it:

* an edit that omits ``reply_markup`` removes the inline keyboard, and
  ``editMessageCaption``/``editMessageMedia`` without a caption remove it;
* ``parse_mode`` is applied (HTML, MarkdownV2, Markdown): the stored text is
  the parsed text plus entities, and a malformed or unescaped markup string is
  a 400 "can't parse entities", just as in production;
* unconfirmed updates are re-delivered until a later ``offset`` confirms them,
  and ``allowed_updates`` filters (aiogram always sends the list resolved from
  its handlers, so an update type without a handler never reaches the bot);
* a second ``getUpdates`` terminates the one still waiting with 409;
* the bot's id is the number before the colon in the token, like aiogram's
  ``bot.id``;
* in groups where the bot is not an administrator, privacy mode hides plain
  messages that are neither commands, replies to the bot nor mentions of it.

The package, by concern:

* ``server``: ``FakeTelegram``, the HTTP server (routing, token, call log,
  injected failures), made of the mixins below over ``state.FakeState``;
* ``world``, ``inject``, ``inspection``: what a test sets up, does as users,
  and reads back or waits for;
* ``updates``, ``message_methods``, ``chat_methods``, ``bot_methods``: the Bot
  API methods (getUpdates and webhooks; messages; chats and callback queries;
  the bot's own settings);
* ``records``, ``chats``: the stored objects (calls, messages and their
  versions, files, presses, queued updates; users, groups, members);
* ``entities``, ``content``, ``media``, ``params``: parse modes, what a message
  may carry, uploads and their limits, how request parameters are read;
* ``errors``: ``ApiError`` and the error texts.
"""

from tests.telegram.fake_api.chats import FakeGroup, FakeUser
from tests.telegram.fake_api.content import CALLBACK_DATA_LIMIT
from tests.telegram.fake_api.entities import parse_html, parse_markdown_v2
from tests.telegram.fake_api.errors import NOT_MODIFIED, QUERY_TOO_OLD, ApiError
from tests.telegram.fake_api.records import Call, Press, StoredFile, StoredMessage, Version
from tests.telegram.fake_api.server import FakeTelegram

__all__ = [
    "CALLBACK_DATA_LIMIT",
    "NOT_MODIFIED",
    "QUERY_TOO_OLD",
    "ApiError",
    "Call",
    "FakeGroup",
    "FakeTelegram",
    "FakeUser",
    "Press",
    "StoredFile",
    "StoredMessage",
    "Version",
    "parse_html",
    "parse_markdown_v2",
]
