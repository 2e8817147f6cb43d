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
