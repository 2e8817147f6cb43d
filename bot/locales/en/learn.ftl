## Tutorials: /learn and the 📖 Learn buttons

learn-menu = 📖 Learn to play: pick a game. Each tutorial is a few short steps on a real table against the computer; you can leave at any step and go on later.
learn-menu-progress = { $game } (step { $step } of { $steps })
learn-title = 📖 { $game } · step { $step } of { $steps }
learn-left = You left the { $game } tutorial at step { $step } of { $steps }. It waits for you: /learn, or the button below.
learn-stale = That button belongs to another step; here is where you are now.
learn-you = You
learn-computer = Computer
learn-btn-next = ▶ Next
learn-btn-back = ⬅ Back
learn-btn-leave = ✖ Leave
learn-btn-resume = ▶ Go on
learn-btn-menu = 📖 Other games
learn-btn-again = 🔁 From the start
learn-btn-play = 🎮 A real game against the computer
btn-learn = 📖 Learn
learn-lobby = 📖 How to play
error-learn-no-tutorial = There is no tutorial for that game yet.
learn-usage = /learn shows the tutorials; /learn { $games } opens one.

## Logical Curling

learn-curling-field =
    Two players, red (you) and blue, 8 stones each. In an end you throw in turn, 16 throws in all.
    A stone starts on row 0, from c0 d0 (left) or e0 f0 (right), and flies up the field. Rows 1–5 are the guard zone. The house is the rings above: the centre (yellow), the middle (white) and the outer zone (blue).
learn-curling-count =
    Who leads? Count from the centre outwards: in each zone the colour with more stones adds the difference. But a zero must always stay: if adding would leave no zero, the count stops.
    Here red has 1 in the centre, blue 1 in the middle and 1 in the outer zone. What is the score?
learn-curling-btn-score = 🔴 { $red } : { $blue } 🔵
learn-curling-why-count-zero = Adding blue’s middle stone would make it 1 : 1 with no zero left, so the count stops at 1 : 0.
learn-curling-why-count-centre = The centre is counted first: red leads 1 : 0 there, and then the count stops to keep the last zero.
learn-curling-roll =
    A new end. Blue has the hammer 🔨 (the end’s last throw), so you throw first.
    Every throw starts with the dice: roll five of them.
learn-curling-btn-roll = 🎲 Roll the dice
learn-curling-btn-throw = 🥌 Throw at once
learn-curling-why-dice-first = First the dice: their combination decides the numbers of the segments and how strong a throw may be.
learn-curling-reroll =
    5 3 1 6 3: a pair of threes. You may re-throw any dice once, and a six is always re-thrown.
    Re-throw the 5 together with the 6 and hope for more threes.
learn-curling-btn-rethrow-five = 🎲 Re-throw the 5 (and the 6)
learn-curling-btn-rethrow-three = 🎲 Re-throw a 3 (and the 6)
learn-curling-btn-keep = ✋ Keep these dice
learn-curling-why-keep-threes = Keep the threes: they are your pair, and more of them make a three or four of a kind.
learn-curling-why-six = A six is never kept: it is always re-thrown, so these dice cannot stay as they are.
learn-curling-combination =
    3 3 3 3 1: four of a kind! The combination gives the numbers for the segments and the power ⚡:
    pair 1 · two pairs 2 · three 3 · straight and full house 4 · four and poker 5.
    Four of a kind gives the numbers 3, 3, 3, 3 and 1. How much power may you use?
learn-curling-btn-power = ⚡ { $power }
learn-curling-why-power-four = Power 4 is a straight’s or a full house’s. Four of a kind is stronger: 5.
learn-curling-why-power-one = Power 1 is only a pair’s. Four of a kind gives 5.
learn-curling-aim =
    Trajectories, weakest first: reverse 1, shortened 2, triple 3, quadruple 4, semaphore 5. From the left cells they bend clockwise, from the right ones anticlockwise.
    Each segment takes one of your numbers. A segment straight up stops on the row whose tag shows its number; any other goes that many cells.
    Which semaphore from d0 lands in the ringed centre? Its first segment goes straight up to the row tagged blue 3, the second diagonally up-right.
learn-curling-btn-semaphore-31 = 🥌 Semaphore d0: 3, then 1
learn-curling-btn-semaphore-33 = 🥌 Semaphore d0: 3, then 3
learn-curling-btn-reverse-33 = 🥌 Reverse d0: 3, then 3
learn-curling-why-too-far = Three cells up-right from d8 is g11: the outer zone, not the centre.
learn-curling-why-reverse = The reverse’s first segment stops in the guard zone (sand row 3); the stone ends in the outer zone at g6.
learn-curling-collision =
    Right: that lands in the centre (e9). Now say blue got there first: its stone is on e9. A stone that runs into another stops and passes the rest of that segment’s energy on: the struck stone flies on in the same direction.
    Knock blue out of the centre with the same semaphore.
learn-curling-btn-hit = 🥌 Semaphore d0: 3, then 1 (into e9)
learn-curling-btn-beside = 🥌 Semaphore c0: 3, then 1 (beside it)
learn-curling-why-beside = That lands on d9 beside blue: one each in the centre cancels out, 0 : 0. Hit the blue stone instead.
learn-curling-limit =
    A hit: blue flew on to f10 and your stone stayed in the centre (d8).
    The power also depends on the opponent’s last throw: when you lead, at most one less than its power; when drawn, one more; when behind, any.
    Here you lead and blue’s last throw had power 3: your limit is 2, although four fives give 5.
learn-curling-btn-shortened = 🥌 Shortened d0: 5, then 2 (power 2)
learn-curling-btn-triple = 🥌 Triple d0: 5, 5, 2 (power 3)
learn-curling-why-limit = A triple has power 3, over your limit 2: you lead, and blue’s last throw had power 3.
learn-curling-guard =
    Stones on rows 1–5 are guards. On throws 2–5 of an end, knocking an opponent’s guard off the field is a foul: everything goes back and your stone is lost.
    It is throw 4 and blue guards g4. Go round it into the house.
learn-curling-btn-around = 🥌 Triple d0: 2, 4, 1 (round it)
learn-curling-btn-knock = 🥌 Reverse d0: 1, then 4 (through g4)
learn-curling-why-foul = That drives g4 off the field on throw 4: a foul. Everything goes back and your stone is lost.
learn-curling-hammer =
    Throw 16, the last of the end, and you have the hammer: blue cannot answer. Blue leads 0 : 1 with a stone in the middle.
    Put a stone in the centre to win the end.
learn-curling-why-last-stone = That stone stops in the outer zone and blue keeps the lead. The centre counts first: aim for e9.
learn-curling-end =
    The end is yours, 1 : 0, and the score goes to the match. The loser of an end gets the hammer: blue has it now.
    A match has 2 to 8 ends (a lobby option); a tie after the last one brings extra ends until someone wins an end.
learn-curling-cards =
    The card game. Instead of dice there is a row of main cards. Card numbers: 6–10 are 1, J 2, Q 3, K 4, A 5; the combinations are poker hands.
    The row alone is a pair of sevens. Take substitution cards from the deck one at a time: each one replaces a main card.
learn-curling-btn-draw = 🃏 Take a card
learn-curling-btn-stop = ✋ Take nothing
learn-curling-why-pair = The row alone is only a pair of sevens: power 1. Take a card, it may make more.
learn-curling-substitute =
    You took 7♦. Put in place of the ace, it makes three sevens: 7♥ 7♠ 7♦ with Q♦ and 9♣, that is the numbers 1 1 1 3 1 and power 3.
    Throw the three with a triple from d0: 1, 3, 1.
learn-curling-btn-three-sevens = 🥌 Three sevens: triple d0 1, 3, 1
learn-curling-btn-pair = 🥌 A pair of sevens: reverse d0 1, 5
learn-curling-why-pair-weaker = A pair has power 1 and that reverse flies off the field. The three is stronger: power 3.
learn-curling-second =
    Now you throw second. Together you may hold at most 5 substitution cards; once the table has 5, the deck is closed and the second player takes the first player’s cards by name.
    Blue holds five. With Q♠ and A♥ you make 10 J Q K A: a straight, power 4.
    A null throw (no combination) puts no stone on the field.
learn-curling-btn-take-two = 🃏 Take Q♠ and A♥, throw the straight
learn-curling-btn-deck = 🃏 Take from the deck
learn-curling-btn-null = 🗑 Throw the stone away
learn-curling-why-closed = The table holds five substitution cards: the deck is closed, take one of blue’s cards.
learn-curling-why-null = A null throw puts no stone on the field. The straight does better.
learn-curling-done =
    Your straight put a stone in the middle zone. That is the whole game: dice or cards, combinations, trajectories, collisions, the limit, guards and the hammer.
    Play a real match against the computer: in a game you choose everything step by step and see every throw before it is made.

## Krendzu

learn-krendzu-intro =
    Krendzu: cards go on a shared field to make lines of four. In this tour you attack (⚔): every combination of four in a line gives the attackers a point, whoever lays its last card. The computer defends (🛡) and spoils your lines.
    Values: 6–10 as printed; J is 2 or 12, Q 3 or 13, K 4 or 14, A 1, 5, 11 or 15. The attackers read every figure as they like, afresh in every line.
learn-krendzu-exchange =
    Before the play everyone may exchange up to 3 cards: say how many (the defender first), mark them, and they are shuffled with the cards set aside and dealt back. The computer kept its cards.
    Your 7♣ fits nothing; your 6♥ 7♥ 9♥ can become a line of hearts.
learn-krendzu-btn-swap-club = 🔄 Exchange 7♣
learn-krendzu-btn-swap-hearts = 🔄 Exchange 6♥ 7♥ 9♥
learn-krendzu-why-keep-hearts = Keep the hearts: four hearts in a line are a combination. Exchange the card that fits nothing.
learn-krendzu-first =
    You got 8♥ for the 7♣. The defender lays the tour’s first card anywhere: the computer laid 10♦.
    Every next card must touch a card of the field by a side; a corner is not enough. Put 6♥ under the 10♦.
learn-krendzu-btn-below = 6♥ under 10♦
learn-krendzu-btn-corner = 6♥ diagonally from 10♦
learn-krendzu-why-corner = A card must touch the field by a side: a corner is not enough.
learn-krendzu-line =
    A combination is four cards side by side in a row, a column or a diagonal: all of one suit, or values in an arithmetic progression (7 8 9 10, 12 9 6 3…). Four of a rank never count.
    The computer laid 8♦. Put 7♥ beside your 6♥ to start a line of hearts.
learn-krendzu-btn-beside = 7♥ right of 6♥
learn-krendzu-btn-above = 7♥ above 10♦
learn-krendzu-why-apart = There it stands apart from your 6♥: a line needs four cards side by side.
learn-krendzu-progression =
    The computer laid J♦: the top row is J♦ 10♦ 8♦. Read the jack as 12: 12, 10, 8… and a 6 makes a progression!
    A line scores for the attackers whoever completes it, so the defender’s cards may help you too.
learn-krendzu-btn-six = 6♣ right of 8♦
learn-krendzu-btn-ace = A♠ right of 8♦
learn-krendzu-why-ace = An ace reads 1, 5, 11 or 15, and 12, 10, 8 needs a 6.
learn-krendzu-grow =
    A point: 12, 10, 8, 6! The computer closed the left end of your hearts with K♠.
    Lay 8♥ after your 6♥ 7♥.
learn-krendzu-btn-eight = 8♥ right of 7♥
learn-krendzu-btn-far = 9♥ one cell further, with a gap
learn-krendzu-why-touch = That cell touches the field only by a corner: a card must touch one by a side.
learn-krendzu-suit =
    6♥ 7♥ 8♥, and the computer passed: from its second turn a defender may lay one card, two cards or none.
    Finish the line of hearts with 9♥.
learn-krendzu-btn-nine = 9♥ right of 8♥
learn-krendzu-btn-nine-below = 9♥ under 8♥
learn-krendzu-why-not-in-line = Under the 8♥ it is out of the hearts’ row: only four in one line count.
learn-krendzu-defend =
    Second tour: the roles turn round, now you defend (🛡) and the computer attacks. It has 6♣ 7♣ 8♣ in a row with both ends free: a club, a 9, or an ace read as 5 would finish it.
    A defender’s first turn of a tour is one card (you laid 10♠); after that one card, two cards one after the other, or a pass. Close both ends!
learn-krendzu-btn-block-both = K♥ on the left, then Q♥ on the right
learn-krendzu-btn-block-one = K♥ on the left only
learn-krendzu-btn-own-goal = 9♣ on the right
learn-krendzu-btn-pass = Pass
learn-krendzu-why-one-end = The right end stays open: the computer finishes the clubs on its next turn.
learn-krendzu-why-own-goal = 9♣ finishes the clubs: a point for the attackers, even laid by you (an own goal).
learn-krendzu-why-pass = Both ends stay open: the computer finishes the line on its next turn.
learn-krendzu-end =
    Both ends are closed. A tour ends when every hand is empty; a player with no cards is skipped, and once the attackers are out the defenders may no longer pass.
    With two players a match is two tours (each attacks once; the lobby may add rounds). The most points over all tours wins; a tie is shared.
learn-krendzu-done =
    That is Krendzu: cards touching by a side, lines of four of a suit or in progression, figures read your way, points to the attackers, blocks and two-card moves in defence.
    Play a real match against the computer.

## Caravan

learn-caravan-opening =
    Caravan: you have three caravans (your row, at the bottom) facing the computer’s three. A caravan worth 21 to 26 is sold, and the aim is to win two of the three pairs.
    The game opens with three turns each: put a numeral card (an ace is 1, then 2–10) on each of your empty caravans. Start your first caravan with 10♠.
learn-caravan-btn-open = 10♠ on caravan 1
learn-caravan-btn-open-king = K♦ on caravan 1
learn-caravan-why-opening = The opening takes numeral cards only: one on each of your empty caravans. Face cards come later.
learn-caravan-numerals =
    The opening is done and play goes on in turns: play a card and draw one, discard a card and draw one, or disband a caravan of yours. Numeral cards go on your own caravans.
    A new card must differ in value from the last one and, from the third card on, continue the caravan’s direction (by its last two cards) or match its suit. Your caravan 1 goes down in spades: 10, 6.
learn-caravan-btn-five-spades = 5♠ on caravan 1
learn-caravan-btn-eight-hearts-first = 8♥ on caravan 1
learn-caravan-btn-six-clubs = 6♣ on caravan 1
learn-caravan-why-direction = Caravan 1 goes down in spades: 8♥ goes up and is not a spade.
learn-caravan-why-same-value = The last card there is a 6: the next one must have another value.
learn-caravan-suit =
    21: caravan 1 is sold! But the computer’s caravan opposite is sold too, at 24, and the higher sold caravan holds the pair.
    A card of the caravan’s suit may turn its direction: caravan 2 goes down in hearts (5, 3).
learn-caravan-btn-eight-hearts = 8♥ on caravan 2
learn-caravan-btn-six-clubs-second = 6♣ on caravan 2
learn-caravan-why-suit = Caravan 2 goes down in hearts: 6♣ goes up and is not a heart. 8♥ may, as a heart.
learn-caravan-king =
    The computer sold its caravan 3 (23). Face cards go on a numeral card of any caravan, yours or the opponent’s. A King doubles its card.
    A caravan worth 27 or more is bust: it holds no pair. Bust the computer’s caravan 1 with K♦ on its 10♣.
learn-caravan-btn-king-theirs = K♦ on the computer’s 10♣
learn-caravan-btn-king-mine = K♦ on your 9♦
learn-caravan-why-king-mine = At 18 that caravan is not sold yet, and the computer keeps pair 1 (24 against your 21).
learn-caravan-jack =
    34: bust, and pair 1 is yours… until the computer laid a Jack on your 5♠. A Jack removes the card it is laid on, with its face cards.
    Answer in kind: take the 10♥ off the computer’s sold caravan 3.
learn-caravan-btn-jack = J♥ on the computer’s 10♥
learn-caravan-btn-six-nine = 6♣ on your caravan 3
learn-caravan-why-jack = That leaves the computer’s caravan 3 sold at 23 and the pair with it. Take its 10♥ away.
learn-caravan-queen =
    Your caravan 1 (10, 6) goes down in spades, and 7♥ fits neither. A Queen, laid only on a caravan’s last card, turns its direction and sets its suit.
    The computer discarded a card: a turn may also just discard a card and draw one.
learn-caravan-btn-queen = Q♦ on your 6♠
learn-caravan-btn-seven-now = 7♥ on caravan 1 now
learn-caravan-why-queen = Caravan 1 goes down in spades: 7♥ goes up and is not a spade. Turn it with the Queen first.
learn-caravan-turned =
    The Queen turned caravan 1: it now goes up, in diamonds. 7♥ goes up: 10 + 6 + 7 = 23, sold again.
learn-caravan-btn-seven = 7♥ on caravan 1
learn-caravan-btn-six-again = 6♣ on caravan 1
learn-caravan-why-six-again = The last card there is still a 6: the next one must have another value.
learn-caravan-joker =
    The computer disbanded its caravan 2: all its cards went to the discard pile (a disband draws no card).
    A joker on a 2–10 removes every other card of that value from all six caravans; on an ace, every other card of the ace’s suit. Put it on your 9♦ to take the computer’s 9♠.
learn-caravan-btn-joker-nine = Joker on your 9♦
learn-caravan-btn-joker-six = Joker on the computer’s 6♣
learn-caravan-why-joker-six = It would take every other 6 as well: your 6♠ with its Queen, and caravan 1 would lose its sale.
learn-caravan-sell =
    Its 9♠ is gone. Now sell caravan 2 (5, 3, 8: up, in hearts): a 9 goes up.
learn-caravan-btn-nine-hearts = 9♣ on caravan 2
learn-caravan-btn-nine-diamonds = 9♣ on caravan 3
learn-caravan-why-nine = Caravan 3 ends with a 9: the next card must have another value.
learn-caravan-done =
    25: sold, and pairs 1 and 2 are yours. When all three pairs are held at the same moment, the one holding two or three wins the game; a match is won in 1, 2 or 3 games (best of 1, 3 or 5). Whoever must move with no card and no caravan to disband loses.
    Play a real game against the computer.

## Klac!

learn-klac-score =
    Klac! has 90 cards in three colours, and each number has its own: blue ● 1 4 8 12 15, orange ◆ 2 5 9 10 14, green ■ 3 6 7 11 13.
    The cards in front of a player are their row. A row scores the sum of its stacks’ top cards, but only if those tops show all three colours; otherwise 0. What does your row score now?
learn-klac-btn-points = { $points ->
    [one] { $points } point
   *[other] { $points } points
}
learn-klac-why-tops = Every stack’s top card counts, not only the highest: 12 + 9 + 6.
learn-klac-why-colours = Your tops show blue, orange and green, so the row scores: 12 + 9 + 6.
learn-klac-extend =
    On your turn you play one card in front of any player, yourself included, then draw one. Extend: a new stack at the end of a row.
    Your row has blue and orange only, so it scores 0. Give it a green stack.
learn-klac-btn-extend-mine = G7 as a new stack in your row
learn-klac-btn-cover-orange = G7 on your 9
learn-klac-why-colour = A card covers only a stack of its own colour, and the 9 is orange.
learn-klac-btn-extend-theirs = G7 as a new stack in the computer’s row
learn-klac-why-theirs = That adds 7 to the computer’s row, and yours still lacks green.
learn-klac-cover =
    The computer covered your 7 with its 3: only the top counts, so that stack now shows 3. Cover: a card on a stack of the same colour, anyone’s, raising or lowering what it shows.
    Do the same to the computer: its orange 14 is its best card.
learn-klac-btn-cover-fourteen = O5 on the computer’s 14
learn-klac-btn-cover-thirteen = O5 on the computer’s 13
learn-klac-why-colour-thirteen = The 13 is green, and O5 is orange: a card covers only its own colour.
learn-klac-btn-extend-five = O5 as a new stack in your row
learn-klac-why-lower-theirs = Your row gains 5, but the computer keeps its 14. Turning its 14 into a 5 takes away 9.
learn-klac-merge =
    The computer laid O5 as a new stack in its row. When two stacks of a row show the same number, they merge at once into one. How many stacks does its row have now?
learn-klac-btn-stacks = { $count ->
    [one] { $count } stack
   *[other] { $count } stacks
}
learn-klac-why-merge = Its new 5 merged with the 5 already on top of its first stack: one stack, not two.
learn-klac-sixth =
    A new round, later on. The round ends at once when a row has 6 stacks; then every row is scored. You lead 28 to 17, and the computer’s row has 5 stacks.
    End the round now with a sixth stack in its row, giving it as little as you can.
learn-klac-btn-sixth = B4 as a sixth stack in the computer’s row
learn-klac-btn-fourth = O10 as a new stack in your row
learn-klac-why-sixth = That lets the round go on, and the computer may catch up. A sixth stack in its row ends the round while you lead.
learn-klac-btn-sixth-high = G13 as a sixth stack in the computer’s row
learn-klac-why-sixth-high = That ends the round too, but gives the computer 13 more: 30 against your 28. Give it the 4.
learn-klac-done =
    The round is over, 28 to 21, and the totals go on. The match ends after the round in which someone reaches the target (here 50, in a lobby 50 to 300); the highest total wins, and a tie plays another round. Each round all cards are shuffled again and everyone gets three.
    Play a real match against the computer.

## Klotho

learn-klotho-place =
    Klotho: 36 cards face down on the field, and each player has one chip. First everyone puts their chip on a card, which is turned face up.
    Neighbours count diagonals too. Put your chip in the middle of the field, on B2.
learn-klotho-btn-place-middle = 📍 Chip on B2
learn-klotho-btn-place-corner = 📍 Chip on A1
learn-klotho-why-corner = A corner card has only three neighbours: fewer cards to turn and fewer lines through your chip.
learn-klotho-turn =
    The computer put its chip on C3. Now, in turn, each player does one of three things: moves the chip to a neighbouring face-up card without a chip, turns a neighbouring face-down card face up, or replaces one.
    Turn A2, next to your chip.
learn-klotho-btn-turn-a2 = 🃏 Turn A2
learn-klotho-btn-turn-d4 = 🃏 Turn D4
learn-klotho-why-neighbours = D4 is not next to your chip: you turn only the eight cards around it.
learn-klotho-score =
    When a card is turned, every line of three face-up cards through it is checked. The chip on the middle card scores a point for each kind: one suit, all figures (J Q K A), or ranks in a row (9 10 J, no wrapping past the ace).
    10♥ 9♥, your chip on the 9: turn C2.
learn-klotho-btn-turn-c2 = 🃏 Turn C2
learn-klotho-btn-turn-a3 = 🃏 Turn A3
learn-klotho-why-no-line = No line through A3 is complete with your chip in its middle. C2 finishes 10♥ 9♥ 8♥: suit and sequence.
learn-klotho-careful =
    10♥ 9♥ 8♥: a suit and a sequence, 2 points! The computer turned D2 and D3, so its chip on K♦ sits between J♦ and a face-down B3.
    A line scores for the chip on its middle whoever turns the card: do not finish the computer’s lines. Turn B1 instead.
learn-klotho-btn-turn-b1 = 🃏 Turn B1
learn-klotho-btn-turn-b3 = 🃏 Turn B3
learn-klotho-why-gift = B3 is Q♦: Q♦ K♦ J♦ around the computer’s chip, a suit and figures, 2 points for it.
learn-klotho-replace =
    The computer turned A♦: A♦ K♦ 6♦ is a suit line through its chip, 1 point.
    Replace: a neighbouring face-up card that is in no combination and has a face-down neighbour goes to the discard pile, and a card from the stock comes face down in its place. Replace your J♠.
learn-klotho-btn-replace-b1 = ♻️ Replace B1
learn-klotho-btn-replace-a2 = ♻️ Replace A2
learn-klotho-why-replace-line = A2 is in a combination (10♥ 9♥ 8♥): such a card cannot be replaced.
learn-klotho-triplet =
    Another field, later on. Three cards of one rank in a line are a triplet. Kings on A1 and B2, your chip on B2: the card under C3 is a king.
learn-klotho-btn-turn-c3 = 🃏 Turn C3
learn-klotho-btn-turn-a3-six = 🃏 Turn A3
learn-klotho-why-kings = A3 makes no line through your chip. C3 completes three kings.
learn-klotho-half =
    Three kings: 1 point for the figures, and a triplet. For a triplet its chip’s owner chooses: one more point, or half a victory. Two half victories win the whole game at once, and one breaks a tie on points.
learn-klotho-btn-half = ½ Half a victory
learn-klotho-btn-point = +1 A point
learn-klotho-why-point = A point is only a point; a half victory breaks a tie, and a second one wins the game outright.
learn-klotho-vote =
    A tour ends when the last card is turned. When nobody wants to turn anything (a zugzwang), anyone may propose to end it, even out of turn: if everyone says yes, the tour ends.
learn-klotho-btn-propose = 🤝 Propose to end the tour
learn-klotho-btn-vote-yes = ✅ Vote yes
learn-klotho-why-no-vote = There is no vote to answer yet: a proposal opens it.
learn-klotho-done =
    The computer agreed, and the next tour is dealt: a game has a tour per player (or two or three each). After the last tour the most points win; a tie goes to the one with a half victory, else extra tours.
    Play a real game against the computer.
