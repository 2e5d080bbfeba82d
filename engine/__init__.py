"""Card Lottery («Карточная лотерея»): the rules engine. Pure standard library.

The game is played from its one historical text, paragraphs p0–p15; every rule in the code
cites its paragraph, and every open question of the text is an option (see options.py).
"""

from .actions import Action, Beat, Lead, NotationError, Play, Stake, Take, action_key, parse_action
from .cards import FULL_DECK, Card, CardError, check_deck, format_cards, parse_cards
from .errors import EngineError, LimitError
from .events import Event
from .game import BANKER, AgainstTheRule, CardNotHeld, Game, IllegalMove, NotYourMove, Phase, shuffled_decks
from .narration import narrate
from . import refusals  # noqa: F401  (installs the wording of every error: str(error) is its sentence)
from .words import card_name
from .options import Options, OptionError, Table, TableError
from .policy import default_policy, play_out, random_policy
from .record import Note, Record, RecordError, parse_record, read_record, write_record
from .rng import Stream
from .session import Session
from .view import snapshot

__all__ = [
    "Action", "AgainstTheRule", "BANKER", "Beat", "Card", "CardError", "CardNotHeld", "EngineError", "Event", "FULL_DECK", "Game",
    "IllegalMove", "Lead", "LimitError", "NotYourMove", "NotationError", "Note", "OptionError", "Options", "Phase", "Play", "Record",
    "RecordError", "Session", "Stake", "Stream", "Table", "TableError", "Take", "action_key", "card_name",
    "check_deck", "default_policy", "format_cards", "narrate", "parse_action", "parse_cards", "parse_record",
    "play_out", "random_policy", "read_record", "shuffled_decks", "snapshot", "write_record",
]
