"""Digests of fixed-seed bot games, to show that a change to how the engine runs (a faster path, the compiled
build) leaves every game's play exactly as it was.

For each game, at its smallest, a middle and its largest table, a few seeds with heuristic bots and one with random
bots are played through ``treachery.sim.play_game`` (the simulation path); four SHA-256 digests are kept per game:
``actions`` (every game's record and result), ``logs`` (every seat's log and the public one, text and rule ids) and
``views`` (every seat's view and the public view at the end of each game), and ``search`` (a few guided ISMCTS
searches, which play the heuristic bots over the samplers). ``tests/play_digests.json`` holds them as
main's sources computed them before the speed work (no view skipped, nothing compiled); after a deliberate
change of rules, texts or views, write them again with:

    PYTHONPATH=src .venv/bin/python -m tests.play_digest --write
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import treachery
from treachery.sim import play_game

STORED = Path(__file__).with_name("play_digests.json")
SEEDS = (0, 1, 2)


def tables(name: str) -> list[int]:
    cls = treachery.game_class(name)
    return sorted({cls.min_players, (cls.min_players + cls.max_players) // 2, cls.max_players})


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, default=str).encode()


def digests(name: str) -> dict[str, str]:
    """The four digests of one game's fixed-seed bot games."""
    parts = {key: hashlib.sha256() for key in ("actions", "logs", "views")}
    for players in tables(name):
        for kind, seeds in (("heuristic", SEEDS), ("random", SEEDS[:1])):
            for seed in seeds:
                game, decisions, roles, kinds = play_game(name, players, seed, kind)
                parts["actions"].update(_dump([game.record(), game.result(), decisions, roles, kinds]))
                for seat in [None, *range(players)]:
                    parts["logs"].update(_dump(game.log_for(seat)))
                    parts["views"].update(_dump(game.view(seat)))
    parts["search"] = hashlib.sha256(_dump(_searches(name)))
    return {key: part.hexdigest() for key, part in parts.items()}


def _searches(name: str) -> list[Any]:
    """Guided ISMCTS searches (the default ``ismcts`` bot's: heuristic rollouts, other seats and default) at the
    first few real choices of a seeded random game: visits and win rates per option."""
    from random import Random

    from treachery.bots import has_sampler, heuristic_bot_class
    from treachery.search import Budget, search
    from treachery.search.ismcts import bot_policy, bot_rollout

    heuristic = heuristic_bot_class(name)
    if not has_sampler(name) or heuristic is None:
        return []
    policy = bot_policy(heuristic)
    cls = treachery.game_class(name)
    game = treachery.new_game(name, players=max(cls.min_players, min(cls.max_players, 5)), seed=3)
    rng, found = Random(3), []
    while not game.over and len(found) < 3:
        decision = game.pending()[0]
        if len(decision.ids) > 1:
            seat, position = decision.seat, game.clone()
            result = search(seat, decision, lambda s, g=position, who=seat: g.determinized(who, s), Budget(6),
                            Random(len(found)), rollout=bot_rollout(heuristic), others=policy, guide=policy,
                            margin=1.5)
            found.append([result.option_id, result.visits, result.win_rates, result.steps])
        game.act_fast(decision.seat, decision.ids[rng.randrange(len(decision.ids))])
    return found


def shipped_games() -> list[str]:
    """The games of the treachery.games package (not test games that a test session registers)."""
    return [name for name in treachery.games() if treachery.game_class(name).__module__.startswith("treachery.games.")]


def all_digests() -> dict[str, dict[str, str]]:
    return {name: digests(name) for name in shipped_games()}


if __name__ == "__main__":
    found = all_digests()
    if "--write" in sys.argv:
        STORED.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    print(json.dumps(found, indent=1, sort_keys=True))
