"""The game's own random stream: SplitMix64, so a seed gives the same game on every Python.

`random.shuffle` and `randrange` are not promised stable across Python versions, and the
same game must come out of CPython 3.11 and Pyodide's CPython 3.14 byte for byte. SplitMix64
(Steele, Lea, Flood 2014; the seeder of xoshiro) is a few integer operations, well mixed and
published with reference outputs, which the golden test checks.
"""

from __future__ import annotations

from typing import MutableSequence, TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


class Stream:
    """SplitMix64. `below(n)` is unbiased (rejection), `shuffle` is Fisher–Yates from the end."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), 1 <= n <= 2**64."""
        if n <= 0:
            raise ValueError(f"below({n}): n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)  # reject the top partial block so every value is equally likely
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
