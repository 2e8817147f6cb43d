"""The deck builder's screen: a player's own deck for a game, page by page."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from bot.core import decks, presenters
from bot.core.screen_base import Button, Screen, ScreenWords
from bot.core.tokens import DeckToken
from games.core.cards import SUIT_SYMBOLS
from games.core.errors import GameError


class DeckScreens(ScreenWords):
    """The deck builder's screens (see :class:`~bot.core.screens.Screens`)."""

    def deck(
        self,
        game: str,
        draft: Sequence[str],
        saved: Sequence[str] | None,
        card_set: str,
        suit: str,
        lang: str,
        note: str | None = None,
    ) -> Screen:
        """The deck builder: counts, validity, and toggles for one set and suit.

        ``note`` is a line about the last press (saved, or why not).
        """
        rules = decks.rules(game)
        t = partial(self.t, lang)
        presenter = presenters.get(game)
        cards = [rules.untag(card) for card in draft]
        per_set = " · ".join(
            f"{name}: {sum(1 for _, s in cards if s == name)}" for name in rules.sets
        )
        problems = rules.problems(list(draft))
        lines = [
            t("deck-title", game=t(f"game-{game}")),
            t("deck-count", count=len(draft), sets=per_set),
            t("deck-valid") if not problems else t("deck-invalid"),
            *(f"• {self.error(problem, lang)}" for problem in problems),
        ]
        if saved is None:
            lines.append(t("deck-saved-none"))
        else:
            changed = "true" if sorted(saved) != sorted(draft) else "false"
            lines.append(t("deck-saved", count=len(saved), changed=changed))
        lines += ["", t("deck-page", set=card_set, suit=_suit_label(suit)), t("deck-hint")]
        if note:
            lines += ["", note]

        def go(op: str, to_set: str = card_set, to_suit: str = suit) -> str:
            return DeckToken(game, to_set, to_suit, op).encode()

        inside = set(draft)
        toggles = [
            Button(
                ("✅ " if rules.tag(code, card_set) in inside else "▫️ ") + presenter.card(code),
                go(f"t{code[:-1] if suit != decks.JOKER_SUIT else code}"),
                choice=True,
            )
            for code in rules.page(suit)
        ]
        buttons = (
            tuple(
                Button(("• " if name == card_set else "") + t("deck-set", set=name), go("v", name))
                for name in rules.sets
            ),
            tuple(
                Button(("• " if page == suit else "") + _suit_label(page), go("v", to_suit=page))
                for page in decks.PAGES
            ),
            *(tuple(toggles[i : i + 5]) for i in range(0, len(toggles), 5)),
            (Button(t("deck-btn-all"), go("all")), Button(t("deck-btn-none"), go("none"))),
            (Button(t("deck-btn-standard"), go("std")), Button(t("deck-btn-clear"), go("clr"))),
            (Button(t("deck-btn-save"), go("save")), Button(t("deck-btn-forget"), go("forget"))),
        )
        return Screen("\n".join(lines), buttons=buttons)

    async def deck_builder(self, game: str, player_key: str, lang: str) -> Screen:
        """The deck builder of ``player_key`` for ``game``, at its first page."""
        book = self.service.decks
        draft = await book.draft(game, player_key)
        saved = await book.saved(game, player_key)
        first_set = decks.rules(game).sets[0]
        return self.deck(game, draft, saved, first_set, decks.PAGES[0], lang)

    async def deck_press(
        self, token: DeckToken, player_key: str, lang: str
    ) -> tuple[Screen, str | None]:
        """Apply a deck-builder button to the player's draft and draw the builder again.

        Also returns the line about saving it shows (or why saving was
        refused, starting with ⚠), which frontends may repeat as an alert.
        """
        book = self.service.decks
        note: str | None = None
        try:
            draft = await book.change(token.game, player_key, token.card_set, token.suit, token.op)
        except GameError as exc:
            # Only saving refuses, and only an invalid draft: say why, keep the draft.
            draft = await book.draft(token.game, player_key)
            note = "⚠ " + self.error(exc, lang)
        else:
            if token.op in ("save", "forget"):
                note = self.t(lang, f"deck-note-{token.op}", count=len(draft))
        saved = await book.saved(token.game, player_key)
        screen = self.deck(token.game, draft, saved, token.card_set, token.suit, lang, note)
        return screen, note


def _suit_label(suit: str) -> str:
    return "🃏" if suit == decks.JOKER_SUIT else SUIT_SYMBOLS[suit]
