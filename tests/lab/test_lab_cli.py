"""The lab through the real command line: simulate --out (Parquet read back), per-side bots, --set errors,
report files, the ladder, and the same rows from one worker, two worker processes and a local Ray instance."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from treachery.cli import app
from treachery.sim.ladder import ONE_SEAT, side_won
from treachery.sim.runner import BotPlan, game_row, game_seed, play_game

pq = pytest.importorskip("pyarrow.parquet")
runner = CliRunner()


def simulate(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["simulate", *args])
    return result.exit_code, result.output


def test_parquet_rows_match_the_table_and_json(tmp_path: Path) -> None:
    code, output = simulate("guest", "-p", "5-6", "-n", "30", "--seed", "4", "-w", "1",
                            "--out", str(tmp_path / "r.parquet"), "--json", str(tmp_path / "r.json"))
    assert code == 0, output
    rows = pq.read_table(tmp_path / "r.parquet").to_pylist()
    summary = json.loads((tmp_path / "r.json").read_text())["results"]
    assert len(rows) == 60 and [r["index"] for r in rows] == list(range(30)) * 2
    for players in (5, 6):
        mine = [r for r in rows if r["players"] == players]
        for side, stats in summary[str(players)]["sides"].items():
            wins = sum(side in r["winning_sides"] for r in mine)
            assert stats["win_rate"] == pytest.approx(wins / 30)
            assert f"{stats['win_rate']:.1%}" in output  # the printed table shows the same rates
        assert summary[str(players)]["mean_rounds"] == pytest.approx(sum(r["rounds"] for r in mine) / 30)
    first = rows[0]
    assert first["game"] == "guest" and first["setting"] == "default" and first["cards"] == "default"
    assert len(first["bots"]) == len(first["roles"]) == len(first["sides"]) == 5
    assert set(first["winners"]) <= set(range(5)) and first["decisions"] > 0 and first["reason"]


def test_one_worker_and_two_write_the_same_rows(tmp_path: Path) -> None:
    tables = []
    for workers in ("1", "2"):
        path = tmp_path / f"w{workers}.parquet"
        code, output = simulate("menace", "-p", "4-5", "-n", "40", "--seed", "9", "-w", workers,
                                "--sweep", "bda.raise-morale.oxygen_effect=1,2", "--out", str(path))
        assert code == 0, output
        tables.append(pq.read_table(path).to_pylist())
    assert tables[0] == tables[1] and len(tables[0]) == 160
    assert {r["setting"] for r in tables[0]} == {"bda.raise-morale.oxygen_effect=1", "bda.raise-morale.oxygen_effect=2"}
    assert json.loads(tables[0][-1]["overrides"]) == {"bda.raise-morale.oxygen_effect": 2}


def test_bots_per_side_sit_where_the_side_was_dealt(tmp_path: Path) -> None:
    path = tmp_path / "sides.parquet"
    code, output = simulate("menace", "-p", "5", "-n", "20", "-w", "1", "--bots", "menace=random,heuristic",
                            "--out", str(path))
    assert code == 0, output
    assert "menace=random,heuristic bots" in " ".join(output.split())
    for row in pq.read_table(path).to_pylist():
        assert row["bots"] == ["random" if role == "menace" else "heuristic" for role in row["roles"]]


@pytest.mark.parametrize(("args", "says"), [
    (["menace", "--set", "bda.raise-morale.count=-1"], "--set bda.raise-morale.count: -1 is out of range 0..100"),
    (["menace", "--set", "bda.raise-morale.count=many"], "must be a whole number, got 'many'"),
    (["menace", "--set", "bda.raise-morale.luck=1"], "unknown key 'luck' in bda.raise-morale"),
    (["menace", "--sweep", "start.oxygen=3"], "two or more values"),
    (["menace", "--cards", "no-such-file.toml"], "--cards: cannot read no-such-file.toml"),
    (["menace", "--bots", "aliens=random"], "no side 'aliens' at these player counts; sides: crew, menace"),
    (["menace", "--bots", "crew=genius"], "no 'genius' bot for menace"),
])
def test_bad_lab_input_is_one_line_and_exit_2(tmp_path: Path, args: list[str], says: str) -> None:
    out = tmp_path / "never.parquet"
    result = runner.invoke(app, ["simulate", *args, "-p", "4-5", "-n", "5", "--out", str(out)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and says in lines[0]
    assert not out.exists()


def test_report_writes_plots_and_one_self_contained_page(tmp_path: Path) -> None:
    results = tmp_path / "eat.parquet"
    code, output = simulate("eat", "-p", "4-5", "-n", "20", "-w", "1", "--sweep", "start.target=12,40",
                            "--out", str(results))
    assert code == 0, output
    result = runner.invoke(app, ["report", str(results), "--out", str(tmp_path / "rep")])
    assert result.exit_code == 0, result.output
    for name in ("win_rates", "lengths", "sweep"):
        for suffix in (".png", ".svg"):
            assert (tmp_path / "rep" / f"{name}{suffix}").stat().st_size > 1000
    assert (tmp_path / "rep" / "win_rates.png").read_bytes()[:4] == b"\x89PNG"
    page = (tmp_path / "rep" / "report.html").read_text()
    sources = re.findall(r'src="([^"]*)"', page)
    assert len(sources) == 3 and all(s.startswith("data:image/png;base64,") for s in sources)
    assert "start.target=12" in page and "start.target=40" in page and "survivor" in page
    rows = pq.read_table(results).to_pylist()
    easy = [r for r in rows if r["setting"] == "start.target=12" and r["players"] == 4]
    rate = sum("survivor" in r["winning_sides"] for r in easy) / len(easy)
    assert f"{rate:.1%}" in page


def test_report_refuses_a_file_that_is_not_results(tmp_path: Path) -> None:
    (tmp_path / "x.parquet").write_text("not parquet")
    result = runner.invoke(app, ["report", str(tmp_path / "x.parquet")])
    assert result.exit_code == 2 and "cannot read" in result.output


def test_ladder_pairs_every_kind_on_every_side(tmp_path: Path) -> None:
    out = tmp_path / "ladder.json"
    result = runner.invoke(app, ["ladder", "menace", "-p", "5", "-n", "12", "-w", "1", "--kinds", "random,heuristic",
                                 "--json", str(out)])
    assert result.exit_code == 0, result.output
    rows = json.loads(out.read_text())["rows"]
    assert sorted((r["side"], r["side_bots"], r["other_bots"]) for r in rows) == sorted(
        (side, mine, theirs) for side in ("crew", "menace") for mine in ("random", "heuristic")
        for theirs in ("random", "heuristic") if mine != theirs)
    for row in rows:
        assert row["games"] == 12 and 0 <= row["wins"] <= 12
        assert f"{row['win_rate']:.1%}" in result.output
    # In a two-sided game exactly one side wins each game, so the mirrored pairings add up.
    by = {(r["side"], r["side_bots"], r["other_bots"]): r["wins"] for r in rows}
    assert by[("crew", "heuristic", "random")] + by[("menace", "random", "heuristic")] == 12


def test_ray_runs_the_same_rows_as_the_process_pool() -> None:
    pytest.importorskip("ray")
    from treachery.sim.overrides import build_settings
    from treachery.sim.runner import Job, run_batch
    from treachery.sim.seating import BotPlan

    settings = build_settings("menace", [], ["bda.raise-morale.oxygen_effect=1,3"], None, None, [5])
    job = Job("menace", (4, 5), 12, 21, BotPlan("heuristic"), tuple(settings))
    pool = run_batch(job, workers=2, chunk_size=5)
    on_ray = run_batch(job, workers=2, chunk_size=5, ray_address="local")
    assert on_ray.rows == pool.rows and len(pool.rows) == 48


def test_a_plotted_rate_always_lies_inside_its_error_bar() -> None:
    from treachery.lab.report import Cell

    for games in (1, 7, 2000):
        for wins in (0, 1, games // 2, games - 1, games):
            cell = Cell(games=games)
            cell.side_wins["crew"] = wins
            rate, low, high = cell.rate("crew")
            assert 0 <= low <= rate <= high <= 1 and rate == wins / games


def test_a_side_not_dealt_at_a_count_is_shown_as_absent_not_as_zero(tmp_path: Path) -> None:
    results = tmp_path / "menace.parquet"
    code, output = simulate("menace", "-p", "6-7", "-n", "8", "-w", "1", "--out", str(results))
    assert code == 0, output
    from treachery.lab.report import cells, make_report

    table, _, sides, _ = cells(pq.read_table(results).to_pylist())
    assert "coward" in sides and "coward" not in table[("default", 6)].sides and "coward" in table[("default", 7)].sides
    make_report(results, tmp_path / "rep")
    page = (tmp_path / "rep" / "report.html").read_text()
    six = next(line for line in page.splitlines() if line.startswith("<tr><td>default</td><td>6</td>"))
    assert "<td>—</td>" in six


def test_ladder_versus_plays_each_kind_on_the_same_seeds_and_pairs_the_differences(tmp_path: Path) -> None:
    out = tmp_path / "versus.json"
    result = runner.invoke(app, ["ladder", "killer", "-p", "4", "-n", "10", "-w", "1", "--kinds",
                                 "best,heuristic,random", "--versus", "heuristic", "--json", str(out)])
    assert result.exit_code == 0, result.output
    rows = json.loads(out.read_text())["rows"]
    rates = {r["side_bots"]: r for r in rows if "win_rate" in r}
    diffs = {r["side_bots"]: r for r in rows if "difference" in r}
    assert sorted(rates) == ["best", "heuristic", "random"] and sorted(diffs) == ["best - heuristic",
                                                                                 "heuristic - random"]
    assert all(r["other_bots"] == "heuristic" and r["games"] == 10 for r in rows)
    edge = diffs["best - heuristic"]
    assert edge["difference"] == pytest.approx((rates["best"]["wins"] - rates["heuristic"]["wins"]) / 10)
    assert edge["difference_ci95"][0] <= edge["difference"] <= edge["difference_ci95"][1]
    gap = diffs["heuristic - random"]
    assert gap["difference"] == pytest.approx((rates["heuristic"]["wins"] - rates["random"]["wins"]) / 10)
    assert gap["difference_ci95"][0] <= gap["difference"] <= gap["difference_ci95"][1]
    refused = runner.invoke(app, ["ladder", "killer", "-p", "4", "-n", "5", "--kinds", "best,heuristic",
                                  "--versus", "genius"])
    assert refused.exit_code == 2 and "no 'genius' bot" in refused.output


def _side_wins(name: str, players: int, games: int, side: str, kind: str, options: dict[str, object]) -> int:
    """Games of a ladder batch (seed 1) that ``side`` wins, played by ``kind`` against heuristic seats."""
    plan = BotPlan("heuristic", ((side, kind),))
    wins = 0
    for index in range(games):
        game, _, roles, _ = play_game(name, players, game_seed(1, index), plan, options=options)
        outcome = game.outcome()
        assert outcome is not None and side in roles
        winners, sides, _ = outcome
        wins += any(sides[seat] == side for seat in winners)
    return wins


def test_ladder_plays_its_games_with_the_options_given(tmp_path: Path) -> None:
    out = tmp_path / "balanced.json"
    result = runner.invoke(app, ["ladder", "menace", "-p", "5", "-n", "6", "-w", "1", "--kinds", "heuristic,random",
                                 "--versus", "heuristic", "-o", "balanced=true", "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "balanced=true" in " ".join(result.output.split())
    document = json.loads(out.read_text())
    assert document["options"] == {"balanced": True}
    laddered = {(r["side"], r["side_bots"]): r["wins"] for r in document["rows"] if "wins" in r}
    for options, same in (({"balanced": True}, True), ({}, False)):
        played = {(side, kind): _side_wins("menace", 5, 6, side, kind, options) for side, kind in laddered}
        assert (played == laddered) == same  # the rows are those of games started with balanced=true
    refused = runner.invoke(app, ["ladder", "menace", "-p", "5", "-n", "2", "--kinds", "heuristic,random",
                                  "--versus", "heuristic", "-o", "balanced=maybe"])
    assert refused.exit_code == 2 and "balanced" in refused.output


def test_a_side_wins_when_it_is_among_the_winning_sides_not_when_a_seat_dealt_it_won() -> None:
    """The Guest turns Humans into Guests (G-E9 an Infection, G-E34 a Transplant): a Human turned Guest who wins with
    the Guests counts as a Guests' win in the ladder, not as a win for the Humans its seat was dealt."""
    for seed in range(200):
        game, decisions, roles, kinds = play_game("guest", 6, seed, "heuristic")
        row = game_row(game, decisions, roles, kinds)
        turned = [s for s in row["winners"] if roles[s] == "Humans" and row["sides"][s] == "Guests"]
        if turned:
            break
    else:
        raise AssertionError("no Guest game in 200 where a Human turned Guest won")
    assert row["winning_sides"] == ["Guests"]
    assert side_won(row, "Guests") is True and side_won(row, "Humans") is False
    assert side_won({**row, "roles": ["Guests"] * 6}, "Humans") is None  # not dealt: not counted
    assert side_won({**row, "seed": turned[0]}, ONE_SEAT) is True  # one seat: that seat among the winners
