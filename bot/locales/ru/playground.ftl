## Локальная площадка (веб-интерфейс, когда ни одна чат-платформа не настроена)
pg-title = Площадка Tablebot
pg-language = Язык
pg-intro = Все игры в браузере, без бота в Telegram или Discord: выберите игру и игроков и играйте по очереди за этим экраном — у каждого игрока своя панель с его картами — или откройте панель игрока в другой вкладке. Картинки и кнопки — те же, что присылают боты в чатах.
pg-game = Игра
pg-players = Игроки
pg-seats-range = { $max ->
    [one] { $min }–{ $max } игрок
    [few] { $min }–{ $max } игрока
   *[other] { $min }–{ $max } игроков
}
pg-seats-exact = { $count ->
    [one] { $count } игрок
    [few] { $count } игрока
   *[other] { $count } игроков
}
pg-default-name = Игрок { $n }
pg-more-players = + Игрок
pg-fewer-players = − Игрок
pg-solo = 🤖 Играть одному против компьютера
pg-options-hint = Настройки (варианты правил, время на ход, что делать, когда оно вышло) меняются в лобби его кнопками, как в чате.
pg-create = Создать стол
pg-recent = Недавние столы
pg-recent-none = Столов пока нет.
pg-status = { $status ->
    [lobby] лобби
    [playing] идёт игра
    [finished] игра окончена
    [aborted] остановлен
   *[other] нет стола
}
pg-not-found = Такого стола нет (возможно, он устарел).
pg-back-home = На главную площадки
pg-group = Групповой чат
pg-press-as = Нажимает
pg-stop = ⛔ Остановить игру
pg-name-placeholder = Имя
pg-add-player = ✋ Добавить игрока
pg-again = 🔁 Новый стол
pg-log = События
pg-log-empty = Пока ничего.
pg-rules = Правила
pg-panels = Панели игроков
pg-follow = Следить за ходом
pg-side-by-side = Рядом
pg-fit = Вписать картинки в окно
pg-panel-of = { $player }: личный чат
pg-messages = Сообщения от бота
pg-offline = Связь потеряна, переподключаюсь…
pg-bot = 🤖
pg-to-move = 🟢
pg-open-panel = ↗ Открыть в новой вкладке
pg-your-turn = 🟢 Ваш ход — «{ $game }»
pg-seat-no-table = Сейчас за этим столом нет игры.
pg-seat-not-seated = Вы не сидите за этим столом. Нажмите «Сесть» в групповом чате.
pg-seat-lobby = ⏳ Игра ещё не началась. Ваши карты придут сюда.
pg-seat-public = 🃏 В эту игру играют на столе в групповом чате: кнопки там.
pg-log-start = ▶ { $game }: игра началась. Игроки: { $players }.
pg-log-closed = { $game }: лобби закрыто.
pg-error-name = У игрока должно быть имя не длиннее 32 символов.
pg-error-too-many = За столом не больше { $max } игроков.
pg-error-no-room = Этого стола больше нет.
pg-error-game = Такой игры нет.
pg-error-seats = В эту игру играют не больше { $max } игроков.
pg-error-lang = Площадка говорит по-русски (ru) и по-английски (en).
pg-error-player = Такого игрока за этим столом нет.
