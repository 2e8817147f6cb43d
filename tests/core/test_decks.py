"""Own decks: drafts and saved decks in Redis, the builder screen, and decks at the table."""

from __future__ import annotations

import asyncio

import pytest

from bot.core import decks
from bot.core.errors import BadRequest, Conflict
from bot.core.i18n import I18n
from bot.core.screen_base import Screen
from bot.core.screens import Screens
from bot.core.service import TableService
from bot.core.store import Store
from bot.core.tokens import DeckToken, decode
from games import registry
from games.caravan.decks import standard_deck
from games.core.errors import GameError
from tests.core.helpers import ALICE, BOB, CAROL

GAME = "caravan"
CARAVAN = registry.get(GAME)


@pytest.fixture
def book(store: Store) -> decks.DeckBook:
    return decks.DeckBook(store)


@pytest.fixture
def screens(service: TableService, i18n: I18n) -> Screens:
    return Screens(service, i18n)


def tokens_of(screen: Screen) -> list[DeckToken]:
    out = []
    for row in screen.buttons:
        for button in row:
            assert button.token is not None
            token = decode(button.token)
            assert isinstance(token, DeckToken)
            out.append(token)
    return out


def label_of(screen: Screen, op: str) -> str:
    for row in screen.buttons:
        for button in row:
            if button.token is not None and button.token.endswith(f":{op}"):
                return button.label
    raise AssertionError(op)


async def test_a_new_draft_is_the_standard_deck_and_nothing_is_saved(
    book: decks.DeckBook,
) -> None:
    assert sorted(await book.draft(GAME, "tg:1")) == sorted(standard_deck())
    assert await book.saved(GAME, "tg:1") is None
    assert await book.playable(GAME, "tg:1") is None


async def test_toggles_pages_and_whole_suits(book: decks.DeckBook) -> None:
    cards = await book.change(GAME, "tg:1", "A", "S", "t7")
    assert "7S" not in cards and len(cards) == 53
    cards = await book.change(GAME, "tg:1", "B", "S", "t7")
    assert "7S/B" in cards and len(cards) == 54
    cards = await book.change(GAME, "tg:1", "C", "X", "tX2")
    assert "X2/C" in cards
    cards = await book.change(GAME, "tg:1", "B", "H", "all")
    assert {f"{r}H/B" for r in ("A", "2", "10", "J", "Q", "K")} <= set(cards)
    assert len(cards) == 55 + 13
    cards = await book.change(GAME, "tg:1", "A", "D", "none")
    assert not [c for c in cards if c.endswith("D")]
    assert len(await book.change(GAME, "tg:1", "A", "S", "clr")) == 0
    assert sorted(await book.change(GAME, "tg:1", "A", "S", "std")) == sorted(standard_deck())


async def test_two_presses_at_once_both_count(book: decks.DeckBook) -> None:
    await book.draft(GAME, "tg:1")
    ranks = ("2", "3", "4", "5", "6", "7", "8", "9")
    await asyncio.gather(*(book.change(GAME, "tg:1", "B", "C", f"t{r}") for r in ranks))
    cards = await book.draft(GAME, "tg:1")
    assert {f"{r}C/B" for r in ranks} <= set(cards)


async def test_saving_an_invalid_draft_is_refused_with_the_reason(book: decks.DeckBook) -> None:
    await book.change(GAME, "tg:1", "A", "S", "clr")
    for rank in ("A", "2", "3"):
        await book.change(GAME, "tg:1", "A", "S", f"t{rank}")
    with pytest.raises(GameError) as refused:
        await book.change(GAME, "tg:1", "A", "S", "save")
    assert refused.value.code == "caravan-deck-too-small"
    assert await book.saved(GAME, "tg:1") is None


async def test_save_then_forget(book: decks.DeckBook) -> None:
    await book.change(GAME, "tg:1", "A", "D", "none")
    await book.change(GAME, "tg:1", "A", "S", "save")
    saved = await book.saved(GAME, "tg:1")
    assert saved is not None and len(saved) == 41
    assert await book.playable(GAME, "tg:1") == saved
    # A new draft (say, after the old one expired) starts from the saved deck.
    await book.store.set_deck("draft", GAME, "tg:1", None)
    assert await book.draft(GAME, "tg:1") == saved
    cards = await book.change(GAME, "tg:1", "A", "S", "forget")
    assert await book.saved(GAME, "tg:1") is None
    assert sorted(cards) == sorted(standard_deck())


async def test_a_saved_deck_that_no_longer_validates_is_not_played(
    book: decks.DeckBook,
) -> None:
    await book.store.set_deck("saved", GAME, "tg:1", ["AS", "2S"])
    assert await book.playable(GAME, "tg:1") is None


@pytest.mark.parametrize(
    ("game", "card_set", "suit", "op"),
    [("klac", "A", "S", "v"), (GAME, "D", "S", "v"), (GAME, "A", "Z", "v")],
)
async def test_forged_builder_requests_are_refused(
    book: decks.DeckBook, game: str, card_set: str, suit: str, op: str
) -> None:
    with pytest.raises(BadRequest):
        await book.change(game, "tg:1", card_set, suit, op)


async def test_a_forged_toggle_off_the_page_changes_nothing(book: decks.DeckBook) -> None:
    before = await book.draft(GAME, "tg:1")
    with pytest.raises(BadRequest):
        await book.change(GAME, "tg:1", "A", "X", "t7")
    assert await book.draft(GAME, "tg:1") == before


async def test_builder_screen_shows_counts_validity_and_toggles(
    book: decks.DeckBook, screens: Screens
) -> None:
    draft = await book.change(GAME, "tg:1", "B", "H", "tQ")
    screen = screens.deck(GAME, draft, None, "B", "H", "en")
    assert "Cards: 55 (A: 54 · B: 1 · C: 0)" in screen.text
    assert "✅ The deck is valid." in screen.text
    assert "Saved deck: none" in screen.text
    assert "set B, ♥" in screen.text
    assert label_of(screen, "tQ").startswith("✅")
    assert label_of(screen, "tK").startswith("▫️")
    toks = tokens_of(screen)
    assert all(len(t.encode().encode()) <= 64 for t in toks)
    toggles = [t for t in toks if t.op.startswith("t")]
    assert len(toggles) == 13 and {t.card_set for t in toggles} == {"B"}
    assert {t.suit for t in toks if t.op == "v"} == set(decks.PAGES)
    assert max(len(row) for row in screen.buttons) <= 5


async def test_builder_screen_explains_an_invalid_deck_in_russian(
    book: decks.DeckBook, screens: Screens
) -> None:
    draft = await book.change(GAME, "tg:1", "A", "S", "clr")
    saved = standard_deck()
    screen = screens.deck(GAME, draft, saved, "A", "X", "ru")
    assert "⚠ Пока не годится" in screen.text
    assert "30" in screen.text  # the minimum, named in the explanation
    assert "несохранённые изменения" in screen.text
    assert [label_of(screen, "tX1"), label_of(screen, "tX2")] == ["▫️ 🃏", "▫️ 🃏"]


async def test_own_decks_reach_the_game_at_start(service: TableService) -> None:
    await service.decks.change(GAME, ALICE.key, "A", "D", "none")
    await service.decks.change(GAME, ALICE.key, "A", "D", "save")
    table = await service.create("tg:-100", ALICE, GAME, {"decks": "own"})
    table = await service.join(table.id, BOB)
    table = await service.start(table.id, ALICE.key)
    _, state = await service.get(table.id)
    view = CARAVAN.view(state, None)
    # Alice's deck lost its 13 diamonds; Bob plays the standard 54.
    assert view["deck_sizes"][0] + view["hand_sizes"][0] == 41
    assert view["deck_sizes"][1] + view["hand_sizes"][1] == 54


async def test_standard_decks_ignore_saved_ones(service: TableService) -> None:
    await service.decks.change(GAME, ALICE.key, "A", "D", "none")
    await service.decks.change(GAME, ALICE.key, "A", "D", "save")
    table = await service.create("tg:-100", ALICE, GAME)
    table = await service.join(table.id, BOB)
    table = await service.start(table.id, ALICE.key)
    _, state = await service.get(table.id)
    view = CARAVAN.view(state, None)
    assert view["deck_sizes"][0] + view["hand_sizes"][0] == 54


async def test_seats_changing_while_decks_are_read_is_a_conflict(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await service.create("tg:-100", ALICE, GAME, {"decks": "own"})
    table = await service.join(table.id, BOB)
    reader = service.decks.for_table

    async def slow_read(*args: object) -> object:
        out = await reader(*args)  # type: ignore[arg-type]
        await service.leave(table.id, BOB.key)
        await service.join(table.id, CAROL)
        return out

    monkeypatch.setattr(service.decks, "for_table", slow_read)
    with pytest.raises(Conflict):
        await service.start(table.id, ALICE.key)
