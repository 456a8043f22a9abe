"""What on the board a decision's options point at, so a table can take a click on the board as the answer.

A game declares this in an optional ``targets.py`` module of its own package:

- ``option_targets(game, decision)``: ``{option_id: {"kind", "value"}}`` for the options of ``decision`` that name
  one board element: ``kind`` is one of ``KINDS`` (a ``seat``, a ``card`` in the deciding seat's hand, a ``slot`` of
  a row such as Killer's Hunting Row, a ``location``) and ``value`` the element's name as the game's view names it
  (a seat's number, a card code, a slot's number, a location's name), as text.

The engine keeps only what a click can answer without doubt: targets of options this decision offers, of a known
kind, and no element named by two options (a seat that two different cards could hit is left to the buttons and
the picker). Built from the options alone, the targets say nothing the options do not; only the deciding seat is
given them, with its own decision.
"""

from __future__ import annotations

import functools
import importlib
from collections import Counter
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from .game import Game

KINDS: Final = ("seat", "card", "slot", "location")


@functools.cache
def _module(package: str) -> ModuleType | None:
    try:
        return importlib.import_module(package + ".targets")
    except ModuleNotFoundError as missing:
        if missing.name == package + ".targets":
            return None
        raise


def option_targets(game: Game, decision: Any) -> dict[int, dict[str, str]]:
    module = _module(type(game).__module__.rsplit(".", 1)[0])
    if module is None or not hasattr(module, "option_targets"):
        return {}
    offered = set(decision.ids)
    declared = {int(k): {"kind": str(t["kind"]), "value": str(t["value"])}
                for k, t in module.option_targets(game, decision).items()}
    kept = {k: t for k, t in declared.items() if k in offered and t["kind"] in KINDS}
    named = Counter((t["kind"], t["value"]) for t in kept.values())
    return {k: t for k, t in sorted(kept.items()) if named[t["kind"], t["value"]] == 1}
