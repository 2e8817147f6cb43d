## 💡 Подсказки: почему компьютер сыграл бы так (по его собственной оценке)
hint-why = Почему: { $reason }
klac-why-own = очки вашего набора вырастут с { $before } до { $value } { $value ->
    [one] очка
   *[other] очков
}
klac-why-own-least = из ваших ходов этот меньше всех вредит вашему набору ({ $before } → { $value })
klac-why-spoil = набор игрока { $seat } станет хуже: { $before } → { $value }
klac-why-give-least = из ваших ходов этот меньше всех помогает игроку { $seat } ({ $before } → { $value })
klac-why-end = { $ahead ->
    [true] шестая стопка завершит партию, пока вы впереди (ваш набор: { $score })
   *[other] шестая стопка завершит партию, пока для вас не стало хуже (ваш набор: { $score })
}
klotho-why-place = фишка здесь возглавит линии, которые обещают вам примерно { $points } { $points ->
    [one] очко
    [few] очка
    [many] очков
   *[other] очка
}
klotho-why-move = оттуда линии вашей фишки обещают примерно на { $points } { $points ->
    [one] очко
    [few] очка
    [many] очков
   *[other] очка
} больше
klotho-why-turn = ваши линии станут ближе к очкам: примерно на { $points } { $points ->
    [one] очко
    [few] очка
    [many] очков
   *[other] очка
}
klotho-why-replace = новая карта добавит вашим линиям примерно { $points } { $points ->
    [one] очко
    [few] очка
    [many] очков
   *[other] очка
}
klotho-why-spoil = это портит линию игрока { $seat } (ему примерно на { $points } { $points ->
    [one] очко
    [few] очка
    [many] очков
   *[other] очка
} меньше)
klotho-why-least = любой ход кому-то помогает, а этот — соперникам меньше всех
klotho-why-triplet-half = вторая половина победы выигрывает партию
klotho-why-triplet-point = половина победы ещё не выигрывает, а очко засчитается сразу
klotho-why-claim = комбинация ваша: заберите очки, пока не вышло время
klotho-why-end = если закончить раунд сейчас, ваши шансы лучше всего
klotho-why-play-on = остаток раунда обещает вам больше
krendzu-why-score = карта завершает { $cards }{ $count ->
    [1] {""}
   *[other] {" "}(всего комбинаций: { $count })
}: очки вашей стороне
krendzu-why-gives-least = любая карта здесь отдаёт очки, эта — меньше всех ({ $cards })
krendzu-why-block = карта закрывает открытую тройку { $cards }
krendzu-why-open = карта образует тройку { $cards }: до комбинации не хватает одной карты
krendzu-why-build = карта готовит комбинации, которые ваша рука может завершить
krendzu-why-safe = открытых троек нет, а здесь карта не открывает ни одной для атакующих
krendzu-why-pass = открытых троек нет: ваши карты пригодятся позже
krendzu-why-keep-hand = в руке нет одиноких карт масти, которые стоило бы отдать
krendzu-why-announce = { $count ->
    [one] отдать карту, единственную в своей масти
   *[other] отдать карты ({ $count }), единственные в своих мастях
} у вас на руке
krendzu-why-toggle = { $alone ->
    [true] { $card } — единственная карта своей масти у вас на руке
   *[other] { $card } — из одной из самых коротких ваших мастей
}
krendzu-why-exchange = отмеченные карты вам меньше всего нужны
caravan-why-win = этот ход выигрывает партию
caravan-why-sell = { $ahead ->
    [true] караван { $n } продан за { $value }, пока соперник не может до него дотянуться
   *[other] караван { $n } продан за { $value }
}
caravan-why-outbid = караван { $n } за { $value } обходит караван соперника ({ $theirs })
caravan-why-build = караван { $n } растёт: { $before } → { $value }
caravan-why-mend = караван { $n } возвращается с { $before } до { $value }
caravan-why-spoil = это портит караван { $n } соперника: { $before } → { $value }
caravan-why-discard = ни одна карта сейчас не поможет, а { $card } нужна меньше всех
caravan-why-hand = лучшие карты останутся на потом
curling-why-takeout = бросок выбивает очковую фишку соперника: у него было { $before }, станет { $value }
curling-why-count = после броска у вас в доме { $value } { $value ->
    [one] очковая фишка
    [few] очковые фишки
   *[other] очковых фишек
}
curling-why-house = ваши фишки окажутся ближе к центру
curling-why-guard = бросок прикрывает ваши фишки в доме
curling-why-hammer = хаммер останется у вас: при пустом энде он не переходит
curling-why-away = выбросить фишку выгоднее: любой бросок помог бы сопернику
curling-why-power = лучшая для вас позиция будет после этого броска мощностью ⚡{ $power }
curling-why-toggle = если перебросить этот кубик, шансы на сильную комбинацию выше
curling-why-rethrow = отмеченные кубики могут дать комбинацию сильнее
curling-why-keep = эти кубики уже дают лучшую комбинацию, на какую можно надеяться
curling-why-draw = карта из колоды, скорее всего, усилит комбинацию
curling-why-stop = с вашими картами бросок уже примерно так же хорош, как был бы с новой картой
## Что последний ход дал игроку — только ему
krendzu-told-drawn = 🔄 После обмена пришли: { $cards }
curling-told-drawn = 🃏 Вы взяли { $card }
## Что сделает ход — на шаге подтверждения
caravan-preview = ↪ { $seat }: караван { $n } { $before } → { $value }{ $status ->
    [sold] {" "}— продан
    [bust] {" "}— больше 26, перебор
   *[open] {""}
}
caravan-preview-won = ↪ Этот ход выигрывает партию.
caravan-preview-lost = ↪ После этого хода партию выигрывает соперник.
krendzu-preview-score = ↪ Завершает { $cards }: очко вашей стороне.
krendzu-preview-own-goal = ↪ Завершает { $cards }: очко атакующим, а не вам!
krendzu-preview-none = ↪ Комбинаций не завершает.
