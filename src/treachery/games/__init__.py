"""The games: every subpackage here is one game, registered lazily under its package name."""

from __future__ import annotations

import importlib
import pkgutil
from functools import partial

from ..engine import add_loader


def register_all() -> None:
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            add_loader(module.name, partial(importlib.import_module, f"{__name__}.{module.name}"))
