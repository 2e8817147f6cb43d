import pytest

from bot.core import tokens
from bot.core.tokens import (
    BadToken,
    LobbyToken,
    MoveToken,
    NewGameToken,
    NoopToken,
    ProposeToken,
    SharedToken,
    VoteToken,
)


@pytest.mark.parametrize(
    "token",
    [
        MoveToken("AbCd_-12", 123456789, 5, (3, 12, 0, 7)),
        MoveToken("AbCd_-12", 1, 0, ()),
        LobbyToken("AbCd_-12", "o12"),
        LobbyToken("AbCd_-12", "j"),
        VoteToken("AbCd_-12", 999999, False),
        ProposeToken("AbCd_-12", "abort"),
        ProposeToken("AbCd_-12", "remove", 5),
        NewGameToken("klac"),
        SharedToken("AbCd_-12", 77, 2),
        NoopToken("AbCd_-12"),
    ],
)
def test_round_trip_and_size(token: tokens.Token) -> None:
    text = token.encode()
    assert len(text.encode()) <= 64
    assert tokens.decode(text) == token


@pytest.mark.parametrize(
    "text",
    [
        None,
        17,
        b"m:abcd:1:0:",
        "",
        "x:abcd:1",
        "m:abcd:1:0:1.",
        "m:abcd:-1:0:",
        "m:ab:1:0:",
        "m:abcd:1:0:1..2",
        "m:abcd:1:0:1.2.3.4.5.6.7.8.9",
        "m:abcd:1:0:1:extra",
        "l:abcd:x",
        "l:abcd:o",
        "v:abcd:1:maybe",
        "p:abcd:r",
        "p:abcd:x1",
        "n:Klac",
        "n:k",
        "s:abcd:1:",
        "s:abcd:x:1",
        "z:",
        "m:abcd:1:0:" + "1" * 80,
        "m:абвг:1:0:",
        "m:abcd:1:0:0\n",
    ],
)
def test_malformed_tokens_refused(text: object) -> None:
    with pytest.raises(BadToken):
        tokens.decode(text)


def test_encoding_refuses_oversized_path() -> None:
    with pytest.raises(BadToken):
        MoveToken("AbCdEfGh12345678", 123456789, 5, tuple(range(100, 130))).encode()
