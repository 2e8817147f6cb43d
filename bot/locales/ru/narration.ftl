## Каждый ход словами (bot/core/narration)
tell-klac-play = { $player } кладёт { $card } { $own ->
    [true] в свой набор
   *[other] в набор игрока { $target }
}: { $how ->
    [extend] новая стопка
   *[cover] на стопку { $stack }
}{ $merged ->
    [true] , и две стопки слились
   *[other] {""}
}; набор { $row ->
    [0] приносит 0 (не все три цвета)
   *[other] приносит { $row }
}.
tell-klac-draw = 🂠 Вы взяли { $card }.
tell-klac-row = { $player }: { $tops } = { $score }
tell-klac-row-short = { $player }: { $tops }, нет { $missing } = 0
tell-klac-round-end = 🏁 Подсчёт партии { $round } (верхние карты; набор приносит очки, только если в нём все три цвета): { $rows }. Всего: { $totals }.
tell-klotho-tour-end = 🏁 Тур { $tour } окончен{ $vote ->
    [true] {" "}по согласию
   *[other] {""}
}: { $scores }.
tell-klotho-propose = 🗳 { $player } предлагает закончить тур.
tell-klotho-vote = 🗳 { $player } голосует { $vote ->
    [yes] за конец тура
   *[no] за продолжение
}.
tell-krendzu-place = { $player } кладёт { $card } на { $cell }
tell-krendzu-first = { $player } кладёт { $card } на { $cell }, за ней последует вторая карта
tell-krendzu-second = { $player } кладёт вторую карту, { $card }, на { $cell }
tell-krendzu-combo = { $kind ->
    [suit] линия { $suit }
   *[progression] прогрессия
} { $cards }{ $own ->
    [true] {" "}(автогол)
   *[other] {""}
}
tell-krendzu-scored = ⭐ { $combos } — ⚔ { $attack } +{ $count }
tell-krendzu-gave = 🔄 Вы отдали { $cards }.
tell-krendzu-got = 🔄 Вы получили { $cards }.
tell-krendzu-tour-end = 🏁 Тур { $tour } окончен: { $count ->
    [0] ни одной комбинации, ⚔ { $attack } без очков
    [one] { $count } комбинация, ⚔ { $attack } +{ $count }
    [few] { $count } комбинации, ⚔ { $attack } +{ $count }
   *[other] { $count } комбинаций, ⚔ { $attack } +{ $count }
}. Матч: { $totals }.
tell-caravan-value = (вес каравана теперь { $value }{ $status ->
    [sold] , продан
    [bust] , перегружен
   *[other] {""}
})
tell-caravan-discard = 🗑 Вы сбросили { $card }.
tell-caravan-draw = 🂠 Вы взяли { $card }.
tell-curling-roll = 🎲 { $player } бросает кубики: { $dice }.
tell-curling-rethrow = 🔁 { $player } перебрасывает { $count ->
    [one] { $count } кубик
    [few] { $count } кубика
   *[other] { $count } кубиков
} → { $dice }.
tell-curling-keep = ✔ { $player } оставляет кубики: { $dice }.
tell-curling-draw = 🃏 { $player } берёт { $card } { $source ->
    [deck] из колоды
   *[other] из карт игрока { $opponent }
}.
tell-curling-stop = ✋ { $player } останавливается: { $count ->
    [0] без подменных карт
    [one] { $count } подменная карта
    [few] { $count } подменные карты
   *[other] { $count } подменных карт
}.
tell-curling-throw = { $mark } { $player }: { $combo } → { curling-trajectory } { $numbers } с { $start }, ⚡{ $power }{ $out ->
    [0] {""}
    [one] ; { $out } фишка покинула поле
    [few] ; { $out } фишки покинули поле
   *[other] ; { $out } фишек покинули поле
}{ $foul ->
    [true] {" "}— ⚠ фол
   *[other] {""}
}.
tell-curling-null = 🗑 { $player } выбрасывает фишку ({ $combo }).
tell-curling-house = В доме: { $red } : { $blue }.
tell-curling-zones = В доме: центр { $centre }, средняя зона { $middle }, внешняя { $outer } (счёт от центра наружу, «сохрани последний ноль»).
