## Крэндзю
game-krendzu = Крэндзю
krendzu-option-rounds = Кругов: { $value } (круг — 2 тура; втроём — 6)
krendzu-option-variant = Втроём: { $value }
value-variant-two_attackers = двое атакуют, один защищается
value-variant-two_defenders = один атакует, двое защищаются
option-hand = Карт у атакующего: { $value }
value-hand-0 = как рекомендуется
option-handicap = Фора защитника: { $value }
value-handicap-0 = как рекомендуется
value-handicap-1 = 1 карта
value-handicap-2 = 2 карты
option-exchange = Замена: { $value }
value-exchange-0 = без замены
value-exchange-1 = до 1 карты
value-exchange-2 = до 2 карт
value-exchange-3 = до 3 карт
value-exchange-4 = до 4 карт
value-exchange-5 = до 5 карт
krendzu-choice-announce = 🔄 { $count }
krendzu-choice-toggle = { $marked ->
    [true] ✅
   *[other] ▫️
} { $card }
krendzu-choice-exchange = 🔄 Заменить { $count } { $count ->
    [one] карту
    [few] карты
   *[other] карт
}
krendzu-choice-one = 1️⃣ Одну карту
krendzu-choice-two = 2️⃣ Две карты
krendzu-choice-pass = ⏭ Пропустить
krendzu-choice-card = { $card }
krendzu-choice-row = Ряд { $row } ({ $count })
krendzu-choice-cell = { $cell }
krendzu-choice-confirm = ✅ { $card } → { $cell }
krendzu-choice-confirm-pass = ✅ Пропустить ход
krendzu-prompt-announce = Сколько карт заменить (не больше { $max })? Число объявляется всем, карты остаются тайной.
krendzu-prompt-toggle = Отметьте { $count } { $count ->
    [one] карту
    [few] карты
   *[other] карт
} на замену: отмечено { $marked }.
krendzu-prompt-mode = Выложить одну карту, две или пропустить ход?
krendzu-prompt-card = Какую карту?
krendzu-prompt-second = Вторая карта: она может касаться любой карты поля, даже только первой.
krendzu-prompt-row = Какой ряд? Ряды пронумерованы как на картинке.
krendzu-prompt-cell = Куда? Клетки названы как на картинке.
krendzu-prompt-confirm = Подтвердите ход.
krendzu-announced = Объявлено: { $list }
krendzu-caption-tour = Тур { $tour } из { $tours } · ⚔ { $attack } · 🛡 { $defend } · отложено карт: { $aside }
krendzu-caption-legend = Рядом с именами: карты рубашкой — сколько карт на руке{ $exchange ->
    [true] , 🔄 — сколько карт игрок меняет (✓ — замена сделана)
   *[other] , ▭▭▭▭ — очки за комбинации этого тура
}, Σ — очки за матч.
krendzu-caption-exchange = 🔄 Замена (до { $max }): { $list }
krendzu-caption-score = 📊 { $list }
krendzu-caption-second = ✌ { $player } выкладывает вторую карту.
krendzu-caption-move = { $player }: { $cards }
krendzu-caption-pass = ⏭ { $player } пропускает ход.
krendzu-event-announce = { $count ->
    [0] { $player } оставляет свои карты.
    [one] { $player } меняет { $count } карту.
    [few] { $player } меняет { $count } карты.
   *[other] { $player } меняет { $count } карт.
}
krendzu-event-exchange = 🔄 { $player } сбрасывает втёмную { $count } { $count ->
    [one] карту
    [few] карты
   *[other] карт
}.
krendzu-event-skip = ⏭ У игрока { $player } нет карт: ход пропущен.
krendzu-event-tour-start = 🔄 Тур { $tour }: ⚔ { $attack } · 🛡 { $defend }
rules-krendzu =
    «Крэндзю» (карточное рэндзю) — 2–4 игрока, колода 36 карт (6–10, J, Q, K, A). Одна сторона атакует, другая защищается; в каждом туре роли меняются. Втроём либо двое атакуют и один защищается, либо один атакует и двое защищаются (одиночка ходит после каждого хода соперника); вчетвером играют двое на двое, партнёры сидят напротив.
    Номиналы: 6–10 по номиналу; валет — 2 или 12, дама — 3 или 13, король — 4 или 14, туз — 1, 5, 11 или 15; атакующие трактуют номинал каждой фигуры так, как им выгодно, в каждой линии заново.
    Раздача: атакующие получают меньше карт, чем защитники; разница — фора (см. настройки). Перед розыгрышем каждый может заменить до оговорённого числа карт: количества объявляются по очереди, начиная с защитника, потом карты сбрасываются втёмную и сдаются заново.
    Игра: первую карту (её кладёт защитник) можно положить куда угодно. Каждая следующая должна касаться карты поля стороной, а не только уголком. Атакующий кладёт ровно одну карту за ход; защитник, начиная со своего второго хода, — одну, две или ни одной. Две карты кладутся одна за другой, и вторая может касаться любой карты поля, даже только первой. Игрок без карт пропускается; когда карты кончились у атакующих, защитники обязаны выкладывать дальше.
    Четыре карты подряд в линию (по горизонтали, вертикали или диагонали) одной масти или с номиналами в арифметической прогрессии (но не четыре одного достоинства) — комбинация: очко каждому атакующему, кто бы ни положил последнюю карту. Пять в ряд — две комбинации. Тур кончается, когда выложены все карты; итог матча — сумма по турам.
    Кнопки: руку и ходы видите только вы; ход — это карта, потом клетка (названа как на картинке), потом ✅.
error-krendzu-attacker-one-card = Атакующий каждый ход выкладывает ровно одну карту.
error-krendzu-bad-arity = Такого хода не бывает.
error-krendzu-bad-count = Заменить можно от 0 до { $max } { $max ->
    [one] карты
   *[other] карт
}.
error-krendzu-card-not-in-hand = Этой карты у вас нет.
error-krendzu-corner-only = Карта должна касаться поля стороной; уголка мало.
error-krendzu-exchange-count = Отметьте на замену ровно { $count } { $count ->
    [one] карту
    [few] карты
   *[other] карт
} (сейчас отмечено { $marked }).
error-krendzu-first-turn = В первый свой ход в туре выкладывается ровно одна карта.
error-krendzu-invalid-card = Такой карты не бывает.
error-krendzu-invalid-hand = При { $seats } { $seats ->
    [one] игроке
   *[other] игроках
} у атакующего { $min }–{ $max } { $max ->
    [one] карта
    [few] карты
   *[other] карт
}: измените «Карт у атакующего» в лобби.
error-krendzu-must-place = У атакующих кончились карты: выложите одну или две.
error-krendzu-not-adjacent = Карта должна касаться стороной карты поля.
error-krendzu-occupied = Здесь уже лежит карта.
error-krendzu-one-card-left = У вас осталась одна карта: выложите её одну.
error-krendzu-origin-first = Первая карта тура открывает поле.
error-krendzu-second-card = Сначала выложите вторую карту.
error-krendzu-toggle-limit = Вы объявили { $count } { $count ->
    [one] карту
    [few] карты
   *[other] карт
} и уже все отметили: снимите отметку, чтобы выбрать другую.
error-krendzu-unknown-action = Такого хода не бывает.
error-krendzu-wrong-phase = Сейчас, на этом этапе тура, так нельзя.
