## Discord: buttons and messages
dc-choose = Choose…
dc-btn-hand = 🂠 My hand
dc-btn-options = ⚙ Options
dc-btn-dm-on = 📬 Send my hand by DM
dc-btn-dm-off = 🔕 Hand here only
dc-options-title = ⚙ Options of this table (each button switches to the next value; the host decides):
dc-your-turn = 🟢 { $players }: your turn — { $game }
dc-your-turn-dm = 🟢 Your turn — { $game }
dc-hand-moved = ↪ Your hand was sent again below.
dc-dm-welcome = 📬 Your hands will come here, and a short message when your turn begins. Press “🔕 Hand here only” under a hand to stop.
dc-dm-on = ✅ Your hand goes to your DMs now, with a message when your turn begins. “🂠 My hand” still works here.
dc-dm-off = ✅ Hands by DM are off: press “🂠 My hand” under the table to see yours.
dc-dm-closed = ⚠ I can’t send you direct messages. Allow them (this server’s name → Privacy Settings → Direct Messages) and press again; until then use “🂠 My hand”.
dc-dm-closed-channel = ⚠ { $player }, I can’t send you direct messages any more, so your hand stays here: press “🂠 My hand”.
dc-missing-permissions = ⚠ I lack permissions in this channel: { $permissions }. Ask an admin to give them to me (channel settings → Permissions), then try again.
dc-perm-view-channel = View Channel
dc-perm-send-messages = Send Messages
dc-perm-send-messages-in-threads = Send Messages in Threads
dc-perm-attach-files = Attach Files
dc-perm-read-message-history = Read Message History
dc-bad-options = I don’t understand “{ $problem }”. Options are written key=value, e.g. { $known }
dc-lobby-opened = ✅ The lobby for { $game } is open in this channel: players press “Join”.
dc-solo-opened = ✅ The lobby for { $game } is open here: add computer players with the 🤖 buttons and press “Start”.
dc-solo-dm-closed = ⚠ I can’t post in our direct messages, so a game alone can’t be shown here. Allow direct messages from apps (User Settings → Privacy & Safety), then run /play again.
dc-no-game-here = You are not playing in this channel.
dc-lobby-closed = ✅ The lobby is closed.
dc-vote-started = 🗳 The vote to stop the game is on the table message.
dc-lang-set-channel = ✅ I will speak English in this channel.
dc-lang-set-user = ✅ I will speak English to you.
dc-guild-only = This command works in a server channel.
dc-language-name = English
dc-help =
    I run board games in this channel. Start one with /play; players press “Join” under the lobby and the host presses “Start”. The table is a picture that updates after every move.
    Your hand is private: press “🂠 My hand” under the table (only you see it) and move with its buttons; or have it sent by DM with “📬 Send my hand by DM”.
    No one to play with? Send /play in a DM to me and play against the computer there.
    /play — start a game (options: turn time, what happens on a timeout, game options like rounds=2)
    /hand — show my hand
    /rules — the rules
    /learn — learn a game: a short tutorial on a real table against the computer, sent by DM (also the 📖 button of every lobby)
    /stop — close the lobby or vote to stop the game (alone against the computer: stop it, once you confirm)
    /lang — the language of this channel (in DMs: yours)
    /stats — your games and wins
    /deck — build your own deck for Caravan (only you see it)
    /history — the last finished games here; /replay — one of them as an animation
    /top — the best players here by rating (games between people only)
    /forget — delete what I keep about you: statistics, ratings, language, decks, place in the tutorials and my note that I may DM you, everywhere (admins: this channel’s games and leaderboards too). Kept: tables being played (until they end), a finished game’s table for a day, finished games in other channels’ histories (90 days)

## Discord: slash commands (names: lowercase, no spaces)
dc-cmd-play = play
dc-cmd-play-desc = Start a game in this channel
dc-cmd-hand = hand
dc-cmd-hand-desc = Show me my hand (only to me)
dc-cmd-rules = rules
dc-cmd-rules-desc = The rules of a game
dc-cmd-stop = stop
dc-cmd-stop-desc = Close the lobby, or vote to stop the game
dc-cmd-stats = stats
dc-cmd-stats-desc = My games and wins
dc-cmd-lang = lang
dc-cmd-lang-desc = The language of this channel (or, in DMs, yours)
dc-cmd-help = help
dc-cmd-help-desc = What I can do
dc-opt-game = game
dc-opt-game-desc = Which game
dc-opt-rules-desc = Which game (default: the one here)
dc-opt-turn-time = turn_time
dc-opt-turn-time-desc = Time for a turn
dc-opt-on-timeout = on_timeout
dc-opt-on-timeout-desc = When a player runs out of time
dc-opt-options = options
dc-opt-options-desc = Game options, e.g. rounds=2 variant=cards
dc-opt-language = language
dc-opt-language-desc = Russian or English
dc-cmd-deck = deck
dc-cmd-deck-desc = Build your own deck (only you see it)
dc-channel-lost = ⛔ Your { $game } game is stopped: its channel was deleted.
dc-thread-locked = 🔒 This thread is locked, so I can’t show the table here: a moderator can unlock it (or allow me to manage threads), and the game goes on where it stopped.
dc-cmd-learn = learn
dc-cmd-learn-desc = Learn a game step by step (in DMs)
dc-learn-sent = 📖 I sent you the tutorial by DM.
dc-learn-dm-closed = I cannot send you a DM: allow direct messages from this server’s members (Privacy Settings), then try again.
