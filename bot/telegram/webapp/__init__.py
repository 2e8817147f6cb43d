"""The Telegram Mini App: the table in place, opened from the chat.

The playground's player page, served by the bot's web server, signed in with
the ``initData`` Telegram gives the page (:mod:`.auth`), showing the user the
public table and their own seat only (:mod:`.views`), over the routes of
:mod:`.web`; a finished game's replay comes to the player's private chat
with the bot (:mod:`.replays`).
"""

from bot.telegram.webapp.auth import MAX_AGE, Unauthorized, WebAppUser, authenticate
from bot.telegram.webapp.views import TableViews
from bot.telegram.webapp.web import add_webapp

__all__ = ["MAX_AGE", "TableViews", "Unauthorized", "WebAppUser", "add_webapp", "authenticate"]
