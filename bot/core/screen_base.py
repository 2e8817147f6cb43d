"""What every screen is made of: a button, a screen, and the words shared by all
screens (translations, names, refusals, notices)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from bot.core import presenters
from bot.core.errors import ServiceError
from bot.core.i18n import I18n
from bot.core.service import Notice, TableService
from bot.core.tables import Table
from games.core.errors import GameError
from render.common import COMPUTER_MARK


@dataclass(frozen=True)
class Button:
    """A button: a token to send back, or a URL to open."""

    label: str
    token: str | None = None
    url: str | None = None
    #: one of a menu's options (not a control such as back or a vote), so a
    #: frontend with little room may list the options in a drop-down instead
    choice: bool = False
    #: the option's stable key (``Choice.key``): a frontend that draws the
    #: picture's targets (``render.registry.Renderer.targets``) matches them by it
    key: str | None = None
    #: ``url`` is a web app the platform opens in place (a Telegram Mini App)
    web_app: bool = False


@dataclass(frozen=True)
class Screen:
    """What one message shows. ``image_key`` names the image for caching and edits."""

    text: str
    image: bytes | None = None
    image_key: str | None = None
    buttons: tuple[tuple[Button, ...], ...] = field(default_factory=tuple)

    def digest(self) -> str:
        """A fingerprint of everything the screen shows (the picture by its key)."""
        h = hashlib.sha1(usedforsecurity=False)
        h.update(self.text.encode())
        h.update(self.image_key.encode() if self.image_key is not None else self.image or b"")
        for row in self.buttons:
            for button in row:
                h.update(f"|{button.label}|{button.token}|{button.url}".encode())
        return h.hexdigest()


class ScreenWords:
    """The words every kind of screen uses, in a language."""

    def __init__(self, service: TableService, i18n: I18n) -> None:
        self.service = service
        self.i18n = i18n

    def t(self, lang: str, msg: str, **args: Any) -> str:
        """Translate (a shortcut)."""
        return self.i18n.t(lang, msg, **args)

    def names(self, table: Table) -> list[str]:
        """Display names in seat order; seats played by the bot are marked."""
        return [p.name + (COMPUTER_MARK if p.bot else "") for p in table.players]

    def error(self, exc: Exception, lang: str) -> str:
        """A refusal explained to the player who caused it."""
        if isinstance(exc, ServiceError | GameError):
            for msg in (
                f"error-{exc.code}",
                "error-illegal-action" if isinstance(exc, GameError) else "error-internal",
            ):
                if self.i18n.has(lang, msg) or self.i18n.has("en", msg):
                    return self.t(lang, msg, **plain(exc.params))
        return self.t(lang, "error-internal")

    def notice(self, table: Table, notice: Notice, lang: str) -> str:
        """A chat notice (timeouts, votes, seats taken over) in words."""
        presenter = presenters.get(table.game)
        args = presenter.args(notice.args, self.names(table))
        if "kind" in args:
            # The raw kind too: a line picks its own wording on it rather than
            # gluing the kind's words to a name after a second colon.
            args["vote"] = args["kind"]
            args["kind"] = self.t(lang, f"vote-kind-{args['kind']}")
        if "subject" in notice.args:
            subject = notice.args["subject"]
            args["subject"] = "none" if subject is None else self.names(table)[int(subject)]
        return self.t(lang, f"notice-{notice.msg}", **args)


def plain(params: dict[str, Any]) -> dict[str, Any]:
    """Message arguments Fluent can take: numbers as they are, the rest as text."""
    return {k: v if isinstance(v, int | float) else str(v) for k, v in params.items()}
