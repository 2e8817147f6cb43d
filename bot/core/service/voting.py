"""Votes at a running table: stop the game, hand a seat to the bot."""

from __future__ import annotations

from typing import Any

from bot.core import votes
from bot.core.errors import (
    BadRequest,
    NotSeated,
    ServiceError,
    StaleVersion,
    TableNotFound,
    guarded,
)
from bot.core.service.base import VOTE_SECONDS, Notice, Step, require_status
from bot.core.service.moves import MoveService
from bot.core.tables import Status, Table, Vote

#: The votes about the table itself, whose voters are the seats people play.
SEAT_VOTES = ("abort", "remove")


class VotingService(MoveService):
    """Votes at a running table: stop the game, hand a seat to the bot."""

    @guarded
    async def propose(
        self, table_id: str, player_key: str, kind: str, subject: int | None = None
    ) -> tuple[Table, Any]:
        """Open a vote: ``abort`` the game, or ``remove`` seat ``subject``.

        Removing yourself needs no vote: the bot takes your seat at once.
        """

        def step(table: Table, state: Any) -> Step:
            require_status(table, Status.PLAYING)
            seat = table.seat_of(player_key)
            if seat is None or table.players[seat].bot:
                raise NotSeated()
            humans = [s for s, p in enumerate(table.players) if not p.bot]
            if kind == "remove":
                if subject is None or subject not in humans:
                    raise BadRequest()
                if subject == seat:
                    return self._vote_effect(table, state, kind, subject)
                voters = [s for s in humans if s != subject]
            elif kind == "abort" and subject is None:
                voters = humans
            else:
                raise BadRequest()
            if table.open_vote(kind) is not None:
                raise ServiceError("vote-open")
            vote = Vote(
                id=table.next_vote_id,
                kind=kind,
                proposer=seat,
                voters=voters,
                expires_at=self.clock() + VOTE_SECONDS,
                subject=subject,
                majority=True,
                cancel_on_move=False,
            )
            table.next_vote_id += 1
            table.votes.append(vote)
            return self._after_ballot(table, state, vote, votes.cast(vote, seat, True))

        return await self._mutate(table_id, step)

    @guarded
    async def vote(
        self, table_id: str, player_key: str, vote_id: int, yes: bool
    ) -> tuple[Table, Any]:
        """Cast a ballot; the vote's effect runs the moment it passes."""

        def step(table: Table, state: Any) -> Step:
            vote = next((v for v in table.votes if v.id == vote_id), None)
            if vote is None or table.status != Status.PLAYING:
                raise ServiceError("vote-closed")
            seat = table.seat_of(player_key)
            if seat is None:
                raise NotSeated()
            if table.players[seat].bot and vote.kind in SEAT_VOTES:
                # The seat left the vote when the computer took it over.
                raise ServiceError("seat-taken-over")
            try:
                tally = votes.cast(vote, seat, yes)
            except votes.VoteError as exc:
                raise ServiceError(exc.code) from None
            return self._after_ballot(table, state, vote, tally)

        return await self._mutate(table_id, step)

    def _after_ballot(self, table: Table, state: Any, vote: Vote, tally: votes.Tally) -> Step:
        args = {
            "kind": vote.kind,
            "subject": vote.subject,
            "yes": len(vote.yes),
            "total": len(vote.voters),
        }
        if tally == votes.Tally.OPEN:
            return Step(state, "vote", notice=Notice("vote-progress", args))
        table.votes.remove(vote)
        if tally == votes.Tally.FAILED:
            return Step(state, "vote", notice=Notice("vote-failed", args))
        return self._vote_effect(table, state, vote.kind, vote.subject)

    def _vote_effect(self, table: Table, state: Any, kind: str, subject: int | None) -> Step:
        if kind == "remove" and subject is not None:
            return self._seat_to_bot(table, state, subject, "vote", private=True)
        return self._abort(table, state)

    def _seat_to_bot(
        self, table: Table, state: Any, seat: int, kind: str, *, private: bool = False
    ) -> Step:
        """The computer plays ``seat`` from now on. The seat leaves the open votes
        about the table (its ballot with it): one that this decides is settled at
        once (if it fails, the hand-over is the news); a table of computers only
        is stopped."""
        table.players[seat].bot = True
        if all(p.bot for p in table.players):
            return self._abort(table, state)
        step = Step(state, kind, notice=Notice("seat-to-bot", {"seat": seat}), private=private)
        for vote in [v for v in table.votes if v.kind in SEAT_VOTES]:
            if vote not in table.votes:
                continue  # settled by one before it (a stop clears them all)
            if vote.subject == seat:
                table.votes.remove(vote)
                continue
            if seat not in vote.voters:
                continue
            for seats in (vote.voters, vote.yes, vote.no):
                if seat in seats:
                    seats.remove(seat)
            tally = votes.tally(vote)
            if tally == votes.Tally.OPEN:
                continue
            table.votes.remove(vote)
            if tally == votes.Tally.PASSED:
                step = self._vote_effect(table, state, vote.kind, vote.subject)
        return step

    def _abort(self, table: Table, state: Any, why: str = "game-aborted") -> Step:
        table.status = Status.ABORTED
        table.votes = []
        table.turn_deadline = table.remind_at = None
        return Step(state, "abort", notice=Notice(why))

    @guarded
    async def close_chat(self, chat: str) -> Table | None:
        """The bot can no longer write in ``chat`` (removed from the group): its
        lobby is closed and its game stopped, rather than played out on timeouts
        that nobody sees. Returns the table stopped, or None when there was none."""
        table_id = await self.store.chat_table(chat)
        if table_id is None:
            return None

        def step(table: Table, state: Any) -> Step:
            if not table.active:
                raise StaleVersion()
            return self._abort(table, state, "game-aborted-chat-lost")

        try:
            return await self._mutate_table(table_id, step)
        except (StaleVersion, TableNotFound):
            return None
