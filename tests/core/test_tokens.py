import pytest

from bot.core import tokens
from bot.core.tokens import (
    BadToken,
    DeckToken,
    ExplainToken,
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
        ExplainToken("AbCd_-12", 123456789, 1, (3, 12)),
        ExplainToken("AbCd_-12", 4, 0, ()),
        DeckToken("caravan", "C", "X", "tX2"),
        DeckToken("caravan", "A", "H", "t10"),
        DeckToken("caravan", "B", "S", "forget"),
        DeckToken("caravan", "A", "D"),
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
        "w:abcd:1:x:",
        "d:caravan:D:S:v",
        "d:caravan:A:S:t1",
        "d:caravan:A:S:t11",
        "d:caravan:A:X:tX3",
        "d:caravan:A:S:drop",
        "d:Caravan:A:S:v",
        # A lone surrogate cannot even be encoded (a forged Discord custom id).
        "m:\ud800bcd:1:0:",
        "l:abcd:\udfff",
    ],
)
def test_malformed_tokens_refused(text: object) -> None:
    with pytest.raises(BadToken):
        tokens.decode(text)


def test_encoding_refuses_oversized_path() -> None:
    with pytest.raises(BadToken):
        MoveToken("AbCdEfGh12345678", 123456789, 5, tuple(range(100, 130))).encode()


def test_explain_token_is_told_apart_from_a_move() -> None:
    assert type(tokens.decode("w:abcd:1:0:2")) is ExplainToken
    assert type(tokens.decode("m:abcd:1:0:2")) is MoveToken
