"""Batch simulation: derived seeds, player ranges, Wilson intervals, determinism across workers, the bench."""

from __future__ import annotations

import math
import random
import statistics
from pathlib import Path
from typing import Any

import pytest

import treachery
from treachery.bots import RandomBot
from treachery.engine import Decision, Option
from treachery.sim import (
    GameFailed,
    Totals,
    game_seed,
    needs_view,
    parse_player_range,
    play_out,
    resolve_bot_kind,
    run_game,
    runner,
    simulate,
    wilson,
)
from treachery.sim.bench import DEFAULT_YARDSTICK, run_bench
from treachery.sim.seating import BotPlan, parse_bot_plan
from treachery.sim.stats import paired_difference


def test_game_seeds_are_derived_reproducible_and_distinct() -> None:
    seeds = [game_seed(1, i) for i in range(1000)]
    assert seeds == [game_seed(1, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert game_seed(2, 0) != game_seed(1, 0)
    assert all(0 <= s < 2**64 for s in seeds)


@pytest.mark.parametrize(("text", "counts"), [("5", [5]), ("3-10", list(range(3, 11))), (" 4-6 ", [4, 5, 6]),
                                              ("7-7", [7])])
def test_player_range_parses(text: str, counts: list[int]) -> None:
    assert parse_player_range(text, "killer") == counts


@pytest.mark.parametrize(("text", "says"), [("2-5", "out of range"), ("11", "out of range"), ("6-4", "backwards"),
                                            ("abc", "N or A-B"), ("3-4-5", "N or A-B"), ("", "N or A-B")])
def test_bad_player_range_names_what_is_allowed(text: str, says: str) -> None:
    with pytest.raises(treachery.GameConfigError, match=says) as error:
        parse_player_range(text, "killer")
    assert "3 to 10" in str(error.value)


def test_paired_difference_is_the_mean_per_game_difference_with_its_interval() -> None:
    first = [True, True, False, True, False, True, True, False]
    second = [False, True, False, False, False, True, False, False]
    diff, low, high = paired_difference(first, second)
    assert diff == pytest.approx(3 / 8)
    spread = statistics.stdev([1, 0, 0, 1, 0, 0, 1, 0])
    assert high - diff == pytest.approx(diff - low) == pytest.approx(1.959963984540054 * spread / math.sqrt(8))
    assert paired_difference(first, first) == (0.0, 0.0, 0.0)
    with pytest.raises(ValueError, match="two equal lists"):
        paired_difference(first, second[:-1])


def test_wilson_interval() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(5, 10)
    assert low == pytest.approx(1 - high) and low == pytest.approx(0.2366, abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(10, 10)
    assert high == pytest.approx(1.0) and low == pytest.approx(0.7225, abs=1e-4)


def test_simulate_is_the_same_for_any_worker_count_and_chunking() -> None:
    one = simulate("killer", [3, 6], 40, seed=7, workers=1, kind="random")
    two = simulate("killer", [3, 6], 40, seed=7, workers=2, kind="random", chunk_size=7)
    assert {n: t.summary() for n, t in one.items()} == {n: t.summary() for n, t in two.items()}
    assert one[3].games == 40 and one[6].games == 40
    assert simulate("killer", [3], 40, seed=8, workers=1, kind="random")[3] != one[3]


def test_simulate_reports_progress_for_every_game() -> None:
    done: list[int] = []
    simulate("killer", [4], 25, seed=1, workers=1, kind="random", on_progress=done.append, chunk_size=10)
    assert done == [10, 10, 5]


def test_totals_summary_counts_reasons_and_means() -> None:
    totals = Totals()
    for seed in range(30):
        game, decisions = run_game("killer", 4, seed, "random")
        totals.add_game(game, decisions)
    summary = totals.summary()
    assert summary["games"] == 30 and sum(summary["reasons"].values()) == 30
    crew = summary["sides"]["crew"]
    assert 0 <= crew["win_ci95"][0] <= crew["win_rate"] <= crew["win_ci95"][1] <= 1
    assert 1 <= summary["mean_rounds"] <= 20 and 0 <= summary["mean_deaths"] <= 4
    merged = Totals()
    merged.merge(totals)
    merged.merge(totals)
    assert merged.games == 60
    assert merged.summary()["sides"]["crew"]["win_rate"] == crew["win_rate"]


def test_fast_and_checked_paths_play_the_same_game() -> None:
    fast, _ = run_game("killer", 6, 99, "random", fast=True)
    checked, _ = run_game("killer", 6, 99, "random", fast=False)
    assert fast.over and fast.record() == checked.record()
    assert treachery.replay_record(fast.record()).log_for(None) == fast.log_for(None)


class _Spy:
    """A bot that records what it was shown."""

    def __init__(self, needs: bool | None) -> None:
        if needs is not None:
            self.needs_view = needs
        self.seen: list[tuple[dict[str, Any], Decision]] = []

    def choose(self, view: dict[str, Any], decision: Decision) -> Option:
        self.seen.append((view, decision))
        return decision.options[0]


def test_bots_see_their_own_view_unless_they_declare_they_need_none() -> None:
    game = treachery.new_game("killer", players=4, seed=3)
    bots = [_Spy(None), _Spy(True), _Spy(False), _Spy(None)]
    assert [needs_view(b) for b in bots] == [True, True, False, True]
    play_out(game, bots)  # type: ignore[arg-type]
    assert game.over
    for seat, bot in enumerate(bots):
        assert bot.seen, f"seat {seat} never decided"
        for view, decision in bot.seen:
            assert decision.seat == seat
            if seat == 2:
                assert view == {}
            else:
                assert view["seat"] == seat and "hand" in view


def test_play_out_leaves_skipped_seats_waiting() -> None:
    game = treachery.new_game("killer", players=5, seed=4)
    bots = [RandomBot(s) for s in range(5)]
    play_out(game, bots, fast=False, skip=[2])  # type: ignore[arg-type]
    assert not game.over and {d.seat for d in game.pending()} == {2}


def test_a_failing_game_is_named_with_a_way_to_replay_it(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise KeyError("boom")

    monkeypatch.setattr(runner, "play_game", broken)
    with pytest.raises(GameFailed, match=r"game 0 of the batch failed with KeyError.*--bots-only --players 3 --seed"):
        simulate("killer", [3], 5, seed=1, workers=1, kind="random")


def test_bot_kind_resolution() -> None:
    assert resolve_bot_kind("killer", "random") == "random"
    assert resolve_bot_kind("killer", None) == "best"
    with pytest.raises(ValueError, match="available: random"):
        resolve_bot_kind("killer", "genius")
    with pytest.raises(treachery.GameConfigError, match="unknown game"):
        resolve_bot_kind("chess", None)


def test_bench_measures_every_path_and_skips_a_missing_yardstick(tmp_path: Path) -> None:
    report = run_bench("killer", seconds=0.2, players=[3], yardstick=tmp_path / "missing.py")
    assert report["yardstick_steps_per_s"] is None
    (row,) = report["rows"]
    for key in ("act_decisions_per_s", "act_games_per_s", "fast_decisions_per_s", "clone_decisions_per_s",
                "views_per_s"):
        assert row[key] > 0


@pytest.mark.skipif(not DEFAULT_YARDSTICK.is_file(), reason="shared yardstick not present")
def test_bench_measures_the_yardstick_in_the_same_run() -> None:
    report = run_bench("killer", seconds=0.1, players=[4])
    assert report["yardstick_steps_per_s"] > 0 and report["rows"][0]["yardstick_steps_per_s"] > 0


@pytest.mark.parametrize(("game_name", "players"), [("killer", 5), ("menace", 7), ("eat", 6), ("guest", 8)])
def test_roles_are_the_sides_as_dealt_named_as_in_the_result(game_name: str, players: int) -> None:
    for seed in range(6):
        game, _, roles, _ = runner.play_game(game_name, players, seed, "random")
        sides = game.result()["sides"]  # type: ignore[index]
        assert len(roles) == players and set(roles) <= set(sides.values()) | {"survivor"}
        if game_name == "menace":  # Agendas never change hands: the side at the end is the side dealt
            assert roles == [sides[s] for s in range(players)]
    fresh = treachery.new_game(game_name, players, 3)
    assert fresh.roles() == fresh.clone().roles()


def test_bot_plan_seats_kinds_by_side_and_rotates_a_solo_seat() -> None:
    plan = BotPlan("heuristic", (("menace", "random"),))
    assert plan.kinds(["crew", "menace", "crew", "menace"]) == ["heuristic", "random", "heuristic", "random"]
    assert plan.label == "menace=random,heuristic"
    solo = BotPlan("random", solo="heuristic")
    assert [solo.kinds(["crew"] * 4, seed).index("heuristic") for seed in range(8)] == [0, 1, 2, 3, 0, 1, 2, 3]


@pytest.mark.parametrize(("text", "says"), [("crew=heuristic,menace=genius", "no 'genius' bot"),
                                            ("alien=random", "no side 'alien'"),
                                            ("crew=random,crew=heuristic", "twice"),
                                            ("random,heuristic", "two kinds")])
def test_bot_plan_errors_name_what_is_allowed(text: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        parse_bot_plan("menace", text, ["crew", "menace"])
    # the seats not named get the batch's default (the Menace's best searches: its belief bot)
    assert parse_bot_plan("menace", "crew=random", ["crew", "menace"]) == BotPlan("belief", (("crew", "random"),))


def test_final_facts_count_the_dead_of_every_game() -> None:
    """Each game's public view says who is out in its own words (Eat: a status, the others: an alive flag)."""
    from treachery.sim.runner import final_facts

    for name in treachery.games():
        dead = 0
        for seed in range(20):
            game = treachery.new_game(name, players=5, seed=seed)
            rng = random.Random(seed)
            while not game.over:
                decision = rng.choice(game.pending())
                game.act(decision.seat, rng.choice(decision.ids))
            rounds, deaths = final_facts(game)
            assert rounds >= 1 and 0 <= deaths <= 5
            dead += deaths
        assert dead > 0, f"{name}: nobody ever died in 20 random games, or the count cannot see them"


def _descendants(pid: int) -> set[int]:
    """The processes below ``pid``, read from /proc (parents from each process's stat line)."""
    parent_of: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parent_of[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parent_of.items() if parent in frontier} - found
        found |= frontier
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the process tree from /proc")
def test_a_terminated_simulation_takes_its_workers_with_it() -> None:
    """SIGTERM (a scheduler stopping the job) ends the command and every worker process at once, as Ctrl-C
    does: no worker runs on, unowned, to the end of its chunk."""
    import signal
    import subprocess
    import sys
    import time

    command = [sys.executable, "-m", "treachery.cli", "simulate", "killer", "--players", "5", "--games", "400000",
               "--workers", "2", "--seed", "1"]
    job = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        workers: set[int] = set()
        while len(workers) < 3 and time.monotonic() < deadline:  # the fork server and two workers
            time.sleep(0.2)
            workers = _descendants(job.pid)
        assert len(workers) >= 3, "the pool never started"
        time.sleep(1.0)  # the workers are inside their chunks now
        job.send_signal(signal.SIGTERM)
        job.wait(timeout=30)
        deadline = time.monotonic() + 10
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in workers if _alive(pid)], "worker processes outlived the command"
    finally:
        if job.poll() is None:
            job.kill()


class _Quick:
    """A bot that answers a one-option decision without its view, and says so."""

    single_option_needs_view = False

    def __init__(self) -> None:
        self.seen: list[tuple[dict[str, Any], Decision]] = []

    def choose(self, view: dict[str, Any], decision: Decision) -> Option:
        self.seen.append((view, decision))
        return decision.options[-1]


def test_a_bot_that_answers_one_option_alone_gets_no_view_built_for_it() -> None:
    from treachery.bots.base import ask
    from treachery.games.killer.rules import Killer

    built: list[int | None] = []

    class CountingViews(Killer):  # (a compiled game's methods cannot be replaced on the instance: a subclass can)
        def view(self, seat: Any, core: bool = True, keys: frozenset[str] | None = None) -> dict[str, Any]:
            built.append(seat)
            return super().view(seat, core, keys)

    game = CountingViews(4, 3, {}, None)
    quick, spy = _Quick(), _Spy(None)
    while len(quick.seen) < 30 and not game.over:
        decision = game.pending()[0]
        option = ask(quick, game, decision.seat, decision)
        ask(spy, game, decision.seat, decision)  # a bot that does not say so gets its view every time
        game.act(decision.seat, option)
    singles = [d for _, d in quick.seen if len(d.ids) == 1]
    assert singles and len(singles) < len(quick.seen)  # both kinds of decision were asked
    for view, decision in quick.seen:
        assert (view == {}) == (len(decision.ids) == 1)
        if len(decision.ids) > 1:
            assert view["seat"] == decision.seat
    assert all(view["seat"] == decision.seat for view, decision in spy.seen)
    assert len(built) == len(quick.seen) - len(singles) + len(spy.seen)
