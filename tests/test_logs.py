import logging

from bot.logs import REQUEST_ID, RequestFormatter


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
