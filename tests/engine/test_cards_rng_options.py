"""Cards and their notation, the game's random stream (SplitMix64), options and the table."""

from __future__ import annotations

import copy
import itertools
import pickle
from collections import Counter

import pytest

from engine import (
    Beat, Card, CardError, FULL_DECK, Game, Lead, NotationError, OptionError, Options, Play, Stake, Stream, Table, TableError,
    Take, action_key, check_deck, format_cards, parse_action, parse_cards, shuffled_decks,
)
from engine_helpers import MASK64, reference_below, reference_splitmix64

# ---------------------------------------------------------------------- cards


@pytest.mark.parametrize("text, canonical", [
    ("AS", "AS"), ("TH", "TH"), ("10h", "TH"), ("10H", "TH"), (" 7c ", "7C"), ("qs", "QS"), ("2d", "2D"),
    ("jc", "JC"), ("Kh", "KH"), ("t s", None),
])
def test_card_notation_rank_then_suit_lax_in_canonical_out(text, canonical):
    if canonical is None:
        with pytest.raises(CardError):
            Card.parse(text)
        return
    assert str(Card.parse(text)) == canonical


@pytest.mark.parametrize("text", ["", "A", "S", "1H", "11H", "0H", "ZZ", "AX", "10", "TT", "HA", "AS5", "1OH", "♠A"])
def test_card_notation_refuses_what_is_not_a_card(text):
    with pytest.raises(CardError) as error:
        Card.parse(text)
    assert isinstance(error.value, ValueError)
    assert repr(text.strip()) in str(error.value)  # the message names the text


def test_card_canonical_names_of_all_52():
    ranks = "23456789TJQKA"
    assert [str(c) for c in FULL_DECK] == [r + s for s in "SHDC" for r in ranks]
    assert len(set(FULL_DECK)) == 52


def test_card_repr_reads_back_with_eval():
    for card in FULL_DECK:
        assert eval(repr(card), {"Card": Card}) is card


def test_action_repr_reads_back_with_eval():
    for text in ("stake 5 1 1 1", "lead 7S 7H", "lead TD", "beat 7S>QS 7H>9H", "beat 2C>5C", "take", "play KH"):
        action = parse_action(text)
        assert eval(repr(action), {"parse_action": parse_action}) == action
        assert str(action) == text


def test_card_there_is_one_object_per_card():
    ace = Card.parse("AS")
    assert Card(14, "S") is ace is Card.parse("as") is FULL_DECK[12] is parse_cards("AS")[0]
    assert copy.copy(ace) is ace and copy.deepcopy(ace) is ace
    assert pickle.loads(pickle.dumps(ace)) is ace
    assert copy.deepcopy([ace, ace])[0] is ace


@pytest.mark.parametrize("rank, suit", [(1, "S"), (15, "S"), (10, "X"), (10, "SH"), (10, "")])
def test_card_constructor_refuses_what_is_not_a_card(rank, suit):
    with pytest.raises(CardError):
        Card(rank, suit)


def test_card_order_is_rank_then_suit_ace_high():
    shuffled = parse_cards("AS 2C TD 2S KH 10S 2H")
    assert format_cards(sorted(shuffled)) == "2S 2H 2C TS TD KH AS"
    assert Card.parse("AS") > Card.parse("KC") and Card.parse("2C") > Card.parse("2S")


def test_parse_cards_reads_spaces_and_commas():
    assert format_cards(parse_cards("AS, KH  10d,7c")) == "AS KH TD 7C"
    assert parse_cards(["AS", "10h"]) == (Card.parse("AS"), Card.parse("TH"))


# ---------------------------------------------------------------------- moves


@pytest.mark.parametrize("lax, canonical", [
    ("LEAD 10h 10s", "lead TS TH"),  # two of one rank, written in card order
    ("lead 10s   10h", "lead TS TH"),
    ("  beat 7h>9h   7s>qs ", "beat 7S>QS 7H>9H"),  # pairs in any order
    ("beat 7S>QS 7H>9H", "beat 7S>QS 7H>9H"),
    ("Take", "take"),
    ("play kh", "play KH"),
    ("stake 5 1 1 1", "stake 5 1 1 1"),
])
def test_move_notation_is_lax_in_canonical_out(lax, canonical):
    assert str(parse_action(lax)) == canonical
    assert parse_action(lax) == parse_action(canonical)


@pytest.mark.parametrize("text", [
    "", "  ", "lead", "lead 2S 3S 4S", "lead 1S", "beat", "beat 7H", "beat 7H-9H", "beat 7H>9X",
    "beat 2S>3S 2H>3H 2D>3D", "take 2S", "play", "play 2S 3S", "stake 1 2 3", "stake a b c d", "stake 1 2 3 -4",
    "dance 2S",
])
def test_move_notation_refuses_what_is_not_a_move(text):
    with pytest.raises(NotationError) as error:
        parse_action(text)
    assert isinstance(error.value, ValueError)
    if text.strip():
        assert repr(text.strip()) in str(error.value)


def test_action_key_orders_by_kind_then_cards():
    actions = [parse_action(t) for t in ("play 2S", "take", "beat 2S>3S", "lead AS", "lead 2S 2H", "lead 2S",
                                         "stake 1 1 1 2", "stake 1 1 2 1", "beat 2H>3H", "play 2H")]
    ordered = sorted(actions, key=action_key)
    assert [str(a) for a in ordered] == ["stake 1 1 1 2", "stake 1 1 2 1", "lead 2S", "lead 2S 2H", "lead AS",
                                         "beat 2S>3S", "beat 2H>3H", "take", "play 2S", "play 2H"]
    assert isinstance(ordered[0], Stake) and isinstance(ordered[2], Lead) and isinstance(ordered[5], Beat)
    assert isinstance(ordered[7], Take) and isinstance(ordered[8], Play)


# ---------------------------------------------------------------------- decks (p2)


def test_check_deck_accepts_a_permutation():
    order = tuple(reversed(FULL_DECK))
    assert check_deck(order) == order


def test_check_deck_names_repeated_and_missing_cards():
    deck = list(FULL_DECK)
    deck[12] = Card.parse("KS")  # AS replaced by a second KS
    with pytest.raises(CardError) as error:
        check_deck(deck, "banker")
    text = str(error.value)
    assert "the banker's deck" in text and "repeats KS" in text and "lacks AS" in text and "(p2)" in text
    assert "not 52" not in text  # it has 52 cards, just the wrong ones


@pytest.mark.parametrize("size", [0, 51, 53])
def test_check_deck_names_the_wrong_count(size):
    deck = (list(FULL_DECK) + [FULL_DECK[0]])[:size]
    with pytest.raises(CardError, match=rf"has {size} cards, not 52"):
        check_deck(deck)


# ---------------------------------------------------------------------- the random stream


def test_splitmix64_golden_outputs_of_seed_0():
    # The published reference outputs of splitmix64.c started from x = 0.
    stream = Stream(0)
    assert [stream.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@pytest.mark.parametrize("seed", [0, 1, 7, 12345, MASK64, 1 << 63])
def test_splitmix64_matches_an_independent_implementation(seed):
    engine_stream, reference = Stream(seed), reference_splitmix64(seed)
    assert [engine_stream.next64() for _ in range(1000)] == [next(reference) for _ in range(1000)]


def test_splitmix64_seed_is_taken_modulo_2_to_the_64():
    assert Stream(-1).state == MASK64 and Stream(1 << 64).state == 0


def test_below_stays_in_bounds():
    stream = Stream(3)
    for n in list(range(1, 106)) + [1000, 2 ** 32 + 1, 2 ** 63 + 1, 2 ** 64 - 1, 2 ** 64]:
        for _ in range(20):
            assert 0 <= stream.below(n) < n


def test_below_of_one_is_zero_and_of_two_to_the_64_is_the_raw_draw():
    stream, twin = Stream(9), Stream(9)
    assert stream.below(1) == 0
    twin.next64()
    assert stream.state == twin.state  # one draw used, none rejected
    stream, twin = Stream(9), Stream(9)
    assert stream.below(2 ** 64) == twin.next64()


@pytest.mark.parametrize("n", [0, -3])
def test_below_refuses_a_bound_that_is_not_positive(n):
    with pytest.raises(ValueError):
        Stream(1).below(n)


def test_below_rejects_the_top_partial_block():
    # n = 2**63 + 1: the largest multiple of n below 2**64 is n itself, so every draw >= n is
    # thrown away. With a seed whose first draw is rejected, below gives the first draw < n.
    n = 2 ** 63 + 1
    seed = next(s for s in itertools.count() if next(reference_splitmix64(s)) >= n)
    reference = reference_splitmix64(seed)
    draws = [next(reference) for _ in range(20)]
    kept = next(d for d in draws if d < n)
    stream = Stream(seed)
    assert stream.below(n) == kept
    twin = Stream(seed)
    for _ in range(draws.index(kept) + 1):
        twin.next64()
    assert stream.state == twin.state and draws.index(kept) >= 1


@pytest.mark.parametrize("n", [3, 5, 52])
def test_below_is_uniform(n):
    # A loose chi-square bound (p < 1e-6 for a fair draw), on 200 draws a value.
    stream = Stream(2024 + n)
    counts = Counter(stream.below(n) for _ in range(200 * n))
    assert set(counts) == set(range(n))
    chi2 = sum((c - 200) ** 2 / 200 for c in counts.values())
    assert chi2 < {3: 28, 5: 33, 52: 110}[n]


def test_shuffle_is_fisher_yates_from_the_end_with_below():
    items, reference = list(range(52)), list(range(52))
    Stream(77).shuffle(items)
    stream = reference_splitmix64(77)
    for i in range(51, 0, -1):
        j = reference_below(stream, i + 1)
        reference[i], reference[j] = reference[j], reference[i]
    assert items == reference


# Seed 1: the banker's deck, then the dealer's, each shuffled from FULL_DECK by the same stream.
GOLDEN_SEED_1 = (
    "8H TS 5H 9D 9H 6C QH 7H TC QS 6H AH 4S 3H QD 6D 8D 5D 3S 2H 7C AS AD JD JC QC "
    "JH 9C KS 5C 7S 8S 2C 6S 2D AC 7D KC KD KH TH 4H 4C 2S 5S 3D 9S JS 4D 3C TD 8C",
    "KH 9C 6S JD 6D 8D 2H 7C TH 3D AS KC QC TS 5H 8H JS 9D 2S 2D 5D 3S TC 3C QH 8S "
    "3H 2C KD AD QS 9S 4S 4C 7S KS JH TD 4H 5C 4D AC 5S 7H 6C QD 9H 7D 8C JC AH 6H",
)


def test_golden_deck_orders_of_seed_1():
    # Checked by the rule: Fisher-Yates from the end over FULL_DECK with the reference stream,
    # first the banker's deck then the dealer's; the stream then goes on (random spread).
    stream = reference_splitmix64(1)
    expected = []
    for _ in range(2):
        deck = [str(c) for c in FULL_DECK]
        for i in range(51, 0, -1):
            j = reference_below(stream, i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        expected.append(" ".join(deck))
    assert tuple(expected) == GOLDEN_SEED_1
    engine_stream, banker, dealer = shuffled_decks(1)
    assert (format_cards(banker), format_cards(dealer)) == GOLDEN_SEED_1
    assert engine_stream.next64() == next(stream)


# ---------------------------------------------------------------------- options


def test_option_unknown_key_is_refused_with_the_known_keys():
    with pytest.raises(OptionError) as error:
        Options.from_mapping({"trumps": "hearts"})
    text = str(error.value)
    assert "'trumps'" in text and "playoff" in text and "last_card" in text


@pytest.mark.parametrize("key, value, rule, allowed", [
    ("playoff", "durak", "p10, p13", "beating, tricks"),
    ("hosts_play", True, "p1, p2, p5", "no, yes"),
    ("contribution", "sometimes", "p4, p7", "every_round, per_losing_card"),
    ("spread", "EVEN", "p4", "even, random, chosen"),
    ("unclaimed", "dealer", "p4, p5", "carry, banker"),
    ("short_deal", "", "p8", "deal_out, stop"),
    ("deal", "fours", "p5", "packets, single"),
    ("beat", "sideways", "p10", "same_suit, any_suit"),
    ("failed_defence", "take_none", "p10", "take_all, take_unbeaten"),
    ("penalty_pile", "nobody", "p11", "holders_only, everyone"),
    ("empty_hand_at_start", "x", "p9, p11, p14", "sits_out, ends_playoff"),
    ("last_card", "x", "p14", "finish_trick, stop_at_once"),
])
def test_option_bad_choice_names_key_allowed_values_and_paragraph(key, value, rule, allowed):
    with pytest.raises(OptionError) as error:
        Options.from_mapping({key: value})
    text = str(error.value)
    assert f"'{key}'" in text and f"({rule})" in text and allowed in text and repr(value) in text


@pytest.mark.parametrize("key, value, rule", [
    ("stake", 0, "p4"), ("stake", -2, "p4"), ("stake", "x", "p4"), ("stake", 2.5, "p4"), ("stake", True, "p4"),
    ("stake", "1.5", "p4"), ("fine", -1, "p11"), ("fine", "-1", "p11"), ("fine", None, "p11"),
])
def test_option_bad_number_names_key_and_paragraph(key, value, rule):
    with pytest.raises(OptionError) as error:
        Options.from_mapping({key: value})
    assert f"'{key}' ({rule})" in str(error.value)


def test_option_numbers_may_be_written_as_text():
    options = Options.from_mapping({"stake": " 3 ", "fine": "0"})
    assert options.stake == 3 and options.fine == 0


@pytest.mark.parametrize("text", ["H=4 C=3 D=2 S=1", "s=1, h=4, d=2, c=3", " C=3  S=1 H=4 D=2 "])
def test_option_suit_fines_parsing(text):
    options = Options.from_mapping({"suit_fines": text})
    assert options.suit_fines == Options().suit_fines == (("H", 4), ("C", 3), ("D", 2), ("S", 1))
    assert options.to_mapping()["suit_fines"] == "H=4 C=3 D=2 S=1"
    assert [options.suit_fine(s) for s in "HCDS"] == [4, 3, 2, 1]


def test_option_suit_fines_canonical_order_is_highest_first_then_suit_order():
    options = Options.from_mapping({"suit_fines": {"h": 0, "S": 10, "D": "0", "C": 0}})
    assert options.to_mapping()["suit_fines"] == "S=10 H=0 D=0 C=0"


@pytest.mark.parametrize("text, names", [
    ("H=4 C=3 D=2", "missing spades"),
    ("H=4 H=3 D=2 S=1", "'H'"),
    ("H=4 C=3 D=2 X=1", "'X'"),
    ("H4 C3 D2 S1", "'H4'"),
    ("H=4 C=3 D=2 S=-1", "-1"),
    ("H=4 C=3 D=2 S=one", "'one'"),
    (7, "7"),
])
def test_option_suit_fines_refuses_what_is_not_four_suit_fines(text, names):
    with pytest.raises(OptionError) as error:
        Options.from_mapping({"suit_fines": text})
    assert "suit_fines" in str(error.value) and "(p15)" in str(error.value) and names in str(error.value)


def test_option_pairs_as_on_the_command_line():
    options = Options.parse_pairs(["beat=any_suit", " stake = 2 "])
    assert options.beat == "any_suit" and options.stake == 2
    assert options.to_mapping(changed_only=True) == {"stake": 2, "beat": "any_suit"}
    with pytest.raises(OptionError, match="KEY=VALUE"):
        Options.parse_pairs(["beat"])


def test_option_mapping_round_trip():
    options = Options.from_mapping({"playoff": "tricks", "stake": 7, "suit_fines": "S=2 H=2 D=2 C=2", "fine": 0})
    assert Options.from_mapping(options.to_mapping()) == options


# ---------------------------------------------------------------------- the table


def test_table_seats_in_order_and_the_hosts_last_when_they_play():
    table = Table(("Anna", "Boris"), "Father", "Mother")
    assert table.seats(Options()) == ("Anna", "Boris")
    assert table.seats(Options(hosts_play="yes")) == ("Anna", "Boris", "Father", "Mother")
    assert Table.default(3) == Table(("Anna", "Boris", "Vera"), "Papa", "Mama")
    assert Table.default(3, "ru") == Table(("Анна", "Борис", "Вера"), "Папа", "Мама")


@pytest.mark.parametrize("players, banker, dealer, options, message", [
    (("Anna",), "Father", "Mother", {}, "1 card player:"),
    (tuple(f"P{i}" for i in range(18)), "Father", "Mother", {}, "18 card players"),
    (("Anna", "Boris"), "Anna", "Mother", {}, "names must differ"),
    (("Anna", "Boris"), "Father", "Mother", {"stake": 1}, "(p4)"),
    (("Anna", ""), "Father", "Mother", {}, "needs a name"),
])
def test_table_check_refuses_what_the_rules_cannot_seat(players, banker, dealer, options, message):
    with pytest.raises(TableError) as error:
        Table(players, banker, dealer).check(Options.from_mapping(options))
    assert message in str(error.value) and isinstance(error.value, ValueError)


@pytest.mark.parametrize("bad", [{"beat": "x"}, {"stake": 0}, {"fine": -1}, {"fine": True}, {"suit_fines": (("S", 1),)}])
def test_options_made_directly_are_checked_like_those_read_from_a_file(bad):
    # The constructor refuses what from_mapping refuses, so no unchecked Options can reach a Game.
    with pytest.raises(OptionError):
        Options(**bad)


@pytest.mark.parametrize("bad", [{"seed": -1}, {"seed": None}, {"seed": 1.5}, {"seed": True}, {"pool": -3}, {"pool": "2"}])
def test_a_game_refuses_a_seed_or_pool_that_is_not_a_whole_number(bad):
    # A clear ValueError naming the field, not a TypeError from deep inside the shuffle.
    with pytest.raises(ValueError, match="seed|pool"):
        Game(Table.default(3), **bad)
