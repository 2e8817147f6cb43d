## Игры
game-klac = Клац!

## Лобби
lobby-title = 🎲 { $game }: новый стол
lobby-closed = { $game }: лобби этого стола закрыто.
lobby-started = ▶ { $game }: игра началась. Играют: { $players }.
lobby-finished = 🏁 { $game }: игра окончена. Играли: { $players }.
lobby-stopped = ⛔ { $game }: игра остановлена. Играли: { $players }.
lobby-host = (хозяин)
lobby-seats = Игроков: { $count } (от { $min } до { $max })
lobby-seats-exact = Игроков: { $count } из { $max }
lobby-hint = Нажмите «Сесть», чтобы занять место. Игру начинает хозяин стола; любой игрок за столом может начать через { $grace } с после того, как игроков станет достаточно.
lobby-computer = { $level ->
    [easy] слабый
    [strong] сильный
   *[other] средний
}
lobby-computers-hint = Не с кем играть? Хозяин стола может добавить компьютерных игроков кнопкой 🤖.
option-target = Игра до: { $value } { $value ->
    [one] очка
   *[other] очков
}
option-turn_seconds = Время на ход: { $value }
option-on_timeout = Когда время вышло: { $value }
option-hints = Подсказки: { $value }
value-hints-on = есть
value-hints-off = нет
option-pace = Ходы компьютера: { $value }
value-pace-fast = быстро
value-pace-normal = раз в 1,5 с
value-pace-slow = раз в 3 с
option-replay_hands = Карты игроков в повторе: { $value }
value-replay_hands-off = скрыты
value-replay_hands-on = видны после игры
option-round_break = Пауза компьютеров после раунда: { $value }
value-round_break-0 = нет
option-best_of = Матч: { $value }
value-best_of-1 = одна партия
value-best_of-3 = до двух побед (из трёх партий)
value-best_of-5 = до трёх побед (из пяти партий)
option-decks = Колоды: { $value }
value-seconds = { $seconds ->
    [0] без ограничения
   *[other] { $seconds } с
}
value-minutes = { $minutes } мин
value-hours = { $hours } ч
value-timeout-auto = бот делает один ход
value-timeout-bot = бот занимает место
value-timeout-none = только напоминание
value-decks-standard = обычные, по 54 карты
value-decks-own = свои у каждого (собрать: /deck)

## Кнопки
btn-join = ✋ Сесть
btn-leave = 🚪 Выйти
btn-start = ▶ Начать
btn-cancel = ✖ Отменить
btn-computers = 🤖 Компьютерные игроки
btn-add-computer = 🤖 + { $level ->
    [easy] слабый
    [strong] сильный
   *[other] средний
}
btn-remove-computer = ✖ { $player } 🤖
btn-computers-done = ⬅ Готово
btn-back = ⬅ Назад
btn-cancel-move = ✖ Отмена
btn-why-not = ❓ Почему нельзя?
btn-hint = 💡 Подсказка
why-not-title = ❓ Почему нельзя:
btn-vote-yes = 👍 Да
btn-vote-no = 👎 Нет
btn-remove = 🗳 Отдать боту место игрока { $player }
btn-takeback = ↩ Отменить ход
btn-rematch = 🔁 Сыграть ещё раз
btn-stop-yes = ⛔ Да, остановить
btn-stop-no = ▶ Нет, играть дальше
btn-next-round = ▶ { $game ->
    [curling] Следующий энд
    [caravan] Следующая партия
    [klotho] Следующий тур
    [krendzu] Следующий тур
    [klac] Следующая партия
   *[other] Следующий раунд
}

## Подписи к столу
caption-turn = ▶ Ходит: { $player }
caption-winners = 🏆 Игра окончена. { $outcome ->
    [draw] Ничья: { $players }
   *[other] Победа: { $players }
}
caption-aborted = ⛔ Игра остановлена.
caption-takeback = ↩ Ход отменён: всё как было до него.
caption-held = ⏸ { $game ->
    [curling] Энд подсчитан.
    [caravan] Партия подсчитана.
    [klotho] Тур подсчитан.
    [krendzu] Тур подсчитан.
    [klac] Партия подсчитана.
   *[other] Раунд подсчитан.
} Компьютеры ждут вас: нажмите ▶, когда будете готовы.

## Личный экран игрока
seat-your-turn = 🟢 Ваш ход.
hint-line = 💡 Компьютер сыграл бы так: { $move }
seat-waiting = ⏳ Сейчас не ваш ход; я напишу, когда он наступит.
seat-game-over = Игра окончена.

## Объявления в чате
notice-auto-move = { $reason ->
    [timeout] ⏰ У игрока { $seat } вышло время: ход сделал бот.
   *[bot] 🤖 Ход за игрока { $seat } сделал бот.
}
notice-seat-to-bot = 🤖 Игрок { $seat } выходит из игры: дальше на этом месте играет бот.
notice-turn-overdue = ⏰ У игрока { $seat } вышло время. Можно проголосовать, чтобы это место занял бот.
notice-turn-reminder = ⏰ Ваш ход: осталось { $seconds } с.
notice-vote-progress = 🗳 Голосование { $vote ->
    [remove] за то, чтобы место игрока { $subject } занял бот
   *[abort] за остановку игры
}. За — { $yes } из { $total }.
notice-vote-failed = 🗳 Голосование «{ $kind }» не прошло.
notice-vote-expired = 🗳 Время голосования «{ $kind }» истекло.
notice-game-aborted = ⛔ Игра остановлена голосованием.
notice-game-aborted-chat-lost = ⛔ Игра остановлена: я больше не могу писать в этот чат.
notice-game-stopped = ⛔ Игра остановлена.
notice-takeback = ↩ { $seat } отменяет свой последний ход.

## Остановка игры против компьютера (без голосования, поэтому с вопросом)
stop-question = ⛔ Остановить игру «{ $game }»? Она не попадёт в статистику.
stop-done = ⛔ Игра остановлена.
stop-kept = ▶ Играем дальше.
vote-kind-abort = остановить игру
vote-kind-remove = отдать место боту

## Ошибки (их видит только тот, кто их вызвал)
error-internal = Что-то пошло не так. Попробуйте ещё раз.
error-table-not-found = Этого стола больше нет.
error-chat-busy = В этом чате уже есть стол. Сначала закончите или остановите игру.
error-not-seated = Вы не играете за этим столом.
error-not-your-button = Эти кнопки принадлежат другому игроку.
error-wrong-phase = Сейчас это сделать нельзя.
error-stale = Кнопка устарела: пользуйтесь последним сообщением.
error-stale-choice = Этот вариант больше недоступен.
error-not-allowed = Это может сделать только хозяин стола.
error-conflict = Слишком много всего сразу; попробуйте ещё раз.
error-slow-down = Не так быстро: подождите несколько секунд и нажмите снова.
error-unavailable = Хранилище бота сейчас недоступно. Попробуйте чуть позже.
error-bad-request = Эта кнопка недействительна.
error-already-seated = Вы уже за этим столом.
error-table-full = Стол заполнен ({ $max } { $max ->
    [one] игрок
    [few] игрока
   *[other] игроков
}).
error-not-enough-players = Нужно хотя бы { $min } { $min ->
    [one] игрок
    [few] игрока
   *[other] игроков
}.
error-start-too-soon = Сейчас начать может только хозяин стола; остальные — через { $seconds } с.
error-seat-taken-over = За вас теперь играет бот.
error-vote-open = Такое голосование уже идёт.
error-vote-closed = Это голосование закончилось.
error-vote-not-a-voter = Вы не участвуете в этом голосовании.
error-vote-already-voted = Вы уже проголосовали.
error-game-error = Правила этого не позволяют.
error-invalid-state = Сохранённые данные игры повреждены; продолжить её нельзя.
error-nothing-here = Здесь ходить некуда.
error-illegal-action = Так ходить нельзя.
error-not-your-turn = Сейчас не ваш ход.
error-game-over = Игра окончена.
error-malformed-action = Такого хода не бывает.
error-invalid-card = Такой карты в этой игре нет.
error-invalid-options = Такое значение настройки недопустимо ({ $option }).
error-invalid-seats = В эту игру играют от { $min } до { $max } { $max ->
    [one] игрока
   *[other] игроков
}.
error-unknown-game = Такой игры нет.
error-klac-card-not-in-hand = Этой карты нет у вас на руке.
error-klac-colour-mismatch = Карту можно положить только на стопку своего цвета.
error-ai-nothing-to-do = Сейчас делать нечего.
error-ai-unknown-level = У компьютера нет такого уровня игры.
error-no-such-seat = Такого игрока нет.
error-hints-off = Подсказки за этим столом выключены.
error-takeback-none = Отменять больше нечего.
error-only-alone = Так можно только в игре одного человека против компьютера.
error-klac-no-such-seat = Такого игрока нет.
error-klac-no-such-stack = Такой стопки нет.
error-klac-unknown-action = Такого хода не бывает.
error-klac-bad-arity = Такого хода не бывает.
error-klac-invalid-card = Это не карта «Клац!».

error-klotho-already-voted = Вы уже проголосовали.
error-klotho-bad-arity = Такого хода не бывает.
error-klotho-bad-choice = Выберите очко или половину победы.
error-klotho-cooldown = Ваше предложение только что отклонили; подождите несколько ходов.
error-klotho-face-down = Эта карта закрыта.
error-klotho-face-up = Эта карта уже открыта.
error-klotho-in-combination = Карта входит в комбинацию, её нельзя заменить.
error-klotho-line-length = В линии ровно три карты.
error-klotho-no-face-down-neighbour = Заменить можно только карту рядом с закрытой.
error-klotho-no-such-cell = Такой клетки нет.
error-klotho-no-triplet = Сейчас нечего выбирать: триплета нет.
error-klotho-no-vote = Сейчас нет голосования.
error-klotho-not-adjacent = Можно действовать только рядом со своей фишкой.
error-klotho-not-placement = Фишки уже расставлены.
error-klotho-occupied = На этой карте стоит фишка.
error-klotho-placement = Сначала все ставят фишки.
error-klotho-stock-empty = Колода кончилась: заменять больше нельзя.
error-klotho-triplet-pending = Сначала нужно выбрать, что взять за триплет.
error-klotho-claims-open = Сейчас заявляют очки за новую линию: подождите несколько секунд.
error-klotho-nothing-to-claim = Вам нечего заявлять: ни в одной новой линии ваша фишка не стоит посередине.
error-klotho-no-claims = Сейчас нечего заявлять.
error-klotho-unknown-action = Такого хода не бывает.
error-klotho-vote-open = Голосование уже идёт.
error-klotho-vote-placement = Предложить это можно только после расстановки фишек.
stats-title = 📊 { $player }
stats-line = { $game }: сыграно { $played }, побед { $won }
stats-hints = ↳ 💡 подсказок: { $count }
stats-takebacks = ↳ ↩ отменённых ходов: { $count }
stats-vs-computer = ↳ против 🤖 { $level ->
    [easy] слабого
    [strong] сильного
   *[other] среднего
}: { $won }–{ $lost }
