"""Engine facts that mutation testing found unchecked (``bench/mutation.sh engine``): each test fails if the engine
code it names is broken. Played with Killer, the game the engine's mutation runs use."""

from __future__ import annotations

import math
import random
from importlib import resources
from typing import Any, ClassVar

import pytest

import treachery
from treachery import Game, GameConfigError, IllegalAction
from treachery.engine.core import check_core, final_facts
from treachery.engine.decision import Option
from treachery.engine.guide import guide_markdown
from treachery.engine.options import GameOption
from treachery.engine.registry import _GAMES, register
from treachery.engine.rng import Rng, _words_for
from treachery.engine.texts import declared_texts, last_line_about


def _played(seed: int, players: int = 5) -> Game:
    game = treachery.new_game("killer", players=players, seed=seed)
    rng = random.Random(seed)
    while not game.over:
        decision = game.pending()[rng.randrange(len(game.pending()))]
        game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
    return game


def test_final_facts_give_the_round_and_the_seats_out_of_the_public_core() -> None:
    game = treachery.new_game("killer", players=5, seed=1)
    assert final_facts(game) == (game.view(None)["core"]["time"]["round"], 0)  # nobody is out at the start
    game = _played(1)
    core = game.view(None)["core"]
    out = [seat["seat"] for seat in core["seats"] if not seat["in"]]
    assert final_facts(game) == (core["time"]["round"], len(out))


def test_check_core_refuses_a_private_fact_with_a_key_it_does_not_know() -> None:
    core = treachery.new_game("killer", players=3, seed=0).view(0)["core"]
    check_core(core, 3, 0)
    core["private"].append({"label": "Hand", "value": 1, "keys": [], "extra": True})
    with pytest.raises(AssertionError):
        check_core(core, 3, 0)


def test_a_game_with_ill_declared_options_is_refused_at_registration_by_name() -> None:
    class Twice(Game):
        name: ClassVar[str] = "twice-declared"
        declared_options = (GameOption("speed", "bool", False, "Speed"), GameOption("speed", "bool", True, "Speed"))

    with pytest.raises(ValueError, match=r"^twice-declared: option keys must be unique"):
        register(Twice)
    assert "twice-declared" not in _GAMES


def test_replay_refuses_a_timeout_whose_seat_is_not_an_integer() -> None:
    game = treachery.new_game("killer", players=4, seed=2)
    decision = game.pending()[0]
    with pytest.raises(GameConfigError, match="is not the timeout default of seat"):
        treachery.replay("killer", 4, 2, None, None, [[float(decision.seat), decision.default_id, "timeout"]])


def test_the_guide_is_the_one_the_game_ships() -> None:
    shipped = (resources.files("treachery.games.killer") / "guide.md").read_text(encoding="utf-8")
    assert treachery.game_class("killer").guide() == shipped


def test_default_chat_channels_part_seats_and_spectators_until_the_end() -> None:
    game = treachery.new_game("killer", players=4, seed=3)
    table = {"id": "table", "label": "Table"}
    spectators = {"id": "spectators", "label": "Spectators"}
    assert game.chat_channels(1) == [{**table, "read": True, "write": True},
                                     {**spectators, "read": False, "write": False}]
    assert game.chat_channels(None) == [{**table, "read": True, "write": False},
                                        {**spectators, "read": True, "write": True}]
    game = _played(3, players=4)
    assert game.chat_channels(1)[1] == {**spectators, "read": True, "write": False}  # over: seats read it


def test_texts_are_the_declared_ones_and_a_copy() -> None:
    cls = treachery.game_class("killer")
    texts = cls.texts()
    assert texts == declared_texts(cls) and texts
    texts.clear()
    assert cls.texts() == declared_texts(cls) and cls.texts()


def test_option_labels_word_only_options_of_the_decision() -> None:
    """The Guest words a Restriction by the card it would cancel: its games have such labels to check."""
    game = treachery.new_game("guest", players=6, seed=4)
    rng = random.Random(4)
    worded = 0
    while not game.over:
        decision = game.pending()[rng.randrange(len(game.pending()))]
        labels = game.option_labels(decision)
        assert set(labels) <= set(decision.ids) and all(isinstance(t, str) and t for t in labels.values())
        worded += len(labels)
        game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
    assert worded  # some decision of the game did word an option for its moment


@pytest.mark.parametrize("name", ["killer", "guest", "menace", "eat"])
def test_event_counts_count_the_public_events_that_carry_each_key_rule(name: str) -> None:
    cls = treachery.game_class(name)
    counted = 0
    for seed in range(4):
        game = treachery.new_game(name, players=cls.min_players + seed % 2, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            decision = game.pending()[0]
            game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
        public = [event["rules"] for event in game.log_for(None)]
        expected = {label: sum(1 for rules in public if set(rules) & set(marks))
                    for label, marks in cls.key_events.items()}
        assert game.event_counts() == expected
        counted += sum(expected.values())
        label, marks = next(iter(cls.key_events.items()))
        game._log.append((None, 0, "two marks of one label", (marks[0], marks[0])))  # still one occurrence
        game._log.append((0, 0, "a seat's own event", (marks[0],)))  # not public: not counted
        assert game.event_counts() == {**expected, label: expected[label] + 1}
    assert counted  # some game of each had key events to count


@pytest.mark.parametrize("n", range(2, 130))
def test_a_shuffle_draws_64_spare_bits_beyond_n_factorial(n: int) -> None:
    """The wide number a shuffle reads its permutation from has at least 64 bits more than n! needs (bias below
    2**-64), in whole 64-bit words and no more than that."""
    words = _words_for(n)
    needed = math.factorial(n).bit_length() + 64
    assert (words - 1) * 64 < needed <= words * 64


def test_an_option_describes_its_default_in_words() -> None:
    assert GameOption("rounds", "int", 3, "Rounds", minimum=1, maximum=9).describe_default() == "3"
    assert GameOption("mode", "choice", "fast", "Mode", choices=("fast", "slow")).describe_default() == "fast"
    assert GameOption("file", "path", None, "File").describe_default() == "none"
    assert GameOption("on", "bool", True, "On").describe_default() == "on"
    assert GameOption("off", "bool", False, "Off").describe_default() == "off"


def test_an_int_option_that_is_also_a_switch_reads_off_as_zero() -> None:
    option = GameOption("extra", "int", 0, "Extra", minimum=0, maximum=4, on_value=2)
    read: dict[Any, Any] = {value: option.coerce(value) for value in ("on", "true", True, "off", "false", False, "3")}
    assert read == {"on": 2, "true": 2, True: 2, "off": 0, "false": 0, False: 0, "3": 3}


def test_an_int_option_declares_its_range_and_switch_as_json() -> None:
    option = GameOption("extra", "int", 0, "Extra", minimum=0, maximum=4, on_value=2)
    assert option.to_dict() == {"key": "extra", "type": "int", "default": 0, "label": "Extra", "setter": "host",
                                "minimum": 0, "maximum": 4, "on_value": 2}
    assert "minimum" not in GameOption("on", "bool", True, "On").to_dict()


def test_an_unknown_game_is_refused_with_the_list_of_known_ones() -> None:
    with pytest.raises(GameConfigError) as refused:
        treachery.game_class("chess")
    assert str(refused.value) == f"unknown game 'chess'; known games: {', '.join(treachery.games())}"


def test_options_that_are_not_a_mapping_are_refused_naming_what_was_given() -> None:
    with pytest.raises(GameConfigError, match="options must be a mapping, got list"):
        treachery.new_game("killer", players=4, seed=0, options=["advanced"])  # type: ignore[arg-type]


def test_a_draw_below_zero_is_refused_saying_why() -> None:
    with pytest.raises(ValueError, match=r"below\(\) needs a positive bound"):
        Rng(7).below(0)


@pytest.mark.parametrize("name", ["eat", "menace"])
def test_a_game_that_declares_option_parts_gets_them_through_the_engine(name: str) -> None:
    """Eat and the Menace word combined choices as parts (a card to Play and one to Keep, an ability then its
    target): some decision of a random game has them, one list per option."""
    game = treachery.new_game(name, players=5, seed=6)
    rng = random.Random(6)
    parted = 0
    while not game.over and not parted:
        decision = game.pending()[rng.randrange(len(game.pending()))]
        parts = game.option_parts(decision)
        if parts:
            assert set(parts) == set(decision.ids)
            parted += 1
        game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
    assert parted


def test_a_decision_as_json_has_every_field_a_transport_sends() -> None:
    decision = treachery.new_game("killer", players=4, seed=1).pending()[0]
    sent = decision.to_dict()
    assert set(sent) == {"id", "seat", "kind", "prompt", "options", "default", "timeout_only", "rules"}
    assert sent["options"] == [dict(o) for o in decision.options] and sent["default"] == decision.default_id


def test_a_game_whose_option_texts_repeat_is_refused_by_name() -> None:
    class Echo(Game):
        name: ClassVar[str] = "echo-texts"
        catalogue = (treachery.Option(0, "go", "Go"), treachery.Option(1, "go", "Go again"))

    with pytest.raises(ValueError, match=r"^echo-texts: option texts must be unique$"):
        register(Echo)
    assert "echo-texts" not in _GAMES


def test_a_game_without_a_guide_gets_a_page_from_its_declared_facts() -> None:
    class Plain(Game):
        name: ClassVar[str] = "plain"
        title: ClassVar[str] = "Plain Game"
        min_players, max_players = 2, 4
        decision_seconds = 30
        declared_options = (GameOption("fast", "bool", False, "Fast rounds"),)

    page = guide_markdown(Plain)
    assert page.startswith("# Plain Game — how to play\n\n**2–4 players.**")
    assert "Each decision has 30 seconds by the rules' own clock." in page
    assert page.endswith("| `fast` | Fast rounds | off |\n")


def test_act_fast_for_a_seat_with_nothing_pending_says_whose_turn_it_is_not() -> None:
    game = treachery.new_game("killer", players=4, seed=1)
    idle = next(seat for seat in range(4) if seat not in {d.seat for d in game.pending()})
    with pytest.raises(IllegalAction) as refused:
        game.act_fast(idle, 0)
    assert refused.value.code == "not_your_turn"


def test_the_why_of_a_fate_may_be_a_seats_own_line_in_the_second_person() -> None:
    """``last_line_about`` finds the latest line of the seat's own log about its fate, whether it names the seat
    ("P3 is killed") or speaks to it ("You are …"). The shipped games word fates by seat, so a second-person line
    is logged here through the engine's own ``_event``, to that seat alone."""
    game = treachery.new_game("killer", players=4, seed=0)
    game._event(1, "You are frozen in Cold Storage.", ("K-T35",), 2)
    assert last_line_about(game, 2, ("frozen",)) == "You are frozen in Cold Storage."
    assert last_line_about(game, 1, ("frozen",)) is None  # not in seat 1's log
    game._event(1, "P3 is frozen.", ("K-T35",))
    assert last_line_about(game, 2, ("frozen",)) == "P3 is frozen."  # the latest line wins


@pytest.mark.parametrize("name", ["killer", "guest", "menace", "eat"])
def test_an_answer_given_as_an_option_plays_as_its_id_and_its_text_do(name: str) -> None:
    """``act`` takes an offered Option for the seat's own decision without its checked steps; the game it plays is
    the one answering by id or by text plays, and an Option the decision does not offer, from a seat that is not
    asked or that has answered already, or with a stale decision id is still refused, changing nothing. An equal
    Option that is not the offered one itself (a copy) plays the same through the checked steps."""
    cls = treachery.game_class(name)
    for seed in range(3):
        games = [treachery.new_game(name, players=cls.max_players, seed=seed) for _ in range(4)]
        rng = random.Random(seed)
        while not games[0].over:
            pending = games[0].pending()
            decision = pending[rng.randrange(len(pending))]
            option = decision.options[rng.randrange(len(decision.options))]
            offered = set(decision.ids)
            refused = [
                (decision.seat, next(o for o in games[0].catalogue_in_use if o["id"] not in offered), None),
                (next((s for s in range(cls.max_players) if s not in {d.seat for d in pending}), -1), option, None),
                (decision.seat, option, decision.id + 1),
            ]
            for seat, wrong, decision_id in refused:
                before = (games[0].record(), games[0].state_version)
                with pytest.raises(IllegalAction):
                    games[0].act(seat, wrong, decision_id)
                assert (games[0].record(), games[0].state_version) == before
            games[0].act(decision.seat, option)
            games[1].act(decision.seat, option["id"])
            games[2].act(decision.seat, option["text"])
            games[3].act(decision.seat, Option(option["id"], option["text"], option["label"]))
            if len(pending) > 1:
                with pytest.raises(IllegalAction, match="already answered"):
                    games[0].act(decision.seat, option)
        assert games[0].record() == games[1].record() == games[2].record() == games[3].record()
        assert games[0].log_for(None) == games[1].log_for(None) == games[2].log_for(None) == games[3].log_for(None)
