"""docs/research.md's examples run as written: each ```python block, the agent program and its command."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the docs examples need the rl extra: pip install -e '.[rl]'")

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)


def blocks(language: str) -> list[str]:
    return [body for lang, body in BLOCK.findall(DOC.read_text()) if lang == language]


def test_the_doc_has_every_worked_example() -> None:
    python = blocks("python")
    assert any("agent_iter" in b for b in python)
    assert any("pyspiel.load_game" in b and "mcts.MCTSBot" in b for b in python)
    assert any("ismcts.ISMCTSBot" in b for b in python)  # OpenSpiel's ISMCTS over our sampler
    assert any('"ismcts:' in b for b in python)  # our own ISMCTS bot
    assert any(b.startswith("# my_agent.py") for b in python)
    assert any('"--url"' in b and '"agent"' in b for b in python)  # the agent in an online room
    assert any("treachery agent" in b for b in blocks("sh"))


EXAMPLES = [b for b in blocks("python") if not b.startswith("# my_agent.py")]  # the agent runs below


def _environment() -> dict[str, str]:
    """`python` and `treachery` from this environment first on the PATH, as after activating it."""
    return {**os.environ, "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")}


@pytest.mark.parametrize("index", range(len(EXAMPLES)))
def test_python_example_runs(index: int, tmp_path: Path) -> None:
    code = EXAMPLES[index]
    if "pyspiel" in code:
        pytest.importorskip("pyspiel", reason="open_spiel is not installed (the rl extra)")
    if "ismcts" in code:
        pytest.importorskip("treachery.search", reason="the search bots are not in this tree")
    if '"serve"' in code:
        pytest.importorskip("fastapi", reason="the online example needs the server extra")
    agent = next(b for b in blocks("python") if b.startswith("# my_agent.py"))
    (tmp_path / "my_agent.py").write_text(agent)  # examples run in a folder holding the agent program
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=180, cwd=tmp_path,
                          env=_environment())
    assert done.returncode == 0, done.stderr


def test_agent_example_runs(tmp_path: Path) -> None:
    agent = next(b for b in blocks("python") if b.startswith("# my_agent.py"))
    (tmp_path / "my_agent.py").write_text(agent)
    command = next(b for b in blocks("sh") if "treachery agent" in b).strip()
    done = subprocess.run(shlex.split(command), capture_output=True, text=True, timeout=120, cwd=tmp_path,
                          env=_environment())
    assert done.returncode == 0, done.stderr
    output = " ".join(done.stdout.split())
    assert "0 timeouts, 0 bad answers, 0 failed runs" in output
    assert "I take:" in (tmp_path / "my_agent.log").read_text()
