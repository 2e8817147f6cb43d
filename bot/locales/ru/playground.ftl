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
pg-about-klac = Выкладывайте карты трёх цветов на свои и чужие стопки: набирайте очки и закрывайте старшие карты соперников младшими.
pg-about-klotho = Поле закрытых карт: водите фишку, открывайте карты и получайте очки за каждую линию из трёх карт с вашей фишкой посередине.
pg-about-krendzu = Карточное рэндзю: атакующие выстраивают четвёрки карт одной масти или по прогрессии, защитники им мешают.
pg-about-caravan = Дуэль из Fallout: New Vegas: соберите три каравана по 21–26 очков и перебейте караваны соперника.
pg-about-curling = Керлинг на клетчатом поле: бросайте кубики (или берите карты), чтобы задать путь фишки, и занимайте дом своими фишками.
pg-error-rate = Слишком много новых столов с этого устройства: не больше { $count } за { $minutes } мин. Сыграйте за одним из своих столов или попробуйте позже.
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
    [aborted] игра остановлена
   *[other] нет стола
}
pg-not-found = Такого стола нет (возможно, он устарел).
pg-back-home = На главную страницу площадки
pg-group = Стол
pg-press-as = Нажимает
pg-stop = ⛔ Остановить игру
pg-name-placeholder = Имя
pg-add-player = ✋ Добавить игрока
pg-again = 🎲 Новый стол
pg-log = События
pg-log-empty = Пока ничего.
pg-rules = Правила
pg-panels = Руки игроков
pg-follow = Следить за ходом
pg-side-by-side = Рядом
pg-fit = Вписать картинки в окно
pg-panel-of = Рука: { $player }
pg-messages = Ваши уведомления
pg-zoom-in = Крупнее
pg-zoom-out = Мельче
pg-title-turn = 🟢 Ваш ход
pg-offline = Связь потеряна, переподключаюсь…
pg-bot = 🤖
pg-to-move = 🟢
pg-open-panel = ↗ Открыть в новой вкладке
pg-your-turn = 🟢 Ваш ход — «{ $game }»
pg-seat-no-table = Сейчас за этим столом нет игры.
pg-seat-not-seated = Вы не сидите за этим столом. Нажмите «Сесть» на столе.
pg-seat-lobby = ⏳ Игра ещё не началась. Ваши карты придут сюда.
pg-seat-public = 🃏 В эту игру играют прямо на столе: кнопки под картинкой.
pg-log-start = ▶ { $game }: игра началась. Игроки: { $players }.
pg-log-closed = { $game }: лобби закрыто.
pg-log-summary = { $game }: позиция на момент подсчёта
pg-picture-close = Закрыть
pg-error-name = У игрока должно быть имя не длиннее 32 символов.
pg-error-too-many = За столом не больше { $max } { $max ->
    [one] игрока
   *[other] игроков
}.
pg-error-no-room = Этого стола больше нет.
pg-error-game = Такой игры нет.
pg-error-seats = В эту игру играют не больше { $max } { $max ->
    [one] игрока
   *[other] игроков
}.
pg-error-lang = Площадка говорит по-русски (ru) и по-английски (en).
pg-error-player = Такого игрока за этим столом нет.

## Просмотр повтора сыгранной партии
pg-replay = 🎞 Повтор
pg-replay-title = { $game }: повтор партии
pg-replay-back = ← Назад к столу
pg-replay-picture = Стол в этот момент партии
pg-replay-slider = Момент партии
pg-replay-first = К раздаче
pg-replay-prev = Предыдущий ход
pg-replay-play = Воспроизвести
pg-replay-pause = Пауза
pg-replay-next = Следующий ход
pg-replay-last = В конец
pg-replay-deal = Раздача
pg-replay-mover = Ход: { $player }
pg-learn = 📖 Не знаете игру? Научитесь шаг за шагом против компьютера
