"""Computer players: the default policy (documented below) and a seeded random one.

A policy is a function `(game) -> action` for the player to act; any seat can be automatic.

The default policy, decision by decision:
- the banker's spread (spread = chosen): as even as possible, the remainder on the first
  positions — what `spread = even` does, so a hand reads the same whoever spreads;
- a lead (p10): the lowest pair of one rank if he holds one (two cards gone at once), else his
  lowest card, keeping the high cards to beat with;
- an answer (p10): the cover that spends the least — the sum of the covering ranks lowest, ties
  by the order of `legal_actions()`; `take` only when he cannot beat (which the rules force);
- a trick (p13): when following suit, his highest card of the suit, to win the trick and lead;
  when leading or void, a card of the suit with the highest fine (p15's `suit_fines`), highest
  rank first (under `suit_fine_basis = per_card`, the card that would cost most at the end).
"""

from __future__ import annotations

from typing import Callable

from .actions import Action, Beat, Lead, Play, Stake
from .game import Game, Phase, even_spread
from .rng import Stream

Policy = Callable[[Game], Action]


def default_policy(game: Game) -> Action:
    phase = game.phase
    if phase is Phase.STAKE:
        return Stake(even_spread(game.pool))
    if phase is Phase.LEAD:
        # Straight from the sorted hand (the first of `legal_actions()` of its kind, without listing them).
        hand = game.hands[game.leader]
        for low, high in zip(hand, hand[1:]):
            if low.rank == high.rank:
                return Lead((low, high))
        return Lead((hand[0],))
    if phase is Phase.ANSWER:
        return min(game.legal_actions(), key=lambda a: sum(c.rank for _, c in a.covers) if isinstance(a, Beat) else 0)
    if phase is Phase.TRICK:
        playable = game.playable()
        if game.table_cards and playable[0].suit == game.table_cards[0][1].suit:
            return Play(playable[-1])
        fine = dict(game.options.suit_fines)
        return Play(max(playable, key=lambda c: (fine[c.suit], c.rank)))
    raise ValueError(f"no decision to make: the game is {phase}")


def random_policy(seed: int) -> Policy:
    """Uniform over the legal moves (the spread: uniform over the ways to spread), from its own stream."""
    stream = Stream(seed)

    def choose(game: Game) -> Action:
        if game.phase is Phase.STAKE:
            return Stake(_random_composition(stream, game.pool, 4))
        legal = game.legal_actions()
        return legal[stream.below(len(legal))]

    return choose


def _random_composition(stream: Stream, total: int, parts: int) -> tuple[int, ...]:
    """Uniform among the ways to write `total` as `parts` numbers >= 1: choose parts-1 cut points."""
    cuts: list[int] = []
    points = list(range(1, total))
    for _ in range(parts - 1):
        cuts.append(points.pop(stream.below(len(points))))
    bounds = [0] + sorted(cuts) + [total]
    return tuple(b - a for a, b in zip(bounds, bounds[1:]))


def play_out(game: Game, policies: dict[int, Policy] | Policy = default_policy) -> Game:
    """Make every remaining decision with the given policy (one for all, or one per `to_act`)."""
    while not game.over:
        actor = game.to_act
        assert actor is not None
        policy = policies if callable(policies) else policies.get(actor, default_policy)
        game.apply(policy(game))
    return game
