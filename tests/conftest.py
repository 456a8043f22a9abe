"""Registers the games kept with the tests (``tests/games/<id>/``, never shipped) so that every shared suite picks
them up like the shipped games; the TREACHERY_GAMES variable (and this checkout on PYTHONPATH) carries them into the
servers, probes and examples the tests start as subprocesses."""

from __future__ import annotations

import os
import pkgutil
from pathlib import Path

from treachery.games import GAMES_VARIABLE, register_extra

_FIXTURES = Path(__file__).with_name("games")
_extra = [f"{m.name}=tests.games.{m.name}" for m in pkgutil.iter_modules([str(_FIXTURES)]) if m.ispkg]
_given = [spec for spec in os.environ.get(GAMES_VARIABLE, "").split(",") if spec.strip()]
os.environ[GAMES_VARIABLE] = ",".join(dict.fromkeys(_given + _extra))
register_extra(os.environ[GAMES_VARIABLE])
# a subprocess started in another folder (a docs example, an agent run) still finds the tests' games
_ROOT = str(Path(__file__).resolve().parents[1])
_paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
if _ROOT not in _paths:
    os.environ["PYTHONPATH"] = os.pathsep.join([*_paths, _ROOT])
