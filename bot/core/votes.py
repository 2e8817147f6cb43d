"""Generic yes/no votes: who may vote, unanimity or majority, expiry.

Pure functions over :class:`~bot.core.tables.Vote`; the table service stores
votes inside the table record so a vote and a move can never both win.
"""

from __future__ import annotations

from enum import StrEnum

from bot.core.tables import Vote


class Tally(StrEnum):
    """Where a vote stands after a ballot."""

    OPEN = "open"
    PASSED = "passed"
    FAILED = "failed"


class VoteError(ValueError):
    """A ballot that cannot be counted."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def cast(vote: Vote, seat: int, yes: bool) -> Tally:
    """Record ``seat``'s ballot (once) and return the tally."""
    if seat not in vote.voters:
        raise VoteError("vote-not-a-voter")
    if seat in vote.yes or seat in vote.no:
        raise VoteError("vote-already-voted")
    (vote.yes if yes else vote.no).append(seat)
    return tally(vote)


def tally(vote: Vote) -> Tally:
    """Passed, failed, or still open."""
    total = len(vote.voters)
    if vote.majority:
        if 2 * len(vote.yes) > total:
            return Tally.PASSED
        if 2 * len(vote.no) >= total:
            return Tally.FAILED
        return Tally.OPEN
    if vote.no:
        return Tally.FAILED
    if len(vote.yes) == total:
        return Tally.PASSED
    return Tally.OPEN
