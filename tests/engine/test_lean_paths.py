"""The simulation loop's lean paths say the same as the full ones: a view without its core is the view minus
``"core"``, ``winners()`` and ``outcome()`` are the result's parts, ``asker`` answers as ``ask`` does, and a role
card built from a view already at hand (as the server builds each frame's) is the card built on its own."""

from __future__ import annotations

import random
from typing import Any

import pytest

import treachery
from tests.play_digest import shipped_games
from treachery.bots import heuristic_bot_class
from treachery.bots.base import ask, asker
from treachery.bots.playout import play_out
from treachery.bots.seating import bot_seed
from treachery.engine import Decision


def _random_game(name: str, seed: int) -> Any:
    cls = treachery.game_class(name)
    return treachery.new_game(name, players=(cls.min_players + cls.max_players) // 2, seed=seed)


@pytest.mark.parametrize("name", shipped_games())
def test_a_view_without_its_core_is_the_view_minus_the_core(name: str) -> None:
    game, rng, step = _random_game(name, 5), random.Random(5), 0
    while True:
        if step % 7 == 0 or game.over:
            for seat in [None, *range(game.players)]:
                full, lean = game.view(seat), game.view(seat, False)
                assert "core" in full and "core" not in lean
                del full["core"]
                assert lean == full
        if game.over:
            break
        decision = game.pending()[0]
        game.act(decision.seat, decision.ids[rng.randrange(len(decision.ids))])
        step += 1


@pytest.mark.parametrize("name", shipped_games())
def test_a_role_card_from_the_view_at_hand_is_the_card_built_alone(name: str) -> None:
    game, rng, step = _random_game(name, 9), random.Random(9), 0
    while True:
        if step % 5 == 0 or game.over:
            for seat in range(game.players):
                view = game.view(seat)
                card = game.role_card(seat, view)
                assert card == game.role_card(seat) and card is not None
                assert view == game.view(seat)  # read, not changed
        if game.over:
            break
        decision = game.pending()[0]
        game.act(decision.seat, decision.ids[rng.randrange(len(decision.ids))])
        step += 1
    assert step > 5


@pytest.mark.parametrize("name", shipped_games())
def test_winners_and_outcome_are_the_results_parts(name: str) -> None:
    game, rng = _random_game(name, 2), random.Random(2)
    assert game.winners() == [] and game.outcome() is None
    while not game.over:
        decision = game.pending()[0]
        game.act(decision.seat, decision.ids[rng.randrange(len(decision.ids))])
    result = game.result()
    assert result is not None
    assert game.winners() == result["winners"]
    assert game.outcome() == (result["winners"], result["sides"], result["reason"])
    game.winners().append(99)  # copies: the game's result stays as it was
    assert game.result() == result


class _Recorder:
    """Says what it was shown: a view without the core, and none for its view-less kind."""

    reads_core = False

    def __init__(self, viewless: str) -> None:
        self.viewless_kinds = frozenset((viewless,))
        self.seen: list[tuple[dict[str, Any], Decision]] = []

    def choose(self, view: dict[str, Any], decision: Decision) -> Any:
        self.seen.append((view, decision))
        return decision.options[0]


@pytest.mark.parametrize("name", shipped_games())
def test_asker_answers_as_ask_with_the_same_bots(name: str) -> None:
    heuristic = heuristic_bot_class(name)
    assert heuristic is not None
    game = _random_game(name, 9)
    by_ask = [heuristic(100 + seat) for seat in range(game.players)]  # type: ignore[call-arg]
    by_asker = [heuristic(100 + seat) for seat in range(game.players)]  # type: ignore[call-arg]
    askers = [asker(bot) for bot in by_asker]
    while not game.over:
        decision = game.pending()[0]
        option = ask(by_ask[decision.seat], game, decision.seat, decision)
        assert askers[decision.seat](game, decision.seat, decision) == option
        game.act(decision.seat, option)


def test_declared_reads_are_honoured_by_ask_and_asker() -> None:
    game = treachery.new_game("killer", players=4, seed=3)
    first_kind = game.pending()[0].kind
    by_ask, by_asker = _Recorder(first_kind), _Recorder(first_kind)
    answer = asker(by_asker)
    for _ in range(12):
        decision = game.pending()[0]
        ask(by_ask, game, decision.seat, decision)
        answer(game, decision.seat, decision)
        game.act(decision.seat, decision.options[0])
    assert [d.kind for _, d in by_ask.seen] == [d.kind for _, d in by_asker.seen]
    for recorder in (by_ask, by_asker):
        kinds = {d.kind for _, d in recorder.seen}
        assert first_kind in kinds and len(kinds) > 1  # both kinds of decision were asked
        for view, decision in recorder.seen:
            if decision.kind == first_kind:
                assert view == {}
            else:
                assert view["seat"] == decision.seat and "core" not in view


@pytest.mark.parametrize("name", shipped_games())
def test_the_round_and_seats_out_read_from_the_state_match_the_public_core(name: str) -> None:
    from treachery.engine.core import final_facts

    for seed in range(3):
        game, rng, step = _random_game(name, seed), random.Random(seed), 0
        while True:
            if step % 5 == 0 or game.over:
                core = game.view(None)["core"]
                assert game._round_and_out() is not None  # every shipped game says them from its state
                assert final_facts(game) == (core["time"]["round"], sum(1 for s in core["seats"] if not s["in"]))
            if game.over:
                break
            decision = game.pending()[0]
            game.act(decision.seat, decision.ids[rng.randrange(len(decision.ids))])
            step += 1


@pytest.mark.parametrize("name", shipped_games())
def test_a_view_of_a_bots_keys_holds_those_keys_as_the_whole_view_has_them(name: str) -> None:
    heuristic = heuristic_bot_class(name)
    keys = getattr(heuristic, "view_keys", None)
    if keys is None:
        pytest.skip(f"{name}'s heuristic bot reads whole views")
    for seed in range(3):
        game, rng, step = _random_game(name, seed), random.Random(seed), 0
        while True:
            if step % 3 == 0 or game.over:
                for seat in [None, *range(game.players)]:
                    whole = game.view(seat, False)
                    assert game.view(seat, False, keys) == {k: v for k, v in whole.items() if k in keys}
                    assert game.view(seat, False, keys | {"no such key"}) == whole  # what it cannot build alone
            if game.over:
                break
            decision = game.pending()[0]
            game.act(decision.seat, decision.ids[rng.randrange(len(decision.ids))])
            step += 1


@pytest.mark.parametrize("name", shipped_games())
def test_a_bots_keys_for_a_decision_kind_are_among_its_view_keys(name: str) -> None:
    heuristic = heuristic_bot_class(name)
    by_kind = getattr(heuristic, "view_keys_by_kind", None)
    if not by_kind:
        pytest.skip(f"{name}'s heuristic bot reads the same keys for every decision")
    keys = getattr(heuristic, "view_keys", None)
    assert keys is not None
    for kind, narrower in by_kind.items():
        assert narrower <= keys, kind  # so the game builds them alone, as it builds view_keys
    game, rng = _random_game(name, 0), random.Random(0)
    while not game.over:
        for seat in range(game.players):
            whole = game.view(seat, False)
            for narrower in by_kind.values():
                assert game.view(seat, False, narrower) == {k: v for k, v in whole.items() if k in narrower}
        decision = game.pending()[0]
        game.act(decision.seat, decision.ids[rng.randrange(len(decision.ids))])


@pytest.mark.parametrize("name", shipped_games())
def test_a_heuristic_bot_plays_the_same_games_on_the_keys_it_declares_as_on_whole_views(name: str) -> None:
    """What a bot declares it reads (view_keys, view_keys_by_kind, viewless_kinds, single options alone) is all it
    reads: given whole views at every decision instead, every seat answers the same all game long."""
    heuristic = heuristic_bot_class(name)
    assert heuristic is not None

    class WholeViews(heuristic):  # type: ignore[valid-type, misc]
        view_keys = None
        view_keys_by_kind = None
        viewless_kinds: frozenset[str] = frozenset()
        single_option_needs_view = True
        reads_core = True

    cls = treachery.game_class(name)
    for players in range(cls.min_players, cls.max_players + 1):
        for seed in range(3):
            records = []
            for bot_class in (heuristic, WholeViews):
                game = treachery.new_game(name, players=players, seed=seed)
                play_out(game, [bot_class(bot_seed(seed, seat)) for seat in range(players)])
                records.append(game.record()["actions"])
            assert records[0] == records[1], (players, seed)
