## Klotho
game-klotho = Klotho
klotho-caption-tour = { $extra ->
    [true] Extra round { $tour }
   *[other] Round { $tour } of { $tours }
} · dealer: { $dealer } · stock: { $stock }
klotho-caption-score = { $player }: { $points }{ $halves ->
    [0] {""}
   *[other] {" "}(½×{ $halves })
}
klotho-caption-vote = 🗳 { $player } proposes to end the round: { $count } of { $total } agree ({ $yes }).
klotho-caption-triplet = ❗ { $player } made a triplet: 1 point or half a victory?
klotho-caption-contenders = ⚖ Only { $players } compete for the victory.
klotho-caption-claim-window = 🙋 Time to claim! If a new line has your chip in the middle, press “🙋 Claim” now: points not claimed are lost.
klotho-kind-suit = suit
klotho-kind-figures = figures
klotho-kind-sequence = sequence
klotho-event-place = { $player } puts their chip on { $cell }: { $card }
klotho-event-move = { $player } moves to { $cell } ({ $card })
klotho-event-turn = { $player } turns over { $cell }: { $card }
klotho-event-replace = { $player } replaces the card on { $cell } with one from the stock
klotho-event-score = ⭐ { $player } +{ $points } ({ $kinds }) on { $cells }
klotho-event-triplet = ❗ Triplet on { $cells } for { $player }
klotho-event-triplet-choice = { $player } takes { $choice ->
    [half] half a victory
   *[point] 1 point
}
klotho-event-half-victory = 🏅 { $player } now has { $halves ->
    [one] half a victory
   *[other] { $halves } half victories
}
klotho-event-claim = 🙋 { $player } claims
klotho-event-missed = 💨 { $player }: { $triplet ->
    [true] the triplet
   *[other] { $points } { $points ->
        [one] point
       *[other] points
    }
} on { $cells } not claimed and lost
klotho-event-skip = ⏭ { $player } has no move and is skipped
klotho-event-vote-failed = 🗳 The proposal to end the round was rejected.
klotho-event-vote-cancelled = 🗳 A move was made: the proposal to end the round is off.
klotho-event-tour-start = 🔄 { $extra ->
    [true] Extra round
   *[other] Round
} { $tour } begins.
klotho-choice-place = { $cell } 📍
klotho-choice-move = { $cell } 🚶
klotho-choice-turn = { $cell } 🃏
klotho-choice-replace = { $cell } ♻️
klotho-choice-cell = { $cell } …
klotho-prompt-cells = Press a cell: { $legend }
klotho-prompt-kind = What to do on { $cell }: { $legend }
klotho-legend-place = 📍 put your chip
klotho-legend-move = 🚶 move there
klotho-legend-turn = 🃏 turn the card face up
klotho-legend-replace = ♻️ replace the card from the stock
klotho-legend-cell = … choose one of two
klotho-choice-triplet-point = 1 point
klotho-choice-triplet-half = ½ victory
klotho-choice-propose = 🤝 Propose to end the round
klotho-choice-vote-yes = 👍 End the round
klotho-choice-vote-no = 👎 Play on
klotho-choice-claim = 🙋 Claim
option-rounds = Rounds: { $value } per player
klotho-option-full_tie = On a full tie: { $value }
value-full_tie-extra = extra rounds for the tied
value-full_tie-shared = a shared victory
klotho-option-scoring = Points: { $value }
value-scoring-auto = counted by the bot
value-scoring-claim = only if claimed in time
rules-klotho =
    Klotho (Prospector) — 2–8 players, a 36-card deck. Each round a field of cards is dealt face down (4×4; 4×5 for 5–6 players; 5×5 for 7–8).
    First everyone puts their chip on a card, which is turned face up. Then, in turn, do one of: move your chip to a neighbouring face-up card without a chip; turn a neighbouring face-down card face up; or replace a neighbouring face-up card that is in no combination and touches a face-down card with one from the stock (face down). Neighbours include diagonals.
    When a card is turned, every line of three face-up cards through it is checked: the chip on the middle card scores 1 point for each of suit, figures (J Q K A) and sequence (no wrap-around). Three of a rank is a triplet: its owner chooses 1 point or half a victory; two halves win the game at once.
    A round ends when the last card is turned, or when everyone agrees to end it. After the agreed rounds, most points wins; on a tie, a half victory decides; on a full tie, the tied players play extra rounds (or, if the lobby says so, share the victory).
    With the lobby option “Points: only if claimed in time”, nothing is counted for you: when a card completes a line with your chip in the middle, press “🙋 Claim” within a few seconds, or the points (or the triplet) are lost.
    Buttons: on the table message the player to move presses a cell (📍 put the chip, 🚶 move, 🃏 turn the card face up, ♻️ replace the card, … choose one of two actions).
