// The interpretations of the text (engine/options.py CHOICES), named in plain language.
// Values are checked here only to turn a bad deep link into a visible notice; the engine
// checks everything again and has the last word.

export const OPTIONS = [
  {
    key: "playoff", rule: "p10, p13", values: ["beating", "tricks"],
    label: { en: "How the laid-aside cards are played off", ru: "Как разыгрываются отложенные карты" },
    names: {
      beating: { en: "By beating off (p10)", ru: "С отбоем (p10)" },
      tricks: { en: "By tricks (p13)", ru: "На взятки (p13)" },
    },
  },
  {
    key: "hosts_play", rule: "p1, p2, p5", values: ["no", "yes"],
    label: { en: "The banker and the dealer are dealt cards too", ru: "Банкир и сдающий тоже получают карты" },
    names: {
      no: { en: "No, they only run the game", ru: "Нет, они только ведут игру" },
      yes: { en: "Yes, they play as the last two seats", ru: "Да, они играют на двух последних местах" },
    },
  },
  {
    key: "stake", rule: "p4", number: true, min: 1,
    label: { en: "Each player’s payment per round, in chips", ru: "Взнос каждого игрока за круг, в фишках" },
  },
  {
    key: "contribution", rule: "p4, p7", values: ["every_round", "per_losing_card"],
    label: { en: "The new contribution after the first round", ru: "Новый взнос после первого круга" },
    names: {
      every_round: { en: "The same payment every round", ru: "Тот же взнос каждый круг" },
      per_losing_card: { en: "A payment for each card that won nothing", ru: "Взнос за каждую карту, ничего не выигравшую" },
    },
  },
  {
    key: "spread", rule: "p4", values: ["even", "random", "chosen"],
    label: { en: "How the banker spreads the sum over the four cards", ru: "Как банкир распределяет сумму по четырём картам" },
    names: {
      even: { en: "As evenly as he can", ru: "Как можно ровнее" },
      random: { en: "At random", ru: "Наугад" },
      chosen: { en: "As he chooses (the banker’s own decision)", ru: "По своему выбору (решает банкир)" },
    },
  },
  {
    key: "unclaimed", rule: "p5, p7", values: ["carry", "banker"],
    label: { en: "A stake on a card nobody holds", ru: "Ставка на карте, которой ни у кого нет" },
    names: {
      carry: { en: "Stays in the pool for the next four", ru: "Остаётся в банке на следующую четвёрку" },
      banker: { en: "The banker keeps it", ru: "Её забирает банкир" },
    },
  },
  {
    key: "short_deal", rule: "p8", values: ["deal_out", "stop"],
    label: { en: "When the dealer cannot give everyone three cards", ru: "Когда сдающему не хватает карт на всех" },
    names: {
      deal_out: { en: "He deals what is left", ru: "Он сдаёт оставшиеся" },
      stop: { en: "The lottery ends there", ru: "Лотерея на этом кончается" },
    },
  },
  {
    key: "deal", rule: "p5", values: ["packets", "single"],
    label: { en: "How the three cards are dealt", ru: "Как сдаются три карты" },
    names: {
      packets: { en: "Three at once to each player", ru: "По три сразу каждому" },
      single: { en: "One at a time, three times round", ru: "По одной, три раза по кругу" },
    },
  },
  {
    key: "beat", rule: "p10", values: ["same_suit", "any_suit"],
    label: { en: "What beats a card in the play-off", ru: "Чем бьют карту при розыгрыше" },
    names: {
      same_suit: { en: "A higher card of the same suit", ru: "Старшая карта той же масти" },
      any_suit: { en: "Any card of a higher rank", ru: "Любая карта старше достоинством" },
    },
  },
  {
    key: "failed_defence", rule: "p10", values: ["take_all", "take_unbeaten"],
    label: { en: "A player who can beat only one of two cards", ru: "Игрок может отбить только одну из двух карт" },
    names: {
      take_all: { en: "Takes both", ru: "Берёт обе" },
      take_unbeaten: { en: "Beats one and takes the other", ru: "Отбивает одну, другую берёт" },
    },
  },
  {
    key: "penalty_pile", rule: "p11", values: ["everyone", "holders_only"],
    label: { en: "Who pays the fine for cards not beaten", ru: "Кто платит штраф за неотбитые карты" },
    names: {
      everyone: { en: "Every player who failed to beat", ru: "Каждый, кто не отбился" },
      holders_only: { en: "Only players still holding cards", ru: "Только те, у кого остались карты" },
    },
  },
  {
    key: "fine", rule: "p11", number: true, min: 0,
    label: { en: "The fine per card, in chips", ru: "Штраф за карту, в фишках" },
  },
  {
    key: "suit_fines", rule: "p15", suitFines: true,
    label: { en: "The fine by suit, in chips", ru: "Штраф по мастям, в фишках" },
  },
  {
    key: "suit_fine_basis", rule: "p15", values: ["per_card", "per_suit"],
    label: { en: "The suit fine is paid", ru: "Штраф по масти платится" },
    names: {
      per_card: { en: "For every card held", ru: "За каждую карту" },
      per_suit: { en: "Once for each suit held", ru: "Один раз за каждую масть" },
    },
  },
  {
    key: "empty_hand_at_start", rule: "p9, p11, p14", values: ["sits_out", "ends_playoff"],
    label: { en: "A player with no cards when the play-off begins", ru: "Игрок без карт к началу розыгрыша" },
    names: {
      sits_out: { en: "Sits out", ru: "Не участвует" },
      ends_playoff: { en: "The play-off is over at once", ru: "Розыгрыш сразу окончен" },
    },
  },
  {
    key: "last_card", rule: "p14", values: ["finish_trick", "stop_at_once"],
    label: { en: "A player plays his last card in the middle of a trick", ru: "Игрок кладёт последнюю карту посреди взятки" },
    names: {
      finish_trick: { en: "The trick is finished and taken", ru: "Взятка доигрывается" },
      stop_at_once: { en: "Play stops at once", ru: "Игра тут же кончается" },
    },
  },
];

export const OPTION_BY_KEY = Object.fromEntries(OPTIONS.map((o) => [o.key, o]));
export const SUITS_BY_FINE = ["H", "C", "D", "S"];

/** "H=4 C=3 D=2 S=1" -> {H: 4, C: 3, D: 2, S: 1}, or null when malformed. */
export function parseSuitFines(text) {
  const out = {};
  for (const item of String(text).replace(/,/g, " ").trim().split(/\s+/)) {
    const m = /^([SHDC])=(\d+)$/i.exec(item);
    if (!m) return null;
    const suit = m[1].toUpperCase();
    if (suit in out) return null;
    out[suit] = Number(m[2]);
  }
  return Object.keys(out).length === 4 ? out : null;
}

export function formatSuitFines(fines) {
  return SUITS_BY_FINE.map((s) => `${s}=${fines[s]}`).join(" ");
}

/** Whether `value` (text) is acceptable for option `key`; returns the value to use or null. */
export function checkOption(key, value) {
  const meta = OPTION_BY_KEY[key];
  if (!meta) return null;
  if (meta.number) {
    if (!/^\d+$/.test(String(value))) return null;
    const n = Number(value);
    return n >= meta.min && n <= 1000000 ? n : null;
  }
  if (meta.suitFines) {
    const fines = parseSuitFines(value);
    return fines ? formatSuitFines(fines) : null;
  }
  return meta.values.includes(value) ? value : null;
}
