"""The Bot API methods about the bot itself (the ``BotMethods`` mixin of
``FakeTelegram``): getMe, logOut and close, the bot's commands by scope and
language (set, delete, get, and ``commands`` for a test to read them) and the
chat menu button.
"""

from __future__ import annotations

import json
import re
from typing import Any

from tests.telegram.fake_api.errors import Json, bad_request
from tests.telegram.fake_api.state import FakeState


def scope_key(scope: Any, language_code: Any) -> tuple[str, str]:
    """The key of a commands scope and language in ``commands_by_scope``."""
    scope = scope if isinstance(scope, dict) else {"type": "default"}
    return json.dumps(scope, sort_keys=True), str(language_code or "")


class BotMethods(FakeState):
    """The Bot API methods that describe the bot and set up its commands and menu."""

    inline_mode: bool

    def commands(self, scope: Json | None = None, language_code: str = "") -> list[Json]:
        """Commands last set for a scope (default scope if None) and language."""
        return self.commands_by_scope.get(scope_key(scope, language_code), [])

    def _true(self, params: Json, files: dict[str, bytes]) -> bool:
        return True

    def _get_me(self, params: Json, files: dict[str, bytes]) -> Json:
        return {
            **self.bot_user,
            "can_join_groups": True,
            "can_read_all_group_messages": not self.privacy_mode,
            # On once inline mode is enabled with @BotFather (/setinline).
            "supports_inline_queries": self.inline_mode,
        }

    def _set_my_commands(self, params: Json, files: dict[str, bytes]) -> bool:
        commands = params.get("commands")
        if not isinstance(commands, list):
            raise bad_request("Bad Request: commands must be an Array")
        if len(commands) > 100:
            raise bad_request("Bad Request: too many commands")
        for cmd in commands:
            name = cmd.get("command", "") if isinstance(cmd, dict) else ""
            if not re.fullmatch(r"[a-z0-9_]{1,32}", str(name)):
                raise bad_request("Bad Request: BOT_COMMAND_INVALID")
            description = str(cmd.get("description", ""))
            if not 1 <= len(description) <= 256:
                raise bad_request("Bad Request: BOT_COMMAND_DESCRIPTION_INVALID")
        key = scope_key(params.get("scope"), params.get("language_code"))
        self.commands_by_scope[key] = commands
        return True

    def _delete_my_commands(self, params: Json, files: dict[str, bytes]) -> bool:
        key = scope_key(params.get("scope"), params.get("language_code"))
        self.commands_by_scope.pop(key, None)
        return True

    def _get_my_commands(self, params: Json, files: dict[str, bytes]) -> list[Json]:
        return self.commands(params.get("scope"), str(params.get("language_code") or ""))

    def _set_chat_menu_button(self, params: Json, files: dict[str, bytes]) -> bool:
        chat_id = params.get("chat_id")
        if isinstance(chat_id, int):
            self._known_chat(chat_id)
        button = params.get("menu_button")
        self.menu_buttons[chat_id if isinstance(chat_id, int) else None] = (
            button if isinstance(button, dict) else {"type": "default"}
        )
        return True

    def _get_chat_menu_button(self, params: Json, files: dict[str, bytes]) -> Json:
        chat_id = params.get("chat_id")
        key = chat_id if isinstance(chat_id, int) else None
        return self.menu_buttons.get(key) or self.menu_buttons.get(None) or {"type": "commands"}
