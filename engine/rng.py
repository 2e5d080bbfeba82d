"""The game's own random stream: SplitMix64, so a seed gives the same game on every Python.

`random.shuffle` and `randrange` are not promised stable across Python versions, and the
same game must come out of CPython 3.11 and Pyodide's CPython 3.14 byte for byte. SplitMix64
(Steele, Lea, Flood 2014; the seeder of xoshiro) is a few integer operations, well mixed and
published with reference outputs, which the golden test checks.
"""

from __future__ import annotations

from typing import MutableSequence, TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's increment: the state advances by it at every draw
T = TypeVar("T")


_LIMITS = [0] + [(1 << 64) - ((1 << 64) % n) for n in range(1, 105)]  # below(n) rejects draws >= _LIMITS[n]


class Stream:
    """SplitMix64. `below(n)` is unbiased (rejection), `shuffle` is Fisher–Yates from the end."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        return _mix(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), 1 <= n <= 2**64."""
        if n <= 0:
            raise ValueError(f"below({n}): n must be positive")
        # Reject the top partial block so every value is equally likely.
        limit = _LIMITS[n] if n < len(_LIMITS) else (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates: for i from the end, swap items[i] with items[below(i + 1)].

        The same draws as calling `below`, inlined: a deck is shuffled at the start of every game."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _LIMITS[n] if n < len(_LIMITS) else (1 << 64) - ((1 << 64) % n)
            while True:
                state = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state


def _mix(z: int) -> int:
    """SplitMix64's output function of a state."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def draw(seed: int, k: int) -> int:
    """The k-th draw (from 0) of `Stream(seed).next64()`, without the k draws before it: the state
    only ever advances by the constant increment, so after k + 1 draws it is seed + (k + 1)·γ."""
    if k < 0:
        raise ValueError(f"draw({seed}, {k}): k must be >= 0")
    return _mix((seed + (k + 1) * _GAMMA) & _MASK)
