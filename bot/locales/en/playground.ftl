## The local playground (the web frontend used when no chat platform is configured)
pg-title = Tablebot playground
pg-language = Language
pg-intro = Every game in your browser, with no Telegram or Discord bot: choose a game and the players, then play hot-seat on this screen — each player has a panel with their own hand — or open a player’s panel in another tab. The pictures and buttons are the ones the chat bots send.
pg-game = Game
pg-players = Players
pg-seats-range = { $min }–{ $max } { $max ->
    [one] player
   *[other] players
}
pg-seats-exact = { $count } { $count ->
    [one] player
   *[other] players
}
pg-about-klac = Lay cards of three colours on your own and your rivals’ stacks: raise your score, cover their high cards with low ones.
pg-about-klotho = A field of face-down cards: walk your chip, turn cards over and score every line of three with your chip in the middle.
pg-about-krendzu = Card renju: the attackers line up four cards of a suit or a progression, the defenders block them.
pg-about-caravan = The duel from Fallout: New Vegas: build three caravans worth 21–26 and outbid your opponent’s.
pg-about-curling = Curling on a grid: roll dice (or take cards) for a throw’s path and fill the house with your stones.
pg-error-rate = Too many new tables from this device: at most { $count } in { $minutes ->
    [one] a minute
   *[other] { $minutes } minutes
}. Play at a table you have, or try again later.
pg-default-name = Player { $n }
pg-more-players = + Player
pg-fewer-players = − Player
pg-solo = 🤖 Play alone against the computer
pg-options-hint = Options (variants, turn time, what happens when time runs out) are set in the lobby, with its buttons, as in a chat.
pg-create = Create the table
pg-recent = Recent tables
pg-recent-none = No tables yet.
pg-status = { $status ->
    [lobby] lobby
    [playing] playing
    [finished] finished
    [aborted] stopped
   *[other] no table
}
pg-not-found = There is no such table (it may have expired).
pg-back-home = To the playground’s home page
pg-group = Table
pg-press-as = Pressing as
pg-stop = ⛔ Stop the game
pg-name-placeholder = Name
pg-add-player = ✋ Add a player
pg-again = 🎲 New table
pg-log = Events
pg-log-empty = Nothing yet.
pg-rules = Rules
pg-panels = Players’ hands
pg-follow = Follow the turn
pg-side-by-side = Side by side
pg-fit = Fit pictures to the window
pg-panel-of = { $player }’s hand
pg-messages = Your notices
pg-zoom-in = Zoom in
pg-zoom-out = Zoom out
pg-title-turn = 🟢 Your turn
pg-offline = Connection lost; reconnecting…
pg-bot = 🤖
pg-to-move = 🟢
pg-open-panel = ↗ Open in a new tab
pg-your-turn = 🟢 Your turn — { $game }
pg-seat-no-table = There is no game at this table now.
pg-seat-not-seated = You are not seated at this table. Press “Join” on the table.
pg-seat-lobby = ⏳ The game has not started yet. Your cards will come here.
pg-seat-public = 🃏 This game is played on the table itself: its buttons are under the picture.
pg-log-start = ▶ { $game }: the game begins. Players: { $players }.
pg-log-closed = { $game }: the lobby was closed.
pg-log-summary = { $game }: the position as it was counted
pg-picture-close = Close
pg-error-name = A player needs a name of at most 32 characters.
pg-error-too-many = A table holds at most { $max } { $max ->
    [one] player
   *[other] players
}.
pg-error-no-room = This table no longer exists.
pg-error-game = There is no such game.
pg-error-seats = This game is for at most { $max } { $max ->
    [one] player
   *[other] players
}.
pg-error-lang = The playground speaks Russian (ru) and English (en).
pg-error-player = There is no such player at this table.

## The replay viewer of a finished game
pg-replay = 🎞 Replay
pg-replay-title = { $game }: replay
pg-replay-back = ← Back to the table
pg-replay-picture = The table at this moment of the game
pg-replay-slider = Moment of the game
pg-replay-first = To the deal
pg-replay-prev = Previous move
pg-replay-play = Play
pg-replay-pause = Pause
pg-replay-next = Next move
pg-replay-last = To the end
pg-replay-deal = The deal
pg-replay-mover = { $player }’s move
pg-learn = 📖 New to a game? Learn it step by step against the computer
