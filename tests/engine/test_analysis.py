"""The analysis of a decision (engine/analysis.py) against what can be checked without it: a
brute-force search written here, the game played out along the analysis's own line, forced moves."""

from __future__ import annotations

import json

from engine import Card, Game, Play, Take, parse_action
from engine.analysis import LINE_LENGTH, analyse

from endgame_helpers import Endgame, cards_in_play, make_endgames


def brute_force(game: Game) -> tuple[int, ...]:
    """Every seat's final net when each player, from here on, maximises his own (max^n), the first
    of `legal_actions()` winning a tie: plain recursion, every line played, nothing remembered."""
    if game.over:
        return tuple(game.nets)
    actor = game.to_act
    assert actor is not None
    best: tuple[int, ...] | None = None
    for action in game.legal_actions():
        child = game.clone()
        child.apply(action)
        nets = brute_force(child)
        if best is None or nets[actor] > best[actor]:
            best = nets
    assert best is not None
    return best


def test_the_open_analysis_equals_a_brute_force_search_on_500_endgames(endgames: list[Endgame]) -> None:
    assert len(endgames) == 500
    assert {e.game.n for e in endgames} == {2, 3, 4}
    assert {e.options["playoff"] for e in endgames} == {"beating", "tricks", "beating_then_tricks"}
    assert {e.game.phase.value for e in endgames} == {"lead", "answer", "trick"}
    for endgame in endgames:
        assert cards_in_play(endgame.game) <= 8
        _agrees_with_brute_force(endgame)


def test_the_open_analysis_equals_a_brute_force_search_on_100_endgames_of_10_cards() -> None:
    # Larger endgames meet more transpositions (the same hands reached with other penalty piles...),
    # which is what the search's table has to tell apart.
    endgames = make_endgames(100, 10, seed=23)
    assert sum(cards_in_play(e.game) >= 9 for e in endgames) >= 50
    for endgame in endgames:
        _agrees_with_brute_force(endgame)


def _agrees_with_brute_force(endgame: Endgame) -> None:
    game = endgame.game
    analysis = analyse(game)
    assert analysis.exact, endgame
    by_move = {m.move: m for m in analysis.moves}
    for action in game.legal_actions():
        child = game.clone()
        child.apply(action)
        nets = brute_force(child)
        move = by_move[str(action)]
        assert move.value == nets[game.to_act] and move.facts.nets == nets, (endgame, str(action))


def test_a_value_is_the_final_net_of_playing_its_line_out(endgames: list[Endgame]) -> None:
    # Exact values: after the move, each decision's best move, as the analysis of that decision
    # gives it, ends the game with the nets announced; the move's line is those best moves.
    for endgame in endgames[:100]:
        game = endgame.game
        for move in analyse(game).moves:
            line = game.clone()
            line.apply(parse_action(move.move))
            played = []
            while not line.over:
                best = analyse(line).best.move
                played.append((line.to_act, best))
                line.apply(parse_action(best))
            assert line.nets[game.to_act] == move.value and tuple(line.nets) == move.facts.nets, (endgame, move.move)
            assert move.facts.line == tuple(played[:LINE_LENGTH]), (endgame, move.move)


def test_a_forced_decision_costs_nothing(endgames: list[Endgame]) -> None:
    forced = [e.game for e in endgames if len(e.game.legal_actions()) == 1]
    assert len(forced) >= 20
    for game in forced:
        for mode in ("open", "known"):
            analysis = analyse(game, mode, samples=4, seed=1)
            assert [(m.cost, m.rank) for m in analysis.moves] == [(0.0, 1)]


def test_the_moves_are_ranked_by_value_with_costs_against_the_best(endgames: list[Endgame]) -> None:
    for endgame in endgames[:100]:
        moves = analyse(endgame.game).moves
        assert [m.rank for m in moves] == list(range(1, len(moves) + 1))
        assert all(a.value > b.value or (a.value == b.value and a.index < b.index) for a, b in zip(moves, moves[1:]))
        assert all(m.cost == moves[0].value - m.value for m in moves)


def test_the_same_seed_gives_byte_identical_analyses() -> None:
    games = [e.game for e in make_endgames(6, 20, seed=5)]
    for game in games:
        for mode in ("open", "known"):
            first = json.dumps(analyse(game, mode, samples=6, seed=9).to_json(), sort_keys=True)
            again = json.dumps(analyse(game.clone(), mode, samples=6, seed=9).to_json(), sort_keys=True)
            assert first == again


def test_the_known_mode_keeps_what_the_player_sees_and_redeals_the_rest() -> None:
    from engine import Stream
    from engine.analysis import sample_deal

    redealt_differently = 0
    for endgame in make_endgames(30, 30, seed=8):
        game = endgame.game
        seat = game.to_act
        assert seat is not None
        stream = Stream(3)
        dealt = sample_deal(game, seat, stream)
        assert dealt.hands[seat] == game.hands[seat]
        assert [len(h) for h in dealt.hands] == [len(h) for h in game.hands]
        unseen = sorted(c for s, h in enumerate(game.hands) if s != seat for c in h)
        redealt = sorted(c for s, h in enumerate(dealt.hands) if s != seat for c in h)
        assert set(redealt) <= set(unseen) | set(game.dealer_deck[game.dealer_next:])
        assert dealt.table_cards == game.table_cards and dealt.penalty == game.penalty
        redealt_differently += dealt.hands != game.hands
    assert redealt_differently >= 12  # (with two players the other hand is every unseen card: no choice)


def test_the_known_mode_gives_each_value_its_95_percent_interval(endgames: list[Endgame]) -> None:
    game = next(e.game for e in endgames if len(e.game.legal_actions()) >= 3 and e.game.n >= 3)
    analysis = analyse(game, "known", samples=16, seed=4)
    assert analysis.mode == "known" and analysis.samples == 16
    for move in analysis.moves:
        assert move.interval is not None
        low, high = move.interval
        assert low <= move.value <= high
        assert abs((move.value - low) - (high - move.value)) < 1e-9


def test_a_move_is_told_in_both_languages_with_its_value_its_cost_and_the_answer_that_follows(
        endgames: list[Endgame]) -> None:
    from engine.narration import move_reason
    from engine.words import count, move_text, signed

    def told_well(game: Game) -> bool:  # moves of different values, and a line of two moves at least
        moves = analyse(game).moves
        return len({m.value for m in moves}) >= 2 and len(moves[0].facts.line) >= 2

    game = next(e.game for e in endgames if e.game.n == 3 and told_well(e.game))
    analysis = analyse(game)
    best, worse = analysis.moves[0], next(m for m in analysis.moves if m.cost > 0)
    seats = game.seats
    who = seats[analysis.seat]
    for lang, net, best_words in (("en", "final net", "the best move"), ("ru", "итог за кон", "это лучший вариант")):
        said = move_reason(best, who, seats, lang)
        assert said.startswith(f"{who} {move_text(parse_action(best.move), lang)}: {net} {signed(best.value, lang)}, "
                               f"{best_words}.")
        seat, reply = best.facts.line[0]
        assert said.endswith(f" {seats[seat]} {move_text(parse_action(reply), lang)}.")
        said = move_reason(worse, who, seats, lang)
        less = count(int(worse.cost), "chip", lang, "acc")
        assert (f"{less} less than the best move" if lang == "en" else f"на {less} меньше, чем при лучшем варианте") \
            in said
    known = analyse(game, "known", samples=4, seed=2).moves[0]
    assert known.interval is not None
    low, high = (signed(x, "ru", 2) for x in known.interval)
    assert f"в среднем {signed(known.value, 'ru', 2)} (95-процентный интервал от {low} до {high})" in \
        move_reason(known, who, seats, "ru")


def test_the_known_mode_deals_no_player_a_card_play_has_shown_he_lacks() -> None:
    from engine import Stream, events as ev
    from engine.analysis import ruled_out, sample_deal

    checked = 0
    for endgame in make_endgames(120, 24, seed=41):
        game = endgame.game
        seat = game.to_act
        assert seat is not None
        lacks = ruled_out(game, seat)
        if not any(lacks.values()):
            continue
        # What the rules say he lacks, read from the events here: not following the suit led (p13),
        # taking a single card he could not beat (p10).
        for other, cards in lacks.items():
            assert not cards.intersection(game.hands[other])  # the real deal fits, of course
        shown = [e for e in game.events if isinstance(e, (ev.Play, ev.Take))]
        assert shown
        stream = Stream(5)
        for _ in range(10):
            dealt = sample_deal(game, seat, stream)
            for other, cards in lacks.items():
                assert not cards.intersection(dealt.hands[other]), (endgame, other)
        checked += 1
    assert checked >= 30


def test_a_player_who_did_not_follow_suit_or_took_one_card_is_known_to_lack_what_he_did_not_play() -> None:
    # Read from the decisions themselves, replayed one by one: at each card played to a trick off the
    # suit led, and each take of a single card, what the player's hand could not hold.
    from engine.analysis import ruled_out, unseen_cards

    found = 0
    for endgame in make_endgames(40, 24, seed=43):
        game = endgame.game
        seat = game.to_act
        assert seat is not None
        unseen = set(unseen_cards(game, seat))
        expected: dict[int, set[Card]] = {s: set() for s in range(game.n) if s != seat}
        replay = game.replay([])
        for action in game.actions:
            who = replay.to_act
            if who is not None and who != seat and who >= 0:
                if isinstance(action, Play) and replay.table_cards:
                    suit = replay.table_cards[0][1].suit
                    if action.card.suit != suit:
                        expected[who] |= {c for c in unseen if c.suit == suit}
                if isinstance(action, Take) and len(replay.led) == 1:
                    (led,) = replay.led
                    expected[who] |= {c for c in unseen if c.rank > led.rank
                                      and (c.suit == led.suit or game.options.beat == "any_suit")}
            replay.apply(action)
        assert ruled_out(game, seat) == expected, endgame
        found += any(expected.values())
    assert found >= 10


def test_when_no_draw_fits_a_fitting_deal_is_made_by_moving_cards_between_hands() -> None:
    from engine import parse_cards
    from engine.analysis import _fitting_deal

    ace, king, two, three = parse_cards("AS KS 2H 3H")
    # Boris's two places come first and would take the two hearts; Anna lacks both spades, so the
    # hearts must move to her and the spades to Boris.
    hands = _fitting_deal([two, three, ace, king], {1: 2, 0: 2}, {0: {ace, king}, 1: set()})
    assert sorted(hands[0]) == [two, three] and sorted(hands[1]) == [king, ace]
