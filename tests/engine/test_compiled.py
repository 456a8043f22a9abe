"""The compiled engine and games (``treachery compile``, treachery.native) play exactly as the Python sources: the
same records, results, logs, views and guided searches for every game, digest for digest (tests/play_digest.py).
Skipped when no build of these very sources exists; ``scripts/test`` builds one first."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from treachery import native

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import json
import treachery
from treachery import native
from tests.play_digest import all_digests
print(json.dumps({"compiled": native.compiled("engine"), "digests": all_digests()}))
"""


def _probe(native_on: bool) -> dict[str, object]:
    env = {**os.environ, "TREACHERY_NATIVE": "1" if native_on else "0"}
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, check=True,
                          cwd=ROOT)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_the_compiled_engine_and_games_play_exactly_as_the_python_sources() -> None:
    if native.usable_build("engine") is None:
        pytest.skip("no compiled engine for these sources (build it with: treachery compile)")
    compiled, python = _probe(True), _probe(False)
    assert compiled["compiled"] is True and python["compiled"] is False
    assert compiled["digests"] == python["digests"]
    stored = json.loads((ROOT / "tests" / "play_digests.json").read_text())
    assert python["digests"] == stored


def test_every_compiled_module_is_a_source_of_the_package() -> None:
    for group, modules in native.GROUPS.items():
        hashes = native.source_hashes(group)
        assert sorted(hashes) == sorted(modules) and all(len(h) == 64 for h in hashes.values())
    assert native.group_of("treachery.games.killer") == "engine"
    assert native.group_of("treachery.engine") == "engine"
    assert native.group_of("treachery.rl.encoders") == "encoders"
    assert native.group_of("treachery.sim") is None


def test_an_edited_module_turns_its_group_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TREACHERY_NATIVE", raising=False)
    build = tmp_path / "engine"
    build.mkdir()
    hashes = native.source_hashes("engine")
    (build / native.MANIFEST).write_text(json.dumps({"sources": hashes, "python": sys.version}))
    assert native.usable_build("engine", build) == build
    hashes["games.guest.rules"] = "0" * 64  # as if the Guest's rules were edited after the build
    (build / native.MANIFEST).write_text(json.dumps({"sources": hashes, "python": sys.version}))
    assert native.usable_build("engine", build) is None


def test_the_bench_measures_compiled_and_python_side_by_side() -> None:
    if native.usable_build("engine") is None:
        pytest.skip("no compiled engine for these sources (build it with: treachery compile)")
    from treachery.sim.bench import DEFAULT_YARDSTICK, run_side_by_side

    report = run_side_by_side("guest", 0.15, [5], DEFAULT_YARDSTICK)
    assert set(report["sides"]) == {"compiled", "python"}
    for side in report["sides"].values():
        (row,) = side["rows"]
        assert row["players"] == 5 and row["act_decisions_per_s"] > 0 and row["decisions_per_game"] > 1


def test_the_compile_command_reports_each_group_and_refuses_an_unknown_one() -> None:
    from typer.testing import CliRunner

    from treachery.cli import app

    runner = CliRunner()
    status = runner.invoke(app, ["compile", "--status"])
    assert status.exit_code == 0, status.output
    assert "compiled encoders:" in status.output and "compiled engine:" in status.output
    in_use = native.usable_build("engine") is not None
    assert ("compiled engine: in use" in status.output) == in_use
    unknown = runner.invoke(app, ["compile", "--group", "nothing"])
    assert unknown.exit_code != 0 and "unknown group 'nothing'" in unknown.output
