"""Determinization for The Guest: a complete game that one seat cannot tell from the true one (G-H*).

The sample starts as a copy of the true game; every part the seat cannot see is drawn again from the sample's
own seed, from canonical lists (sorted before shuffling), so the draw reads nothing hidden:

- Characters (G-H1): drawn exactly among the histories the seat cannot rule out. Starting from every deal
  with the public number of Guests (G-S3, G-H4) and the seat's own starting character, the seat's log is
  followed event by event: full activations make a Guest (G-H9), a Blaster hit shows what its target was
  (G-H7), a Transplant mixes two cards with even odds (G-E34) and what the seat saw of it (G-H5, G-H6) must
  hold, an elimination shows the character (G-H3). A forward pass weighs every character vector; a backward
  pass draws one whole history, so the start and the present are drawn together.
- Cards (G-H10, G-H13, G-H17): the deck, other hands and the face-down discards are dealt again from the
  unseen cards, keeping every size, with no Vote or Infection in a hand (they never stay there, G-T9, G-T10)
  and no Vote face down. Madness (G-H12) is one of those cards.
- Other seats' sealed answers are dropped (they answer again), their pending decisions are rebuilt from their
  new hands, and the random streams are reseeded (G-H20: the seed never leaves the server).

Known simplifications: what the seat learnt from a Misplace (G-H15: which card it gave away) and from its own
eliminated hand is not traced; a dead seat's frozen side is taken as its character's side (whether it held
Madness when eliminated is not drawn); other seats' Transplant looks and setup discards are not rebuilt.
A sample keeps the public log and the seat's own lines only, and no action record: it does not replay.
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any, Final

from ...engine import Rng
from . import catalogue as opt
from .cards import BLASTER, INFECTION, TRANSPLANT, VOTE
from .rules import CHAR_NAMES, DOWN, GUEST, HUMAN, S_DISCARD, SIDES, Guest
from .setup import Setup

Vector = tuple[int, ...]
Step = tuple[str, int, int, int]  # ("set", seat, character, _) ("see", seat, character, _) ("mix", a, b, _)


def determinize(game: Guest, seat: Any, seed: Any) -> Guest:  # (checked here: Any, see Game.act)
    """A sample of ``game`` as ``seat`` knows it, its hidden parts drawn from ``seed`` (see the module doc)."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players:
        raise ValueError(f"seat must be an integer from 0 to {game.players - 1}, got {seat!r}")
    sample: Guest = game.clone()  # type: ignore[assignment]
    sample.seed = seed
    sample.setup = None
    sample.plan = Setup(start=game.plan.start)  # a fixed deck top or Commander is not the seat's to know
    sample.rng = Rng.derived(seed, "guest sample shuffles")
    sample.timeouts = Rng.derived(seed, "guest sample timeouts")
    sample._actions = []
    sample._log = [event for event in game._log if event[0] is None or event[0] == seat]
    sample._sealed = {seat: game._sealed[seat]} if seat in game._sealed else {}
    if game.over:  # G-W13: nothing is hidden any more
        return sample
    rng = Rng.derived(seed, "guest sample")
    first, now = draw_characters(game, seat, game.dealt_characters[seat], rng)  # the seat's own start only
    sample.dealt_characters = first  # the start it drew, for samples of this sample
    sample.character = list(now)
    for other in range(game.players):
        if other != seat:
            sample.looks[other] = []
            sample.setup_discard[other] = -1
            if not game.alive[other]:
                sample.side[other] = SIDES[now[other]]
    _deal_unseen(game, sample, seat, rng)
    _rebuild_pending(game, sample, seat)
    return sample


# ---- characters ----------------------------------------------------------------------------------------------


_PATTERNS: Final[dict[tuple[str, ...], tuple[re.Pattern[str], ...]]] = {}
_LAST: Final[list[object]] = [None, -1, -1, -1, None]  # the game, its log length, seat, own start -> its forward pass


def _patterns(names: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
    found = _PATTERNS.get(names)
    if found is None:
        blaster, transplant = re.escape(names[BLASTER]), re.escape(names[TRANSPLANT])
        found = _PATTERNS[names] = (
            re.compile(r"^P(\d+)'s Infection reaches position 3: P\d+ is now a Guest\.$"),
            re.compile(rf"^{blaster} hits P(\d+): eliminated\.$"),
            re.compile(rf"^{blaster} hits P(\d+): P\d+ is now Human\.$"),
            re.compile(r"^P(\d+) shows their character: (Human|Guest)\.$"),
            re.compile(rf"^{transplant}: you look at P(\d+) \((Human|Guest)\) and P(\d+) \((Human|Guest)\) before"),
            re.compile(rf"^{transplant}: your character card is handed back: you are (Human|Guest)\.$"),
            re.compile(rf"^{transplant} resolved on P(\d+) and P(\d+): the cards were mixed\.$"),
        )
    return found


def character_steps(game: Guest, seat: int) -> list[Step]:
    """What changed or showed characters, in order, as ``seat`` saw it in its log (and the public state now)."""
    activated, hit_out, hit_human, shows, looked, handed, mixed = _patterns(tuple(game.names))
    char = CHAR_NAMES.index
    events = [(audience, text) for audience, _, text, _ in game._log if audience is None or audience == seat]
    steps: list[Step] = []
    used: set[int] = set()
    for index, (audience, text) in enumerate(events):
        if index in used or not text.startswith(("P", game.names[BLASTER], game.names[TRANSPLANT])):
            continue
        if found := activated.match(text):
            steps.append(("set", int(found[1]) - 1, GUEST, 0))
        elif found := hit_out.match(text):
            steps.append(("see", int(found[1]) - 1, HUMAN, 0))
        elif found := hit_human.match(text):
            steps += [("see", int(found[1]) - 1, GUEST, 0), ("set", int(found[1]) - 1, HUMAN, 0)]
        elif found := shows.match(text):
            steps.append(("see", int(found[1]) - 1, char(found[2]), 0))
        elif audience == seat and (found := looked.match(text)):
            steps += [("see", int(found[1]) - 1, char(found[2]), 0), ("see", int(found[3]) - 1, char(found[4]), 0)]
        elif audience == seat and (found := handed.match(text)):
            later = next(i for i in range(index + 1, len(events))
                         if events[i][0] is None and mixed.match(events[i][1]))
            used.add(later)
            pair = mixed.match(events[later][1])
            assert pair is not None
            steps += [("mix", int(pair[1]) - 1, int(pair[2]) - 1, 0), ("see", seat, char(found[1]), 0)]
        elif found := mixed.match(text):
            steps.append(("mix", int(found[1]) - 1, int(found[2]) - 1, 0))
    for other in range(game.players):  # the public state now (G-H3, G-H7, G-H9) and the seat's own card
        if other == seat or not game.alive[other]:
            steps.append(("see", other, game.character[other], 0))
        elif game.announced[other] >= 0:
            steps.append(("see", other, game.announced[other], 0))
    return steps


def _forward(game: Guest, seat: int, own_start: int) -> tuple[list[Step], list[dict[Vector, float]]]:
    """The steps and, before each and after the last, every character vector's weight given what came before.

    The last game asked about is remembered: a search draws many samples of one position."""
    if _LAST[0] is game and _LAST[1:4] == [len(game._log), seat, own_start]:
        return _LAST[4]  # type: ignore[return-value]
    n, guests = game.players, game.guests_at_start
    steps = character_steps(game, seat)
    layer: dict[Vector, float] = {}
    for chosen in combinations(range(n), guests):
        vector = tuple(GUEST if s in chosen else HUMAN for s in range(n))
        if vector[seat] == own_start:
            layer[vector] = 1.0
    layers = [layer]
    for step in steps:
        share = 0.5 if step[0] == "mix" else 1.0
        nxt: dict[Vector, float] = {}
        for vector, weight in layer.items():
            for after in _apply(step, vector):
                nxt[after] = nxt.get(after, 0.0) + weight * share
        layer = nxt
        layers.append(layer)
    if not layer:
        raise RuntimeError(f"no character history fits what seat {seat} saw: the sampler misread the log")
    _LAST[:] = [game, len(game._log), seat, own_start, (steps, layers)]
    return steps, layers


def _apply(step: Step, vector: Vector) -> list[Vector]:
    kind, a, b, _ = step
    if kind == "see":
        return [vector] if vector[a] == b else []
    if kind == "set":
        return [vector[:a] + (b,) + vector[a + 1:]]
    return [vector, _swap(vector, a, b)]


def _swap(vector: Vector, a: int, b: int) -> Vector:
    swapped = list(vector)
    swapped[a], swapped[b] = swapped[b], swapped[a]
    return tuple(swapped)


def _before(step: Step, after: Vector) -> list[Vector]:
    """The vectors that ``step`` can turn into ``after``."""
    kind, a, b, _ = step
    if kind == "see":
        return [after]
    if kind == "set":
        return [after[:a] + (HUMAN,) + after[a + 1:], after[:a] + (GUEST,) + after[a + 1:]]
    return sorted({after, _swap(after, a, b)})


def draw_characters(game: Guest, seat: int, own_start: int, rng: Rng) -> tuple[Vector, Vector]:
    """(start, now): one character history drawn among those consistent with what ``seat`` saw, each with its
    chance (every deal alike; a Transplant mixes or not with even odds): forward filtering, backward drawing."""
    steps, layers = _forward(game, seat, own_start)
    current = _pick(sorted(layers[-1].items()), rng)
    end = current
    for index in range(len(steps) - 1, -1, -1):
        before = layers[index]
        share = 0.5 if steps[index][0] == "mix" else 1.0
        current = _pick([(v, before[v] * share) for v in _before(steps[index], current) if v in before], rng)
    return current, end


def _pick(weighted: list[tuple[Vector, float]], rng: Rng) -> Vector:
    total = sum(weight for _, weight in weighted)
    point = rng.next64() / 2**64 * total
    for vector, weight in weighted:
        point -= weight
        if point < 0:
            return vector
    return weighted[-1][0]


# ---- cards ----------------------------------------------------------------------------------------------------


def _deal_unseen(game: Guest, sample: Guest, seat: int, rng: Rng) -> None:
    n = game.players
    others = [o for o in range(n) if o != seat]
    reshuffled = any(audience is None and "the discard pile is shuffled into a new deck" in text
                     for audience, _, text, _ in game._log)
    setup_entries = 0 if reshuffled or game.plan.start or game.step == S_DISCARD else n
    face_down = [i for i, k in enumerate(game.discard) if k >= DOWN and not (i < setup_entries and i == seat)]
    pool = sorted(game.deck + [k for o in others for k in game.hands[o]] + [game.discard[i] - DOWN for i in face_down])
    rng.shuffle(pool)
    in_setup = game.step == S_DISCARD
    never_held = {VOTE} if in_setup else {VOTE, INFECTION}

    def take(banned: set[int]) -> int:  # the pool is shuffled: its last allowed card is a uniform pick
        for i in range(len(pool) - 1, -1, -1):
            if pool[i] not in banned:
                return pool.pop(i)
        raise RuntimeError("the unseen cards do not fill the hidden places: the sampler misread the state")

    for o in others:
        sample.hands[o] = sorted(take(never_held) for _ in game.hands[o])
    late = [i for i in face_down if i >= setup_entries]
    for i in late:  # eliminated hands (G-V19): no Vote, no Infection
        sample.discard[i] = take({VOTE, INFECTION}) + DOWN
    for i in face_down:
        if i < setup_entries:  # setup discards (G-S8): anything dealt, never a Vote
            sample.discard[i] = take({VOTE}) + DOWN
    sample.deck = pool
    sample.option_cache = {}


def _rebuild_pending(game: Guest, sample: Guest, seat: int) -> None:
    """Other seats' pending decisions that follow from their hands are asked again with the new hands."""
    rebuilt = []
    for decision in game._pending:
        who = decision.seat
        if who == seat or decision.kind not in ("priority", "play", "setup_discard"):
            rebuilt.append(decision)
            continue
        sample._reissue_id(decision)
        if decision.kind == "setup_discard":
            rebuilt.append(sample._discard_decision(who, sample.timeouts.below(3)))
            continue
        first = opt.PASS if decision.kind == "priority" else opt.END_PLAY
        ids = sample._options(who, first, decision.kind == "play")
        rebuilt.append(sample._new_decision(who, decision.kind, ids, decision.prompt, first, decision.rules))
    sample._pending = rebuilt
    sample._decision_counts = game._decision_counts[:]
