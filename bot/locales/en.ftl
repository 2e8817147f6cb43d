## Games
game-klac = Klac!

## Lobby
lobby-title = 🎲 { $game }: a new table
lobby-closed = { $game }: this lobby is closed.
lobby-started = ▶ { $game }: the game is on. Players: { $players }.
lobby-host = (host)
lobby-seats = Players: { $count } (from { $min } to { $max })
lobby-hint = Press “Join” to take a seat. The host starts the game; anyone seated may start { $grace } s after enough players have joined.
option-target = Play to: { $value } points
option-turn_seconds = Turn time: { $value }
option-on_timeout = When time runs out: { $value }
value-seconds = { $seconds ->
    [0] no limit
   *[other] { $seconds } s
}
value-minutes = { $minutes } min
value-hours = { $hours } h
value-timeout-auto = the bot moves once
value-timeout-bot = the bot takes the seat
value-timeout-none = only a reminder

## Buttons
btn-join = ✋ Join
btn-leave = 🚪 Leave
btn-start = ▶ Start
btn-cancel = ✖ Cancel
btn-back = ⬅ Back
btn-cancel-move = ✖ Cancel
btn-vote-yes = 👍 Yes
btn-vote-no = 👎 No

## Table captions
caption-turn = ▶ Turn: { $player }
caption-winners = 🏆 Game over. Winner: { $players }
caption-aborted = ⛔ The game was stopped.

## A seat's private screen
seat-your-turn = 🟢 Your turn.
seat-waiting = ⏳ Not your turn yet; I will message you when it is.
seat-game-over = The game is over.

## Notices in the chat
notice-auto-move = { $reason ->
    [timeout] ⏰ { $seat } ran out of time; the bot moved for them.
   *[bot] 🤖 The bot moved for { $seat }.
}
notice-seat-to-bot = 🤖 { $seat } left the game; the bot plays their seat from now on.
notice-turn-overdue = ⏰ { $seat } ran out of time. You can vote to hand their seat to the bot.
notice-turn-reminder = ⏰ Your turn: { $seconds } s left.
notice-vote-progress = 🗳 Vote to { $kind }{ $subject ->
    [none] {""}
   *[other] : { $subject }
}: { $yes } of { $total } agree.
notice-vote-failed = 🗳 The vote to { $kind } failed.
notice-vote-expired = 🗳 The vote to { $kind } expired.
notice-game-aborted = ⛔ The game was stopped by vote.
vote-kind-abort = stop the game
vote-kind-remove = hand a seat to the bot

## Errors (shown to the player who caused them)
error-internal = Something went wrong. Please try again.
error-table-not-found = This table no longer exists.
error-chat-busy = This chat already has a table. Finish or stop it first.
error-not-seated = You are not playing at this table.
error-not-your-button = These buttons belong to another player.
error-wrong-phase = That is not possible at this stage of the game.
error-stale = That button is out of date; use the latest message.
error-stale-choice = That choice is no longer available.
error-not-allowed = Only the host can do that.
error-conflict = Many things happened at once; please try again.
error-unavailable = The bot’s storage is not reachable right now. Please try again in a moment.
error-bad-request = This button is not valid.
error-already-seated = You are already at this table.
error-table-full = The table is full ({ $max } players).
error-not-enough-players = At least { $min } players are needed.
error-start-too-soon = Only the host can start now; others may start in { $seconds } s.
error-seat-taken-over = The bot plays your seat now.
error-vote-open = A vote like that is already open.
error-vote-closed = That vote is over.
error-vote-not-a-voter = You do not vote in this one.
error-vote-already-voted = You have already voted.
error-game-error = That is not allowed by the rules.
error-invalid-state = This game's saved data is damaged; the game cannot continue.
error-nothing-here = Nothing to do there.
error-illegal-action = That move is not allowed.
error-not-your-turn = It is not your turn.
error-game-over = The game is over.
error-malformed-action = That move is not valid.
error-invalid-card = That is not a card of this game.
error-invalid-options = This option value is not allowed ({ $option }).
error-invalid-seats = This game is for { $min }–{ $max } players.
error-unknown-game = There is no such game.
error-klac-card-not-in-hand = That card is not in your hand.
error-klac-colour-mismatch = A card can only cover a stack of its own colour.
error-klac-no-such-seat = There is no such player.
error-klac-no-such-stack = There is no such stack.
error-klac-unknown-action = That move is not valid.
error-klac-bad-arity = That move is not valid.
error-klac-invalid-card = That is not a Klac! card.

error-klotho-already-voted = You have already voted.
error-klotho-bad-arity = That move is not valid.
error-klotho-bad-choice = Choose 1 point or half a victory.
error-klotho-cooldown = Your proposal was just rejected; wait a few moves before proposing again.
error-klotho-face-down = That card is face down.
error-klotho-face-up = That card is already face up.
error-klotho-in-combination = That card is part of a combination and cannot be replaced.
error-klotho-line-length = A line has exactly three cards.
error-klotho-no-face-down-neighbour = Only a card next to a face-down card can be replaced.
error-klotho-no-such-cell = There is no such cell.
error-klotho-no-such-seat = There is no such player.
error-klotho-no-triplet = There is no triplet to choose for.
error-klotho-no-vote = There is no vote to answer.
error-klotho-not-adjacent = You can only act on a card next to your chip.
error-klotho-not-placement = The chips are already placed.
error-klotho-occupied = There is a chip on that card.
error-klotho-placement = First everyone places their chip.
error-klotho-stock-empty = The stock is empty: no more replacing.
error-klotho-triplet-pending = First the triplet choice must be made.
error-klotho-unknown-action = That move is not valid.
error-klotho-vote-open = A vote is already open.
error-klotho-vote-placement = You can propose that only after the chips are placed.

## Klac!
klac-caption-round = Round { $round } · play to { $target } · deck: { $deck }
klac-caption-score = { $player }: { $total } (+{ $row })
klac-caption-total = { $player }: { $total }
klac-event-play = { $player } → { $target }: { $card }, { $how ->
    [extend] new stack
   *[cover] on stack { $stack }
}{ $merged ->
    [true] , stacks merged
   *[other] {""}
}
klac-event-round-end = 🏁 Round { $round } scores: { $scores }
klac-event-round-start = 🔄 Round { $round } begins; { $player } starts.
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

## Telegram
tg-cmd-play = start a game in this chat
tg-cmd-hand = send me my hand again
tg-cmd-rules = the rules of a game
tg-cmd-stop = stop the game (by vote)
tg-cmd-lang = language: /lang ru or /lang en
tg-cmd-stats = my games and wins
tg-cmd-help = what I can do
tg-btn-open-bot = 💬 Open the bot
tg-btn-remove = 🗳 Hand { $player }’s seat to the bot
tg-your-turn = 🟢 Your turn — { $game }
tg-unreachable = ⚠ I can’t write to { $player } privately. { $player }, open the bot and press Start, then send /hand.
tg-welcome = 👋 Hi! I run board games in group chats. Add me to a group and send /play there. Your cards will come here, in this chat.
tg-join-from-group = Join from the group where the game is: press “Join” under the lobby message.
tg-ready = ✅ You are at the table. Your cards will come here when the game starts.
tg-joined = ✅ You joined the table for { $game }. Your cards will come here when the game starts.
tg-play-in-group = Games are played in groups: add me to a group and send /play there.
tg-choose-game = Which game?
tg-no-game = You are not in a running game.
tg-no-game-here = You are not playing in this chat.
tg-open-bot-first = First open a private chat with me and press Start, so I can send you your cards.
tg-start-needs-private = These players must open a private chat with me first (the “Open the bot” button): { $players }
tg-lang-usage = Send /lang ru or /lang en.
tg-lang-set = ✅ I will speak English here.
tg-stats-title = 📊 { $player }
tg-stats-line = { $game }: played { $played }, won { $won }
tg-help =
    I run board games in this chat. Each player gets their cards from me privately and moves with buttons; the table is a picture that updates after every move.
    /play — start a game (a lobby appears: press “Join”)
    /hand — send me my hand again
    /rules — the rules
    /stop — stop the game (by vote)
    /lang ru | /lang en — the language of this chat (in private: yours)
    /stats — your games and wins

## Klotho
game-klotho = Klotho
klotho-caption-tour = Tour { $tour } of { $tours }{ $extra ->
    [true] {" "}(extra)
   *[other] {""}
} · dealer: { $dealer } · stock: { $stock }
klotho-caption-score = { $player }: { $points }{ $halves ->
    [0] {""}
   *[other] {" "}(½×{ $halves })
}
klotho-caption-vote = 🗳 { $player } proposes to end the tour: { $count } of { $total } agree ({ $yes }).
klotho-caption-triplet = ❗ { $player } made a triplet: 1 point or half a victory?
klotho-kind-suit = suit
klotho-kind-figures = figures
klotho-kind-sequence = sequence
klotho-event-place = { $player } puts the chip on { $cell }: { $card }
klotho-event-move = { $player } moves to { $cell } ({ $card })
klotho-event-turn = { $player } turns { $cell }: { $card }
klotho-event-replace = { $player } replaces the card on { $cell } with one from the stock
klotho-event-score = ⭐ { $player } +{ $points } ({ $kinds }) on { $cells }
klotho-event-triplet = ❗ Triplet on { $cells } for { $player }
klotho-event-triplet-choice = { $player } takes { $choice ->
    [half] half a victory
   *[point] 1 point
}
klotho-event-half-victory = 🏅 { $player } has { $halves } half { $halves ->
    [one] victory
   *[other] victories
}
klotho-event-skip = ⏭ { $player } has no move and is skipped
klotho-event-vote-failed = 🗳 The proposal to end the tour was rejected.
klotho-event-vote-cancelled = 🗳 A move was made: the proposal to end the tour is off.
klotho-event-tour-end = 🏁 Tour { $tour } is over{ $reason ->
    [vote] {" "}by agreement
   *[other] {""}
}.
klotho-event-tour-start = 🔄 Tour { $tour } begins.
klotho-choice-place = { $cell } 📍
klotho-choice-move = { $cell } 👣
klotho-choice-turn = { $cell } 🂠
klotho-choice-replace = { $cell } ♻
klotho-choice-cell = { $cell } …
klotho-choice-triplet-point = 1 point
klotho-choice-triplet-half = ½ victory
klotho-choice-propose = 🤝 Propose to end the tour
klotho-choice-vote-yes = 👍 End the tour
klotho-choice-vote-no = 👎 Play on
option-rounds = Tours: { $value } per player
rules-klotho =
    Klotho (Prospector) — 2–8 players, a 36-card deck. Each tour a field of cards is dealt face down (4×4; 4×5 for 5–6 players; 5×5 for 7–8).
    First everyone puts their chip on a card, which is turned face up. Then, in turn, do one of: move your chip to a neighbouring face-up card without a chip; turn a neighbouring face-down card face up; or replace a neighbouring face-up card that is in no combination and touches a face-down card with one from the stock (face down). Neighbours include diagonals.
    When a card is turned, every line of three face-up cards through it is checked: the chip on the middle card scores 1 point for each of suit, figures (J Q K A) and sequence (no wrap-around). Three of a rank is a triplet: its owner chooses 1 point or half a victory; two halves win the game at once.
    A tour ends when the last card is turned, or when everyone agrees to end it. After the agreed tours, most points wins; ties play on.
    Buttons: on the table message the player to move presses a cell (📍 place, 👣 move, 🂠 turn, ♻ replace).
