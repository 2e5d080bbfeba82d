"""The words shared by the site's pages, in English and Russian (the lessons bring their own): the
frame of every page and the lesson bodies' blocks (STRINGS), and the words of the front end's scripts,
which the build embeds in the pages (the demo's, practice's, the numbers panel's, the offline
copy's). Each page type's own words are in its module (sitegen/pages/). No table here is changed
after it is defined: DEMO_STRINGS is made from its parts.
"""

from __future__ import annotations

# The frame of every page (site/templates/base.html) and the lesson bodies' quote and demo blocks.
STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "site_name": "Card Lottery",
        "skip": "Skip to the content",
        "nav_site": "Site",
        "switch_label": "Русский",
        "switch_title": "Эта страница по-русски",
        "footer": "The rules come from one source: a short Russian text headed «61. Карточная лотерея», by its "
                  "number an entry of a collection of games. The English translation and the lessons are this "
                  "project's.",
        "quote_link": "{pid} in the full text",
        "hand_as_text": "The hand as text",
        "note": "Note:",
        "hand_text_by_script": "This page is kept light: the steps of the hand are listed here when "
                               "JavaScript runs. Without it, read the lesson's text above.",
        "demo_missing": "The demo “{hand}” is not written yet.",
    },
    "ru": {
        "site_name": "Карточная лотерея",
        "skip": "Перейти к содержанию",
        "nav_site": "Сайт",
        "switch_label": "English",
        "switch_title": "This page in English",
        "footer": "Правила взяты из одного источника — короткого русского текста под заголовком «61. Карточная "
                  "лотерея»; судя по номеру, это статья из сборника игр. Английский перевод и уроки сделаны в этом проекте.",
        "quote_link": "{pid} в полном тексте",
        "hand_as_text": "Партия текстом",
        "note": "Примечание:",
        "hand_text_by_script": "Чтобы страница оставалась лёгкой, шаги партии появляются здесь, когда работает "
                               "JavaScript. Без него читайте текст урока выше.",
        "demo_missing": "Демонстрация «{hand}» ещё не готова.",
    },
}

LANG_NAMES = {"en": "English", "ru": "Русский"}


# The demo's own words (site/static/js reads them from the catalogue the build embeds, DEMO_STRINGS
# below, with practice's). The game's words, the cards' names and the options come from the engine
# (engine/catalogue.py).
_DEMO_OWN: dict[str, dict[str, str]] = {
    "en": {
        "demo_label": "Demo: the hand “{hand}”, step by step",
        "demo_caption": "A hand to step through: {players}, {steps}",
        "keys_hint": "Use the arrow keys ← → to step, Home and End to jump to the first or last step.",
        "first": "First step",
        "prev": "Previous step",
        "next": "Next step",
        "last": "Last step",
        "play": "Play",
        "pause": "Pause",
        "speed": "Speed",
        "step_of": "Step {n} of {total}",
        "game_of": "Game {n} of {total}",
        "slider": "Step",
        "table_text": "Table as text",
        "table_label": "The table",
        "and": " and ",
        "none": "none",
        "stake_on": "{chips} on it",
        "on_table": "On the table",
        "beaten": "{who} beats the cards: they go to the discard",
        "taken_by": "{who} cannot beat and takes the cards",
        "trick_taken": "{who} takes the trick",
        "trick_discarded": "The unfinished trick is discarded",
        "lead_discarded": "The last cards led are discarded",
        "led": "led",
        "taken": "taken",
        "sits_out": "sits out",
        "to_act": "to play",
        "you": "you",
        "your_turn_badge": "your turn",
        "note": "Note",
        "text_quote": "The text, {p}",
        "also_quote": "Also {p}",
        "original_of": "Original, {p}",
        "translation_of": "Translation, {p}",
        "moves": "Moves",
        "no_moves": "No decisions in this hand yet: the lottery runs by itself.",
        "move_round": "Round {n}",
        "move_playoff": "Play-off",
        "source_recorded": "The recorded hand",
        "source_live": "Replayed with your settings",
        "source_seat": "Your game",
        "live_heading": "Play it with the live engine",
        "live_idle": "The live engine starts when you use the demo.",
        "live_loading": "Starting the live engine (Python, in your browser)… Meanwhile the recorded hand can be stepped as usual.",
        "live_ready": "The live engine is ready.",
        "live_restarting": "The live engine stopped answering and is being restarted…",
        "live_failed": "The live engine could not start ({reason}). The recorded hand above still works.",
        # site/static/js/lib/engine-support.js: what this browser lacks for the live engine (the reason of live_failed).
        "engine_needs_newer_browser": "it needs a newer browser: this one has no {missing}",
        "feature_module_workers": "modules in web workers",
        "feature_wasm": "WebAssembly with exceptions",
        "feature_syntax": "class static blocks of JavaScript (2022)",
        "live_busy": "The engine is working…",
        "retry": "Try again",
        "engine_dead": "The engine stopped answering. It has been restarted: try again.",
        "engine_problem": "This is an engine problem, not a mistake in what you asked: the engine could not answer "
                          "this request, and would not on a second try. Other settings may work.",
        "engine_not_running": "The live engine could not start, so this cannot be done now. Try again: it will be "
                              "started again.",
        "settings": "Another reading of the text",
        "settings_hint": "Change the seed, the number of players or how an open question of the text is read, then replay the hand.",
        "settings_refused": "The engine did not replay the hand: {why}",
        "seed": "Seed (the shuffle)",
        "random_seed": "New seed",
        "players": "Number of players, not counting the banker and the dealer",
        "replay": "Replay with these settings",
        "reset": "Back to the recorded hand",
        "replayed": "Replayed by the live engine (the notes belong to the recorded hand and are not shown).",
        "moves_replaced": "The recorded moves do not fit these settings, so the computer players made every decision.",
        "seat_heading": "Take a seat",
        "seat_hint": "Sit at the table: the computer plays every other seat, you make your own decisions.",
        "seat_select": "Seat",
        "seat_banker": "The banker (spreads the stakes)",
        "take_seat": "Take this seat",
        "leave_seat": "Leave the seat",
        "leave_confirm": "Your unfinished game will be lost.",
        "leave_anyway": "Leave anyway",
        "stay_seated": "Stay",
        "new_game": "New game",
        "seat_taken": "Your seat: {seat}.",
        "seat_restored": "Your game was kept: you are back in your seat.",
        "your_turn": "Your turn.",
        "not_your_turn": "Not your turn.",
        "game_over": "The game is over.",
        "choose_move": "Choose a move, or choose cards in your hand first.",
        "choose_cards": "Choose the cards to play in your hand.",
        "selected": "Chosen: {cards}.",
        "clear_selection": "Clear the choice",
        "move_field": "Or type a move",
        "move_hint": "Notation: rank 2–10 (or T for the ten), J, Q, K, A, then suit S, H, D, C; for example lead 7H 7S, beat 7H>9H, take, play KH, stake 5 1 1 1.",
        "send_move": "Make this move",
        "undo": "Undo my last move",
        "stake_sum": "Sum: {sum} of {total}",
        "stake_send": "Set these stakes",
        "stake_card": "Card {n}",
        "notice_unknown_hand": "The link names a hand that is not on this page (“{hand}”); showing this one from the start.",
        "notice_step": "The link asks for step {step}, but this hand has steps 1 to {total}; showing step {shown}.",
        "notice_unknown": "The link has settings this demo does not have ({pairs}); they are ignored.",
        "notice_wait": "The link asks for other settings: the hand will be replayed with them when the live engine is ready.",
        "notice_engine_failed_link": "The live engine is not available, so the link’s settings cannot be applied; showing the recorded hand.",
        "notice_link_refused": "The link’s settings were not applied. {why}",
        "notice_seated": "You are seated at this demo: leave your seat to follow a link to it.",
        "dismiss": "Dismiss",
        "kiosk_invite": "Touch the screen to explore the game",
        "kiosk_keep_going": "Keep going",
        "kiosk_start_over": "Start over",
        "kiosk_text_smaller": "Smaller text",
        "kiosk_text_larger": "Larger text",
        "kiosk_other_language": "Русский",
        "kiosk_hands": "Hands",
        "kiosk_panels": "What the side of the screen shows",
        "kiosk_panel_step": "The step",
        "kiosk_panel_play": "Play a hand",
        "kiosk_new_deal": "a new deal by the engine",
        "kiosk_countdown": "Is anyone there? This screen starts over in {s} s.",
        "switch_legend": "{label}: the same deal under each reading",
        "switch_default": "{label} (the default)",
        "switch_show": "Show",
        "hand_unavailable": "The hand could not be loaded: {why}",
    },
    "ru": {
        "demo_label": "Демонстрация: партия «{hand}» по шагам",
        "demo_caption": "Партия по шагам: {players}, {steps}",
        "keys_hint": "Стрелки ← → — шаг назад и вперёд, Home и End — к первому и последнему шагу.",
        "first": "Первый шаг",
        "prev": "Предыдущий шаг",
        "next": "Следующий шаг",
        "last": "Последний шаг",
        "play": "Воспроизвести",
        "pause": "Пауза",
        "speed": "Скорость",
        "step_of": "Шаг {n} из {total}",
        "game_of": "Кон {n} из {total}",
        "slider": "Шаг",
        "table_text": "Стол текстом",
        "table_label": "Стол",
        "and": " и ",
        "none": "нет",
        "stake_on": "на ней {chips}",
        "on_table": "На столе",
        "beaten": "{who} отбивается: карты уходят в сброс",
        "taken_by": "{who} не может отбиться и забирает карты",
        "trick_taken": "Взятку берёт {who}",
        "trick_discarded": "Неоконченная взятка сбрасывается",
        "lead_discarded": "Последние выхоженные карты сбрасываются",
        "led": "ход",
        "taken": "взята",
        "sits_out": "не играет",
        "to_act": "на очереди",  # a defender too is to play: «ходит» says he leads
        "you": "вы",
        "your_turn_badge": "ваш ход",
        "note": "Примечание",
        "text_quote": "Текст, {p}",
        "also_quote": "Также {p}",
        "original_of": "Подлинник, {p}",
        "translation_of": "Перевод, {p}",
        "moves": "Ходы",
        "no_moves": "В этой партии ещё нет решений: лотерея идёт сама собой.",
        "move_round": "Круг {n}",
        "move_playoff": "Розыгрыш",
        "source_recorded": "Записанная партия",
        "source_live": "Переиграно с вашими настройками",
        "source_seat": "Ваш кон",
        "live_heading": "Сыграть на движке в браузере",
        "live_idle": "Движок запустится, когда вы начнёте пользоваться демонстрацией.",
        "live_loading": "Запускается движок (Python в вашем браузере)… Записанную партию можно смотреть и сейчас.",
        "live_ready": "Движок готов.",
        "live_restarting": "Движок перестал отвечать и перезапускается…",
        "live_failed": "Движок не запустился ({reason}). Записанная партия выше по-прежнему работает.",
        "engine_needs_newer_browser": "ему нужен браузер новее: в этом нет {missing}",
        "feature_module_workers": "модулей в веб-воркерах",
        "feature_wasm": "WebAssembly с исключениями",
        "feature_syntax": "статических блоков классов JavaScript (2022)",
        "live_busy": "Движок считает…",
        "retry": "Попробовать ещё раз",
        "engine_dead": "Движок перестал отвечать. Он перезапущен — попробуйте ещё раз.",
        "engine_problem": "Это ошибка движка, а не того, о чём вы просили: движок не смог ответить на этот запрос и "
                          "не сможет при повторе. Другие настройки, возможно, сработают.",
        "engine_not_running": "Движок не запустился, поэтому сделать это сейчас нельзя. Попробуйте ещё раз — он "
                              "запустится заново.",
        "settings": "Другое прочтение текста",
        "settings_hint": "Измените начальное число, число игроков или прочтение неясного места текста и переиграйте партию.",
        "settings_refused": "Движок не переиграл партию: {why}",
        "seed": "Начальное число (тасовка)",
        "random_seed": "Новое число",
        "players": "Число игроков, не считая банкира и сдающего",
        "replay": "Переиграть с этими настройками",
        "reset": "Вернуться к записанной партии",
        "replayed": "Переиграно движком (примечания относятся к записанной партии и не показываются).",
        "moves_replaced": "Записанные ходы не подходят к этим настройкам, поэтому все решения приняли игроки-компьютеры.",
        "seat_heading": "Сесть за стол",
        "seat_hint": "Займите место: за остальных играет компьютер, свои решения принимаете вы.",
        "seat_select": "Место",
        "seat_banker": "Банкир (распределяет ставки)",
        "take_seat": "Занять это место",
        "leave_seat": "Встать из-за стола",
        "leave_confirm": "Неоконченный кон будет потерян.",
        "leave_anyway": "Всё равно встать",
        "stay_seated": "Остаться",
        "new_game": "Новый кон",
        "seat_taken": "Ваше место: {seat}.",
        "seat_restored": "Ваш кон сохранился: вы снова за столом.",
        "your_turn": "Ваш ход.",
        "not_your_turn": "Сейчас не ваш ход.",
        "game_over": "Кон окончен.",
        "choose_move": "Выберите ход — или сначала карты на руках.",
        "choose_cards": "Выберите на руках карты, которыми хотите сыграть.",
        "selected": "Выбрано: {cards}.",
        "clear_selection": "Отменить выбор",
        "move_field": "Или введите ход",
        "move_hint": "Запись: достоинство 2–10, J (валет), Q (дама), K (король), A (туз), затем масть S (пики), H (черви), D (бубны), C (трефы); например lead 7H 7S, beat 7H>9H, take, play KH, stake 5 1 1 1. Можно и русскими буквами: В, Д, К, Т (туз), затем П, Ч, Б, Т (трефы), например play ТП — туз пик; латинская T — это десятка.",
        "send_move": "Сделать ход",
        "undo": "Отменить мой последний ход",
        "stake_sum": "Сумма: {sum} из {total}",
        "stake_send": "Поставить",
        "stake_card": "Карта {n}",
        "notice_unknown_hand": "В ссылке указана партия, которой нет на этой странице («{hand}»); показана эта партия с начала.",
        "notice_step": "Ссылка указывает шаг {step}, а в этой партии шаги с 1 по {total}; показан шаг {shown}.",
        "notice_unknown": "В ссылке есть настройки, которых у этой демонстрации нет ({pairs}); они пропущены.",
        "notice_wait": "Ссылка задаёт другие настройки: партия будет переиграна с ними, когда запустится движок.",
        "notice_engine_failed_link": "Движок недоступен, поэтому настройки из ссылки применить нельзя; показана записанная партия.",
        "notice_link_refused": "Настройки из ссылки не применены. {why}",
        "notice_seated": "Вы сидите за столом этой демонстрации: чтобы открыть ссылку, встаньте из-за стола.",
        "dismiss": "Закрыть",
        "kiosk_invite": "Коснитесь экрана, чтобы познакомиться с игрой",
        "kiosk_keep_going": "Продолжить",
        "kiosk_start_over": "Начать сначала",
        "kiosk_text_smaller": "Мельче",
        "kiosk_text_larger": "Крупнее",
        "kiosk_other_language": "English",
        "kiosk_hands": "Партии",
        "kiosk_panels": "Что показано сбоку экрана",
        "kiosk_panel_step": "Шаг",
        "kiosk_panel_play": "Сыграть партию",
        "kiosk_new_deal": "новая сдача от движка",
        "kiosk_countdown": "Здесь кто-нибудь есть? Через {s} с экран вернётся к началу.",
        "switch_legend": "{label}: та же сдача при каждом прочтении",
        "switch_default": "{label} (по умолчанию)",
        "switch_show": "Показать",
        "hand_unavailable": "Не удалось загрузить партию: {why}",
    },
}


# The numbers panel's own words (site/templates/_numbers.html, site/static/js/pages/numbers/): the
# options' names come from the engine's catalogue; the charts, their words with them, from
# engine/charts.py. Russian phrases put a count after a colon («Сыграно: 500 из 10 000»), which
# needs no agreement.
NUMBERS_STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Play many games",
        "intro": "The engine plays the games here, in your browser, each player by the policy of the demos. "
                 "Choose the table, the number of games and any readings of the text, then run. The same "
                 "seed and settings always give the same figures.",
        "no_script": "Running games needs JavaScript. The figures below were computed when the site was built.",
        "players": "Players",
        "games": "Games",
        "seed": "Seed",
        "readings": "Readings of the text",
        "run": "Run",
        "cancel": "Cancel",
        "defaults": "Defaults",
        "progress": "Games played",
        "built": "Shown: the build's run, {games} games at a table of {players}, seed {seed}, every reading "
                 "by default.",
        "starting": "Starting the engine…",
        "running": "Played: {done} of {total}",
        "rate": "{rate} games a second",
        "done": "Done: {games} games in {seconds} s, {rate} games a second.",
        "cancelled": "Cancelled after {done} games: the figures are those of the games played.",
        "refused": "The engine refused the settings: {why}",
        "bad_games": "The number of games is a whole number from 1 to {max}.",
        "failed": "The engine failed: {why}. Try again.",
        "problem": "This is an engine problem, not a mistake in the settings: the engine could not play these "
                   "games, and would not on a second try.",
        "shown_run": "Shown: your run, {games} games at a table of {players}, seed {seed}{changed}.",
        "changed": ", readings changed: {list}",
        "chart_text": "The figures as a table",
    },
    "ru": {
        "title": "Сыграть много конов",
        "intro": "Движок играет коны здесь, в вашем браузере, и каждый игрок ходит так же, как в примерах. "
                 "Выберите стол, число конов и любые прочтения текста и запустите. С тем же начальным числом "
                 "и теми же настройками цифры всегда получаются те же.",
        "no_script": "Чтобы играть коны, нужен JavaScript. Цифры ниже посчитаны при сборке сайта.",
        "players": "Игроков",
        "games": "Конов",
        "seed": "Начальное число",
        "readings": "Прочтения текста",
        "run": "Запустить",
        "cancel": "Остановить",
        "defaults": "По умолчанию",
        "progress": "Сыграно конов",
        "built": "Показано: расчёт при сборке; конов: {games}, игроков: {players}, начальное число {seed}, "
                 "все прочтения по умолчанию.",
        "starting": "Запускается движок…",
        "running": "Сыграно: {done} из {total}",
        "rate": "Конов в секунду: {rate}",
        "done": "Готово. Конов: {games}, за {seconds} с; конов в секунду: {rate}.",
        "cancelled": "Остановлено; сыграно конов: {done}. Цифры — по сыгранным конам.",
        "refused": "Движок не принял настройки: {why}",
        "bad_games": "Число конов — целое число от 1 до {max}.",
        "failed": "Сбой движка: {why}. Попробуйте ещё раз.",
        "problem": "Это ошибка движка, а не настроек: движок не смог сыграть эти коны и не сможет при повторе.",
        "shown_run": "Показано: ваш расчёт; конов: {games}, игроков: {players}, начальное число {seed}{changed}.",
        "changed": "; изменённые прочтения: {list}",
        "chart_text": "Цифры в виде таблицы",
    },
}


# Practice as a player and the questions of the records (site/static/js/demo/practice.js): the demo's
# words too. A player's name is only ever the subject, in the nominative, of a verb that does not
# change with the name («Что сделает Борис?»), and a move is the engine's present tense («ходит…»).
PRACTICE_STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "practice_heading": "Practise this hand",
        "practice_hint": "Play one player's part: before each of his decisions the demo stops and asks what he "
                         "does; the engine says what your move is worth against the best move, then the hand goes "
                         "on as recorded. Moves the rules force are not asked.",
        "practice_seat": "The player you play",
        "practice_start": "Start practising",
        "practice_stop": "Stop practising",
        "practice_started": "Practice: {name}. Step on: the demo stops before each decision of this player.",
        "practice_none": "{name} makes no decision in this hand: there is nothing to practise.",
        "practice_as": "Practice: {name}.",
        "practice_ask": "What does {name} do?",
        "practice_choose": "Choose cards in the hand, then a move; or type a move.",
        "practice_legal": "Legal: the rules allow this move.",
        "practice_illegal": "Not allowed. {why}",
        "practice_in_hand": "In the hand, {name} {move}.",
        "practice_was_forced": "The rules allowed no other move: it was forced.",
        "practice_forced": "{name} {move}: the only move the rules allow, so it was not asked and is not scored.",
        "practice_play_on": "Play on: show the recorded move",
        "practice_over": "The game is over.",
        "practice_score": "Score: {best} of {asked} as good as the best move, {legal} of {asked} legal; forced "
                          "moves, not counted: {forced}.",
        "practice_link_live": "The link asks for practice, but the demo shows other settings: practice is on the "
                              "recorded hand only.",
        "question_label": "A question before the next step",
        "question_title": "Before step {step}, a question:",
        "question_answer": "Answer",
        "question_show": "Show step {step}",
        "question_right": "Right.",
        "question_wrong": "Not quite. The right answer: {answer}.",
    },
    "ru": {
        "practice_heading": "Потренироваться на этой партии",
        "practice_hint": "Сыграйте за одного из игроков: перед каждым его решением демонстрация остановится и "
                         "спросит, как он поступит; движок скажет, чего стоит ваш выбор по сравнению с лучшим "
                         "вариантом, а партия пойдёт дальше так, как записана. Когда правила оставляют один вариант, вопроса нет.",
        "practice_seat": "Игрок, за которого вы играете",
        "practice_start": "Начать тренировку",
        "practice_stop": "Закончить тренировку",
        "practice_started": "Тренировка. Игрок: {name}. Шагайте вперёд: перед каждым решением этого игрока "
                            "демонстрация остановится.",
        "practice_none": "В этой партии {name} не принимает ни одного решения: тренироваться не на чем.",
        "practice_as": "Тренировка. Игрок: {name}.",
        "practice_ask": "Что сделает {name}?",
        "practice_choose": "Выберите карты на руках, затем вариант — или введите его.",
        "practice_legal": "Так можно: правила этот вариант допускают.",
        "practice_illegal": "Так нельзя. {why}",
        "practice_in_hand": "В партии {name} {move}.",
        "practice_was_forced": "Другого варианта правила не допускали: решение вынужденное.",
        "practice_forced": "{name} {move}: других вариантов правила не допускают, поэтому вопроса не было и в "
                           "счёт это решение не идёт.",
        "practice_play_on": "Дальше: показать, как сыграно в партии",
        "practice_over": "Кон окончен.",
        "practice_score": "Счёт: не хуже лучшего варианта — {best} из {asked}, допустимых вариантов — {legal} из "
                          "{asked}; вынужденных решений (не в счёт) — {forced}.",
        "practice_link_live": "Ссылка предлагает тренировку, но демонстрация показывает другие настройки, а "
                              "тренироваться можно только на записанной партии.",
        "question_label": "Вопрос перед следующим шагом",
        "question_title": "Перед шагом {step} — вопрос:",
        "question_answer": "Ответить",
        "question_show": "Показать шаг {step}",
        "question_right": "Верно.",
        "question_wrong": "Не совсем. Правильный ответ: {answer}.",
    },
}


# Why the live engine could not start (engine-client.js `failureText`, in the demo's
# "The live engine could not start ({reason})" and the numbers panel's failure): the demo's words.
ENGINE_FAILURE_STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "live_cause_offline": "you are offline, and this browser has not kept the engine; it starts by itself when "
                              "the network is back",
        "live_cause_unreachable": "the site did not answer: the network may be down",
        "live_cause_missing": "the site did not send the engine's files",
        "live_cause_compile": "this browser could not compile the engine's runtime (WebAssembly)",
        "live_cause_timeout": "it took too long",
        "live_cause_failed": "it failed while starting",
    },
    "ru": {
        "live_cause_offline": "вы не в сети, а браузер не сохранил движок; он запустится сам, когда сеть вернётся",
        "live_cause_unreachable": "сайт не ответил: возможно, нет сети",
        "live_cause_missing": "сайт не прислал файлы движка",
        "live_cause_compile": "браузер не смог скомпилировать среду выполнения движка (WebAssembly)",
        "live_cause_timeout": "запуск занял слишком много времени",
        "live_cause_failed": "сбой при запуске",
    },
}


# The seated visitor's opponents and his hint (seated-game.js, views/seat.js, views/live.js); the
# hint's own sentences are the engine's (engine/hint.py). In Russian the best move is «лучший
# вариант»: a «ход» is a lead (docs/style.md).
SEAT_CHOICE_STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "opponents_label": "Your opponents",
        "opponents_default": "The default computer players",
        "opponents_strong": "The strong computer players (each plays the best move as he knows the game)",
        "opponents_now_default": "Opponents: the default computer players.",
        "opponents_now_strong": "Opponents: the strong computer players.",
        "hint_button": "Hint: what each move is worth",
        "hint_best": "Hint. {reason}",
        "hint_ranked": "Every move, the best first",
    },
    "ru": {
        "opponents_label": "Соперники",
        "opponents_default": "Обычные игроки-компьютеры",
        "opponents_strong": "Сильные игроки-компьютеры (каждый выбирает лучший вариант по тому, что знает)",
        "opponents_now_default": "Соперники — обычные игроки-компьютеры.",
        "opponents_now_strong": "Соперники — сильные игроки-компьютеры.",
        "hint_button": "Подсказка: чего стоит каждый вариант",
        "hint_best": "Подсказка. {reason}",
        "hint_ranked": "Все варианты, лучший — первым",
    },
}


# The panel "What each move was worth" at a play-off decision step (demo/views/worth.js); its
# figures and sentences are the engine's (engine/analysis_page.py). In Russian a move is «вариант»,
# as in the hint: a «ход» is a lead (docs/style.md).
WORTH_STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "worth_heading": "What each move was worth",
        "worth_rank": "Rank",
        "worth_move": "Move",
        "worth_net": "Final net",
        "worth_cost": "Cost",
        "worth_played": "(the move made)",
        "worth_working": "The live engine is working out what each move was worth…",
        "worth_refused": "The engine did not analyse this decision: {why}",
    },
    "ru": {
        "worth_heading": "Чего стоил каждый вариант",
        "worth_rank": "Место",
        "worth_move": "Вариант",
        "worth_net": "Итог за кон",
        "worth_cost": "Потеря",
        "worth_played": "(так сыграно)",
        "worth_working": "Движок считает, чего стоит каждый вариант…",
        "worth_refused": "Движок не разобрал это решение: {why}",
    },
}


# Everything the demo's scripts read from the page's catalogue (its `strings`).
DEMO_STRINGS: dict[str, dict[str, str]] = {
    lang: {**_DEMO_OWN[lang], **PRACTICE_STRINGS[lang], **ENGINE_FAILURE_STRINGS[lang], **SEAT_CHOICE_STRINGS[lang],
           **WORTH_STRINGS[lang]}
    for lang in _DEMO_OWN
}


# What the reader is told when the browser refuses the space for a part of the offline copy
# (site/sw.js carries these words; offline.js shows one of them): what then works offline and what
# does not. The parts: the site (its pages and their recorded hands, kept at the first visit), the
# hands' own pages (kept a little later), the live engine (its runtime).
OFFLINE_STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "refused_site": "This browser has no room left to keep a copy of the site, so the site will not work "
                        "offline; with a network, everything works as usual.",
        "refused_pages": "Offline, the lessons and the other pages work with their recorded hands, but the hands' "
                         "own pages do not: this browser has no room left to keep them.",
        "refused_runtime": "Offline, every page works with its recorded hands, but the live engine does not: this "
                           "browser has no room left to keep it.",
        "refused_pages_runtime": "Offline, the lessons and the other pages work with their recorded hands, but "
                                 "neither the hands' own pages nor the live engine: this browser has no room left "
                                 "to keep them.",
        "dismiss": "Dismiss",
    },
    "ru": {
        "refused_site": "В браузере не осталось места для копии сайта, поэтому без сети сайт работать не будет; "
                        "при подключении к сети всё работает как обычно.",
        "refused_pages": "Без сети уроки и другие страницы работают вместе с записанными партиями, а отдельные "
                         "страницы партий — нет: в браузере не осталось места, чтобы их сохранить.",
        "refused_runtime": "Без сети все страницы работают вместе с записанными партиями, а движок — нет: в браузере "
                           "не осталось места, чтобы его сохранить.",
        "refused_pages_runtime": "Без сети уроки и другие страницы работают вместе с записанными партиями, а "
                                 "отдельные страницы партий и движок — нет: в браузере не осталось места, чтобы "
                                 "их сохранить.",
        "dismiss": "Закрыть",
    },
}
