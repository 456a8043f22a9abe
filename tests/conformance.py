"""The engine contract, checked the same way for every registered game.

Each check takes a game name and plays seeded random games through the public API only.
"""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import pytest

import treachery
from treachery import Game, IllegalAction
from treachery.engine.core import check_core

MAX_DECISIONS = 5000  # far above any real game; a game still running by then is a bug


def fingerprint(game: Game) -> bytes:
    """Everything the game holds, as bytes: equal fingerprints mean nothing changed. Fields in name order (a clone
    sets them in its own order; a compiled game has no ``__dict__``, and ``__getstate__`` reads its fields)."""
    state = sorted((k, v) for k, v in game.__getstate__().items() if not k.endswith("_cache"))
    return pickle.dumps(state)


def random_playout(game: Game, rng: random.Random, check_each_step: bool = False) -> int:
    steps = 0
    while not game.over:
        pending = game.pending()
        assert pending, "pending() is empty while the game is not over"
        decision = pending[rng.randrange(len(pending))]
        if check_each_step:
            check_decision(game, decision)
        game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
        steps += 1
        assert steps < MAX_DECISIONS, "game did not end"
    assert game.pending() == []
    return steps


def check_decision(game: Game, decision: Any) -> None:
    ids = [o["id"] for o in decision.options]
    assert ids and len(ids) == len(set(ids)), "options must be non-empty and distinct"
    # act finds an offered option by identity and takes the id at its place: the two must line up
    assert tuple(ids) == tuple(decision.ids), "a decision's ids must be its options' ids, in the same order"
    for option in decision.options:
        assert set(option) == {"id", "text", "label"}
        assert 0 <= option["id"] < type(game).action_count()
        assert game.parse_option(option["text"])["id"] == option["id"], "option text must parse back"
        assert option["label"]
    assert decision.default["id"] in ids or (decision.timeout_only and decision.default["id"] not in ids)
    assert decision.prompt and decision.kind
    json.dumps(decision.to_dict())


def player_counts(name: str) -> list[int]:
    cls = treachery.game_class(name)
    return list(range(cls.min_players, cls.max_players + 1))


def check_full_games(name: str, seeds: range) -> None:
    for seed in seeds:
        for players in player_counts(name):
            game = treachery.new_game(name, players=players, seed=seed)
            random_playout(game, random.Random(seed), check_each_step=seed == seeds.start)
            result = game.result()
            assert result is not None
            assert set(result["sides"]) == set(range(players))
            assert all(0 <= w < players for w in result["winners"])
            assert result["reason"]
            for seat in [None, *range(players)]:
                json.dumps(game.view(seat))
                json.dumps(game.log_for(seat))
            if seed == seeds.start:
                check_cores_along_a_game(name, players, seed)


def check_cores_along_a_game(name: str, players: int, seed: int) -> None:
    """Every view of a whole game carries a well-formed public-view core (docs/engine.md): a spectator's has no
    private block, a seat's has one, and the public part (time and seats) is the same for every viewer."""
    game = treachery.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    while True:
        public = game.view(None)["core"]
        check_core(public, players, None)
        for seat in range(players):
            core = game.view(seat)["core"]
            check_core(core, players, seat)
            assert (core["time"], core["seats"]) == (public["time"], public["seats"]), "the core's public part"
        if game.over:
            break
        decision = game.pending()[0]
        game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])


def check_replay_and_clone(name: str, seed: int) -> None:
    for players in player_counts(name):
        game = treachery.new_game(name, players=players, seed=seed)
        rng = random.Random(seed)
        half = None
        while not game.over:
            if half is None and len(game.record()["actions"]) == 3:  # early: a short game must meet it too
                half = game.clone()
                half_print = fingerprint(half)
                # every field copied, none forgotten (_copy_state lists them one by one)
                assert half_print == fingerprint(game), "the clone differs from its original"
            decision = game.pending()[0]
            if not game.record()["actions"] or rng.randrange(7) == 0:  # the first and now and then another seat's
                # time runs out: the rules' default acts (the first, so that a short game records one too)
                game.timeout(decision.seat, decision_id=decision.id)
            else:
                game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
        record = json.loads(json.dumps(game.record()))
        assert any(len(action) == 3 for action in record["actions"]), "no timeout was recorded"
        again = treachery.replay_record(record)
        assert again.result() == game.result()
        for seat in [None, *range(players)]:
            assert again.view(seat) == game.view(seat)
            assert again.log_for(seat) == game.log_for(seat)
        assert fingerprint(again) == fingerprint(game)
        if half is not None:
            assert fingerprint(half) == half_print, "acting on a game changed its clone"
            finish = half.clone()
            random_playout(finish, random.Random(1))
            assert fingerprint(half) == half_print, "acting on a clone changed its original"


def check_bad_input_changes_nothing(name: str, seed: int) -> None:
    players = player_counts(name)[-1]
    game = treachery.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(40):
        if game.over:
            break
        pending = game.pending()
        waiting = {d.seat for d in pending}
        before = fingerprint(game)
        decision = pending[0]
        legal = set(decision.ids)
        illegal = [o for o in type(game).catalogue if o["id"] not in legal]
        attempts: list[tuple[Any, Any, str]] = [
            (decision.seat, illegal[0], "illegal"),
            (decision.seat, -1, "malformed"),
            (decision.seat, 10_000, "malformed"),
            (decision.seat, "no such option", "malformed"),
            (decision.seat, {"label": "x"}, "malformed"),
            (decision.seat, None, "malformed"),
            (decision.seat, True, "malformed"),
            (players, decision.options[0], "malformed"),
            ("0", decision.options[0], "malformed"),
        ]
        idle = [s for s in range(players) if s not in waiting]
        if idle:
            attempts.append((idle[0], decision.options[0], "not_your_turn"))
        for seat, option, code in attempts:
            with pytest.raises(IllegalAction) as raised:
                game.act(seat, option)
            assert raised.value.code == code, (seat, option, raised.value)
            assert str(raised.value)
            assert fingerprint(game) == before, f"a refused action ({code}) changed the game"
        with pytest.raises(IllegalAction) as raised:
            game.act(decision.seat, decision.options[0], decision_id=decision.id + 999)
        assert raised.value.code == "stale"
        assert fingerprint(game) == before
        game.act(decision.seat, decision.options[rng.randrange(len(decision.options))], decision_id=decision.id)
        if len(pending) > 1:  # a seat that already answered a simultaneous decision may not answer again
            with pytest.raises(IllegalAction) as raised:
                game.act(decision.seat, decision.options[0])
            assert raised.value.code == "not_your_turn"


def check_sealed_answers(name: str, seeds: range, checks_per_count: int = 6) -> None:
    """A simultaneous answer is invisible to every other seat until all are in.

    Each check compares every seat's whole view and log, so a few checks per player count suffice.
    """
    found = 0
    for players in player_counts(name):
        checked = 0
        for seed in seeds:
            if checked >= checks_per_count:
                break
            game = treachery.new_game(name, players=players, seed=seed)
            rng = random.Random(seed)
            while not game.over:
                pending = game.pending()
                if len(pending) > 1 and checked < checks_per_count:
                    first, others = pending[0], [d.seat for d in pending[1:]]
                    seen = {s: (game.view(s), game.log_for(s), [d.to_dict() for d in game.pending() if d.seat == s])
                            for s in [None, *range(players)] if s != first.seat}
                    game.act(first.seat, first.options[rng.randrange(len(first.options))])
                    for seat, before in seen.items():
                        mine = [d.to_dict() for d in game.pending() if d.seat == seat]
                        assert (game.view(seat), game.log_for(seat), mine) == before
                        if seat is not None:
                            assert [d.to_dict() for d in game.pending_for(seat)] == mine
                    assert game.pending_for(first.seat) == []
                    assert {d.seat for d in game.pending()} == set(others)
                    found += 1
                    checked += 1
                    continue
                decision = pending[0]
                game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
    assert found, "no simultaneous decision met: widen the seeds"


def check_determinism(name: str, seed: int) -> None:
    for players in player_counts(name):
        games = [treachery.new_game(name, players=players, seed=seed) for _ in range(2)]
        for game in games:
            random_playout(game, random.Random(seed))
        assert fingerprint(games[0]) == fingerprint(games[1])
        assert games[0].record() == games[1].record()


def check_timeouts(name: str, seeds: range) -> None:
    """A timeout takes the declared default; a timeout-only default is refused to act() and is not an option."""
    only = 0
    for seed in seeds:
        for players in player_counts(name):
            game = treachery.new_game(name, players=players, seed=seed)
            steps = 0
            while not game.over and steps < 400:
                decision = game.pending()[0]
                if decision.timeout_only:
                    only += 1
                    before = fingerprint(game)
                    with pytest.raises(IllegalAction) as raised:
                        game.act(decision.seat, decision.default)
                    assert raised.value.code == "illegal" and fingerprint(game) == before
                    assert decision.default["id"] not in decision.ids
                game.timeout(decision.seat)
                assert game.record()["actions"][-1] == [decision.seat, decision.default["id"], "timeout"]
                steps += 1
            again = treachery.replay_record(json.loads(json.dumps(game.record())))
            assert fingerprint(again) == fingerprint(game)
