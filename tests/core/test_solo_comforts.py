"""A person alone against computers: taking moves back (exactly the position
before, the computers' replies undone, the log and replay as finally played,
never rated, counted in /stats), a rematch that keeps the computers and the
options, and a stop that asks first; and every press that must change nothing."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.core.errors import ChatBusy, NotSeated, ServiceError, StaleVersion, WrongPhase
from bot.core.i18n import I18n
from bot.core.replays import positions
from bot.core.screen_base import Screen
from bot.core.screens import Screens
from bot.core.service import Stopping, TableService, lobby
from bot.core.store import UNDO_DEPTH
from bot.core.tables import Player, Status, Table
from bot.core.tokens import RematchToken, StopToken, TakeBackToken, decode
from games import registry
from tests.conftest import FakeClock
from tests.core.helpers import ALICE, BOB, CAROL, computers_move, record

SOLO = ALICE.key  # a private chat's key is its person's
TAKE_BACK_DEAL = 1  # a deal whose first tour outlasts eleven of her moves


async def solo_table(
    service: TableService, clock: FakeClock, game: str = "klac", **options: Any
) -> tuple[Table, Any]:
    """Алиса alone against a normal and a strong computer, at her turn."""
    table = await service.create(SOLO, ALICE, game, options or None)
    await service.add_computer(table.id, ALICE.key, "normal")
    if registry.get(game).max_seats > 2:
        await service.add_computer(table.id, ALICE.key, "strong")
    await service.start(table.id, ALICE.key)
    await computers_move(service, clock, table.id)
    return await service.get(table.id)


async def alice_plays(service: TableService, table: Table, state: Any, n: int = 0) -> None:
    """Алиса plays her legal action number ``n`` (of the first that exist)."""
    actions = registry.get(table.game).legal_actions(state, 0)
    await service.play(table.id, ALICE.key, table.state_version, actions[n % len(actions)])


def tokens_of(screen: Screen) -> list[Any]:
    return [decode(b.token) for row in screen.buttons for b in row if b.token]


def takeback_of(screen: Screen) -> TakeBackToken | None:
    found = [t for t in tokens_of(screen) if isinstance(t, TakeBackToken)]
    assert len(found) <= 1
    return found[0] if found else None


async def test_a_move_taken_back_restores_the_position_before_it_exactly(
    service: TableService, clock: FakeClock, i18n: I18n
) -> None:
    screens = Screens(service, i18n)
    table, state = await solo_table(service, clock)
    game = registry.get("klac")
    before, log_before = game.dumps(state), await service.store.action_log(table.id)
    # Nothing to take back yet: no button.
    assert takeback_of(await screens.seat(table, state, 0, "en")) is None
    await alice_plays(service, table, state)
    table, state = await service.get(table.id)
    # Waiting for the computers, the hand offers ↩ alone; it names her position.
    waiting = await screens.seat(table, state, 0, "en")
    token = takeback_of(waiting)
    assert token is not None and token.mark == table.takeback_marks[-1]
    assert [b.label for row in waiting.buttons for b in row] == ["↩ Take back my move"]
    await computers_move(service, clock, table.id)
    table, state = await service.get(table.id)
    # Her move and both computers' replies.
    assert game.to_move(state) == [0]
    assert len(await service.store.action_log(table.id)) == len(log_before) + 3
    after_replies, version = game.dumps(state), table.state_version
    # The same button, not edited while the computers moved, takes her move back.
    assert takeback_of(await screens.seat(table, state, 0, "en")) == token
    heard = record(service)
    outcome = await service.press(ALICE, token.encode(), chat=SOLO)
    table, state = outcome.table, outcome.state
    assert game.dumps(state) == before != after_replies
    assert await service.store.action_log(table.id) == log_before
    # A new version: every button built since (the computers' turns too) is stale.
    assert table.state_version == version + 1 and not table.takeback_marks
    assert [(c.kind, c.notice and c.notice.msg) for c in heard] == [("takeback", "takeback")]
    public = await screens.table(table, state, "en")
    assert "↩ Move taken back: everything is as it was before it." in public.text
    assert takeback_of(await screens.seat(table, state, 0, "en")) is None
    assert (await service.stats(ALICE.key))["klac"]["takebacks"] == 1
    assert "↳ ↩ отменённых ходов: 1" in screens.stats("Алиса", await service.stats(ALICE.key), "ru")
    # The next move is a move like any other: the caption says nothing of it.
    await alice_plays(service, table, state)
    table, state = await service.get(table.id)
    assert not table.taken_back and "↩" not in (await screens.table(table, state, "en")).text


async def test_the_same_move_again_draws_the_same_card_and_the_computers_reply_alike(
    service: TableService, clock: FakeClock
) -> None:
    table, state = await solo_table(service, clock)
    game = registry.get("klac")
    await alice_plays(service, table, state)
    first, drawn = await service.get(table.id)
    hand_after = game.view(drawn, 0)["hand"]
    await service.take_back(table.id, ALICE.key, first.takeback_marks[-1])
    table, state = await service.get(table.id)
    await alice_plays(service, table, state)
    _, again = await service.get(table.id)
    # The deck's order came back with the position: the card drawn is the same,
    # so taking a move back never shows a card that was not going to come.
    assert game.view(again, 0)["hand"] == hand_after
    assert game.dumps(again) == game.dumps(drawn)


async def test_moves_go_back_one_at_a_time_as_far_as_the_last_ten(
    service: TableService, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The eleven moves must fall in one tour (the next one waits for her ▶),
    # so the deal and the table id (which seeds the computers) are fixed.
    monkeypatch.setattr(lobby, "new_seed", lambda: TAKE_BACK_DEAL)
    monkeypatch.setattr(lobby.secrets, "token_urlsafe", lambda _: "undo11")
    table, state = await solo_table(service, clock, "klotho")
    game = registry.get("klotho")
    positions_seen = []
    for n in range(UNDO_DEPTH + 2):
        table, state = await service.get(table.id)
        if game.to_move(state) != [0] or table.status != Status.PLAYING:
            break
        positions_seen.append(game.dumps(state))
        # She walks her chip when she can, turning no card that would bring
        # the tour's end nearer, and never proposes or votes to end it.
        legal = game.legal_actions(state, 0)
        cells = [a for a in legal if a[0] == "move"]
        cells = cells or [a for a in legal if a[0] not in ("propose", "vote")]
        await service.play(table.id, ALICE.key, table.state_version, cells[n % len(cells)])
        await computers_move(service, clock, table.id)
    table, _ = await service.get(table.id)
    assert len(positions_seen) > UNDO_DEPTH
    assert len(table.takeback_marks) == UNDO_DEPTH
    back = []
    while table.takeback_marks:
        table, state = await service.take_back(table.id, ALICE.key, table.takeback_marks[-1])
        back.append(game.dumps(state))
    assert back == positions_seen[::-1][:UNDO_DEPTH]
    with pytest.raises(ServiceError) as refused:
        await service.take_back(table.id, ALICE.key, 1)
    assert refused.value.code == "takeback-none"


async def test_a_stale_a_forged_and_a_foreign_take_back_change_nothing(
    service: TableService, clock: FakeClock
) -> None:
    table, state = await solo_table(service, clock)
    await alice_plays(service, table, state)
    table, _ = await service.get(table.id)
    token = TakeBackToken(table.id, table.takeback_marks[-1]).encode()
    with pytest.raises(NotSeated):
        await service.press(BOB, token, chat=SOLO)
    # A button of this chat's table pressed in another chat (forwarded).
    with pytest.raises(ServiceError):
        await service.press(ALICE, token, chat="tg:-100")
    # A mark she never had (forged): stale.
    with pytest.raises(StaleVersion):
        await service.press(ALICE, TakeBackToken(table.id, 999).encode(), chat=SOLO)
    unchanged, _ = await service.get(table.id)
    assert unchanged.version == table.version
    await service.press(ALICE, token, chat=SOLO)
    # Pressed again: nothing left to take back, and nothing changes.
    after, _ = await service.get(table.id)
    with pytest.raises(ServiceError) as again:
        await service.press(ALICE, token, chat=SOLO)
    assert again.value.code == "takeback-none"
    assert (await service.get(table.id))[0].version == after.version


async def test_two_presses_at_once_take_back_one_move(
    service: TableService, clock: FakeClock
) -> None:
    table, state = await solo_table(service, clock)
    await alice_plays(service, table, state)
    await computers_move(service, clock, table.id)
    table, state = await service.get(table.id)
    await alice_plays(service, table, state)
    table, _ = await service.get(table.id)
    assert len(table.takeback_marks) == 2
    token = TakeBackToken(table.id, table.takeback_marks[-1]).encode()
    results = await asyncio.gather(
        *(service.press(ALICE, token, chat=SOLO) for _ in range(2)), return_exceptions=True
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert [type(r) for r in results if isinstance(r, BaseException)] == [StaleVersion]
    table, _ = await service.get(table.id)
    assert len(table.takeback_marks) == 1 and table.takebacks == 1
    assert (await service.stats(ALICE.key))["klac"]["takebacks"] == 1


async def test_a_computer_thinking_when_the_move_is_taken_back_does_not_move(
    service: TableService, clock: FakeClock
) -> None:
    table, state = await solo_table(service, clock)
    await alice_plays(service, table, state)
    table, _ = await service.get(table.id)
    await service.take_back(table.id, ALICE.key, table.takeback_marks[-1])
    taken, state = await service.get(table.id)
    clock.advance(60)
    await service.run_due()
    # Her turn again: the computer's pending move is gone with its position.
    now, now_state = await service.get(table.id)
    assert registry.get("klac").to_move(now_state) == [0]
    assert now.state_version == taken.state_version


async def test_only_the_one_person_at_a_table_of_computers_may_take_back(
    service: TableService, clock: FakeClock, i18n: I18n
) -> None:
    screens = Screens(service, i18n)
    table = await service.create("tg:-100", ALICE, "klac")
    await service.join(table.id, BOB)
    await service.add_computer(table.id, ALICE.key, "easy")
    await service.start(table.id, ALICE.key)
    for _ in range(6):
        await computers_move(service, clock, table.id)
        table, state = await service.get(table.id)
        seat = registry.get("klac").to_move(state)[0]
        player = (ALICE, BOB)[seat]
        action = registry.get("klac").legal_actions(state, seat)[0]
        await service.play(table.id, player.key, table.state_version, action)
    table, state = await service.get(table.id)
    assert not table.takeback_marks
    for seat in (0, 1):
        assert takeback_of(await screens.seat(table, state, seat, "en")) is None
    with pytest.raises(ServiceError) as refused:
        await service.press(ALICE, TakeBackToken(table.id, 1).encode(), chat="tg:-100")
    assert refused.value.code == "only-alone"


async def test_the_replay_shows_the_game_as_finally_played_and_it_is_never_rated(
    service: TableService, clock: FakeClock
) -> None:
    table, state = await solo_table(service, clock, target=50)
    game = registry.get("klac")
    n = 0
    while table.status == Status.PLAYING:
        await alice_plays(service, table, state, n)
        n += 1
        table, state = await service.get(table.id)
        if n % 3 == 0 and table.takeback_marks and table.status == Status.PLAYING:
            await service.take_back(table.id, ALICE.key, table.takeback_marks[-1])
            n += 1  # then another move than the one taken back
        await computers_move(service, clock, table.id)
        table, state = await service.get(table.id)
        if table.held:
            # A round is over: the computers open the next once she says so.
            await service.next_round(table.id, ALICE.key, table.state_version)
            await computers_move(service, clock, table.id)
            table, state = await service.get(table.id)
    assert table.status == Status.FINISHED and table.takebacks > 0
    [entry] = await service.finished_games(SOLO)
    *_, (_, _, _, final) = positions(entry)
    # The log kept holds the moves as finally played, and replays to the end.
    assert game.dumps(final) == game.dumps(state)
    assert len(entry.log) == len(await service.store.action_log(table.id))
    assert not table.takeback_marks
    assert await service.store.redis.exists(service.store.table_key(table.id) + ":undo") == 0
    assert await service.player_ratings(ALICE.key) == {}
    assert not service.ratings.counts(table)
    # Even at a table of people (which never allows it), a game with a move
    # taken back would not be rated.
    people = Table("t", "tg:-1", "klac", ALICE.key, 0.0, result={"winners": [0]})
    people.players = [Player(p.key, p.name) for p in (ALICE, BOB, CAROL)]
    assert service.ratings.counts(people)
    people.takebacks = 1
    assert not service.ratings.counts(people)


async def test_a_rematch_alone_starts_at_once_with_the_same_computers_and_options(
    service: TableService, clock: FakeClock, i18n: I18n
) -> None:
    screens = Screens(service, i18n)
    table, _ = await solo_table(service, clock, target=50)
    table, state = await service.get(table.id)
    playing = await screens.table(table, state, "en")
    assert not any(isinstance(t, RematchToken) for t in tokens_of(playing))
    with pytest.raises(WrongPhase):
        await service.press(ALICE, RematchToken(table.id).encode(), chat=SOLO)
    await service.confirm_stop(table.id, ALICE.key)
    old, state = await service.get(table.id)
    shown = await screens.table(old, state, "en")
    assert RematchToken(old.id) in tokens_of(shown)
    assert "🔁 Rematch" in [b.label for row in shown.buttons for b in row]
    with pytest.raises(NotSeated):
        await service.press(BOB, RematchToken(old.id).encode(), chat=SOLO)
    heard = record(service)
    outcome = await service.press(ALICE, RematchToken(old.id).encode(), chat=SOLO)
    new = outcome.table
    assert new.id != old.id and new.status == Status.PLAYING and new.chat == SOLO
    assert [(p.name, p.bot, p.level) for p in new.players] == [
        (p.name, p.bot, p.level) for p in old.players
    ]
    assert all(p.key.startswith(f"ai:{new.id}:") for p in new.players[1:])
    assert new.options == old.options == {**old.options, "target": 50}
    assert (new.turn_seconds, new.pace, new.hints) == (old.turn_seconds, old.pace, old.hints)
    assert [c.kind for c in heard] == ["start"] and heard[0].state is not None
    assert await service.table_in(SOLO) == new
    # The old table's button again: the chat has a game now.
    with pytest.raises(ChatBusy):
        await service.press(ALICE, RematchToken(old.id).encode(), chat=SOLO)
    # The computers play the new game as before.
    await computers_move(service, clock, new.id)
    _, state = await service.get(new.id)
    assert registry.get("klac").to_move(state) == [0]


async def test_a_rematch_among_people_opens_the_lobby_with_the_computers_kept(
    service: TableService, clock: FakeClock
) -> None:
    table = await service.create("tg:-100", ALICE, "klac", {"target": 50, "pace": "slow"})
    await service.join(table.id, BOB)
    await service.add_computer(table.id, ALICE.key, "strong")
    await service.start(table.id, ALICE.key)
    await service.propose(table.id, ALICE.key, "abort")
    await service.vote(table.id, BOB.key, 1, True)
    outcome = await service.press(BOB, RematchToken(table.id).encode(), chat="tg:-100")
    new = outcome.table
    assert new.status == Status.LOBBY and new.creator == BOB.key and outcome.state is None
    assert [(p.name, p.bot, p.level) for p in new.players] == [
        ("Bob", False, "normal"),
        ("Ada", True, "strong"),
    ]
    assert new.options["target"] == 50 and new.pace == "slow"
    # Алиса sits down again like anyone, and the host starts.
    await service.join(new.id, ALICE)
    started = await service.start(new.id, BOB.key)
    assert started.status == Status.PLAYING


async def test_stopping_a_game_alone_asks_first_and_playing_on_changes_nothing(
    service: TableService, clock: FakeClock, i18n: I18n
) -> None:
    screens = Screens(service, i18n)
    table, _ = await solo_table(service, clock)
    heard = record(service)
    assert await service.stop(table.id, ALICE.key) == Stopping.ASK
    assert heard == [] and (await service.get(table.id))[0].version == table.version
    question = screens.stop_question(table, "ru")
    assert question.text == "⛔ Остановить игру «Клац!»? Она не попадёт в статистику."
    yes, no = question.buttons[0]
    assert (yes.label, no.label) == ("⛔ Да, остановить", "▶ Нет, играть дальше")
    assert decode(no.token) == StopToken(table.id, False)
    with pytest.raises(NotSeated):
        await service.press(BOB, str(yes.token), chat=SOLO)
    outcome = await service.press(ALICE, str(no.token), chat=SOLO)
    assert outcome.said == "stop-kept" and outcome.table.status == Status.PLAYING
    assert heard == []
    outcome = await service.press(ALICE, str(yes.token), chat=SOLO)
    assert outcome.said == "stop-done" and outcome.table.status == Status.ABORTED
    assert [(c.kind, c.notice and c.notice.msg) for c in heard] == [("abort", "game-stopped")]
    # The question's buttons once the game is over: nothing to stop, and said so.
    for token in (yes.token, no.token):
        with pytest.raises(ServiceError) as over:
            await service.press(ALICE, str(token), chat=SOLO)
        assert over.value.code == "game-over"
    assert (await service.stats(ALICE.key)).get("klac:vs:strong") is None


async def test_among_people_stop_is_still_a_vote_and_a_forged_answer_stops_nothing(
    service: TableService, clock: FakeClock
) -> None:
    table = await service.create("tg:-100", ALICE, "klac")
    assert await service.stop(table.id, ALICE.key) == Stopping.CLOSED
    table = await service.create("tg:-100", ALICE, "klac")
    await service.join(table.id, BOB)
    await service.add_computer(table.id, ALICE.key, "easy")
    await service.start(table.id, ALICE.key)
    with pytest.raises(ServiceError) as refused:
        await service.press(ALICE, StopToken(table.id, True).encode(), chat="tg:-100")
    assert refused.value.code == "only-alone"
    assert await service.stop(table.id, ALICE.key) == Stopping.VOTE
    table, _ = await service.get(table.id)
    assert table.status == Status.PLAYING and table.open_vote("abort") is not None
