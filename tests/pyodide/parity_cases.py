"""Plays a fixed set of games and prints everything about them, one JSON line per game.

Run by test_engine_parity.py in CPython and in Pyodide: the two outputs must be the same bytes.
The lesson hands' record texts are pasted in as the JSON literal HANDS by `with_hands()` (a command
line argument would pass the operating system's limit on its length), read the same way in both.
"""

import json

from engine import Game, Options, Table, parse_record, play_out, random_policy, write_record
from engine.live import handle
from engine.session import Session
from engine.trace import trace, trace_game

OPTION_SETS = [
    {},
    {"playoff": "tricks"},
    {"spread": "random", "contribution": "per_losing_card", "unclaimed": "banker"},
    {"hosts_play": "yes", "deal": "single", "short_deal": "stop", "beat": "any_suit"},
    {"failed_defence": "take_unbeaten", "penalty_pile": "holders_only", "fine": 2, "empty_hand_at_start": "ends_playoff"},
    {"playoff": "tricks", "last_card": "stop_at_once", "suit_fines": "H=1 C=2 D=3 S=4", "spread": "chosen",
     "suit_fine_basis": "per_card"},
    # The readings added for the seat bias, the last lead, the lead after a take and the second stage.
    {"short_pay": "pro_rata", "deal_start": "rotates", "after_take": "same_leader", "last_lead": "stop_at_once"},
    {"playoff": "beating_then_tricks", "short_pay": "dealt_only", "penalty_pile": "everyone",
     "suit_fine_basis": "per_card", "last_card": "stop_at_once", "contribution": "per_losing_card"},
    {"playoff": "beating_then_tricks", "empty_hand_at_start": "ends_playoff", "after_take": "same_leader",
     "deal": "single", "deal_start": "rotates", "short_pay": "dealt_only", "stake": 2, "last_lead": "stop_at_once"},
    # Issue 19's readings: one stake per player with a losing card, the abandoned lead to the
    # defender, the tricks played on until one player alone holds cards (alone and as the second stage).
    {"contribution": "per_losing_player", "last_lead": "stop_taken", "deal": "single", "short_pay": "pro_rata"},
    {"playoff": "tricks", "tricks_end": "one_left", "contribution": "per_losing_player", "suit_fine_basis": "per_card"},
    {"playoff": "beating_then_tricks", "tricks_end": "one_left", "last_lead": "stop_taken", "last_card": "stop_at_once"},
    # p12's fines laid apart to be played for and p15's kitty kept apart (sessions below carry them in).
    {"fines_to": "playoff_prize", "playoff": "beating_then_tricks", "kitty": "kept_apart", "fine": 2},
    {"playoff": "tricks", "kitty": "kept_apart", "tricks_end": "one_left"},
]


def line(label: str, data: object) -> None:
    print(label, json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")))


for number, options in enumerate(OPTION_SETS):
    for seed in range(number, 60, 7):
        table = Table.default(2 + seed % 6)
        policy = random_policy(seed) if seed % 2 else None
        game = Game(table, Options.from_mapping(options), seed=seed)
        play_out(game, policy) if policy else play_out(game)
        line(f"game {number}/{seed}", trace_game(game))
        line(f"record {number}/{seed}", write_record(game))

session = Session(Table.default(4), Options(), seed=11)
line("session", [g.to_json() | {"pool_out": g.pool} for g in session.play(5)])
for label, options, carried in (("session prize", {"fines_to": "playoff_prize", "fine": 2}, {"prize": 3}),
                                ("session kitty", {"playoff": "tricks", "kitty": "kept_apart"}, {"kitty": 2})):
    session = Session(Table.default(3), Options.from_mapping(options), seed=13, **carried)
    line(label, [trace_game(g) for g in session.play(4)])

# Statistics as the page asks for them: a run in two chunks, its tally sent back; independent games
# and a session (the figures are floats: the same bytes in both, as the page and the CLI must agree).
for label, extra in (("simulate", {"options": {"playoff": "beating_then_tricks", "spread": "random"}}),
                     ("simulate session", {"carry": True, "options": {"unclaimed": "banker"}}),
                     ("simulate session apart", {"carry": True, "options": {"fines_to": "playoff_prize",
                                                                            "kitty": "kept_apart", "fine": 2,
                                                                            "playoff": "beating_then_tricks"}})):
    tally = None
    for start, count in ((0, 7), (7, 13)):
        request = {"type": "simulate", "players": 5, "seed": "19", "start": start, "count": count, "lang": "ru",
                   "tally": tally, **extra}
        reply = json.loads(handle(json.dumps(request)))
        tally = reply["result"]["tally"]
    line(label, reply)

HANDS = "[]"  # replaced by with_hands()
for number, text in enumerate(json.loads(HANDS)):
    record, _ = parse_record(text)
    line(f"hand {number}", trace(record))
