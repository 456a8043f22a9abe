"""Determinization for Killer: a complete game that one seat cannot tell from the true one (K-H*).

The sample starts as a copy of the true game; then every part the seat cannot see is drawn again from the
sample's own seed, from canonical lists (sorted before shuffling), so the draw reads nothing hidden:

- the unseen Crew cards (deck, other hands, others' face-down Positions and discards, K-H1, K-H4, K-H6,
  K-H19) are dealt again, keeping each hand's size and the K-E6 rule that a card left after a Position
  played first is not a "first" card;
- the face-down Hunting Row slots the seat has not looked at (K-H9, K-H11, K-H14) are shuffled again;
- where face-down Positions moved this round (Evacuation, K-H7) and who shared a Location (K-H8) are
  worked out again from the round's play order; a secret Meat Cleaver pick (K-H6) and a Frozen guess not
  yet shown (K-H18) are drawn among the legal ones;
- other seats' sealed answers are dropped (they answer again), their pending decisions are rebuilt from
  their new hands, and both random streams are reseeded (K-H27: the seed is hidden).

A sample keeps the public log and the seat's own lines only, and no action record: it is a position
somebody could be in, not a game anyone played, so it does not replay.
"""

from __future__ import annotations

import re
from typing import Any, Final

from ...engine import Decision, Rng
from . import catalogue as opt
from .cards import AIRLOCK, LOCATIONS
from .rules import (
    AC2,
    ACTION_FIRST,
    AL2,
    END_OF_ROUND,
    GA1,
    PASS1,
    PASS2,
    PLAY,
    POSITION_FIRST,
    REVEAL,
    SB1,
    Killer,
    _p,
)
from .setup import Setup

_TRIES: Final = 1000  # redraws allowed when a deal contradicts a public vent crawl (rare)
_AFTER_GUESSES: Final = frozenset((PLAY, PASS1, PASS2, REVEAL, END_OF_ROUND))
_SCAN_AT_ROUND_START: Final = re.compile(r"scans slot \d+: the (.+) is face up")
_SEAT_CHOICE_KINDS: Final = frozenset(("first_card", "second_card", "ongoing_position"))


def determinize(game: Killer, seat: Any, seed: Any) -> Killer:  # (checked here: Any, see Game.act)
    """A sample of ``game`` as ``seat`` knows it, its hidden parts drawn from ``seed`` (see the module doc)."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players:
        raise ValueError(f"seat must be an integer from 0 to {game.players - 1}, got {seat!r}")
    sample: Killer = game.clone()  # type: ignore[assignment]
    sample.seed = seed
    sample.setup = None
    sample.overrides = Setup()  # later rounds' fixed decks or rows are not the seat's to know
    sample.rng = Rng.derived(seed, "killer sample shuffles")
    sample.timeouts = Rng.derived(seed, "killer sample timeouts")
    sample._actions = []
    sample._log = [event for event in game._log if event[0] is None or event[0] == seat]
    sample._sealed = {seat: game._sealed[seat]} if seat in game._sealed else {}
    if game.over:  # K-W12: nothing is hidden any more
        return sample
    rng = Rng.derived(seed, "killer sample")
    secret = _secret_picks(game)
    for _ in range(_TRIES):
        if _deal_unseen(game, sample, seat, rng, secret):
            break
    else:  # pragma: no cover - a vent crawl rules out at most a few deals
        raise RuntimeError(f"no deal consistent with seat {seat}'s view found in {_TRIES} draws")
    _shuffle_row(game, sample, seat, rng)
    _draw_guesses(game, sample, seat, rng)
    _rebuild_pending(game, sample, seat)
    return sample


def _round_events(game: Killer) -> list[str]:
    return [text for audience, rnd, text, _ in game._log if audience is None and rnd == game.round]


def _secret_picks(game: Killer) -> set[int]:
    """Seats whose Meat Cleaver pick this round was made in secret (K-H6), from the public log."""
    events = set(_round_events(game))
    return {s for s in range(game.players) if f"{_p(s)} picks a Meat Cleaver target in secret." in events}


def _deal_unseen(game: Killer, sample: Killer, seat: int, rng: Rng, secret: set[int]) -> bool:
    """Deal the unseen cards again; False when the deal contradicts a public crawl (then draw again)."""
    others = [o for o in range(game.players) if o != seat]
    hidden_down = [o for o in others if game.face_down[o]]
    pool = sorted(game.deck + [c for o in others for c in game.hands[o]] + [game.position[o] for o in hidden_down]
                  + [game.discard[o] for o in others if game.discard[o] >= 0])
    rng.shuffle(pool)
    cards = game.cards.cards
    # K-E6: a Position may be played first only when the other card is not a "first" card.
    bound = [o for o in others if len(game.hands[o]) == 1 and game.played_first[o] == POSITION_FIRST]
    for o in bound:
        allowed = [i for i, c in enumerate(pool) if "first" not in cards[c].keywords]
        if not allowed:
            return False
        sample.hands[o] = [pool.pop(allowed[rng.below(len(allowed))])]
    for o in others:
        if o not in bound:
            sample.hands[o] = [pool.pop() for _ in game.hands[o]]
    for o in hidden_down:
        sample.position[o] = pool.pop()
    for o in others:
        if game.discard[o] >= 0:
            sample.discard[o] = pool.pop()
    sample.deck = pool
    if not hidden_down:
        return True
    return replay_places(sample, set(hidden_down), secret & set(hidden_down), rng)


def play_order(game: Killer) -> list[tuple[int, bool]]:
    """This round's card plays so far, in order: (seat, True for an Action / False for a Position).

    The first pass goes clockwise from the First Crew Member, the second back the other way (K-T13, K-T18,
    K-T19); an ongoing Action's holder plays only its Position, in the second pass (K-T15, K-T21).
    """
    ring = game.clockwise_from(game.first)
    first = game.played_first
    plays = [(s, first[s] == ACTION_FIRST) for s in ring if first[s]]
    for s in reversed(ring):
        if first[s] == POSITION_FIRST:
            plays.append((s, True))
        elif first[s] == ACTION_FIRST or game.position[s] >= 0:
            plays.append((s, False))
    return plays


def replay_places(game: Killer, hidden: set[int], secret: set[int], rng: Rng | None = None) -> bool:
    """Work out this round's Locations and sharing marks again from its plays (K-E59, K-E66, K-E69, K-H7),
    for a round with face-down Positions; draw the secret Meat Cleaver picks of ``secret`` seats when ``rng``
    is given. False when a ``hidden`` seat's vent crawl named the Location it already stood in."""
    n, cards = game.players, game.cards.cards
    where, shared = [-1] * n, [False] * n
    asking = game._pending[0].seat if game._pending and game.stage == "target" else -1

    def note(place: int) -> None:
        if where.count(place) > 1:
            for s in range(n):
                if where[s] == place:
                    shared[s] = True

    for s, is_action in play_order(game):
        if not is_action:
            if game.position[s] >= 0:
                where[s] = cards[game.position[s]].location
                note(where[s])
            continue
        card, target = game.action[s], game.choice[s]
        if card == AC2 and target >= 0:
            if s in hidden and where[s] == target:
                return False
            where[s] = target
            note(target)
        elif card == AL2 and target >= 0:
            for t in range(n):
                if where[t] == target:
                    where[t] = AIRLOCK
            note(AIRLOCK)
        elif card == GA1 and s in secret and rng is not None and s != asking:
            beside = [t for t in range(n) if t != s and game.alive[t] and where[t] >= 0 and not game.face_down[t]
                      and where[t] == where[s] >= 0]
            picks = beside + [-1]
            game.choice[s] = picks[rng.below(len(picks))]
    game.location[:] = where
    game.shared[:] = shared
    return True


def _shuffle_row(game: Killer, sample: Killer, seat: int, rng: Rng) -> None:
    """Face-down slots the seat has not looked at get their Locations shuffled again (K-H9, K-H11)."""
    row = game.hunting_row
    known = {i: row[i] for i in range(len(row)) if game.scanned[i]}
    known.update(game.looks[seat])
    free = [i for i in range(len(row)) if i not in known]
    places = sorted(row[i] for i in free)
    rng.shuffle(places)
    sample.hunting_row = row[:]
    for slot, place in zip(free, places, strict=True):
        sample.hunting_row[slot] = place
    sample.looks = [looked[:] if o == seat else [(slot, sample.hunting_row[slot]) for slot, _ in looked]
                    for o, looked in enumerate(game.looks)]


def _guess_places(game: Killer) -> list[int]:
    """The Locations a Frozen guess could name this round: face down when guesses were asked (K-T12, K-E45)."""
    row = set(game.hunting_row)
    for s in range(game.players):
        if game.action[s] == SB1 and game.choice[s] >= 0:
            row.discard(game.choice[s])  # Signal Flare: back in the row only after the guesses
    for _, rnd, text, rules in game._log:
        if rnd == game.round and "K-T6" in rules:
            found = _SCAN_AT_ROUND_START.search(text)
            if found:
                row.discard(LOCATIONS.index(found.group(1)))  # scanned at Round Start, before the guesses
    return sorted(row)


def _draw_guesses(game: Killer, sample: Killer, seat: int, rng: Rng) -> None:
    """Frozen guesses made this round and not yet shown (K-H18) are drawn again."""
    if game.guess_public or game.step not in _AFTER_GUESSES or any(d.kind == "thaw_guess" for d in game._pending):
        return  # shown already, or not made yet this round (the old guess was shown at 4c)
    frozen = [o for o in range(game.players) if o != seat and game.alive[o] and game.frozen[o]]
    if not frozen:
        return
    places = _guess_places(game)
    for o in frozen:
        sample.guess[o] = places[rng.below(len(places))]


def _rebuild_pending(game: Killer, sample: Killer, seat: int) -> None:
    """Another seat's pending decision that follows from its hidden cards or Location is asked again."""
    if len(game._pending) != 1 or game._pending[0].seat == seat:
        return
    decision = game._pending[0]
    who, kind = decision.seat, decision.kind
    rebuilt: Decision | None = None
    sample._pending = []
    sample._reissue_id(decision)
    if kind == "first_card":
        sample._next_first_card()
    elif kind in _SEAT_CHOICE_KINDS:
        sample._next_second_card()
    elif kind == "target" and game.action[who] == GA1 and game.face_down[who]:
        here = sample.location[who]
        beside = [t for t in range(game.players) if t != who and sample.alive[t] and sample.position[t] >= 0
                  and not sample.face_down[t] and sample.location[t] == here >= 0]
        default = opt.SEAT + beside[0] if beside else opt.NONE
        rebuilt = sample._new_decision(who, kind, [opt.SEAT + t for t in beside] + [opt.NONE], decision.prompt,
                                       default, decision.rules)
    elif kind == "location" and game.action[who] == AC2 and game.face_down[who]:
        ids = [opt.LOCATION + place for place in sample.in_play() if place != sample.location[who]]
        rebuilt = sample._new_decision(who, kind, ids, decision.prompt, sample.timeouts.choice(ids), decision.rules)
    else:
        sample._pending = game._pending
    if rebuilt is not None:
        sample._pending = [rebuilt]
    sample._decision_counts = game._decision_counts[:]
