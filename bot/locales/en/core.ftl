## Games
game-klac = Klac!

## Lobby
lobby-title = 🎲 { $game }: a new table
lobby-closed = { $game }: this lobby is closed.
lobby-started = ▶ { $game }: the game is on. Players: { $players }.
lobby-finished = 🏁 { $game }: the game is over. Played: { $players }.
lobby-stopped = ⛔ { $game }: the game was stopped. Played: { $players }.
lobby-host = (host)
lobby-seats = Players: { $count } (from { $min } to { $max })
lobby-seats-exact = Players: { $count } of { $max }
lobby-hint = Press “Join” to take a seat. The host starts the game; anyone seated may start { $grace } s after enough players have joined.
lobby-computer = { $level ->
    [easy] easy
    [strong] strong
   *[other] normal
}
lobby-computers-hint = No one to play with? The host can add computer players with 🤖.
option-target = Play to: { $value } { $value ->
    [one] point
   *[other] points
}
option-turn_seconds = Turn time: { $value }
option-on_timeout = When time runs out: { $value }
option-hints = Hints: { $value }
value-hints-on = on
value-hints-off = off
option-pace = Computer moves: { $value }
value-pace-fast = fast
value-pace-normal = every 1.5 s
value-pace-slow = every 3 s
option-replay_hands = Hands in the replay: { $value }
value-replay_hands-off = hidden
value-replay_hands-on = shown once the game is over
option-round_break = Computers’ pause after a round: { $value }
value-round_break-0 = none
option-best_of = Match: { $value }
value-best_of-1 = a single game
value-best_of-3 = best of three games
value-best_of-5 = best of five games
option-decks = Decks: { $value }
value-seconds = { $seconds ->
    [0] no limit
   *[other] { $seconds } s
}
value-minutes = { $minutes } min
value-hours = { $hours } h
value-timeout-auto = the bot moves once
value-timeout-bot = the bot takes the seat
value-timeout-none = only a reminder
value-decks-standard = standard, 54 cards each
value-decks-own = everyone’s own (built with /deck)

## Buttons
btn-join = ✋ Join
btn-leave = 🚪 Leave
btn-start = ▶ Start
btn-cancel = ✖ Cancel
btn-computers = 🤖 Computer players
btn-add-computer = 🤖 + { $level ->
    [easy] easy
    [strong] strong
   *[other] normal
}
btn-remove-computer = ✖ { $player } 🤖
btn-computers-done = ⬅ Done
btn-back = ⬅ Back
btn-cancel-move = ✖ Cancel
btn-why-not = ❓ Why not?
btn-hint = 💡 Hint
why-not-title = ❓ Why not:
btn-vote-yes = 👍 Yes
btn-vote-no = 👎 No
btn-remove = 🗳 Hand { $player }’s seat to the bot
btn-takeback = ↩ Take back my move
btn-rematch = 🔁 Rematch
btn-stop-yes = ⛔ Yes, stop
btn-stop-no = ▶ No, play on
btn-next-round = ▶ { $game ->
    [curling] Next end
    [caravan] Next game
   *[other] Next round
}

## Table captions
caption-turn = ▶ Turn: { $player }
caption-winners = 🏆 Game over. { $outcome ->
    [draw] A draw: { $players }
    [one] Winner: { $players }
   *[other] Winners: { $players }
}
caption-aborted = ⛔ The game was stopped.
caption-takeback = ↩ Move taken back: everything is as it was before it.
caption-held = ⏸ { $game ->
    [curling] The end is counted.
    [caravan] The game is counted.
   *[other] The round is counted.
} The computers wait for you: press ▶ when you are ready.

## A seat's private screen
seat-your-turn = 🟢 Your turn.
hint-line = 💡 The computer would play: { $move }
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
notice-vote-progress = 🗳 Vote to { $vote ->
    [remove] hand { $subject }’s seat to the bot
   *[abort] stop the game
}: { $yes } of { $total } agree.
notice-vote-failed = 🗳 The vote to { $kind } failed.
notice-vote-expired = 🗳 The vote to { $kind } expired.
notice-game-aborted = ⛔ The game was stopped by vote.
notice-game-aborted-chat-lost = ⛔ The game was stopped: I can no longer write in this chat.
notice-game-stopped = ⛔ The game was stopped.
notice-takeback = ↩ { $seat } took back their last move.

## Stopping a game against the computer (no vote, so it asks first)
stop-question = ⛔ Stop the game? This game of { $game } will not count in your statistics.
stop-done = ⛔ The game was stopped.
stop-kept = ▶ Playing on.
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
error-slow-down = Not so fast: wait a few seconds, then press again.
error-unavailable = The bot’s storage is not reachable right now. Please try again in a moment.
error-bad-request = This button is not valid.
error-already-seated = You are already at this table.
error-table-full = The table is full ({ $max } { $max ->
    [one] player
   *[other] players
}).
error-not-enough-players = At least { $min } { $min ->
    [one] player is
   *[other] players are
} needed.
error-start-too-soon = Only the host can start now; others may start in { $seconds } s.
error-seat-taken-over = The bot plays your seat now.
error-vote-open = A vote like that is already open.
error-vote-closed = That vote is over.
error-vote-not-a-voter = You do not vote in this one.
error-vote-already-voted = You have already voted.
error-game-error = That is not allowed by the rules.
error-invalid-state = This game’s saved data is damaged; the game cannot continue.
error-nothing-here = Nothing to do there.
error-illegal-action = That move is not allowed.
error-not-your-turn = It is not your turn.
error-game-over = The game is over.
error-malformed-action = That move is not valid.
error-invalid-card = That is not a card of this game.
error-invalid-options = This option value is not allowed ({ $option }).
error-invalid-seats = This game is for { $min }–{ $max } { $max ->
    [one] player
   *[other] players
}.
error-unknown-game = There is no such game.
error-klac-card-not-in-hand = That card is not in your hand.
error-klac-colour-mismatch = A card can only cover a stack of its own colour.
error-ai-nothing-to-do = There is nothing to do now.
error-ai-unknown-level = There is no such level for the computer.
error-no-such-seat = There is no such player.
error-hints-off = Hints are off at this table.
error-takeback-none = There is no move of yours left to take back.
error-only-alone = Only someone playing alone against the computer can do that.
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
error-klotho-no-triplet = There is no triplet to choose for.
error-klotho-no-vote = There is no vote to answer.
error-klotho-not-adjacent = You can only act on a card next to your chip.
error-klotho-not-placement = The chips are already placed.
error-klotho-occupied = There is a chip on that card.
error-klotho-placement = First everyone places their chip.
error-klotho-stock-empty = The stock is empty: no more replacing.
error-klotho-triplet-pending = First the triplet choice must be made.
error-klotho-claims-open = First the points of the new line are claimed: wait a few seconds.
error-klotho-nothing-to-claim = You have nothing to claim: no new line has your chip in the middle.
error-klotho-no-claims = There is nothing to claim now.
error-klotho-unknown-action = That move is not valid.
error-klotho-vote-open = A vote is already open.
error-klotho-vote-placement = You can propose that only after the chips are placed.
stats-title = 📊 { $player }
stats-line = { $game }: played { $played }, won { $won }
stats-hints = ↳ 💡 hints asked: { $count }
stats-takebacks = ↳ ↩ moves taken back: { $count }
stats-vs-computer = ↳ vs 🤖 { $level ->
    [easy] easy
    [strong] strong
   *[other] normal
}: { $won }–{ $lost }
