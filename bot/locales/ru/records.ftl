## Что хранится после игр: сыгранные партии, повторы, рейтинги, удаление данных
history-title = 📜 Последние партии здесь:
history-line = { $n }. { $game } · { $date } · { $players } · 🏆 { $winners }
history-none = Здесь ещё нет сыгранных партий. Сыгранные партии хранятся 90 дней.
history-replay-hint = /replay покажет последнюю партию анимацией; /replay с номером — партию с этим номером.
history-replay-button = 🎞 { $n }. { $game } · { $date }
replay-none = Повторять пока нечего: здесь ещё нет сыгранных партий (они хранятся 90 дней).
replay-missing = Партии с номером { $n } здесь нет: список — в /history.
replay-caption = 🎞 { $game } · { $date } · { $players } · 🏆 { $winners }
replay-drawing = 🎞 Рисую повтор…
top-title = 🏅 { $game }: лучшие здесь
top-line = { $n }. { $player } — { $rating } ({ $games ->
    [one] { $games } партия
    [few] { $games } партии
   *[other] { $games } партий
})
top-none = Здесь пока ни у кого нет рейтинга в игре «{ $game }»: рейтинг дают партии между людьми.
stats-rating = ↳ ⭐ рейтинг { $rating } ± { $spread } ({ $games ->
    [one] { $games } партия в зачёт
    [few] { $games } партии в зачёт
   *[other] { $games } партий в зачёт
})
forget-done = 🧹 Готово: ваша статистика, рейтинги, выбор языка и колоды удалены везде.
forget-done-chat = 🧹 Готово: сыгранные партии, таблицы лидеров и язык этого чата тоже удалены.
forget-not-chat = Удалить сыгранные партии и таблицы лидеров этого чата может только администратор; ваши данные удалены.

## Discord: команды о том, что хранится после игр
dc-cmd-history = история
dc-cmd-history-desc = Последние сыгранные здесь партии
dc-cmd-replay = повтор
dc-cmd-replay-desc = Показать сыгранную партию анимацией
dc-opt-number = номер
dc-opt-number-desc = Её номер в /история (1 — последняя)
dc-cmd-top = лучшие
dc-cmd-top-desc = Лучшие игроки здесь по рейтингу
dc-cmd-forget = забыть
dc-cmd-forget-desc = Удалить то, что я храню о вас (администраторам — и об этом канале)
