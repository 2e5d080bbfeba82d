"""The seated visitor's hint (engine/hint.py, live.py `hint`) and his choice of opponents (live.py
`seat`'s `opponents`): what the page asks of the engine, checked against the analysis and the
policies played here, not against the request's own output."""

from __future__ import annotations

import json
import re
from typing import Any

from engine import Game, Options, Table, narrate
from engine.analysis import KNOWN_SAMPLES, analyse
from engine.live import handle
from engine.policy import Policy, default_policy
from engine.rng import draw
from engine.strong import strong_policy
from engine.words import card_name

NAMES = ("Anna", "Boris", "Vera")
SEED = 7


def new_game(seed: int = SEED, **options: str) -> Game:
    return Game(Table(NAMES, "Papa", "Mama"), Options.from_mapping(options), seed=seed)


def ask(**request: Any) -> dict[str, Any]:
    return dict(json.loads(handle(json.dumps(request))))


def to_the_turn_of(game: Game, seat: int, policy: Policy) -> Game:
    """The computers' moves until it is `seat`'s turn, as a seated game must play them."""
    while not game.over and game.to_act != seat:
        game.apply(policy(game))
    return game


def hidden_cards(game: Game, seat: int) -> set[str]:
    """The cards `seat` cannot see: the other hands and the rest of the dealer's deck."""
    others = {str(c) for s, hand in enumerate(game.hands) if s != seat for c in hand}
    return others | {str(c) for c in game.dealer_deck[game.dealer_next:]}


def test_a_hint_is_the_known_analysis_of_the_visitors_decision_in_words_and_figures() -> None:
    ask(type="seat", key="hint", setup=new_game().to_json(), seat="Boris", lang="en")
    result = ask(type="hint", key="hint", lang="en")["result"]
    game = to_the_turn_of(new_game(), 1, default_policy)
    expected = analyse(game, "known", samples=KNOWN_SAMPLES, seed=draw(SEED, len(game.actions)))
    assert result["analysis"] == json.loads(json.dumps(expected.to_json()))
    assert result["who"] == "Boris" and len(result["reasons"]) == len(expected.moves) > 1
    best = expected.best
    assert best.interval is not None and best.rank == 1
    low, high = (f"{x:+.2f}".replace("-", "−") for x in best.interval)
    assert result["reasons"][0].startswith("Boris beats ")
    assert result["reasons"][0].endswith(
        f": final net {best.value:+.2f} on average (95% interval from {low} to {high}), the best move.".replace("-", "−"))
    second = expected.moves[1]
    assert result["reasons"][1].endswith(f", {second.cost:.2f} chips less than the best move.")
    assert result["basis"] == ("As you know the game: the cards you cannot see dealt at random (32 deals), each "
                               "move's final net averaged; best first.")
    russian = ask(type="hint", key="hint", lang="ru")["result"]
    assert russian["analysis"] == result["analysis"]  # the same deals, whatever the language
    assert russian["reasons"][0].endswith(", это лучший вариант.")
    assert russian["basis"] == ("По тому, что вы знаете: карты, которых вы не видите, розданы наугад (раздач — 32), "
                                "итог за кон каждого варианта усреднён; лучший — первым.")


def test_a_hint_never_tells_a_hidden_card_and_cannot_be_asked_in_the_open_mode() -> None:
    ask(type="seat", key="hidden", setup=new_game().to_json(), seat="Boris", lang="en")
    reply = handle(json.dumps({"type": "hint", "key": "hidden", "mode": "open", "lang": "en"}))
    result = json.loads(reply)["result"]
    assert result["analysis"]["mode"] == "known"
    game = to_the_turn_of(new_game(), 1, default_policy)
    hidden = hidden_cards(game, 1)
    text = json.dumps(result, ensure_ascii=False)
    told = set(re.findall(r"[2-9TJQKA][SHDC]", text))
    assert len(told) > 2 and hidden and not hidden & told
    assert not any(card_name(card, "en") in text for card in hidden)


def test_a_hint_is_refused_in_words_when_it_is_not_the_visitors_play_off_decision() -> None:
    assert ask(type="hint", key="nobody-here", lang="en")["refusal"]["en"] == "Take a seat first."
    ask(type="seat", key="banker", setup=new_game(spread="chosen").to_json(), seat="banker", lang="en")
    refusal = ask(type="hint", key="banker", lang="ru")["refusal"]
    assert refusal["en"] == ("A hint is given in the play-off only (to lead, to beat or take, to play a card to a "
                             "trick), not for the banker's spread.")
    assert refusal["ru"] == ("Подсказка даётся только в розыгрыше — когда нужно пойти, отбиться или забрать, "
                             "положить карту во взятку, — а не когда банкир распределяет сумму по картам.")
    reply = ask(type="seat", key="over", setup=new_game().to_json(), seat="Anna", lang="en")["result"]
    while not reply["you"]["over"]:
        reply = ask(type="move", key="over", text=reply["you"]["decision"]["moves"][0]["move"], lang="en")["result"]
    refusal = ask(type="hint", key="over", lang="en")["refusal"]
    assert (refusal["en"], refusal["ru"]) == ("There is no hint to give: it is not your turn.",
                                              "Подсказать нечего: сейчас не ваша очередь.")


def test_the_visitor_may_choose_the_strong_opponents_and_the_same_seed_gives_the_same_game() -> None:
    setup = new_game().to_json()
    strong = ask(type="seat", key="strong", setup=setup, seat="Boris", opponents="strong", lang="en")["result"]
    default = ask(type="seat", key="default", setup=setup, seat="Boris", lang="en")["result"]
    assert strong["you"]["opponents"] == "strong" and default["you"]["opponents"] == "default"
    # The strong players' game, played here: the visitor (Boris) plays his first legal move each time.
    game, played = new_game(), strong_policy(SEED)
    to_the_turn_of(game, 1, played)
    reply = strong
    for _ in range(3):
        assert [m["move"] for m in reply["you"]["decision"]["moves"]] == [str(a) for a in game.legal_actions()]
        first = game.legal_actions()[0]
        game.apply(first)
        to_the_turn_of(game, 1, played)
        reply = ask(type="move", key="strong", text=str(first), lang="en")["result"]
        assert reply["you"]["over"] == game.over
        if game.over:
            break
    assert reply["steps"][-1]["text"] == narrate(game.events[-1], "en")
    # The default players would have played otherwise from the first lead on.
    assert default["you"]["decision"]["moves"] != strong["you"]["decision"]["moves"]
    # The same seed, options and moves: the same game, twice over.
    again = ask(type="seat", key="again", setup=setup, seat="Boris", opponents="strong", lang="en")["result"]
    assert again == strong


def test_opponents_other_than_the_default_or_the_strong_ones_are_refused_in_words() -> None:
    refusal = ask(type="seat", key="bad", setup=new_game().to_json(), seat="Boris", opponents="grandmaster",
                  lang="en")["refusal"]
    assert refusal["en"] == ("no opponents 'grandmaster': the computer players are the default ones (default) or "
                             "the strong ones (strong)")
    assert refusal["ru"] == ("соперников «grandmaster» нет: игроки-компьютеры — обычные (default) или сильные "
                             "(strong)")
    assert "refusal" in ask(type="seat", key="bad", setup=new_game().to_json(), seat="Boris", opponents=2, lang="en")
