## Krendzu
game-krendzu = Krendzu
krendzu-option-rounds = Cycles: { $value } (a cycle is 2 rounds; 6 with three players)
krendzu-option-variant = Three players: { $value }
value-variant-two_attackers = two attack, one defends
value-variant-two_defenders = one attacks, two defend
option-hand = Cards per attacker: { $value }
value-hand-0 = recommended
option-handicap = Defender’s extra cards: { $value }
value-handicap-0 = recommended
value-handicap-1 = one
value-handicap-2 = two
option-exchange = Exchange: { $value }
value-exchange-0 = none
value-exchange-1 = up to 1 card
value-exchange-2 = up to 2 cards
value-exchange-3 = up to 3 cards
value-exchange-4 = up to 4 cards
value-exchange-5 = up to 5 cards
krendzu-choice-announce = 🔄 { $count }
krendzu-choice-toggle = { $marked ->
    [true] ✅
   *[other] ▫️
} { $card }
krendzu-choice-exchange = 🔄 Exchange { $count } { $count ->
    [one] card
   *[other] cards
}
krendzu-choice-one = 1️⃣ One card
krendzu-choice-two = 2️⃣ Two cards
krendzu-choice-pass = ⏭ Pass
krendzu-choice-card = { $card }
krendzu-choice-row = Row { $row } ({ $count })
krendzu-choice-cell = { $cell }
krendzu-choice-confirm = ✅ { $card } → { $cell }
krendzu-choice-confirm-pass = ✅ Pass
krendzu-prompt-announce = How many cards will you exchange (at most { $max })? Your count is announced to everyone; the cards stay secret.
krendzu-prompt-toggle = Mark the { $count } { $count ->
    [one] card
   *[other] cards
} to give away: { $marked } marked.
krendzu-prompt-mode = Place one card, two cards, or pass?
krendzu-prompt-card = Which card?
krendzu-prompt-second = Your second card: it may touch any card of the field — even just the first one.
krendzu-prompt-row = Which row? Rows are numbered as on the picture.
krendzu-prompt-cell = Where? Cells are named as on the picture.
krendzu-prompt-confirm = Confirm the move.
krendzu-announced = Announced: { $list }
krendzu-caption-tour = Round { $tour } of { $tours } · ⚔ { $attack } · 🛡 { $defend } · cards set aside: { $aside }
krendzu-caption-legend = Beside each name: the card backs — cards in hand{ $exchange ->
    [true] , 🔄 — cards the player exchanges (✓ — done)
   *[other] , ▭▭▭▭ — points for this round’s combinations
}, Σ — points in the match.
krendzu-caption-exchange = 🔄 Exchange (up to { $max }): { $list }
krendzu-caption-score = 📊 { $list }
krendzu-caption-second = ✌ { $player } places a second card.
krendzu-caption-move = { $player }: { $cards }
krendzu-caption-pass = ⏭ { $player } passes.
krendzu-event-announce = { $count ->
    [0] { $player } keeps their cards.
    [one] { $player } will exchange 1 card.
   *[other] { $player } will exchange { $count } cards.
}
krendzu-event-exchange = 🔄 { $player } has given away { $count } { $count ->
    [one] card
   *[other] cards
} face down.
krendzu-event-skip = ⏭ { $player } has no cards left: skipped.
krendzu-event-tour-start = 🔄 Round { $tour }: ⚔ { $attack } · 🛡 { $defend }
rules-krendzu =
    Krendzu (card renju) — 2–4 players, a 36-card deck (6–10, J, Q, K, A). One side attacks, the other defends; the roles change every round. With 3 players either two attack and one defends, or one attacks and two defend (the lone player moves after each opponent); 4 players play two against two, partners opposite.
    Values: 6–10 as printed; J is 2 or 12, Q 3 or 13, K 4 or 14, A 1, 5, 11 or 15 — read as the attackers like, line by line.
    Deal: attackers get fewer cards than defenders (see the options). Before the play of a round each player may exchange up to the agreed number of cards: counts are announced in turn, defenders first, then the cards are given away face down and as many dealt back.
    Play: the first card (a defender’s) goes anywhere. Every other card must touch a card of the field by a side, not only by a corner. An attacker places exactly one card per turn; a defender, from their second turn on, places one card, two or none. Two cards go down one after the other, and the second may touch any card of the field — even just the first one. A player with no cards is skipped; once the attackers are out, defenders must keep placing.
    Four cards in an unbroken line (across, down or diagonal) of one suit, or whose values form an arithmetic progression (never four of a rank), are a combination: one point for each attacker, whoever placed the last card. Five in a row make two combinations. The round ends when every card is down; the match is the total over all rounds.
    Buttons: your hand and moves are shown to you alone — card, then cell (named as on the picture), then ✅.
error-krendzu-attacker-one-card = An attacker places exactly one card every turn.
error-krendzu-bad-arity = That move is not valid.
error-krendzu-bad-count = You may exchange from 0 to { $max } { $max ->
    [one] card
   *[other] cards
}.
error-krendzu-card-not-in-hand = That card is not in your hand.
error-krendzu-corner-only = A card must touch the field by a side; a corner is not enough.
error-krendzu-exchange-count = Mark exactly { $count } { $count ->
    [one] card
   *[other] cards
} to exchange ({ $marked } marked now).
error-krendzu-first-turn = On your first turn of a round you place exactly one card.
error-krendzu-invalid-card = That is not a card.
error-krendzu-invalid-hand = With { $seats } { $seats ->
    [one] player
   *[other] players
} an attacker gets { $min }–{ $max } { $max ->
    [one] card
   *[other] cards
}: change “Cards per attacker” in the lobby.
error-krendzu-must-place = The attackers have no cards left: you must place one or two.
error-krendzu-not-adjacent = A card must touch a card of the field by a side.
error-krendzu-occupied = A card already lies there.
error-krendzu-one-card-left = You have only one card left: place it on its own.
error-krendzu-origin-first = The first card of a round opens the field.
error-krendzu-second-card = First place your second card.
error-krendzu-toggle-limit = You announced { $count } { $count ->
    [one] card
   *[other] cards
} and have marked them all: unmark one to choose another.
error-krendzu-unknown-action = That move is not valid.
error-krendzu-wrong-phase = That is not possible at this stage of the round.
