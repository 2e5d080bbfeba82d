"""Events: what happened at each step, at the grain a teacher narrates, with its paragraph ids."""

from __future__ import annotations

from typing import Any

from .cards import Card


class Event:
    """`kind`, the paragraph ids `rules` that govern it, and `data` for views and narration.

    Data holds names, ints, Cards and lists/dicts of them; `to_json()` writes cards as `AS`.
    """

    __slots__ = ("kind", "rules", "data")

    def __init__(self, kind: str, rules: tuple[str, ...], data: dict[str, Any]) -> None:
        self.kind = kind
        self.rules = rules
        self.data = data

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "rule": list(self.rules)}
        for key, value in self.data.items():
            out[key] = _plain(value)
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.rules!r}, {self.to_json()!r})"


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value
