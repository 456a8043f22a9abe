"""The flat search behind Killer's and Eat's `best` bots: deterministic per seed, blind to what its seat cannot
see (it plans over the sampler's worlds only), and it keeps the heuristic's answer unless it clearly loses."""

from __future__ import annotations

import pickle
import random

import pytest

import treachery
from treachery.bots import bot_for, heuristic_bot_class
from treachery.bots.base import ask, ask_steps, recall
from treachery.engine import Game
from treachery.games.eat.best import EatBestBot
from treachery.games.killer.best import KillerBestBot
from treachery.games.menace.best import MenaceLookaheadBot
from treachery.search.flat import flat_search, scaled_budget
from treachery.search.ismcts import Samples


class _SmallKiller(KillerBestBot):
    worlds = 4


class _SmallEat(EatBestBot):
    worlds = 3
    min_worlds = 2
    rollouts = 12


class _SmallMenace(MenaceLookaheadBot):
    worlds = 3
    min_worlds = 2
    rollouts = 12


SMALL = {"killer": _SmallKiller, "eat": _SmallEat, "menace": _SmallMenace}
LOOKAHEAD = {"killer": KillerBestBot, "eat": EatBestBot, "menace": MenaceLookaheadBot}


def _first_choice(game: Game, seed: int) -> int:
    """Play heuristic seats until the fourth choice of two options or more; the seat that has it."""
    heuristic = heuristic_bot_class(game.name)
    assert heuristic is not None
    bots = [heuristic(seed + s) for s in range(game.players)]  # type: ignore[call-arg]
    choices = 0
    while True:
        decision = game.pending()[0]
        choices += len(decision.options) > 1
        if choices == 4:
            return decision.seat
        game.act(decision.seat, ask(bots[decision.seat], game, decision.seat, decision))


def _game_at_choice(name: str, players: int, seed: int) -> tuple[Game, int]:
    game = treachery.new_game(name, players=players, seed=seed)
    seat = _first_choice(game, seed)
    return game, seat


@pytest.mark.parametrize("name", ["killer", "eat", "menace"])
def test_lookahead_is_the_flat_search_bot_and_plays_legal_options(name: str) -> None:
    assert isinstance(bot_for(name, "lookahead", 1), LOOKAHEAD[name])
    game = treachery.new_game(name, players=4, seed=5)
    bots = [SMALL[name](s) if s == 0 else bot_for(name, "heuristic", s) for s in range(4)]
    while not game.over:
        decision = game.pending()[0]
        option = ask(bots[decision.seat], game, decision.seat, decision)
        assert option in decision.options
        game.act(decision.seat, option)


@pytest.mark.parametrize("name", ["killer", "eat", "menace"])
def test_the_same_seed_gives_the_same_choices(name: str) -> None:
    records = []
    for _ in range(2):
        game, seat = _game_at_choice(name, 5, 11)
        bot = SMALL[name](7)
        chosen = []
        for _ in range(4):
            if game.over:
                break
            decision = game.pending()[0]
            option = ask(bot, game, decision.seat, decision) if decision.seat == seat else decision.default
            chosen.append((decision.seat, option["id"]))
            game.act(decision.seat, option)
        records.append(chosen)
    assert records[0] == records[1]


@pytest.mark.parametrize("name", ["killer", "eat", "menace"])
def test_a_twin_that_differs_only_in_what_the_seat_cannot_see_gets_the_same_answer(name: str) -> None:
    """The bot reads only its seat's view and the sampler's worlds: a sample of the game (the same view and log
    for the seat, hidden cards dealt again) gets the same answer from a bot of the same seed."""
    differed = 0
    for seed in range(4):
        game, seat = _game_at_choice(name, 5, seed)
        twin = game.determinized(seat, 1000 + seed)
        assert twin.view(seat) == game.view(seat)
        others = [s for s in range(game.players) if s != seat]
        differed += any(twin.view(s) != game.view(s) for s in others)
        decision = game.pending_for(seat)[0]
        answers = [ask(SMALL[name](3), g, seat, g.pending_for(seat)[0])["id"] for g in (game, twin)]
        assert answers[0] == answers[1], decision
    assert differed  # the twins did hide something different


def test_the_search_keeps_the_heuristics_answer_unless_another_option_wins_clearly() -> None:
    game, seat = _game_at_choice("killer", 5, 2)
    decision = game.pending_for(seat)[0]
    default = decision.ids[0]
    heuristic = heuristic_bot_class("killer")
    found = flat_search(seat, decision, lambda s: game.determinized(seat, s), random.Random(1), 6,
                        heuristic, default, float("inf"))  # type: ignore[arg-type]
    assert found.option_id == default and found.edges[default] == (0.0, 0.0)
    assert set(found.edges) == set(decision.ids)
    free = flat_search(seat, decision, lambda s: game.determinized(seat, s), random.Random(1), 6,
                       heuristic, default, 0.0)  # type: ignore[arg-type]
    best = max(free.edges.values())[0]
    assert free.option_id == (default if best <= 0 else max(free.edges, key=lambda i: free.edges[i][0]))


def test_budget_shrinks_with_the_table_by_its_power_and_never_grows() -> None:
    assert scaled_budget(240, 5, 10, 1.0) == 120
    assert scaled_budget(240, 5, 10, 2.0) == 60
    assert scaled_budget(240, 5, 4, 2.0) == 240  # a small table gets no more than the budget


def _killer_choice_of_kind(wanted: bool) -> tuple[Game, int]:
    """A Killer position whose pending choice (two options or more) is the round's first card (``wanted``) or
    not: K-T1's later steps (targets, scans, reveals)."""
    heuristic = heuristic_bot_class("killer")
    assert heuristic is not None
    for seed in range(20):
        game = treachery.new_game("killer", players=5, seed=seed)
        bots = [heuristic(seed + s) for s in range(5)]  # type: ignore[call-arg]
        while not game.over:
            decision = game.pending()[0]
            if len(decision.options) > 1 and (decision.kind == "first_card") == wanted:
                return game, decision.seat
            game.act(decision.seat, ask(bots[decision.seat], game, decision.seat, decision))
    raise AssertionError("no such choice in 20 games")


def test_killer_lookahead_searches_the_first_card_only() -> None:
    """K-T1: the first card (the Position and Action pair) is searched; any other choice is the heuristic's
    answer, given without drawing a single sample."""
    drawn: list[int] = []

    def counting(game: Game, seat: int) -> Samples:
        def samples(seed: int) -> Game:
            drawn.append(seed)
            return game.determinized(seat, seed)
        return samples

    game, seat = _killer_choice_of_kind(False)
    decision = game.pending_for(seat)[0]
    heuristic = heuristic_bot_class("killer")
    assert heuristic is not None
    answer = _SmallKiller(3).choose(game.view(seat), decision, counting(game, seat))
    assert answer == heuristic(3).choose(game.view(seat), decision) and not drawn  # type: ignore[call-arg]
    game, seat = _killer_choice_of_kind(True)
    _SmallKiller(3).choose(game.view(seat), game.pending_for(seat)[0], counting(game, seat))
    assert drawn  # the first card is searched over sampled worlds


@pytest.mark.parametrize("name", ["killer", "eat", "menace"])
def test_the_search_in_steps_yields_between_rollouts_and_answers_as_choose_does(name: str) -> None:
    """The server lets other rooms in between the bits of a search (ask_steps): the same answer as ``ask``."""
    for seed in range(3):
        game, seat = _game_at_choice(name, 5, seed)
        decision = game.pending_for(seat)[0]
        steps = ask_steps(SMALL[name](seed), game, seat, decision)
        pauses = 0
        while True:
            try:
                next(steps)
                pauses += 1
            except StopIteration as done:
                answer = done.value
                break
        assert answer == ask(SMALL[name](seed), game, seat, decision)
        kinds = SMALL[name].search_kinds
        searched = kinds is None or decision.kind in kinds
        assert (pauses > 0) == searched  # a rollout a pause; an unsearched choice answers at once


@pytest.mark.parametrize("name", ["killer", "eat", "menace"])
def test_a_bot_told_its_earlier_answers_goes_on_as_the_one_that_gave_them(name: str) -> None:
    """A room rebuilt from its record recalls its bots' answers instead of searching again (bots.base.recall):
    the recalled bot's next answers are those of the bot that played on without a break."""
    game = treachery.new_game(name, players=4, seed=8)
    live = [SMALL[name](s) if s == 0 else bot_for(name, "heuristic", s) for s in range(4)]
    record: list[tuple[int, int]] = []
    choices: list[int] = []  # where in the record seat 0 had a choice of two options or more
    memory: list[bytes] = []
    while not game.over and len(choices) < 16:
        decision = game.pending()[0]
        if decision.seat == 0 and len(decision.options) > 1:
            choices.append(len(record))
        memory.append(pickle.dumps(live[0].guide))  # what seat 0's bot remembers before this step
        option = ask(live[decision.seat], game, decision.seat, decision)
        record.append((decision.seat, option["id"]))
        game.act(decision.seat, option)
    cut = choices[len(choices) // 2]
    again = treachery.new_game(name, players=4, seed=8)
    recalled = SMALL[name](0)
    for seat, option_id in record[:cut]:
        decision = again.pending()[0]
        if seat == 0:
            recall(recalled, again, 0, decision, option_id)
        again.act(seat, option_id)
    assert pickle.dumps(recalled.guide) == memory[cut]  # its heuristic's memory and random stream, as they were
    searched = 0
    for seat, option_id in record[cut:]:
        decision = again.pending()[0]
        if seat == 0:
            assert ask(recalled, again, 0, decision)["id"] == option_id
            searched += len(decision.options) > 1
        again.act(seat, option_id)
    assert searched  # the part after the cut has choices of its own


def test_menace_lookahead_holds_a_searched_kind_by_its_bound_and_the_rest_as_its_belief_bot() -> None:
    """Its card plays, votes, Brawls and last acts are searched (held by ``hold_seconds``, one option or many); its
    other answers are the belief bot's, held as that bot's are (bots.beliefs.belief_hold)."""
    from treachery.bots.base import answer_hold
    from treachery.bots.beliefs import belief_hold
    from treachery.engine import Decision

    bot = MenaceLookaheadBot(0)
    one = ({"id": 0, "text": "pass", "label": "Pass"},)
    for kind in ("turn", "vote", "brawl", "last_act", "exile_act"):
        assert answer_hold(bot, Decision(0, kind, one, 5, "", 0), 5) == MenaceLookaheadBot.hold_seconds[5] >= 0.3
    for kind in ("discussion", "character", "limit"):
        assert answer_hold(bot, Decision(0, kind, one, 5, "", 0), 5) == belief_hold(5) > 0
