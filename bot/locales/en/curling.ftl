## Logical Curling
game-curling = Logical Curling
curling-option-variant = Variant: { $value }
value-variant-dice = dice
value-variant-cards = cards
option-deck = Deck: { $value }
value-deck-36 = 36 cards
value-deck-52 = 52 cards
value-deck-54 = 54 cards
option-ends = Ends: { $value }
curling-trajectory = { $trajectory ->
    [reverse] ↩ reverse
    [shortened] ↪ shortened
    [triple] ⤴ triple
    [quadruple] 🔄 quadruple
   *[semaphore] 🚦 semaphore
}
curling-combo = { $name ->
    [pair] pair
    [two_pairs] two pairs
    [three] three of a kind
    [three_two] full house
    [straight] straight
    [flush] flush
    [four] four of a kind
    [poker] poker
   *[null] nothing
}
curling-choice-roll = 🎲 Roll the dice
curling-choice-toggle = { $marked ->
    [true] 🔁{" "}
   *[other] {""}
}{ $face } { $value }
curling-choice-rethrow = 🔁 Reroll { $count } { $count ->
    [one] die
   *[other] dice
}
curling-choice-keep = ✔ Keep these dice
curling-choice-draw = 🃏 Take a card from the deck
curling-choice-take = 🃏 Take { $card }
curling-choice-stop = ✋ Stop
curling-choice-combo = { curling-combo } { $numbers } · ⚡{ $power }
curling-choice-null = 🗑 Throw the stone away
curling-choice-trajectory = { curling-trajectory } · ⚡{ $power }
curling-choice-number = { $value }
curling-choice-start = ▶ { $cell }
curling-choice-confirm = ✅ Throw: { curling-trajectory } { $numbers } from { $start }
curling-choice-confirm-null = ✅ Throw the stone away
curling-prompt-roll = Roll the dice.
curling-prompt-reroll = Mark dice to reroll once (sixes are always rerolled), or keep them.
curling-prompt-draw = Take substitution cards one at a time, or stop.
curling-prompt-take = The table holds five substitution cards: take any of the first player’s, one at a time, or stop.
curling-prompt-combo = Choose a combination: it gives the numbers for the segments and a limit on the trajectory’s power ⚡.
curling-prompt-trajectory = Choose a trajectory: ⚡ is its power, up to { $l } now.
curling-prompt-number = Segment { $n } of { $count } goes { $kind ->
    [guard] straight up to the guard zone’s row of that number (the sand tags on the left)
    [house] straight up to the house’s row of that number (the blue tags on the left)
    [diagonal] diagonally that many cells
   *[side] sideways that many cells
}: choose the number.
curling-prompt-start = Choose the start cell.
curling-prompt-confirm = The picture shows what the throw would do. Throw?
curling-caption-end = { $extra ->
    [true] Extra end { $end }
   *[other] End { $end } of { $ends }
} · throw { $throw } of 16{ $over ->
    [true] {""}
   *[other] {" "}· 🔨 { $hammer } has the hammer
}
curling-caption-match = Match: { $red } { $r } : { $b } { $blue } · in the house now { $hr } : { $hb }
curling-caption-combo = Combination: { curling-combo }, numbers { $numbers }
curling-caption-limit = ⚡ The trajectory’s power is up to { $l }{ $why ->
    [combo] : the combination gives no more
    [throw] : the opponent’s last throw allows no more (the combination would give { $l1 })
   *[both] : both the combination and the opponent’s last throw allow that much
}.
curling-caption-limit-next = ⚡ After the opponent’s last throw, the trajectory’s power is at most { $l2 }.
curling-caption-null = { $player } threw the stone away.
curling-caption-last = { $player }: { curling-trajectory } { $numbers } from { $start }{ $out ->
    [0] {""}
    [one] , { $out } stone left the field
   *[other] , { $out } stones left the field
}{ $foul ->
    [true] {" "}— ⚠ foul
   *[other] {""}
}
rules-curling =
    Logical Curling — 2 players, red and blue, 8 stones each; a match of 2–8 ends. Every end each player throws all 8 stones, alternately; the hammer (the last throw) goes to the loser of an end.
    The field: columns a–h and rows 0–12 (the small grey numbers on the left); row 0 holds the start cells c0 d0 (left) and e0 f0 (right). Rows 1–5 are the free guard zone (sand tags 1–5 on the left); the rows above are numbered from 1 again (blue tags 1–7); the house is b–g × blue rows 1–6, with centre, middle and outer zones.
    A throw follows a trajectory of 2–4 straight segments (reverse, shortened, triple, quadruple, semaphore — powers 1–5), bending clockwise from the left start cells and counter-clockwise from the right ones. A segment going straight up ends on the row whose tag shows its number (a sand tag for reverse and shortened, a blue one for the others); any other segment moves that many cells. A stone that meets another stops and passes all its energy for that segment on; chains go on; stones pushed over an edge leave the field.
    Dice: roll five dice, reroll any of them once (sixes always); the combination gives the numbers for the segments and a limit on the trajectory’s power. Cards: main cards on the table, take substitution cards one at a time, then pick a combination from the list.
    The trajectory’s power ⚡ is limited by the combination and by the opponent’s previous throw: leading in the house, one less than that throw’s power; drawn, one more; behind, any. On throws 2–5 of an end knocking an opponent’s guard off the field is a foul: the throw is undone and the stone removed.
    Counting: centre, then middle, then outer zone; the colour with more stones in a zone adds the difference, but the score always keeps a zero (“keep the last zero”).
    Buttons: the player to move chooses on the table message, step by step, and sees a preview of the throw before confirming.
curling-event-void = 🎲 { $player } rolled five sixes: that roll is void, the dice were rolled again.
curling-event-foul = ⚠ A foul by { $player }: on throws 2–5 an opponent’s guard must not be knocked off the field. The throw is undone and the stone removed.
curling-event-end = 🏁 End { $end } is over: { $r } : { $b }, match { $mr } : { $mb }{ $next ->
    [true] ; { $hammer } has the hammer in the next end
   *[other] {""}
}.
curling-event-reshuffle = 🔀 The deck ran out: the discard pile was shuffled in.
curling-event-deal = 🃏 New main cards: { $cards }
error-curling-bad-arity = That move is not valid.
error-curling-bad-cell = There is no such cell.
error-curling-bad-colour = The colours are red and blue.
error-curling-bad-deck = The deck has 36, 52 or 54 cards.
error-curling-bad-dice = Five dice showing 1–5 are needed.
error-curling-bad-die = There is no such die.
error-curling-bad-number = Every number is 1–5.
error-curling-bad-start = A stone starts from c0, d0, e0 or f0.
error-curling-bad-stones = Those stones are not a position.
error-curling-bad-throw-number = A throw of an end is numbered 1–16.
error-curling-bad-zones = A house count needs three zones.
error-curling-cannot-draw = No card can be taken now.
error-curling-deck-closed = The table holds five substitution cards: now you may take only the first player’s, one at a time.
error-curling-draw-deck-first = First take cards from the deck: the first player’s cards are yours to take only once the table holds five substitution cards.
error-curling-draw-not-offered = The first player has no such substitution card.
error-curling-constraint = Those numbers break the trajectory’s rule.
error-curling-five-cards = A combination is five cards.
error-curling-keep-marked = Some dice are marked for rerolling: reroll them or unmark them.
error-curling-keep-six = A six must be rerolled.
error-curling-not-legal = That throw is not possible now.
error-curling-nothing-to-rethrow = Mark the dice to reroll first.
error-curling-number-not-in-set = The numbers must come from the combination’s numbers, each at most once.
error-curling-over-limit = Power ⚡{ $power } is above the allowed ⚡{ $l }: { $l2 ->
    [none] the combination gives that much
   *[other] the combination gives { $l1 }, the opponent’s last throw { $l2 }
}.
error-curling-preview-throw-only = Only a throw has a preview.
error-curling-segment-count = Each segment of the trajectory needs one number.
error-curling-start-row = Stones never stop on the start row.
error-curling-toggle-six = A six is always rerolled.
error-curling-unknown-action = That move is not valid.
error-curling-unknown-combo = That combination is not available.
error-curling-unknown-trajectory = There is no such trajectory.
error-curling-wrong-phase = That is not possible at this step of the throw.
curling-choice-combo-cards = { curling-combo }: { $cards } → { $numbers } · ⚡ up to { $power }
curling-prompt-combo-cards = Choose a combination: its cards give the numbers for the segments (2–5 count as they are, 6–10 as 1, J 2, Q 3, K 4, A 5), and it limits the trajectory’s power ⚡.
curling-caption-combo-made = Combination: { curling-combo } { $made } → numbers { $numbers }
