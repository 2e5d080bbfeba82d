"""One test per rule of docs/rules.md, on stacked decks worked out by hand.

Deck orders are top card first. `deck("AS KS")` puts AS, KS on top and the other 50 cards after
them in FULL_DECK order (2S 3S ... AS 2H ... AC); `playoff_decks` (engine_helpers) builds both
decks so the lottery ends with chosen laid-aside piles. Scenario hands are listed in
engine_helpers. Seats are Anna, Boris, Vera, Gleb...; the banker is Father, the dealer Mother.
"""

from __future__ import annotations

import itertools
import math

import pytest

from engine import (
    BANKER, AgainstTheRule, CardError, CardNotHeld, FULL_DECK, Game, NotYourMove, OptionError, Options, Session, Stake,
    Table, TableError, narrate, parse_action, play_out, snapshot,
)
from engine_helpers import (
    ENDING, ENDING_MOVES, LEADER_WITHOUT_CARDS, ONE_COVER, SECOND, SITTER, THREE, TRICKS, TWO_COVERS, Recorder, balanced,
    cards, cards_in_one_place, deck, hand, kinds, of_kind, opts, play, playoff_decks, reference_below,
    reference_splitmix64, refused, table,
)

# The round-one deal used by the lottery tests (three players, packets of three):
#   Anna AS KS QS, Boris 2H 3H 4H, Vera 5D 6D 7D.
DEAL = "AS KS QS 2H 3H 4H 5D 6D 7D"


def lottery(n: int = 3, banker: str = "", dealer: str = DEAL, pool: int = 0,
            **options: object) -> tuple[Game, Recorder]:
    recorder = Recorder()
    game = Game(table(n), opts(**options), decks=(deck(banker), deck(dealer)), pool=pool, observer=recorder)
    return game, recorder


# ---------------------------------------------------------------------- p2: the table


def test_p2_card_players_sit_in_the_order_given_with_a_banker_and_a_dealer():
    game, _ = lottery(4)
    assert game.seats == ("Anna", "Boris", "Vera", "Gleb")
    start = game.events[0].to_json()
    assert start == {"kind": "game_start", "rule": ["p2"], "seats": ["Anna", "Boris", "Vera", "Gleb"],
                     "banker": "Father", "dealer": "Mother", "pool": 0,
                     "prize": 0, "kitty": 0}


def test_p2_two_decks_of_52_the_bankers_and_the_dealers():
    # The banker lays from his own deck, the dealer deals from his: the same card can be in both.
    game, _ = lottery(3, banker="AS KH 2C 3C", dealer=DEAL)
    assert of_kind(game, "lay", round=1)[0]["cards"] == ["AS", "KH", "2C", "3C"]
    assert of_kind(game, "deal", round=1)[0]["hands"]["Anna"] == ["AS", "KS", "QS"]
    assert cards_in_one_place(game)
    seeded = Game(table(3), seed=11)
    assert sorted(seeded.banker_deck) == sorted(FULL_DECK) == sorted(seeded.dealer_deck)


@pytest.mark.parametrize("bad", ["missing", "repeated"])
def test_p2_a_deck_must_be_the_52_cards(bad):
    wrong = deck()[:51] if bad == "missing" else deck()[:51] + (deck()[0],)
    with pytest.raises(CardError, match=r"AC") as error:  # AC is the card left out
        Game(table(3), decks=(deck(), wrong))
    assert "p2" in str(error.value) and "dealer" in str(error.value)


@pytest.mark.parametrize("n", [2, 3, 17])
def test_p2_two_to_seventeen_card_players_are_seated(n):
    game = Game(table(n), seed=1)
    assert len(game.seats) == n


@pytest.mark.parametrize("n", [0, 1, 18])
def test_p2_fewer_than_two_or_more_than_seventeen_card_players_are_refused(n):
    players = tuple(f"P{i}" for i in range(n))
    with pytest.raises(TableError, match=r"p2"):
        Game(Table(players, "Father", "Mother"), seed=1)


def test_p2_the_hosts_count_as_card_players_when_they_play():
    # hosts_play = yes: banker and dealer are dealt in, so 16 players + 2 hosts = 18 is too many,
    # and no players + 2 hosts = 2 card players is a table.
    with pytest.raises(TableError, match=r"18 card players"):
        Game(Table(tuple(f"P{i}" for i in range(16)), "Father", "Mother"), opts(hosts_play="yes"), seed=1)
    game = Game(Table((), "Father", "Mother"), opts(hosts_play="yes"), seed=1)
    assert game.seats == ("Father", "Mother")


@pytest.mark.parametrize("players, banker, dealer", [
    (("Anna", "Anna"), "Father", "Mother"),
    (("Anna", "Boris"), "Anna", "Mother"),
    (("Anna", "Boris"), "Father", "Father"),
    (("Anna", ""), "Father", "Mother"),
    (("Anna", "Boris"), " ", "Mother"),
])
def test_p2_every_name_is_given_and_distinct(players, banker, dealer):
    with pytest.raises(TableError):
        Game(Table(players, banker, dealer), seed=1)


# ---------------------------------------------------------------------- p3: the banker's four


def test_p3_banker_lays_the_top_four_of_his_deck_in_order():
    game, rec = lottery(3, banker="KD QC 2H 9S")
    assert of_kind(game, "lay", round=1)[0]["cards"] == ["KD", "QC", "2H", "9S"]
    state = rec.after("lay", round=1)
    assert state["row"] == ["KD", "QC", "2H", "9S"] and state["up"] == 0 and state["decks"] == [48, 52]
    # Then the next four of his deck, in order: the rest of it is 2S 3S 4S 5S 6S 7S 8S TS ...
    assert of_kind(game, "lay", round=2)[0]["cards"] == ["2S", "3S", "4S", "5S"]
    assert of_kind(game, "lay", round=3)[0]["cards"] == ["6S", "7S", "8S", "TS"]


# ---------------------------------------------------------------------- p4: the stake and its spread


def test_p4_every_player_pays_the_agreed_stake():
    game, rec = lottery(3, stake=5)
    assert of_kind(game, "pay", round=1)[0] == {
        "kind": "pay", "rule": ["p4"], "round": 1, "payments": {"Anna": 5, "Boris": 5, "Vera": 5},
        "total": 15, "pool": 15}
    assert rec.after("pay", round=1)["nets"] == [-5, -5, -5]


@pytest.mark.parametrize("n, stake, pool_in, spread", [
    (3, 5, 0, [4, 4, 4, 3]),  # 15 = 3 * 4 + 3: one more on each of the first three
    (3, 5, 2, [5, 4, 4, 4]),  # 17 with the pool carried in
    (3, 2, 0, [2, 2, 1, 1]),  # 6
    (4, 1, 0, [1, 1, 1, 1]),  # 4, the least a round may have
])
def test_p4_even_spread_gives_the_remainder_to_the_first_positions(n, stake, pool_in, spread):
    game, _ = lottery(n, dealer="", pool=pool_in, stake=stake)
    first = of_kind(game, "spread", round=1)[0]
    assert first["stakes"] == spread and first["how"] == "even" and first["rule"] == ["p4"]


def test_p4_random_spread_gives_one_chip_each_then_every_chip_by_the_stream():
    # Given decks, so the game's stream is the seed's stream from its first draw: 12 chips are
    # 1 + 1 + 1 + 1, then 8 chips, each on position below(4) of the reference SplitMix64.
    game = Game(table(3), opts(spread="random"), seed=5, decks=(deck(), deck(DEAL)))
    stream = reference_splitmix64(5)
    expected = [1, 1, 1, 1]
    for _ in range(12 - 4):
        expected[reference_below(stream, 4)] += 1
    first = of_kind(game, "spread", round=1)[0]
    assert first["stakes"] == expected and first["how"] == "random"
    for spread in of_kind(game, "spread"):  # every round: at least one each, the whole sum
        assert min(spread["stakes"]) >= 1
    for pay, spread in zip(of_kind(game, "pay"), of_kind(game, "spread")):
        assert sum(spread["stakes"]) == pay["pool"]


def test_p4_random_spread_draws_from_the_stream_that_shuffled_the_decks():
    # With a seed and no deck orders the stream first shuffles the banker's deck, then the dealer's
    # (Fisher-Yates from the end, below(i + 1) for i = 51..1), then spreads the chips.
    stream = reference_splitmix64(8)
    for _ in range(2):
        for i in range(51, 0, -1):
            reference_below(stream, i + 1)
    expected = [1, 1, 1, 1]
    for _ in range(4 * 4 - 4):  # four players at stake 4
        expected[reference_below(stream, 4)] += 1
    game = Game(table(4), opts(spread="random"), seed=8)
    assert of_kind(game, "spread", round=1)[0]["stakes"] == expected


def test_p4_chosen_spread_is_the_bankers_decision():
    game, _ = lottery(3, stake=2, spread="chosen")
    assert game.phase == "stake" and game.to_act == BANKER and game.actor_name() == "Father"
    assert snapshot(game)["to_act"] == "banker" and game.pool == 6
    # Every way to put 6 chips on four cards, at least one each, in order.
    ways = sorted(a for a in itertools.product(range(1, 7), repeat=4) if sum(a) == 6)
    assert game.legal_actions() == [Stake(a) for a in ways] and len(ways) == math.comb(5, 3)
    events = play(game, "stake 3 1 1 1")
    assert events[0].to_json() == {"kind": "spread", "rule": ["p4"], "round": 1, "stakes": [3, 1, 1, 1],
                                   "how": "chosen"}
    assert of_kind(game, "reveal", round=1)[0]["stake"] == 3


@pytest.mark.parametrize("move", ["stake 3 1 1 0", "stake 2 1 1 1", "stake 4 1 1 1", "stake 0 2 2 2"])
def test_p4_chosen_spread_must_put_the_whole_sum_with_something_on_every_card(move):
    game, _ = lottery(3, stake=2, spread="chosen")
    error = refused(game, move, AgainstTheRule)
    assert error.rule == "p4" and "(p4)" in str(error) and move in str(error)
    assert "banker" in str(error) and "summing to 6" in str(error)
    refused(game, Stake((3, 3)), AgainstTheRule)  # not four cards


@pytest.mark.parametrize("n, stake, hosts, ok", [
    (3, 1, "no", False), (2, 1, "no", False), (4, 1, "no", True), (2, 2, "no", True),
    (1, 1, "yes", False), (1, 2, "yes", True), (2, 1, "yes", True),
])
def test_p4_stake_times_card_players_below_four_is_refused(n, stake, hosts, ok):
    # Every round's pool must cover four cards with a chip each: stake * card players >= 4.
    make = lambda: Game(table(n), opts(stake=stake, hosts_play=hosts), seed=1)  # noqa: E731
    if ok:
        make()
    else:
        with pytest.raises(TableError, match=r"\(p4\)"):
            make()


# ---------------------------------------------------------------------- p5: deal and turn up


def test_p5_dealer_deals_three_to_each_player_in_packets_starting_with_the_first():
    game, _ = lottery(3)
    assert of_kind(game, "deal", round=1)[0] == {
        "kind": "deal", "rule": ["p5"], "round": 1, "short": False,
        "hands": {"Anna": ["AS", "KS", "QS"], "Boris": ["2H", "3H", "4H"], "Vera": ["5D", "6D", "7D"]}}
    assert of_kind(game, "deal", round=2)[0]["rule"] == ["p8", "p5"]


def test_option_deal_single_deals_one_card_at_a_time_round_the_table():
    game, _ = lottery(3, deal="single")
    assert of_kind(game, "deal", round=1)[0]["hands"] == {
        "Anna": ["AS", "2H", "5D"], "Boris": ["KS", "3H", "6D"], "Vera": ["QS", "4H", "7D"]}


def test_p5_holder_of_the_same_card_takes_its_whole_stake():
    # 12 paid + 2 carried in = 14, spread 4 4 3 3. Row 3H KH AS 7D: Boris holds 3H (4 chips);
    # nobody holds KH (Anna's KS is the same rank, Boris's hearts the same suit: neither is the
    # same card); Anna holds AS (3), Vera 7D (3).
    game, rec = lottery(3, banker="3H KH AS 7D", pool=2)
    reveals = [(r["position"], r["card"], r["stake"], r["winner"], r["to"]) for r in of_kind(game, "reveal", round=1)]
    assert reveals == [(1, "3H", 4, "Boris", "player"), (2, "KH", 4, None, "pool"),
                       (3, "AS", 3, "Anna", "player"), (4, "7D", 3, "Vera", "player")]
    assert of_kind(game, "reveal", round=1, card="3H")[0]["rule"] == ["p5"]
    after = rec.after("lay_aside", round=1)
    assert after["nets"] == [-4 + 3, -4 + 4, -4 + 3] and after["pool"] == 4 and after["stakes"] == [0, 0, 0, 0]


def test_p5_banker_turns_the_cards_up_in_order():
    game, rec = lottery(3, banker="3H 9C AS 7D")
    ups = [state["up"] for event, state in rec.steps if event["kind"] == "reveal" and event["round"] == 1]
    assert ups == [1, 2, 3, 4]
    assert [r["card"] for r in of_kind(game, "reveal", round=1)] == ["3H", "9C", "AS", "7D"]
    # The stake on each card leaves the table as the card is turned up.
    stakes = [state["stakes"] for event, state in rec.steps if event["kind"] == "reveal" and event["round"] == 1]
    assert stakes == [[0, 3, 3, 3], [0, 0, 3, 3], [0, 0, 0, 3], [0, 0, 0, 0]]


# ---------------------------------------------------------------------- p6, p7: discards and piles


def test_p6_banker_discards_his_open_cards_and_players_their_winning_cards():
    game, rec = lottery(3, banker="3H 9C AS 7D")
    assert of_kind(game, "discard", round=1)[0] == {
        "kind": "discard", "rule": ["p6"], "round": 1, "banker_cards": ["3H", "9C", "AS", "7D"],
        "winning": {"Anna": ["AS"], "Boris": ["3H"], "Vera": ["7D"]}}
    state = rec.after("lay", round=2)
    assert state["banker_discard"] == 4 and state["discard"] == 3
    assert [str(c) for c in game.banker_discard[:4]] == ["3H", "9C", "AS", "7D"]
    assert [str(c) for c in game.discard[:3]] == ["AS", "3H", "7D"]  # seat order: Anna, Boris, Vera


def test_p7_cards_that_won_nothing_go_onto_the_players_own_pile():
    game, rec = lottery(3, banker="3H 9C AS 7D")
    assert of_kind(game, "lay_aside", round=1)[0]["cards"] == {"Anna": ["KS", "QS"], "Boris": ["2H", "4H"],
                                                             "Vera": ["5D", "6D"]}
    state = rec.after("lay", round=2)
    assert state["aside"] == [["KS", "QS"], ["2H", "4H"], ["5D", "6D"]] and state["hands"] == [[], [], []]


def test_option_contribution_per_losing_card():
    # Round 1 (row AS KS 3H 9C): Anna wins 2 of 3 cards, Boris 1, Vera none: 1, 2 and 3 cards won
    # nothing, so round 2 costs 4, 8 and 12 chips at stake 4. Round 2 (rows and hands from the fill
    # order: row 2S 3S 4S 5S; Anna 2S 3S 4S, Boris 5S 6S 7S, Vera 8S 9S TS): 0, 2 and 3 losing cards.
    game, _ = lottery(3, banker="AS KS 3H 9C", contribution="per_losing_card")
    assert of_kind(game, "pay", round=1)[0]["payments"] == {"Anna": 4, "Boris": 4, "Vera": 4}
    second = of_kind(game, "pay", round=2)[0]
    assert second["payments"] == {"Anna": 4, "Boris": 8, "Vera": 12} and second["rule"] == ["p7", "p4"]
    assert of_kind(game, "pay", round=3)[0]["payments"] == {"Anna": 0, "Boris": 8, "Vera": 12}
    every, _ = lottery(3, banker="AS KS 3H 9C")
    assert of_kind(every, "pay", round=2)[0]["payments"] == {"Anna": 4, "Boris": 4, "Vera": 4}


def test_p7_option_contribution_per_losing_player():
    # The same rounds as above, one stake from each player who laid a card aside: round 1 leaves
    # Anna 1, Boris 2 and Vera 3 cards that won nothing (4 chips each in round 2); in round 2 all
    # three of Anna's cards win, so in round 3 she pays nothing and Boris and Vera 4 each.
    game, _ = lottery(3, banker="AS KS 3H 9C", contribution="per_losing_player")
    assert of_kind(game, "pay", round=2)[0]["payments"] == {"Anna": 4, "Boris": 4, "Vera": 4}
    assert of_kind(game, "pay", round=3)[0]["payments"] == {"Anna": 0, "Boris": 4, "Vera": 4}
    per_card, _ = lottery(3, banker="AS KS 3H 9C", contribution="per_losing_card")
    assert of_kind(per_card, "pay", round=3)[0]["payments"] == {"Anna": 0, "Boris": 8, "Vera": 12}
    assert balanced(game)


# ---------------------------------------------------------------------- p8: until a deck runs out


@pytest.mark.parametrize("short_deal", ["deal_out", "stop"])
@pytest.mark.parametrize("n", range(2, 18))
def test_p8_rounds_go_on_until_a_deck_cannot_start_another(n, short_deal):
    # The dealer needs 1 card (deal_out) or 3 per player (stop); 52 dealer cards make ceil or
    # floor of 52 / 3n rounds, and the banker (4 a round, at most 9 rounds) never runs out first.
    rounds = math.ceil(52 / (3 * n)) if short_deal == "deal_out" else 52 // (3 * n)
    game = Game(table(n), opts(short_deal=short_deal), seed=n)
    end = of_kind(game, "lottery_end")[0]
    assert end == {"kind": "lottery_end", "rule": ["p8", "p9"], "deck": "dealer", "rounds": rounds,
                   "banker_left": 52 - 4 * rounds, "dealer_left": 0 if short_deal == "deal_out" else 52 % (3 * n),
                   "played_off": True}
    assert len(of_kind(game, "lay")) == rounds == game.round


def test_p8_four_players_four_full_rounds_and_a_short_fifth():
    # 4 players: 12 cards a round, 4 rounds take 48, the 5th deals the last four (JC QC KC AC of
    # the dealer's deck in FULL_DECK order) in packets: Anna three, Boris one.
    game, _ = lottery(4, dealer="")
    assert [d["short"] for d in of_kind(game, "deal")] == [False] * 4 + [True]
    assert of_kind(game, "deal", round=5)[0]["hands"] == {"Anna": ["JC", "QC", "KC"], "Boris": ["AC"], "Vera": [],
                                                         "Gleb": []}
    assert of_kind(game, "lottery_end")[0]["rounds"] == 5


def test_p8_short_deal_one_at_a_time_goes_round_the_table():
    game, _ = lottery(4, dealer="", deal="single")
    assert of_kind(game, "deal", round=5)[0]["hands"] == {"Anna": ["JC"], "Boris": ["QC"], "Vera": ["KC"],
                                                         "Gleb": ["AC"]}


def test_option_short_deal_stop_ends_the_lottery_and_the_cards_stay_in_the_decks():
    game, _ = lottery(4, dealer="", short_deal="stop")
    assert of_kind(game, "lottery_end")[0]["rounds"] == 4 and of_kind(game, "deal", short=True) == []
    places = game.locations()
    assert [str(c) for c in places["dealer_deck"]] == ["JC", "QC", "KC", "AC"]
    assert places["banker_deck"] == list(game.banker_deck[16:])  # 4 rounds used the top 16
    assert cards_in_one_place(game)


@pytest.mark.parametrize("short_pay, round5", [
    ("everyone", {"Anna": 4, "Boris": 4, "Vera": 4, "Gleb": 4}),
    ("dealt_only", {"Anna": 4, "Boris": 4, "Vera": 0, "Gleb": 0}),
    ("pro_rata", {"Anna": 4, "Boris": 2, "Vera": 0, "Gleb": 0}),
])
def test_p8_option_short_pay_who_pays_for_the_short_last_round(short_pay, round5):
    # Four players, round 5 deals the last four cards: Anna three, Boris one, Vera and Gleb none.
    # everyone: the stake from all (p4, "those taking part pay"); dealt_only: from the two dealt
    # cards; pro_rata: a third of the stake a card, rounded up (Boris: 4/3 -> 2).
    game, _ = lottery(4, dealer="", short_pay=short_pay)
    pay = of_kind(game, "pay", round=5)[0]
    assert pay["payments"] == round5 and pay["total"] == sum(round5.values())
    assert pay["rule"] == (["p7", "p4"] if short_pay == "everyone" else ["p7", "p4", "p8"])
    assert [p["payments"] for p in of_kind(game, "pay")][:4] == [{n: 4 for n in round5}] * 4  # full rounds: all pay
    assert sum(of_kind(game, "spread", round=5)[0]["stakes"]) == pay["pool"] and balanced(game)


def test_p8_option_short_pay_per_losing_card_scales_what_each_would_pay():
    # contribution = per_losing_card: a seat would pay the stake per card that won nothing last round;
    # in the short round, pro_rata pays a third of that per card dealt (rounded up), dealt_only all of it.
    for short_pay in ("dealt_only", "pro_rata"):
        game, _ = lottery(4, dealer="", contribution="per_losing_card", short_pay=short_pay)
        losing = {name: len(cards) for name, cards in of_kind(game, "lay_aside", round=4)[0]["cards"].items()}
        dealt = {name: len(h) for name, h in of_kind(game, "deal", round=5)[0]["hands"].items()}
        full = {name: 4 * losing[name] for name in losing}
        expected = {name: (full[name] if dealt[name] else 0) if short_pay == "dealt_only" else
                    -(-full[name] * dealt[name] // 3) for name in full}
        assert of_kind(game, "pay", round=5)[0]["payments"] == expected


@pytest.mark.parametrize("short_pay", ["dealt_only", "pro_rata"])
def test_p4_a_short_round_that_cannot_put_a_chip_on_each_card_is_not_played(short_pay):
    # Stake 1, four players, nothing carried (unclaimed = banker): round 5 would raise 1 + 1 chips
    # from Anna (three cards) and Boris (one), too few for the banker's four (p4): the lottery ends.
    game, _ = lottery(4, dealer="", stake=1, unclaimed="banker", short_pay=short_pay)
    end = of_kind(game, "lottery_end")[0]
    assert end == {"kind": "lottery_end", "rule": ["p8", "p9", "p4"], "deck": "dealer", "banker_left": 36,
                   "dealer_left": 4, "rounds": 4, "played_off": True}
    assert len(of_kind(game, "lay")) == 4 and [str(c) for c in game.locations()["dealer_deck"]] == ["JC", "QC", "KC", "AC"]
    assert cards_in_one_place(game) and balanced(game)
    everyone, _ = lottery(4, dealer="", stake=1, unclaimed="banker")
    assert of_kind(everyone, "lottery_end")[0]["rounds"] == 5  # everyone pays: 4 chips, one on each card


@pytest.mark.parametrize("short_pay", ["dealt_only", "pro_rata"])
def test_p4_the_four_chips_of_a_short_round_count_the_chips_already_on_the_table(short_pay):
    # Stake 1, four players, the banker's deck in FULL_DECK order: from round 2 his fours (6S 7S 8S
    # 9S, ...) were dealt in earlier rounds, so nobody holds them and their chips stay on the table
    # (unclaimed = carry). Round 5 raises only 1 + 1 chips from Anna and Boris, but with the chips
    # on the table there is something for each of the four cards (p4): the round is played.
    game, _ = lottery(4, banker="", dealer="", stake=1, short_pay=short_pay)
    pay = of_kind(game, "pay", round=5)[0]
    assert pay["total"] == 2 and pay["pool"] >= 4 and of_kind(game, "lottery_end")[0]["rounds"] == 5
    assert sum(of_kind(game, "spread", round=5)[0]["stakes"]) == pay["pool"] and balanced(game)


@pytest.mark.parametrize("n, short_pay, payments", [
    (3, "pro_rata", {"Anna": 4, "Boris": 3, "Vera": 3}),
    (3, "dealt_only", {"Anna": 4, "Boris": 4, "Vera": 4}),
    (4, "pro_rata", {"Anna": 2, "Boris": 2, "Vera": 2, "Gleb": 2}),
    (5, "pro_rata", {"Anna": 3, "Boris": 3, "Vera": 2, "Gleb": 2, "Dasha": 2}),
    (5, "dealt_only", {"Anna": 4, "Boris": 4, "Vera": 4, "Gleb": 4, "Dasha": 4}),
    (6, "pro_rata", {"Anna": 4, "Boris": 4, "Vera": 4, "Gleb": 4, "Dasha": 3, "Egor": 3}),
])
def test_p8_option_short_pay_follows_a_deal_one_card_at_a_time(n, short_pay, payments):
    # deal = single: the short last round's cards go one at a time round the table, and each seat
    # pays for what it is dealt (stake 4). Three players: 7 cards left, dealt 3, 2, 2 (pro_rata 4,
    # ceil(8/3) = 3, 3); four: 4 cards, one each (ceil(4/3) = 2); five: 7 cards, 2, 2, 1, 1, 1
    # (3, 3, 2, 2, 2); six: 16 cards, 3, 3, 3, 3, 2, 2 (4, 4, 4, 4, 3, 3). Packets would deal
    # 3, 3, 1, 0, 0 to five players: every seat's count differs.
    game, _ = lottery(n, dealer="", deal="single", short_pay=short_pay)
    deal = of_kind(game, "deal", short=True)[0]
    dealt = {name: len(h) for name, h in deal["hands"].items()}
    full = 4
    expected = {name: (full if dealt[name] else 0) if short_pay == "dealt_only" else -(-full * dealt[name] // 3)
                for name in dealt}
    assert of_kind(game, "pay", round=deal["round"])[0]["payments"] == expected == payments


def test_p8_option_deal_start_rotates_one_seat_to_the_left_each_round():
    # Three players, the dealer's deck in FULL_DECK order. Round 2 starts with Boris, round 3 with
    # Vera, round 4 with Anna again; in the short sixth round (the last 7 cards, 8C..AC) Vera gets
    # the first packet, Anna the second and Boris the last card. The deal lists the hands in the
    # order they were dealt.
    game, _ = lottery(3, dealer="", deal_start="rotates")
    deals = of_kind(game, "deal")
    assert [list(d["hands"]) for d in deals] == [["Anna", "Boris", "Vera"], ["Boris", "Vera", "Anna"],
                                                 ["Vera", "Anna", "Boris"], ["Anna", "Boris", "Vera"],
                                                 ["Boris", "Vera", "Anna"], ["Vera", "Anna", "Boris"]]
    assert deals[1]["hands"] == {"Boris": ["JS", "QS", "KS"], "Vera": ["AS", "2H", "3H"], "Anna": ["4H", "5H", "6H"]}
    assert deals[5]["hands"] == {"Vera": ["8C", "9C", "TC"], "Anna": ["JC", "QC", "KC"], "Boris": ["AC"]}
    first, _ = lottery(3, dealer="")
    assert of_kind(first, "deal")[5]["hands"] == {"Anna": ["8C", "9C", "TC"], "Boris": ["JC", "QC", "KC"],
                                                  "Vera": ["AC"]}
    single, _ = lottery(3, dealer="", deal_start="rotates", deal="single")
    assert of_kind(single, "deal")[5]["hands"] == {"Vera": ["8C", "JC", "AC"], "Anna": ["9C", "QC"],
                                                   "Boris": ["TC", "KC"]}


def test_p8_options_deal_start_and_short_pay_together_move_the_short_hand_round_the_table():
    # With rotates, the seat dealt one card in the short sixth round is Boris, not the last seat:
    # under pro_rata it is he who pays 2 chips instead of 4.
    game, _ = lottery(3, dealer="", deal_start="rotates", short_pay="pro_rata")
    assert of_kind(game, "pay", round=6)[0]["payments"] == {"Anna": 4, "Boris": 2, "Vera": 4}


# ---------------------------------------------------------------------- p9: the play-off begins


def test_p9_laid_aside_piles_become_the_hands(scenario):
    game = scenario(THREE, 0)
    start = of_kind(game, "playoff_start")[0]
    assert start["rule"] == ["p9", "p10"] and start["way"] == "beating"
    for seat, pile in enumerate(THREE):
        assert sorted(game.hands[seat]) == sorted(cards(pile))
    assert game.aside == [[], [], []] and game.phase == "lead"


@pytest.mark.parametrize("last", [0, 1])
def test_p9_the_player_who_took_the_last_prize_leads(scenario, last):
    # In the last round (Anna dealt 3 cards, Boris 1, all four turned up and won) the last card
    # turned up is the last winner's, whatever the seat order.
    game = scenario(ENDING, last)
    final = of_kind(game, "reveal", round=9)
    assert [r["winner"] for r in final][-1] == ("Anna", "Boris")[last]
    assert {r["winner"] for r in final} == {"Anna", "Boris"}
    assert game.to_act == last and game.leader == last
    assert of_kind(game, "playoff_start")[0]["leader"] == ("Anna", "Boris")[last]


def test_p9_nobody_won_so_the_first_player_leads(scenario):
    everything = " ".join(str(c) for c in FULL_DECK)
    game = scenario([" ".join(everything.split()[:27]), " ".join(everything.split()[27:])], None)
    assert all(r["winner"] is None for r in of_kind(game, "reveal"))
    start = of_kind(game, "playoff_start")[0]
    assert start["last_winner"] is None and start["leader"] == "Anna" and game.to_act == 0


def test_p9_a_leader_without_cards_passes_the_lead_to_the_next_on_his_left_with_cards():
    # Four players; Boris took the last prize but laid nothing aside: Vera, on his left, leads.
    game = Game(table(4), decks=playoff_decks(LEADER_WITHOUT_CARDS, 1).decks)
    start = of_kind(game, "playoff_start")[0]
    assert start["last_winner"] == "Boris" and start["leader"] == "Vera" and start["sitting_out"] == ["Boris"]
    assert game.to_act == 2
    events = play(game, "lead 2H")
    assert events[0].to_json()["to"] == "Gleb"  # Vera's left


@pytest.mark.parametrize("playoff", ["beating", "tricks"])
def test_p9_fewer_than_two_holders_no_playoff_and_the_holder_is_fined(scenario, playoff):
    # Anna's cards all won; Boris holds 16. Beating: 16 cards * fine 2 = 32. Tricks (p15, default
    # H=4 C=3 D=2 S=1, once per suit held): spades, hearts, diamonds and clubs.
    pile = "2S 3S 4S 5S 6S 7S 8S 9S TS 2H 3H 4H 2D 3D 2C 3C"
    game = scenario(["", pile], 0, playoff=playoff, fine=2)
    start = of_kind(game, "playoff_start")[0]
    assert start["not_played"] == "too_few" and game.over
    assert not set(kinds(game.events)) & {"lead", "beat", "take", "play", "trick", "playoff_end"}
    fines = of_kind(game, "fine")
    expected = 16 * 2 if playoff == "beating" else 1 + 4 + 2 + 3
    assert [(f["who"], f["amount"]) for f in fines] == [("Boris", expected)]
    assert fines[0]["rule"] == (["p11", "p12"] if playoff == "beating" else ["p15"])


def test_option_empty_hand_at_start_sits_out(scenario):
    # Vera has no cards and takes no part: Boris leads to Anna, and when Boris cannot beat, the
    # lead passes over Vera to Anna.
    game = scenario(SITTER, 1)
    start = of_kind(game, "playoff_start")[0]
    assert start["sitting_out"] == ["Vera"] and start["not_played"] is None and game.active == [True, True, False]
    assert play(game, "lead 2D")[0].to_json()["to"] == "Anna"
    play(game, "beat 2D>4D")  # Anna's only diamond; she leads next, to Boris
    assert play(game, "lead 2S")[0].to_json()["to"] == "Boris"
    play(game, "take")  # Boris has no spade: the next on his left with cards is Anna, not Vera
    assert game.phase == "lead" and game.to_act == 0


def test_option_empty_hand_at_start_ends_playoff(scenario):
    game = scenario(SITTER, 1, empty_hand_at_start="ends_playoff")
    assert of_kind(game, "playoff_start")[0]["not_played"] == "empty_hand" and game.over
    assert [(f["who"], f["amount"], f["hand"]) for f in of_kind(game, "fine")] == [("Anna", 14, 14), ("Boris", 14, 14)]


# ---------------------------------------------------------------------- p10: the play-off by beating


def test_p10_the_leader_leads_one_card_or_two_of_one_rank(scenario):
    game = scenario(THREE, 0)
    assert [str(a) for a in game.legal_actions()] == [
        "lead 2S", "lead 2S 2H", "lead 2H", "lead 3S", "lead 3S 3H", "lead 3H",
        "lead 4S", "lead 5S", "lead 6S", "lead 7S", "lead 8S", "lead 9S"]
    refused(game, "lead 2S 3S", AgainstTheRule)
    refused(game, "lead 2D", CardNotHeld)
    events = play(game, "lead 3H 3S")  # either order reads
    assert events[0].to_json() == {"kind": "lead", "rule": ["p10"], "who": "Anna", "to": "Boris", "cards": ["3S", "3H"],
                                   "answer": True, "beat": "same_suit", "failed_defence": "take_all"}


def test_p10_must_beat_when_able(scenario):
    game = scenario(THREE, 0)
    play(game, "lead 2H")
    assert game.to_act == 1 and [str(a) for a in game.legal_actions()] == ["beat 2H>4H"]
    error = refused(game, "take", AgainstTheRule)
    assert "p10" in str(error) and "Boris" in str(error)


def test_p10_beat_same_suit_needs_a_higher_card_of_the_led_suit(scenario):
    game = scenario(TWO_COVERS, 0)
    play(game, "lead 5C")
    assert [str(a) for a in game.legal_actions()] == ["take"]  # Boris has no club
    refused(game, "beat 5C>6S", AgainstTheRule)
    refused(game, "beat 5C>9H", AgainstTheRule)


def test_option_beat_any_suit_any_higher_rank_beats(scenario):
    game = scenario(TWO_COVERS, 0, beat="any_suit")
    play(game, "lead 5C")
    assert [str(a) for a in game.legal_actions()] == ["beat 5C>6S", "beat 5C>9H", "beat 5C>9D", "beat 5C>TD"]
    refused(game, "beat 5C>5S", AgainstTheRule)  # the same rank is not higher
    refused(game, "take", AgainstTheRule)


def test_p10_beaten_cards_are_discarded_and_the_beater_leads_to_his_own_left(scenario):
    game = scenario(THREE, 0)
    discarded = len(game.discard)
    events = play(game, "lead 2H", "beat 2H>4H")
    assert events[-1].to_json() == {"kind": "beat", "rule": ["p10"], "who": "Boris", "covers": [["2H", "4H"]],
                                    "next_leader": "Boris", "next_to": "Vera"}
    assert [str(c) for c in game.discard[discarded:]] == ["2H", "4H"]
    assert game.phase == "lead" and game.to_act == 1 and game.table_cards == []
    assert play(game, "lead 2D")[0].to_json()["to"] == "Vera"


def test_p10_who_cannot_beat_takes_the_cards_into_his_penalty_pile_and_loses_his_turn(scenario):
    game = scenario(THREE, 0)
    play(game, "lead 2S")
    assert [str(a) for a in game.legal_actions()] == ["take"]  # Boris has no spade
    events = play(game, "take")
    assert events[0].to_json() == {"kind": "take", "rule": ["p10"], "who": "Boris", "cards": ["2S"], "covers": [],
                                   "led_by": "Anna", "next_leader": "Vera", "next_to": "Anna"}
    assert [str(c) for c in game.penalty[1]] == ["2S"] and "2S" not in hand(game, "Boris")
    # Boris loses his turn: Vera, on his left, leads (to Anna).
    assert game.phase == "lead" and game.to_act == 2
    assert play(game, "lead 2C")[0].to_json()["to"] == "Anna"


def test_p10_option_after_take_same_leader_leads_again_past_the_taker(scenario):
    # The same lead as above: Boris takes 2S. Read the other way, «пропускает ход» passes Boris by:
    # Anna leads again, now to Vera; when Vera takes too, Anna leads again to the next past Vera,
    # which skips Anna herself: Boris.
    game = scenario(THREE, 0, after_take="same_leader")
    play(game, "lead 2S", "take")
    assert [str(c) for c in game.penalty[1]] == ["2S"]
    assert game.phase == "lead" and game.to_act == 0 and game.leader == 0
    assert play(game, "lead 3S")[0].to_json()["to"] == "Vera"
    assert [str(a) for a in game.legal_actions()] == ["beat 3S>TS"]
    play(game, "beat 3S>TS")  # Vera beats, so she leads, to her own left: Anna
    assert game.to_act == 2 and play(game, "lead 2C")[0].to_json()["to"] == "Anna"
    play(game, "take")  # Anna has no club: Vera leads again, past Anna, to Boris
    assert game.to_act == 2 and play(game, "lead 3C")[0].to_json()["to"] == "Boris"
    play(game, "take")  # past Boris comes Vera herself: she leads to Anna again
    assert game.to_act == 2 and play(game, "lead 4C")[0].to_json()["to"] == "Anna"


def test_p10_option_after_take_is_the_same_either_way_with_two_players(scenario):
    # With two players the next past the taker is the leader himself, so he leads to the taker again.
    for after in ("taker_left", "same_leader"):
        game = scenario(TWO_COVERS, 0, after_take=after)
        play(game, "lead 5C", "take")
        assert game.to_act == 0 and play(game, "lead 6C")[0].to_json()["to"] == "Boris"


def test_p10_two_led_cards_need_two_different_covers(scenario):
    game = scenario(TWO_COVERS, 0, beat="any_suit")
    play(game, "lead 7S 7H")
    # 9H, 9D and TD each beat a seven: every way to cover the two with two different cards.
    assert [str(a) for a in game.legal_actions()] == [
        "beat 7S>9H 7H>9D", "beat 7S>9H 7H>TD", "beat 7S>9D 7H>9H",
        "beat 7S>9D 7H>TD", "beat 7S>TD 7H>9H", "beat 7S>TD 7H>9D"]
    refused(game, "beat 7S>9H 7H>9H", AgainstTheRule)
    refused(game, "beat 7H>9D", AgainstTheRule)  # he can cover both, so he must
    single = scenario(ONE_COVER, 0, beat="any_suit")
    play(single, "lead 7S 7H")
    assert [str(a) for a in single.legal_actions()] == ["take"]  # one card above seven cannot cover two


def test_option_failed_defence_take_all(scenario):
    game = scenario(TWO_COVERS, 0)
    play(game, "lead 7S 7H")
    assert [str(a) for a in game.legal_actions()] == ["take"]  # 9H covers 7H, nothing covers 7S
    refused(game, "beat 7H>9H", AgainstTheRule)
    play(game, "take")
    assert [str(c) for c in game.penalty[1]] == ["7S", "7H"] and "9H" in hand(game, "Boris")


def test_option_failed_defence_take_unbeaten(scenario):
    game = scenario(TWO_COVERS, 0, failed_defence="take_unbeaten")
    play(game, "lead 7S 7H")
    assert [str(a) for a in game.legal_actions()] == ["beat 7H>9H"]
    refused(game, "take", AgainstTheRule)  # he covers what he can
    discarded = len(game.discard)
    events = play(game, "beat 7H>9H")
    assert events[0].to_json() == {"kind": "take", "rule": ["p10"], "who": "Boris", "cards": ["7S"],
                                   "covers": [["7H", "9H"]], "led_by": "Anna", "next_leader": "Anna", "next_to": "Boris"}
    assert [str(c) for c in game.discard[discarded:]] == ["7H", "9H"] and [str(c) for c in game.penalty[1]] == ["7S"]
    assert game.to_act == 0  # he failed, so he loses his turn
    single = scenario(ONE_COVER, 0, beat="any_suit", failed_defence="take_unbeaten")
    play(single, "lead 7S 7H")
    assert [str(a) for a in single.legal_actions()] == ["beat 7S>9H", "beat 7H>9H"]


def test_p10_players_without_cards_are_skipped(scenario):
    # Boris leads; Vera (no cards) sits between Boris and Anna, so Anna defends; see also sits_out.
    game = scenario(SITTER, 1)
    play(game, "lead 3H")
    assert game.defender == 0 and game.to_act == 0 and game.actor_name() == "Anna"


# ---------------------------------------------------------------------- p11, p12: the end and the fines


def _ending(scenario, **options):
    game = scenario(ENDING, 1, **options)
    play(game, *ENDING_MOVES)
    return game


def test_p11_the_playoff_ends_when_one_player_has_no_cards(scenario):
    game = _ending(scenario)
    assert of_kind(game, "playoff_end")[0] == {"kind": "playoff_end", "rule": ["p11"], "out": ["Anna"],
                                               "holders": ["Boris"]}
    assert hand(game, "Anna") == [] and len(hand(game, "Boris")) == 11 and game.over


def test_p11_a_lead_of_the_last_card_is_still_answered_by_default(scenario):
    # Anna's last lead, 2D 2C, is answered: Boris must take them (he has no diamond or club) and is
    # fined for them; the play-off ends after his answer (last_lead = answered).
    game = scenario(ENDING, 1)
    play(game, *ENDING_MOVES[:-1])
    assert hand(game, "Anna") == [] and game.phase == "answer" and game.to_act == 1
    play(game, "take")
    assert [str(c) for c in game.penalty[1]] == ["2D", "2C"] and game.over


def test_p11_option_last_lead_stop_at_once_ends_the_playoff_on_the_lead(scenario):
    # Read word for word, Anna has no cards left once she leads 2D 2C: the play-off is over at once,
    # nobody answers, the two cards are discarded, and Boris pays only for the 11 cards in his hand.
    game = scenario(ENDING, 1, last_lead="stop_at_once")
    play(game, *ENDING_MOVES[:-2])
    discarded = len(game.discard)
    events = play(game, "lead 2D 2C")
    assert kinds(events)[:3] == ["lead", "lead_abandoned", "playoff_end"]
    assert events[1].to_json() == {"kind": "lead_abandoned", "rule": ["p11"], "who": "Anna", "to": "Boris",
                                   "cards": ["2D", "2C"], "tricks_follow": False, "taken": False}
    assert events[0].to_json()["answer"] is False  # nobody answers a last lead under stop_at_once
    assert of_kind(game, "playoff_end")[0]["out"] == ["Anna"] and game.over and game.legal_actions() == []
    assert [str(c) for c in game.discard[discarded:]] == ["2D", "2C"] and game.penalty[1] == []
    assert game.table_cards == [] and game.led == [] and cards_in_one_place(game) and balanced(game)
    assert [(f["who"], f["hand"], f["penalty"]) for f in of_kind(game, "fine")][-1] == ("Boris", 11, 0)
    refused(game, "take", NotYourMove)


def test_p11_option_last_lead_stop_at_once_only_when_the_hand_is_empty(scenario):
    # A lead that leaves the leader a card is answered as usual.
    game = scenario(ENDING, 1, last_lead="stop_at_once")
    play(game, "lead 9S", "take", "lead 3H")
    assert game.phase == "answer" and game.to_act == 0


def test_p11_option_last_lead_stop_taken_gives_the_abandoned_lead_to_the_defender(scenario):
    # The play-off stops as Anna leads her last cards, 2D 2C, and nobody answers; the two cards
    # count among Boris's cards not beaten (p11 «не отбитые при розыгрыше карты»): he pays for his
    # 11 cards in hand and 2 not beaten, 13 chips, where stop_at_once discards them (11).
    game = scenario(ENDING, 1, last_lead="stop_taken")
    play(game, *ENDING_MOVES[:-2])
    discarded = len(game.discard)
    events = play(game, "lead 2D 2C")
    assert kinds(events)[:3] == ["lead", "lead_abandoned", "playoff_end"]
    assert events[1].to_json() == {"kind": "lead_abandoned", "rule": ["p11"], "who": "Anna", "to": "Boris",
                                   "cards": ["2D", "2C"], "tricks_follow": False, "taken": True}
    assert len(game.discard) == discarded and [str(c) for c in game.penalty[1]] == ["2D", "2C"]
    assert [(f["who"], f["amount"], f["hand"], f["penalty"]) for f in of_kind(game, "fine")][-1] == ("Boris", 13, 11, 2)
    assert "Boris's cards not beaten" in narrate(events[1], "en") and "к неотбитым картам игрока Boris" in narrate(events[1], "ru")
    assert cards_in_one_place(game) and balanced(game) and game.over


def test_p11_the_players_still_holding_cards_pay_for_each_and_for_the_cards_not_beaten(scenario):
    # p11's subject is «игроки, у которых остались карты на руках» (penalty_pile = holders_only):
    # Anna has no cards left, so her 9S not beaten is not fined. Boris: 11 in hand + 2D 2C -> 13.
    game = _ending(scenario)
    fines = [(f["who"], f["amount"], f["hand"], f["penalty"]) for f in of_kind(game, "fine")]
    assert fines == [("Boris", 13, 11, 2)]
    assert of_kind(game, "fine")[0]["rule"] == ["p11", "p12"]
    # Lottery: 9 rounds of 8 chips, every card turned up was won (2 chips each); Anna was dealt
    # 27 cards and kept 3, so won 24 prizes (48 chips); Boris was dealt 25 and kept 13: 12 (24).
    assert game.nets == [48 - 36, 24 - 36 - 13] and game.banker_net == 0 and game.pool == 13
    assert balanced(game)


def test_option_penalty_pile_everyone(scenario):
    game = _ending(scenario, penalty_pile="everyone")
    # Everyone pays for the cards he did not beat, even Anna, who has run out: 1 for 9S.
    assert [(f["who"], f["amount"], f["hand"], f["penalty"]) for f in of_kind(game, "fine")] == [
        ("Anna", 1, 0, 1), ("Boris", 13, 11, 2)]
    assert game.nets == [48 - 36 - 1, 24 - 36 - 13] and game.pool == 14 and balanced(game)


@pytest.mark.parametrize("fine, anna, boris", [(3, None, 39), (0, None, None)])
def test_option_fine_per_card(scenario, fine, anna, boris):
    game = _ending(scenario, fine=fine)
    paid = {f["who"]: f["amount"] for f in of_kind(game, "fine")}
    assert paid == ({} if fine == 0 else {"Boris": boris})
    assert game.pool == (anna or 0) + (boris or 0)


def test_p12_fines_go_into_the_next_games_pool(scenario):
    game = _ending(scenario)
    end = of_kind(game, "game_end")[0]
    assert end["pool"] == 13 and end["rule"] == ["p12"] and end["nets"] == {"Anna": 12, "Boris": -25}


def test_p12_a_pool_carried_in_is_a_whole_number_of_chips():
    with pytest.raises(ValueError):
        Game(table(3), seed=1, pool=-1)
    game = Game(table(3), seed=1, pool=5)
    assert game.pool_in == 5 and of_kind(game, "game_start")[0]["pool"] == 5 and balanced(game)


def test_p12_the_session_carries_the_pool_into_the_next_games_first_stake():
    session = Session(table(3), opts(fine=2), seed=7)
    first = play_out(session.new_game())
    assert first.pool > 0
    second = session.new_game()
    assert second.pool_in == first.pool
    assert of_kind(second, "game_start")[0]["pool"] == first.pool
    assert sum(of_kind(second, "spread", round=1)[0]["stakes"]) == first.pool + 3 * 4
    with pytest.raises(ValueError):
        session.new_game()  # the second game is not over
    games = Session(table(3), seed=7).play(3)
    assert [g.pool_in for g in games[1:]] == [g.pool for g in games[:-1]]


def _prize_game(prize: int, **options: object) -> Game:
    # ENDING (engine_helpers) with fines to be played for: Anna runs out, Boris is fined 13.
    game = Game(table(2), opts(fines_to="playoff_prize", **options), decks=playoff_decks(ENDING, 1).decks, prize=prize)
    play(game, *ENDING_MOVES)
    return game


def test_p12_option_fines_to_playoff_prize_lays_the_fines_apart_for_the_next_playoff():
    # «Штраф поступает на розыгрыш в следующий кон», read as the prize of the next game's play-off:
    # Boris's 13 chips are laid apart, not put in the pool (which the default, fines_to = pool, gets).
    game = _prize_game(0)
    assert game.over and game.prize == 13 and game.pool == 0 and balanced(game)
    assert of_kind(game, "fine")[0]["to_prize"] is True
    assert {k: of_kind(game, "game_end")[0][k] for k in ("pool", "prize")} == {"pool": 0, "prize": 13}
    assert "laid apart, to be played for in the next game's play-off" in narrate(game.events[-2], "en")
    assert "штраф откладывается на розыгрыш следующего кона" in narrate(game.events[-2], "ru")


def test_p12_option_fines_to_playoff_prize_goes_to_the_first_player_to_run_out():
    # The 7 chips carried in go to Anna, whose cards ran out first; this game's fines wait for the next.
    with_prize, without = _prize_game(7), _prize_game(0)
    assert of_kind(with_prize, "prize") == [{"kind": "prize", "rule": ["p12"], "winners": ["Anna"], "each": 7,
                                             "amount": 7, "left": 0}]
    assert with_prize.nets == [without.nets[0] + 7, without.nets[1]] and with_prize.prize == 13
    assert balanced(with_prize)


# Two players who run out together: each lead is beaten, the last by the defender's last card.
#   Anna  2S 5S 6S 9S TS KS 2H 5H 6H 9H TH KH
#   Boris 3S 4S 7S 8S JS QS 3H 4H 7H 8H JH QH
TOGETHER = ["2S 5S 6S 9S TS KS 2H 5H 6H 9H TH KH", "3S 4S 7S 8S JS QS 3H 4H 7H 8H JH QH"]
TOGETHER_MOVES = [move for suit in "SH" for move in (
    f"lead 2{suit}", f"beat 2{suit}>3{suit}", f"lead 4{suit}", f"beat 4{suit}>5{suit}", f"lead 6{suit}",
    f"beat 6{suit}>7{suit}", f"lead 8{suit}", f"beat 8{suit}>9{suit}", f"lead T{suit}", f"beat T{suit}>J{suit}",
    f"lead Q{suit}", f"beat Q{suit}>K{suit}")]


def test_p12_option_fines_to_playoff_prize_is_shared_by_players_who_run_out_together():
    # Boris leads QH, his last card, and Anna beats it with KH, hers: both ran out at once. They
    # share the 5 chips, 2 each; the odd chip waits for the next game.
    game = Game(table(2), opts(fines_to="playoff_prize"), decks=playoff_decks(TOGETHER, 0).decks, prize=5)
    play(game, *TOGETHER_MOVES)
    assert game.over and of_kind(game, "playoff_end")[0]["out"] == ["Anna", "Boris"]
    assert of_kind(game, "prize") == [{"kind": "prize", "rule": ["p12"], "winners": ["Anna", "Boris"], "each": 2,
                                       "amount": 5, "left": 1}]
    assert game.prize == 1 and of_kind(game, "fine") == [] and balanced(game)
    won = next(e for e in game.events if e.kind == "prize")
    assert narrate(won, "en") == (
        "Anna and Boris ran out of cards together and share the 5 chips of fines played for, 2 chips each; 1 chip "
        "waits for the next game. (p12)")
    assert narrate(won, "ru") == (
        "Карты кончились одновременно у игроков Anna и Boris, и они делят штраф, отложенный на розыгрыш, — 5 фишек, "
        "по 2 фишки; остаток — 1 фишка — ждёт следующего кона. (§12)")


def test_p12_option_fines_to_playoff_prize_waits_when_the_playoff_is_not_played():
    # Anna laid nothing aside (SITTER's Vera alone would sit out; here two players): nobody plays off,
    # nobody runs out in the play-off, and the prize waits, with Boris's fine added.
    piles = ["", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 4D 2H 3H 4H 5H"]
    game = Game(table(2), opts(fines_to="playoff_prize"), decks=playoff_decks(piles, 1).decks, prize=5)
    play_out(game)
    assert of_kind(game, "playoff_start")[0]["not_played"] == "too_few" and of_kind(game, "prize") == []
    assert game.prize == 5 + 18 and balanced(game)


def test_p12_fines_can_be_carried_in_to_be_played_for_only_under_fines_to_playoff_prize():
    for options in (opts(), opts(fines_to="playoff_prize", playoff="tricks")):
        with pytest.raises(OptionError) as refusal:
            Game(table(2), options, seed=1, prize=3)
        assert refusal.value.code == "prize_not_played" and refusal.value.rule == "p12"
    with pytest.raises(OptionError) as refusal:
        Game(table(2), opts(), seed=1, kitty=3)
    assert refusal.value.code == "kitty_not_kept" and refusal.value.rule == "p15"
    with pytest.raises(OptionError):
        Game(table(2), opts(fines_to="playoff_prize"), seed=1, prize=-1)


def test_p12_the_session_carries_the_fines_to_be_played_for_into_the_next_game():
    games = Session(table(3), opts(fines_to="playoff_prize"), seed=31).play(4)
    assert [g.prize_in for g in games[1:]] == [g.prize for g in games[:-1]] and games[0].prize > 0
    assert [g.pool_in for g in games[1:]] == [g.pool for g in games[:-1]]
    assert any(of_kind(g, "prize") for g in games[1:])


# ---------------------------------------------------------------------- p13-p15: the play-off by tricks


def test_p13_the_leader_leads_any_card(scenario):
    game = scenario(TRICKS, 0, playoff="tricks")
    start = of_kind(game, "playoff_start")[0]
    assert start["rule"] == ["p9", "p13"] and start["leader"] == "Anna" and game.phase == "trick"
    assert [str(a) for a in game.legal_actions()] == ["play 2S", "play KH"]


def test_p13_the_others_follow_suit_when_they_can(scenario):
    game = scenario(TRICKS, 0, playoff="tricks")
    play(game, "play 2S")
    assert [str(a) for a in game.legal_actions()] == ["play 3S", "play 4S", "play 5S"]
    error = refused(game, "play 2H", AgainstTheRule)
    assert "p13" in str(error) and "Boris" in str(error)


def test_p13_a_player_without_the_led_suit_plays_any_card(scenario):
    game = scenario(TRICKS, 0, playoff="tricks")
    play(game, "play 2S", "play 5S", "play 2D")
    assert game.to_act == 0 and [str(a) for a in game.legal_actions()] == ["play KH"]  # no diamond: any card


def test_p13_the_highest_card_of_the_led_suit_takes_the_trick_and_its_taker_leads(scenario):
    game = scenario(TRICKS, 0, playoff="tricks")
    events = play(game, "play 2S", "play 5S")
    assert events[-1].to_json() == {"kind": "trick", "rule": ["p13"], "who": "Boris", "cards": ["2S", "5S"],
                                    "next_leader": "Boris", "out": []}
    assert game.to_act == 1 and [len(t) for t in game.tricks] == [0, 2]
    # Boris leads 2D; Anna's king of hearts is higher but not of the led suit: Boris takes.
    events = play(game, "play 2D", "play KH")
    assert [e.to_json() for e in events if e.kind == "trick"][0]["who"] == "Boris"


def test_p14_play_goes_on_until_one_player_has_no_cards(scenario):
    game = scenario(TRICKS, 0, playoff="tricks")
    play(game, "play 2S", "play 5S", "play 2D", "play KH")
    assert of_kind(game, "playoff_end")[0] == {"kind": "playoff_end", "rule": ["p14"], "out": ["Anna"],
                                               "holders": ["Boris"]}
    assert of_kind(game, "trick")[-1]["next_leader"] is None  # the last trick: nobody leads next
    assert game.over


# Three players by tricks, Anna took the last prize: Anna 2S; Boris 3S 5D and the thirteen clubs;
# Vera 4S and the thirteen hearts. The first trick (2S 3S 4S, Vera's) leaves Anna without cards.
ONE_OUT = ["2S", "3S 5D " + " ".join(r + "C" for r in "23456789TJQKA"), "4S " + " ".join(r + "H" for r in "23456789TJQKA")]


def test_p14_option_tricks_end_first_out_ends_when_one_player_has_none(scenario):
    game = scenario(ONE_OUT, 0, playoff="tricks")
    play(game, "play 2S", "play 3S", "play 4S")
    assert of_kind(game, "playoff_end")[0]["out"] == ["Anna"] and game.over
    assert [(f["who"], f["hand"]) for f in of_kind(game, "fine")] == [("Boris", 14), ("Vera", 13)]


def test_p14_option_tricks_end_one_left_plays_on_until_one_player_holds_cards(scenario):
    # p14 «разыгрываются все карты», p15's «Игрок, имеющий карты»: Anna drops out, Vera leads (her
    # trick) and Boris follows, Anna passed by; Vera's thirteen hearts win thirteen tricks, so Vera
    # runs out and Boris alone keeps a card, which he pays for by suit (p15).
    game = scenario(ONE_OUT, 0, playoff="tricks", tricks_end="one_left")
    play(game, "play 2S", "play 3S", "play 4S")
    assert of_kind(game, "trick")[-1]["next_leader"] == "Vera" and game.to_act == 2 and not game.over
    play(game, "play AH")
    assert game.to_act == 1  # Anna, who has no cards, is passed by
    play_out(game)
    assert len(of_kind(game, "trick")) == 14
    assert of_kind(game, "playoff_end")[0] == {"kind": "playoff_end", "rule": ["p14"], "out": ["Vera"],
                                               "holders": ["Boris"]}
    assert [(f["who"], f["hand"]) for f in of_kind(game, "fine")] == [("Boris", 1)]
    assert cards_in_one_place(game) and balanced(game)


def test_p14_option_tricks_end_one_left_says_who_drops_out(scenario):
    # The first trick leaves Anna without cards: the sentence says she drops out, and who leads.
    game = scenario(ONE_OUT, 0, playoff="tricks", tricks_end="one_left")
    trick = play(game, "play 2S", "play 3S", "play 4S")[-1]
    assert trick.to_json()["out"] == ["Anna"]
    assert narrate(trick, "en") == ("Vera has the highest card of the suit led, takes the trick and lays it aside; Anna "
                                    "has no cards left and drops out of the tricks; Vera leads next. (p13)")
    assert narrate(trick, "ru") == ("Старшая карта выхоженной масти — у игрока Vera: Vera берёт взятку и откладывает её; "
                                    "у игрока Anna карт больше нет, и Anna выходит из игры на взятки; следующий ход — за "
                                    "игроком Vera. (§13)")
    # Under the default (first_out) the same trick ends the play-off: nobody drops out, nobody leads.
    first_out = scenario(ONE_OUT, 0, playoff="tricks")
    play(first_out, "play 2S", "play 3S", "play 4S")
    assert of_kind(first_out, "trick")[-1]["out"] == [] and first_out.over


def test_p15_the_kitty_goes_on_to_the_next_game_and_game_end_cites_p15(scenario):
    # By tricks the payments go into the kitty (p15), not the fine of p12: game_end cites p15.
    game = scenario(TRICKS, 0, playoff="tricks")
    play(game, "play 2S", "play 5S", "play 2D", "play KH")
    end = of_kind(game, "game_end")[0]
    assert end["rule"] == ["p15"] and end["pool"] == game.pool == sum(f["amount"] for f in of_kind(game, "fine"))
    assert "kitty" in narrate(game.events[-1], "en") and "Копилка" in narrate(game.events[-1], "ru")


def test_p15_whoever_holds_cards_pays_the_kitty_by_suit(scenario):
    # Read word for word («за червовую масть — 4 фишки», suit_fine_basis = per_suit): Boris keeps
    # 3S 4S, 2H 3H 4H, 3D 4D 5D 6D, 2C 3C 4C and pays once for each suit: S 1 + H 4 + D 2 + C 3 = 10.
    game = scenario(TRICKS, 0, playoff="tricks")
    play(game, "play 2S", "play 5S", "play 2D", "play KH")
    assert of_kind(game, "fine") == [{"kind": "fine", "rule": ["p15"], "who": "Boris", "amount": 10, "hand": 12,
                                      "by_suit": {"S": 2, "H": 3, "D": 4, "C": 3}, "basis": "per_suit",
                                      "kept_apart": False}]
    assert game.pool == 10 and balanced(game)


def test_p15_option_kitty_kept_apart_keeps_the_payments_out_of_the_pool(scenario):
    # «платит в копилку», the kitty kept apart: Boris's 10 chips go into it, not into the pool.
    carried, kept = scenario(TRICKS, 0, playoff="tricks"), scenario(TRICKS, 0, playoff="tricks", kitty="kept_apart")
    for game in (carried, kept):
        play(game, "play 2S", "play 5S", "play 2D", "play KH")
    assert (carried.pool, carried.kitty) == (10, 0) and (kept.pool, kept.kitty) == (0, 10) and balanced(kept)
    assert of_kind(kept, "fine")[0]["kept_apart"] is True and carried.nets == kept.nets
    end = of_kind(kept, "game_end")[0]
    assert (end["pool"], end["kitty"], end["kitty_kept"]) == (0, 10, True)
    assert narrate(kept.events[-1], "en").endswith("Nothing goes to the next game's pool. The kitty, kept apart, "
                                                   "holds 10 chips. (p15)")
    assert narrate(kept.events[-1], "ru").endswith("В банк следующего кона ничего не переходит. В копилке, которая "
                                                   "хранится отдельно, 10 фишек. (§15)")


def test_p15_option_kitty_kept_apart_grows_from_game_to_game_and_is_never_played_for():
    games = Session(table(3), opts(playoff="tricks", kitty="kept_apart"), seed=31).play(4)
    assert [g.kitty_in for g in games[1:]] == [g.kitty for g in games[:-1]]
    paid = [sum(f["amount"] for f in of_kind(g, "fine")) for g in games]
    assert [g.kitty - g.kitty_in for g in games] == paid and games[-1].kitty == sum(paid) > 0
    assert all(balanced(g) for g in games)


def test_option_suit_fine_basis_per_card_pays_for_every_card_held(scenario):
    # The same hand, the suit's fine for every card: 3S 4S (1 each), 2H 3H 4H (4 each), 3D 4D 5D 6D
    # (2 each), 2C 3C 4C (3 each): 2 + 12 + 8 + 9 = 31.
    game = scenario(TRICKS, 0, playoff="tricks", suit_fine_basis="per_card")
    play(game, "play 2S", "play 5S", "play 2D", "play KH")
    assert [(f["amount"], f["basis"]) for f in of_kind(game, "fine")] == [(31, "per_card")]
    assert game.pool == 31 and balanced(game)


@pytest.mark.parametrize("fines, basis, amount", [("S=10 H=0 D=0 C=0", "per_card", 20),
                                                  ("H=1 C=1 D=1 S=1", "per_card", 12),
                                                  ("S=10 H=0 D=0 C=0", "per_suit", 10),
                                                  ("H=1 C=1 D=1 S=1", "per_suit", 4)])
def test_option_suit_fines(scenario, fines, basis, amount):
    game = scenario(TRICKS, 0, playoff="tricks", suit_fines=fines, suit_fine_basis=basis)
    play(game, "play 2S", "play 5S", "play 2D", "play KH")
    assert [f["amount"] for f in of_kind(game, "fine")] == [amount]


def test_option_last_card_finish_trick(scenario):
    # Anna wins the hearts trick with KH, then leads her last card, 2S: the trick is finished,
    # Boris's 3S takes it. Boris keeps 4S 5S 2H 3H 2D 3D 4D 5D 6D 2C 3C 4C: 2 + 8 + 10 + 9 = 29 (per card).
    game = scenario(TRICKS, 0, playoff="tricks", suit_fine_basis="per_card")
    play(game, "play KH", "play 4H", "play 2S")
    assert game.to_act == 1 and not game.over
    play(game, "play 3S")
    assert of_kind(game, "trick")[-1]["who"] == "Boris"
    assert [f["amount"] for f in of_kind(game, "fine")] == [29]


def test_option_last_card_stop_at_once(scenario):
    # The same, but play stops as Anna lays her last card; 2S is discarded; Boris keeps 3S too: 30.
    game = scenario(TRICKS, 0, playoff="tricks", last_card="stop_at_once", suit_fine_basis="per_card")
    play(game, "play KH", "play 4H")
    discarded = len(game.discard)
    events = play(game, "play 2S")
    assert kinds(events)[:3] == ["play", "trick_abandoned", "playoff_end"]
    assert events[1].to_json() == {"kind": "trick_abandoned", "rule": ["p14"], "who": "Anna", "cards": ["2S"]}
    assert [str(c) for c in game.discard[discarded:]] == ["2S"] and game.table_cards == []
    assert [f["amount"] for f in of_kind(game, "fine")] == [30] and cards_in_one_place(game)


# ---------------------------------------------------------------------- p13 read as a second stage


def test_p13_option_playoff_beating_then_tricks_plays_the_cards_still_held_by_tricks(scenario):
    # Vera leads her last two cards, Anna takes them: the stage by beating is over (p11). Anna pays
    # for the two cards she did not beat now, but not for her hand, which goes on: Anna and Boris play
    # it off by tricks (p13), Vera sitting out; Vera took the last prize but has no cards, so Anna,
    # on her left, leads.
    game = scenario(SECOND, 2, playoff="beating_then_tricks")
    start = of_kind(game, "playoff_start")[0]
    assert start["rule"] == ["p9", "p10"] and start["way"] == "beating_then_tricks" and game.phase == "lead"
    events = play(game, "lead AS AH", "take")
    events = events[1:]
    assert kinds(events) == ["take", "second_stage", "fine"]
    assert events[1].to_json() == {"kind": "second_stage", "rule": ["p11", "p13"], "out": ["Vera"], "leader": "Anna",
                                   "last_winner": "Vera", "sitting_out": ["Vera"], "not_played": None,
                                   "holders": ["Anna", "Boris"]}
    assert events[2].to_json() == {"kind": "fine", "rule": ["p11", "p12"], "who": "Anna", "amount": 2, "hand": 0,
                                   "penalty": 2, "per_card": 1, "to_prize": False}
    assert game.phase == "trick" and game.to_act == 0 and game.active == [True, True, False]
    assert [str(a) for a in game.legal_actions()] == [f"play {r}D" for r in "23456789"]
    assert refused(game, "lead 2D", NotYourMove).rule == "p13"
    play(game, "play 2D")
    assert game.to_act == 1  # Boris, not Vera, plays next
    play_out(game)
    assert all(e["who"] != "Vera" for e in of_kind(game, "play"))
    # Boris cannot follow diamonds: Anna takes every trick and runs out after eight (p14); Boris pays
    # into the kitty by suit for what he still holds (p15), once, and nobody pays p11 for a hand.
    assert of_kind(game, "playoff_end") == [{"kind": "playoff_end", "rule": ["p14"], "out": ["Anna"],
                                             "holders": ["Boris"]}]
    fines = [(f["rule"], f["who"]) for f in of_kind(game, "fine")]
    assert fines == [(["p11", "p12"], "Anna"), (["p15"], "Boris")]
    assert of_kind(game, "fine")[-1]["hand"] == 10 and len(game.hands[1]) == 10 and game.penalty[0] != []
    assert of_kind(game, "game_end")[0]["rule"] == ["p12", "p15"]
    assert refused(game, "play 2C", NotYourMove).rule == "p14"
    assert cards_in_one_place(game) and balanced(game)


def test_p13_the_same_hand_by_beating_alone_fines_every_card_in_hand(scenario):
    # The same play under playoff = beating: the play-off ends with Vera's last cards taken, and
    # Anna pays for 8 cards in hand and 2 not beaten, Boris for his 18 (p11).
    game = scenario(SECOND, 2)
    play(game, "lead AS AH", "take")
    assert game.over and [(f["who"], f["hand"], f["penalty"]) for f in of_kind(game, "fine")] == [
        ("Anna", 8, 2), ("Boris", 18, 0)]


@pytest.mark.parametrize("penalty_pile, fined", [("everyone", [("Anna", 1), ("Boris", 2)]),
                                                 ("holders_only", [("Boris", 2)])])
def test_p13_beating_then_tricks_with_one_holder_left_has_no_tricks(scenario, penalty_pile, fined):
    # Two players: when Anna runs out, only Boris holds cards, so there is nobody to play tricks with.
    # The cards not beaten are fined by p11 (penalty_pile says whose); Boris's 11 cards in hand
    # (nine spades, two hearts) pay by suit (p15): 9 x 1 + 2 x 4 per card.
    game = scenario(ENDING, 1, playoff="beating_then_tricks", penalty_pile=penalty_pile, suit_fine_basis="per_card")
    play(game, *ENDING_MOVES)
    stage = of_kind(game, "second_stage")[0]
    assert stage["not_played"] == "too_few" and stage["leader"] is None and stage["out"] == ["Anna"]
    assert [(f["who"], f["amount"]) for f in of_kind(game, "fine", rule=["p11", "p12"])] == fined
    assert [(f["who"], f["amount"], f["hand"]) for f in of_kind(game, "fine", rule=["p15"])] == [("Boris", 17, 11)]
    assert of_kind(game, "playoff_end") == [] and game.over and balanced(game)


def test_p13_beating_then_tricks_after_an_empty_pile_ends_the_first_stage(scenario):
    # empty_hand_at_start = ends_playoff: Vera laid nothing aside, so the stage by beating is over
    # before it starts; Anna and Boris play their cards off by tricks, Boris (the last prize) leading.
    game = scenario(SITTER, 1, playoff="beating_then_tricks", empty_hand_at_start="ends_playoff")
    assert of_kind(game, "playoff_start")[0]["not_played"] == "empty_hand"
    stage = of_kind(game, "second_stage")[0]
    assert (stage["out"], stage["leader"], stage["not_played"]) == (["Vera"], "Boris", None)
    assert game.phase == "trick" and game.to_act == 1


def test_p13_beating_then_tricks_after_a_last_lead_stopped_at_once(scenario):
    # last_lead = stop_at_once: Anna's last lead is discarded unanswered, then the second stage.
    game = scenario(ENDING, 1, playoff="beating_then_tricks", last_lead="stop_at_once")
    events = play(game, *ENDING_MOVES[:-1])
    told = kinds(events)
    assert told[told.index("lead_abandoned") - 1:told.index("lead_abandoned") + 2] == [
        "lead", "lead_abandoned", "second_stage"]
    assert game.penalty[1] == [] and game.over


# ---------------------------------------------------------------------- the other options


def test_option_unclaimed_carry_keeps_the_unmatched_stake_in_the_pool():
    # Round 1 as in p5: nobody holds 9C, its 4 chips stay; round 2 spreads 12 + 4 = 16.
    game, rec = lottery(3, banker="3H 9C AS 7D", pool=2)
    reveal = of_kind(game, "reveal", card="9C")[0]
    assert reveal["to"] == "pool" and reveal["rule"] == ["p5", "p4"]
    assert rec.after("lay_aside", round=1)["pool"] == 4
    assert of_kind(game, "spread", round=2)[0]["stakes"] == [4, 4, 4, 4]


def test_option_unclaimed_banker_keeps_the_unmatched_stake():
    game, rec = lottery(3, banker="3H 9C AS 7D", pool=2, unclaimed="banker")
    reveal = of_kind(game, "reveal", card="9C")[0]
    assert reveal["to"] == "banker" and reveal["winner"] is None and reveal["rule"] == ["p5", "p4"]
    state = rec.after("lay_aside", round=1)
    assert state["banker_net"] == 4 and state["pool"] == 0
    assert of_kind(game, "spread", round=2)[0]["stakes"] == [3, 3, 3, 3]


def test_option_hosts_play_deals_banker_and_dealer_in_as_the_last_two_seats():
    # Seats Anna, Boris, Father, Mother: packets AS KS QS / 2H 3H 4H / 5D 6D 7D / 8C 9C TC.
    # All four pay 4 (16 = 4 4 4 4); the row 7D 2H 9C KD pays Father (7D) and Boris (2H) and Mother (9C).
    t = Table(("Anna", "Boris"), "Father", "Mother")
    rec = Recorder()
    game = Game(t, opts(hosts_play="yes"), decks=(deck("7D 2H 9C KD"), deck(DEAL + " 8C 9C TC")), observer=rec)
    assert game.seats == ("Anna", "Boris", "Father", "Mother")
    assert of_kind(game, "pay", round=1)[0]["payments"] == {"Anna": 4, "Boris": 4, "Father": 4, "Mother": 4}
    assert of_kind(game, "deal", round=1)[0]["hands"] == {
        "Anna": ["AS", "KS", "QS"], "Boris": ["2H", "3H", "4H"],
        "Father": ["5D", "6D", "7D"], "Mother": ["8C", "9C", "TC"]}
    assert [r["winner"] for r in of_kind(game, "reveal", round=1)] == ["Father", "Boris", "Mother", None]
    state = rec.after("lay_aside", round=1)
    assert state["nets"] == [-4, 0, 0, 0] and state["pool"] == 4 and state["banker_net"] == 0


# ---------------------------------------------------------------------- illegal moves


def _message_names(error, move, who, game_legal, rule):
    text, move = str(error), str(parse_action(move))  # the canonical move
    assert text.startswith(move + " refused"), text
    assert who in text, text
    assert f"({rule}" in text or f"{rule})" in text or f"{rule}:" in text, text
    assert error.rule == rule and str(error.action) == move
    if game_legal:
        assert "Legal: " + str(game_legal[0]) in text, text


@pytest.mark.parametrize("move", ["play 2S", "stake 1 1 1 1", "take", "beat 2S>3S"])
def test_illegal_move_of_the_wrong_kind_is_not_your_move(scenario, move):
    game = scenario(THREE, 0)
    error = refused(game, move, NotYourMove)
    _message_names(error, move, "Anna", game.legal_actions(), "p10")
    assert "Anna's turn to lead" in str(error)


def test_illegal_move_in_the_stake_phase_is_not_your_move():
    game, _ = lottery(3, stake=2, spread="chosen")
    error = refused(game, "lead 2S", NotYourMove)
    assert "Father's turn" in str(error) and "(p4)" in str(error) and "summing to 6" in str(error)


def test_illegal_move_after_the_game_is_over_is_not_your_move(scenario):
    game = _ending(scenario)
    for move in ("take", "lead 3H", "play 3H", "stake 1 1 1 1"):
        error = refused(game, move, NotYourMove)
        assert "over" in str(error)
    assert game.legal_actions() == []


def test_illegal_move_after_a_playoff_by_tricks_cites_p14(scenario):
    game = scenario(TRICKS, 0, playoff="tricks")
    play(game, "play 2S", "play 5S", "play 2D", "play KH")
    assert refused(game, "play 3S", NotYourMove).rule == "p14"


def test_illegal_move_after_a_playoff_by_beating_cites_p11(scenario):
    game = _ending(scenario)
    assert refused(game, "take", NotYourMove).rule == "p11"


@pytest.mark.parametrize("setup, move, who, rule", [
    ((), "lead 2D", "Anna", "p10"),
    (("lead 2H",), "beat 2H>5H", "Boris", "p10"),
    (("lead 2H",), "beat 2H>4H 2S>2C", "Boris", "p10"),
])
def test_illegal_move_with_a_card_not_held_is_card_not_held(scenario, setup, move, who, rule):
    game = scenario(THREE, 0)
    play(game, *setup)
    error = refused(game, move, CardNotHeld)
    _message_names(error, move, who, game.legal_actions(), rule)
    assert "does not hold" in str(error)


def test_illegal_play_of_a_card_not_held_is_card_not_held(scenario):
    game = scenario(TRICKS, 0, playoff="tricks")
    error = refused(game, "play AS", CardNotHeld)
    _message_names(error, "play AS", "Anna", game.legal_actions(), "p13")


@pytest.mark.parametrize("setup, move, who", [
    ((), "lead 2S 3S", "Anna"),  # two of different ranks
    ((), "lead 2S 2S", "Anna"),  # the same card twice
    (("lead 2H",), "take", "Boris"),  # he can beat
    (("lead 2H",), "beat 2H>3D", "Boris"),  # not higher of the suit
    (("lead 2H",), "beat 3S>4H", "Boris"),  # not the led card
    (("lead 2S 2H",), "beat 2H>4H", "Boris"),  # would not cover the other (take_all)
])
def test_illegal_move_against_the_paragraph_is_against_the_rule(scenario, setup, move, who):
    game = scenario(THREE, 0)
    play(game, *setup)
    error = refused(game, move, AgainstTheRule)
    _message_names(error, move, who, game.legal_actions(), "p10")


def test_illegal_play_not_following_suit_is_against_the_rule(scenario):
    game = scenario(TRICKS, 0, playoff="tricks")
    play(game, "play 2S")
    error = refused(game, "play 2D", AgainstTheRule)
    _message_names(error, "play 2D", "Boris", game.legal_actions(), "p13")


def test_illegal_move_leaves_a_game_that_plays_on_as_before(scenario):
    # After refusals the game goes on exactly as a game that never saw them.
    game, twin = scenario(THREE, 0), scenario(THREE, 0)
    for move in ("lead 2D", "play 2S", "lead 2S 3S"):
        with pytest.raises(ValueError):
            game.apply(parse_action(move))
    play_out(game), play_out(twin)
    assert [e.to_json() for e in game.events] == [e.to_json() for e in twin.events]


def test_options_default_to_the_most_literal_reading_or_the_one_docs_rules_md_explains():
    # docs/rules.md, "Options": each default is the most literal reading of its sentence unless that
    # contradicts another paragraph or cannot be played (last_lead: p10's «обязан отбить»); where the
    # text prefers no reading, the default keeps what the engine has always played.
    assert Options().to_mapping() == {
        "playoff": "beating", "hosts_play": "no", "stake": 4, "contribution": "every_round", "spread": "even",
        "unclaimed": "carry", "short_deal": "deal_out", "short_pay": "everyone", "deal": "packets",
        "deal_start": "first_seat", "beat": "same_suit",
        "failed_defence": "take_all", "after_take": "taker_left", "last_lead": "answered",
        "penalty_pile": "holders_only", "fine": 1,
        "fines_to": "pool",  # p12 names no winner of a prize: the play-off prize cannot be played from the text alone
        "suit_fines": "H=4 C=3 D=2 S=1",
        "suit_fine_basis": "per_suit",  # «за червовую масть — 4 фишки»: once for the suit
        "kitty": "carried",  # p15 says nothing of the kitty after the game: it goes on, as p12's fines do
        "empty_hand_at_start": "sits_out", "last_card": "finish_trick",
        "tricks_end": "first_out"}  # p14 «пока у одного из игроков они не кончатся»
