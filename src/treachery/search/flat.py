"""Determinized flat Monte Carlo with common random numbers: each option is tried on the same sampled worlds.

For one decision of one seat, draw ``worlds`` complete games from what the seat cannot rule out
(``samples(seed)``); in each world, try every candidate option and play on to the end with a policy for every
seat (a game's heuristic bot: the opponent model and the seat's own later play), the same bots with the same
seeds for every option of that world. Comparing options world by world (paired differences) cancels most of the
luck of the deal and of the rollout, so a few dozen worlds tell options apart that a tree search with the same
number of rollouts cannot. The guide's answer is kept unless some option beats it on average by more than
``margin`` standard errors of the paired difference. Only the public Game API is used: pending, act_fast,
clone, view, over and result.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots.base import SEARCH_HOLD, answer_hold, bot_view, keys_by_kind, reads_core
from ..engine import Decision, Game
from .ismcts import MAX_ROLLOUT_DECISIONS, Samples

BotClass = Callable[[int], Any]  # a bot made from a seed, answering choose(view, decision)


@dataclass
class FlatResult:
    """The chosen option id, the guide's answer, and per option tried its mean win and paired edge over the
    guide's answer (mean, standard error)."""

    option_id: int
    default_id: int
    wins: dict[int, float]
    edges: dict[int, tuple[float, float]]


def rollout_with(bot_class: BotClass, game: Game, seed: int) -> int:
    """Play ``game`` to its end with a fresh ``bot_class`` bot for every seat, each seeded from ``seed`` and its
    seat (so every option tried in one world meets the same bots); returns the decisions taken."""
    bots: dict[int, Any] = {}
    steps = 0
    core, keys, by_kind = reads_core(bot_class), getattr(bot_class, "view_keys", None), keys_by_kind(bot_class)
    while not game.over:
        pending = game.pending()
        decision = pending[0]
        who = decision.seat
        if len(decision.ids) == 1:
            game.act_fast(who, decision.ids[0])
        else:
            bot = bots.get(who)
            if bot is None:
                bot = bots[who] = bot_class((seed ^ (who * 0x9E3779B1)) & 0xFFFFFFFF)
            game.act_fast(who, bot.choose(bot_view(game, who, core, by_kind.get(decision.kind, keys)), decision)["id"])
        steps += 1
        if steps >= MAX_ROLLOUT_DECISIONS:
            break
    return steps


def _won(game: Game, seat: int) -> float:
    return 1.0 if seat in game.winners() else 0.0


def _settle_others(game: Game, seat: int, bot_class: BotClass, seed: int) -> None:
    """Other seats answering alongside ``seat`` in the sample answer first (their answers are sealed from it)."""
    rng = random.Random(seed)
    while True:
        pending = game.pending()
        if len(pending) < 2:
            return
        other = next((d for d in pending if d.seat != seat), None)
        if other is None:
            return
        option = other.ids[0] if len(other.ids) == 1 else bot_class(rng.getrandbits(32)).choose(
            bot_view(game, other.seat, reads_core(bot_class),
                     keys_by_kind(bot_class).get(other.kind, getattr(bot_class, "view_keys", None))), other)["id"]
        game.act_fast(other.seat, option)


def flat_search_steps(seat: int, decision: Decision, samples: Samples, rng: random.Random, worlds: int,
                      bot_class: BotClass, default_id: int, margin: float,
                      candidates: Sequence[int] | None = None) -> Generator[None, None, FlatResult]:
    """:func:`flat_search` as a generator that yields after every rollout (a few milliseconds each)."""
    ids = list(candidates) if candidates is not None else list(decision.ids)
    if default_id not in ids:
        ids.append(default_id)
    results: dict[int, list[float]] = {i: [] for i in ids}
    for _ in range(worlds):
        world = samples(rng.getrandbits(63))
        _settle_others(world, seat, bot_class, rng.getrandbits(32))
        mine = next((d for d in world.pending() if d.seat == seat), None)
        if mine is None:
            raise RuntimeError(f"a sample has no decision pending for seat {seat}: the sampler is broken")
        rollout_seed = rng.getrandbits(63)
        for option_id in ids:
            game = world.clone()
            game.act_fast(seat, option_id)
            rollout_with(bot_class, game, rollout_seed)
            results[option_id].append(_won(game, seat))
            yield
    base = results[default_id]
    edges: dict[int, tuple[float, float]] = {}
    for option_id, wins in results.items():
        diffs = [w - b for w, b in zip(wins, base, strict=True)]
        mean = sum(diffs) / len(diffs)
        spread = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
        edges[option_id] = (mean, math.sqrt(spread / len(diffs)))
    best = max(ids, key=lambda i: (edges[i][0], -ids.index(i)))
    mean, error = edges[best]
    chosen = best if mean > 0 and mean > margin * error else default_id
    return FlatResult(chosen, default_id, {i: sum(w) / len(w) for i, w in results.items()}, edges)


def run_steps(steps: Generator[None, None, Any]) -> Any:
    """What a step generator returns, run without pausing."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def flat_search(seat: int, decision: Decision, samples: Samples, rng: random.Random, worlds: int,
                bot_class: BotClass, default_id: int, margin: float,
                candidates: Sequence[int] | None = None) -> FlatResult:
    """Try each of ``candidates`` (default: every option) in ``worlds`` sampled worlds, the rest played by
    ``bot_class`` bots; keep ``default_id`` unless an option's mean paired edge over it exceeds ``margin``
    standard errors (and is positive)."""
    result: FlatResult = run_steps(flat_search_steps(seat, decision, samples, rng, worlds, bot_class, default_id,
                                                     margin, candidates))
    return result


def scaled_budget(rollouts: int, at_players: int, players: int, power: float) -> int:
    """The rollouts a decision may play at ``players`` players, given ``rollouts`` at ``at_players`` (never more):
    a rollout's cost grows with the table, so power 1 keeps the time a decision takes about level, and more
    than 1 trades search at large tables for time."""
    return int(rollouts * min(1.0, (at_players / players) ** power))


class FlatBot:
    """The game's heuristic bot (``heuristic``, set by a subclass) names an answer; a flat search over ``worlds``
    sampled worlds keeps it unless another option wins clearly more often (``margin`` standard errors).
    A search bot (``searches = True``): asked through :func:`treachery.bots.base.ask`, it gets ``samples`` and
    never the game; without them it plays as its heuristic.

    Deterministic for its seed: each search draws from a stream of its own, seeded by the bot's seed and the
    decision's id, so what the bot remembers between decisions is its heuristic's alone, and :meth:`recall`
    brings it up to date with an earlier answer without searching again (a room rebuilt from its record)."""

    searches = True
    heuristic: BotClass
    worlds = 24
    margin = 1.5
    rollouts = 240  # at most this many rollouts a decision: fewer worlds (never under 8) or a random subset of
    min_worlds = 8  # the options (always with the heuristic's answer) when a decision has many options
    rollout_players = 5  # ...at this many players; a larger table (longer rollouts) gets fewer:
    scale_power = 1.0  # the budget times (rollout_players / players) ** scale_power
    search_kinds: frozenset[str] | None = None  # decision kinds searched (None: every one with two options or more)
    # Seconds above the longest decision of a searched kind on one core, by table size: a room shows the answer no
    # sooner (bots.base.answer_hold), one option or many, since how long a search runs depends on the seat's secrets.
    hold_seconds: Mapping[int, float] = {}

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.guide = self.heuristic(seed)  # the same seed as a heuristic seat: where no search overrides it, the
        # bot plays exactly as the heuristic would

    def choose(self, view: dict[str, Any], decision: Decision, samples: Samples | None = None,
               log: list[dict[str, Any]] | None = None) -> Any:
        return run_steps(self.choose_steps(view, decision, samples, log))

    def _guide_answer(self, view: dict[str, Any], decision: Decision, log: list[dict[str, Any]] | None) -> Any:
        return self.guide.choose(view, decision)

    def _worlds(self, view: dict[str, Any], log: list[dict[str, Any]] | None, samples: Samples) -> Samples:
        """What the search plans over: the sampler's deals (a subclass may weigh them by a belief)."""
        return samples

    def choose_steps(self, view: dict[str, Any], decision: Decision, samples: Samples | None = None,
                     log: list[dict[str, Any]] | None = None) -> Generator[None, None, Any]:
        """``choose``, yielding after every rollout of its search."""
        options = decision.options
        if len(options) == 1:
            return options[0]
        default = self._guide_answer(view, decision, log)
        if samples is None or (self.search_kinds is not None and decision.kind not in self.search_kinds):
            return default
        samples = self._worlds(view, log, samples)
        rng = random.Random(f"{self.seed}:{decision.id}:flat")  # str seeds hash the same in every process
        players = len(view.get("players", ())) or self.rollout_players
        budget = scaled_budget(self.rollouts, self.rollout_players, players, self.scale_power)
        ids = list(decision.ids)
        if len(ids) * self.min_worlds > budget:
            others = [i for i in ids if i != default["id"]]
            ids = [default["id"], *rng.sample(others, max(1, budget // self.min_worlds - 1))]
        worlds = max(self.min_worlds, min(self.worlds, budget // len(ids)))
        found = yield from flat_search_steps(decision.seat, decision, samples, rng, worlds, self.heuristic,
                                             default["id"], self.margin, ids)
        return next(o for o in options if o["id"] == found.option_id)

    def hold(self, decision: Decision, players: int) -> float:
        """Seconds a table holds this bot's answer to ``decision`` (:func:`treachery.bots.base.answer_hold`): the
        bound for ``players`` for a kind it searches, whatever the options; its guide's hold for a kind the guide
        answers (none for a heuristic, a belief bot's own)."""
        if self.search_kinds is not None and decision.kind not in self.search_kinds:
            return answer_hold(self.guide, decision, players)
        return self.hold_seconds.get(players, SEARCH_HOLD)

    def recall(self, view: dict[str, Any], decision: Decision, option_id: int,
               log: list[dict[str, Any]] | None = None) -> None:
        """Told it answered ``option_id`` to ``decision``: its heuristic remembers the decision as it did then
        (the search itself keeps nothing between decisions)."""
        if len(decision.options) > 1:
            self._guide_answer(view, decision, log)


class BeliefFlatBot(FlatBot):
    """A flat search over the worlds the seat's belief makes likely: the default answer is a belief bot's
    (``guide_class``, which reads the log), each world is one of ``pool`` sampler deals drawn once a search and
    resampled by the belief's weight of their roles (:func:`treachery.bots.beliefs.weighted_pool`), and the
    rollouts are played by the plain heuristic (``heuristic``), which is fast."""

    reads_log = True
    game_name: str  # whose belief model weighs the worlds
    guide_class: BotClass
    pool = 24  # sampler deals drawn a search, which its worlds are resampled from
    view_keys = None  # its guide's beliefs read the whole view

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.guide = self.guide_class(seed)

    def _guide_answer(self, view: dict[str, Any], decision: Decision, log: list[dict[str, Any]] | None) -> Any:
        return self.guide.choose(view, decision, log=log or [])

    def _worlds(self, view: dict[str, Any], log: list[dict[str, Any]] | None, samples: Samples) -> Samples:
        from ..bots.beliefs import belief_from, weighted_pool

        return weighted_pool(samples, belief_from(self.game_name, view, log or []), self.pool)
