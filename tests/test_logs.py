import json
import logging
import sys
from typing import Any

import pytest

from bot.logs import REQUEST_ID, JsonFormatter, RequestFormatter, configure, fields


def test_lines_logged_while_handling_an_update_carry_its_id() -> None:
    formatter = RequestFormatter("%(name)s %(message)s")
    record = logging.LogRecord(
        "bot.core", logging.INFO, __file__, 1, "event=move table=x", (), None
    )
    assert formatter.format(record) == "bot.core event=move table=x"
    token = REQUEST_ID.set("100042")
    try:
        assert formatter.format(record) == "bot.core event=move table=x update=100042"
    finally:
        REQUEST_ID.reset(token)


def _record(message: str, exc_info: Any = None) -> logging.LogRecord:
    return logging.LogRecord("bot.core", logging.WARNING, __file__, 1, message, (), exc_info)


def test_a_json_line_holds_each_field_the_platform_and_the_update() -> None:
    message = "event=move table=T1 game=klac chat=dc:42 version=3 error=ConnectionError('a b')"
    token = REQUEST_ID.set("100042")
    try:
        line = JsonFormatter().format(_record(message))
    finally:
        REQUEST_ID.reset(token)
    entry = json.loads(line)
    assert entry["time"].endswith("+00:00") and entry["level"] == "WARNING"
    fields = {k: entry[k] for k in ("event", "table", "game", "chat", "version", "error")}
    assert fields == {
        "event": "move",
        "table": "T1",
        "game": "klac",
        "chat": "dc:42",
        "version": "3",
        "error": "ConnectionError('a b')",
    }
    assert entry["platform"] == "discord" and entry["update"] == "100042"
    assert entry["logger"] == "bot.core"


def test_a_plain_message_and_a_traceback_stay_one_json_line() -> None:
    try:
        raise ValueError("broken\nacross lines")
    except ValueError:
        record = _record("Something went wrong", sys.exc_info())
    line = JsonFormatter().format(record)
    assert "\n" not in line
    entry = json.loads(line)
    assert entry["message"] == "Something went wrong" and "platform" not in entry
    assert "ValueError: broken" in entry["traceback"]
    assert fields("event=x") == {"event": "x"}
    assert fields("no pairs here") == {"message": "no pairs here"}


@pytest.mark.parametrize(
    ("log_format", "formatter"), [("json", JsonFormatter), ("text", RequestFormatter)]
)
def test_configure_installs_the_chosen_format(log_format: str, formatter: type) -> None:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    try:
        configure("INFO", log_format)
        (handler,) = root.handlers
        assert isinstance(handler.formatter, formatter)
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)
