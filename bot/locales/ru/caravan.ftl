## Караван
game-caravan = Караван
caravan-prompt-0 = Выберите карту.
caravan-prompt-1 = Куда положить карту?
caravan-prompt-2 = На какую карту каравана?
caravan-prompt-disband = Какой караван распустить?
caravan-prompt-confirm = Подтвердите ход.
caravan-choice-card = { $card }
caravan-choice-caravan = 🐪 { $seat }: караван { $n } ({ $value })
caravan-choice-target = { $n }. { $card }
caravan-choice-confirm-play = ✅ { $card } → { $seat }: караван { $n }
caravan-choice-confirm-attach = ✅ { $card } на { $target } ({ $seat }: караван { $n })
caravan-choice-discard = 🗑 Сбросить
caravan-choice-confirm-discard = ✅ Сбросить { $card }
caravan-choice-disband = 💨 Распустить караван
caravan-choice-confirm-disband = ✅ Распустить караван { $n }
error-caravan-all-full = На каждой карте этого каравана уже по { $max } { $max ->
    [one] картинке
    [few] картинки
   *[other] картинок
}; класть можно только валета.
error-caravan-bad-arity = Такой ход невозможен.
error-caravan-bad-caravan = Это не караван.
error-caravan-card-not-in-hand = Этой карты нет у вас на руке.
error-caravan-custom-decks = Свои колоды задаются парой: по одной на игрока.
error-caravan-deck-bad-card = { $card } — не карта.
error-caravan-deck-bad-set = { $card }: набора «{ $set }» нет, есть наборы A, B и C.
error-caravan-deck-duplicate = { $card } из набора { $set } лежит в колоде дважды; одинаковые карты допускаются только из разных наборов.
error-caravan-deck-few-numerals = В колоде нужно не меньше { $min } { $min ->
    [one] числовой карты
   *[other] числовых карт
} (туз, 2–10), а в этой { $count }.
error-caravan-deck-not-a-list = Колода — это список карт.
error-caravan-deck-too-big = В колоде не больше { $max } { $max ->
    [one] карты
   *[other] карт
} (три набора), а в этой { $count }.
error-caravan-deck-too-small = В колоде нужно не меньше { $min } { $min ->
    [one] карты
   *[other] карт
}, а в этой { $count }.
error-caravan-disband-empty = Этот караван пуст: распускать нечего.
error-caravan-empty-caravan = Этот караван пуст: сначала в него кладут числовую карту.
error-caravan-face-limit = На { $card } уже { $max } { $max ->
    [one] картинка
    [few] картинки
   *[other] картинок
}; положить можно только валета.
error-caravan-invalid-card = Это не карта.
error-caravan-no-such-caravan = Такого каравана нет.
error-caravan-no-such-card = В этом караване нет такой карты.
error-caravan-no-such-seat = Такого игрока нет.
error-caravan-not-a-face = { $card } — числовая карта: её кладут в свой караван.
error-caravan-not-a-numeral = { $card } — картинка: её кладут на числовую карту.
error-caravan-nothing-to-disband = Все ваши караваны пусты: распускать нечего.
error-caravan-opening-no-discard = В начальном раунде сбрасывать карты нельзя.
error-caravan-opening-no-disband = В начальном раунде распускать караваны нельзя.
error-caravan-opening-numerals-only = Картинки ждут конца начального раунда: сначала в каждый караван кладут по числовой карте.
error-caravan-opening-started = В начальном раунде каждый караван получает одну карту, а в этом она уже есть.
error-caravan-own-caravans-only = Числовые карты кладут только в свои караваны.
error-caravan-queen-last-only = Даму кладут только на последнюю карту каравана.
error-caravan-same-value = У { $card } то же достоинство, что у последней карты ({ $last }): одно достоинство два раза подряд класть нельзя.
error-caravan-unknown-action = Такой ход невозможен.
error-caravan-wrong-direction = { $card } не продолжает караван { $direction ->
    [up] по возрастанию
   *[down] по убыванию
} и не совпадает с ним по масти ({ $suit ->
    [S] ♠
    [H] ♥
    [D] ♦
   *[C] ♣
}).
rules-caravan =
    «Караван» — 2 игрока, у каждого своя колода (по умолчанию полный набор из 54 карт: 52 и 2 джокера). У каждого три каравана напротив трёх караванов соперника. Цель — выиграть две пары из трёх.
    Начало: по 8 карт (если числовых карт — туз, 2–10 — меньше трёх, раздача повторяется). Начальный раунд: по очереди кладут по числовой карте в каждый свой пустой караван — по три хода; без картинок, без сброса и без добора.
    Дальше в свой ход делают одно из: сыграть карту и взять одну из колоды; сбросить карту и взять одну; распустить свой караван (без добора).
    Числовые карты (туз = 1, 2–10) кладут только в свои караваны. Нельзя класть карту того же достоинства, что последняя. С третьей карты новая карта должна продолжать направление каравана (по возрастанию или убыванию, по двум последним картам) или совпадать с ним по масти.
    Картинки кладут на числовую карту любого каравана, своего или чужого: валет убирает эту карту вместе с её картинками; дама (только на последнюю карту) меняет направление и задаёт масть; король удваивает карту (два короля — ×4); джокер на тузе убирает со стола все остальные числовые карты этой масти, на 2–10 — все остальные карты этого достоинства. На карте не больше 3 картинок, но валета можно положить всегда.
    Караван весом 21–26 продан. Пара достаётся проданному каравану, если караван соперника не продан, или более тяжёлому из двух проданных (при равенстве пара остаётся открытой). Когда все три пары разыграны одновременно, побеждает тот, у кого две или три. Кто должен ходить, не имея ни карт на руке, ни каравана, который можно распустить, проигрывает. Матч — до 1, 2 или 3 побед (из 1, 3 или 5 партий).
caravan-caption-match = Партия { $game } (матч до { $best ->
    [1] одной победы
    [3] двух побед
   *[5] трёх побед
}) · { $first } { $score } { $second }
caravan-caption-opening = Начальный раунд: каждый кладёт по числовой карте в каждый свой караван.
caravan-caption-pairs = { $player }: { $count ->
    [one] пара
   *[other] пары
} { $pairs }
caravan-event-play = { $player } → караван { $n }: { $card }
caravan-event-attach = { $player } кладёт { $card } на { $target } { $own ->
    [true] в своём караване { $n }
   *[other] в караване { $n } ({ $owner })
}{ $removed ->
    [0] {""}
   *[other] {" "}— со стола { $removed ->
        [one] уходит { $removed } карта
        [few] уходят { $removed } карты
       *[other] уходят { $removed } карт
    }
}
caravan-event-discard = { $player } сбрасывает карту.
caravan-event-disband = { $player } распускает караван { $n }.
caravan-event-redeal = { $player }: в начальной руке было меньше трёх числовых карт, карты сданы заново.
caravan-event-empty-hand = { $player } проигрывает партию: не осталось ни карт, ни караванов для роспуска.
caravan-event-game-end = 🏁 Партию { $game } выигрывает { $player } (счёт { $wins }).
caravan-event-game-start = 🔄 Партия { $game }: начинает { $player }.
caravan-where = караван { $n } ({ $player })
