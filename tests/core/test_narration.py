"""Every move told in words (bot/core/narration): in a random game of each
game every replay frame names its mover and says what the move did, and what
a seat or the group is told depends only on what they may see."""

from __future__ import annotations

import io
import json
import random
from dataclasses import replace
from functools import partial
from typing import Any

import pytest
from PIL import Image

from bot.core.history import Finished
from bot.core.i18n import LANGUAGES, I18n
from bot.core.narration import narrate
from bot.core.replays import EMOJI_FONT, frames, names, shots, told
from bot.core.tables import Player
from games import registry
from games.core.rng import SEED_BITS
from render.common import encode_png
from render.replay import SAID_LINE, STRIP, Frame, animation
from tests.games.test_ai import TABLES

#: Per game: the seats and options of the game played (a computer at seat 1).
PLAYED = {game: tables[0] for game, (tables, _) in TABLES.items()}


def played(game_id: str, seed: int = 11) -> Finished:
    """A finished random game of ``game_id``, as its record keeps it."""
    game = registry.get(game_id)
    seats, options = PLAYED[game_id]
    rnd = random.Random(seed)
    state = game.new_game(seats, options, seed)
    log = []
    while not game.is_over(state):
        movers = [s for s in game.to_move(state) if game.legal_actions(state, s)]
        window = game.window(state)
        if window is not None and (not movers or rnd.random() < 0.3):
            seat, action = window.seat, list(window.close)
        else:
            seat = rnd.choice(movers)
            action = list(rnd.choice(game.legal_actions(state, seat)))
        state = game.apply(state, seat, action)
        log.append(f"{seat} {json.dumps(action)}")
    players = [Player(f"k{s}", f"P{s}", bot=s == 1) for s in range(seats)]
    return Finished("t", "c", game_id, 0.0, players, seed, options, log=log)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_every_replay_frame_names_its_mover_and_what_they_did(
    game_id: str, lang: str, i18n: I18n
) -> None:
    entry = played(game_id)
    shown = names(entry)
    t = partial(i18n.t, lang)
    frames = 0
    for shot in shots(entry):
        if shot.mover is None or not shot.events:
            continue  # the deal; Curling's last count after the last path
        lines = told(entry, shot, t)
        mover = shown[shot.mover]
        assert any(mover in line for line in lines), (shot.events, lines)
        # Every message was found in the catalog, with every argument filled.
        assert not any("tell-" in line or "{" in line for line in lines), lines
        frames += 1
    assert frames > 10


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_what_each_viewer_is_told_depends_only_on_what_they_see(game_id: str, i18n: I18n) -> None:
    game = registry.get(game_id)
    redeal = TABLES[game_id][1]
    entry = played(game_id, seed=5)
    shown = names(entry)
    t = partial(i18n.t, "en")
    rnd = random.Random(game_id)
    state = game.new_game(len(entry.players), entry.options, entry.seed)
    told_lines = 0
    for line in entry.log:
        seat, text = line.split(" ", 1)
        state = game.apply(state, int(seat), json.loads(text))
        for viewer in [None, *range(len(entry.players))]:
            said = _told(game_id, game.view(state, viewer), shown, t)
            # Everything the viewer cannot see dealt anew, the future too.
            other = replace(redeal(state, viewer, rnd), rng=rnd.getrandbits(SEED_BITS))
            assert _told(game_id, game.view(other, viewer), shown, t) == said
            told_lines += len(said)
    assert told_lines > 100


def _told(game_id: str, view: dict[str, Any], shown: list[str], t: Any) -> list[str]:
    return narrate(game_id, view.get("events", []), view, shown, t)


def test_the_animation_tells_each_frame_in_the_chats_language(i18n: I18n) -> None:
    entry = played("klac")
    planned = shots(entry)
    ru = frames_of(entry, "ru")
    assert [frame.said for frame in ru] == [
        tuple(told(entry, shot, partial(i18n.t, "ru"))) for shot in planned
    ]
    assert any("кладёт" in line for frame in ru for line in frame.said)
    # A frame that ends a round is held, its count told under it.
    held = [frame for frame in ru if frame.hold]
    assert held and all(any("🏁" in line for line in frame.said) for frame in held)
    assert not any(frame.said for frame in frames_of(entry, None))


def frames_of(entry: Finished, lang: str | None) -> list[Frame]:
    """The replay's frames with words in ``lang`` (none: without words)."""
    return frames(entry, None if lang is None else partial(I18n().t, lang))


def test_the_strip_grows_to_hold_the_words_and_draws_their_emoji() -> None:
    table = encode_png(Image.new("RGB", (480, 200), (255, 255, 255)))
    plain = [Frame(table, 1, 2, None), Frame(table, 2, 2, "Ann")]
    said = [Frame(table, 1, 2, None), Frame(table, 2, 2, "Ann", ("Ann puts 🔵4 in Bob’s row.",))]
    bare = Image.open(io.BytesIO(animation(plain)))
    told = Image.open(io.BytesIO(animation(said, emoji=EMOJI_FONT)))
    assert told.size == (bare.width, bare.height + SAID_LINE + 6)
    told.seek(1)
    strip = told.convert("RGB").crop((0, STRIP, told.width, STRIP + SAID_LINE))
    # The emoji's own blue, not a box drawn in the strip's one text colour.
    assert any(b > 150 and r < 100 for r, _, b in strip.get_flattened_data())


def test_a_round_s_last_frame_shows_the_position_it_was_counted_on() -> None:
    for game_id in ("klac", "krendzu", "klotho", "caravan"):
        game = registry.get(game_id)
        entry = played(game_id)
        summaries = [shot for shot in shots(entry) if shot.summary is not None]
        assert summaries, game_id
        for shot in summaries:
            final, after = shot.summary, game.view(shot.state, None)
            assert final is not None and final["turn"] is None
            if game_id == "klac":
                end = next(e for e in shot.events if e["kind"] == "round_end")
                assert final["rows"] == after["last_round"]["rows"]
                assert final["row_scores"] == end["scores"]
            elif game_id == "krendzu":
                # A round ends when every card dealt is on the field.
                assert not any(final["hand_sizes"])
                # The match's last field stays; any other is cleared for the next deal.
                assert final["cells"] == after["cells"] if after["over"] else not after["cells"]
                placed = {(c["x"], c["y"]) for c in final["cells"]}
                assert all(tuple(cell) in placed for w in final["scored"] for cell in w["cells"])
            elif game_id == "klotho":
                turned = [e for e in shot.events if e["kind"] == "turn"]
                cells = {c["cell"]: c for c in final["cells"]}
                assert all(cells[e["cell"]]["card"] == e["card"] for e in turned)
            else:
                assert final["caravans"] == after["last_game"]["caravans"]
