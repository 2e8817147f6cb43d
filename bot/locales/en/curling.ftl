## Logical Curling
game-curling = Logical Curling
curling-option-variant = Variant: { $value }
value-variant-dice = dice
value-variant-cards = cards
option-deck = Deck: { $value } cards
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
curling-choice-rethrow = 🔁 Re-throw { $count }
curling-choice-keep = ✔ Keep these dice
curling-choice-draw = 🃏 Take a card{ $source ->
    [opponent] {" "}from the opponent
   *[other] {""}
}
curling-choice-stop = ✋ Stop
curling-choice-combo = { curling-combo } { $numbers } · P{ $power }
curling-choice-null = 🗑 Throw the stone away
curling-choice-trajectory = { curling-trajectory } · P{ $power }
curling-choice-number = { $segment } = { $value }
curling-choice-start = ▶ { $cell }
curling-choice-confirm = ✅ Throw: { curling-trajectory } { $numbers } from { $start }
curling-choice-confirm-null = ✅ Throw the stone away
curling-prompt-roll = Roll the dice.
curling-prompt-reroll = Mark dice to re-throw once (sixes are always re-thrown), or keep them.
curling-prompt-draw = Take substitution cards one at a time, or stop.
curling-prompt-combo = Choose the combination to throw with.
curling-prompt-trajectory = Choose a trajectory (power up to { $l }).
curling-prompt-number = Segment { $segment }: choose its number.
curling-prompt-start = Choose the start cell.
curling-prompt-confirm = The picture shows what the throw would do. Throw?
curling-caption-end = End { $end } of { $ends }{ $extra ->
    [true] {" "}(extra)
   *[other] {""}
} · 🔨 { $hammer } · throw { $throw } of 16
curling-caption-match = Match: { $red } { $r } : { $b } { $blue } · house now { $hr } : { $hb }
curling-caption-dice = Dice: { $dice }
curling-caption-cards = Main cards: { $main } · taken: { $subs }
curling-caption-limit = Power up to { $l } (combination { $l1 }, previous throw { $l2 })
curling-caption-null = { $player } threw the stone away.
curling-caption-last = { $player }: { curling-trajectory } { $numbers } from { $start }{ $out ->
    [0] {""}
    [one] , a stone left the field
   *[other] , { $out } stones left the field
}{ $foul ->
    [true] {" "}— ⚠ foul: an opponent’s guard knocked out; the throw is undone and the stone removed
   *[other] {""}
}
rules-curling =
    Logical Curling — 2 players, red and blue, 8 stones each; a match of 2–8 ends. Every end each player throws all 8 stones, alternately; the hammer (the last throw) goes to the loser of an end.
    The field: columns a–h; row 0 holds the start cells c0 d0 (left) and e0 f0 (right); rows G1–G5 are the free guard zone; the house is b–g × H1–H6 with centre, middle and outer zones.
    A throw follows a trajectory of 2–4 straight segments (reverse, shortened, triple, quadruple, semaphore — powers 1–5), bending clockwise from the left start cells and counter-clockwise from the right ones. A stone that meets another stops and passes all its energy for that segment on; chains go on; stones pushed over an edge leave the field.
    Dice: roll five dice, re-throw any once (sixes always); the combination gives the numbers for the segments and the strongest trajectory. Cards: main cards on the table, take substitution cards one at a time, then pick a combination from the list.
    The power is limited by the combination and by the opponent’s previous throw (winning: one less; drawn: one more; losing: any). On throws 2–5 of an end knocking an opponent’s guard off the field is a foul: the throw is undone and the stone removed.
    Counting: centre, then middle, then outer zone; the colour with more stones in a zone adds the difference, but the score always keeps a zero (“keep the last zero”).
    Buttons: the player to move chooses on the table message, step by step, and sees a preview of the throw before confirming.
