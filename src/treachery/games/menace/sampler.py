"""Determinization for The Menace Among Us: a complete game drawn from what one seat knows (issue #6).

The sampler reads only what the seat was shown: its view, its own log (public events and its private ones)
and the public parts of the state (tracks, Wounds, Characters, counts, revealed cards, pending effects). It
never reads another seat's Agenda, hand, deck, face-down card or sealed answer, nor any deck order or the
random generator, so two games that look the same to the seat give the same sample for the same seed.

It rebuilds the hidden part as follows (rule ids of the hidden-information rules it honours):

- Agendas (M-H1..H3): the seats whose Agenda the seat has not seen get the in-play Agendas the setup table
  fixes (M-S12..S19) and random Crew Agendas, dealt at random; the public Coward alignment (M-H5, M-V35) and
  the fact that the game is still running (M-W2, M-W6) must hold.
- Card history (M-H9..H13, M-H16, M-H21): every past round's revealed cards are split among the seats that
  placed cards that round (public counts) and EmMA (public count), each seat drawing only from its own
  20-card deck (13 Agenda + 7 Character cards, M-S35), EmMA only from its 20 cards through its rebuilds
  (M-T30); a Trace round's origins are fixed by placement order (M-E70); what the seat saw through
  Surveillance, Analyze, Trust Exercise, Bloodwork, Scan, Commandeer and Inventory must have been there.
  A draw that cannot be completed is thrown away and drawn again.
- Then each other seat's hand, deck order and face-down cards come from what is left of its deck; the seat's
  own deck is its known list minus every card it knows left it; the EmMA deck, the Wound deck (whose
  composition is public, M-H18) and the unrevealed part of the round's pool are shuffled; Characters dealt
  to others during selection (M-H6) are redealt from those the seat has not seen chosen or dealt to itself.
- Sealed answers of others are drawn among their options; every other seat's pending decision is rebuilt
  for its new hand; the random generators are reseeded from ``seed``; other seats' private log entries are
  dropped (the sample keeps the seat's own log), and the sample's record holds no actions and a seed of its
  own, so nothing true that is hidden travels inside a sample.

- What a Scan showed stays on top of that deck, in order, until public draws take it (M-E68); a card seen in
  a hand (Analyze, Trust Exercise, Bloodwork) never goes back to the deck.

Known simplifications (the sample stays a legal game the seat cannot tell apart from the true one): a card
seen in a hand is checked against its holder's cards at that time, not traced to where it went since; Plot
Course's look and the order its user chose (both in the user's log) are not used; cards passed between
two other seats (Inventory, Commandeer) are drawn from the giver's cards as they stand when the history is
replayed; among the Agenda deals and card histories that fit, a draw is not weighted by how likely each was.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from ...engine import Decision, Rng
from ...engine.multiset import add, add_into, added, counted, has_positive, positive, sorted_elements, subtract, total
from . import catalogue as opt
from .cards import BUTCHER, CONTAGION, COWARD, SAINT, SIDES, ZEALOT
from .rules import CREW_AGENDAS, expand

if TYPE_CHECKING:
    from .rules import Menace

ATTEMPTS: Final = 3000  # strict draws (about 0.15 ms each) before the history constraints are relaxed
RELAXED: Final = 200  # then draws that skip the checks on sightings and transfers
LOOSE: Final = 100  # then draws that let any seat have held any card of its deck (setups that do not conserve cards)
_SCALE: Final = 1 << 20  # integer weights for the draws of where a revealed card came from
_HIDDEN_KINDS: Final = frozenset(("turn", "delegated", "rush", "cost", "reboot", "bloodwork", "scavenge", "inventory",
                           "limit", "character", "brawl", "vote"))

_PLACE: Final = re.compile(r"^P(\d+) places a card face down")
_MINE: Final = re.compile(r"^You place (.+) face down\.$")
_RESOLUTION: Final = re.compile(
    r"^Resolution: (\d+) cards? played; EmMA adds (\d+)(?: \+ (\d+) \(Emergency Protocol\))?")
_REVEALED: Final = re.compile(r"^Revealed: (.+?)\.?$")
_SHOWS: Final = re.compile(r"^P(\d+) shows (.+) from their hand\.$")
_ANALYZE: Final = re.compile(r"^Analyze: P(\d+) holds (.+?)\.?$")
_TRUST: Final = re.compile(r"^Trust Exercise: P(\d+) holds (.+?)\.?$")
_SURVEIL: Final = re.compile(r"^Surveillance: P(\d+) placed (.+?)\.?$")
_SCAN: Final = re.compile(r"^Scan: the top of P(\d+)'s deck is (.+) \(top first\)\.$")
_TAKE: Final = re.compile(r"^Commandeer: you take (.+) from P(\d+)'s deck\.$")
_USES: Final = re.compile(r"^P(\d+) uses (.+?)(?: on P(\d+))? \(")
_DRAWS: Final = re.compile(r"^P(\d+) (?:draws a card|draws (\d+) cards?|throws away \d+ cards? and draws (\d+))\.$")
_KILLED: Final = re.compile(r"^P(\d+) (?:is killed|has no cards left and is killed)\.$")
_GIVE: Final = re.compile(r"^P(\d+) hands a card to P(\d+)\.$")
_GAVE: Final = re.compile(r"^Inventory: you hand (.+) to P(\d+)\.$")
_GOT: Final = re.compile(r"^Inventory: P(\d+) hands you (.+?)\.?$")
_THROW: Final = re.compile(r"^You throw away (.+) \(")
_LAST_WORD: Final = re.compile(r"^Last Word: P(\d+) is (.+?)\.?$")


def _seat(label_number: str) -> int:
    """The seat a log line names: "P3" is seat 2."""
    return int(label_number) - 1


@mypyc_attr(native_class=False)  # compiled (treachery.native): an exception class stays a plain class there
class SamplerError(RuntimeError):
    """No complete game consistent with the seat's knowledge could be drawn (a bug or a scripted setup)."""


class _Round:
    """What the seat knows of one round's face-down cards."""

    def __init__(self, number: int) -> None:
        self.number = number
        self.entries: list[int] = []  # origin per placement in order: a seat, or -2 for Emergency Protocol
        self.mine: list[int] = []  # the seat's own placed cards, in order
        self.revealed: list[int] = []
        self.fill = 0
        self.resolved = False
        self.trace = False
        self.surveilled: list[tuple[int, int]] = []


class Knowledge:
    """The seat's knowledge, read from its view and its log only."""

    def __init__(self, game: Menace, seat: int) -> None:
        self.seat = seat
        view = game.view(seat)
        self.view = view
        cards = game.cards
        names = {name: i for i, name in enumerate(game.names)}
        agendas = {name: i for i, name in enumerate(cards.agenda_names)}
        commandeer, rush, scavenge = cards.ability_names[3], cards.ability_names[14], cards.ability_names[15]
        self.deck_top: dict[int, list[int]] = {}  # what a Scan showed of a deck and is still on top, top first
        self.known_agenda: dict[int, int] = {}
        for entry in view["players"]:
            if entry["agenda"] is not None:
                self.known_agenda[entry["seat"]] = agendas[entry["agenda"]]
        for target, name in view["seen_agendas"].items():
            self.known_agenda[int(target)] = agendas[name]
        # The chronological facts the card history is replayed from.
        self.facts: list[tuple[Any, ...]] = []
        self.rounds: list[_Round] = []
        self.thrown: list[int] = []  # the seat's own cards thrown away
        self.gave: list[int] = []
        self.got: list[int] = []
        current: _Round | None = None
        for event in game.log_for(seat):
            text = event["text"]
            if text.startswith("Round ") and " begins; " in text:
                current = _Round(event["round"])
                self.rounds.append(current)
                self.facts.append(("round", current))
                continue
            if current is None:
                continue
            m = _PLACE.match(text)
            if m:
                current.entries.append(_seat(m.group(1)))
                continue
            m = _MINE.match(text)
            if m:
                current.mine.append(names[m.group(1)])
                continue
            if text == "An EmMA card joins this round's cards face down.":
                current.entries.append(-2)
                self.facts.append(("emma_draw", current))
                continue
            if text == "The EmMA deck is rebuilt from EmMA's discarded cards.":
                self.facts.append(("rebuild", current))
                continue
            m = _RESOLUTION.match(text)
            if m:
                current.fill = int(m.group(2))
                current.resolved = True
                self.facts.append(("resolution", current))
                continue
            if text == "Trace: the cards are revealed in the order they were placed.":
                current.trace = True
                continue
            m = _REVEALED.match(text)
            if m:
                current.revealed.append(names[m.group(1)])
                continue
            m = _SHOWS.match(text) or _ANALYZE.match(text) or _TRUST.match(text)
            if m:
                self.facts.append(("holds", _seat(m.group(1)), names[m.group(2)]))
                continue
            m = _SURVEIL.match(text)
            if m:
                current.surveilled.append((_seat(m.group(1)), names[m.group(2)]))
                continue
            m = _SCAN.match(text)
            if m:
                seen = [names[x] for x in m.group(2).split(", ")] if m.group(2) != "nothing" else []
                self.deck_top[_seat(m.group(1))] = list(seen)
                for card in seen:
                    self.facts.append(("in_deck", _seat(m.group(1)), card))
                continue
            m = _TAKE.match(text)
            if m:
                if _seat(m.group(2)) != seat:  # from its own deck it is just a draw
                    self.got.append(names[m.group(1)])
                self.facts.append(("move", _seat(m.group(2)), seat, names[m.group(1)]))
                continue
            m = _USES.match(text)
            if m:
                user, ability = _seat(m.group(1)), m.group(2)
                if ability == commandeer:
                    self._drawn(_seat(m.group(3)), 1)
                    if user != seat:
                        self.facts.append(("move", _seat(m.group(3)), user, None))
                else:
                    self._drawn(user, {rush: 1, scavenge: 2}.get(ability, 0))
                continue
            m = _DRAWS.match(text)
            if m:
                self._drawn(_seat(m.group(1)), int(m.group(2) or m.group(3) or 1))
                continue
            if text == "Every crewmember draws a card.":
                for s in list(self.deck_top):
                    self._drawn(s, 1)
                continue
            m = _KILLED.match(text)
            if m:
                self.deck_top.pop(_seat(m.group(1)), None)
                continue
            m = _GIVE.match(text)
            if m:
                giver, user = _seat(m.group(1)), _seat(m.group(2))
                if seat not in (giver, user):
                    self.facts.append(("move", giver, user, None))
                continue
            m = _GAVE.match(text)
            if m:
                self.gave.append(names[m.group(1)])
                self.facts.append(("move", seat, _seat(m.group(2)), names[m.group(1)]))
                continue
            m = _GOT.match(text)
            if m:
                self.got.append(names[m.group(2)])
                self.facts.append(("move", _seat(m.group(1)), seat, names[m.group(2)]))
                continue
            m = _THROW.match(text)
            if m:
                self.thrown.append(names[m.group(1)])
                continue
            m = _LAST_WORD.match(text)
            if m:
                self.known_agenda[_seat(m.group(1))] = agendas[m.group(2)]


    def _drawn(self, seat: int, count: int) -> None:
        top = self.deck_top.get(seat)
        if top:
            del top[:count]


def _per_type(counts: tuple[int, ...]) -> dict[int, int]:
    """``counted(expand(counts))``, built from the counts themselves (type order, the types it holds)."""
    return {card: count for card, count in enumerate(counts) if count > 0}


def _take_random(pool: dict[int, int], rng: Rng) -> int:
    items = sorted_elements(pool)
    card = items[rng.below(len(items))]
    pool[card] -= 1
    return card


def _take_subset(pool: dict[int, int], size: int, rng: Rng) -> list[int]:
    items = sorted_elements(pool)
    rng.shuffle(items)
    chosen = items[:size]
    subtract(pool, chosen)
    return chosen


def _weighted(choices: list[tuple[int, list[int]]], rng: Rng) -> list[int]:
    pick = rng.below(sum(w for w, _ in choices))
    for weight, item in choices:
        if pick < weight:
            return item
        pick -= weight
    return choices[-1][1]


def _take_capped(pool: dict[int, int], size: int, caps: dict[int, int], rng: Rng) -> list[int] | None:
    """``size`` random cards of ``pool`` in random order, at most ``caps[card]`` of each capped card."""
    items = sorted_elements(pool)
    rng.shuffle(items)
    chosen: list[int] = []
    counts: dict[int, int] = {}
    for card in items:
        if len(chosen) == size:
            break
        taken = counts.get(card, 0)
        if taken < caps.get(card, size):
            chosen.append(card)
            counts[card] = taken + 1
    if len(chosen) < size:
        return None
    subtract(pool, chosen)
    return chosen


class _Draft:
    """One attempt: Agendas, per-seat remaining cards, the round pool's origins and the EmMA piles. Multisets of
    cards are plain dicts (card -> count, engine/multiset.py): a missing card counts as zero."""

    def __init__(self, game: Menace, know: Knowledge, rng: Rng, strict: bool) -> None:
        self.game, self.know, self.rng, self.strict = game, know, rng, strict
        self.agenda: list[int] = []
        self.pools: list[dict[int, int]] = []
        self.current: list[tuple[int, int]] = []  # this round's pool: (card, origin) in placement order
        self.revealed_origins: list[int] = []  # origin of each card revealed so far this round
        self.emma_deck: dict[int, int] = {}
        self.emma_discard: dict[int, int] = {}
        self.own: dict[int, int] = {}
        self.loose = False  # the last resort: history that does not add up (a scripted setup) is not checked
        self.base: list[dict[int, int]] = []
        self.emma_all: dict[int, int] = {}
        self.deck_caps: dict[int, dict[int, int]] = {}  # per seat: at most this many of a card in its deck
        self._slots: list[list[int]] = []
        self._matched: set[int] = set()

    # -- Agendas (M-S12..S19, M-H1..H3)

    def deal_agendas(self) -> bool:
        game, know, rng = self.game, self.know, self.rng
        n = game.players
        if n == 4:
            menace = [CONTAGION] if not game.random_menace else []
        else:
            menace = [CONTAGION, BUTCHER]
        fixed = list(menace)
        if n >= 6:
            fixed.append(SAINT)
        if n >= 7:
            fixed.append(COWARD)
        known = dict(know.known_agenda)
        known[know.seat] = game.agenda[know.seat]
        taken = set(known.values())
        needed = [a for a in fixed if a not in taken]
        if n == 4 and game.random_menace and not any(a in (CONTAGION, BUTCHER) for a in taken):
            needed.append((CONTAGION, BUTCHER)[rng.below(2)])
        crew_pool = [a for a in CREW_AGENDAS if a not in taken and a not in fixed and not (n >= 6 and a == SAINT)]
        unknown = [s for s in range(n) if s not in known]
        extra = len(unknown) - len(needed)
        if extra < 0 or extra > len(crew_pool):
            return False
        rng.shuffle(crew_pool)
        chosen = needed + crew_pool[:extra]
        rng.shuffle(chosen)
        agenda = [known.get(s, -1) for s in range(n)]
        for s, a in zip(unknown, chosen, strict=True):
            agenda[s] = a
        self.agenda = agenda
        return self._agendas_fit_public_state()

    def _agendas_fit_public_state(self) -> bool:
        game, agenda = self.game, self.agenda
        alive = game.alive
        menace_alive = any(alive[s] for s in range(game.players) if agenda[s] in (CONTAGION, BUTCHER))
        if COWARD in agenda and game.coward_menace != (game.menace_exposed and menace_alive):  # M-V35, M-H5
            return False
        if game.over:
            return True
        if not any(alive[s] for s in range(game.players) if SIDES[agenda[s]] == "crew"):  # M-W2
            return False
        return not (game.energy >= 7 and not menace_alive)  # M-W6

    # -- the card history (M-H9..H13)

    def replay_history(self) -> bool:
        game, know, rng = self.game, self.know, self.rng
        cards = game.cards
        n = game.players
        emma_all = counted(game.plan.emma) if game.plan.emma else _per_type(cards.emma)
        self.emma_all = emma_all
        if not game.deck_list[know.seat]:  # Characters are still being chosen: no card has moved yet
            self.pools = [{} for _ in range(n)]
            self.emma_deck = emma_all
            return True
        me = know.seat
        own = added(counted(game.deck_list[me]), counted(know.got))
        subtract(own, know.gave + know.thrown + game.hands[me] + [c for r in know.rounds for c in r.mine])
        self.own = positive(own)  # the seat's deck now, plus what others took from it by Commandeer
        self.pools = [_per_type(tuple(a + b for a, b in zip(cards.agenda_cards[self.agenda[s]],
                                                             cards.character_cards[game.character[s]], strict=True)))
                      for s in range(n)]
        self.base = [dict(pool) for pool in self.pools]
        emma_avail = dict(emma_all)  # the current EmMA deck's contents
        emma_used: dict[int, int] = {}  # drawn in finished rounds since the last rebuild
        round_emma: dict[int, int] = {}  # EmMA cards drawn this round, once known
        for fact in know.facts:
            kind = fact[0]
            if kind == "round":
                round_emma = {}
            elif kind == "rebuild":  # what the old deck still holds was drawn this round, before the rebuild
                emma_avail = added(emma_used, emma_avail)
                emma_used = {}
            elif kind in ("holds", "in_deck"):
                _, s, card = fact
                if s == me:
                    continue
                held = self.pools[s].get(card, 0)
                if held <= 0 and self.strict:
                    return False
                if kind == "holds":  # a card seen in a hand never goes back to the deck
                    cap = self.deck_caps.setdefault(s, {})
                    cap[card] = min(cap.get(card, 99), held - 1)
            elif kind == "move":
                _, giver, user, card = fact
                if giver == me:
                    if card is None:  # Commandeer on the seat's own deck: some card of it, unseen
                        if not has_positive(self.own):
                            return False
                        card = _take_random(self.own, rng)
                    if user != me:
                        add(self.pools[user], card)
                    continue
                pool = self.pools[giver]
                if card is None:
                    if not has_positive(pool):
                        if self.strict:
                            return False
                        continue
                    card = _take_random(pool, rng)
                elif pool.get(card, 0) > 0:
                    pool[card] -= 1
                elif self.strict:
                    return False
                if user != know.seat:
                    add(self.pools[user], card)
            elif kind == "resolution":
                rnd = fact[1]
                ok = self._attribute_round(rnd, emma_avail, round_emma)
                if not ok:
                    return False
                if rnd is not know.rounds[-1] or not game.in_resolution:
                    add_into(emma_used, round_emma)
        self._finish_emma(emma_avail, emma_used, round_emma)
        return True

    def _attribute_round(self, rnd: _Round, emma_avail: dict[int, int], round_emma: dict[int, int]) -> bool:
        """Splits a round's cards among their placers and EmMA; the current round may still be partly hidden."""
        game, know, rng = self.game, self.know, self.rng
        me = know.seat
        is_current = rnd is know.rounds[-1] and game.in_resolution
        slots: list[list[int]] = []  # [origin, card or -1] per card of the round, placement order then EmMA
        mine = list(rnd.mine)
        for origin in rnd.entries:
            if origin == me:
                slots.append([me, mine.pop(0) if mine else -1])
            else:
                slots.append([origin, -1])
        slots.extend([-1, -1] for _ in range(rnd.fill))
        if rnd.trace:  # M-E70: players' cards in placement order, then EmMA (Emergency Protocol first)
            ordered = ([s for s in slots if s[0] >= 0] + [s for s in slots if s[0] == -2] +
                       [s for s in slots if s[0] == -1])
            for slot, card in zip(ordered, rnd.revealed, strict=False):
                if slot[1] >= 0 and slot[1] != card:
                    return False
                if slot[0] != me and not self._supply(slot[0], card, emma_avail, round_emma):
                    return False
                slot[1] = card
            self.revealed_origins = [s[0] for s in ordered[:len(rnd.revealed)]]
        else:
            for s, card in rnd.surveilled:  # what the seat saw face down must be that seat's card
                spied = next((x for x in slots if x[0] == s and x[1] < 0), None)
                if spied is None or not self._supply(s, card, emma_avail, round_emma):
                    if self.strict:
                        return False
                    continue
                spied[1] = card
            fixed = [x for x in slots if x[1] >= 0]
            free = [x for x in slots if x[1] < 0]
            matched: dict[int, list[int]] = {}  # reveal index -> the slot it came from
            left = list(range(len(rnd.revealed)))
            if not is_current:  # every card of a finished round was revealed, the known ones too
                for x in fixed:
                    i = next((i for i in left if rnd.revealed[i] == x[1]), None)
                    if i is None:
                        return False
                    left.remove(i)
                    matched[i] = x
                fixed = []
            used = {id(x) for x in matched.values()}
            while left:  # the most constrained card first, so a rare card finds its only owner
                best: tuple[int, list[tuple[int, list[int]]]] | None = None
                sources = self._open_sources(free, used, emma_avail)  # the same for every card of this pass
                for i in left:
                    choices = self._choices(rnd.revealed[i], fixed, used, sources)
                    if not choices:
                        return False
                    if best is None or len(choices) < len(best[1]):
                        best = (i, choices)
                assert best is not None
                i, choices = best
                slot = _weighted(choices, rng)
                if slot[1] < 0:
                    self._supply(slot[0], rnd.revealed[i], emma_avail, round_emma)
                    slot[1] = rnd.revealed[i]
                used.add(id(slot))
                matched[i] = slot
                left.remove(i)
            origins = [matched[i][0] for i in range(len(rnd.revealed))]
            if not is_current and len(used) != len(slots):
                return False
            matched_ids = used
            self.revealed_origins = origins
            if is_current:
                self._matched = matched_ids
        if is_current:
            for x in slots:  # the unrevealed cards of the round
                if x[1] < 0:
                    source = self._available(x[0], emma_avail)
                    if not has_positive(source):
                        if not self.loose:
                            return False
                        source = self._base(x[0])
                    card = _take_random(source, rng)
                    if x[0] < 0:
                        add(round_emma, card)
                    x[1] = card
            self.current = [(x[1], x[0]) for x in slots]
            self._slots = slots
        return True

    def _open_sources(self, free: list[list[int]], used: set[int],
                      emma_avail: dict[int, int]) -> list[tuple[list[int], dict[int, int], int, int]]:
        """Per origin with open slots (in slot order): its first open slot, what it may still supply, that
        supply's card total and how many slots it has open."""
        owners: dict[int, list[list[int]]] = {}
        for x in free:
            if id(x) not in used:
                owners.setdefault(x[0], []).append(x)
        sources = []
        for origin, open_slots in owners.items():
            source = self._available(origin, emma_avail)
            sources.append((open_slots[0], source, max(1, total(source)), len(open_slots)))
        return sources

    def _choices(self, card: int, fixed: list[list[int]], used: set[int],
                 sources: list[tuple[list[int], dict[int, int], int, int]]) -> list[tuple[int, list[int]]]:
        """Where a revealed ``card`` may have come from, each weighted by how likely it held that card."""
        out = [(_SCALE, x) for x in fixed if id(x) not in used and x[1] == card]
        for first, source, cards, open_count in sources:
            supply = source.get(card, 0) if not self.loose else max(1, source.get(card, 0))
            if supply > 0:
                out.append((max(1, open_count * supply * _SCALE // cards), first))
        return out

    def _base(self, origin: int) -> dict[int, int]:
        """A whole deck's contents (a seat's 20 cards or EmMA's), for the last-resort draws only."""
        if origin < 0:
            return dict(self.emma_all)
        return dict(self.base[origin]) if self.base else {}

    def _available(self, origin: int, emma_avail: dict[int, int]) -> dict[int, int]:
        return emma_avail if origin < 0 else self.pools[origin]

    def _supply(self, origin: int, card: int, emma_avail: dict[int, int], round_emma: dict[int, int]) -> bool:
        source = self._available(origin, emma_avail)
        held = source.get(card, 0)
        if held <= 0 and not self.loose:
            return False
        source[card] = held - 1
        if origin < 0:
            add(round_emma, card)
        return True

    def _finish_emma(self, emma_avail: dict[int, int], emma_used: dict[int, int], round_emma: dict[int, int]) -> None:
        """The EmMA cards of an unresolved round (Emergency Protocol) come from the deck; the rest lie in piles."""
        game, know = self.game, self.know
        if know.rounds and not know.rounds[-1].resolved and not game.in_resolution:
            rnd = know.rounds[-1]
            self.current = []
            mine = list(rnd.mine)
            for origin in rnd.entries:
                if origin == know.seat:
                    self.current.append((mine.pop(0), origin))
                elif origin == -2:
                    card = _take_random(emma_avail if has_positive(emma_avail) else self._base(-1), self.rng)
                    self.current.append((card, origin))
                else:
                    self.current.append((-1, origin))
            for s, card in rnd.surveilled:
                for i, (c, o) in enumerate(self.current):
                    if o == s and c < 0 and self.pools[s].get(card, 0) > 0:
                        self.pools[s][card] -= 1
                        self.current[i] = (card, o)
                        break
            for i, (c, o) in enumerate(self.current):
                if c < 0 and o >= 0:
                    source = self.pools[o] if has_positive(self.pools[o]) else self._base(o)
                    self.current[i] = (_take_random(source, self.rng), o) if has_positive(source) else (-1, o)
        self.emma_deck = emma_avail
        self.emma_discard = emma_used

    # -- what is left: hands, decks, the seat's own deck

    def split_cards(self, sample: Menace) -> bool:
        game, know, rng = self.game, self.know, self.rng
        me = know.seat
        view = know.view
        for s in range(game.players):
            entry = view["players"][s]
            if not game.alive[s]:
                sample.hands[s], sample.decks[s] = [], []
                continue
            if s == me:
                continue
            pool = positive(self.pools[s])
            hand_n, deck_n = entry["hand_count"], entry["deck_count"]
            while self.loose and sum(pool.values()) < hand_n + deck_n:
                add_into(pool, self._base(s))
            if sum(pool.values()) < hand_n + deck_n:
                return False
            deck = self._deck(pool, deck_n, s)
            if deck is None:
                return False
            sample.decks[s] = deck
            sample.hands[s] = sorted(_take_subset(pool, hand_n, rng))
        if game.deck_list[me]:
            own = positive(self.own)
            deck_n = len(game.decks[me])
            while self.loose and sum(own.values()) < deck_n:
                add_into(own, counted(game.deck_list[me]))
            if sum(own.values()) < deck_n:
                return False
            deck = self._deck(own, deck_n, me)  # the rest were taken by Commandeer (M-E50)
            if deck is None:
                return False
            sample.decks[me] = deck
        return True


    def _deck(self, pool: dict[int, int], size: int, seat: int) -> list[int] | None:
        """A deck of ``size`` from ``pool``: what a Scan showed still on top (M-E68), at most as many of a card as
        a hand sighting leaves (M-E69, M-E83, M-E39), the rest in random order (M-H9)."""
        top = self.know.deck_top.get(seat, [])[:size] if self.strict else []
        caps = dict(self.deck_caps.get(seat, {})) if self.strict else {}
        for card in top:
            if pool.get(card, 0) <= 0:
                return None
            pool[card] -= 1
            if card in caps:
                caps[card] -= 1
                if caps[card] < 0:
                    return None
        rest = _take_capped(pool, size - len(top), caps, self.rng)
        if rest is None:
            return None
        self.rng.shuffle(rest)
        return rest + top[::-1]  # the top of a deck is the end of its list


def _check_seat(game: Menace, seat: Any) -> None:  # (Any: checked here, see Game.act)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players:
        raise ValueError(f"seat must be an integer from 0 to {game.players - 1}, got {seat!r}")


def sampler(game: Menace, seat: Any) -> Callable[[Any], Menace]:
    """``determinize`` for many seeds of one position: what the seat knows is read once (Game.sampler), and
    nothing a draw does changes it, so each sample is the one ``determinize`` gives for its seed."""
    _check_seat(game, seat)
    know = None if game.over else Knowledge(game, seat)
    return lambda seed: determinize(game, seat, seed, know)


def determinize(game: Menace, seat: Any, seed: Any,  # (checked here: Any, see Game.act)
                know: Knowledge | None = None) -> Menace:
    """A complete game ``seat`` cannot tell from ``game``, drawn from ``seed`` and that seat's knowledge."""
    _check_seat(game, seat)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    if game.over:  # M-H32: everything is shown at the end, so the game itself is the only completion
        return _reseeded(game, seat, seed)
    if know is None:
        know = Knowledge(game, seat)
    rng = Rng.derived(seed, "menace determinization")
    for attempt in range(ATTEMPTS + RELAXED + LOOSE):
        strict = attempt < ATTEMPTS
        draft = _Draft(game, know, rng, strict)
        draft.loose = attempt >= ATTEMPTS + RELAXED
        if not draft.deal_agendas() or not draft.replay_history():
            continue
        sample = _build(game, know, draft, seed)
        if sample is not None:
            return sample
    raise SamplerError(f"no game consistent with seat {seat}'s knowledge was found")


def _reseeded(game: Menace, me: int, seed: int) -> Menace:
    """A copy whose random future, record and other seats' private log entries carry nothing of the game's."""
    sample: Menace = game.clone()  # type: ignore[assignment]
    sample.seed = Rng.derived(seed, "menace sample seed").below(2**62)
    sample.rng = Rng.derived(seed, "menace sample rng")
    sample.timeouts = Rng.derived(seed, "menace sample timeouts")
    sample._actions = []
    sample._log = [e for e in game._log if e[0] is None or e[0] == me]
    # a scripted reveal order is not the seat's to know, and a sampled pool need not fit it
    sample.plan = replace(game.plan, reveal_order={})
    return sample


def _build(game: Menace, know: Knowledge, draft: _Draft, seed: int) -> Menace | None:
    rng = draft.rng
    me = know.seat
    sample = _reseeded(game, me, seed)
    n = game.players
    # Agendas and everything fixed by them.
    sample.agenda = list(draft.agenda)
    sample.crew_seats = tuple(s for s in range(n) if SIDES[sample.agenda[s]] == "crew")
    sample.menace_seats = tuple(s for s in range(n) if sample.agenda[s] in (CONTAGION, BUTCHER))
    cards = game.cards
    for s in range(n):
        if game.deck_list[s] and s != me:
            sample.deck_list[s] = expand(tuple(a + b for a, b in zip(cards.agenda_cards[sample.agenda[s]],
                                                                     cards.character_cards[game.character[s]],
                                                                     strict=True)))
    if not draft.split_cards(sample):
        return None
    # This round's face-down cards, and the reveal order of the rest (M-T31, M-T32).
    if game.in_resolution:
        slots = draft._slots
        sample.pool = [[c, o] for c, o in draft.current]
        revealed = game.reveal_i
        done = [[c, o] for (c, _), o in zip(game.shown, draft.revealed_origins, strict=False)]
        rest = [[x[1], x[0]] for x in slots if id(x) not in draft._matched]
        if game.trace:
            order = [s for s in slots if s[0] >= 0] + [s for s in slots if s[0] == -2] + \
                    [s for s in slots if s[0] == -1]
            rest = [[x[1], x[0]] for x in order[revealed:]]
        else:
            rng.shuffle(rest)
        sample.order = done[:revealed] + rest
        if len(sample.order) != len(game.order):
            return None
    else:
        if any(c < 0 for c, _ in draft.current):
            return None
        sample.pool = [[c, o] for c, o in draft.current]
        if len(sample.pool) != len(game.pool):
            return None
    deck = sorted_elements(draft.emma_deck)  # (its positive counts, as +counter would keep)
    discard = sorted_elements(draft.emma_discard)
    if draft.loose:
        deck, discard = _resized(deck, len(game.emma), draft), _resized(discard, len(game.emma_discard), draft)
    if len(deck) != len(game.emma) or len(discard) != len(game.emma_discard):
        return None
    rng.shuffle(deck)
    sample.emma = deck
    sample.emma_discard = discard
    wounds = sorted(game.wound_deck)  # its composition is public (M-H18); its order is not
    rng.shuffle(wounds)
    sample.wound_deck = wounds
    _deal_characters(game, sample, me, rng)
    return sample if _rebuild_decisions(game, sample, me, rng) else None


def _resized(cards: list[int], size: int, draft: _Draft) -> list[int]:
    """``cards`` cut or filled up with EmMA cards to ``size`` (the last resort only)."""
    out = list(cards)
    draft.rng.shuffle(out)
    while len(out) < size:
        out.append(_take_random(draft._base(-1), draft.rng))
    return sorted(out[:size])


def _deal_characters(game: Menace, sample: Menace, me: int, rng: Rng) -> None:
    """M-S27..S32, M-H6: the Characters dealt to others in the running selection are redealt."""
    if not any(game.dealt[s] for s in range(game.players) if s != me):
        return
    seen = set(game.dealt[me]) | {c for c in game.character if c >= 0}
    free = [c for c in range(16) if c not in seen]
    rng.shuffle(free)
    for s in range(game.players):
        if s != me and game.dealt[s]:
            size = len(game.dealt[s])
            sample.dealt[s] = sorted(free[:size])
            del free[:size]


def _rebuild_decisions(game: Menace, sample: Menace, me: int, rng: Rng) -> bool:
    """Every other seat's pending decision is asked again of its new hand; sealed answers are drawn anew."""
    rebuilt: list[Decision] = []
    pending = list(game._pending)
    build = list(game.build)
    if build and build[0] == me:
        build[5] = list(build[5])
        sample.build = build
    elif build:  # M-X4: an ability whose choices are not all made is not committed, so the seat may see only
        seat = build[0]  # that another seat is taking its turn (or answering Delegate): ask that again
        sample.build = []
        saved = sample._pending
        if not (sample._ask_turn(seat) if build[6] == "turn" else sample._ask_delegated(seat)):
            return False
        again = sample._pending[0]
        sample._pending = saved
        pending = [again if d.seat == seat else d for d in pending]
    for decision in pending:
        if decision.seat == me or decision.kind not in _HIDDEN_KINDS:
            rebuilt.append(decision)
            continue
        new = _ask_again(sample, decision)
        if new is None:
            return False
        rebuilt.append(Decision(decision.seat, decision.kind, new.options,
                                game._pending[pending.index(decision)].id, decision.prompt,
                                new.default_id, decision.rules, new.ids, new.timeout_option))
    sample._pending = rebuilt
    sample._decision_counts = game._decision_counts[:]
    sample._redraw_sealed(game._sealed, me, rng)
    return True


def _ask_again(sample: Menace, decision: Decision) -> Decision | None:
    """The decision ``decision.seat`` would face now in the sample (None: the sample contradicts the flow)."""
    seat, kind = decision.seat, decision.kind
    hand = sample.hands[seat]
    saved = sample._pending
    try:
        if kind == "turn":
            if not sample._ask_turn(seat):
                return None
            return sample._pending[0]
        if kind == "delegated":
            if not sample._ask_delegated(seat):
                return None
            return sample._pending[0]
        if kind == "rush":
            plays = sample._play_ids(seat)
            if not plays:
                return None
            return sample._decision(seat, kind, plays, "", sample._default_play(seat, plays), ())
        if kind == "character":
            ids = [opt.CHARACTER + c for c in sample.dealt[seat]]
            return sample._decision(seat, kind, ids, "", ids[sample.timeouts.below(len(ids))], ())
        if kind == "brawl":
            living = [s for s in range(sample.players) if sample.alive[s]]
            others = [s for s in living if s != seat] or living
            return sample._decision(seat, kind, list(decision.ids), "",
                                    opt.TARGET + others[sample.timeouts.below(len(others))], ())
        if kind == "vote":  # M-E95: only a Zealot who called the vote may use Fervor
            targets = [s for s in range(sample.players) if sample.alive[s] and not sample.exiled[s]]
            ids = [opt.VOTE + t for t in targets if t != seat] + [opt.ABSTAIN]
            if seat == sample.last_caller and sample.agenda[seat] == ZEALOT:
                ids += [opt.FERVOR + t for t in targets if t != seat] + [opt.ABSTAIN_FERVOR]
            return sample._decision(seat, kind, ids, "", opt.ABSTAIN, ())
        if not hand:
            return None
        if kind == "cost":
            return sample._decision(seat, kind, sorted({opt.DISCARD + c for c in hand}) + [opt.BACK], "", opt.BACK,
                                    ())
        if kind == "reboot":
            left = list(hand)
            for c in sample.build[5]:
                left.remove(c)
            ids = sorted({opt.DISCARD + c for c in left})
            if sample.build[5]:
                ids.append(opt.DONE)
            return sample._decision(seat, kind, ids + [opt.BACK], "", opt.BACK, ())
        if kind == "limit" and len(hand) <= sample._limit(seat):
            return None
        base = {"bloodwork": opt.REVEAL, "inventory": opt.GIVE}.get(kind, opt.DISCARD)
        ids = sorted({base + c for c in hand})
        return sample._decision(seat, kind, ids, "", base + sample._default_card(hand), ())
    finally:
        sample._pending = saved
