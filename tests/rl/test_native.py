"""The compiled encoders (treachery.rl.native): a build is used only when it was made from the very sources
beside it, can be turned off, and gives exactly the Python encoders' observations."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the encoder tests need the rl extra: pip install -e '.[rl]'")

import numpy as np

import treachery.rl
from treachery.rl import encoders, native

from .util import GAMES


def _fake_build(tmp_path: Path, hashes: dict[str, str]) -> Path:
    build = tmp_path / "build"
    build.mkdir()
    (build / native.MANIFEST).write_text(json.dumps({"sources": hashes, "python": sys.version}))
    return build


def test_a_build_of_these_sources_is_usable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TREACHERY_NATIVE", raising=False)
    build = _fake_build(tmp_path, native.source_hashes())
    assert native.usable_build(build=build) == build


def test_a_build_of_other_sources_is_not(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TREACHERY_NATIVE", raising=False)
    hashes = native.source_hashes()
    hashes["rl.encoders.menace"] = "0" * 64  # as if menace.py was edited after the build
    assert native.usable_build(build=_fake_build(tmp_path, hashes)) is None


def test_a_build_by_another_interpreter_is_not(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TREACHERY_NATIVE", raising=False)
    build = _fake_build(tmp_path, native.source_hashes())
    manifest = json.loads((build / native.MANIFEST).read_text())
    (build / native.MANIFEST).write_text(json.dumps({**manifest, "python": "3.11.0 (another build)"}))
    assert native.usable_build(build=build) is None


def test_no_build_or_a_broken_manifest_is_not(tmp_path: Path) -> None:
    assert native.usable_build(build=tmp_path / "missing") is None
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / native.MANIFEST).write_text("{not json")
    assert native.usable_build(build=broken) is None


def test_the_environment_can_turn_a_build_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build = _fake_build(tmp_path, native.source_hashes())
    monkeypatch.setenv("TREACHERY_NATIVE", "0")
    assert native.usable_build(build=build) is None


def test_the_build_goes_outside_the_source_tree() -> None:
    assert not native.build_dir().is_relative_to(native.ENCODERS.parents[2])
    assert not list(native.ENCODERS.glob("*.so"))  # mypyc never wrote into the sources


PROBE = """
import json, sys
import numpy as np
import treachery
from treachery.rl import encoders
out = {"compiled": encoders.COMPILED, "vectors": {}}
for game_name in sys.argv[1:]:
    players = max(5, treachery.game_class(game_name).min_players)
    encoder = encoders.encoder_for(game_name, players)
    rows = []
    seed = 7
    game = treachery.new_game(game_name, players=players, seed=seed)
    for step in range(120):  # 120 decisions, over as many games as that takes (a short game takes several)
        for seat in (None, *range(players)):
            rows.append(encoder.encode_game(game, seat, 16).tobytes().hex())
        if game.over:
            seed += 1
            game = treachery.new_game(game_name, players=players, seed=seed)
        decision = game.pending()[-1]
        game.act(decision.seat, decision.ids[step % len(decision.ids)])
    out["vectors"][game_name] = rows
print(json.dumps(out))
"""


def _probe(native_on: bool) -> dict[str, object]:
    env = {**os.environ, "TREACHERY_NATIVE": "1" if native_on else "0"}
    done = subprocess.run([sys.executable, "-c", PROBE, *GAMES], capture_output=True, text=True, env=env, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_the_compiled_encoders_give_exactly_the_python_observations() -> None:
    if native.usable_build() is None:
        pytest.skip("no compiled encoders for these sources (build them with: treachery compile-encoders)")
    compiled, python = _probe(True), _probe(False)
    assert compiled["compiled"] is True and python["compiled"] is False
    assert compiled["vectors"] == python["vectors"]
    assert all(len(rows) > 50 for rows in python["vectors"].values())  # type: ignore[attr-defined]


def test_this_process_reports_what_it_runs() -> None:
    assert encoders.COMPILED == native.compiled()
    assert native.status().startswith("compiled encoders: in use") == encoders.COMPILED
    env = treachery.rl.env("menace", players=5)
    env.reset(seed=1)
    observation = env.observe(env.agent_selection)["observation"]
    assert observation.dtype == np.float32 and observation.any()


def test_the_command_reports_the_build_and_skips_a_current_one() -> None:
    from typer.testing import CliRunner

    from treachery.cli import app

    runner = CliRunner()
    status = runner.invoke(app, ["compile-encoders", "--status"])
    assert status.exit_code == 0 and "compiled encoders:" in status.output
    if native.usable_build() is None:
        pytest.skip("no compiled encoders for these sources: building them here would take a minute")
    again = runner.invoke(app, ["compile-encoders"])
    assert again.exit_code == 0 and "up to date" in again.output
