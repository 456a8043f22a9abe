"""The text interface for AI agents and `treachery agent` with tiny scripted agent programs."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from typer.testing import CliRunner

import treachery
from treachery.agent import parse_answer, run_agent_game, view_json, view_schema, view_text
from treachery.cli import app

runner = CliRunner()
PY = sys.executable


def _agent(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text(body)
    return f"{PY} {path}"


FIRST = "import sys\ntext = sys.stdin.read()\nprint('# SECRET-PLAN: I always take the first option')\nprint(1)\n"
SLOW = "import sys, time\nsys.stdin.read()\nprint('# thinking...', flush=True)\ntime.sleep(30)\nprint(1)\n"
BAD = "import sys\nsys.stdin.read()\nprint('attack the alien with a spoon')\n"


def test_view_text_shows_the_view_the_events_and_numbered_options() -> None:
    game = treachery.new_game("killer", players=4, seed=1)
    decision = game.pending()[0]
    text = view_text(game, decision.seat)
    assert f"You are seat {decision.seat}" in text and "== What you see ==" in text and "hand:" in text
    for number, option in enumerate(decision.options, 1):
        assert f"{number}. {option['label']}  [id {option['id']}: {option['text']}]" in text
    assert "(default)" in text and "'#'" in text
    other = next(s for s in range(4) if s != decision.seat)
    assert "Nothing for you to decide now" in view_text(game, other)


def test_view_json_follows_its_schema() -> None:
    game = treachery.new_game("killer", players=4, seed=1)
    seat = game.pending()[0].seat
    document = view_json(game, seat)
    schema = view_schema()
    json.dumps(document)  # JSON-ready
    assert set(schema["required"]) == set(document) == set(schema["properties"])
    decision_schema = schema["properties"]["decision"]["oneOf"][1]
    assert set(decision_schema["required"]) == set(document["decision"])
    option_keys = set(decision_schema["properties"]["options"]["items"]["required"])
    assert all(set(o) == option_keys for o in document["decision"]["options"])
    assert document["view"] == game.view(seat)


def test_parse_answer_takes_a_number_an_id_or_a_text_and_keeps_reasoning_apart() -> None:
    game = treachery.new_game("killer", players=4, seed=1)
    decision = game.pending()[0]
    second = decision.options[1]
    assert parse_answer("# because\n2\n", decision) == (second["id"], ["because"], None)
    assert parse_answer(f"id {second['id']}", decision)[0] == second["id"]
    assert parse_answer(second["text"].upper(), decision)[0] == second["id"]
    assert parse_answer("99", decision)[0] is None
    assert parse_answer("# only thoughts", decision) == (None, ["only thoughts"], "no answer given")
    unlisted = next(i for i in range(game.action_count()) if i not in decision.ids)
    assert "not one of" in (parse_answer(f"id {unlisted}", decision)[2] or "")


def test_agent_command_plays_a_whole_game_and_keeps_reasoning_private(tmp_path: Path) -> None:
    log = tmp_path / "agent.log"
    record = tmp_path / "game.json"
    result = runner.invoke(app, ["agent", "--game", "killer", "--players", "5", "--seat", "2", "--seed", "7",
                                 "--cmd", _agent(tmp_path, "first.py", FIRST), "--log", str(log),
                                 "--record", str(record), "--timeout", "10"])
    assert result.exit_code == 0, result.output
    assert "0 timeouts, 0 bad answers, 0 failed" in " ".join(result.output.split())
    assert "SECRET-PLAN" not in result.output
    assert "SECRET-PLAN" in log.read_text()
    game = treachery.replay_record(json.loads(record.read_text()))
    assert game.over
    everything_shown = json.dumps([game.view(s) for s in range(5)] + [game.log_for(s) for s in range(5)])
    assert "SECRET-PLAN" not in everything_shown and "SECRET-PLAN" not in record.read_text()


def test_agent_timeout_and_bad_answers_take_the_default(tmp_path: Path) -> None:
    for body, outcome in ((SLOW, "timeout"), (BAD, "bad answer")):
        report = run_agent_game("killer", 4, _agent(tmp_path, "agent.py", body), seat=0, seed=3,
                                timeout=0.5, log_path=tmp_path / "log.txt")
        assert report.game.over and report.decisions > 0
        taken = report.timeouts if outcome == "timeout" else report.bad_answers
        assert taken == report.decisions
        log = (tmp_path / "log.txt").read_text()
        assert f"[{outcome}," in log and "the default" in log
        if outcome == "timeout":
            assert "# thinking..." in log  # what it said before the limit is still logged, privately
            assert report.seconds < report.decisions * 0.5 + 10


def test_a_timeout_takes_exactly_the_decisions_default(tmp_path: Path) -> None:
    """The same game played by an agent that never answers equals the game where seat 0 always takes the
    default (the bots are seeded the same way)."""
    report = run_agent_game("killer", 4, _agent(tmp_path, "bad.py", BAD), seat=0, seed=5, timeout=5)
    actions = report.game.record()["actions"]
    replayed = treachery.new_game("killer", players=4, seed=5)
    for action in actions:
        seat, option_id = action[0], action[1]
        if seat == 0:  # every answer of the silent agent is its timeout default, recorded as such
            decision = next(d for d in replayed.pending() if d.seat == 0)
            assert option_id == decision.default_id and action[2:] == ["timeout"]
            replayed.timeout(seat)
        else:
            replayed.act(seat, option_id)
    assert replayed.over and replayed.result() == report.game.result()


def test_agent_command_errors_are_one_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["agent", "--cmd", "true", "--players", "2"])
    assert result.exit_code == 2 and result.output.count("\n") == 1 and "error:" in result.output
    result = runner.invoke(app, ["agent", "--cmd", "true", "--seat", "7", "--log", str(tmp_path / "x.log")])
    assert result.exit_code == 2 and "--seat must be 0 to 4" in result.output


def test_flags_the_chosen_mode_would_ignore_are_refused(tmp_path: Path) -> None:
    """An online room has its own game, table and bots; a local game has no room name or seat token. Either
    mode refuses the other's flags (one line, exit 2) before it starts anything."""
    online = ["agent", "--cmd", "true", "--url", "http://127.0.0.1:9", "--room", "abc"]
    result = runner.invoke(app, [*online, "--players", "6", "--seed", "3"])
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert "--players, --seed: these set up a local game" in result.output
    result = runner.invoke(app, [*online, "--game", "killer"])  # even when it names the default
    assert result.exit_code == 2 and "--game" in result.output
    result = runner.invoke(app, ["agent", "--cmd", "true", "--token", "T", "--log", str(tmp_path / "x.log")])
    assert result.exit_code == 2 and "--token: only for an online room" in result.output
    assert not (tmp_path / "x.log").exists()  # nothing ran


def test_a_missing_program_fails_each_run_and_the_game_still_ends(tmp_path: Path) -> None:
    report = run_agent_game("killer", 3, "/nonexistent/agent", seed=1, timeout=1)
    assert report.game.over and report.failures == report.decisions > 0


def test_who_has_answered_a_sealed_group_is_not_told() -> None:
    """Within a simultaneous group, which members have answered stays unseen (W-H27 hides it for Eat's Keep and
    knife windows; no game shows it): the other seats' texts, views and refusals are the same whichever member
    answered first."""
    import random

    checked = 0
    for name in treachery.games():
        rng = random.Random(name)
        for seed in range(10):
            game = treachery.new_game(name, players=5, seed=seed)
            while not game.over and checked < 400:
                group = game.pending()
                if len(group) >= 3:
                    first, second = group[0], group[1]
                    a, b = game.clone(), game.clone()
                    a.act(first.seat, first.default_id if not first.timeout_only else first.ids[0])
                    b.act(second.seat, second.default_id if not second.timeout_only else second.ids[0])
                    for seat in [None, *(s for s in range(5) if s not in (first.seat, second.seat))]:
                        assert view_text(a, seat) == view_text(b, seat), (name, seed, seat)
                        if seat is not None:
                            assert a.view(seat) == b.view(seat)
                    outsider = next((s for s in range(5) if s not in {d.seat for d in group}), None)
                    if outsider is not None:
                        refusals = []
                        for twin in (a, b):
                            try:
                                twin.act(outsider, 0)
                            except treachery.IllegalAction as refused:
                                refusals.append(str(refused))
                        assert len(refusals) == 2 and refusals[0] == refusals[1]
                    checked += 1
                decision = rng.choice(group)
                game.act(decision.seat, rng.choice(decision.ids))
    assert checked > 50
