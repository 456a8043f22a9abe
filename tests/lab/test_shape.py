"""The games' shape beside who won: key events each game declares (counted in its public log), the rounds
histogram and event rates in simulate and report, and the tune command's bisection."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import treachery
from treachery.cli import app
from treachery.engine import game_class
from treachery.sim import play_out, seat_bots
from treachery.sim.runner import Job, run_batch
from treachery.sim.seating import BotPlan
from treachery.sim.tune import tune

SPECS = Path(__file__).resolve().parents[3] / "shared" / "rules"
SPEC_OF = {"eat": "who-should-we-eat.md", "guest": "the-guest.md", "killer": "this-game-is-killer.md",
           "menace": "the-menace-among-us.md"}
PLAYERS = {"eat": 6, "guest": 6, "killer": 5, "menace": 5}
runner = CliRunner()


def finished(name: str, players: int, seed: int, kind: str = "random") -> treachery.Game:
    game = treachery.new_game(name, players, seed)
    play_out(game, seat_bots(name, kind, players, seed))
    return game


def dead_in_view(game: treachery.Game) -> int:
    public = game.view(None)
    return sum(1 for p in public["players"] if not p.get("alive", True) or p.get("status", "survivor") != "survivor")


@pytest.mark.parametrize("name", sorted(SPEC_OF))
def test_every_key_event_marker_is_a_rule_of_the_game(name: str) -> None:
    spec = SPECS / SPEC_OF[name]
    if not spec.exists():
        pytest.skip("the shared rules specification is not beside this checkout")
    rule_ids = set(re.findall(r"^(?:- |\| )([A-Z]-[A-Z]+\d+) ", spec.read_text(encoding="utf-8"), re.MULTILINE))
    markers = game_class(name).key_events
    assert markers, f"{name} declares no key events"
    for label, marks in markers.items():
        assert marks and set(marks) <= rule_ids, (label, marks)


@pytest.mark.parametrize("name", sorted(SPEC_OF))
def test_every_key_event_happens_in_some_game_and_counts_only_public_events(name: str) -> None:
    seen: dict[str, int] = {}
    for seed in range(40):
        game = finished(name, PLAYERS[name], seed)
        counts = game.event_counts()
        assert list(counts) == list(game_class(name).key_events)
        public = game.log_for(None)
        for label, marks in game_class(name).key_events.items():
            assert counts[label] == sum(any(m in e["rules"] for m in marks) for e in public)
            seen[label] = seen.get(label, 0) + counts[label]
    assert all(seen.values()), f"never happened in 40 random games: {[k for k, v in seen.items() if not v]}"


@pytest.mark.parametrize("name", ["eat", "menace"])
def test_deaths_counted_from_the_log_match_the_dead_in_the_final_view(name: str) -> None:
    """M-V6/M-T4, W-V50: one public death event per death."""
    for seed in range(25):
        game = finished(name, PLAYERS[name], seed)
        assert game.event_counts()["deaths"] == dead_in_view(game), seed


def test_killer_alien_kills_never_exceed_the_dead() -> None:
    """K-V10: each of the alien's kills is a death (others die by DESTROY, Cold Storage or the clock)."""
    for seed in range(25):
        game = finished("killer", 5, seed)
        assert game.event_counts()["killed by the alien"] <= dead_in_view(game)


def test_eat_ghosts_risen_never_exceed_deaths_and_trial_rounds_never_exceed_trials() -> None:
    """W-T10: a Ghost rises only from a death; W-T37/W-V5: a round with a trial holds at least one trial."""
    for seed in range(30):
        counts = finished("eat", 6, seed).event_counts()
        assert counts["Ghosts risen"] <= counts["deaths"]
        assert counts["rounds with a trial"] <= counts["trials"]


def test_summary_has_a_rounds_histogram_and_event_rates_that_add_up() -> None:
    job = Job("menace", (5,), 30, 3, BotPlan("random"))
    result = run_batch(job, 1)
    summary = result.totals()["default"][5].summary()
    assert sum(summary["rounds"].values()) == 30
    assert sum(int(r) * n for r, n in summary["rounds"].items()) == pytest.approx(summary["mean_rounds"] * 30)
    rows = result.rows
    for label, stats in summary["events"].items():
        assert stats["per_game"] == pytest.approx(sum(r["events"][label] for r in rows) / 30)
        assert stats["share"] == pytest.approx(sum(r["events"][label] > 0 for r in rows) / 30)
        low, high = stats["share_ci95"]
        assert low <= stats["share"] <= high


def test_simulate_prints_the_shape_and_the_parquet_keeps_the_events(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "eat.parquet"
    result = runner.invoke(app, ["simulate", "eat", "-p", "5", "-n", "20", "-w", "1", "--bots", "random",
                                 "--out", str(out), "--json", str(tmp_path / "eat.json")])
    assert result.exit_code == 0, result.output
    assert "Rounds played" in result.output and "knife fights" in result.output
    rows = pq.read_table(out).to_pylist()
    summary = json.loads((tmp_path / "eat.json").read_text())["results"]["5"]
    trials = [json.loads(r["events"])["trials"] for r in rows]
    assert summary["events"]["trials"]["per_game"] == pytest.approx(sum(trials) / 20)
    report = runner.invoke(app, ["report", str(out), "--out", str(tmp_path / "rep")])
    assert report.exit_code == 0, report.output
    page = (tmp_path / "rep" / "report.html").read_text()
    assert "<h2>Shape</h2>" in page and "Ghosts risen" in page


def test_tune_ends_on_two_neighbouring_values_that_straddle_the_target() -> None:
    tuning = tune("menace", 5, "start.oxygen", 3, 14, "menace", 0.5, 40, 2, BotPlan("heuristic"))
    values = {t.value: t.rate for t in tuning.trials}
    assert 3 in values and 14 in values and tuning.bracketed
    best = tuning.best
    if best.rate != 0.5:  # no value hit the target exactly: the search ended on a bracket one apart
        straddles = [v for v in values if v + 1 in values and (values[v] - 0.5) * (values[v + 1] - 0.5) < 0]
        assert straddles, values
        assert best.value in {straddles[0], straddles[0] + 1}
    assert all(abs(best.rate - 0.5) <= abs(rate - 0.5) for rate in values.values())
    assert len(tuning.trials) <= 2 + 4  # the ends, then at most ceil(log2(11)) middles


def test_tune_answers_the_nearer_end_when_the_range_does_not_bracket_the_target() -> None:
    tuning = tune("menace", 5, "start.oxygen", 6, 12, "menace", 0.99, 30, 2, BotPlan("heuristic"))
    assert not tuning.bracketed and len(tuning.trials) == 2
    low, high = sorted(tuning.trials, key=lambda t: t.value)
    assert low.rate > high.rate  # more Oxygen, fewer Menace wins: the low end is nearer a 99% Menace rate
    assert tuning.best.value == 6


@pytest.mark.parametrize("args, says", [
    (["--low", "5", "--high", "5"], "low < high"),
    (["--low", "3", "--high", "9", "--target", "1.5"], "between 0 and 1"),
    (["--low", "3", "--high", "9", "--side", "pirates"], "no side 'pirates'"),
    (["--low", "3", "--high", "9", "--set", "start.oxygen=6"], "already gives start.oxygen"),
    (["--low", "-3", "--high", "9"], "start.oxygen"),
])
def test_tune_refuses_bad_input_with_one_line(args: list[str], says: str) -> None:
    base = ["tune", "menace", "--key", "start.oxygen", "--side", "menace", "-p", "5", "-n", "4", "-w", "1"]
    if "--side" in args:
        base = base[:4] + base[6:]
    result = runner.invoke(app, [*base, *args])
    assert result.exit_code == 2, result.output
    assert says in result.output and "Traceback" not in result.output
