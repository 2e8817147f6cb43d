"""One log line per event, tagged with the update (request) being handled.

Events are logged as ``event=NAME key=value …`` messages. ``LOG_FORMAT=text``
writes them as they are after the time, level and logger; ``LOG_FORMAT=json``
writes one JSON object per line with each ``key=value`` as a field of its own
(plus ``platform``, from the chat's or player's key), for a log shipper. Both
show what the message says and nothing more: no line names a card or a hand.
"""

from __future__ import annotations

import json
import logging
import re
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

from bot.metrics import frontend_of

#: The platform update being handled (e.g. Telegram's update_id), for every log line.
REQUEST_ID: ContextVar[str | None] = ContextVar("request_id", default=None)

#: ``key=value`` pairs; a value runs up to the next `` key=`` (an error's
#: repr may hold spaces).
_PAIR = re.compile(r"(\w+)=(.*?)(?=\s+\w+=|\s*$)", re.DOTALL)
#: Fields whose key names the platform (``tg:…``, ``dc:…``, ``pg:…``).
_KEYED = ("chat", "player")
#: The text format's line.
LINE = "%(asctime)s %(levelname)s %(name)s %(message)s"


class RequestFormatter(logging.Formatter):
    """Appends ``update=ID`` to lines logged while an update is being handled."""

    def format(self, record: logging.LogRecord) -> str:
        """The usual line, plus the current update id when there is one."""
        line = super().format(record)
        request = REQUEST_ID.get()
        return f"{line} update={request}" if request else line


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, the event's fields,
    the update being handled, and an exception's traceback when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as a single line of JSON."""
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
        }
        entry.update(fields(record.getMessage()))
        platform = next((frontend_of(entry[k]) for k in _KEYED if k in entry), None)
        if platform is not None and platform != "other":
            entry["platform"] = platform
        request = REQUEST_ID.get()
        if request:
            entry["update"] = request
        if record.exc_info:
            entry["traceback"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def fields(message: str) -> dict[str, str]:
    """An ``event=… key=value`` message as fields; any other message as ``message``."""
    if not _PAIR.match(message):
        return {"message": message}
    return {key: value for key, value in _PAIR.findall(message)}


def configure(level: str, log_format: str = "text") -> None:
    """Log to stderr, one line per event (``log_format``: ``text`` or ``json``)."""
    handler = logging.StreamHandler()
    formatter = JsonFormatter() if log_format == "json" else RequestFormatter(LINE)
    handler.setFormatter(formatter)
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
