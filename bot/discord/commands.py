"""Slash commands: /play, /hand, /rules, /stop, /stats, /lang, /deck, /help (and
those of ``records``: /history, /replay, /top, /forget; of ``learn``: /learn).

Names, descriptions and choices are localized (Russian and English) through
the i18n catalog: every translatable string carries its message id, and
:class:`CatalogTranslator` looks it up for the locales Discord asks about.
Answers go to the user alone (ephemeral); what everyone should see (a
lobby, a vote) appears on the channel's table messages.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str
from redis.exceptions import RedisError

from bot.core import decks
from bot.core.errors import ServiceError, TableNotFound, Unavailable
from bot.core.i18n import LANGUAGES, I18n
from bot.core.lobby_screens import duration_msg
from bot.core.names import clip, printable
from bot.core.screen_base import Button, Screen
from bot.core.service import TURN_SECONDS, Stopping, table_options
from bot.core.tables import Status, Timeout
from bot.core.tokens import LEARN_MENU, LearnToken
from bot.discord import ids
from bot.discord.context import Frontend, player
from bot.discord.learn import add_learn_command
from bot.discord.messages import outgoing
from bot.discord.presses import send_hand
from bot.discord.records import add_record_commands
from bot.discord.replies import answer, begin, reply, text
from games import registry
from games.core.errors import GameError

log = logging.getLogger("bot.discord")


class CatalogTranslator(app_commands.Translator):
    """Command names, descriptions and choices from the i18n catalog."""

    def __init__(self, i18n: I18n) -> None:
        self.i18n = i18n

    async def translate(
        self,
        string: locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The catalog's text for ``locale``, or ``None`` (Discord shows the default)."""
        msg = string.extras.get("msg")
        lang = locale.value.split("-")[0]
        if msg is None or lang not in LANGUAGES or not self.i18n.has(lang, msg):
            return None
        return self.i18n.t(lang, msg, **string.extras.get("args", {}))


def make_tree(client: discord.Client, frontend: Frontend) -> app_commands.CommandTree[Any]:
    """The command tree with every command; errors answer the user instead of vanishing."""
    tree: app_commands.CommandTree[Any] = app_commands.CommandTree(client)
    i18n = frontend.i18n
    games = [Choice(name=text(i18n.t("en", f"game-{g}"), f"game-{g}"), value=g)
             for g in registry.names()]  # fmt: skip
    turn_times = []
    for seconds in TURN_SECONDS:
        msg, args = duration_msg(seconds)
        label = text(frontend.screens.duration(seconds, "en"), msg, **args)
        turn_times.append(Choice(name=label, value=seconds))
    timeouts = [
        Choice(name=text(i18n.t("en", f"value-timeout-{t.value}"), f"value-timeout-{t.value}"),
               value=t.value)
        for t in Timeout
    ]  # fmt: skip
    # Each language by its own name, whatever the reader's language.
    languages = [Choice(name=i18n.t(lang, "dc-language-name"), value=lang) for lang in LANGUAGES]

    @tree.command(name=text("play", "dc-cmd-play"), description=text(
        "Start a game in this channel", "dc-cmd-play-desc"))  # fmt: skip
    @app_commands.rename(
        game=text("game", "dc-opt-game"),
        turn_time=text("turn_time", "dc-opt-turn-time"),
        on_timeout=text("on_timeout", "dc-opt-on-timeout"),
        options=text("options", "dc-opt-options"),
    )
    @app_commands.describe(
        game=text("Which game", "dc-opt-game-desc"),
        turn_time=text("Time for a turn", "dc-opt-turn-time-desc"),
        on_timeout=text("When a player runs out of time", "dc-opt-on-timeout-desc"),
        options=text("Game options, e.g. rounds=2 variant=cards", "dc-opt-options-desc"),
    )
    @app_commands.choices(game=games, on_timeout=timeouts)
    @app_commands.choices(turn_time=turn_times)
    async def play(
        interaction: discord.Interaction,
        game: Choice[str],
        turn_time: Choice[int] | None = None,
        on_timeout: Choice[str] | None = None,
        options: str | None = None,
    ) -> None:
        lang = await begin(frontend, interaction)
        solo = interaction.guild_id is None
        missing = [] if solo else frontend.missing_permissions(interaction, lang)
        if missing:
            await answer(interaction, i18n.t(lang, "dc-missing-permissions",
                                              permissions=", ".join(missing)))  # fmt: skip
            return
        chosen: dict[str, Any] = {}
        if turn_time is not None:
            chosen["turn_seconds"] = turn_time.value
        if on_timeout is not None:
            chosen["on_timeout"] = on_timeout.value
        try:
            chosen |= parse_options(game.value, options or "")
        except ValueError as exc:
            await answer(interaction, i18n.t(lang, "dc-bad-options", problem=str(exc),
                                              known=known_options(game.value)))  # fmt: skip
            return
        chat = ids.interaction_chat(interaction)
        who = player(interaction.user)
        try:
            table = await frontend.service.create(chat, who, game.value, chosen)
            if solo:
                # In the DM with the bot a person plays alone: the lobby opens
                # on the computer players' buttons.
                await frontend.service.show_computers(table.id, who.key)
        except (ServiceError, GameError) as exc:
            await answer(interaction, frontend.screens.error(exc, lang))
            return
        if solo and not await frontend.publisher.lobby_shown(table):
            # The bot may answer here but not post: a lobby nobody sees is closed.
            await frontend.service.cancel(table.id, who.key)
            await answer(interaction, i18n.t(lang, "dc-solo-dm-closed"))
            return
        opened = "dc-solo-opened" if solo else "dc-lobby-opened"
        await answer(interaction, i18n.t(lang, opened, game=i18n.t(lang, f"game-{game.value}")))

    @tree.command(name=text("hand", "dc-cmd-hand"), description=text(
        "Show me my hand (only to me)", "dc-cmd-hand-desc"))  # fmt: skip
    @app_commands.guild_only()
    @app_commands.check(in_server)
    async def hand(interaction: discord.Interaction) -> None:
        lang = await begin(frontend, interaction)
        table = await frontend.service.table_in(ids.interaction_chat(interaction))
        key = ids.player_key(interaction.user.id)
        seat = table.hand_seat(key) if table is not None else None
        if table is None or seat is None or table.status != Status.PLAYING:
            await answer(interaction, i18n.t(lang, "dc-no-game-here"))
            return
        table, state = await frontend.service.get(table.id)
        shown, digest = await frontend.publisher.hands.hand_message(table, state, seat, lang)
        await send_hand(frontend, interaction, table, seat, shown, digest)

    @tree.command(name=text("rules", "dc-cmd-rules"), description=text(
        "The rules of a game", "dc-cmd-rules-desc"))  # fmt: skip
    @app_commands.rename(game=text("game", "dc-opt-game"))
    @app_commands.describe(game=text("Which game (default: the one here)", "dc-opt-rules-desc"))
    @app_commands.choices(game=games)
    async def rules(interaction: discord.Interaction, game: Choice[str] | None = None) -> None:
        lang = await begin(frontend, interaction)
        if game is not None:
            names = [game.value]
        else:
            here = await frontend.service.table_in(ids.interaction_chat(interaction))
            names = [here.game] if here is not None else registry.names()
        for name in names:
            title = i18n.t(lang, f"game-{name}")
            await answer(interaction, f"**{title}**\n\n{i18n.t(lang, f'rules-{name}')}")

    @tree.command(name=text("stop", "dc-cmd-stop"), description=text(
        "Close the lobby, or vote to stop the game", "dc-cmd-stop-desc"))  # fmt: skip
    async def stop(interaction: discord.Interaction) -> None:
        lang = await begin(frontend, interaction)
        key = ids.player_key(interaction.user.id)
        table = await frontend.service.table_in(ids.interaction_chat(interaction))
        try:
            if table is None:
                raise TableNotFound()
            stopping = await frontend.service.stop(table.id, key)
        except (ServiceError, GameError) as exc:
            await answer(interaction, frontend.screens.error(exc, lang))
            return
        if stopping == Stopping.ASK:
            # Alone with computers no vote is needed: the answer to this question stops it.
            question = outgoing(frontend.screens.stop_question(table, lang), placeholder="")
            await reply(interaction, question.content, view=question.view or discord.utils.MISSING)
        elif stopping == Stopping.CLOSED:
            await answer(interaction, i18n.t(lang, "dc-lobby-closed"))
        else:
            await answer(interaction, i18n.t(lang, "dc-vote-started"))

    @tree.command(name=text("stats", "dc-cmd-stats"), description=text(
        "My games and wins", "dc-cmd-stats-desc"))  # fmt: skip
    async def stats(interaction: discord.Interaction) -> None:
        lang = await begin(frontend, interaction)
        key = ids.player_key(interaction.user.id)
        counts = await frontend.service.stats(key)
        ratings = await frontend.service.player_ratings(key)
        name = ids.display_name(interaction.user)
        await answer(interaction, frontend.screens.stats(name, counts, lang, ratings))

    @tree.command(name=text("lang", "dc-cmd-lang"), description=text(
        "The language of this channel (or, in DMs, yours)", "dc-cmd-lang-desc"))  # fmt: skip
    @app_commands.rename(language=text("language", "dc-opt-language"))
    @app_commands.describe(language=text("Russian or English", "dc-opt-language-desc"))
    @app_commands.choices(language=languages)
    async def lang(interaction: discord.Interaction, language: Choice[str]) -> None:
        await begin(frontend, interaction)
        choice = language.value
        if interaction.guild_id is None:
            await frontend.languages.set_user(ids.player_key(interaction.user.id), choice)
            await answer(interaction, i18n.t(choice, "dc-lang-set-user"))
            return
        chat = ids.chat_key(interaction.channel_id or 0)
        await frontend.languages.set_chat(chat, choice)
        await answer(interaction, i18n.t(choice, "dc-lang-set-channel"))
        await frontend.publisher.refresh(chat)

    deck_games = [Choice(name=text(i18n.t("en", f"game-{g}"), f"game-{g}"), value=g)
                  for g in decks.DECK_GAMES]  # fmt: skip

    @tree.command(name=text("deck", "dc-cmd-deck"), description=text(
        "Build your own deck (only you see it)", "dc-cmd-deck-desc"))  # fmt: skip
    @app_commands.rename(game=text("game", "dc-opt-game"))
    @app_commands.describe(game=text("Which game", "dc-opt-game-desc"))
    @app_commands.choices(game=deck_games)
    async def deck(interaction: discord.Interaction, game: Choice[str] | None = None) -> None:
        lang = await begin(frontend, interaction)
        name = game.value if game is not None else next(iter(decks.DECK_GAMES))
        key = ids.player_key(interaction.user.id)
        screen = await frontend.screens.deck_builder(name, key, lang)
        shown = outgoing(screen, placeholder=i18n.t(lang, "dc-choose"))
        await reply(interaction, shown.content, view=shown.view or discord.utils.MISSING)

    add_record_commands(tree, frontend, games)
    add_learn_command(tree, frontend)

    @tree.command(name=text("help", "dc-cmd-help"), description=text(
        "What I can do", "dc-cmd-help-desc"))  # fmt: skip
    async def help_(interaction: discord.Interaction) -> None:
        lang = await begin(frontend, interaction)
        # With the tutorials' button: pressed, the list comes by DM.
        learn = Button(i18n.t(lang, "btn-learn"), LearnToken(LEARN_MENU).encode())
        shown = outgoing(Screen(i18n.t(lang, "dc-help"), buttons=((learn,),)), placeholder="")
        await reply(interaction, shown.content, view=shown.view or discord.utils.MISSING)

    @tree.error
    async def failed(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, discord.NotFound) and original.code == UNKNOWN_INTERACTION:
            # Not acknowledged within Discord's 3 seconds: nothing can be said.
            log.warning("event=interaction-lost user=%s", interaction.user.id)
            return
        lang = await frontend.user_lang(interaction)
        if isinstance(original, RedisError):
            # Redis was reached outside the table service (a language, a deck).
            log.warning("event=redis-unavailable user=%s error=%r", interaction.user.id, original)
            original = Unavailable()
        if isinstance(original, ServiceError | GameError):
            message = frontend.screens.error(original, lang)
        elif isinstance(error, app_commands.NoPrivateMessage):
            message = i18n.t(lang, "dc-guild-only")
        else:
            log.error("event=command-failed user=%s", interaction.user.id, exc_info=error)
            message = i18n.t(lang, "error-internal")
        if interaction.response.is_done():
            await reply(interaction, message)
        else:
            await interaction.response.send_message(message, ephemeral=True)

    return tree


#: "Unknown interaction": answered after Discord's 3 seconds, or twice
#: (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json).
UNKNOWN_INTERACTION = 10062

#: The longest word of ``/play options`` quoted back in a refusal.
WORD_LIMIT = 40


def parse_options(game: str, raw: str) -> dict[str, Any]:
    """``rounds=2 variant=cards`` → the game's option values; raises ``ValueError`` naming
    the first word that is not ``key=value`` with a known key and an allowed value."""
    specs = {spec.key: spec for spec in (*registry.get(game).option_specs, *table_options(game))}
    chosen: dict[str, Any] = {}
    for word in raw.split():
        key, sep, value = word.partition("=")
        spec = specs.get(key.strip().lower())
        # The word is quoted back: a pasted page of text must not make the answer
        # longer than a message may be (nor than Fluent puts in one placeable).
        shown = clip(printable(word), WORD_LIMIT)
        if not sep or spec is None:
            raise ValueError(shown)
        matches = [c for c in spec.choices if str(c).lower() == value.strip().lower()]
        if not matches:
            raise ValueError(f"{shown} ({', '.join(map(str, spec.choices))})")
        chosen[spec.key] = matches[0]
    return chosen


def known_options(game: str) -> str:
    """``key=a|b|c`` for every option of ``game`` and of every table."""
    specs = (*registry.get(game).option_specs, *table_options(game))
    return ", ".join(f"{s.key}={'|'.join(map(str, s.choices))}" for s in specs)


def in_server(interaction: discord.Interaction) -> bool:
    """A check for the commands that need a channel's table: ``guild_only`` only hides
    them in DMs (Discord checks it, and not always), so a DM use is refused here."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return True
