"""The interpretations of the text (RULES.md, "Interpretations") and the table of players.

Every open question of the source is an option with a default; unknown keys and bad values
are refused with the key, what is allowed and the paragraph the option reads.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Mapping

from .cards import SUITS


class OptionError(ValueError):
    """An option key or value the rules do not know."""


# key -> (allowed values, default first; paragraphs it reads). Whole-number options have None.
CHOICES: dict[str, tuple[tuple[str, ...] | None, str]] = {
    "playoff": (("beating", "tricks"), "p10, p13"),
    "hosts_play": (("no", "yes"), "p1, p2, p5"),
    "stake": (None, "p4"),
    "contribution": (("every_round", "per_losing_card"), "p4, p7"),
    "spread": (("even", "random", "chosen"), "p4"),
    "unclaimed": (("carry", "banker"), "p5, p7"),
    "short_deal": (("deal_out", "stop"), "p8"),
    "deal": (("packets", "single"), "p5"),
    "beat": (("same_suit", "any_suit"), "p10"),
    "failed_defence": (("take_all", "take_unbeaten"), "p10"),
    "penalty_pile": (("everyone", "holders_only"), "p11"),
    "fine": (None, "p11"),
    "suit_fines": (None, "p15"),
    "suit_fine_basis": (("per_card", "per_suit"), "p15"),
    "empty_hand_at_start": (("sits_out", "ends_playoff"), "p9, p11, p14"),
    "last_card": (("finish_trick", "stop_at_once"), "p14"),
}
_MINIMUM = {"stake": 1, "fine": 0}
DEFAULT_SUIT_FINES = (("H", 4), ("C", 3), ("D", 2), ("S", 1))  # p15's example


def _parse_suit_fines(value: Any) -> tuple[tuple[str, int], ...]:
    """`"H=4 C=3 D=2 S=1"` or a mapping {"H": 4, ...}; every suit once, whole numbers >= 0."""
    where = "option 'suit_fines' (p15)"
    if isinstance(value, str):
        pairs = []
        for item in value.replace(",", " ").split():
            suit, eq, amount = item.partition("=")
            if not eq:
                raise OptionError(f"{where}: {item!r} is not SUIT=CHIPS (e.g. \"H=4 C=3 D=2 S=1\")")
            pairs.append((suit.strip().upper(), amount.strip()))
    elif isinstance(value, Mapping):
        pairs = [(str(k).upper(), v) for k, v in value.items()]
    else:
        raise OptionError(f"{where}: expected \"H=4 C=3 D=2 S=1\" or a table, got {value!r}")
    fines: dict[str, int] = {}
    for suit, amount in pairs:
        if suit not in SUITS or suit in fines:
            raise OptionError(f"{where}: {suit!r} is not a suit letter S, H, D, C given once")
        fines[suit] = _whole(amount, f"{where} for {suit}", 0)
    if set(fines) != set(SUITS):
        raise OptionError(f"{where}: give all four suits, missing {' '.join(s for s in SUITS if s not in fines)}")
    return tuple(sorted(fines.items(), key=lambda kv: (-kv[1], SUITS.index(kv[0]))))


def _whole(value: Any, where: str, minimum: int) -> int:
    if isinstance(value, bool):
        raise OptionError(f"{where}: {value!r} is not a whole number")
    if isinstance(value, str):
        value = value.strip()
        if not value.lstrip("-").isdigit():
            raise OptionError(f"{where}: {value!r} is not a whole number")
        value = int(value)
    if not isinstance(value, int) or value < minimum:
        raise OptionError(f"{where}: {value!r} is not a whole number >= {minimum}")
    return value


@dataclass(frozen=True, slots=True)
class Options:
    """One value per open question; the defaults are RULES.md's."""

    playoff: str = "beating"
    hosts_play: str = "no"
    stake: int = 4
    contribution: str = "every_round"
    spread: str = "even"
    unclaimed: str = "carry"
    short_deal: str = "deal_out"
    deal: str = "packets"
    beat: str = "same_suit"
    failed_defence: str = "take_all"
    penalty_pile: str = "everyone"
    fine: int = 1
    suit_fines: tuple[tuple[str, int], ...] = DEFAULT_SUIT_FINES
    suit_fine_basis: str = "per_card"  # p15 «за червовую масть — 4 фишки»: per card held, or once per suit held
    empty_hand_at_start: str = "sits_out"
    last_card: str = "finish_trick"

    def __post_init__(self) -> None:
        # Options made directly are checked as strictly as those read from a file.
        for f in fields(self):
            allowed, rule = CHOICES[f.name]
            value = getattr(self, f.name)
            if f.name == "suit_fines":
                if _parse_suit_fines(dict(value)) != value:
                    raise OptionError(f"option 'suit_fines' ({rule}): {value!r} is not in canonical order; "
                                      "use Options.from_mapping")
            elif allowed is None:
                if not isinstance(value, int) or isinstance(value, bool) or value < _MINIMUM[f.name]:
                    raise OptionError(f"option {f.name!r} ({rule}): {value!r} is not a whole number >= {_MINIMUM[f.name]}")
            elif value not in allowed:
                raise OptionError(f"option {f.name!r} ({rule}): {value!r} is not one of {', '.join(allowed)}")

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> Options:
        """Read keys and values laxly (numbers may be strings, suit_fines a string or a table);
        missing keys take defaults; the constructor then checks every value."""
        kwargs: dict[str, Any] = {}
        for key, value in values.items():
            if key not in CHOICES:
                raise OptionError(f"unknown option {key!r}; the options are {', '.join(CHOICES)}")
            allowed, rule = CHOICES[key]
            if key == "suit_fines":
                kwargs[key] = _parse_suit_fines(value)
            elif allowed is None:
                kwargs[key] = _whole(value, f"option {key!r} ({rule})", _MINIMUM[key])
            else:
                kwargs[key] = value
        return cls(**kwargs)

    @classmethod
    def parse_pairs(cls, pairs: list[str]) -> Options:
        """`["beat=any_suit", "stake=2"]`, as on the command line."""
        values: dict[str, str] = {}
        for pair in pairs:
            key, eq, value = pair.partition("=")
            if not eq:
                raise OptionError(f"{pair!r} is not KEY=VALUE")
            values[key.strip()] = value.strip()
        return cls.from_mapping(values)

    def to_mapping(self, changed_only: bool = False) -> dict[str, Any]:
        """Plain values (suit_fines as "H=4 C=3 D=2 S=1"), in the table's order."""
        default = Options()
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if changed_only and value == getattr(default, f.name):
                continue
            out[f.name] = format_suit_fines(value) if f.name == "suit_fines" else value
        return out

    def suit_fine(self, suit: str) -> int:
        return dict(self.suit_fines)[suit]


def format_suit_fines(fines: tuple[tuple[str, int], ...]) -> str:
    return " ".join(f"{s}={n}" for s, n in fines)


class TableError(ValueError):
    """A table the rules cannot seat (names, 2–17 card players, stake too small)."""


@dataclass(frozen=True, slots=True)
class Table:
    """Seats in order ("left" is the next one, wrapping round), and the two hosts (p2)."""

    players: tuple[str, ...]
    banker: str
    dealer: str

    def seats(self, options: Options) -> tuple[str, ...]:
        """The card players: with hosts_play=yes the banker and dealer are the last two seats (p2, p5)."""
        if options.hosts_play == "yes":
            return self.players + (self.banker, self.dealer)
        return self.players

    def check(self, options: Options) -> None:
        names = list(self.players) + [self.banker, self.dealer]
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise TableError(f"every seat needs a name, got {name!r}")
        if len(set(names)) != len(names):
            raise TableError(f"names must differ (players, banker and dealer): {', '.join(names)}")
        seats = len(self.seats(options))
        if not 2 <= seats <= 17:
            raise TableError(
                f"{seats} card players: the play-off needs two and a 52-card deck gives three cards "
                "each to at most 17 (p2, p5)"
            )
        if options.stake * seats < 4:
            raise TableError(
                f"stake {options.stake} × {seats} players = {options.stake * seats} chips cannot cover "
                "four cards with at least one chip each (p4)"
            )

    @classmethod
    def default(cls, count: int) -> Table:
        return cls(tuple(f"P{i + 1}" for i in range(count)), "Banker", "Dealer")
