## Telegram
tg-cmd-play = start a game in this chat
tg-cmd-hand = send me my hand again
tg-cmd-rules = the rules of a game
tg-cmd-stop = stop the game (by vote; against the computer, once confirmed)
tg-cmd-lang = language: /lang ru or /lang en
tg-cmd-stats = my games and wins
tg-cmd-help = what I can do
tg-cmd-deck = build your own deck (Caravan)
tg-cmd-learn = learn a game step by step against the computer
tg-learn-private = Tutorials are played in the private chat with me: press the button to open it.
tg-learn-sent = 📖 I sent you the tutorial in our private chat.
tg-cmd-history = the last finished games here
tg-cmd-replay = replay a finished game as an animation
tg-cmd-top = the best players here, by rating
tg-cmd-forget = delete what I keep about you
tg-deck-private = Decks are built in the private chat with me: press the button to open it.
tg-deck-usage = Decks can be built for: { $games }. Send /deck.
tg-btn-open-bot = 💬 Open the bot
tg-btn-rules = 📬 Read the rules
tg-rules-privately = The rules ({ $games }) are long, so I send them privately: press the button.
tg-your-turn = 🟢 Your turn — { $game }
tg-unreachable = ⚠ I can’t write to { $player } privately. { $player }, open the bot and press Start, then send /hand.
tg-welcome = 👋 Hi! I run board games in group chats: add me to a group and send /play there, and your cards will come here, in this chat. No one around? Send /play here and play against the computer.
tg-join-from-group = Join from the group where the game is: press “Join” under the lobby message.
tg-join-members-only = Only members of this group can take a seat: join the group first.
tg-slow-mode = 🐢 Slow mode is on in this group: each new message of mine waits up to { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
} after my last one, so the table may appear late (its updates are never held back). Make me an admin to play without waiting.
tg-chat-lost = ⛔ The { $game } game in “{ $chat }” is stopped: I was removed from that group.
tg-chat-lost-untitled = ⛔ Your { $game } game in a group is stopped: I was removed from that group.
tg-topic-lost = ⛔ Your { $game } game is stopped: its forum topic was deleted.
tg-missing-rights = I can’t hold a game here: this group doesn’t let me send { $rights }. An admin can allow that in the group’s permissions or make me an admin.
tg-right-messages = messages
tg-right-photos = photos
tg-ready = ✅ You are at the table. Your cards will come here when the game starts.
tg-joined = ✅ You joined the table for { $game }. Your cards will come here when the game starts.
tg-choose-game = Which game?
tg-no-game = You are not in a running game.
tg-no-game-here = You are not playing in this chat.
tg-open-bot-first = First open a private chat with me and press Start, so I can send you your cards.
tg-start-needs-private = These players must open a private chat with me first (the “Open the bot” button): { $players }
tg-lang-usage = Send /lang ru or /lang en.
tg-lang-set = ✅ I will speak English here.
tg-replay-usage = Send /replay for the last game, or /replay with the game’s number in /history (1 to { $max }).
tg-replay-no-rights = I can’t post the replay: this group doesn’t let me send GIFs. An admin can allow that in the group’s permissions or make me an admin.
tg-replay-failed = I could not draw the replay of this game.
tg-top-usage = Send /top, or /top with a game: { $games }.
tg-help =
    I run board games in this chat. Each player gets their cards from me privately and moves with buttons; the table is a picture that updates after every move.
    /play — start a game (a lobby appears: press “Join”; the host may add 🤖 computer players). In the private chat with me: a game against the computer
    /hand — send me my hand again
    /rules — the rules
    /learn — learn a game: a short tutorial on a real table against the computer, in the private chat (also the 📖 buttons of /play and of every lobby)
    /stop — stop the game (by vote; alone against the computer, once you confirm)
    /lang ru | /lang en — the language of this chat (in private: yours)
    /stats — your games, wins and ratings
    /deck — build your own deck (in the private chat)
    /history — the last finished games here, with buttons to replay them
    /replay — the last game as an animation (/replay 2 — the second in /history)
    /top — the best players here by rating (/top klac — in Klac!)
    /forget — delete your statistics, ratings, language choices, decks, place in the tutorials and my note that I may write to you, everywhere; sent by a chat’s admin (or in the private chat), it also deletes the chat’s finished games, leaderboards and language. Kept: tables being played (until they end), a finished game’s table for a day, finished games in other chats’ histories (90 days)

## Inline mode: @bot typed in any chat
tg-inline-words-klac = cards stacks colours
tg-inline-words-klotho = prospector chip field lines
tg-inline-words-krendzu = renju four line
tg-inline-words-caravan = fallout new vegas duel
tg-inline-words-curling = dice stones house
tg-inline-opening = 🎲 { $game }: the table is being set…
tg-inline-open = ▶ Open the table
tg-inline-open-bot = Open the bot first: your cards come there
tg-inline-elsewhere = This game is played in another chat.
tg-inline-press-join = ✅ Now I can send you your cards. Go back to the chat and press “Join” under the game’s message.
tg-inline-replay = 🎞 Replay
tg-inline-records = 🏆 This chat’s games
tg-inline-lost = ⛔ Your { $game } game is stopped: its message was deleted from the chat.

webapp-hand = Your hand
webapp-not-seated = You are not playing at this table: you see what everyone sees.
webapp-open-in-telegram = Open this table from Telegram: its “🃏 Open the table” button.
webapp-replay-sent = 🎞 Sent to your private chat with the bot.
webapp-replay-drawing = 🎞 Drawing the replay: it will come to your private chat with the bot.
webapp-replay-wait = 🎞 A replay was sent to your private chat a moment ago: the next one can be in { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}.
webapp-replay-start-bot = 🎞 I can’t write to you yet: open your private chat with @{ $bot } and press “Start” (or unblock the bot), then ask for the replay again.
webapp-replay-not-yet = 🎞 The replay comes once the game is played to its end.
btn-open-table = 🃏 Open the table
