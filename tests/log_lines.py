"""Log records as the bot writes them in either ``LOG_FORMAT``, for the tests
that no hidden card reaches a log."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from typing import Any

from bot.logs import LINE, JsonFormatter, RequestFormatter


def json_lines(records: Iterable[logging.LogRecord]) -> list[dict[str, Any]]:
    """Each record as ``LOG_FORMAT=json`` writes it: one line, one JSON object."""
    formatter = JsonFormatter()
    out = []
    for record in records:
        line = formatter.format(record)
        assert "\n" not in line, line
        entry = json.loads(line)
        assert isinstance(entry, dict) and entry["level"] == record.levelname, line
        out.append(entry)
    return out


def logged(records: Iterable[logging.LogRecord]) -> list[str]:
    """Every record as a line in both formats (text, then JSON)."""
    kept = list(records)
    text = RequestFormatter(LINE)
    return [text.format(r) for r in kept] + [
        json.dumps(entry, ensure_ascii=False) for entry in json_lines(kept)
    ]
