"""🎞 Replay in the Mini App: the finished game's animation comes to the
player's private chat with the bot, the way a replay button of /history
posts one (:func:`bot.telegram.records.post_replay`: the upload's file id
reused, drawn off the event loop otherwise, one replay a minute in a chat).

A page cannot show a Telegram animation itself, and the private chat keeps
it, to watch again or forward.
"""

from __future__ import annotations

from bot.core.tables import Table
from bot.telegram import ids
from bot.telegram.context import Frontend
from bot.telegram.records import post_replay
from bot.telegram.webapp.auth import WebAppUser
from bot.telegram.webapp.views import Refusal


class PrivateReplays:
    """Sends finished tables' replays to Mini App users' private chats
    (a :data:`~bot.telegram.webapp.views.SendReplay`)."""

    def __init__(self, frontend: Frontend) -> None:
        self.frontend = frontend

    async def __call__(self, table: Table, user: WebAppUser, lang: str) -> str:
        """Send the replay of finished ``table`` to ``user``, captioned in ``lang``;
        what to tell them. Refused when the bot may not write to them (they never
        pressed Start, or blocked it), for too many presses, within a minute of
        the last replay there, and once the game is no longer kept."""
        frontend = self.frontend
        service, t = frontend.service, frontend.i18n.t
        user_id = ids.user_id(user.key)
        if not await frontend.can_message(user_id):
            raise Refusal(t(lang, "webapp-replay-start-bot", bot=frontend.publisher.bot_username))
        if service.presses is not None and not await service.presses.allow(user.key):
            raise Refusal(t(lang, "error-slow-down"))
        entry = await service.finished_game(table.chat, table.id)
        if entry is None:
            raise Refusal(t(lang, "replay-expired"))
        chat = ids.chat_key(user_id)
        told = await post_replay(frontend, chat, entry, lang, lang, wait_msg="webapp-replay-wait")
        if told is None:
            return t(lang, "webapp-replay-sent")
        text, refused = told
        if refused:
            raise Refusal(text)
        return t(lang, "webapp-replay-drawing")
