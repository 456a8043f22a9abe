"""The games: every subpackage here is one game, registered lazily under its package name.

Games kept elsewhere (a game in development, a test fixture) are named in the ``TREACHERY_GAMES`` environment
variable as ``id=package`` pairs separated by commas; they are registered the same way, and so are known to every
command and every server started with that variable.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from functools import partial

from ..engine import add_loader
from ..engine.registry import is_known

GAMES_VARIABLE = "TREACHERY_GAMES"


def register_all() -> None:
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            add_loader(module.name, partial(importlib.import_module, f"{__name__}.{module.name}"))
    register_extra(os.environ.get(GAMES_VARIABLE, ""))


def register_extra(specs: str) -> None:
    """Registers ``id=package`` pairs (comma-separated): each package is imported on first use of its id."""
    for spec in specs.split(","):
        name, sep, package = spec.strip().partition("=")
        if not spec.strip():
            continue
        if not sep or not name.isidentifier() or not package:
            raise ValueError(f"{GAMES_VARIABLE}: {spec!r} is not id=package")
        if not is_known(name):
            add_loader(name, partial(importlib.import_module, package.strip()))
