"""A replay is the public table after every move (a move that ends a round: the
position it was counted on), drawn again from the seed and log; every seat's
hand is drawn under it only for a finished game whose table chose so."""

from __future__ import annotations

import dataclasses
import io
import json
import random
from dataclasses import replace
from typing import Any

from PIL import Image, ImageSequence

from bench.replay import played
from bot.core.history import Finished
from bot.core.i18n import I18n
from bot.core.replays import draw, frames, picture, positions, shots
from bot.core.screen_base import Button
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.summaries import final_view
from bot.core.tables import Status, Table
from games import registry
from games.core import serial
from render import registry as renderers
from render.replay import with_hands
from tests.core.helpers import ALICE, BOB, CAROL
from tests.core.test_history_ratings import play_to_the_last_move


def shown(before: Any, after: Any) -> dict[str, Any]:
    """The public table a Klac! frame shows after a move: the position the
    move left, or the one a round ended on (before the next deal)."""
    game = registry.get("klac")
    view = game.view(after, None)
    return final_view("klac", game.view(before, None), view["events"], view) or view


def test_every_frame_is_the_public_table_after_a_move() -> None:
    entry = played("klac", 3, {}, random.Random(4))
    game, renderer = registry.get("klac"), renderers.get("klac")
    names = [p.name for p in entry.players]
    drawn = frames(entry)
    public = [game.view(game.new_game(3, {}, entry.seed), None)]
    public += [shown(before, after) for _, _, before, after in positions(entry)]
    # A move that ends a round shows the rows it was counted on, not the next deal.
    assert any(view["rows"] != game.view(after, None)["rows"] for view, (*_, after) in
               zip(public[1:], positions(entry), strict=True))  # fmt: skip
    assert len(drawn) == len(entry.log) + 1
    assert [f.png for f in drawn] == [renderer.table(v, names=names) for v in public]
    assert [f.mover for f in drawn[1:3]] == [names[int(line[0])] for line in entry.log[:2]]
    assert drawn[0].mover is None and drawn[-1].number == drawn[-1].total == len(drawn)


def test_a_curling_throw_is_shown_by_its_path_and_rolls_have_no_frame() -> None:
    entry = played("curling", 2, {"ends": 2}, random.Random(2))
    game, renderer = registry.get("curling"), renderers.get("curling")
    assert renderer.preview is not None
    names = [p.name for p in entry.players]
    throws = [
        (seat, action, before) for seat, action, before, _ in positions(entry)
        if action[0] == "throw"
    ]  # fmt: skip
    drawn = frames(entry)
    # The deal, each throw's path, and the final count.
    assert len(drawn) == len(throws) + 2 < len(entry.log)
    seat, action, before = throws[0]
    path = renderer.preview(game.view(before, None), game.preview(before, seat, action) or {},
                            names=names)  # fmt: skip
    assert drawn[1].png == path
    # Everything in Curling is public: there is no hand to show under the table.
    shown = replace(entry, replay_hands=True)
    assert [picture(shown, shot) for shot in shots(entry)[:3]] == [f.png for f in drawn[:3]]


def test_the_replay_is_a_looping_gif_of_every_frame_small_enough_to_send() -> None:
    entry = played("caravan", 2, {}, random.Random(3))
    replay = draw(entry)
    assert replay is not None
    with Image.open(io.BytesIO(replay.gif)) as gif:
        assert gif.format == "GIF" and gif.info.get("loop") == 0
        assert sum(1 for _ in ImageSequence.Iterator(gif)) == replay.frames
        assert gif.width <= 480
    # Telegram takes animations up to 50 MB; a chat should not wait for more than a few.
    assert len(replay.gif) < 3_000_000


def test_hands_are_drawn_under_the_table_only_when_the_table_chose_so() -> None:
    entry = played("klac", 3, {}, random.Random(4))
    game, renderer = registry.get("klac"), renderers.get("klac")
    assert renderer.private is not None and not entry.replay_hands
    names = [p.name for p in entry.players]
    states = [game.new_game(3, {}, entry.seed)]
    states += [after for _, _, _, after in positions(entry)]
    views = [game.view(states[0], None)]
    views += [shown(before, after) for _, _, before, after in positions(entry)]
    public = [renderer.table(view, names=names) for view in views]
    # Off (the default): every frame is the public table, so no hidden card is in any.
    assert [f.png for f in frames(entry)] == public
    # On: each seat's hand, from that seat's own view of the moment, under the table.
    drawn = frames(replace(entry, replay_hands=True))
    hands = [
        [renderer.private(game.view(state, seat), names=names) for seat in range(3)]
        for state in states
    ]
    assert [f.png for f in drawn] == [with_hands(t, h) for t, h in zip(public, hands, strict=True)]
    assert all(a.png != b for a, b in zip(drawn, public, strict=True))
    with Image.open(io.BytesIO(drawn[0].png)) as first, Image.open(io.BytesIO(public[0])) as table:
        assert first.width == table.width and first.height > table.height


def test_a_record_kept_before_the_option_existed_shows_no_hand() -> None:
    entry = played("klac", 2, {}, random.Random(1))
    plain = serial.to_plain(entry)
    del plain["replay_hands"]
    assert serial.loads(Finished, json.dumps(plain)).replay_hands is False


async def test_the_lobby_option_toggles_and_hands_are_drawable_only_once_the_game_is_over(
    service: TableService, i18n: I18n
) -> None:
    screens = Screens(service, i18n)

    def option(table: Table, lang: str) -> Button:
        """The lobby's button of the option (its label names the replay)."""
        (button,) = (
            b
            for row in screens.lobby(table, lang).buttons
            for b in row
            if "replay" in b.label or "повтор" in b.label
        )
        return button

    lobby = await service.create("tg:-100", ALICE, "klac", {"target": 50})
    assert option(lobby, "en").label == "⚙ Hands in the replay: hidden"
    assert option(lobby, "ru").label == "⚙ Карты игроков в повторе: скрыты"
    token = option(lobby, "en").token
    assert token is not None
    lobby = (await service.press(ALICE, token, chat="tg:-100")).table
    assert lobby.replay_hands == "on"
    assert option(lobby, "en").label == "⚙ Hands in the replay: shown once the game is over"
    for player in (BOB, CAROL):
        await service.join(lobby.id, player)
    await service.start(lobby.id, ALICE.key)
    table, state = await service.get(lobby.id)
    table, state, player, action = await play_to_the_last_move(service, table, state, 5)
    # While the game is on there is no record, so nothing to replay, hands or not.
    assert await service.finished_game("tg:-100", table.id) is None
    table, _ = await service.play(table.id, player.key, table.state_version, action)
    assert table.status == Status.FINISHED
    entry = await service.finished_game("tg:-100", table.id)
    assert entry is not None and entry.replay_hands
    last = shots(entry)[-1]
    assert picture(entry, last) != picture(replace(entry, replay_hands=False), last)


def test_a_replay_over_a_limit_is_drawn_smaller_or_not_at_all() -> None:
    played_out = played("klac", 2, {"target": 50}, random.Random(5))
    entry = dataclasses.replace(played_out, log=played_out.log[:12])
    whole = draw(entry)
    assert whole is not None
    fitted = draw(entry, len(whole.gif) - 1)
    assert fitted is not None and len(fitted.gif) < len(whole.gif)
    with Image.open(io.BytesIO(fitted.gif)) as small, Image.open(io.BytesIO(whole.gif)) as big:
        assert small.width < big.width or fitted.frames < whole.frames
    assert fitted.moves == whole.moves
    assert draw(entry, 2_000) is None, "not even the smallest fits: said so, not sent"
