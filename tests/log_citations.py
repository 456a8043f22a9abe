"""Shared check: what a game tells its players carries true rule citations and a sound clock. Every log event, as
every seat and a spectator see it, cites at least one rule of the game's specification and a round (or turn) that
never runs backwards; every decision cites at least one such rule. Played over a few random games."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import treachery

from .rule_coverage import SPECS

_SPEC_IDS: dict[tuple[str, str], frozenset[str]] = {}  # read once per run: the audit asks for them in every test


def spec_rule_ids(spec_file: str, prefix: str) -> frozenset[str]:
    known = _SPEC_IDS.get((spec_file, prefix))
    if known is None:
        spec = SPECS / spec_file
        if not spec.exists():
            pytest.skip(f"the shared rules specification {spec_file} is not beside this checkout")
        text = spec.read_text(encoding="utf-8")
        known = _SPEC_IDS[spec_file, prefix] = frozenset(
            re.findall(rf"^(?:- |\| )({prefix}-[A-Z]+\d+) (?:\[|\|)", text, re.MULTILINE))
    return known


def check_citations(name: str, players: int, seeds: range, spec_file: str, prefix: str,
                    options: dict[str, Any] | None = None) -> None:
    known = spec_rule_ids(spec_file, prefix)
    for seed in seeds:
        game = treachery.new_game(name, players=players, seed=seed, options=options)
        rng = random.Random(seed)
        while not game.over:
            for decision in game.pending():
                check_decision(decision, known)
            decision = game.pending()[rng.randrange(len(game.pending()))]
            game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
        check_log(game, known)


def check_decision(decision: treachery.Decision, known: frozenset[str]) -> None:
    """A decision cites known rules and has a prompt: the sentence its player is asked."""
    assert decision.rules and known.issuperset(decision.rules), (decision.kind, decision.rules)
    assert isinstance(decision.prompt, str) and decision.prompt.strip(), (decision.kind, decision.prompt)


def check_log(game: treachery.Game, known: frozenset[str]) -> None:
    """Every event each seat and a spectator see cites known rules and a round that never runs backwards; every
    decision still open cites known rules and asks its player something."""
    for decision in game.pending():
        check_decision(decision, known)
    for seat in [None, *range(game.players)]:
        clock = 0
        for event in game.log_for(seat):
            assert event["rules"] and set(event["rules"]) <= known, event
            assert isinstance(event["round"], int) and event["round"] >= clock, (clock, event)
            clock = event["round"]


def audit_every_game(monkeypatch: pytest.MonkeyPatch, name: str, spec_file: str, prefix: str) -> Iterator[None]:
    """For an autouse fixture of a game's test folder: every game of that kind a test starts through
    ``treachery.new_game`` has its log checked by ``check_log`` when the test ends, so each scenario also checks
    what the log tells players in the positions it reaches, which random games rarely do; and every decision
    pending when an answer is committed (``act``, ``act_fast``, ``timeout``), in any game of that kind however it
    was made (replayed, cloned, set up), must pass ``check_decision``: a decision answered during the test is
    checked as well as those still open at its end."""
    if not (SPECS / spec_file).exists():  # the specification is not beside this checkout: nothing to check against
        yield
        return
    known = spec_rule_ids(spec_file, prefix)
    started: list[treachery.Game] = []
    new_game = treachery.new_game

    def recording(game_name: str, *args: Any, **kwargs: Any) -> treachery.Game:
        game = new_game(game_name, *args, **kwargs)
        if game_name == name:
            started.append(game)
        return game

    cls = treachery.game_class(name)
    commit = cls._commit
    checked: set[tuple[tuple[str, ...], str]] = set()  # (citations, prompt) found sound: a game repeats them

    def checked_commit(game: treachery.Game, decision: treachery.Decision, option_id: int,
                       timed_out: bool = False) -> None:
        for open_decision in game._pending:
            if (open_decision.rules, open_decision.prompt) not in checked:
                check_decision(open_decision, known)
                checked.add((open_decision.rules, open_decision.prompt))
        commit(game, decision, option_id, timed_out)

    monkeypatch.setattr(treachery, "new_game", recording)
    monkeypatch.setattr(cls, "_commit", checked_commit)
    yield
    for game in started:
        check_log(game, known)
