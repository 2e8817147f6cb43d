"""What the fake Discord stores: messages with their attachments and flags, and
the interactions the harness injects, each turned into Discord's JSON on demand."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

Json = dict[str, Any]

EPHEMERAL: Final = 1 << 6
LOADING: Final = 1 << 7


@dataclass
class StoredAttachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None

    def to_json(self) -> Json:
        url = f"https://cdn.discordapp.com/attachments/0/{self.id}/{self.filename}"
        out: Json = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
        }
        if self.content_type:
            out["content_type"] = self.content_type
        if self.description:
            out["description"] = self.description
        return out


@dataclass
class StoredMessage:
    id: int
    channel_id: int
    guild_id: int | None
    author: Json
    content: str = ""
    embeds: list[Json] = field(default_factory=list)
    components: list[Json] = field(default_factory=list)
    attachments: list[StoredAttachment] = field(default_factory=list)
    flags: int = 0
    webhook_id: int | None = None
    interaction_id: int | None = None
    edits: int = 0
    deleted: bool = False
    created: datetime = field(default_factory=lambda: datetime.now(UTC))
    edited: datetime | None = None
    #: When it was posted, by the fake's clock (``FakeDiscord.now``).
    posted: float = 0.0

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def custom_ids(self) -> list[str]:
        """Every component's ``custom_id``, in order (rows flattened)."""
        out: list[str] = []

        def walk(items: list[Json]) -> None:
            for item in items:
                if "custom_id" in item:
                    out.append(item["custom_id"])
                walk(item.get("components", []))

        walk(self.components)
        return out

    def to_json(self) -> Json:
        out: Json = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author,
            "content": self.content,
            "timestamp": self.created.isoformat(),
            "edited_timestamp": self.edited.isoformat() if self.edited else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.to_json() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": 20 if self.interaction_id else 0,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            out["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            out["webhook_id"] = str(self.webhook_id)
            out["application_id"] = str(self.webhook_id)
        return out


@dataclass
class Interaction:
    """An interaction the harness injected; what the bot did with it."""

    id: int
    token: str
    channel_id: int
    guild_id: int | None
    message_id: int | None = None  # the message a component sits on
    callback_type: int | None = None
    original_id: int | None = None
    followups: list[int] = field(default_factory=list)
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    #: when Discord created it, on the fake's clock
    created: float = 0.0
