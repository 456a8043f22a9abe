"""Registers the games kept with the tests (``tests/games/<id>/``, never shipped) so that every shared suite picks
them up like the shipped games; the TREACHERY_GAMES variable carries them into the servers and probes the tests
start as subprocesses."""

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
