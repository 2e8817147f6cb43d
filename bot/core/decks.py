"""Own decks: a player builds a deck in the private chat and plays it later.

Only games listed in :data:`DECK_GAMES` have decks (Caravan). A player has a
*draft* (what the builder shows and changes, kept for a week) and a *saved*
deck (used in games whose lobby asks for own decks). Both are lists of
set-tagged card codes, written atomically so two presses at once both count.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from bot.core.errors import BadRequest, guarded
from bot.core.store import Store
from games.caravan import decks as caravan_decks
from games.core.cards import JOKERS, RANKS_52, SUITS
from games.core.errors import GameError

DRAFT_TTL = 7 * 86400
#: The page of jokers in the builder (a joker has no suit).
JOKER_SUIT = "X"


@dataclass(frozen=True)
class DeckRules:
    """What a game's decks are made of and how they are checked."""

    sets: tuple[str, ...]
    standard: Callable[[], list[str]]
    problems: Callable[[list[str]], list[GameError]]
    tag: Callable[[str, str], str]
    #: A tagged card back to ``(code, set)``.
    untag: Callable[[str], tuple[str, str]]
    #: The lobby option (key, value) that makes players play their saved decks.
    own_option: tuple[str, str] = ("decks", "own")
    #: The game option that carries the decks, one per seat (None: the standard deck).
    cards_option: str = "custom_decks"

    def page(self, suit: str) -> tuple[str, ...]:
        """The card codes on one builder page: a suit in rank order, or the jokers."""
        if suit == JOKER_SUIT:
            return JOKERS
        return tuple(rank + suit for rank in ("A", *RANKS_52[:-1]))


DECK_GAMES: Mapping[str, DeckRules] = MappingProxyType(
    {
        "caravan": DeckRules(
            sets=caravan_decks.SETS,
            standard=caravan_decks.standard_deck,
            problems=caravan_decks.deck_problems,
            tag=caravan_decks.tag,
            untag=caravan_decks.parse_tagged,
        )
    }
)

#: Builder pages in order: the four suits, then the jokers.
PAGES = (*SUITS, JOKER_SUIT)


def rules(game: str) -> DeckRules:
    """The deck rules of ``game``; a forged game name is a bad request."""
    try:
        return DECK_GAMES[game]
    except KeyError:
        raise BadRequest() from None


class DeckBook:
    """Drafts and saved decks of players, in the store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    @guarded
    async def draft(self, game: str, player: str) -> list[str]:
        """The draft the builder shows: as left, else the saved deck, else the standard one."""
        saved = await self.saved(game, player)
        start = saved if saved is not None else rules(game).standard()
        return await self.store.update_deck(
            "draft", game, player, lambda cards: start if cards is None else cards, ttl=DRAFT_TTL
        )

    @guarded
    async def saved(self, game: str, player: str) -> list[str] | None:
        """The saved deck, or None when the player plays the standard deck."""
        rules(game)
        return await self.store.deck("saved", game, player)

    @guarded
    async def playable(self, game: str, player: str) -> list[str] | None:
        """The saved deck if it is still valid (rules may have changed), else None."""
        cards = await self.saved(game, player)
        return cards if cards is not None and not rules(game).problems(cards) else None

    @guarded
    async def for_table(
        self, game: str, options: Mapping[str, object], players: list[str]
    ) -> dict[str, list[str] | None] | None:
        """Each player's playable deck when the table plays own decks, else None."""
        deck_rules = DECK_GAMES.get(game)
        if deck_rules is None:
            return None
        key, value = deck_rules.own_option
        if options.get(key) != value:
            return None
        return {player: await self.playable(game, player) for player in players}

    @guarded
    async def change(self, game: str, player: str, card_set: str, suit: str, op: str) -> list[str]:
        """Apply a builder button to the draft; ``save`` and ``forget`` also touch the saved deck.

        ``save`` raises the draft's first problem (a :class:`GameError` a
        player can read) and changes nothing when the draft is not valid.
        """
        deck_rules = rules(game)
        if card_set not in deck_rules.sets or suit not in PAGES:
            raise BadRequest()
        if op == "save":
            cards = await self.draft(game, player)
            problems = deck_rules.problems(cards)
            if problems:
                raise problems[0]
            await self.store.set_deck("saved", game, player, cards)
            return cards
        if op == "forget":
            await self.store.set_deck("saved", game, player, None)
            op = "std"
        start = await self.draft(game, player)
        page = [deck_rules.tag(code, card_set) for code in deck_rules.page(suit)]

        def edit(current: list[str] | None) -> list[str]:
            cards = set(start if current is None else current)
            if op == "std":
                cards = set(deck_rules.standard())
            elif op == "clr":
                cards = set()
            elif op == "all":
                cards |= set(page)
            elif op == "none":
                cards -= set(page)
            elif op.startswith("t"):
                code = op[1:] + ("" if suit == JOKER_SUIT else suit)
                if code not in deck_rules.page(suit):
                    raise BadRequest()
                cards ^= {deck_rules.tag(code, card_set)}
            return sorted(cards)

        if op == "v":
            return start
        return await self.store.update_deck("draft", game, player, edit, ttl=DRAFT_TTL)
