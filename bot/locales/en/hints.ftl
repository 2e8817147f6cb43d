## 💡 Hints: why the computer would play its move (from its own evaluation)
hint-why = Why: { $reason }
klac-why-own = it raises your row from { $before } to { $value } { $value ->
    [one] point
   *[other] points
}
klac-why-own-least = of your plays it costs your row least ({ $before } → { $value })
klac-why-spoil = it spoils { $seat }’s row: { $before } → { $value }
klac-why-give-least = of your plays it gives { $seat } least ({ $before } → { $value })
klac-why-end = { $ahead ->
    [true] the sixth stack ends the round while you are ahead (your row: { $score })
   *[other] the sixth stack ends the round before it gets worse for you (your row: { $score })
}
klotho-why-place = your chip here heads lines worth about { $points } { $points ->
    [one] point
   *[other] points
} to you
klotho-why-move = from there your chip’s lines promise about { $points } { $points ->
    [one] point
   *[other] points
} more
klotho-why-turn = it brings your lines about { $points } { $points ->
    [one] point
   *[other] points
} nearer
klotho-why-replace = the new card gives your lines about { $points } { $points ->
    [one] point
   *[other] points
} more
klotho-why-spoil = it spoils { $seat }’s line (about { $points } { $points ->
    [one] point
   *[other] points
} less for them)
klotho-why-least = every move helps someone: this one helps the others least
klotho-why-triplet-half = a second half victory wins the game
klotho-why-triplet-point = half a victory would not win yet, a point counts now
klotho-why-claim = the combination is yours: claim its points before the time runs out
klotho-why-end = ending the round now gives you the best chances
klotho-why-play-on = the rest of the round still promises you more
krendzu-why-score = it completes { $cards }{ $count ->
    [1] {""}
   *[other] {" "}({ $count } combinations in all)
}: points for your side
krendzu-why-gives-least = every card here gives points away: this one gives the fewest ({ $cards })
krendzu-why-block = it blocks the open three { $cards }
krendzu-why-open = it lays the three { $cards }: one card short of a combination
krendzu-why-build = it builds towards combinations your hand can finish
krendzu-why-safe = there is no open three to block, and here the card opens none for the attackers
krendzu-why-pass = there is no open three to block: your cards are worth more later
krendzu-why-keep-hand = the hand has no lone cards of a suit to give away
krendzu-why-announce = give away the { $count ->
    [one] card that is
   *[other] { $count } cards that are
} alone in { $count ->
    [one] its suit
   *[other] their suits
} in your hand
krendzu-why-toggle = { $alone ->
    [true] { $card } is the only card of its suit in your hand
   *[other] { $card } belongs to one of your shortest suits
}
krendzu-why-exchange = the marked cards are the least use to you
caravan-why-win = it wins the game
caravan-why-sell = { $ahead ->
    [true] it sells caravan { $n } at { $value } before they can reach it
   *[other] it sells caravan { $n } at { $value }
}
caravan-why-outbid = caravan { $n } at { $value } beats theirs at { $theirs }
caravan-why-build = it builds caravan { $n }: { $before } → { $value }
caravan-why-mend = it brings caravan { $n } back from { $before } to { $value }
caravan-why-spoil = it spoils their caravan { $n }: { $before } → { $value }
caravan-why-discard = no card helps now: { $card } is worth least in your hand
caravan-why-hand = it keeps your better cards for later
curling-why-takeout = it takes out their counting stone: they count { $before } → { $value }
curling-why-count = after it you count { $value } in the house
curling-why-house = your stones sit nearer the button
curling-why-guard = it guards your stones in the house
curling-why-hammer = it keeps the hammer: a blank end leaves it with you
curling-why-away = throwing the stone away is best: any throw would help your opponent
curling-why-power = the best board for you comes from this throw of power ⚡{ $power }
curling-why-toggle = rerolling this die gives better chances of a strong combination
curling-why-rethrow = the marked dice may make a stronger combination
curling-why-keep = these dice already make the best combination you can hope for
curling-why-draw = a card from the deck is likely to make your combination stronger
curling-why-stop = your cards already throw about as well as a new card would
## What the last change gave a seat, told to it alone
krendzu-told-drawn = 🔄 Back from the exchange: { $cards }
curling-told-drawn = 🃏 You took { $card }
## What a placement would do, said at its confirm step
caravan-preview = ↪ { $seat }: caravan { $n } { $before } → { $value }{ $status ->
    [sold] {" "}— sold
    [bust] {" "}— over 26, bust
   *[open] {""}
}
caravan-preview-won = ↪ This move wins the game.
caravan-preview-lost = ↪ After this move your opponent wins the game.
krendzu-preview-score = ↪ Completes { $cards }: a point for your side.
krendzu-preview-own-goal = ↪ Completes { $cards }: a point for the attackers, not for you!
krendzu-preview-none = ↪ Completes no combination.
