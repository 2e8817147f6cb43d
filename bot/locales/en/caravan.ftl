## Caravan
game-caravan = Caravan
caravan-prompt-0 = Choose a card.
caravan-prompt-1 = Where does the card go?
caravan-prompt-2 = On which card of the caravan?
caravan-prompt-disband = Which caravan to disband?
caravan-prompt-confirm = Confirm the move.
caravan-choice-card = { $card }
caravan-choice-caravan = 🐪 { $seat }: caravan { $n } ({ $value })
caravan-choice-target = { $n }. { $card }
caravan-choice-confirm-play = ✅ { $card } → { $seat }: caravan { $n }
caravan-choice-confirm-attach = ✅ { $card } on { $target } ({ $seat }: caravan { $n })
caravan-choice-discard = 🗑 Discard
caravan-choice-confirm-discard = ✅ Discard { $card }
caravan-choice-disband = 💨 Disband a caravan
caravan-choice-confirm-disband = ✅ Disband caravan { $n }
error-caravan-all-full = Every card of that caravan already holds { $max } { $max ->
    [one] face card
   *[other] face cards
}; only a Jack may still go on.
error-caravan-bad-arity = That move is not valid.
error-caravan-bad-caravan = That is not a caravan.
error-caravan-card-not-in-hand = That card is not in your hand.
error-caravan-custom-decks = Players’ own decks come as a pair: one deck for each player.
error-caravan-deck-bad-card = { $card } is not a card.
error-caravan-deck-bad-set = { $card }: there is no set “{ $set }”; the sets are A, B and C.
error-caravan-deck-duplicate = { $card } of set { $set } is in the deck twice; the same card may repeat only from different sets.
error-caravan-deck-few-numerals = A deck needs at least { $min } { $min ->
    [one] numeral card
   *[other] numeral cards
} (A, 2–10); this one has { $count }.
error-caravan-deck-not-a-list = A deck is a list of cards.
error-caravan-deck-too-big = A deck holds at most { $max } { $max ->
    [one] card
   *[other] cards
} (three sets); this one has { $count }.
error-caravan-deck-too-small = A deck needs at least { $min } { $min ->
    [one] card
   *[other] cards
}; this one has { $count }.
error-caravan-disband-empty = That caravan is empty: there is nothing to disband.
error-caravan-empty-caravan = That caravan is empty: it needs a numeral card first.
error-caravan-face-limit = { $card } already holds { $max } { $max ->
    [one] face card
   *[other] face cards
}; only a Jack may still go on it.
error-caravan-invalid-card = That is not a card.
error-caravan-no-such-caravan = There is no such caravan.
error-caravan-no-such-card = That caravan has no such card.
error-caravan-no-such-seat = There is no such player.
error-caravan-not-a-face = { $card } is a numeral card: play it onto one of your caravans.
error-caravan-not-a-numeral = { $card } is a face card: put it on a numeral card.
error-caravan-nothing-to-disband = All your caravans are empty: there is nothing to disband.
error-caravan-opening-no-discard = No discarding in the opening round.
error-caravan-opening-no-disband = No disbanding in the opening round.
error-caravan-opening-numerals-only = Face cards wait until the opening round is over: first every caravan gets a numeral card.
error-caravan-opening-started = In the opening round each caravan gets one card, and this one has it.
error-caravan-own-caravans-only = Numeral cards go only on your own caravans.
error-caravan-queen-last-only = A Queen goes only on the last card of a caravan.
error-caravan-same-value = { $card } has the same value as the last card ({ $last }); the same value never follows itself.
error-caravan-unknown-action = That move is not valid.
error-caravan-wrong-direction = { $card } neither continues the caravan { $direction ->
    [up] upwards
   *[down] downwards
} nor matches its suit ({ $suit ->
    [S] ♠
    [H] ♥
    [D] ♦
   *[C] ♣
}).
rules-caravan =
    Caravan — 2 players, each with their own deck (by default a full 54-card set: 52 cards and 2 jokers). Each player has three caravans facing the opponent’s three. Goal: win two of the three pairs.
    Start: 8 cards each (redealt if fewer than 3 are numerals, A–10). Opening round: in turn, put one numeral card on each of your empty caravans — three turns each; no face cards, no discards, no draws.
    Then, each turn, one of: play a card and draw one; discard a card and draw one; disband one of your caravans (no draw).
    Numeral cards (A = 1, 2–10) go only on your own caravans. Never the same value as the last card. From the third card on a card must continue the caravan’s direction (up or down, from its last two cards) or match its suit.
    Face cards go on a numeral card of any caravan, yours or the opponent’s: J removes that card with its face cards; Q (only on the last card) reverses the direction and sets the suit; K doubles the card (K + K = ×4); a joker on an Ace removes every other numeral card of that suit from the table, on a 2–10 every other card of that value. At most 3 face cards on a card, but a Jack may always go on.
    A caravan worth 21–26 is sold. A pair goes to the sold caravan whose opponent is not sold, or to the higher of two sold ones (a tie leaves it open). When all three pairs are held at once, whoever holds two or three wins the game. Whoever must move with no card in hand and no caravan to disband loses. A match is best of 1, 3 or 5 games.
caravan-caption-match = Game { $game } (best of { $best }) · { $first } { $score } { $second }
caravan-caption-opening = Opening round: each player puts a numeral card on each of their caravans.
caravan-caption-pairs = { $player }: { $count ->
    [one] pair
   *[other] pairs
} { $pairs }
caravan-event-play = { $player } → caravan { $n }: { $card }
caravan-event-attach = { $player } puts { $card } on { $target } { $own ->
    [true] in their own caravan { $n }
   *[other] in caravan { $n } ({ $owner })
}{ $removed ->
    [0] {""}
   *[other] {" "}— { $removed ->
        [one] { $removed } card leaves
       *[other] { $removed } cards leave
    } the table
}
caravan-event-discard = { $player } discards a card.
caravan-event-disband = { $player } disbands caravan { $n }.
caravan-event-redeal = { $player }: fewer than 3 numeral cards in the opening hand, so the cards were dealt again.
caravan-event-empty-hand = { $player } has no cards left and no caravan to disband, and loses the game.
caravan-event-game-end = 🏁 { $player } wins game { $game } (score { $wins }).
caravan-event-game-start = 🔄 Game { $game }: { $player } starts.
caravan-where = caravan { $n } ({ $player })
