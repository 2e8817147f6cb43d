"""Putting one screen into a Telegram chat, clearing old messages away, and the
references that say what each message shows.

What each screen's message shows is kept in the table's references (the
store's per-table hash, which lives as long as the table), under the screen's
ref (``tg:table``, ``tg:hand:2``) plus a suffix:

- ``REF``: the message id; ``REF:v`` and ``REF:digest``: the version and
  screen it shows (:mod:`bot.core.screen_sync`);
- ``REF:image``: the key of its picture, so an edit that keeps the picture
  changes only the caption and buttons (no upload of the same picture again);
- ``REF:face``: the digest of its caption and buttons alone; a waiting hand
  whose face stays (only its picture moved on) may be redrawn lazily;
- ``REF:at``: when it was sent; ``REF:keys``: set while it shows buttons;
- ``REF:anew``: a turn began, so it is to be sent as a new message, which
  notifies where an edit would not (the one it replaces is deleted at once
  if it still shows buttons, else with the next batch of old messages);
- ``REF:lazy``: since when a waiting hand's picture has been left behind;
- ``tg:old:CHAT:ID``: when the message ``ID`` in ``CHAT``, no longer any
  screen (an earlier hand, a reminder), was sent; they are deleted in batches.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError, TelegramBadRequest, TelegramForbiddenError
from aiogram.types import BufferedInputFile, InlineKeyboardMarkup, InputMediaPhoto

from bot.core.screen_base import Screen
from bot.core.store import Store
from bot.core.tables import Table
from bot.telegram.markup import caption, keyboard

log = logging.getLogger("bot.telegram")

LOBBY_REF = "tg:lobby"
TABLE_REF = "tg:table"

#: The prefix of the references to old messages (see the module docstring).
OLD = "tg:old:"
#: deleteMessages takes "a JSON-serialized list of 1-100 identifiers of messages
#: to delete" (https://core.telegram.org/bots/api#deletemessages).
DELETE_BATCH = 100
#: "A message can only be deleted if it was sent less than 48 hours ago"
#: (https://core.telegram.org/bots/api#deletemessage); a minute less, to be safe.
DELETABLE_SECONDS = 48 * 3600 - 60
#: Old messages of a chat are deleted together once there are this many, once
#: the oldest is this old (well before it cannot be deleted), and all of them
#: when the game is over: a private chat keeps a short history of a game's
#: turns meanwhile, and a batch costs one call instead of one per turn.
OLD_BATCH = 30
OLD_AGE_SECONDS = 24 * 3600

#: Changes to a table's references: a value to set, or None to delete it.
RefChanges = dict[str, str | None]


# KEYS: a table's references, the table. ARGV: the references' TTL (ms) when
# the table has none, how many fields to set, those fields and values, then
# the fields to delete. The references live exactly as long as their table.
_UPDATE_REFS = """
local n = tonumber(ARGV[2])
if n > 0 then redis.call('HSET', KEYS[1], unpack(ARGV, 3, 2 + 2 * n)) end
if #ARGV > 2 + 2 * n then redis.call('HDEL', KEYS[1], unpack(ARGV, 3 + 2 * n)) end
local ttl = redis.call('PTTL', KEYS[2])
if ttl <= 0 then ttl = tonumber(ARGV[1]) end
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ttl) end
"""


def update_refs_in(pipe: Any, store: Store, table_id: str, changes: RefChanges) -> None:
    """Queue setting and deleting a table's references (one reply)."""
    kept = [item for name, value in changes.items() if value is not None for item in (name, value)]
    dropped = [name for name, value in changes.items() if value is None]
    args = [str(store.finished_ttl * 1000), str(len(kept) // 2), *kept, *dropped]
    pipe.eval(_UPDATE_REFS, 2, refs_key(store, table_id), store.table_key(table_id), *args)


def refs_key(store: Store, table_id: str) -> str:
    """The hash of a table's references (the store's layout)."""
    return f"{store.table_key(table_id)}:refs"


def hand_ref(seat: int) -> str:
    """The reference of a seat's hand message."""
    return f"tg:hand:{seat}"


def seat_of_ref(ref: str) -> int:
    """The seat whose hand ``ref`` is."""
    return int(ref.rpartition(":")[2])


def chat_of(table: Table, ref: str) -> str:
    """The chat key where the screen ``ref`` of ``table`` is shown."""
    if ref in (LOBBY_REF, TABLE_REF):
        return table.chat
    return table.players[seat_of_ref(ref)].key


@dataclass(frozen=True)
class Shown:
    """What the references say one screen's message shows."""

    message_id: int | None
    version: int
    digest: str | None
    image: str | None
    face: str | None
    sent_at: float | None
    keys: bool
    anew: bool
    lazy_since: float | None

    @classmethod
    def read(cls, refs: Mapping[str, str], ref: str) -> Shown:
        """The screen ``ref`` as ``refs`` (the table's references) describe it."""
        message_id = refs.get(ref)
        sent_at, lazy = refs.get(f"{ref}:at"), refs.get(f"{ref}:lazy")
        return cls(
            message_id=int(message_id) if message_id else None,
            version=int(refs.get(f"{ref}:v") or -1),
            digest=refs.get(f"{ref}:digest"),
            image=refs.get(f"{ref}:image"),
            face=refs.get(f"{ref}:face"),
            sent_at=float(sent_at) if sent_at else None,
            keys=bool(refs.get(f"{ref}:keys")),
            anew=bool(refs.get(f"{ref}:anew")),
            lazy_since=float(lazy) if lazy else None,
        )


def face(screen: Screen) -> str:
    """The digest of what a screen shows besides its picture."""
    return Screen(screen.text, buttons=screen.buttons).digest()


def gone(exc: TelegramBadRequest) -> bool:
    """Whether Telegram refused an edit because the message is no longer there to edit."""
    return "not found" in exc.message or "can't be edited" in exc.message


async def put(
    bot: Bot,
    chat_id: int,
    thread_id: int | None,
    ref: str,
    screen: Screen,
    shown: Shown,
    now: float,
) -> RefChanges:
    """Show ``screen`` as the message ``ref``: edited in place, or sent as a new
    message when none is known, the known one is gone, or a turn began
    (``anew``; the one it replaces becomes an old message). The references to
    change."""
    text, markup = caption(screen), keyboard(screen.buttons)
    changes: RefChanges = {
        f"{ref}:face": face(screen),
        f"{ref}:keys": "1" if screen.buttons else None,
        f"{ref}:anew": None,
        f"{ref}:lazy": None,
    }
    if shown.message_id is not None and not shown.anew:
        try:
            await edit(bot, chat_id, shown.message_id, screen, shown.image, text, markup)
        except TelegramBadRequest as exc:
            if "not modified" not in exc.message:
                if not gone(exc):
                    raise
                log.info("event=message-gone chat=%s ref=%s; sending it again", chat_id, ref)
                return changes | await _send(bot, chat_id, thread_id, ref, screen, now)
        changes[f"{ref}:image"] = screen.image_key or ""
        return changes
    changes |= await _send(bot, chat_id, thread_id, ref, screen, now)
    if shown.message_id is not None and not (shown.keys and await _deleted(bot, chat_id, shown)):
        changes[old_ref(chat_id, shown.message_id)] = repr(shown.sent_at or now)
    return changes


async def _deleted(bot: Bot, chat_id: int, shown: Shown) -> bool:
    """Delete a replaced message whose buttons are still there to press."""
    assert shown.message_id is not None
    try:
        await bot.delete_message(chat_id, shown.message_id)
    except TelegramBadRequest as exc:
        log.info("event=replaced-kept chat=%s error=%s", chat_id, exc.message)
        return False
    return True


async def _send(
    bot: Bot, chat_id: int, thread_id: int | None, ref: str, screen: Screen, now: float
) -> RefChanges:
    text, markup = caption(screen), keyboard(screen.buttons)
    if screen.image is not None:
        photo = BufferedInputFile(screen.image, filename="table.png")
        sent = await bot.send_photo(
            chat_id, photo, caption=text, reply_markup=markup, message_thread_id=thread_id
        )
    else:
        sent = await bot.send_message(
            chat_id, text, reply_markup=markup, message_thread_id=thread_id
        )
    return {
        ref: str(sent.message_id),
        f"{ref}:image": screen.image_key or "",
        f"{ref}:at": repr(now),
    }


async def edit(
    bot: Bot,
    chat_id: int,
    message_id: int,
    screen: Screen,
    shown_image: str | None,
    text: str,
    markup: InlineKeyboardMarkup | None,
) -> None:
    """Edit a message to show ``screen``: its text; or, for a photo, its caption
    and buttons, and the picture only when it is not ``shown_image`` already."""
    if screen.image is None:
        await bot.edit_message_text(
            text=text, chat_id=chat_id, message_id=message_id, reply_markup=markup
        )
    elif shown_image == screen.image_key:
        await bot.edit_message_caption(
            chat_id=chat_id, message_id=message_id, caption=text, reply_markup=markup
        )
    else:
        media = InputMediaPhoto(media=BufferedInputFile(screen.image, "table.png"), caption=text)
        await bot.edit_message_media(
            media=media, chat_id=chat_id, message_id=message_id, reply_markup=markup
        )


# -- old messages ---------------------------------------------------------------


def old_ref(chat_id: int, message_id: int) -> str:
    """The reference that keeps an old message for deletion."""
    return f"{OLD}{chat_id}:{message_id}"


def old_messages(refs: Mapping[str, str]) -> dict[int, dict[int, float]]:
    """The old messages ``refs`` keep: chat id → message id → when it was sent."""
    out: dict[int, dict[int, float]] = {}
    for name, value in refs.items():
        if name.startswith(OLD):
            chat, _, message = name.removeprefix(OLD).partition(":")
            out.setdefault(int(chat), {})[int(message)] = float(value)
    return out


def clearing_due(old: Mapping[int, float], now: float) -> bool:
    """Whether a chat's old messages are to be deleted now, in a game going on."""
    return len(old) >= OLD_BATCH or (bool(old) and now - min(old.values()) >= OLD_AGE_SECONDS)


async def clear(bot: Bot, chat_id: int, old: Mapping[int, float], now: float) -> RefChanges:
    """Delete a chat's old messages, a hundred to a call; the references to
    drop: those deleted and those that can no longer be (too old, refused).
    Those a passing failure kept are tried again next time."""
    fresh = sorted(m for m, sent in old.items() if now - sent < DELETABLE_SECONDS)
    dropped = [m for m in old if m not in fresh]
    for start in range(0, len(fresh), DELETE_BATCH):
        batch = fresh[start : start + DELETE_BATCH]
        try:
            await bot.delete_messages(chat_id, batch)
        except (TelegramBadRequest, TelegramForbiddenError) as exc:
            # One undeletable message fails the whole call; they are left as they are.
            log.warning(
                "event=old-messages-kept chat=%s count=%s error=%s",
                chat_id,
                len(batch),
                exc.message,
            )
        except TelegramAPIError as exc:
            log.warning("event=old-messages-later chat=%s error=%s", chat_id, exc)
            continue
        dropped += batch
    return {old_ref(chat_id, m): None for m in dropped}


def stray(hand: str | None, table: str | None, message_id: int) -> bool:
    """Whether ``message_id`` is an older copy of the hand whose message the
    references name ``hand`` (and not the table's message ``table``, which a
    game alone shows in the same private chat). A send that Telegram carried
    out though it answered with an error (a 5xx, a timeout) is sent again,
    and the first copy stays behind with its buttons; a hand sent anew leaves
    the old one until the next clearing. A newer message not written down yet
    (pressed the instant it arrived) is not one."""
    return bool(hand) and int(str(hand)) > message_id and table != str(message_id)
