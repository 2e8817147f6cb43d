"""Button tokens: short strings that name a table and an intent, never state.

``m:ID:VER:SEAT:PATH``  a step in a seat's move menu at state version VER
``l:ID:OP``             a lobby button (j join, l leave, s start, c cancel, oN option N;
                        b the computer players' buttons, aN add one at level N,
                        rN remove the one in seat N)
``v:ID:VOTE:y|n``       a ballot
``p:ID:a`` / ``p:ID:rSEAT``  propose a vote: abort the game / hand SEAT to the bot
``n:GAME``              open a lobby for GAME in the chat where it is pressed
``s:ID:VER:N``          shared action N of the game (e.g. a vote), for whoever presses
``z:ID``                a placeholder (an empty cell of a field keyboard)
``w:ID:VER:SEAT:PATH``  "why not?": the menu at PATH with the reasons for what it leaves out
``i:ID:VER:SEAT:``      "hint": the computer's suggestion for SEAT, marked in its menu
``g:ID:VER:SEAT:PATH``  a step in SEAT's menu with the hint it asked for still marked
``y:ID:VER:SEAT:PATH``  "why not?" in a menu showing a hint (which stays marked)
``d:GAME:SET:SUIT:OP``  the deck builder of GAME showing SET and SUIT; OP changes the draft
``u:ID:MARK``           take back a move: back to the position of state version MARK
``o:ID:VER``            ▶ next round: the computers may open it (a table of one person)
``r:ID``                a rematch of the finished table ID
``x:ID:y|n``            the answer to "stop the game?" (asked at a table of computers)
``t:GAME:STEP:OP``      a tutorial's button at STEP: OP an option's number, ``b`` back,
                        ``x`` leave, ``r`` from the start, ``g`` go on where left;
                        ``t:menu`` the list of tutorials

Tokens fit Telegram's 64-byte callback data and Discord's 100-character
custom ids. A token that does not parse is refused as forged; one that
parses is still checked against the table (seat, version, legality).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

MAX_TOKEN_BYTES = 64

_ID = r"[A-Za-z0-9_-]{4,16}"
_MOVE = re.compile(
    rf"([mwigy]):({_ID}):(\d{{1,9}}):(\d{{1,2}}):((?:\d{{1,3}}(?:\.\d{{1,3}}){{0,7}})?)"
)
_LOBBY = re.compile(rf"l:({_ID}):(j|l|s|c|b|o\d{{1,2}}|a[0-2]|r\d)")
_VOTE = re.compile(rf"v:({_ID}):(\d{{1,6}}):([yn])")
_PROPOSE = re.compile(rf"p:({_ID}):(a|r\d{{1,2}})")
_NEW = re.compile(r"n:([a-z]{2,16})")
_SHARED = re.compile(rf"s:({_ID}):(\d{{1,9}}):(\d{{1,2}})")
_NOOP = re.compile(rf"z:({_ID})")
_TAKE_BACK = re.compile(rf"u:({_ID}):(\d{{1,9}})")
_REMATCH = re.compile(rf"r:({_ID})")
_NEXT_ROUND = re.compile(rf"o:({_ID}):(\d{{1,9}})")
_STOP = re.compile(rf"x:({_ID}):([yn])")
_LEARN = re.compile(r"t:([a-z]{2,16}):(\d{1,2}):(\d{1,2}|[bxrg])")
_DECK = re.compile(
    r"d:([a-z]{2,16}):([A-C]):([SHDCX]):(v|t(?:[2-9]|10|[JQKA]|X[12])|all|none|std|clr|save|forget)"
)


class BadToken(ValueError):
    """The token is malformed: forged, truncated or from another bot."""


@dataclass(frozen=True)
class MoveToken:
    """A step in a seat's menu."""

    table_id: str
    version: int
    seat: int
    path: tuple[int, ...]
    prefix: ClassVar[str] = "m"

    def encode(self) -> str:
        """The token text."""
        path = ".".join(map(str, self.path))
        return _checked(f"{self.prefix}:{self.table_id}:{self.version}:{self.seat}:{path}")


@dataclass(frozen=True)
class LobbyToken:
    """A lobby button."""

    table_id: str
    op: str

    def encode(self) -> str:
        """The token text."""
        return _checked(f"l:{self.table_id}:{self.op}")


@dataclass(frozen=True)
class VoteToken:
    """A ballot button."""

    table_id: str
    vote_id: int
    yes: bool

    def encode(self) -> str:
        """The token text."""
        return _checked(f"v:{self.table_id}:{self.vote_id}:{'y' if self.yes else 'n'}")


@dataclass(frozen=True)
class ProposeToken:
    """A button that opens a vote: ``abort``, or ``remove`` with a subject seat."""

    table_id: str
    kind: str
    subject: int | None = None

    def encode(self) -> str:
        """The token text."""
        code = "a" if self.kind == "abort" else f"r{self.subject}"
        return _checked(f"p:{self.table_id}:{code}")


@dataclass(frozen=True)
class NewGameToken:
    """A game in the /play menu."""

    game: str

    def encode(self) -> str:
        """The token text."""
        return _checked(f"n:{self.game}")


@dataclass(frozen=True)
class SharedToken:
    """One of the game's shared actions at a state version; the presser acts."""

    table_id: str
    version: int
    index: int

    def encode(self) -> str:
        """The token text."""
        return _checked(f"s:{self.table_id}:{self.version}:{self.index}")


@dataclass(frozen=True)
class NoopToken:
    """A button that does nothing (keeps a field keyboard's shape)."""

    table_id: str

    def encode(self) -> str:
        """The token text."""
        return _checked(f"z:{self.table_id}")


@dataclass(frozen=True)
class ExplainToken(MoveToken):
    """Show a seat's menu at ``path`` with why some targets are missing.

    A kind of :class:`MoveToken` (the same checks apply), so test for it first.
    """

    prefix: ClassVar[str] = "w"


@dataclass(frozen=True)
class HintToken(MoveToken):
    """Show a seat's menu with the computer's suggestion marked (a lobby option).

    A kind of :class:`MoveToken` (the same checks apply), so test for it first.
    """

    prefix: ClassVar[str] = "i"


@dataclass(frozen=True)
class HintStepToken(MoveToken):
    """A step in a seat's menu that keeps the hint it asked for marked (the
    hint is not counted again).

    A kind of :class:`MoveToken` (the same checks apply), so test for it first.
    """

    prefix: ClassVar[str] = "g"


@dataclass(frozen=True)
class HintExplainToken(ExplainToken):
    """ "Why not?" pressed in a menu that shows a hint: the hint stays marked.

    A kind of :class:`ExplainToken`, so test for it first.
    """

    prefix: ClassVar[str] = "y"


@dataclass(frozen=True)
class TakeBackToken:
    """Take back the presser's last move: ``mark`` is the state version of the
    position it goes back to, so a second press of one button finds it gone."""

    table_id: str
    mark: int

    def encode(self) -> str:
        """The token text."""
        return _checked(f"u:{self.table_id}:{self.mark}")


@dataclass(frozen=True)
class NextRoundToken:
    """▶ after a round, alone with computers: they may open the next. ``version``:
    the state the round ended on (a press after a move or a take-back is stale)."""

    table_id: str
    version: int

    def encode(self) -> str:
        """The token text."""
        return _checked(f"o:{self.table_id}:{self.version}")


@dataclass(frozen=True)
class RematchToken:
    """Play the finished table again: the same seats, computers and options."""

    table_id: str

    def encode(self) -> str:
        """The token text."""
        return _checked(f"r:{self.table_id}")


@dataclass(frozen=True)
class StopToken:
    """The answer to the question a person alone with computers is asked before
    their game is stopped: stop it (``yes``) or play on."""

    table_id: str
    yes: bool

    def encode(self) -> str:
        """The token text."""
        return _checked(f"x:{self.table_id}:{'y' if self.yes else 'n'}")


@dataclass(frozen=True)
class DeckToken:
    """A deck-builder button: the page (card set and suit) to show, and what to change.

    ``op`` is ``v`` (only show), ``t<rank>`` (add or remove that card; a
    joker's rank is ``X1``/``X2`` under suit ``X``), ``all``/``none`` (the
    whole suit of that set), ``std`` (start again from the standard deck),
    ``clr`` (empty the draft), ``save`` or ``forget`` (back to the standard deck).
    """

    game: str
    card_set: str
    suit: str
    op: str = "v"

    def encode(self) -> str:
        """The token text."""
        return _checked(f"d:{self.game}:{self.card_set}:{self.suit}:{self.op}")


@dataclass(frozen=True)
class LearnToken:
    """A tutorial's button: ``op`` is an option's number at ``step``, or ``b``
    (a step back), ``x`` (leave), ``r`` (from the start), ``g`` (go on where
    the player left); the game ``menu`` with op ``m`` is the list of tutorials."""

    game: str
    step: int = 0
    op: str = "g"

    def encode(self) -> str:
        """The token text."""
        if self.game == LEARN_MENU:
            return "t:menu"
        return _checked(f"t:{self.game}:{self.step}:{self.op}")


#: The pseudo-game of :class:`LearnToken` that names the list of tutorials.
LEARN_MENU = "menu"


Token = (
    MoveToken
    | LobbyToken
    | VoteToken
    | ProposeToken
    | NewGameToken
    | SharedToken
    | NoopToken
    | TakeBackToken
    | NextRoundToken
    | RematchToken
    | StopToken
    | DeckToken
    | LearnToken
)


def decode(text: object) -> Token:
    """Parse a token; raises :class:`BadToken` for anything malformed."""
    if not isinstance(text, str) or len(text.encode(errors="replace")) > MAX_TOKEN_BYTES:
        raise BadToken("malformed token")
    if m := _MOVE.fullmatch(text):
        path = tuple(int(p) for p in m[5].split(".")) if m[5] else ()
        kinds = {"w": ExplainToken, "i": HintToken, "g": HintStepToken, "y": HintExplainToken}
        kind = kinds.get(m[1], MoveToken)
        return kind(m[2], int(m[3]), int(m[4]), path)
    if m := _LOBBY.fullmatch(text):
        return LobbyToken(m[1], m[2])
    if m := _VOTE.fullmatch(text):
        return VoteToken(m[1], int(m[2]), m[3] == "y")
    if m := _PROPOSE.fullmatch(text):
        if m[2] == "a":
            return ProposeToken(m[1], "abort")
        return ProposeToken(m[1], "remove", int(m[2][1:]))
    if m := _NEW.fullmatch(text):
        return NewGameToken(m[1])
    if m := _SHARED.fullmatch(text):
        return SharedToken(m[1], int(m[2]), int(m[3]))
    if m := _NOOP.fullmatch(text):
        return NoopToken(m[1])
    if m := _TAKE_BACK.fullmatch(text):
        return TakeBackToken(m[1], int(m[2]))
    if m := _NEXT_ROUND.fullmatch(text):
        return NextRoundToken(m[1], int(m[2]))
    if m := _REMATCH.fullmatch(text):
        return RematchToken(m[1])
    if m := _STOP.fullmatch(text):
        return StopToken(m[1], m[2] == "y")
    if text == "t:menu":
        return LearnToken(LEARN_MENU)
    if m := _LEARN.fullmatch(text):
        return LearnToken(m[1], int(m[2]), m[3])
    if m := _DECK.fullmatch(text):
        return DeckToken(m[1], m[2], m[3], m[4])
    raise BadToken("malformed token")


def _checked(text: str) -> str:
    if len(text.encode()) > MAX_TOKEN_BYTES:
        raise BadToken(f"token longer than {MAX_TOKEN_BYTES} bytes")
    return text
