"""What the live engine, practice, the writer and the command line share, below all of them: the
record a page's set-up describes, a seat found by its number or name, and the decision of the
player to act as the page offers it.
"""

from __future__ import annotations

from typing import Any

from . import limits
from .actions import Action, cards_played, parse_action
from .cards import parse_cards
from .errors import EngineError
from .game import BANKER, DECISION_RULES, Game, Phase, even_spread
from .limits import MAX_CHIPS, MAX_MOVES, MAX_SEED, MAX_STEPS, whole_number
from .options import Options, Table, keeps_kitty, plays_for_prize
from .record import MAX_GAMES, Note, Record
from .words import default_names, move_text


class SeatError(EngineError):
    """A seat the table does not have: `seat` as given, `seats` the players."""


MAX_MOVE_CHARS = 200  # a move typed or recorded: "beat 10H>QH 10S>QS" has 18

BANKER_WORDS = ("banker", "банкир")  # how the page and the command line name the banker's seat


def setup_record(setup: dict[str, Any], lang: str = "en") -> Record:
    """A record from the demo's set-up: {table, options, seed, decks, pool, prize, kitty, actions,
    notes}. Every size is checked (limits.py) before anything is made from it: a name, a card, a move.
    Fines carried in to be played for, or a kitty kept apart, under options switched to a reading
    that does not keep them apart go into the pool, where that reading puts them (p12, p15)."""
    table_data = setup["table"]
    options = Options.from_mapping(setup.get("options") or {})  # (hosts_play sets the players' limit)
    hosts_play = options.hosts_play == "yes"
    given = table_data["players"]
    limits.seat_names(len(given), hosts_play)
    names = tuple(given)
    players = setup.get("players")
    if players is not None:
        players = limits.players(players, hosts_play)
        # Another number of players: the record's names first, then the default names of the page's
        # language that are not at the table yet (Anna, Boris, Vera, Gleb… / Анна, Борис, Вера, Глеб…).
        names = names[:players]
        taken = names + (table_data["banker"], table_data["dealer"])
        names += default_names(max(0, players - len(names)), lang, taken)
    table = Table(names, table_data["banker"], table_data["dealer"])
    seed = whole_number(setup.get("seed") or 0, "seed", 0, maximum=MAX_SEED)
    pool = whole_number(setup.get("pool") or 0, "pool", 0, maximum=MAX_CHIPS)
    prize = whole_number(setup.get("prize") or 0, "prize", 0, maximum=MAX_CHIPS)
    kitty = whole_number(setup.get("kitty") or 0, "kitty", 0, maximum=MAX_CHIPS)
    if not plays_for_prize(options):
        pool, prize = pool + prize, 0
    if not keeps_kitty(options):
        pool, kitty = pool + kitty, 0
    games = whole_number(setup.get("games") or 1, "games", 1, "p12", maximum=MAX_GAMES)
    actions = setup.get("actions") or []
    limits.items(len(actions), "moves", MAX_MOVES)
    notes = setup.get("notes") or []
    limits.items(len(notes), "notes", MAX_STEPS)
    decks = setup.get("decks")
    if decks is not None:
        for which in ("banker", "dealer"):
            cards = decks[which]
            limits.items(len(cards.split() if isinstance(cards, str) else cards), "deck", 52)
    return Record(
        table=table,
        options=options,
        seed=seed,
        decks=None if decks is None else (parse_cards(decks["banker"]), parse_cards(decks["dealer"])),
        pool=pool,
        prize=prize,
        kitty=kitty,
        moves=[parse_action(limits.text(str(a), "move", MAX_MOVE_CHARS)) for a in actions],
        notes=[Note(n["step"], n["en"], n["ru"]) for n in notes],
        games=games,
    )


def find_seat(game: Game, given: str | int, first: int = 0) -> int:
    """A seat by a player's name, by the banker's name or word ("banker", «банкир»), or by the
    number of its place counted from `first` (the page counts from 0, the command line from 1):
    the seat's index, or BANKER. One rule for every caller."""
    text = limits.clean_name(str(given))  # as the table keeps its names
    if text in game.seats:
        return game.seats.index(text)
    if text.lower() in BANKER_WORDS or text == game.table.banker:
        return BANKER
    number = given if isinstance(given, int) and not isinstance(given, bool) else limits.parse_whole(text)
    if number is not None and first <= number < first + len(game.seats):
        return number - first
    raise SeatError("no_seat", seat=text, seats=list(game.seats))


def offered(action: Action, lang: str) -> dict[str, Any]:
    """A move as the page offers it: its notation, the cards of the hand it plays, its words."""
    return {"move": str(action), "cards": [str(c) for c in cards_played(action)],
            "text": move_text(action, lang, command=True), "short": move_text(action, lang, short=True, command=True)}


def decision(game: Game, lang: str) -> dict[str, Any]:
    """The decision of the player to act, as the page offers it (live.py documents it)."""
    phase = game.phase
    out: dict[str, Any] = {"kind": phase.value, "rule": DECISION_RULES[phase]}
    if phase is Phase.STAKE:
        out["stake"] = {"total": game.pool, "even": list(even_spread(game.pool))}
        out["cards"], out["moves"] = [], []
        return out
    moves = []
    for action in game.legal_actions():
        moves.append(offered(action, lang))
    selectable = {c for m in moves for c in m["cards"]}
    assert game.to_act is not None
    out["cards"] = [str(c) for c in game.hands[game.to_act] if str(c) in selectable]  # in the hand's order
    out["moves"] = moves
    return out
