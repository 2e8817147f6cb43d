"""Component interactions: every button and select is routed by its custom id.

No view lives in memory: a custom id is a core token (checked by the table
service like any press) or one of this frontend's ids (:mod:`bot.discord.ids`),
so presses on messages sent before a restart work the same. Every
interaction is acknowledged at once (a deferred update), so a slow Redis or
a big image never runs into Discord's 3-second limit; refusals and
explanations go to the presser alone, as ephemeral followups.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord
from redis.exceptions import RedisError

from bot.core.errors import BadRequest, NotSeated, ServiceError, StaleVersion, WrongPhase
from bot.core.screen_base import Screen
from bot.core.service import Outcome
from bot.core.tables import Status, Table
from bot.core.tokens import (
    BadToken,
    DeckToken,
    LearnToken,
    LobbyToken,
    MoveToken,
    NewGameToken,
    NextRoundToken,
    RematchToken,
    StopToken,
    TakeBackToken,
    decode,
)
from bot.discord import ids, learn, records
from bot.discord.context import Frontend, player
from bot.discord.hands import HandRef
from bot.discord.messages import Outgoing, outgoing
from bot.discord.replies import reply
from bot.discord.troubles import LOCKED
from games.core.errors import GameError

log = logging.getLogger("bot.discord")


async def on_interaction(frontend: Frontend, interaction: discord.Interaction) -> None:
    """Handle a component interaction; slash commands go to the command tree."""
    if interaction.type is not discord.InteractionType.component:
        return
    data: Any = interaction.data or {}
    try:
        await interaction.response.defer()
    except discord.HTTPException as exc:
        # Expired (answered too late) or answered elsewhere: nothing can be said.
        log.warning("event=interaction-lost user=%s status=%s", interaction.user.id, exc.status)
        return
    lang = await frontend.user_lang(interaction)
    try:
        await _route(frontend, interaction, data, lang)
    except BadToken:
        await tell(interaction, frontend.i18n.t(lang, "error-bad-request"))
    except (ServiceError, GameError) as exc:
        await tell(interaction, frontend.screens.error(exc, lang))
    except Exception:
        log.exception("event=press-failed user=%s", interaction.user.id)
        await tell(interaction, frontend.i18n.t(lang, "error-internal"))
    if not await _private(frontend, interaction):
        # Refused presses too: on a table the channel no longer lets the bot
        # update, every button is stale, and the presser should hear why.
        await _warn_if_refused(frontend, interaction, lang)


async def tell(interaction: discord.Interaction, text: str) -> None:
    """A message only the presser sees."""
    await reply(interaction, text)


async def _route(
    frontend: Frontend, interaction: discord.Interaction, data: Any, lang: str
) -> None:
    custom_id = data.get("custom_id")
    if not isinstance(custom_id, str):
        raise BadToken("no custom id")
    if ids.SELECT.fullmatch(custom_id):
        values = data.get("values")
        if not isinstance(values, list) or len(values) != 1:
            raise BadToken("a select sends one value")
        await _token(frontend, interaction, values[0], lang)
    elif m := ids.HAND.fullmatch(custom_id):
        await _hand(frontend, interaction, m[1], lang)
    elif m := ids.OPTIONS.fullmatch(custom_id):
        await _options(frontend, interaction, m[1], lang)
    elif m := ids.DIRECT.fullmatch(custom_id):
        await _direct(frontend, interaction, m[1] == "1", lang)
    elif ids.REPLAY.fullmatch(custom_id):
        await records.replay_pressed(frontend, interaction, custom_id, lang)
    else:
        await _token(frontend, interaction, custom_id, lang)


@dataclass(frozen=True)
class Pressed:
    """A core token pressed on a message: where, by whom, and whether only the
    presser sees that message (a hand, an options panel, the deck builder)."""

    interaction: discord.Interaction
    message: discord.Message
    token: Any
    data: str
    private: bool
    lang: str


async def _token(
    frontend: Frontend, interaction: discord.Interaction, data: Any, lang: str
) -> None:
    """A core token pressed on the lobby, the table, a hand, the options panel or
    the deck builder: each kind of token has its own handler (see ``TOKENS``)."""
    token = decode(data)
    if interaction.message is None:
        raise BadRequest()
    private = await _private(frontend, interaction)
    pressed = Pressed(interaction, interaction.message, token, data, private, lang)
    kind = next((k for k in type(token).__mro__ if k in TOKENS), None)
    await (TOKENS[kind] if kind is not None else _table_token)(frontend, pressed)


async def _deck_token(frontend: Frontend, pressed: Pressed) -> None:
    """The deck builder's button: only on the builder, which only its owner sees."""
    if not pressed.private:
        raise BadRequest()
    key = ids.player_key(pressed.interaction.user.id)
    screen, _ = await frontend.screens.deck_press(pressed.token, key, pressed.lang)
    shown = outgoing(screen, placeholder=_choose(frontend, pressed.lang))
    await _edit_pressed(pressed.interaction, shown)


async def _lobby_token(frontend: Frontend, pressed: Pressed) -> None:
    """A lobby's button, on the lobby or on its options panel. It is its channel's
    either way: pressed in a DM (forged there) it names no table of that DM."""
    chat = ids.interaction_chat(pressed.interaction)
    who = player(pressed.interaction.user)
    outcome = await frontend.service.press(who, pressed.data, chat=chat)
    if pressed.private:
        panel = frontend.publisher.options_panel(outcome.table, pressed.lang)
        await _edit_pressed(pressed.interaction, panel)
    else:
        await _show_table(frontend, chat, outcome)


async def _move_token(frontend: Frontend, pressed: Pressed) -> None:
    """A move's menu step: on the presser's hand, or on a public game's table."""
    if pressed.private:
        await _hand_press(frontend, pressed)
    else:
        await _table_token(frontend, pressed)


async def _table_token(frontend: Frontend, pressed: Pressed) -> None:
    """A table's button (a vote, a hint, a shared action, a public move): only on
    the table everyone sees."""
    if pressed.private:
        raise BadRequest()
    chat = ids.interaction_chat(pressed.interaction)
    outcome = await frontend.service.press(
        player(pressed.interaction.user), pressed.data, chat=chat
    )
    if outcome.hint is not None and outcome.state is not None and not ids.is_dm(chat):
        # A public game's menu is the channel's: the advice is the mover's alone.
        table = outcome.table
        seat = table.seat_of(ids.player_key(pressed.interaction.user.id))
        assert seat is not None
        advice = frontend.screens.hint_line(table, outcome.state, seat, outcome.hint, pressed.lang)
        await tell(pressed.interaction, advice)
        return
    if outcome.path is None and outcome.state is not None:
        # A move: what it gave the presser (a card taken) is told to them alone.
        seat = outcome.table.seat_of(ids.player_key(pressed.interaction.user.id))
        told = (
            None
            if seat is None
            else frontend.screens.told(outcome.table, outcome.state, seat, pressed.lang)
        )
        if told is not None:
            await tell(pressed.interaction, told)
    await _show_table(frontend, chat, outcome)


async def _show_table(frontend: Frontend, chat: str, outcome: Outcome) -> None:
    """The table at the menu step a press led to (when it led to one)."""
    if outcome.path is None or outcome.state is None:
        return
    chat_lang = await frontend.chat_lang(chat)
    screen = await frontend.screens.table(
        outcome.table,
        outcome.state,
        chat_lang,
        outcome.path,
        explain=outcome.explain,
        hint=outcome.hint,
    )
    await frontend.publisher.show_table(outcome.table, outcome.state, chat_lang, screen)


async def _solo_token(frontend: Frontend, pressed: Pressed) -> None:
    """↩ or ▶ (a table of one person and computers) on the presser's own hand
    (an ephemeral message, or their DM) or on the table; the publisher shows
    what it changed."""
    if not pressed.private:
        await _table_token(frontend, pressed)
        return
    # A hand pressed in a DM is the presser's own, whichever channel its table is in.
    await frontend.service.press(player(pressed.interaction.user), pressed.data)


async def _rematch_token(frontend: Frontend, pressed: Pressed) -> None:
    """🔁 under a finished table, in its channel or (a game alone) its DM, where
    the finished table's message no longer counts as the table's."""
    chat = ids.interaction_chat(pressed.interaction)
    await frontend.service.press(player(pressed.interaction.user), pressed.data, chat=chat)


async def _stop_answer(frontend: Frontend, pressed: Pressed) -> None:
    """The answer to "stop the game?", asked the presser alone: the question
    then says what became of it instead of asking again."""
    chat = ids.interaction_chat(pressed.interaction)
    outcome = await frontend.service.press(
        player(pressed.interaction.user), pressed.data, chat=chat
    )
    if outcome.said is not None:
        said = Screen(frontend.i18n.t(pressed.lang, outcome.said))
        await _edit_pressed(pressed.interaction, outgoing(said, placeholder=""))


async def _learn_token(frontend: Frontend, pressed: Pressed) -> None:
    """A tutorial's button in the DM, or a lobby's 📖 (the tutorial goes by DM)."""
    await learn.learn_pressed(frontend, pressed.interaction, pressed.token, pressed.lang)


async def _new_game_token(frontend: Frontend, pressed: Pressed) -> None:
    """🎮 at the end of a tutorial: a game against the computer in the DM."""
    await learn.play_pressed(frontend, pressed.interaction, pressed.token, pressed.lang)


#: The handler of each kind of core token (and of its subclasses: a hint or a
#: "why not?" is a step of a move); any other is a table's.
TOKENS: dict[type[Any], Callable[[Frontend, Pressed], Awaitable[None]]] = {
    DeckToken: _deck_token,
    LearnToken: _learn_token,
    NewGameToken: _new_game_token,
    LobbyToken: _lobby_token,
    MoveToken: _move_token,
    TakeBackToken: _solo_token,
    NextRoundToken: _solo_token,
    RematchToken: _rematch_token,
    StopToken: _stop_answer,
}


async def _hand_press(frontend: Frontend, pressed: Pressed) -> None:
    """A step in a seat's menu, on its ephemeral or DM hand.

    The message is edited in place while the token that sent it can still
    keep it up to date; otherwise (or when an older hand was pressed) the
    hand is sent again and the pressed one retired.
    """
    interaction, message, token, lang = (
        pressed.interaction,
        pressed.message,
        pressed.data,
        pressed.lang,
    )
    tok: MoveToken = pressed.token
    hands = frontend.publisher.hands
    table, state = await frontend.service.get(tok.table_id)
    seat = table.seat_of(ids.player_key(interaction.user.id))
    resend = False
    if message.flags.ephemeral and seat == tok.seat:
        ref = await hands.hand_ref(table.id, seat)
        resend = ref is None or ref.message_id != message.id or not ref.fresh(hands.clock())
        if resend:
            # Until the new hand is sent, changes have nowhere to go.
            await hands.set_hand_ref(table.id, seat, None)
    try:
        outcome = await frontend.service.press(player(interaction.user), token)
    except StaleVersion as exc:
        # Pressed on an older position: say so, and show the current one.
        await tell(interaction, frontend.screens.error(exc, lang))
        outcome = Outcome(table, state)
        resend = resend or not message.flags.ephemeral
        if seat != tok.seat or state is None:
            return
    if outcome.path is None and not resend:
        return  # a move: the publisher brings every hand up to date
    assert seat is not None and outcome.state is not None
    shown, digest = await hands.hand_message(
        outcome.table,
        outcome.state,
        seat,
        lang,
        outcome.path or (),
        explain=outcome.explain,
        hint=outcome.hint,
    )
    if resend and message.flags.ephemeral:
        await send_hand(frontend, interaction, outcome.table, seat, shown, digest, retire=True)
        return
    await _edit_pressed(interaction, shown)
    await hands.set_hand_digest(table.id, seat, digest)


async def send_hand(
    frontend: Frontend,
    interaction: discord.Interaction,
    table: Table,
    seat: int,
    shown: Outgoing,
    digest: str,
    *,
    retire: bool = False,
) -> None:
    """Send a seat's hand as a new ephemeral message that later changes will edit.

    The hand it replaces says where the hand went; with ``retire`` that is the
    pressed message (the presser's own interaction can always edit it).
    """
    hands = frontend.publisher.hands
    lang = await frontend.user_lang(interaction)
    old = await hands.hand_ref(table.id, seat)
    sent = await reply(
        interaction, shown.content, view=shown.view or discord.utils.MISSING, file=shown.file()
    )
    ref = HandRef(interaction.token, sent.id, hands.clock())
    await hands.set_hand_ref(table.id, seat, ref)
    await hands.set_hand_digest(table.id, seat, digest)
    moved = frontend.i18n.t(lang, "dc-hand-moved")
    if retire:
        await interaction.edit_original_response(content=moved, attachments=[], view=None)
    elif old is not None and old.fresh(hands.clock()) and old.message_id != sent.id:
        await hands.retire_hand(old, moved)


async def _hand(
    frontend: Frontend, interaction: discord.Interaction, table_id: str, lang: str
) -> None:
    """ "My hand": the presser's hand and move buttons, for them alone."""
    table, state = await frontend.service.get(table_id)
    if interaction.guild_id is not None and table.chat != ids.interaction_chat(interaction):
        raise BadRequest()
    seat = table.seat_of(ids.player_key(interaction.user.id))
    if seat is None:
        raise NotSeated()
    if table.players[seat].bot:
        raise ServiceError("seat-taken-over")
    if state is None:
        raise WrongPhase(status=table.status)
    shown, digest = await frontend.publisher.hands.hand_message(table, state, seat, lang)
    await send_hand(frontend, interaction, table, seat, shown, digest)


async def _options(
    frontend: Frontend, interaction: discord.Interaction, table_id: str, lang: str
) -> None:
    """The lobby's options panel, for the presser alone."""
    table, _ = await frontend.service.get(table_id)
    if table.status != Status.LOBBY:
        raise WrongPhase(status=table.status)
    panel = frontend.publisher.options_panel(table, lang)
    await reply(interaction, panel.content, view=panel.view or discord.utils.MISSING)


async def _direct(
    frontend: Frontend, interaction: discord.Interaction, on: bool, lang: str
) -> None:
    """Hands by direct message on or off; refused with the reason when DMs are closed."""
    publisher = frontend.publisher
    hands = publisher.hands
    key = ids.player_key(interaction.user.id)
    if not on:
        await hands.set_dm(key, False)
        await tell(interaction, frontend.i18n.t(lang, "dc-dm-off"))
        return
    try:
        await hands.greet_in_dm(interaction.user.id, lang)
    except discord.Forbidden:
        await tell(interaction, frontend.i18n.t(lang, "dc-dm-closed"))
        return
    await hands.set_dm(key, True)
    for table in await frontend.service.tables_of(key):
        if table.status != Status.PLAYING or not frontend.screens.has_private(table.game):
            continue
        table, state = await frontend.service.get(table.id)
        seat = table.hand_seat(key)
        if seat is not None and state is not None:
            await hands.forget_dm_closed(table, seat)
            await publisher.show_seat(table, state, seat, resend=True)
    await tell(interaction, frontend.i18n.t(lang, "dc-dm-on"))


async def _edit_pressed(interaction: discord.Interaction, shown: Outgoing) -> None:
    """Show ``shown`` in the message whose component was pressed."""
    file = shown.file()
    await interaction.edit_original_response(
        content=shown.content,
        attachments=[file] if file is not None else discord.utils.MISSING,
        view=shown.view,
    )


async def _warn_if_refused(frontend: Frontend, interaction: discord.Interaction, lang: str) -> None:
    """Tell the presser when the channel refused the bot's last message for its table."""
    chat = ids.interaction_chat(interaction)
    try:
        table = await frontend.service.table_in(chat)
        refused = (
            None if table is None else await frontend.publisher.troubles.channel_refused(table.id)
        )
        if table is None or refused is None:
            return
        if refused == LOCKED:
            await tell(interaction, frontend.i18n.t(lang, "dc-thread-locked"))
            return
        # Show the table again: up to date once the permissions are back (its
        # buttons are stale until then); if they are not, the next press hears it.
        await frontend.publisher.refresh(chat)
    except (ServiceError, RedisError):
        return  # the press was answered already; the next one will tell
    # Discord may report every permission present (an override on the
    # message's thread, say) and still refuse: then all of them are named.
    missing = frontend.missing_permissions(interaction, lang) or frontend.needed_permissions(
        interaction, lang
    )
    text = frontend.i18n.t(lang, "dc-missing-permissions", permissions=", ".join(missing))
    await tell(interaction, text)


def _choose(frontend: Frontend, lang: str) -> str:
    return frontend.i18n.t(lang, "dc-choose")


async def _private(frontend: Frontend, interaction: discord.Interaction) -> bool:
    """Pressed on a message only the presser sees: an ephemeral one, or one in a DM
    other than the lobby and table of a game played alone there (hands, the deck
    builder)."""
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        return True
    if interaction.guild_id is not None:
        return False
    table = await frontend.service.table_in(ids.interaction_chat(interaction))
    return (
        table is None
        or message is None
        or not await frontend.publisher.is_table_message(table.id, message.id)
    )
