"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS), for any game with a sampler.

One tree for the searching seat, grown over many determinizations: each iteration draws a complete game
from what that seat cannot rule out (``samples(seed)``), walks down the tree by UCB among the moves legal in
that sample (each child counts how often it was available, so rarely legal moves are not over-explored),
adds one new move, plays on to the end (a rollout) and credits every move on the path to the seat that made
it, 1 for a win and 0 otherwise (``result()["winners"]``). Only the public Game API is used: pending,
act_fast, over and result; nothing here knows any game.

Simultaneous decisions: in a sample, other seats still to answer alongside the searcher answer first, at
random, so the tree never lets them see the searcher's sealed answer. Deeper in the tree a simultaneous
group is answered one seat at a time (an approximation that lets later seats condition on earlier ones).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from ..bots.base import bot_view, declared, keys_by_kind, reads_core
from ..engine import Decision, Game
from ..engine.collector import collector_held_back

Samples = Callable[[int], Game]
Move = tuple[int, int]  # (seat, option id)
Rollout = Callable[[Game, random.Random], tuple[frozenset[int], int]]  # -> (winners, decisions taken)
Policy = Callable[[Game, Decision, random.Random], int]  # -> the option id a seat picks in a sample

MAX_ROLLOUT_DECISIONS: Final = 5000  # far above any real game; a rollout still running then counts as nobody's win


class _Node:
    """A node of the search tree. It keeps no link to its parent: an iteration keeps the path it went down, so the
    tree holds no cycle and is freed by reference counting when the search ends, not by the cyclic collector."""

    __slots__ = ("move", "children", "visits", "available", "wins")

    def __init__(self, move: Move | None) -> None:
        self.move = move
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.available = 1
        self.wins = 0.0


@dataclass(frozen=True)
class Budget:
    """How long one search runs: at most ``iterations``, and at most ``steps`` simulated decisions in all when
    set (so long games get fewer, cheaper searches); both are counts, so the search is deterministic for a
    seed. ``seconds``, when set, replaces both with a wall-clock limit (at least one iteration)."""

    iterations: int = 200
    steps: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError(f"an ISMCTS budget needs at least 1 iteration, got {self.iterations}")
        if self.steps is not None and self.steps < 1:
            raise ValueError(f"an ISMCTS step budget must be at least 1, got {self.steps}")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"an ISMCTS time budget must be positive, got {self.seconds}")


@dataclass
class SearchResult:
    """The chosen option id, the work done, and per root option its visits and mean win rate for the seat."""

    option_id: int
    iterations: int
    steps: int
    visits: dict[int, int]
    win_rates: dict[int, float]


def search(seat: int, decision: Decision, samples: Samples, budget: Budget, rng: random.Random,
           exploration: float = 0.7, rollout: Rollout | None = None, others: Policy | None = None,
           guide: Policy | None = None, margin: float = 0.0) -> SearchResult:
    """Search from ``seat``'s pending ``decision``; ``samples(seed)`` gives a determinization of its view.
    ``rollout`` plays a sample to its end (default: uniform random choices). ``others``, when set, answers every
    other seat's decision inside the tree too (the tree then holds only the searcher's own moves: the others
    are modelled by that policy instead of by a search of their own over information they do not have).
    ``guide``, when set, names a default answer (asked once, on the first sample: every sample gives the seat the
    same view); the search overrides it only with an option whose win rate beats the default's by more than
    ``margin`` standard errors, so a small, noisy search does not throw away a good default on a few lucky
    rollouts."""
    with collector_held_back():  # a search makes and drops thousands of objects per iteration
        return _search(seat, decision, samples, budget, rng, exploration, rollout, others, guide, margin)


def _search(seat: int, decision: Decision, samples: Samples, budget: Budget, rng: random.Random,
            exploration: float, rollout: Rollout | None, others: Policy | None, guide: Policy | None,
            margin: float) -> SearchResult:
    play = rollout or random_rollout
    root = _Node(None)
    root_ids = frozenset(decision.ids)
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    step_cap = budget.steps if budget.steps is not None and deadline is None else None
    done = steps = 0
    default: int | None = None
    while True:
        if deadline is not None:
            if done and time.perf_counter() >= deadline:
                break
        elif done >= budget.iterations or (step_cap is not None and steps >= step_cap):
            break
        game = samples(rng.getrandbits(63))
        steps += _answer_others_first(game, seat, rng, others)
        if guide is not None and default is None:
            default = guide(game, next(d for d in game.pending() if d.seat == seat), rng)
        steps += _iterate(game, seat, root, root_ids, rng, exploration, play, others)
        done += 1
    visits = {m[1]: child.visits for m, child in root.children.items()}
    rates = {m[1]: child.wins / child.visits for m, child in root.children.items() if child.visits}
    best = max(sorted(visits), key=lambda i: (visits[i], rates.get(i, 0.0)))
    if default is not None and default in root_ids:
        best = _challenge(default, visits, rates, margin)
    return SearchResult(best, done, steps, visits, rates)


def _challenge(default: int, visits: dict[int, int], rates: dict[int, float], margin: float) -> int:
    """The guide's ``default``, unless the best win rate beats it by more than ``margin`` standard errors of the
    difference (pooled), so the fewer the visits, the clearer the win a challenger needs."""
    if default not in rates:
        return default
    challenger = max(sorted(rates), key=lambda i: (rates[i], visits[i]))
    n_c, n_d = visits[challenger], visits[default]
    pooled = (rates[challenger] * n_c + rates[default] * n_d) / (n_c + n_d)
    error = math.sqrt(pooled * (1 - pooled) * (1 / n_c + 1 / n_d))
    return challenger if rates[challenger] - rates[default] > margin * error else default


def _answer_others_first(game: Game, seat: int, rng: random.Random, others: Policy | None) -> int:
    """Other seats pending alongside ``seat`` answer (at random, or by ``others``) before the search starts (their
    answers are sealed from the searcher, so they belong to the determinization, not to the tree)."""
    answered = 0
    while True:
        pending = game.pending()
        if len(pending) < 2:
            return answered
        other = next((d for d in pending if d.seat != seat), None)
        if other is None:
            return answered
        game.act_fast(other.seat, others(game, other, rng) if others else other.ids[rng.randrange(len(other.ids))])
        answered += 1


def _iterate(game: Game, seat: int, root: _Node, root_ids: frozenset[int], rng: random.Random,
             exploration: float, rollout: Rollout, others: Policy | None) -> int:
    """One iteration on one sample: select, expand, roll out, back up. Returns the decisions simulated."""
    node = root
    path = [root]
    at_root = True
    depth = 0
    while not game.over:
        pending = game.pending()
        ids: tuple[int, ...] | list[int]
        if at_root:
            decision = next((d for d in pending if d.seat == seat), None)
            if decision is None:
                raise RuntimeError(f"a sample has no decision pending for seat {seat}: the sampler is broken")
            ids = [i for i in decision.ids if i in root_ids]
            at_root = False
        else:
            decision = pending[0]
            if others is not None and decision.seat != seat:
                game.act_fast(decision.seat, others(game, decision, rng))
                depth += 1
                continue
            ids = decision.ids
        who = decision.seat
        children = node.children
        untried: list[int] = []
        for option_id in ids:
            child = children.get((who, option_id))
            if child is None:
                untried.append(option_id)
            else:
                child.available += 1
        depth += 1
        if untried:
            move = (who, untried[rng.randrange(len(untried))])
            game.act_fast(*move)
            node = children[move] = _Node(move)
            path.append(node)
            break
        best_score = -1.0
        best: _Node | None = None
        for option_id in ids:
            child = children[(who, option_id)]
            score = child.wins / child.visits + exploration * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best_score, best = score, child
        assert best is not None and best.move is not None
        game.act_fast(*best.move)
        node = best
        path.append(node)
    winners, played = rollout(game, rng)
    for node in path:  # (the root has no move)
        node.visits += 1
        if node.move is not None and node.move[0] in winners:
            node.wins += 1.0
    return depth + played


def _winners(game: Game) -> frozenset[int]:
    return frozenset(game.winners())


def random_rollout(game: Game, rng: random.Random) -> tuple[frozenset[int], int]:
    """Play on with uniform random choices: the winners (nobody if the game does not end in time), and the
    decisions taken."""
    steps = 0
    randrange = rng.randrange
    while not game.over:
        pending = game.pending()
        decision = pending[randrange(len(pending))] if len(pending) > 1 else pending[0]
        ids = decision.ids
        game.act_fast(decision.seat, ids[randrange(len(ids))] if len(ids) > 1 else ids[0])
        steps += 1
        if steps >= MAX_ROLLOUT_DECISIONS:
            return frozenset(), steps
    return _winners(game), steps


def fresh_bot(bot_class: Callable[[Any], Any]) -> Callable[[random.Random], Any]:
    """What makes a fresh bot of ``bot_class`` in a sample, given the search's generator: a class that declares
    ``shares_rng`` (it takes a generator in place of a seed) draws from that generator itself, as seeding a
    generator of its own costs more than most of its answers; any other is seeded from it."""
    if declared(bot_class, "shares_rng", False):
        return bot_class
    return lambda rng: bot_class(rng.getrandbits(32))


def bot_policy(bot_class: Callable[[int], Any]) -> Policy:
    """A fresh bot of ``bot_class`` (drawing from the search's generator, :func:`fresh_bot`) answers from its own
    seat's view of the sample: the other seats' moves as a game's heuristic bot would play them."""

    core, keys, by_kind = reads_core(bot_class), declared(bot_class, "view_keys", None), keys_by_kind(bot_class)
    make = fresh_bot(bot_class)

    def pick(game: Game, decision: Decision, rng: random.Random) -> int:
        if len(decision.ids) == 1:
            return decision.ids[0]
        return int(make(rng).choose(
            bot_view(game, decision.seat, core, by_kind.get(decision.kind, keys)), decision)["id"])

    return pick


def bot_rollout(bot_class: Callable[[int], Any]) -> Rollout:
    """A rollout in which a fresh bot of ``bot_class`` plays each seat from that seat's view of the sample (for
    a game's heuristic bot: slower than random play, and a better guess at how the others play)."""

    core, keys, by_kind = reads_core(bot_class), declared(bot_class, "view_keys", None), keys_by_kind(bot_class)
    make = fresh_bot(bot_class)

    def play(game: Game, rng: random.Random) -> tuple[frozenset[int], int]:
        bots: dict[int, Any] = {}
        steps = 0
        while not game.over:
            pending = game.pending()
            decision = pending[rng.randrange(len(pending))] if len(pending) > 1 else pending[0]
            who = decision.seat
            if len(decision.ids) == 1:
                game.act_fast(who, decision.ids[0])
            else:
                bot = bots.get(who)
                if bot is None:
                    bot = bots[who] = make(rng)
                view = bot_view(game, who, core, by_kind.get(decision.kind, keys))
                game.act_fast(who, bot.choose(view, decision)["id"])
            steps += 1
            if steps >= MAX_ROLLOUT_DECISIONS:
                return frozenset(), steps
        return _winners(game), steps

    return play
