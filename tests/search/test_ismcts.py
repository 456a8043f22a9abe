"""The ISMCTS bot: legal, deterministic for a seed and an iteration budget, and blind to everything but the
samples it is handed (K-H24: a bot knows what a person in its seat would)."""

from __future__ import annotations

import random

import pytest

import treachery
from tests.sampler_checks import everything
from treachery.bots import bot_for, bot_kinds, has_sampler
from treachery.bots.base import ask
from treachery.engine import Decision
from treachery.games.killer.bots import KillerBot
from treachery.games.killer.rules import Killer
from treachery.search import DEFAULT_ITERATIONS, DEFAULT_STEPS, Budget, ISMCTSBot, Policy, bot_policy, search
from treachery.search.bot import DEFAULT_MARGIN, guided_bot
from treachery.sim.runner import bot_seed, play_out

SAMPLED = [name for name in treachery.games() if has_sampler(name)]


def _bots(name: str, players: int, seed: int, kind: str = "ismcts:12") -> list:
    return [bot_for(name, kind, bot_seed(seed, seat)) for seat in range(players)]


@pytest.mark.parametrize("name", SAMPLED)
def test_it_only_ever_picks_a_legal_option_through_the_checked_path(name: str) -> None:
    cls = treachery.game_class(name)
    for players, seed in ((cls.min_players, 1), (cls.min_players + 1, 2)):
        game = treachery.new_game(name, players=players, seed=seed)
        play_out(game, _bots(name, players, seed, "ismcts:5"), fast=False)  # act() refuses anything illegal
        assert game.over and game.result() is not None


def test_it_is_deterministic_for_a_seed_and_an_iteration_budget() -> None:
    records = []
    for _ in range(2):
        game = treachery.new_game("killer", players=5, seed=8)
        play_out(game, _bots("killer", 5, 8, "ismcts:25"))
        records.append(game.record())
    assert records[0] == records[1]
    other = treachery.new_game("killer", players=5, seed=8)
    play_out(other, [bot_for("killer", "ismcts:25", 1000 + s) for s in range(5)])
    assert other.record()["actions"] != records[0]["actions"], "another bot seed should search differently"


def _blackout_twin(p2_card: str) -> Killer:
    """P2 plays a face-down Position (Galley 1 or Engine Room 1); P4 cannot tell the two games apart."""
    game = treachery.new_game("killer", players=5, seed=0, setup={
        "first": 0, "removed": ["ML", "AC"], "hunting_row": ["BR", "GA", "AL", "ER", "CH", "SB"],
        "hands": {1: {0: ["ER2", "CH1"], 1: [p2_card, "CH2"], 2: ["GA3", "BR3"], 3: ["BR2", "AL1"],
                      4: ["SB3", "AL2"]}}})
    for seat, text in ((0, "action ER2"), (1, f"position {p2_card}"), (2, "position GA3")):
        game.act(seat, text)
    assert isinstance(game, Killer)
    return game


def test_it_reads_nothing_but_its_samples_twin_games_give_the_same_choice() -> None:
    """Two games that differ only in P2's face-down card: P4's bot, with the same seed, decides the same in both,
    and the same again when handed samples drawn from the twin instead of its own game."""
    a, b = _blackout_twin("GA1"), _blackout_twin("ER1")
    seat = 3
    decision_a, decision_b = a.pending_for(seat)[0], b.pending_for(seat)[0]
    assert everything(a.determinized(seat, 5)) == everything(b.determinized(seat, 5))
    picks = [
        ask(ISMCTSBot(7, Budget(60)), a, seat, decision_a),
        ask(ISMCTSBot(7, Budget(60)), b, seat, decision_b),
        ISMCTSBot(7, Budget(60)).choose({}, decision_a, samples=lambda s: b.determinized(seat, s)),
    ]
    assert picks[0] == picks[1] == picks[2]


def test_the_search_is_handed_only_samples_and_leaves_the_game_alone() -> None:
    game = treachery.new_game("killer", players=4, seed=3)
    decision = next(d for d in game.pending() if len(d.options) > 1)
    before = everything(game)
    seeds: list[int] = []

    def samples(seed: int) -> treachery.Game:
        seeds.append(seed)
        return game.determinized(decision.seat, seed)

    found = search(decision.seat, decision, samples, Budget(iterations=40), random.Random(1))
    assert found.iterations == 40 and len(seeds) == 40 and len(set(seeds)) == 40
    assert found.option_id in decision.ids and sum(found.visits.values()) == 40
    assert set(found.visits) == set(decision.ids), "every root option is tried"
    assert everything(game) == before


def test_simultaneous_decisions_other_seats_answer_inside_the_sample() -> None:
    """K-X15: two Round Start keep/end answers are pending together; P2's bot searches while P1 has not answered."""
    game = treachery.new_game("killer", players=4, seed=3, setup={
        "first": 0, "removed": ["AL", "SB"],
        "start": {"round": 2, "ongoing": {0: {"card": "AC3", "location": "BR"}, 1: {"card": "CH1", "location": "GA"}}}})
    assert sorted(d.seat for d in game.pending()) == [0, 1]
    decision = game.pending_for(1)[0]
    option = ask(ISMCTSBot(2, Budget(30)), game, 1, decision)
    assert option["id"] in decision.ids
    game.act(0, "end")  # P1 answers; P1's sealed answer is dropped from P2's samples, so they still agree
    assert ask(ISMCTSBot(2, Budget(30)), game, 1, game.pending_for(1)[0]) == option


def test_kinds_budgets_and_bad_requests() -> None:
    assert "ismcts" in bot_kinds("killer")
    bot = bot_for("killer", "ismcts:17", 0)
    assert isinstance(bot, ISMCTSBot) and bot.budget.iterations == 17
    assert isinstance(bot_for("killer", "ismcts", 0), ISMCTSBot)
    for bad in ("ismcts:0", "ismcts:x", "ismcts:-3"):
        with pytest.raises(ValueError, match="ismcts:N"):
            bot_for("killer", bad, 0)
    with pytest.raises(ValueError):
        Budget(iterations=0)
    with pytest.raises(ValueError):
        Budget(seconds=0)
    with pytest.raises(ValueError):
        Budget(steps=0)
    game = treachery.new_game("killer", players=3, seed=0)
    with pytest.raises(TypeError, match="samples"):
        ISMCTSBot(0).choose({}, game.pending()[0])
    unsampled = [name for name in treachery.games() if not has_sampler(name)]
    for name in unsampled:
        assert "ismcts" not in bot_kinds(name)
        with pytest.raises(ValueError, match="no 'ismcts' bot"):
            bot_for(name, "ismcts", 0)


def test_a_step_budget_stops_long_searches_early() -> None:
    game = treachery.new_game("killer", players=6, seed=5)
    decision = next(d for d in game.pending() if len(d.options) > 1)
    found = search(decision.seat, decision, lambda s: game.determinized(decision.seat, s),
                   Budget(iterations=10_000, steps=400), random.Random(0))
    assert found.steps >= 400 and found.iterations < 400, "each iteration simulates at least one decision"
    default = bot_for("killer", "ismcts", 0)
    assert isinstance(default, ISMCTSBot) and default.budget.steps is not None


def test_a_time_budget_searches_at_least_once() -> None:
    game = treachery.new_game("killer", players=3, seed=2)
    decision = next(d for d in game.pending() if len(d.options) > 1)
    found = search(decision.seat, decision, lambda s: game.determinized(decision.seat, s),
                   Budget(seconds=0.01), random.Random(0))
    assert found.iterations >= 1 and found.option_id in decision.ids


def _recording(policy: Policy, seen: list[tuple[int, tuple[int, ...]]]) -> Policy:
    def pick(game: treachery.Game, decision: Decision, rng: random.Random) -> int:
        seen.append((decision.seat, decision.ids))
        return policy(game, decision, rng)
    return pick


def test_others_answer_every_other_seat_in_the_tree_and_never_the_searcher() -> None:
    game = treachery.new_game("killer", players=5, seed=4)
    decision = next(d for d in game.pending() if len(d.options) > 1)
    seen: list[tuple[int, tuple[int, ...]]] = []
    others = _recording(bot_policy(KillerBot), seen)
    runs = [search(decision.seat, decision, lambda s: game.determinized(decision.seat, s), Budget(25),
                   random.Random(3), others=others) for _ in range(2)]
    assert runs[0].option_id in decision.ids and runs[0] == runs[1], "deterministic for the generator's seed"
    assert seen and all(seat != decision.seat for seat, _ in seen)


def test_a_guide_is_asked_once_and_kept_unless_the_search_beats_it_by_the_margin() -> None:
    game = treachery.new_game("guest", players=6, seed=2)
    decision = next(d for d in game.pending() if len(d.options) > 1)
    seat = decision.seat
    seen: list[tuple[int, tuple[int, ...]]] = []
    guide = _recording(lambda g, d, r: d.ids[-1], seen)
    kept = search(seat, decision, lambda s: game.determinized(seat, s), Budget(20), random.Random(0),
                  guide=guide, margin=1e9)  # no search is that sure
    assert kept.option_id == decision.ids[-1] and seen == [(seat, decision.ids)]
    free = search(seat, decision, lambda s: game.determinized(seat, s), Budget(20), random.Random(0),
                  guide=guide, margin=-1e9)  # any challenger wins: the best win rate
    assert free.win_rates[free.option_id] == max(free.win_rates.values())


def test_the_default_kind_plans_with_the_games_heuristic_and_ismcts_n_keeps_n_iterations() -> None:
    bot = bot_for("guest", "ismcts", 0)
    assert isinstance(bot, ISMCTSBot) and bot.rollout is not None and bot.guide is not None
    assert bot.budget == Budget(DEFAULT_ITERATIONS, DEFAULT_STEPS) and bot.margin == DEFAULT_MARGIN
    counted = bot_for("menace", "ismcts:9", 0)
    assert isinstance(counted, ISMCTSBot) and counted.budget == Budget(9) and counted.others is not None
    plain = guided_bot(0, None, 9)
    assert plain.rollout is None and plain.others is None and plain.guide is None


def test_the_guided_bot_reads_nothing_but_its_samples_twin_games_give_the_same_choice() -> None:
    """The heuristic inside the search reads only the samples' views: the twins of the blackout test agree."""
    a, b = _blackout_twin("GA1"), _blackout_twin("ER1")
    seat = 3
    picks = [ask(guided_bot(5, KillerBot, 15), game, seat, game.pending_for(seat)[0]) for game in (a, b)]
    assert picks[0] == picks[1] and picks[0]["id"] in a.pending_for(seat)[0].ids


@pytest.mark.parametrize("name", SAMPLED)
def test_the_guided_bot_is_legal_and_deterministic_in_every_sampled_game(name: str) -> None:
    cls = treachery.game_class(name)
    records = []
    for _ in range(2):
        game = treachery.new_game(name, players=cls.min_players, seed=6)
        play_out(game, _bots(name, cls.min_players, 6, "ismcts:3"), fast=False)  # act() refuses anything illegal
        assert game.over
        records.append(game.record())
    assert records[0] == records[1]
