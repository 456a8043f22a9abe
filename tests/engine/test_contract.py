"""The generic engine contract (DESIGN.md), run for every registered game."""

from __future__ import annotations

import random

import pytest

import treachery
from tests import conformance
from treachery import GameConfigError, IllegalAction

GAMES = treachery.games()


def test_games_lists_registered_games_sorted() -> None:
    assert GAMES == sorted(GAMES)
    assert "killer" in GAMES


@pytest.mark.parametrize("name", GAMES)
def test_full_random_games_end_and_serialise(name: str) -> None:
    conformance.check_full_games(name, range(0, 12))


@pytest.mark.parametrize("name", GAMES)
def test_replay_is_bit_for_bit_and_clone_is_independent(name: str) -> None:
    conformance.check_replay_and_clone(name, seed=5)


@pytest.mark.parametrize("name", GAMES)
def test_bad_input_is_refused_and_changes_nothing(name: str) -> None:
    conformance.check_bad_input_changes_nothing(name, seed=3)


@pytest.mark.parametrize("name", GAMES)
def test_simultaneous_answers_stay_sealed(name: str) -> None:
    conformance.check_sealed_answers(name, range(0, 40))


@pytest.mark.parametrize("name", GAMES)
def test_timeouts_take_the_declared_default_and_replay(name: str) -> None:
    conformance.check_timeouts(name, range(0, 2))


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name: str) -> None:
    conformance.check_determinism(name, seed=11)


@pytest.mark.parametrize("name", GAMES)
def test_bad_player_counts_are_refused(name: str) -> None:
    cls = treachery.game_class(name)
    for players in (cls.min_players - 1, cls.max_players + 1, 0, -3, "5", 4.0, True):
        with pytest.raises(GameConfigError, match=f"{cls.min_players} to {cls.max_players} players"):
            treachery.new_game(name, players=players)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", GAMES)
def test_the_plain_call_starts_the_game_the_spelled_out_call_does(name: str) -> None:
    """new_game answers a call with no options and no setup without the option checks; the game is the same."""
    import random

    players = treachery.game_class(name).min_players
    plain = treachery.new_game(name, players, 11)
    spelled = treachery.new_game(name, players=players, seed=11, options={}, setup=None)
    for game in (plain, spelled):
        conformance.random_playout(game, random.Random(11))
    assert conformance.fingerprint(plain) == conformance.fingerprint(spelled)
    assert plain.record() == spelled.record()
    assert treachery.new_game(name, players).options is not treachery.new_game(name, players).options


@pytest.mark.parametrize("name", GAMES)
def test_bad_options_and_setup_are_refused(name: str) -> None:
    players = treachery.game_class(name).min_players
    with pytest.raises(GameConfigError, match="unknown option"):
        treachery.new_game(name, players=players, options={"no_such_option": 1})
    with pytest.raises(GameConfigError, match="unknown setup key"):
        treachery.new_game(name, players=players, setup={"no_such_key": 1})
    with pytest.raises(GameConfigError):
        treachery.new_game(name, players=players, options=[1])  # type: ignore[arg-type]
    with pytest.raises(GameConfigError, match="seed"):
        treachery.new_game(name, players=players, seed="7")  # type: ignore[arg-type]


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(GameConfigError, match="unknown game 'chess'; known games: .*killer"):
        treachery.new_game("chess", players=4)


def test_errors_are_value_errors() -> None:
    assert issubclass(IllegalAction, ValueError)
    assert issubclass(GameConfigError, ValueError)


@pytest.mark.parametrize("name", GAMES)
def test_acting_after_the_end_is_refused(name: str) -> None:
    import random

    game = treachery.new_game(name, players=treachery.game_class(name).min_players, seed=2)
    conformance.random_playout(game, random.Random(2))
    before = conformance.fingerprint(game)
    with pytest.raises(IllegalAction) as raised:
        game.act(0, 0)
    assert raised.value.code == "game_over"
    assert conformance.fingerprint(game) == before


@pytest.mark.parametrize("name", GAMES)
def test_options_are_read_only(name: str) -> None:
    game = treachery.new_game(name, players=treachery.game_class(name).min_players, seed=1)
    option = game.pending()[0].options[0]
    with pytest.raises(TypeError):
        option["id"] = 99  # type: ignore[index]
    with pytest.raises(TypeError):
        option.update(id=99)


def test_replay_rejects_a_malformed_record() -> None:
    with pytest.raises(GameConfigError, match="lacks"):
        treachery.replay_record({"game": "killer", "players": 4})
    with pytest.raises(GameConfigError, match=r"\[seat, option_id\]"):
        treachery.replay("killer", 4, 1, None, None, [5])


@pytest.mark.parametrize("name", GAMES)
def test_log_since_gives_each_seat_its_new_events_in_order(name: str) -> None:
    import random

    players = treachery.game_class(name).max_players
    game = treachery.new_game(name, players=players, seed=8)
    rng = random.Random(8)
    cursors = {seat: 0 for seat in [None, *range(players)]}
    collected: dict[int | None, list[dict]] = {seat: [] for seat in cursors}  # type: ignore[type-arg]
    for _ in range(60):
        if game.over:
            break
        for seat in cursors:
            new, cursors[seat] = game.log_since(seat, cursors[seat])
            collected[seat] += new
        decision = game.pending()[0]
        game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
    for seat in cursors:
        new, _ = game.log_since(seat, cursors[seat])
        assert collected[seat] + new == game.log_for(seat)


@pytest.mark.parametrize("name", GAMES)
def test_state_version_counts_applied_answers_and_sealed_ones_change_nothing(name: str) -> None:
    """``state_version`` (what observation caches key on) moves exactly when answers are applied; while a
    simultaneous group is still open, a sealed answer leaves it and the public view unchanged."""
    rng = random.Random(name)
    sealed_seen = 0
    for seed in range(30):
        game = treachery.new_game(name, players=treachery.game_class(name).min_players + 1, seed=seed)
        assert game.state_version == 0
        while not game.over:
            pending = game.pending()
            decision = rng.choice(pending)
            before, public = game.state_version, game.view(None)
            game.act(decision.seat, rng.choice(decision.ids))
            if len(pending) > 1:  # the group stays open: the answer is sealed
                sealed_seen += 1
                assert game.state_version == before and game.view(None) == public
            else:  # the last answer of its group: the whole group is applied
                assert game.state_version > before
    assert sealed_seen > 0  # the case that matters did occur


@pytest.mark.parametrize("name", GAMES)
def test_a_seats_decision_ids_count_only_its_own_decisions(name: str) -> None:
    """A seat is shown its decisions' ids (the server's protocol, the agent text). Seat s's k-th decision is
    k * players + s, so the ids it sees step by exactly one of its own decisions and say nothing of how many
    others were asked in between (in Menace, another seat beginning an ability and taking it back)."""
    rng = random.Random(name)
    cls = treachery.game_class(name)
    for players in (cls.min_players, cls.max_players):
        for seed in range(4):
            game = treachery.new_game(name, players=players, seed=seed)
            asked: list[list[int]] = [[] for _ in range(players)]
            while not game.over:
                pending = game.pending()
                ids = [d.id for d in game._pending]
                assert len(set(ids)) == len(ids)  # unique at the table, so a server may key timers on them
                for decision in pending:
                    if not asked[decision.seat] or asked[decision.seat][-1] != decision.id:
                        asked[decision.seat].append(decision.id)
                decision = rng.choice(pending)
                game.act(decision.seat, rng.choice(decision.ids))
            for seat, seen in enumerate(asked):
                assert seen == [k * players + seat for k in range(1, len(seen) + 1)], (players, seed, seat)


@pytest.mark.parametrize("name", ["killer", "menace", "eat"])
def test_games_without_set_up_values_share_a_plan_none_of_them_changes(name: str) -> None:
    """A game started without set-up values reads the one shared empty plan (NO_SETUP); whole games of every table
    size, their clones and samples must leave it as a fresh plan is."""
    import importlib
    import random

    setup = importlib.import_module(f"treachery.games.{name}.setup")
    cls = treachery.game_class(name)
    rng = random.Random(5)
    for players in range(cls.min_players, cls.max_players + 1):
        game = treachery.new_game(name, players, seed=players)
        copy = game.clone()
        while not game.over:
            for decision in game.pending():
                game.act(decision.seat, rng.choice(decision.options))
            if not game.over:
                game.determinized(game.pending()[0].seat, players)
        conformance.random_playout(copy, rng)
    assert setup.NO_SETUP == setup.Setup()
