## Klac!
klac-caption-round = 🔄 Round { $round } · ⚑ play to { $target } · deck: { $deck }
klac-caption-legend = 🔵🔶🟩 — colours among a row’s top cards, and the number beside them is the row’s points (they count only when all three colours show); Σ — points from earlier rounds{ $previous ->
    [true] , 🔄 — from the last of them
   *[other] {""}
}.
klac-caption-score = { $player }: { $total } (+{ $row })
klac-caption-total = { $player }: { $total }
klac-event-round-start = 🔄 Round { $round }: { $player } starts.
klac-prompt-0 = Choose a card to play.
klac-prompt-1 = In front of whom?
klac-prompt-2 = A new stack, or cover a stack of the same colour?
klac-choice-card = { $card }
klac-choice-target = → { $seat }
klac-choice-new = ➕ New stack
klac-choice-stack = Stack { $n } ({ $card })
rules-klac =
    Klac! — 2–6 players, 90 cards in three colours (🔵 blue, 🔶 orange, 🟩 green); each number has one colour.
    On your turn play one card from your hand in front of any player, yourself included:
    • extend: a new stack at the end of that player’s row, or
    • cover: on a stack whose top card has the same colour (only top cards count, so you can lower an opponent’s 14 to a 2).
    Then draw back up to 3 cards.
    If two stacks in a row show the same number, they merge at once.
    The round ends when a row has 6 stacks or all cards are played. A row scores the sum of its top cards, but only if it shows all three colours; otherwise 0.
    Rounds repeat until someone reaches the target (150 by default); the highest total wins.
