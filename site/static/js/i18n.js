// Every interface string of the demo, in English and Russian. Card names follow
// engine/narration.py ("queen of spades" / «дама пик»).

export const LANGS = ["en", "ru"];

const RANK_NAMES = {
  en: { 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten",
    11: "jack", 12: "queen", 13: "king", 14: "ace" },
  ru: { 2: "двойка", 3: "тройка", 4: "четвёрка", 5: "пятёрка", 6: "шестёрка", 7: "семёрка", 8: "восьмёрка",
    9: "девятка", 10: "десятка", 11: "валет", 12: "дама", 13: "король", 14: "туз" },
};
const SUIT_NAMES = {
  en: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
  ru: { S: "пик", H: "червей", D: "бубен", C: "треф" },
};
// The short index printed on a card face: English letters, or the Russian В Д К Т.
const RANK_INDEX = {
  en: { 11: "J", 12: "Q", 13: "K", 14: "A" },
  ru: { 11: "В", 12: "Д", 13: "К", 14: "Т" },
};
// The suit letter printed beside the suit's shape (suits told apart without colour).
export const SUIT_LETTER = {
  en: { S: "S", H: "H", D: "D", C: "C" },
  ru: { S: "П", H: "Ч", D: "Б", C: "Т" },
};
export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANK_FROM_TEXT = { T: 10, J: 11, Q: 12, K: 13, A: 14 };

/** "QS" -> {rank: 12, suit: "S"}; null when it is not a card. */
export function parseCard(code) {
  if (typeof code !== "string" || code.length < 2) return null;
  const suit = code.slice(-1).toUpperCase();
  const r = code.slice(0, -1).toUpperCase();
  const rank = RANK_FROM_TEXT[r] || (/^\d+$/.test(r) ? Number(r) : NaN);
  if (!(rank >= 2 && rank <= 14) || !"SHDC".includes(suit)) return null;
  return { rank, suit };
}

export function cardName(code, lang) {
  const c = parseCard(code);
  if (!c) return code;
  const rank = RANK_NAMES[lang][c.rank];
  const suit = SUIT_NAMES[lang][c.suit];
  return lang === "en" ? `${rank} of ${suit}` : `${rank} ${suit}`;
}

export function rankIndex(rank, lang) {
  return RANK_INDEX[lang][rank] || String(rank);
}

/** "QS" -> "Q♠" (en) / "Д♠" (ru): the short form used in move lists. */
export function cardShort(code, lang) {
  const c = parseCard(code);
  if (!c) return code;
  return rankIndex(c.rank, lang) + SUIT_SYMBOL[c.suit];
}

export function listText(items, lang) {
  if (items.length <= 1) return items.join("");
  const joiner = lang === "en" ? " and " : " и ";
  return items.slice(0, -1).join(", ") + joiner + items[items.length - 1];
}

function ruPlural(n, one, few, many) {
  const m10 = Math.abs(n) % 10;
  const m100 = Math.abs(n) % 100;
  if (m10 === 1 && m100 !== 11) return one;
  if (m10 >= 2 && m10 <= 4 && !(m100 >= 12 && m100 <= 14)) return few;
  return many;
}

export function chips(n, lang) {
  if (lang === "en") return `${n} ${Math.abs(n) === 1 ? "chip" : "chips"}`;
  return `${n} ${ruPlural(n, "фишка", "фишки", "фишек")}`;
}

export function cardsCount(n, lang) {
  if (lang === "en") return `${n} ${n === 1 ? "card" : "cards"}`;
  return `${n} ${ruPlural(n, "карта", "карты", "карт")}`;
}

export function tricksCount(n, lang) {
  if (lang === "en") return `${n} ${n === 1 ? "trick" : "tricks"}`;
  return `${n} ${ruPlural(n, "взятка", "взятки", "взяток")}`;
}

/** A signed balance: "+3", "−4", "0" (a true minus sign). */
export function signed(n) {
  if (n > 0) return `+${n}`;
  if (n < 0) return `−${-n}`;
  return "0";
}

const STRINGS = {
  en: {
    demo_label: "Demo: the hand “{hand}”, step by step",
    keys_hint: "Use the arrow keys ← → to step, Home and End to jump to the first or last step.",
    first: "First step",
    prev: "Previous step",
    next: "Next step",
    last: "Last step",
    play: "Play",
    pause: "Pause",
    speed: "Speed",
    step_of: "Step {n} of {total}",
    slider: "Step",
    table_text: "Table as text",
    table_label: "The table",
    banker: "Banker",
    dealer: "Dealer",
    pool: "Pool",
    discard: "Discard",
    banker_discard: "Banker’s discard",
    deck: "Deck",
    deck_left: "{n} left",
    takings: "Takings",
    balance: "Chips",
    row: "The banker’s four",
    row_empty: "No cards laid out",
    row_slot: "Card {n}",
    stake_on: "{chips} on it",
    won_by: "won by {who}",
    to_pool: "to the pool",
    to_banker: "to the banker",
    on_table: "On the table",
    beaten_off: "Beaten off by {who}: to the discard",
    taken_by: "{who} cannot beat: the cards go to his pile",
    trick_taken: "The trick, taken by {who}",
    trick_discarded: "The unfinished trick, discarded",
    led: "led",
    taken: "taken",
    hand: "Hand",
    aside: "Laid aside",
    penalty: "Not beaten",
    tricks: "Tricks",
    none: "none",
    sits_out: "sits out",
    to_act: "to play",
    you: "you",
    face_down: "face-down card",
    round_n: "Round {n}",
    phase_lottery: "Round {n}",
    phase_playoff: "Play-off",
    phase_over: "Game over",
    phase_start: "Start",
    note: "Note",
    text_quote: "The text, {p}",
    also: "also",
    original: "Original",
    translation: "Translation",
    moves: "Moves",
    no_moves: "No decisions in this hand yet: the lottery runs by itself.",
    move_round: "Round {n}",
    move_playoff: "Play-off",
    source_recorded: "The recorded hand",
    source_live: "Replayed live with your settings",
    source_seat: "Your game",
    // live engine
    live_heading: "Play it with the live engine",
    live_loading: "Starting the live engine (Python, in your browser)… Meanwhile the recorded hand can be stepped as usual.",
    live_ready: "The live engine is ready.",
    live_failed: "The live engine could not start ({reason}). The recorded hand above still works.",
    live_timeout: "it took more than {s} seconds",
    live_busy: "The engine is working…",
    settings: "Another reading of the text",
    settings_hint: "Change the seed, the number of players or how an open question of the text is read, then replay the hand.",
    seed: "Seed (the shuffle)",
    random_seed: "New seed",
    players: "Number of players, not counting the banker and the dealer",
    replay: "Replay with these settings",
    reset: "Back to the recorded hand",
    replayed: "Replayed by the live engine (the notes belong to the recorded hand and are not shown).",
    moves_replaced: "The recorded moves do not fit these settings, so the computer players made every decision.",
    replay_failed: "The engine refused these settings: {message}",
    seat_heading: "Take a seat",
    seat_hint: "Sit at the table: the computer plays every other seat, you make your own decisions.",
    seat_select: "Seat",
    seat_banker: "The banker (spreads the stakes himself)",
    take_seat: "Take this seat",
    leave_seat: "Leave the seat",
    seat_taken: "You sit as {seat}.",
    your_turn: "Your turn.",
    not_your_turn: "Not your turn.",
    game_over: "The game is over.",
    legal_moves: "Your legal moves",
    legal_more: "…and {n} more: choose the cards in your hand, or type the move.",
    move_field: "Or type a move",
    move_hint: "Notation: rank 2–10, J, Q, K, A then suit S, H, D, C — e.g. lead 7H 7S, beat 7H>9H, take, play KH, stake 5 1 1 1.",
    send_move: "Play this move",
    undo: "Undo my last move",
    refused: "Refused by the rules ({rule}): {message}",
    refused_plain: "Refused: {message}",
    stake_prompt: "Spread {total} on the four cards, at least 1 on each.",
    stake_sum: "Sum: {sum} of {total}",
    stake_send: "Set these stakes",
    stake_card: "Card {n}",
    selected_none: "Click cards in your hand to choose them.",
    selected: "Chosen: {cards}",
    lead_selected: "Lead the chosen cards",
    beat_selected: "Beat with the chosen cards",
    play_selected: "Play the chosen card",
    clear_selection: "Clear",
    // notices (deep links)
    notice_unknown_hand: "The link names a hand that is not on this page (“{hand}”); showing this one from the start.",
    notice_step: "The link asks for step {step}, but this hand has steps 1 to {total}; showing step {shown}.",
    notice_option: "The link has a setting this demo does not know, “{pair}”; it is ignored.",
    notice_wait: "The link asks for other settings: the hand will be replayed with them when the live engine is ready.",
    notice_engine_failed_link: "The live engine is not available, so the link’s settings cannot be applied; showing the recorded hand.",
    dismiss: "Dismiss",
    yes: "yes",
    no: "no",
  },
  ru: {
    demo_label: "Демонстрация: партия «{hand}» по шагам",
    keys_hint: "Стрелки ← → — шаг назад и вперёд, Home и End — к первому и последнему шагу.",
    first: "Первый шаг",
    prev: "Предыдущий шаг",
    next: "Следующий шаг",
    last: "Последний шаг",
    play: "Воспроизвести",
    pause: "Пауза",
    speed: "Скорость",
    step_of: "Шаг {n} из {total}",
    slider: "Шаг",
    table_text: "Стол текстом",
    table_label: "Стол",
    banker: "Банкир",
    dealer: "Сдающий",
    pool: "Банк",
    discard: "Сброс",
    banker_discard: "Сброс банкира",
    deck: "Колода",
    deck_left: "осталось {n}",
    takings: "Доход",
    balance: "Фишки",
    row: "Четвёрка банкира",
    row_empty: "Карты не выложены",
    row_slot: "Карта {n}",
    stake_on: "на ней {chips}",
    won_by: "выиграл {who}",
    to_pool: "в банк",
    to_banker: "банкиру",
    on_table: "На столе",
    beaten_off: "{who} отбился: карты в сброс",
    taken_by: "{who} не отбился: карты уходят в его колоду",
    trick_taken: "Взятка, её берёт {who}",
    trick_discarded: "Неоконченная взятка сбрасывается",
    led: "ход",
    taken: "взята",
    hand: "На руках",
    aside: "Отложено",
    penalty: "Неотбитые",
    tricks: "Взятки",
    none: "нет",
    sits_out: "не играет",
    to_act: "ходит",
    you: "вы",
    face_down: "карта рубашкой вверх",
    round_n: "Круг {n}",
    phase_lottery: "Круг {n}",
    phase_playoff: "Розыгрыш",
    phase_over: "Кон окончен",
    phase_start: "Начало",
    note: "Примечание",
    text_quote: "Текст, {p}",
    also: "также",
    original: "Подлинник",
    translation: "Перевод",
    moves: "Ходы",
    no_moves: "В этой партии ещё нет решений: лотерея идёт сама собой.",
    move_round: "Круг {n}",
    move_playoff: "Розыгрыш",
    source_recorded: "Записанная партия",
    source_live: "Переиграно с вашими настройками",
    source_seat: "Ваша игра",
    live_heading: "Сыграть с живым движком",
    live_loading: "Запускается живой движок (Python в вашем браузере)… Записанную партию можно смотреть и сейчас.",
    live_ready: "Живой движок готов.",
    live_failed: "Живой движок не запустился ({reason}). Записанная партия выше по-прежнему работает.",
    live_timeout: "прошло больше {s} секунд",
    live_busy: "Движок считает…",
    settings: "Другое прочтение текста",
    settings_hint: "Измените начальное число, число игроков или прочтение неясного места текста и переиграйте партию.",
    seed: "Начальное число (тасовка)",
    random_seed: "Новое число",
    players: "Число игроков, не считая банкира и сдающего",
    replay: "Переиграть с этими настройками",
    reset: "Вернуться к записанной партии",
    replayed: "Переиграно живым движком (примечания относятся к записанной партии и не показываются).",
    moves_replaced: "Записанные ходы не подходят к этим настройкам, поэтому все решения приняли игроки-компьютеры.",
    replay_failed: "Движок не принял эти настройки: {message}",
    seat_heading: "Сесть за стол",
    seat_hint: "Займите место: за остальных играет компьютер, свои решения принимаете вы.",
    seat_select: "Место",
    seat_banker: "Банкир (сам распределяет ставки)",
    take_seat: "Занять это место",
    leave_seat: "Встать из-за стола",
    seat_taken: "Вы играете за {seat}.",
    your_turn: "Ваш ход.",
    not_your_turn: "Сейчас не ваш ход.",
    game_over: "Кон окончен.",
    legal_moves: "Ваши допустимые ходы",
    legal_more: "…и ещё {n}: выберите карты на руках или введите ход.",
    move_field: "Или введите ход",
    move_hint: "Запись: достоинство 2–10, J, Q, K, A и масть S (пики), H (черви), D (бубны), C (трефы) — например lead 7H 7S, beat 7H>9H, take, play KH, stake 5 1 1 1.",
    send_move: "Сделать ход",
    undo: "Отменить мой ход",
    refused: "Правила не разрешают ({rule}): {message}",
    refused_plain: "Ход не принят: {message}",
    stake_prompt: "Распределите {total} по четырём картам, хотя бы 1 на каждую.",
    stake_sum: "Сумма: {sum} из {total}",
    stake_send: "Поставить",
    stake_card: "Карта {n}",
    selected_none: "Выберите карты щелчком по ним.",
    selected: "Выбрано: {cards}",
    lead_selected: "Пойти выбранными",
    beat_selected: "Отбиться выбранными",
    play_selected: "Положить выбранную",
    clear_selection: "Сбросить",
    notice_unknown_hand: "Ссылка называет партию, которой нет на этой странице («{hand}»); показана эта партия с начала.",
    notice_step: "Ссылка указывает шаг {step}, а в этой партии шаги с 1 по {total}; показан шаг {shown}.",
    notice_option: "В ссылке неизвестная настройка «{pair}»; она пропущена.",
    notice_wait: "Ссылка задаёт другие настройки: партия будет переиграна с ними, когда запустится живой движок.",
    notice_engine_failed_link: "Живой движок недоступен, поэтому настройки из ссылки применить нельзя; показана записанная партия.",
    dismiss: "Закрыть",
    yes: "да",
    no: "нет",
  },
};

/** The interface string `key` in `lang`, with {name} placeholders filled in. */
export function t(lang, key, params) {
  const table = STRINGS[lang] || STRINGS.en;
  let text = table[key];
  if (text === undefined) text = STRINGS.en[key];
  if (text === undefined) return key;
  if (params) text = text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
  return text;
}

/** The page's language: "en" or "ru" (from <html lang>). */
export function pageLang(doc = document) {
  const lang = (doc.documentElement.lang || "en").slice(0, 2).toLowerCase();
  return LANGS.includes(lang) ? lang : "en";
}

const VERBS = {
  en: { lead: "leads", beat: "beats", take: "takes", play: "plays", stake: "stakes" },
  ru: { lead: "ходит", beat: "бьёт", take: "берёт", play: "кладёт", stake: "ставки" },
};

/**
 * A move in the engine's notation ("lead 7H 7S", "beat 7H>9H", "take", "play KH", "stake 5 1 1 1")
 * as {short, long}: short with card symbols for the eye, long with card names for screen readers.
 */
export function moveText(move, lang) {
  const words = String(move).trim().split(/\s+/);
  const verb = words[0];
  const args = words.slice(1);
  const label = (VERBS[lang] && VERBS[lang][verb]) || verb;
  if (verb === "beat") {
    const pairs = args.map((a) => a.split(">"));
    const withWord = lang === "en" ? " with " : " — ";
    return {
      short: `${label} ${pairs.map(([l, c]) => cardShort(l, lang) + withWord + cardShort(c, lang)).join(", ")}`,
      long: `${label} ${pairs.map(([l, c]) => cardName(l, lang) + withWord + cardName(c, lang)).join("; ")}`,
    };
  }
  if (verb === "stake") {
    return { short: `${label} ${args.join(" + ")}`, long: `${label} ${args.join(" + ")}` };
  }
  if (verb === "lead" || verb === "play") {
    return {
      short: `${label} ${args.map((c) => cardShort(c, lang)).join(" ")}`,
      long: `${label} ${listText(args.map((c) => cardName(c, lang)), lang)}`,
    };
  }
  return { short: label, long: label };
}

/** Interface keys missing from a language (empty when both are complete; the tests check it). */
export function missingStrings() {
  const keys = new Set(Object.keys(STRINGS.en).concat(Object.keys(STRINGS.ru)));
  return [...keys].flatMap((key) => LANGS.filter((lang) => !(key in STRINGS[lang])).map((lang) => `${lang}:${key}`));
}
