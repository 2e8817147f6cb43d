## Every move told in words (bot/core/narration)
tell-klac-play = { $player } puts { $card } { $own ->
    [true] in their own row
   *[other] in { $target }’s row
}: { $how ->
    [extend] a new stack
   *[cover] on stack { $stack }
}{ $merged ->
    [true] , and two stacks merge
   *[other] {""}
}; the row { $row ->
    [0] scores 0 (not all three colours)
   *[other] scores { $row }
}.
tell-klac-draw = 🂠 You drew { $card }.
tell-klac-row = { $player }: { $tops } = { $score }
tell-klac-row-short = { $player }: { $tops }, no { $missing } = 0
tell-klac-round-end = 🏁 Round { $round } is counted (the top cards; a row scores only with all three colours): { $rows }. Totals: { $totals }.
tell-klotho-tour-end = 🏁 Round { $tour } is over{ $vote ->
    [true] {" "}by agreement
   *[other] {""}
}: { $scores }.
tell-klotho-propose = 🗳 { $player } proposes to end the round.
tell-klotho-vote = 🗳 { $player } votes { $vote ->
    [yes] to end the round
   *[no] to play on
}.
tell-krendzu-place = { $player } puts { $card } on { $cell }
tell-krendzu-first = { $player } puts { $card } on { $cell }, a second card to follow
tell-krendzu-second = { $player } puts the second card, { $card }, on { $cell }
tell-krendzu-combo = { $kind ->
    [suit] a { $suit } line
   *[progression] a progression
} { $cards }{ $own ->
    [true] {" "}(an own goal)
   *[other] {""}
}
tell-krendzu-scored = ⭐ { $combos } — ⚔ { $attack } +{ $count }
tell-krendzu-gave = 🔄 You gave away { $cards }.
tell-krendzu-got = 🔄 You got { $cards }.
tell-krendzu-tour-end = 🏁 Round { $tour } is over: { $count ->
    [0] no combinations, no points for ⚔ { $attack }
    [one] 1 combination, ⚔ { $attack } +1
   *[other] { $count } combinations, ⚔ { $attack } +{ $count }
}. Match: { $totals }.
tell-caravan-value = (worth { $value } now{ $status ->
    [sold] , sold
    [bust] , overloaded
   *[other] {""}
})
tell-caravan-discard = 🗑 You discarded { $card }.
tell-caravan-draw = 🂠 You drew { $card }.
tell-curling-roll = 🎲 { $player } rolls { $dice }.
tell-curling-rethrow = 🔁 { $player } rerolls { $count ->
    [one] one die
   *[other] { $count } dice
} → { $dice }.
tell-curling-keep = ✔ { $player } keeps the dice: { $dice }.
tell-curling-draw = 🃏 { $player } takes { $card } { $source ->
    [deck] from the deck
   *[other] from { $opponent }’s cards
}.
tell-curling-stop = ✋ { $player } stops with { $count ->
    [0] no substitution cards
    [one] one substitution card
   *[other] { $count } substitution cards
}.
tell-curling-throw = { $mark } { $player }: { $combo } → { curling-trajectory } { $numbers } from { $start }, ⚡{ $power }{ $out ->
    [0] {""}
    [one] ; { $out } stone left the field
   *[other] ; { $out } stones left the field
}{ $foul ->
    [true] {" "}— ⚠ foul
   *[other] {""}
}.
tell-curling-null = 🗑 { $player } throws the stone away ({ $combo }).
tell-curling-house = In the house: { $red } : { $blue }.
tell-curling-zones = In the house: centre { $centre }, middle { $middle }, outer { $outer } (counted from the centre out, keeping the last zero).
