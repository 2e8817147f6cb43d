"""One log line per event, tagged with the update (request) being handled."""

from __future__ import annotations

import logging
from contextvars import ContextVar

#: The platform update being handled (e.g. Telegram's update_id), for every log line.
REQUEST_ID: ContextVar[str | None] = ContextVar("request_id", default=None)


class RequestFormatter(logging.Formatter):
    """Appends ``update=ID`` to lines logged while an update is being handled."""

    def format(self, record: logging.LogRecord) -> str:
        """The usual line, plus the current update id when there is one."""
        line = super().format(record)
        request = REQUEST_ID.get()
        return f"{line} update={request}" if request else line


def configure(level: str) -> None:
    """Log to stderr, one line per event."""
    handler = logging.StreamHandler()
    handler.setFormatter(RequestFormatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
