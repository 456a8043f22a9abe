"""The bot ladder: one side played by bot kind X, every other seat by Y, for every ordered pair of kinds.

Sides are the roles as dealt, so over a batch each side sits in every seat; the side's bot kind plays the seats
dealt it. A side "wins" a game when it is among the game's winning sides at the end (one yes/no per game, hence
an honest Wilson interval): see :func:`side_won`. A game
that deals every seat the same side is laddered seat against table instead: one
seat, rotating with the game's seed, is played by X and the rest by Y.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from .runner import Job, run_batch
from .seating import BotPlan
from .setting import Setting
from .stats import paired_difference, wilson

ONE_SEAT = "one seat"


def run_ladder(game_name: str, counts: list[int], games: int, seed: int, kinds: list[str], sides: list[str],
               workers: int = 1, on_start: Callable[[str], None] | None = None,
               mirrors: bool = False, options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """One result per (player count, side, X, Y), X and Y over every ordered pair of different ``kinds`` (and
    X against X too with ``mirrors``: the baseline a side reaches when everyone plays alike); every game started
    with ``options``."""
    out = []
    settings = _settings(options)
    laddered = sides if len(sides) > 1 else [ONE_SEAT]
    for players in counts:
        for side in laddered:
            for mine in kinds:
                for theirs in kinds:
                    if mine == theirs and not mirrors:
                        continue
                    plan = (BotPlan(theirs, solo=mine) if side == ONE_SEAT
                            else BotPlan(theirs, ((side, mine),)))
                    if on_start:
                        on_start(f"{players} players: {side} played by {mine}, the rest by {theirs}")
                    result = run_batch(Job(game_name, (players,), games, seed, plan, settings), workers)
                    wins = dealt = 0
                    for row in result.rows:
                        outcome = side_won(row, side)
                        dealt += outcome is not None
                        wins += bool(outcome)
                    out.append({"players": players, "side": side, "side_bots": mine, "other_bots": theirs,
                                "games": dealt, "wins": wins})
    return out


def run_versus(game_name: str, counts: list[int], games: int, seed: int, kinds: list[str], sides: list[str],
               against: str, workers: int = 1,
               on_start: Callable[[str], None] | None = None,
               options: dict[str, Any] | None = None,
               only: Collection[str] | None = None) -> list[dict[str, Any]]:
    """Each side played by each of ``kinds`` in turn, every other seat by ``against``, on the same seeds (so only
    the side's bot differs): one row per (player count, side, kind) with its win rate and 95% interval, and per
    pair of neighbouring kinds (the first minus the second) the paired difference with its 95% interval. Every
    game is started with ``options``; ``only`` keeps those of the sides."""
    out = []
    settings = _settings(options)
    laddered = [s for s in (sides if len(sides) > 1 else [ONE_SEAT]) if only is None or s in only]
    for players in counts:
        for side in laddered:
            outcomes: dict[str, dict[int, bool]] = {}
            for kind in kinds:
                plan = BotPlan(against, solo=kind) if side == ONE_SEAT else BotPlan(against, ((side, kind),))
                if on_start:
                    on_start(f"{players} players: {side} played by {kind}, the rest by {against}")
                result = run_batch(Job(game_name, (players,), games, seed, plan, settings), workers)
                outcomes[kind] = {}
                for row in result.rows:
                    outcome = side_won(row, side)
                    if outcome is not None:
                        outcomes[kind][int(row["seed"])] = outcome
            for kind in kinds:
                won = list(outcomes[kind].values())
                low, high = wilson(sum(won), len(won))
                out.append({"players": players, "side": side, "side_bots": kind, "other_bots": against,
                            "games": len(won), "wins": sum(won), "win_rate": sum(won) / max(1, len(won)),
                            "win_ci95": [low, high]})
            for better, worse in zip(kinds, kinds[1:], strict=False):
                common = sorted(set(outcomes[better]) & set(outcomes[worse]))
                diff, low, high = paired_difference([outcomes[better][k] for k in common],
                                                    [outcomes[worse][k] for k in common])
                out.append({"players": players, "side": side, "side_bots": f"{better} - {worse}",
                            "other_bots": against, "games": len(common), "difference": diff,
                            "difference_ci95": [low, high]})
    return out


def _settings(options: dict[str, Any] | None) -> tuple[Setting, ...]:
    return (Setting(label=",".join(f"{k}={v}" for k, v in options.items()), options=dict(options)),) if options \
        else (Setting(),)


def side_won(row: dict[str, Any], side: str) -> bool | None:
    """Whether ``side`` won the game of ``row`` (None: nobody was dealt it). One seat: that seat is among the
    winners. A side: it is among the game's winning sides at the end, which is not always "a seat dealt it
    won": in The Guest an Infection or a Transplant turns a Human into a Guest, and a Human turned Guest who
    wins with the Guests is a win for the Guests, not for the side its seat was dealt."""
    if side == ONE_SEAT:
        return seed_seat(row) in row["winners"]
    if side not in row["roles"]:
        return None
    return side in row["winning_sides"]


def seed_seat(row: dict[str, Any]) -> int:
    """The seat a ``solo`` plan gave to X in this game (see BotPlan)."""
    return int(row["seed"]) % int(row["players"])


def ladder_rows(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Results with rates and intervals; a side that was not dealt in some game counts only where it was."""
    rows = []
    for r in results:
        low, high = wilson(r["wins"], r["games"])
        rows.append({**r, "win_rate": r["wins"] / max(1, r["games"]), "win_ci95": [low, high]})
    return rows
