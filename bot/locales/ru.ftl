## Игры
game-klac = Клац!

## Лобби
lobby-title = 🎲 { $game }: новый стол
lobby-closed = { $game }: набор за этот стол закрыт.
lobby-started = ▶ { $game }: игра началась. Играют: { $players }.
lobby-host = (хозяин)
lobby-seats = Игроков: { $count } (от { $min } до { $max })
lobby-hint = Нажмите «Сесть», чтобы занять место. Игру начинает хозяин стола; любой игрок может начать через { $grace } с после того, как игроков станет достаточно.
option-target = Игра до: { $value } очков
option-turn_seconds = Время на ход: { $value }
option-on_timeout = Когда время вышло: { $value }
value-seconds = { $seconds ->
    [0] без ограничения
   *[other] { $seconds } с
}
value-minutes = { $minutes } мин
value-hours = { $hours } ч
value-timeout-auto = бот делает один ход
value-timeout-bot = бот занимает место
value-timeout-none = только напоминание

## Кнопки
btn-join = ✋ Сесть
btn-leave = 🚪 Выйти
btn-start = ▶ Начать
btn-cancel = ✖ Отменить
btn-back = ⬅ Назад
btn-cancel-move = ✖ Отмена
btn-vote-yes = 👍 Да
btn-vote-no = 👎 Нет

## Подписи к столу
caption-turn = ▶ Ходит: { $player }
caption-winners = 🏆 Игра окончена. Победитель: { $players }
caption-aborted = ⛔ Игра остановлена.

## Личный экран игрока
seat-your-turn = 🟢 Ваш ход.
seat-waiting = ⏳ Сейчас не ваш ход; я напишу, когда он наступит.
seat-game-over = Игра окончена.

## Объявления в чате
notice-auto-move = { $reason ->
    [timeout] ⏰ У игрока { $seat } вышло время; бот сходил за него.
   *[bot] 🤖 Бот сходил за игрока { $seat }.
}
notice-seat-to-bot = 🤖 { $seat } покинул игру; дальше за него играет бот.
notice-turn-overdue = ⏰ У игрока { $seat } вышло время. Можно проголосовать, чтобы за него играл бот.
notice-turn-reminder = ⏰ Ваш ход: осталось { $seconds } с.
notice-vote-progress = 🗳 Голосование: { $kind }{ $subject ->
    [none] {""}
   *[other] : { $subject }
}. За: { $yes } из { $total }.
notice-vote-failed = 🗳 Голосование «{ $kind }» не прошло.
notice-vote-expired = 🗳 Время голосования «{ $kind }» истекло.
notice-game-aborted = ⛔ Игра остановлена голосованием.
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
error-unavailable = Хранилище бота сейчас недоступно. Попробуйте чуть позже.
error-bad-request = Эта кнопка недействительна.
error-already-seated = Вы уже за этим столом.
error-table-full = Стол заполнен ({ $max } игроков).
error-not-enough-players = Нужно хотя бы { $min } игрока.
error-start-too-soon = Сейчас начать может только хозяин; остальные — через { $seconds } с.
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
error-invalid-seats = В эту игру играют от { $min } до { $max } игроков.
error-unknown-game = Такой игры нет.
error-klac-card-not-in-hand = Этой карты нет у вас на руке.
error-klac-colour-mismatch = Карту можно положить только на стопку своего цвета.
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
error-klotho-no-such-seat = Такого игрока нет.
error-klotho-no-triplet = Сейчас нечего выбирать: триплета нет.
error-klotho-no-vote = Сейчас нет голосования.
error-klotho-not-adjacent = Можно действовать только рядом со своей фишкой.
error-klotho-not-placement = Фишки уже расставлены.
error-klotho-occupied = На этой карте стоит фишка.
error-klotho-placement = Сначала все ставят фишки.
error-klotho-stock-empty = Колода кончилась: заменять больше нельзя.
error-klotho-triplet-pending = Сначала нужно сделать выбор за триплет.
error-klotho-unknown-action = Такого хода не бывает.
error-klotho-vote-open = Голосование уже идёт.
error-klotho-vote-placement = Предложить это можно только после расстановки фишек.

## Клац!
klac-caption-round = Партия { $round } · игра до { $target } · в колоде: { $deck }
klac-caption-score = { $player }: { $total } (+{ $row })
klac-caption-total = { $player }: { $total }
klac-event-play = { $player } → { $target }: { $card }, { $how ->
    [extend] новая стопка
   *[cover] на стопку { $stack }
}{ $merged ->
    [true] , стопки слились
   *[other] {""}
}
klac-event-round-end = 🏁 Итоги партии { $round }: { $scores }
klac-event-round-start = 🔄 Партия { $round }; первым ходит { $player }.
klac-prompt-0 = Выберите карту.
klac-prompt-1 = Перед кем её положить?
klac-prompt-2 = Новая стопка или накрыть стопку того же цвета?
klac-choice-card = { $card }
klac-choice-target = → { $seat }
klac-choice-new = ➕ Новая стопка
klac-choice-stack = Стопка { $n } ({ $card })
rules-klac =
    «Клац!» — от 2 до 6 игроков, 90 карт трёх цветов (🔵 синий, 🔶 оранжевый, 🟩 зелёный); у каждого числа свой цвет.
    В свой ход выложите одну карту с руки перед любым игроком, в том числе перед собой:
    • расширить: новая стопка в конце ряда этого игрока, или
    • накрыть: на стопку, верхняя карта которой того же цвета (считаются только верхние карты — можно превратить 14 соперника в 2).
    Затем доберите карты до трёх.
    Если в ряду две стопки показывают одно число, они сразу складываются в одну.
    Партия кончается, когда в чьём-то ряду 6 стопок или карты закончились. Ряд приносит сумму верхних карт, но только если в нём есть все три цвета; иначе 0.
    Партии повторяются, пока кто-то не наберёт цель (по умолчанию 150); побеждает набравший больше всех.

## Telegram
tg-cmd-play = начать игру в этом чате
tg-cmd-hand = прислать мою руку ещё раз
tg-cmd-rules = правила игры
tg-cmd-stop = остановить игру (голосованием)
tg-cmd-lang = язык: /lang ru или /lang en
tg-cmd-stats = мои игры и победы
tg-cmd-help = что я умею
tg-btn-open-bot = 💬 Открыть бота
tg-btn-remove = 🗳 Отдать место { $player } боту
tg-your-turn = 🟢 Ваш ход — «{ $game }»
tg-unreachable = ⚠ Не могу написать игроку { $player } в личку. { $player }, откройте бота, нажмите «Старт» и отправьте /hand.
tg-welcome = 👋 Привет! Я провожу настольные игры в групповых чатах. Добавьте меня в группу и отправьте там /play. Ваши карты будут приходить сюда, в этот чат.
tg-join-from-group = Присоединяйтесь из группы, где идёт набор: кнопка «Сесть» под сообщением стола.
tg-ready = ✅ Вы за столом. Карты придут сюда, когда игра начнётся.
tg-joined = ✅ Вы сели за стол «{ $game }». Карты придут сюда, когда игра начнётся.
tg-play-in-group = Играют в группах: добавьте меня в группу и отправьте там /play.
tg-choose-game = Во что играем?
tg-no-game = Вы сейчас не участвуете в игре.
tg-no-game-here = Вы не играете в этом чате.
tg-open-bot-first = Сначала откройте личный чат со мной и нажмите «Старт», чтобы я мог присылать вам карты.
tg-start-needs-private = Эти игроки должны сначала открыть личный чат со мной (кнопка «Открыть бота»): { $players }
tg-lang-usage = Отправьте /lang ru или /lang en.
tg-lang-set = ✅ Здесь я буду говорить по-русски.
tg-stats-title = 📊 { $player }
tg-stats-line = { $game }: сыграно { $played }, побед { $won }
tg-help =
    Я провожу настольные игры в этом чате. Каждый игрок получает карты от меня в личку и ходит кнопками; стол — картинка, которая обновляется после каждого хода.
    /play — начать игру (появится набор: нажмите «Сесть»)
    /hand — прислать мою руку ещё раз
    /rules — правила
    /stop — остановить игру (голосованием)
    /lang ru | /lang en — язык этого чата (в личке — ваш)
    /stats — ваши игры и победы

## Клото
game-klotho = Клото
klotho-caption-tour = Тур { $tour } из { $tours }{ $extra ->
    [true] {" "}(дополнительный)
   *[other] {""}
} · сдавал: { $dealer } · в колоде: { $stock }
klotho-caption-score = { $player }: { $points }{ $halves ->
    [0] {""}
   *[other] {" "}(½×{ $halves })
}
klotho-caption-vote = 🗳 { $player } предлагает закончить тур: согласны { $count } из { $total } ({ $yes }).
klotho-caption-triplet = ❗ У игрока { $player } триплет: очко или половина победы?
klotho-kind-suit = масть
klotho-kind-figures = фигуры
klotho-kind-sequence = последовательность
klotho-event-place = { $player } ставит фишку на { $cell }: { $card }
klotho-event-move = { $player } переходит на { $cell } ({ $card })
klotho-event-turn = { $player } открывает { $cell }: { $card }
klotho-event-replace = { $player } заменяет карту на { $cell } картой из колоды
klotho-event-score = ⭐ { $player } +{ $points } ({ $kinds }) на { $cells }
klotho-event-triplet = ❗ Триплет на { $cells } для игрока { $player }
klotho-event-triplet-choice = { $player } берёт { $choice ->
    [half] половину победы
   *[point] 1 очко
}
klotho-event-half-victory = 🏅 У игрока { $player } половинок победы: { $halves }
klotho-event-skip = ⏭ У игрока { $player } нет ходов, ход пропущен
klotho-event-vote-failed = 🗳 Предложение закончить тур отклонено.
klotho-event-vote-cancelled = 🗳 Сделан ход: предложение закончить тур снято.
klotho-event-tour-end = 🏁 Тур { $tour } окончен{ $reason ->
    [vote] {" "}по общему согласию
   *[other] {""}
}.
klotho-event-tour-start = 🔄 Начинается тур { $tour }.
klotho-choice-place = { $cell } 📍
klotho-choice-move = { $cell } 👣
klotho-choice-turn = { $cell } 🂠
klotho-choice-replace = { $cell } ♻
klotho-choice-cell = { $cell } …
klotho-choice-triplet-point = 1 очко
klotho-choice-triplet-half = ½ победы
klotho-choice-propose = 🤝 Предложить закончить тур
klotho-choice-vote-yes = 👍 Закончить тур
klotho-choice-vote-no = 👎 Играть дальше
option-rounds = Туров: { $value } на игрока
rules-klotho =
    «Клото» («Старатель») — от 2 до 8 игроков, колода 36 карт. В каждом туре поле раскладывается рубашкой вверх (4×4; 4×5 для 5–6 игроков; 5×5 для 7–8).
    Сначала каждый ставит фишку на карту, и она открывается. Затем по очереди делают одно из: передвинуть фишку на соседнюю открытую карту без фишки; открыть соседнюю закрытую карту; заменить соседнюю открытую карту, которая не входит в комбинацию и соседствует с закрытой, картой из колоды (рубашкой вверх). Соседи — и по диагонали тоже.
    Когда карта открывается, проверяются все линии из трёх открытых карт через неё: фишка на средней карте получает по очку за масть, фигуры (В Д К Т) и последовательность (без перехода через туз). Три карты одного достоинства — триплет: владелец выбирает очко или половину победы; две половинки — немедленная победа.
    Тур кончается, когда открыта последняя карта или когда все согласны его закончить. После условленного числа туров побеждает набравший больше очков; при равенстве играют дальше.
    Кнопки: на сообщении стола ходящий игрок нажимает клетку (📍 поставить, 👣 перейти, 🂠 открыть, ♻ заменить).
