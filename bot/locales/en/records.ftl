## What is kept after the games: finished games, replays, ratings, forgetting
history-title = 📜 The last games here:
history-line = { $n }. { $game } · { $date } · { $players } · 🏆 { $winners }
history-none = No finished games here yet. Finished games are kept for 90 days.
history-replay-hint = /replay shows the last one as an animation; /replay with a number, that game.
history-replay-button = 🎞 { $n }. { $game } · { $date }
replay-none = Nothing to replay yet: no finished game here (they are kept for 90 days).
replay-missing = There is no game number { $n } here: /history lists them.
replay-expired = This game is no longer kept: finished games are kept for 90 days.
replay-gone = This game is not among the ones kept in this chat: /history lists them.
replay-caption = 🎞 { $game } · { $date } · { $players } · 🏆 { $winners }
replay-drawing = 🎞 Drawing the replay…
replay-too-large = 🎞 This game’s replay is too large to post here, even drawn smaller: the upload limit here is { $megabytes } MB.
replay-wait = 🎞 A replay was posted here a moment ago: the next one can be in { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}.
top-title = 🏅 { $game }: the best here
top-line = { $n }. { $player } — { $rating } ({ $games ->
    [one] { $games } game
   *[other] { $games } games
})
top-none = Nobody here has a rating in { $game } yet: ratings come from games between people.
stats-rating = ↳ ⭐ rating { $rating } ± { $spread } ({ $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
})
forget-done = 🧹 Done: your statistics, ratings, language choices, decks, place in the tutorials and my note that I may write to you privately are deleted everywhere.
forget-kept = Kept: the tables you are playing at now (until they end, and while they last my note that I may write to you), a finished game’s table for a day (for its last message’s buttons), and the finished games with your name in chats’ histories (90 days, or until the chat’s admin deletes them).
forget-done-chat = 🧹 Done: this chat’s finished games, leaderboards and language are deleted too.
forget-not-chat = Only an administrator can delete this chat’s finished games and leaderboards; yours are deleted.

## Discord: the commands of what is kept after the games
dc-cmd-history = history
dc-cmd-history-desc = The last finished games here
dc-cmd-replay = replay
dc-cmd-replay-desc = Replay a finished game as an animation
dc-opt-number = number
dc-opt-number-desc = Its number in /history (1: the last)
dc-cmd-top = top
dc-cmd-top-desc = The best players here, by rating
dc-cmd-forget = forget
dc-cmd-forget-desc = Delete what I keep about you (and, for admins, this channel)
