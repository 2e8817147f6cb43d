## Логический керлинг
game-curling = Логический керлинг
curling-option-variant = Вариант: { $value }
value-variant-dice = кубики
value-variant-cards = карты
option-deck = Колода: { $value }
value-deck-36 = 36 карт
value-deck-52 = 52 карты
value-deck-54 = 54 карты
option-ends = Эндов: { $value }
curling-trajectory = { $trajectory ->
    [reverse] ↩ обратная
    [shortened] ↪ укороченная
    [triple] ⤴ тройная
    [quadruple] 🔄 четверная
   *[semaphore] 🚦 семафор
}
curling-combo = { $name ->
    [pair] пара
    [two_pairs] две пары
    [three] тройка
    [three_two] тройка и пара
    [straight] порядок
    [flush] масть
    [four] каре
    [poker] покер
   *[null] ничего
}
curling-choice-roll = 🎲 Бросить кубики
curling-choice-toggle = { $marked ->
    [true] 🔁{" "}
   *[other] {""}
}{ $face } { $value }
curling-choice-rethrow = 🔁 Перебросить { $count } { $count ->
    [one] кубик
    [few] кубика
   *[other] кубиков
}
curling-choice-keep = ✔ Оставить так
curling-choice-draw = 🃏 Взять карту из колоды
curling-choice-take = 🃏 Взять { $card }
curling-choice-stop = ✋ Хватит
curling-choice-combo = { curling-combo } { $numbers } · ⚡{ $power }
curling-choice-null = 🗑 Выбросить фишку
curling-choice-trajectory = { curling-trajectory } · ⚡{ $power }
curling-choice-number = { $value }
curling-choice-start = ▶ { $cell }
curling-choice-confirm = ✅ Бросок: { curling-trajectory } { $numbers } с { $start }
curling-choice-confirm-null = ✅ Выбросить фишку
curling-prompt-roll = Бросьте кубики.
curling-prompt-reroll = Отметьте кубики для одного переброса (шестёрки перебрасываются всегда) или оставьте как есть.
curling-prompt-draw = Берите подменные карты по одной или остановитесь.
curling-prompt-take = На столе пять подменных карт: берите любые карты первого игрока по одной или остановитесь.
curling-prompt-combo = Выберите комбинацию: она даёт числа для отрезков и предел мощности траектории ⚡.
curling-prompt-trajectory = Выберите траекторию: ⚡ — её мощность, сейчас можно до { $l }.
curling-prompt-number = Отрезок { $n } из { $count } идёт { $kind ->
    [guard] прямо вверх до горизонтали зоны защитников с этим номером (жёлтые метки слева)
    [house] прямо вверх до горизонтали дома с этим номером (синие метки слева)
    [diagonal] наискосок на столько клеток
   *[side] вбок на столько клеток
}: выберите число.
curling-prompt-start = Выберите стартовую клетку.
curling-prompt-confirm = На картинке — что сделает бросок. Бросаем?
curling-caption-end = { $extra ->
    [true] Дополнительный энд { $end }
   *[other] Энд { $end } из { $ends }
} · бросок { $throw } из 16{ $over ->
    [true] {""}
   *[other] {" "}· 🔨 хаммер у игрока { $hammer }
}
curling-caption-match = Матч: { $red } { $r } : { $b } { $blue } · в доме сейчас { $hr } : { $hb }
curling-caption-combo = Комбинация: { curling-combo }, числа { $numbers }
curling-caption-limit = ⚡ Мощность траектории — до { $l }{ $why ->
    [combo] : больше не даёт комбинация
    [throw] : так ограничивает прошлый бросок соперника (комбинация дала бы { $l1 })
   *[both] : столько дают и комбинация, и прошлый бросок соперника
}.
curling-caption-limit-next = ⚡ После прошлого броска соперника мощность траектории — не больше { $l2 }.
curling-caption-null = { $player } выбрасывает фишку.
curling-caption-last = { $player }: { curling-trajectory } { $numbers } с { $start }{ $out ->
    [0] {""}
    [one] , { $out } фишка покинула поле
    [few] , { $out } фишки покинули поле
   *[other] , { $out } фишек покинули поле
}{ $foul ->
    [true] {" "}— ⚠ фол
   *[other] {""}
}
rules-curling =
    «Логический керлинг» — 2 игрока, красные и синие, по 8 фишек; матч из 2–8 эндов. В каждом энде игроки по очереди бросают все 8 фишек; хаммер (последний бросок) получает тот, кто проиграл энд.
    Поле: вертикали a–h и горизонтали 0–12 (мелкие серые числа слева); на горизонтали 0 стартовые клетки c0 d0 (левые) и e0 f0 (правые). Горизонтали 1–5 — зона свободных защитников (жёлтые метки 1–5 слева); горизонтали выше нумеруются заново с 1 (синие метки 1–7); дом — b–g × синие горизонтали 1–6 с центром, средней и внешней зонами.
    Бросок идёт по траектории из 2–4 прямых отрезков (обратная, укороченная, тройная, четверная, семафор — мощность 1–5), с левых клеток поворачивая по часовой стрелке, с правых — против. Отрезок прямо вверх кончается на горизонтали, чья метка показывает его число (жёлтая — у обратной и укороченной, синяя — у остальных); любой другой отрезок проходит столько клеток, каково его число. Фишка, налетев на другую, останавливается и передаёт ей всю энергию отрезка; бывают цепочки; вытолкнутые за край фишки покидают поле.
    Кубики: бросьте пять, один раз перебросьте любые (шестёрки — всегда); комбинация даёт числа отрезков и предел мощности траектории. Карты: основные карты на столе, берите подменные по одной, потом выберите комбинацию из списка.
    Мощность траектории ⚡ ограничена комбинацией и прошлым броском соперника: если вы ведёте в доме — на единицу меньше мощности траектории того броска, при ничьей — на единицу больше, если проигрываете — любая. На бросках 2–5 энда выбить чужого защитника за поле — фол: бросок отменяется, фишка снимается.
    Счёт: центр, затем средняя, затем внешняя зона; цвет, у которого в зоне больше фишек, прибавляет разницу, но в счёте всегда остаётся ноль («сохрани последний ноль»).
    Кнопки: ходящий выбирает на сообщении стола шаг за шагом и видит картинку броска перед подтверждением.
curling-event-void = 🎲 У игрока { $player } пять шестёрок: бросок кубиков холостой, кубики брошены заново.
curling-event-foul = ⚠ Фол у игрока { $player }: на бросках 2–5 выбивать чужого защитника за поле нельзя. Бросок отменён, фишка снята.
curling-event-end = 🏁 Энд { $end } окончен: { $r } : { $b }, матч { $mr } : { $mb }{ $next ->
    [true] ; хаммер в следующем энде у игрока { $hammer }
   *[other] {""}
}.
curling-event-reshuffle = 🔀 Колода кончилась: карты из сброса перемешаны и снова стали колодой.
curling-event-deal = 🃏 Новые основные карты: { $cards }
error-curling-bad-arity = Такого хода не бывает.
error-curling-bad-cell = Такой клетки нет.
error-curling-bad-colour = Цвета — красный и синий.
error-curling-bad-deck = В колоде 36, 52 или 54 карты.
error-curling-bad-dice = Нужны пять кубиков со значениями 1–5.
error-curling-bad-die = Такого кубика нет.
error-curling-bad-number = Каждое число — от 1 до 5.
error-curling-bad-start = Фишка стартует с c0, d0, e0 или f0.
error-curling-bad-stones = Это не расстановка фишек.
error-curling-bad-throw-number = Броски энда нумеруются от 1 до 16.
error-curling-bad-zones = Для счёта нужны три зоны.
error-curling-cannot-draw = Сейчас карту взять нельзя.
error-curling-deck-closed = На столе уже пять подменных карт: теперь можно брать только карты первого игрока, по одной.
error-curling-draw-deck-first = Сначала берите карты из колоды: карты первого игрока можно брать, только когда на столе пять подменных карт.
error-curling-draw-not-offered = У первого игрока нет такой подменной карты.
error-curling-constraint = Эти числа нарушают правило траектории.
error-curling-five-cards = Комбинация — это пять карт.
error-curling-keep-marked = Кубики отмечены для переброса: перебросьте их или снимите отметку.
error-curling-keep-six = Шестёрку нужно перебросить.
error-curling-not-legal = Такой бросок сейчас невозможен.
error-curling-nothing-to-rethrow = Сначала отметьте кубики для переброса.
error-curling-number-not-in-set = Числа берутся из набора комбинации, каждое не больше одного раза.
error-curling-over-limit = Мощность ⚡{ $power } больше допустимой ⚡{ $l }: { $l2 ->
    [none] столько даёт комбинация
   *[other] комбинация даёт { $l1 }, прошлый бросок соперника — { $l2 }
}.
error-curling-preview-throw-only = Картинка бывает только у броска.
error-curling-segment-count = Каждому отрезку траектории нужно одно число.
error-curling-start-row = На стартовой горизонтали фишки не останавливаются.
error-curling-toggle-six = Шестёрка перебрасывается всегда.
error-curling-unknown-action = Такого хода не бывает.
error-curling-unknown-combo = Такой комбинации нет.
error-curling-unknown-trajectory = Такой траектории нет.
error-curling-wrong-phase = На этом шаге броска так нельзя.
curling-choice-combo-cards = { curling-combo }: { $cards } → { $numbers } · ⚡ до { $power }
curling-prompt-combo-cards = Выберите комбинацию: её карты дают числа для отрезков (2–5 — как есть, 6–10 — это 1, J — 2, Q — 3, K — 4, A — 5), и она ограничивает мощность траектории ⚡.
curling-caption-combo-made = Комбинация: { curling-combo } { $made } → числа { $numbers }
