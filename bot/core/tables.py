"""The table record: who sits where, the lobby options, votes and deadlines.

A table is plain data, stored in Redis next to the game state and saved with
one compare-and-set per change on ``version``. ``state_version`` grows only
when the game state changes, so a move button built for an older state is
recognisably stale while a reminder or a vote leaves move buttons valid.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Status(StrEnum):
    """The life of a table: lobby → playing → finished (or aborted)."""

    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    ABORTED = "aborted"


class Timeout(StrEnum):
    """What happens when a player lets the turn deadline pass."""

    AUTO = "auto"  # the bot makes one move for them
    BOT = "bot"  # the bot takes the seat over for the rest of the game
    NONE = "none"  # only the reminder; the others may vote the player out


@dataclass
class Player:
    """A seat's occupant. ``key`` is platform-qualified, e.g. ``tg:12345``."""

    key: str
    name: str
    bot: bool = False
    #: How well the computer plays this seat (``games.ai.LEVELS``): computer
    #: seats have their own; seats handed over play at ``normal``.
    level: str = "normal"


@dataclass
class Vote:
    """An open yes/no question to some seats."""

    id: int
    kind: str  # "abort" | "remove" (later: "end_tour")
    proposer: int
    voters: list[int]
    expires_at: float
    subject: int | None = None
    majority: bool = False  # False: everyone must agree
    cancel_on_move: bool = True
    yes: list[int] = field(default_factory=list)
    no: list[int] = field(default_factory=list)


@dataclass
class Table:
    """Everything about one table except the game state itself."""

    id: str
    chat: str  # platform-qualified chat (and topic): "tg:-100123" or "tg:-100123/77"
    game: str
    creator: str
    created_at: float
    options: dict[str, Any] = field(default_factory=dict)
    turn_seconds: int = 0  # 0: no deadline
    on_timeout: str = Timeout.AUTO.value
    #: ``"on"``: the player to move may ask the computer for a suggestion.
    hints: str = "on"
    #: How long seats the bot plays wait before moving: ``fast``, ``normal`` or ``slow``.
    pace: str = "normal"
    #: ``"on"``: the finished game's replay also shows every hand (never before it ends).
    replay_hands: str = "off"
    #: Seconds the computers wait after a round ends before they open the next,
    #: so the people can look at how it was counted (0: no pause). One person
    #: alone with computers is waited for instead (:attr:`held`).
    round_break: int = 5
    status: str = Status.LOBBY.value
    players: list[Player] = field(default_factory=list)
    version: int = 0  # bumps on every write of the record (compare-and-set)
    state_version: int = 0  # bumps only when the game state changes (button tokens carry it)
    seed: int | None = None
    min_reached_at: float | None = None
    turn_deadline: float | None = None
    remind_at: float | None = None
    votes: list[Vote] = field(default_factory=list)
    next_vote_id: int = 1
    #: The lobby shows the host its computer players' buttons (add one at a
    #: level, remove one) instead of the options.
    picking: bool = False
    result: dict[str, Any] | None = None
    events: list[dict[str, Any]] = field(default_factory=list)  # public events of the last change
    #: The state versions of the positions the one person at a table of
    #: computers may go back to, oldest first: each was the position before one
    #: of their own moves, kept beside the record (``bot.core.store``).
    takeback_marks: list[int] = field(default_factory=list)
    #: How many moves were taken back (such a game is never rated).
    takebacks: int = 0
    #: The last change took a move back (the caption says so until the next move).
    taken_back: bool = False
    #: A round just ended and the computers wait to open the next: until this
    #: time (:attr:`round_break`), or while :attr:`held`.
    break_until: float | None = None
    #: The one person alone with computers has not yet said ▶ Next round.
    held: bool = False
    #: Where the finished game and the ratings are kept when that is not
    #: ``chat`` itself: a table in a Telegram inline message is keyed by the
    #: message, and its records by the chat the message is in (learnt from a
    #: press). Empty: ``chat``.
    records_chat: str = ""
    #: unique per write, so a write retried after a lost reply can tell itself
    #: from a competing one
    write_id: str = ""

    def seat_of(self, player_key: str) -> int | None:
        """The seat of ``player_key``, or ``None`` when not seated."""
        for seat, player in enumerate(self.players):
            if player.key == player_key:
                return seat
        return None

    def hand_seat(self, player_key: str) -> int | None:
        """The seat whose hand ``player_key`` may see: theirs, unless the
        computer has taken it over (a player who left sees no hand)."""
        seat = self.seat_of(player_key)
        return None if seat is None or self.players[seat].bot else seat

    @property
    def home(self) -> str:
        """The chat whose finished games and leaderboards count this table's."""
        return self.records_chat or self.chat

    @property
    def active(self) -> bool:
        """True while the table is in its lobby or being played."""
        return self.status in (Status.LOBBY, Status.PLAYING)

    def open_vote(self, kind: str) -> Vote | None:
        """The open vote of ``kind``, if any."""
        return next((v for v in self.votes if v.kind == kind), None)
