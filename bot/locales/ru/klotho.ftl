## Клото
game-klotho = Клото
klotho-caption-tour = { $extra ->
    [true] Дополнительный тур { $tour }
   *[other] Тур { $tour } из { $tours }
} · поле готовит: { $dealer } · в колоде: { $stock }
klotho-caption-score = { $player }: { $points }{ $halves ->
    [0] {""}
   *[other] {" "}(½×{ $halves })
}
klotho-caption-vote = 🗳 { $player } предлагает закончить тур: согласны { $count } из { $total } ({ $yes }).
klotho-caption-triplet = ❗ У игрока { $player } триплет: очко или половина победы?
klotho-caption-contenders = ⚖ За победу борются только { $players }.
klotho-caption-claim-window = 🙋 Заявляйте! Если в новой линии ваша фишка стоит посередине, жмите «🙋 Заявить»: незаявленные очки пропадают.
klotho-kind-suit = масть
klotho-kind-figures = фигуры
klotho-kind-sequence = порядок
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
klotho-event-claim = 🙋 { $player } заявляет о комбинации
klotho-event-missed = 💨 { $player }: { $triplet ->
    [true] триплет
   *[other] { $points } { $points ->
        [one] очко
        [few] очка
       *[other] очков
    }
} на { $cells } не { $triplet ->
    [true] заявлен и пропал
   *[other] { $points ->
        [one] заявлено и пропало
       *[other] заявлены и пропали
    }
}
klotho-event-skip = ⏭ У игрока { $player } нет ходов: ход пропущен
klotho-event-vote-failed = 🗳 Предложение закончить тур отклонено.
klotho-event-vote-cancelled = 🗳 Сделан ход: предложение закончить тур снято.
klotho-event-tour-start = 🔄 Начинается { $extra ->
    [true] дополнительный тур
   *[other] тур
} { $tour }.
klotho-choice-place = { $cell } 📍
klotho-choice-move = { $cell } 🚶
klotho-choice-turn = { $cell } 🃏
klotho-choice-replace = { $cell } ♻️
klotho-choice-cell = { $cell } …
klotho-prompt-cells = Нажмите клетку: { $legend }
klotho-prompt-kind = Что сделать на { $cell }: { $legend }
klotho-legend-place = 📍 поставить фишку
klotho-legend-move = 🚶 перейти
klotho-legend-turn = 🃏 открыть карту
klotho-legend-replace = ♻️ заменить карту из колоды
klotho-legend-cell = … выбрать одно из двух
klotho-choice-triplet-point = 1 очко
klotho-choice-triplet-half = ½ победы
klotho-choice-propose = 🤝 Предложить закончить тур
klotho-choice-vote-yes = 👍 Закончить тур
klotho-choice-vote-no = 👎 Играть дальше
klotho-choice-claim = 🙋 Заявить
option-rounds = Туров: { $value } на игрока
klotho-option-full_tie = При полном равенстве: { $value }
value-full_tie-extra = дополнительные туры для равных
value-full_tie-shared = победа делится
klotho-option-scoring = Очки: { $value }
value-scoring-auto = считает бот
value-scoring-claim = только заявленные вовремя
rules-klotho =
    «Клото» («Старатель») — от 2 до 8 игроков, колода 36 карт. В каждом туре поле раскладывается рубашкой вверх (4×4; 4×5 для 5–6 игроков; 5×5 для 7–8).
    Сначала каждый ставит фишку на карту, и она открывается. Затем по очереди делают одно из: передвинуть фишку на соседнюю открытую карту без фишки; открыть соседнюю закрытую карту; заменить соседнюю открытую карту, которая не входит в комбинацию и соседствует с закрытой, картой из колоды (рубашкой вверх). Соседи — и по диагонали тоже.
    Когда карта открывается, проверяются все линии из трёх открытых карт через неё: фишка на средней карте получает по очку за масть, фигуры (J Q K A — валет, дама, король, туз) и порядок (достоинства подряд, без пропусков и без перехода через туз). Три карты одного достоинства — триплет: владелец выбирает очко или половину победы; две половинки — немедленная победа.
    Тур кончается, когда открыта последняя карта или когда все согласны его закончить. После условленного числа туров побеждает тот, у кого больше очков; при равенстве очков — тот, у кого есть половина победы; при полном равенстве равные играют дополнительные туры (или, если так выбрано при создании стола, делят победу).
    С настройкой «Очки: только заявленные вовремя» бот ничего не засчитывает сам: когда открытая карта замыкает линию, где ваша фишка посередине, за несколько секунд нажмите «🙋 Заявить», иначе очки (или триплет) пропадут.
    Кнопки: на сообщении стола ходящий игрок нажимает клетку (📍 поставить фишку, 🚶 перейти, 🃏 открыть карту, ♻️ заменить карту, … выбрать одно из двух действий).
