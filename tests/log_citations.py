"""Shared check: what a game tells its players carries true rule citations and a sound clock. Every log event, as
every seat and a spectator see it, cites at least one rule of the game's specification and a round (or turn) that
never runs backwards; every decision cites at least one such rule. Played over a few random games."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import treachery

from .rule_coverage import SPECS


def spec_rule_ids(spec_file: str, prefix: str) -> set[str]:
    spec = SPECS / spec_file
    if not spec.exists():
        pytest.skip(f"the shared rules specification {spec_file} is not beside this checkout")
    text = spec.read_text(encoding="utf-8")
    return set(re.findall(rf"^(?:- |\| )({prefix}-[A-Z]+\d+) (?:\[|\|)", text, re.MULTILINE))


def check_citations(name: str, players: int, seeds: range, spec_file: str, prefix: str,
                    options: dict[str, Any] | None = None) -> None:
    known = spec_rule_ids(spec_file, prefix)
    for seed in seeds:
        game = treachery.new_game(name, players=players, seed=seed, options=options)
        rng = random.Random(seed)
        while not game.over:
            for decision in game.pending():
                assert decision.rules and set(decision.rules) <= known, (decision.kind, decision.rules)
            decision = game.pending()[rng.randrange(len(game.pending()))]
            game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
        for seat in [None, *range(players)]:
            clock = 0
            for event in game.log_for(seat):
                assert event["rules"] and set(event["rules"]) <= known, event
                assert isinstance(event["round"], int) and event["round"] >= clock, (clock, event)
                clock = event["round"]
