"""Hypothesis: random tables, options and seeds, driven by random legal AND illegal moves.

- An illegal move (any kind, random cards, random stakes) raises the IllegalMove subclass the
  rules call for and leaves the state exactly as it was; a legal one never raises.
- Undo after apply restores the exact state.
The tests' own reading of the legal moves (engine_helpers.expected_legal) is the oracle.
"""

from __future__ import annotations

import math
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import (
    AgainstTheRule, Beat, CardNotHeld, FULL_DECK, Game, IllegalMove, Lead, NotYourMove, Play, Stake, Take,
    random_policy,
)
from engine.options import CATALOGUE
from engine_helpers import exact_state, expected_legal, opts, table, views

CHOICES = {info.key: info.values for info in CATALOGUE if info.kind == "choice"}
CHOICE_KEYS = list(CHOICES)
SETTINGS = settings(deadline=None, max_examples=120, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def setups(draw: Any) -> dict[str, Any]:
    values = {key: draw(st.sampled_from(CHOICES[key])) for key in CHOICE_KEYS}
    players = draw(st.integers(2, 6))
    seats = players + (2 if values["hosts_play"] == "yes" else 0)
    values["stake"] = draw(st.integers(math.ceil(4 / seats), 4))
    values["fine"] = draw(st.integers(0, 3))
    values["suit_fines"] = " ".join(f"{s}={draw(st.integers(0, 5))}" for s in "HCDS")
    return {"players": players, "options": values, "seed": draw(st.integers(0, 2 ** 63 - 1)),
            "pool": draw(st.integers(0, 12))}


def new_game(setup: dict[str, Any]) -> Game:
    return Game(table(setup["players"]), opts(**setup["options"]), seed=setup["seed"], pool=setup["pool"])


def actor_cards(game: Game) -> list[Any]:
    if game.to_act is None or game.to_act < 0:
        return []
    return list(game.hands[game.to_act])


def any_action(data: Any, game: Game) -> Any:
    """A move of any kind, with cards mostly from the hand of the player to act or the led cards."""
    pool = list(FULL_DECK)
    near = actor_cards(game) + list(game.led)
    card = st.sampled_from(near) | st.sampled_from(pool) if near else st.sampled_from(pool)
    total = game.pool if game.phase == "stake" else 8
    amount = st.integers(-1, total + 1) | st.integers(1, max(1, total - 3))
    return data.draw(st.one_of(
        st.lists(amount, min_size=3, max_size=5).map(lambda a: Stake(tuple(a))),
        st.lists(card, min_size=0, max_size=3).map(lambda c: Lead(tuple(c))),
        st.lists(st.tuples(card, card), min_size=0, max_size=3).map(lambda p: Beat(tuple(p))),
        st.just(Take()),
        card.map(Play),
    ), label="move")


def expected_refusal(game: Game, action: Any) -> type[IllegalMove] | None:
    """None if the move is legal, else the refusal the rules call for."""
    fits = {"stake": Stake, "lead": Lead, "answer": (Beat, Take), "trick": Play}.get(game.phase)
    if fits is None or not isinstance(action, fits):
        return NotYourMove  # not this kind of decision now, or the game is over
    if isinstance(action, Stake):  # p4: four amounts, at least 1 each, the whole pool
        amounts = action.amounts
        ok = len(amounts) == 4 and min(amounts) >= 1 and sum(amounts) == game.pool
        return None if ok else AgainstTheRule
    if str(action) in expected_legal(game):
        return None
    used = list(action.cards) if isinstance(action, Lead) else [action.card] if isinstance(action, Play) else \
        [cover for _, cover in action.covers] if isinstance(action, Beat) else []
    hand = actor_cards(game)
    return CardNotHeld if any(c not in hand for c in used) else AgainstTheRule


def legal_move(data: Any, game: Game) -> Any:
    if game.phase == "stake":  # a random spread: three cut points in 1..pool-1
        cuts = sorted(data.draw(st.lists(st.integers(1, game.pool - 1), min_size=3, max_size=3, unique=True),
                                label="cuts"))
        bounds = [0] + cuts + [game.pool]
        return Stake(tuple(b - a for a, b in zip(bounds, bounds[1:])))
    return data.draw(st.sampled_from(game.legal_actions()), label="legal")


@SETTINGS
@given(setup=setups(), data=st.data())
def test_illegal_moves_are_refused_and_change_nothing_legal_moves_never_raise(setup, data):
    game = new_game(setup)
    for _ in range(60):
        if game.over or data.draw(st.booleans(), label="illegal?"):
            action = any_action(data, game)
        else:
            action = legal_move(data, game)
        expected = expected_refusal(game, action)
        if expected is None:
            game.apply(action)  # a legal move never raises
            continue
        before, before_views = exact_state(game), views(game)
        try:
            game.apply(action)
        except IllegalMove as error:
            assert type(error) is expected, f"{action}: {type(error).__name__} ({error}), expected {expected.__name__}"
            assert isinstance(error, ValueError) and error.action == action and error.rule in str(error)
            assert exact_state(game) == before and views(game) == before_views
        else:
            raise AssertionError(f"{action} was accepted in phase {game.phase}; expected {expected.__name__}")
        if game.over:
            break


@SETTINGS
@given(setup=setups(), data=st.data())
def test_every_legal_move_is_accepted(setup, data):
    # At random decisions, each listed legal move is applied (on a clone) without an error.
    game = new_game(setup)
    policy = random_policy(data.draw(st.integers(0, 1000), label="policy seed"))
    while not game.over:
        if game.phase != "stake" and data.draw(st.integers(0, 4), label="check here?") == 0:
            for action in game.legal_actions():
                game.clone().apply(action)
        game.apply(policy(game))


@SETTINGS
@given(setup=setups(), data=st.data())
def test_undo_after_apply_restores_the_exact_state(setup, data):
    game = new_game(setup)
    for _ in range(data.draw(st.integers(1, 40), label="decisions")):
        if game.over:
            break
        before, before_views = exact_state(game), views(game)
        action = legal_move(data, game)
        game.apply(action)
        assert game.undo() == action
        assert exact_state(game) == before and views(game) == before_views
        game.apply(action)


def test_undo_without_a_decision_is_an_error():
    game = Game(table(3), seed=1)
    try:
        game.undo()
    except IndexError as error:
        assert "no decision" in str(error)
    else:
        raise AssertionError("undo with no decision made")
