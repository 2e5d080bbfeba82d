"""`::: demo HAND switch=KEY`: a demo that replays its hand under each reading of one option.

The build proves what the page promises: every other reading changes the game. It replays the
hand exactly as the page's live engine does (engine.live.replay, same set-up) under each
alternative and compares what happens (the events without the fields that only name the rule or
reading, and the table after each) with the recorded game; a reading that leaves it unchanged stops
the build. For a number option the alternative is the value + 1; for the suit fines, every
suit fined 1 chip (or the text's figures, when that is already the hand's reading).
"""

from __future__ import annotations

from typing import Any

from engine.live import replay
from engine.options import CATALOGUE, OptionInfo

from .cache import Store, engine_digest, key as cache_key
from .sources import Hand

OPTIONS = {info.key: info for info in CATALOGUE}
EVERY_SUIT_ONE = "H=1 C=1 D=1 S=1"
TEXT_SUIT_FINES = "H=4 C=3 D=2 S=1"


class SwitchError(Exception):
    """A switch the page cannot show as promised; the message says why."""


def alternatives(info: OptionInfo, value: Any) -> list[str]:
    """The readings a switch is proved with, other than the hand's own `value`."""
    if info.kind == "choice":
        return [v for v in info.values if v != value]
    if info.kind == "number":
        return [str(int(value) + 1)]
    return [TEXT_SUIT_FINES if value == EVERY_SUIT_ONE else EVERY_SUIT_ONE]


# Fields that only say which rule or reading applied: a reading that changes nothing but these
# has not changed the game, and the switch would show the reader the same hand twice.
DESCRIPTIVE = frozenset({"rule", "how", "way"})


def _game(trace: dict[str, Any]) -> list[Any]:
    """What happens in the game, step by step: each event without its descriptive fields, and the
    table after it (stakes, chips, who has gone out)."""
    return [({k: v for k, v in step["event"].items() if k not in DESCRIPTIVE}, step["state"])
            for step in trace["steps"]] + [trace["result"]]


PROVED = Store("switches", keep=200)


def check_switch(hand: Hand, key: str) -> dict[str, Any]:
    """The switch's description for the page ({key, value}), after proving that every alternative
    reading changes the hand's game; raises SwitchError naming the readings that do not. A proof
    depends only on the hand's file and the engine: it is kept in `.cache/switches/` under both."""
    entry = cache_key("switch", engine_digest(), key, hand.path.read_bytes())
    kept = PROVED.get(entry)
    if kept is not None:
        return dict(kept)
    proved = _prove(hand, key)
    PROVED.put(entry, proved)
    return proved


def _prove(hand: Hand, key: str) -> dict[str, Any]:
    info = OPTIONS.get(key)
    if info is None:
        raise SwitchError(f"unknown option {key!r} to switch (the options: {', '.join(OPTIONS)})")
    setup = hand.setup("en")
    value = setup["options"][key]
    recorded = _game(hand.localized("en"))
    same = []
    for alternative in alternatives(info, value):
        changed = {**setup, "options": {**setup["options"], key: alternative}}
        if _game(replay(changed, "en")) == recorded:
            same.append(alternative)
    if same:
        raise SwitchError(f"switching {key} does not change this hand's game: under {key} = "
                          f"{' or '.join(same)} it plays exactly as under {value}; choose a hand "
                          f"where the reading matters")
    return {"key": key, "value": str(value)}
