"""Determinization for Who Should We Eat?: a complete game drawn from what one seat knows (issue #6).

Nothing in this game is a secret role (W-S12); what is hidden is cards: hands, Play and Keep slots, the draw
piles and the face-down discard piles, the Quest deck and the Quests boxed at setup (W-H4..W-H16). The sampler
reads only the seat's view, its own log (public events and its private ones) and public state, so two games
that look the same to the seat give the same sample for the same seed. It rebuilds:

- which cards the seat knows the place of: its own hand and slots, face-up Keep cards and Haunts (W-H3,
  W-H14), the card a Ghost is playing, cards shown before they went to a discard pile (W-H7, until that pile is
  shuffled back into its draw pile, W-T18), its own discards (W-H7, W-H16), a Keep card it saw with Spectral
  Sight and Ghost Play cards it saw as the Medium (W-H16, W-H17), the Quest cards it saw with Map the Island
  (W-H6);
- from which deck each hidden card of another player comes: the decks of this round's draws are public
  (W-H10), a picked-up Keep card may be of any deck (a Forage card of the named deck when its extra draw was
  announced, W-H25), cards shown or thrown away from a slot this round take their deck with them (W-H13), and
  every deck's count of cards in other players' hands and slots follows from the public pile sizes (W-H5,
  W-H7, W-H8);
- then deals the unseen cards of each deck at random to those slots, to the unknown part of its discard pile
  and to its draw pile, shuffles the unseen Quests into the Quest deck and the Box, draws every sealed answer
  (W-H19, W-H20) anew among its options, asks every other player's pending decision again of his new cards,
  reseeds the straws' random source (W-H18) and drops other players' private log entries.

Known simplification: a card's deck is traced only within the current round (a picked-up Keep card counts as
any deck), and the pile sizes the seat saw in earlier views are not replayed; both only widen the possibilities.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from math import comb
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from ...engine import Decision, Rng
from ...engine.multiset import add, counted, positive, sorted_elements, subtract_counts
from . import catalogue as opt
from .cards import DECKS, GHOST, N_SURVIVOR, QUEST_CODES, CardSet
from .rules import DRAWS, SKIPS, SPLITS

if TYPE_CHECKING:
    from .rules import Eat

ATTEMPTS: Final = 200
_PUBLIC: Final = object()  # a pending decision whose options depend on nothing hidden
_ANY: Final = -1  # a slot card whose deck is not known
_KEEP_KINDS: Final = {"dodge": ("dodge",), "evening": ("calm", "ration"), "vote_window": ("loud", "hide"),
                      "exemption": ("shield", "hide")}
_CARD: Final = r"([^()]+ \((?:[A-Z]{1,2}\d{2})\))"
_SEAT: Final = r"P(\d+)"
_SPENT: Final = re.compile(rf"^{_SEAT} reveals {_CARD}(?: \((Dodge|Stash|Calm \d+|Ration|Loud|Hide)\))?")
_FACE_UP: Final = re.compile(rf"^{_SEAT} reveals {_CARD} \((?:Shield|Knife)\)")
_MUST: Final = re.compile(rf"^{_SEAT} must reveal their Keep card: {_CARD}\.$")
_KEEP_SHOWN: Final = re.compile(rf"^{_SEAT}'s Keep card is revealed: {_CARD}\.$")
_DROPPED: Final = re.compile(rf"^{_SEAT}'s (?:face-up )?{_CARD} is discarded\.$")
_WARD: Final = re.compile(rf"^{_SEAT}'s Keep card {_CARD} is a Ward: it and (.+) are discarded\.$")
_OLD_HAUNT: Final = re.compile(rf"^{_SEAT}'s old Haunt (.+) is discarded\.$")
_LEAVES: Final = re.compile(rf"^(.+) leaves {_SEAT} for the Ghost discard\.$")
_GHOST_PLAYS: Final = re.compile(rf"^{_SEAT}'s Ghost plays {_CARD}\.$")
_HAUNTS: Final = re.compile(rf"^{_CARD} haunts {_SEAT}\.$")
_RESHUFFLE: Final = re.compile(r"^The (\w+) draw pile ran out: its \d+ discards are shuffled into a new pile\.$")
_GONE: Final = re.compile(rf"^(?:Poltergeist|Snatch): {_SEAT}'s (Play|Keep) card goes unseen to the (\w+) discard pile")
_THROWN: Final = re.compile(rf"^Your {_CARD} was (?:thrown away by the Poltergeist|snatched)\.$")
_YOU_DRAW: Final = re.compile(r"^You draw (.+)\.$")
_YOU_PLACE: Final = re.compile(r"^You place: (.+)\.$")
_POSSESSED: Final = re.compile(rf"^Your Play card is now {_CARD} and your Keep card {_CARD}\.$")
_PICKUP: Final = re.compile(r"^(.+) pick up their Keep cards\.$")
_FORAGE: Final = re.compile(rf"^{_SEAT}'s picked-up Keep card is a Forage card: one extra draw from (.+)\.$")
_DRAWS: Final = re.compile(r"^Draws: (.+)\.$")
_SIGHT: Final = re.compile(rf"^Spectral Sight: {_SEAT}'s Keep card is {_CARD}\.$")
_MEDIUM: Final = re.compile(r"^Medium: you see the Ghosts' Play cards: (.+)\.$")
_POSSESSION: Final = re.compile(rf"^Possession: {_SEAT}'s Play and Keep cards swap places")
_TOP: Final = re.compile(r"^(?:New top|Top) of the Quest deck: (.+)\.$")
_NEW_QUEST: Final = re.compile(r"^A new Quest joins the selection: (.+)\.$")
_CURSED: Final = re.compile(r"^Cursed Map: .+ goes to the Box; (.+) is revealed in its place\.$")


@mypyc_attr(native_class=False)  # compiled (treachery.native): an exception class stays a plain class there
class SamplerError(RuntimeError):
    """No complete game consistent with the seat's knowledge could be drawn (a bug or a scripted setup)."""


def _seat(text: str) -> int:
    return int(text) - 1


class Knowledge:
    """What the seat knows, read from its view and its own log."""

    def __init__(self, game: Eat, seat: int) -> None:
        self.seat = seat
        cards = game.cards
        short = {name: i for i, name in enumerate(game.card_names)}
        ghost_names = {cards.name(c): c for c in range(N_SURVIVOR, len(game.card_names))}
        quests = {f"{q.name} ({QUEST_CODES[i]})": i for i, q in enumerate(cards.quests)}
        decks = {name: i for i, name in enumerate(DECKS)}
        # Multisets of cards are plain dicts (card -> count, engine/multiset.py): a missing card counts as zero.
        self.discarded: list[dict[int, int]] = [{} for _ in range(4)]  # known to lie in each discard pile
        self.quest_top: list[int] = []  # known top of the Quest deck, top first
        self.allowed: dict[int, dict[int, int]] = {}  # this round: decks a player's slot cards may come from
        self.forage: dict[int, int] = {}  # this round: a picked-up Forage card's named deck
        self.keep_seen: dict[int, int] = {}  # this round's Keep cards seen by Spectral Sight
        self.play_seen: dict[int, int] = {}  # Ghost Play cards seen as the Medium
        hand: list[int] = []
        keep = -1
        for event in game.log_for(seat):
            text = event["text"]
            if text.endswith(": Morning."):
                self.allowed, self.forage, self.keep_seen, self.play_seen = {}, {}, {}, {}
                hand = []
                continue
            m = _PICKUP.match(text)
            if m:
                for who in m.group(1).split(", "):
                    s = _seat(who[1:])
                    add(self.allowed.setdefault(s, {}), _ANY)
                    if s == seat and keep >= 0:
                        hand.append(keep)
                        keep = -1
                continue
            m = _FORAGE.match(text)
            if m:
                where = m.group(2)
                self.forage[_seat(m.group(1))] = 3 if where == "a deck of their choice" else decks[where.split()[1]]
                continue
            m = _DRAWS.match(text)
            if m:
                for part in m.group(1).split("; "):
                    who, _, what = part.partition(" ")
                    s = _seat(who[1:])
                    if what == "nothing":
                        continue
                    words = what.split()
                    for i in range(0, len(words), 2):
                        add(self.allowed.setdefault(s, {}), decks[words[i + 1]], int(words[i]))
                continue
            m = _YOU_DRAW.match(text)
            if m:
                hand.extend(short[x] for x in m.group(1).split(", "))
                continue
            m = _YOU_PLACE.match(text)
            if m:
                for part in m.group(1).split(", "):
                    slot, _, name = part.partition(" ")
                    card = short[name]
                    hand.remove(card)
                    if slot == "Keep":
                        keep = card
                for card in hand:
                    add(self.discarded[cards.deck_of(card)], card)
                hand = []
                continue
            m = _POSSESSED.match(text)
            if m:
                keep = short[m.group(2)]
                continue
            m = _THROWN.match(text)
            if m:
                card = short[m.group(1)]
                add(self.discarded[cards.deck_of(card)], card)
                if card == keep:
                    keep = -1
                continue
            m = _GONE.match(text)
            if m:
                self._spend(_seat(m.group(1)), decks[m.group(3)])
                continue
            m = _RESHUFFLE.match(text)
            if m:
                self.discarded[decks[m.group(1)]] = {}
                continue
            m = _FACE_UP.match(text) or _MUST.match(text)
            if m:
                s, card = _seat(m.group(1)), short[m.group(2)]
                self._spend(s, cards.deck_of(card))  # face up now, so no longer a hidden slot card
                if s == seat:
                    keep = -1
                continue
            m = _KEEP_SHOWN.match(text) or _DROPPED.match(text)
            if m:
                card = short[m.group(2)]
                add(self.discarded[cards.deck_of(card)], card)
                if _KEEP_SHOWN.match(text) and _seat(m.group(1)) == seat:
                    keep = -1
                continue
            m = _WARD.match(text)
            if m:
                s, card = _seat(m.group(1)), short[m.group(2)]
                add(self.discarded[cards.deck_of(card)], card)
                self._spend(s, cards.deck_of(card))
                if s == seat:
                    keep = -1
                continue
            m = _OLD_HAUNT.match(text)
            if m:
                add(self.discarded[GHOST], ghost_names[m.group(2)])
                continue
            m = _LEAVES.match(text)
            if m:
                add(self.discarded[GHOST], ghost_names[m.group(1)])
                continue
            m = _GHOST_PLAYS.match(text)
            if m:
                card = short[m.group(2)]
                add(self.discarded[GHOST], card)  # until it turns out to haunt somebody
                self._spend(_seat(m.group(1)), GHOST)
                self.play_seen.pop(_seat(m.group(1)), None)
                continue
            m = _HAUNTS.match(text)
            if m:
                add(self.discarded[GHOST], short[m.group(1)], -1)
                continue
            m = _SPENT.match(text)
            if m:
                s, card = _seat(m.group(1)), short[m.group(2)]
                add(self.discarded[cards.deck_of(card)], card)
                self._spend(s, cards.deck_of(card))
                if s == seat and m.group(3):  # a Keep card used, not a Play card
                    keep = -1
                continue
            m = _SIGHT.match(text)
            if m:
                self.keep_seen[_seat(m.group(1))] = short[m.group(2)]
                continue
            m = _MEDIUM.match(text)
            if m and m.group(1) != "none":
                for part in m.group(1).split("; "):
                    who, _, name = part.partition(": ")
                    self.play_seen[_seat(who[1:])] = short[name]
                continue
            m = _POSSESSION.match(text)
            if m:
                s = _seat(m.group(1))
                if s in self.keep_seen:
                    self.play_seen[s] = self.keep_seen.pop(s)
                continue
            m = _TOP.match(text)
            if m:
                self.quest_top = [quests[x] for x in m.group(1).split(", ")]
                continue
            m = _NEW_QUEST.match(text) or _CURSED.match(text)
            if m:
                shown = quests[m.group(1)]
                if self.quest_top and self.quest_top[0] == shown:
                    self.quest_top.pop(0)
                else:
                    self.quest_top = []
        for counter in self.discarded:
            for card in [c for c, k in counter.items() if k <= 0]:
                del counter[card]

    def _spend(self, seat: int, deck: int) -> None:
        """A card of ``deck`` left ``seat``'s slots this round, so his other slot cards came from the rest."""
        allowed = self.allowed.get(seat)
        if allowed is None:
            return
        if allowed.get(deck, 0) > 0:
            allowed[deck] -= 1
        elif allowed.get(_ANY, 0) > 0:
            allowed[_ANY] -= 1


def _check_seat(game: Eat, seat: Any) -> None:  # (Any: checked here, see Game.act)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players:
        raise ValueError(f"seat must be an integer from 0 to {game.players - 1}, got {seat!r}")


def sampler(game: Eat, seat: Any) -> Callable[[Any], Eat]:
    """``determinize`` for many seeds of one position: what the seat knows is read once (Game.sampler), and
    nothing a draw does changes it, so each sample is the one ``determinize`` gives for its seed."""
    _check_seat(game, seat)
    know = None if game.over else Knowledge(game, seat)
    return lambda seed: determinize(game, seat, seed, know)


def determinize(game: Eat, seat: Any, seed: Any,  # (checked here: Any, see Game.act)
                know: Knowledge | None = None) -> Eat:
    """A complete game ``seat`` cannot tell from ``game``, drawn from ``seed`` and that seat's knowledge."""
    _check_seat(game, seat)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    sample = _reseeded(game, seat, seed)
    if game.over:  # W-H26: everything is shown at the end
        return sample
    if know is None:
        know = Knowledge(game, seat)
    rng = Rng.derived(seed, "eat determinization")
    for _ in range(ATTEMPTS):
        if _deal(game, sample, know, rng) and _rebuild_decisions(game, sample, seat, rng):
            return sample
        sample = _reseeded(game, seat, seed)
    raise SamplerError(f"no game consistent with seat {seat}'s knowledge was found")


def _reseeded(game: Eat, me: int, seed: int) -> Eat:
    sample: Eat = game.clone()  # type: ignore[assignment]
    sample.seed = Rng.derived(seed, "eat sample seed").below(2**62)
    sample.rng = Rng.derived(seed, "eat sample rng")
    sample._actions = []
    sample._log = [e for e in game._log if e[0] is None or e[0] == me]
    sample.straw_script, sample.quest_straw_script = [], []  # scripted straws are not the seat's to know
    return sample


def _slots(game: Eat, me: int) -> list[tuple[int, str, int]]:
    """Every hidden card place of the other players: (seat, 'hand' / 'play' / 'keep', index)."""
    out: list[tuple[int, str, int]] = []
    for s in range(game.players):
        if s == me:
            continue
        out.extend((s, "hand", i) for i in range(len(game.hands[s])))
        if game.play[s] >= 0:
            out.append((s, "play", 0))
        if game.keep[s] >= 0 and not game.keep_up[s]:
            out.append((s, "keep", 0))
    return out


_DECK_COUNTS: Final[dict[int, list[dict[int, int]]]] = {}  # card set id -> each deck's cards counted (sets live on)


def _deck_counts(cards: CardSet) -> list[dict[int, int]]:
    """Each deck's physical cards of ``cards``, counted once per card set (never changed: copied to be used)."""
    counts = _DECK_COUNTS.get(id(cards))
    if counts is None:
        counts = _DECK_COUNTS[id(cards)] = [counted(cards.deck_cards(deck)) for deck in range(4)]
    return counts


def _deal(game: Eat, sample: Eat, know: Knowledge, rng: Rng) -> bool:
    me = know.seat
    cards = game.cards
    # Cards whose place the seat knows (W-H3, W-H9, W-H14) and those it knows lie in a discard pile (W-H7).
    located: list[dict[int, int]] = [{} for _ in range(4)]
    mine = list(game.hands[me]) + [c for c in (game.play[me], game.keep[me]) if c >= 0]
    shown = [game.keep[s] for s in range(game.players) if s != me and game.keep[s] >= 0 and game.keep_up[s]]
    attached = [h for h in game.haunt if h >= 0] + ([game.ghost_card] if game.ghost_card >= 0 else [])
    for card in mine + shown + attached:
        add(located[cards.deck_of(card)], card)
    discarded = [dict(c) for c in know.discarded]
    if game.ghost_card >= 0 and discarded[GHOST].get(game.ghost_card, 0) > 0:
        discarded[GHOST][game.ghost_card] -= 1  # announced, not yet discarded
    slots = _slots(game, me)
    seen: dict[tuple[int, str], int] = {}
    for s, card in know.keep_seen.items():
        if game.keep[s] >= 0 and not game.keep_up[s]:
            seen[s, "keep"] = card
    for s, card in know.play_seen.items():
        if game.play[s] >= 0:
            seen[s, "play"] = card
    unseen: list[dict[int, int]] = []
    need: list[int] = []  # per deck: how many of its cards lie in other players' hidden slots
    for deck in range(4):
        pool = dict(_deck_counts(cards)[deck])
        subtract_counts(pool, located[deck])
        if any(k < 0 for k in pool.values()):
            return False
        known = discarded[deck] if all(pool.get(c, 0) >= k for c, k in discarded[deck].items()) else {}
        if sum(known.values()) > len(game.discards[deck]):
            known = {}
        subtract_counts(pool, known)
        discarded[deck] = known
        unseen.append(positive(pool))
        need.append(sum(pool.values()) - len(game.piles[deck]) - (len(game.discards[deck]) - sum(known.values())))
    decks = _slot_decks(game, know, slots, seen, need, rng)
    if decks is None:
        return False
    for card in seen.values():
        if unseen[cards.deck_of(card)].get(card, 0) <= 0:
            return False
        unseen[cards.deck_of(card)][card] -= 1
    # Deal: a Forage card first where one was announced (W-H25), then the other slots, discards and piles.
    for s in range(game.players):
        if s != me:
            sample.hands[s] = [-1] * len(game.hands[s])
    order = sorted(range(len(slots)), key=lambda i: 0 if slots[i][1] == "hand" and slots[i][2] == 0
                   and slots[i][0] in know.forage else 1)
    left: dict[int, list[int]] = {}  # a deck's unseen cards, sorted, updated as slots are dealt
    for i in order:
        s, kind, index = slots[i]
        card = seen.get((s, kind), -1)
        if card < 0:
            deck = decks[i]
            pool = unseen[deck]
            items = left.get(deck)
            if items is None:
                items = left[deck] = sorted_elements(pool)
            choices = items
            if kind == "hand" and index == 0 and s in know.forage and game.forage[s] >= 0:
                choices = [c for c in items if c < N_SURVIVOR and cards.survivor[c].forage == know.forage[s]]
            if not choices:
                return False
            card = choices[rng.below(len(choices))]
            pool[card] -= 1
            items.remove(card)
        if kind == "hand":
            sample.hands[s][index] = card
        elif kind == "play":
            sample.play[s] = card
        else:
            sample.keep[s] = card
    for deck in range(4):
        rest = sorted_elements(unseen[deck])
        rng.shuffle(rest)
        unknown = len(game.discards[deck]) - sum(discarded[deck].values())
        sample.discards[deck] = sorted_elements(discarded[deck]) + rest[:unknown]
        sample.piles[deck] = rest[unknown:]
        if len(sample.piles[deck]) != len(game.piles[deck]):
            return False
    if game.step in (SKIPS, SPLITS, DRAWS):  # W-H25: a Forage card is known only once its extra draw is made
        for s in range(game.players):
            if s != me and s not in know.forage and game.status[s] == 0:
                card = sample.hands[s][0] if sample.hands[s] else -1
                sample.forage[s] = cards.survivor[card].forage if 0 <= card < N_SURVIVOR else -1
    _deal_quests(game, sample, know, rng)
    return True


def _slot_decks(game: Eat, know: Knowledge, slots: list[tuple[int, str, int]], seen: dict[tuple[int, str], int],
                need: list[int], rng: Rng) -> list[int] | None:
    """A deck for every hidden slot: each player's slots fit the decks he drew from this round, and every
    deck's total matches ``need``."""
    cards = game.cards
    left = list(need)
    by_seat: dict[int, list[int]] = {}
    result = [-1] * len(slots)
    for i, (s, kind, _) in enumerate(slots):
        if (s, kind) in seen:
            deck = cards.deck_of(seen[s, kind])
            result[i] = deck
            left[deck] -= 1
        elif game.status[s] != 0:  # a Ghost holds Ghost cards only
            result[i] = GHOST
            left[GHOST] -= 1
        else:
            by_seat.setdefault(s, []).append(i)
    if any(x < 0 for x in left):
        return None
    seats = sorted(by_seat)
    rng.shuffle(seats)
    choices: list[list[tuple[int, int, int]]] = []
    for s in seats:
        allowed = know.allowed.get(s, {_ANY: len(by_seat[s])})
        choices.append(_combos(allowed, len(by_seat[s]), rng))
    found = _fitting(choices, 0, left)
    if found is None:
        return None
    for s, combo in zip(seats, found, strict=True):
        decks = [d for d in range(3) for _ in range(combo[d])]
        rng.shuffle(decks)
        for i, deck in zip(by_seat[s], decks, strict=True):
            result[i] = deck
    return result


def _fitting(choices: list[list[tuple[int, int, int]]], k: int, rest: list[int]) -> list[tuple[int, int, int]] | None:
    """The first combination of one (Food, Sanity, Build) choice per seat from the ``k``-th on, in each seat's
    order, that uses up ``rest`` exactly. (A module function, not nested: compiled, a nested function that calls
    itself is held by its environment, a cycle only the cyclic collector frees.)"""
    if k == len(choices):
        return [] if rest[0] == rest[1] == rest[2] == 0 else None
    for combo in choices[k]:
        if combo[0] <= rest[0] and combo[1] <= rest[1] and combo[2] <= rest[2]:
            tail = _fitting(choices, k + 1, [rest[0] - combo[0], rest[1] - combo[1], rest[2] - combo[2], *rest[3:]])
            if tail is not None:
                return [combo, *tail]
    return None


def _combos(allowed: dict[int, int], size: int, rng: Rng) -> list[tuple[int, int, int]]:
    """The (Food, Sanity, Build) counts ``size`` slot cards may have, drawn from ``allowed``, in random order."""
    wild = allowed.get(_ANY, 0)
    food, sanity, build = allowed.get(0, 0), allowed.get(1, 0), allowed.get(2, 0)
    keyed = []
    for f in range(size + 1):
        for s in range(size + 1 - f):
            b = size - f - s
            over = max(0, f - food) + max(0, s - sanity) + max(0, b - build)
            if over <= wild:
                # tried first in proportion to how many of the player's cards give it (Efraimidis-Spirakis keys)
                ways = (comb(wild, over) * comb(food, min(f, food)) * comb(sanity, min(s, sanity))
                        * comb(build, min(b, build)))
                keyed.append((((rng.below(1 << 53) + 1) / (1 << 53)) ** (1 / ways), (f, s, b)))
    keyed.sort(reverse=True)
    return [combo for _, combo in keyed]


def _deal_quests(game: Eat, sample: Eat, know: Knowledge, rng: Rng) -> None:
    """W-H4, W-H5, W-H6: the Quests nobody has seen go to the Quest deck and the Box at random."""
    unseen = set(game.quest_deck) | set(game.box_hidden)  # every Quest not face up, held or boxed in play
    top = [q for q in know.quest_top if q in unseen][:len(game.quest_deck)]
    hidden = sorted(q for q in unseen if q not in top)
    rng.shuffle(hidden)
    below = len(game.quest_deck) - len(top)
    sample.quest_deck = hidden[:below] + top[::-1]  # the top of a pile is the end of its list
    sample.box_hidden = sorted(hidden[below:])
    if game.map_top and game.leader != know.seat:
        sample.map_top = sample.quest_deck[-len(game.map_top):][::-1]


def _rebuild_decisions(game: Eat, sample: Eat, me: int, rng: Rng) -> bool:
    """Every other player's pending decision is asked again of his new cards; sealed answers are drawn anew."""
    rebuilt: list[Decision] = []
    for decision in game._pending:
        if decision.seat == me:
            rebuilt.append(decision)
            continue
        asked = _ask_again(sample, decision)
        if asked is None:
            return False
        if asked is _PUBLIC:
            rebuilt.append(decision)
            continue
        ids, default = asked
        rebuilt.append(Decision(decision.seat, decision.kind, tuple(map(sample.catalogue_in_use.__getitem__, ids)),
                                decision.id, decision.prompt, default, decision.rules, tuple(ids)))
    sample._pending = rebuilt
    sample._redraw_sealed(game._sealed, me, rng)
    return True


def _ask_again(sample: Eat, decision: Decision) -> Any:
    """The options and default ``decision.seat`` would have now: ``_PUBLIC`` when they depend on nothing hidden,
    None when the sample would not ask him at all (the draw is then thrown away)."""
    from .rules import _selection_options

    seat, kind = decision.seat, decision.kind
    if kind in ("skip_draw", "wild_decks"):  # a picked-up Forage card changes the draws (W-E19)
        probe: Eat = sample.clone()  # type: ignore[assignment]
        probe._pending = []
        probe._ask_skips() if kind == "skip_draw" else probe._ask_splits()
        found = next((d for d in probe._pending if d.seat == seat), None)
        return None if found is None else (list(found.ids), found.default_id)
    if kind == "select":
        return _selection_options(sample.cards, tuple(sample.hands[seat]))
    if kind in _KEEP_KINDS:
        return ([opt.PASS, opt.USE] if sample._usable_keep(seat, _KEEP_KINDS[kind]) else [opt.PASS]), opt.PASS
    if kind == "poll":
        legal = [opt.PASS] + sample._attack_options(seat)
        if sample._usable_keep(seat, ("stash",)):
            legal.append(opt.USE)
        if seat == sample.leader:
            legal.append(opt.CALL_VOTE)
        return sorted(legal), opt.PASS
    if kind == "knife_response":
        return [opt.PASS] + sample._attack_options(seat), opt.PASS
    return _PUBLIC


__all__: list[Any] = ["determinize", "Knowledge", "SamplerError"]
