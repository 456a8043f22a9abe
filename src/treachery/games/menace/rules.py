"""The Menace Among Us: the state and the round flow (rules specification M-*).

State is plain data (ints, bools and lists) so a game clones, pickles and replays exactly. The flow is
a stack of frames (small lists: ``["turn", seat]``, ``["reveal"]`` ...) plus the pending decisions;
``_advance`` pops frames until a seat has to decide or the game is over. A frame that needs an
answer asks for it and the answer's handler pushes whatever follows.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from ...engine import CARD_FILE, Decision, GameConfigError, GameOption, Option, Rng, SetupOverrideError, register
from ...engine.game import Game, holds  # from its own module: mypyc's compiled subclass needs that
from ...engine.words import plural
from . import catalogue as opt
from .balanced import BALANCED_OXYGEN, balanced_cards
from .cards import (
    ABILITY_KEYS,
    ADRENALINE,
    ADVANCED_REPAIR,
    AIRLOCK,
    ANALYZE,
    BACKSTAB,
    BASIC_REPAIR,
    BDA_KEYS,
    BLANK_WOUND,
    BLOODWORK,
    BLURRED_VISION,
    BRAWL,
    BROKEN_HAND,
    BUTCHER,
    COMFORT_FOOD,
    COMMAND,
    COMMANDEER,
    CONCUSSION,
    CONTAGION,
    COWARD,
    CRUNCH,
    CULTIVATE,
    DE_ESCALATE,
    DELEGATE,
    ELECTRICAL_BURNS,
    EMERGENCY,
    EXPLOSION,
    FIRST_AID,
    GREENHOUSE,
    HEMORRHAGE,
    HERO,
    HOARDER,
    HOT_MEAL,
    INVENTORY,
    LASER_PISTOL,
    LOCKDOWN,
    MOXIE,
    OVERCLOCK,
    PANIC,
    PLOT_COURSE,
    PUNCTURED_LUNG,
    RAISE_MORALE,
    REACTOR_LEAK,
    REASSIGN,
    REBOOT,
    REPLICATE,
    REQUISITION,
    REROUTE,
    RESOLUTE,
    RUPTURED_SUIT,
    RUSH,
    SAINT,
    SCAN,
    SCAVENGE,
    SEDATED,
    SELF_REPAIR,
    SHELL_SHOCK,
    SHOCK,
    SIDES,
    STEWARD,
    SUPPRESSING_FIRE,
    SURVEILLANCE,
    TARGET_LOCK,
    TRACE,
    TREMORS,
    TRUST,
    UNCONSCIOUS,
    VENGEANT,
    VETO,
    ZEALOT,
    CardSet,
    load_cards,
)
from .chat import claim_menu, claim_text
from .core import build_core
from .setup import NO_SETUP, parse_setup

ROUND_LIMIT: Final = 25  # M-T45
SAFETY: Final = 7  # M-W6
MENACE_AGENDAS: Final = (CONTAGION, BUTCHER)
CREW_AGENDAS: Final = (3, 4, 5, 6, 7, 8, 9)
_NO_ARG: Final = frozenset((MOXIE, VETO, OVERCLOCK, REROUTE, CULTIVATE, GREENHOUSE, RUSH, SCAVENGE, TRACE, PLOT_COURSE,
                     EMERGENCY, REQUISITION, TARGET_LOCK, SELF_REPAIR, REBOOT, DE_ESCALATE))
_SPLITS: Final = {6: (11,), 7: (6, 5), 8: (4, 4, 3)}  # M-S32

CARDS: Final[CardSet] = load_cards()


_CLAIMED: Final = {opt.CLAIM_GOOD: "good", opt.CLAIM_NEUTRAL: "neutral", opt.CLAIM_BAD: "bad", opt.CLAIM_DREW: "drew"}
_TALK_PROMPT: Final = "Discussion: call a vote, make a claim or say you are ready"
_TALK_RULES: Final = ("M-T39", "M-V18", "M-X16")
# Derived option tuples, one cache per catalogue (a card file brings its own labels); the catalogue is kept
# in the value so its id is never reused while the cache lives.
_CACHES: Final[dict[int, tuple[Any, dict[Any, Any]]]] = {}


def expand(counts: tuple[int, ...]) -> list[int]:
    """A counts-per-type tuple as a list of card types, in type order. (Here, not beside the card file's reader:
    compiled with the rules, it runs for every seat's deck of every game and sample.)"""
    return [t for t in range(11) for _ in range(counts[t])]


def _sheets(cards: CardSet) -> tuple[tuple[tuple[int, int, int, int], ...], ...]:
    """Per Character: its two abilities in id order with their printed costs (M-T17), read on every turn."""
    return tuple(tuple((a, cards.ability_oxygen[a], cards.ability_energy[a], cards.ability_discards[a])
                       for a in sorted(pair)) for pair in cards.character_abilities)


_DEFAULT_SHEETS: Final = _sheets(CARDS)


def _starting_decks(cards: CardSet) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """M-S35: per Agenda, per Character, the two decks' cards together in type order (before the shuffle)."""
    return tuple(tuple(tuple(expand(tuple([a + c for a, c in zip(agenda, character, strict=True)])))
                       for character in cards.character_cards) for agenda in cards.agenda_cards)


_DEFAULT_DECKS: Final = _starting_decks(CARDS)  # (the balanced set's decks are the shipped set's)


# A user's card file, by its text: the games of a batch share one card set, catalogue and option cache
# instead of each rebuilding them (and the caches above growing by one per game).
_USER_CARDS: Final[dict[str, tuple[CardSet, Any]]] = {}
_USER_CARDS_KEPT: Final = 16


def _user_cards(path: str) -> tuple[CardSet, Any]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as problem:
        raise GameConfigError(f"card file {path!r} could not be read: {problem}") from None
    found = _USER_CARDS.get(text)
    if found is None:
        cards = load_cards(path)
        found = (cards, opt.build_catalogue(cards))
        if len(_USER_CARDS) >= _USER_CARDS_KEPT:
            _CACHES.pop(id(_USER_CARDS.pop(next(iter(_USER_CARDS)))[1]), None)
        _USER_CARDS[text] = found
    return found


# A block of discussion options: their ids and the options themselves, in the same order.
_Block = tuple[tuple[int, ...], tuple[Option, ...]]
# "Oxygen 5 → 4 (": the head of a track's move, by values and track (Menace._log_move)
_MOVE_HEADS: Final[dict[int, str]] = {}


def _cache_for(catalogue: Any) -> dict[Any, Any]:
    entry = _CACHES.get(id(catalogue))
    if entry is None:
        entry = _CACHES[id(catalogue)] = (catalogue, {})
    return entry[1]


_SEAT_NAMES: Final = tuple(f"P{seat + 1}" for seat in range(8))


def _one_end(text: str) -> str:
    """A card name that ends in "!" (Panic!) ends its sentence too: no "Panic!." in a player's log. (One character is
    looked for first: a two-character search in a text with "→" in it converts the needle to the text's width each
    time, several times the cost, and most texts have no "!".)"""
    return text.replace("!.", "!") if "!" in text and "!." in text else text


def _distinct_ids(base: int, items: list[int]) -> list[int]:
    """``sorted({base + item for item in items})``: one option per kind of card (or Wound) held, in id order, without
    a set or a sort (compiled, a set of boxed ints, then Python's generic sort): each id is put in its place among
    the few before it."""
    ids: list[int] = []
    for item in items:
        value = base + item
        place = len(ids)
        while place > 0 and ids[place - 1] > value:
            place -= 1
        if place == 0 or ids[place - 1] != value:
            ids.insert(place, value)
    return ids


def _p(seat: int) -> str:
    # seats are 0-based in data (M-S2); players read P1 for seat 0, as in every game (named once, not per event)
    return _SEAT_NAMES[seat]


# The option "balanced" (balanced.py) plays the shipped cards with Raise Morale at +2: built once, like CARDS.
_BALANCED_CARDS: Final = balanced_cards(CARDS)


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Menace(Game):
    """One game of The Menace Among Us for 4 to 8 players, Basic or Advanced."""

    name = "menace"
    title = "The Menace Among Us"
    key_events = {"Wounds": ("M-V1",), "deaths": ("M-V6", "M-T4"), "votes called": ("M-V16",),
                  "Exiles": ("M-V31",)}
    min_players = 4
    max_players = 8
    catalogue = opt.build_catalogue(CARDS)  # default labels; a card file brings its own
    decision_seconds = 30  # M-D6: a single choice with no timer of its own; the default a server applies
    declared_options = (  # M-S3, M-S14
        GameOption("advanced", "bool", False, "Advanced game (crew also need their Agenda's personal goal)"),
        GameOption("random_menace", "bool", False, "Random Menace Agendas"),
        GameOption("balanced", "bool", False, "Balanced: Oxygen starts higher and Raise Morale gives +2, so the "
                                              "Menace does not win most games or end them in round 1"),
        CARD_FILE,
    )

    def _event(self, round_no: int, text: str, rules: tuple[str, ...], audience: int | None = None) -> None:
        self._log.append((audience, round_no, _one_end(text), rules))

    # M-D6, M-T39, M-V20: the table's default timers in seconds (host-adjustable; none in batch simulation).
    # "defense" is the window between the Voting Pistol and the vote (M-V19): the engine asks the vote at once
    # and a server holds it back for this long, or until every living player has pressed Ready (M-X19).
    timers: ClassVar[dict[str, int]] = {"turn": 60, "choice": 30, "veto": 10, "discussion": 120, "defense": 60,
                                        "vote": 30}
    # The timer each decision kind runs on; every other kind is a single choice ("choice").
    timer_of_kind: ClassVar[dict[str, str]] = {"turn": "turn", "veto": "veto", "discussion": "discussion",
                                               "vote": "vote"}

    @classmethod
    def seconds_for(cls, kind: str) -> int:
        """M-D6: the default time a server gives a pending decision of ``kind``."""
        return cls.timers[cls.timer_of_kind.get(kind, "choice")]

    def __init__(self, players: int, seed: int, options: dict[str, Any], setup: dict[str, Any] | None) -> None:
        self._init_base(players, seed, options, setup)
        self.cards: CardSet = CARDS
        if options.get("card_file") is not None:  # M-S3 / DESIGN: a user's own card file, same schema
            self.cards, self.catalogue_in_use = _user_cards(options["card_file"])
        if options.get("balanced"):  # Raise Morale +2 (M-D2); a card file's other numbers stay its own
            self.cards = _BALANCED_CARDS if self.cards is CARDS else balanced_cards(self.cards)
        self.advanced = bool(options.get("advanced", False))  # M-S3
        self.random_menace = bool(options.get("random_menace", False))  # M-S14
        self.names = self.cards.bda_names
        cards = self.cards
        self._sheets = _DEFAULT_SHEETS if cards is CARDS or cards is _BALANCED_CARDS else _sheets(cards)
        self.plan = parse_setup(setup, players) if setup else NO_SETUP
        self._cache = _cache_for(self.catalogue_in_use)
        # typed, so that compiled code reads its entries natively (the shared cache holds values of every kind)
        talk = self._cache.get("talk")  # (not setdefault: it would make an empty dict every game)
        if talk is None:
            talk = self._cache["talk"] = {}
        self._talk_cache: dict[int, _Block] = talk
        self.rng = Rng(seed)
        # Random timeout defaults come from their own stream, derived one-way from the seed: a seat that sees
        # its defaults learns nothing about the stream that shuffles the decks and the pool.
        self.timeouts = Rng.derived(seed, "timeout defaults")
        self.stack: list[list[Any]] = []
        self._set_up()
        self._advance()

    # ---- setup (M-S*) --------------------------------------------------------------------------

    def _set_up(self) -> None:
        n, rng, plan = self.players, self.rng, self.plan
        self.round = plan.round
        self.leader = plan.leader if plan.leader is not None else rng.below(n)  # M-S7, M-S8
        start = BALANCED_OXYGEN.get(n, n) if self.option("balanced") else n  # M-S6, or the measured fix
        self.oxygen = plan.oxygen if plan.oxygen is not None else start
        self.energy = plan.energy if plan.energy is not None else 0  # M-S5
        self.ceiling = 10
        self.in_resolution = False
        emma = expand(self.cards.emma)  # M-S10
        rng.shuffle(emma)
        self.emma = plan.emma[::-1] if plan.emma is not None else emma  # top of a deck = end of its list
        self.emma_discard: list[int] = []
        wounds = list(range(16))  # M-S9: all 16
        rng.shuffle(wounds)
        self.wound_deck = plan.wounds[::-1] if plan.wounds is not None else wounds
        self.wound_discard: list[int] = list(plan.wound_discard)
        self.discard_count = 0
        self.agenda = plan.agendas if plan.agendas is not None else self._deal_agendas()
        # Fixed once Agendas are dealt: who holds a Crew / Menace Agenda (the end checks read these, M-V37).
        self.crew_seats = tuple(s for s in range(n) if SIDES[self.agenda[s]] == "crew")
        self.menace_seats = tuple(s for s in range(n) if self.agenda[s] in MENACE_AGENDAS)
        self.alive = [True] * n
        self.exiled = [False] * n
        self.revealed = [False] * n  # Agenda public (M-H1)
        self.wounds: list[list[int]] = [[] for _ in range(n)]
        self.ever_wounded = [False] * n
        self.skip_turn = [False] * n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.decks: list[list[int]] = [[] for _ in range(n)]
        self.deck_list: list[list[int]] = [[] for _ in range(n)]
        self.character = [-1] * n
        self.dealt: list[list[int]] = [[] for _ in range(n)]
        self.killed: list[int] = []  # seats in order of death
        self.exiles = 0  # real Exiles (M-D15)
        self.sanctuary_used = False
        self.stockpile_shown = False
        self.unbreakable_shown = False
        self.reserve_used = False
        self.menace_exposed = False
        self.coward_menace = False  # M-V35
        self.carry = plan.carry_replicate
        self.seen_agendas: list[list[int]] = []  # [hero, target] (M-E99)
        self.votes: list[int] = []  # last vote, public once revealed: per seat -2 not voting, -1 abstain, else target
        self.claims: list[tuple[int, int]] = []  # the last discussion's claims, public (M-H33): (seat, option id)
        self.last_caller = -1
        self.fervor = -1
        self.build: list[Any] = []
        self.current: list[int] = []
        self.winners_detail: list[list[Any]] = []
        for seat, ws in plan.start_wounds.items():
            self.wounds[seat] = list(ws)
            self.ever_wounded[seat] = True
            for w in ws:
                if w in self.wound_deck:
                    self.wound_deck.remove(w)
        for seat in plan.exiled:
            self.exiled[seat] = True
            self.revealed[seat] = True
            self.exiles += 1
        for seat in plan.dead:
            self.alive[seat] = False
            self.revealed[seat] = True
            self.killed.append(seat)
            self.wound_discard.extend(self.wounds[seat])
            self.wounds[seat] = []
        if any(self.agenda[s] in MENACE_AGENDAS and self.revealed[s] for s in range(n)):
            self.menace_exposed = True
        self.coward_menace = self._coward_should_be_menace()
        if not self.alive[self.leader]:
            self.leader = self._next_living(self.leader)
        self._lay_out_round()
        self.stack = [["round", plan.phase]]
        if plan.characters is not None:
            self.character = list(plan.characters)
            self._build_decks()
            self._event(self.round, "Characters: " + ", ".join(
                f"{_p(s)} {self.cards.character_names[c]}" for s, c in enumerate(self.character)), ("M-S27",))
        else:
            self.stack.append(["select", 0])

    def _deal_agendas(self) -> list[int]:
        """M-S12..S23: the Agendas for this player count, dealt uniformly to the seats."""
        n, rng = self.players, self.rng
        if n == 4:
            chosen = [MENACE_AGENDAS[rng.below(2)]] if self.random_menace else [CONTAGION]
        else:
            chosen = [CONTAGION, BUTCHER]
        if n >= 6:
            chosen.append(SAINT)
        if n >= 7:
            chosen.append(COWARD)
        crew = [a for a in CREW_AGENDAS if a not in chosen]  # M-S19
        while len(chosen) < n:
            chosen.append(crew.pop(rng.below(len(crew))))
        rng.shuffle(chosen)  # M-S23
        return chosen

    def _build_decks(self) -> None:
        """M-S35, M-S36: 13 Agenda cards + 7 Character cards, shuffled; draw 3."""
        cards, rng = self.cards, self.rng
        fixed_hands: dict[int, list[int]] = self.plan.hands  # (read once: each read of the plan is a generic one)
        fixed_decks: dict[int, list[int]] = self.plan.decks
        starting = _DEFAULT_DECKS if cards is CARDS or cards is _BALANCED_CARDS else _starting_decks(cards)
        for seat in range(self.players):
            listed = starting[self.agenda[seat]][self.character[seat]]
            deck = list(listed)
            self.deck_list[seat] = list(listed)
            rng.shuffle(deck)
            hand = [deck.pop(), deck.pop(), deck.pop()]
            if seat in fixed_hands:
                hand = list(fixed_hands[seat])
            if seat in fixed_decks:
                deck = fixed_decks[seat][::-1]
            self.hands[seat] = hand
            self.decks[seat] = deck if self.alive[seat] else []
            if not self.alive[seat]:
                self.hands[seat] = []

    def _lay_out_round(self) -> None:
        """The per-round lists, made once at set-up; each round refills them (_reset_round)."""
        n = self.players
        self.used = [False] * 32
        self.pool: list[list[int]] = []  # [card, origin]: origin seat, -1 EmMA fill, -2 Emergency Protocol
        self.played = [False] * n  # placed a card this round (M-E31)
        self.lockdown = [False] * n
        self.order: list[list[int]] = []
        self.shown: list[list[int]] = []  # this round's revealed cards: [card, cancelled]
        self._reset_round()

    def _reset_round(self) -> None:
        # The lists are refilled in place (each game owns its own; a clone copies them): compiled, cheaper than
        # making them anew each round and freeing the old ones.
        used, played, lockdown = self.used, self.played, self.lockdown
        for card in range(32):
            used[card] = False
        for seat in range(self.players):
            played[seat] = False
            lockdown[seat] = False
        self.pool.clear()
        self.order.clear()
        self.shown.clear()
        self.votes.clear()
        self.played_count = 0  # P (M-T28)
        self.emma_added = 0
        self.veto = -1
        self.veto_spent = False
        self.moxie = -1
        self.greenhouse = -1
        self.target_lock = -1
        self.trace = False
        self.reassign = -1
        self.deescalate = False
        self.backstab_seen = False
        self.brawl_seen = False
        self.breach_seen = False
        self.wounded_round = False
        self.copy_next = False
        self.reveal_i = 0
        self.turn_seat = -1
        self.last_caller = -1
        self.fervor = -1

    # ---- small helpers ---------------------------------------------------------------------------

    def _copy_state(self) -> Menace:
        """Shares ints, bools and the fixed setup plan; copies every list play can change (and nested lists)."""
        other = Menace.__new__(Menace)  # field by field: a compiled game has no __dict__
        other._cache = self._cache
        other._sheets = self._sheets
        other._talk_cache = self._talk_cache
        other.advanced = self.advanced
        other.agenda = self.agenda[:]
        other.alive = self.alive[:]
        other.backstab_seen = self.backstab_seen
        other.brawl_seen = self.brawl_seen
        other.breach_seen = self.breach_seen
        other.build = build = self.build[:]
        if build:
            build[5] = build[5][:]  # the Reboot cards chosen so far
        other.cards = self.cards
        other.carry = self.carry
        other.ceiling = self.ceiling
        other.character = self.character[:]
        other.claims = self.claims[:]
        other.copy_next = self.copy_next
        other.coward_menace = self.coward_menace
        other.crew_seats = self.crew_seats
        other.current = self.current[:]
        other.dealt = [inner[:] for inner in self.dealt]
        other.deck_list = [inner[:] for inner in self.deck_list]
        other.decks = [inner[:] for inner in self.decks]
        other.deescalate = self.deescalate
        other.discard_count = self.discard_count
        other.emma = self.emma[:]
        other.emma_added = self.emma_added
        other.emma_discard = self.emma_discard[:]
        other.energy = self.energy
        other.ever_wounded = self.ever_wounded[:]
        other.exiled = self.exiled[:]
        other.exiles = self.exiles
        other.fervor = self.fervor
        other.greenhouse = self.greenhouse
        other.hands = [inner[:] for inner in self.hands]
        other.in_resolution = self.in_resolution
        other.killed = self.killed[:]
        other.last_caller = self.last_caller
        other.leader = self.leader
        other.lockdown = self.lockdown[:]
        other.menace_exposed = self.menace_exposed
        other.menace_seats = self.menace_seats
        other.moxie = self.moxie
        other.names = self.names
        other.order = [inner[:] for inner in self.order]
        other.oxygen = self.oxygen
        other.plan = self.plan
        other.played = self.played[:]
        other.played_count = self.played_count
        other.pool = [inner[:] for inner in self.pool]
        other.random_menace = self.random_menace
        other.reassign = self.reassign
        other.reserve_used = self.reserve_used
        other.reveal_i = self.reveal_i
        other.revealed = self.revealed[:]
        other.rng = self.rng.copy()
        other.round = self.round
        other.sanctuary_used = self.sanctuary_used
        other.seen_agendas = [inner[:] for inner in self.seen_agendas]
        other.shown = [inner[:] for inner in self.shown]
        other.skip_turn = self.skip_turn[:]
        other.stack = self.stack[:]
        other.stockpile_shown = self.stockpile_shown
        other.target_lock = self.target_lock
        other.timeouts = self.timeouts.copy()
        other.trace = self.trace
        other.turn_seat = self.turn_seat
        other.unbreakable_shown = self.unbreakable_shown
        other.used = self.used[:]
        other.veto = self.veto
        other.veto_spent = self.veto_spent
        other.votes = self.votes[:]
        other.winners_detail = [inner[:] for inner in self.winners_detail]
        other.wound_deck = self.wound_deck[:]
        other.wound_discard = self.wound_discard[:]
        other.wounded_round = self.wounded_round
        other.wounds = [inner[:] for inner in self.wounds]
        return other

    def _ask1(self, seat: int, kind: str, ids: list[int], prompt: str, default: int | None = None,
              rules: tuple[str, ...] = ()) -> bool:
        self._pending = [self._decision(seat, kind, ids, prompt, default, rules)]
        return True

    def _decision(self, seat: int, kind: str, ids: list[int], prompt: str, default: int | None,
                  rules: tuple[str, ...]) -> Decision:
        # One tuple per set of options, shared by every decision that offers it: building a new one each time is a
        # little cheaper for the rules alone, but the bots keep their lookups per tuple (bots.base.options_by_text)
        # and would build them again for every decision. (A comprehension: compiled, a C loop.)
        option_ids = tuple(ids)
        options = self._cache.get(option_ids)
        if options is None:
            catalogue = self.catalogue_in_use
            options = self._cache[option_ids] = tuple([catalogue[i] for i in option_ids])
        return Decision(seat, kind, options, self._next_decision_id(seat), prompt,
                        option_ids[0] if default is None else default, rules, option_ids)

    def _from_leader(self) -> list[int]:
        n = self.players
        return [(self.leader + i) % n for i in range(n)]

    def _next_living(self, seat: int) -> int:
        n = self.players
        for i in range(1, n + 1):
            s = (seat + i) % n
            if self.alive[s]:
                return s
        return seat

    def _limit(self, seat: int) -> int:
        limit = 5 if self.agenda[seat] == HOARDER else 4  # M-T19, M-E96
        return limit - 1 if holds(self.wounds[seat], BROKEN_HAND) else limit

    def _random_card(self, hand: list[int]) -> int:
        return hand[self.rng.below(len(hand))]

    def _default_card(self, hand: list[int]) -> int:
        """A random card of ``hand`` for a timeout default, drawn from the separate timeout stream."""
        return hand[self.timeouts.below(len(hand))]

    def _default_play(self, seat: int, plays: list[int]) -> int:
        """M-X3, M-X7, M-X8: a random card from hand (the random play itself under Concussion)."""
        if plays[0] == opt.PLAY_RANDOM:
            return opt.PLAY_RANDOM
        return opt.PLAY + self._default_card(self.hands[seat])

    def _discard(self, seat: int, card: int, how: str, rules: tuple[str, ...]) -> None:
        self.hands[seat].remove(card)
        self.discard_count += 1
        self._event(self.round, f"You throw away {self.names[card]} ({how}).", rules, seat)  # M-H16

    def _draw(self, seat: int, count: int) -> int:
        """M-T9: draw what the deck holds; returns how many were drawn."""
        deck, hand = self.decks[seat], self.hands[seat]
        got = 0
        while got < count and deck:
            hand.append(deck.pop())
            got += 1
        if got:
            self._event(self.round, "You draw " + ", ".join(self.names[c] for c in hand[-got:]) + ".", ("M-T7",), seat)
        return got

    def _tremors(self, seat: int) -> int:
        return 1 if holds(self.wounds[seat], TREMORS) else 0

    def _emma_available(self) -> bool:
        return bool(self.emma) or bool(self.emma_discard)

    def _emma_draw(self) -> int:
        if not self.emma:  # M-T30
            if not self.emma_discard:
                return -1
            self.emma = self.emma_discard
            self.emma_discard = []
            self.rng.shuffle(self.emma)
            self._event(self.round, "The EmMA deck is rebuilt from EmMA's discarded cards.", ("M-T30",))
        return self.emma.pop()

    # ---- tracks and end checks (M-W*) --------------------------------------------------------------

    def _oxygen(self, delta: int, why: str, rules: tuple[str, ...]) -> None:
        before = self.oxygen
        value = max(0, min(15, before + delta))  # M-E5
        if value == 0 and not self.reserve_used:  # M-E97, M-E98
            for s in range(self.players):
                if self.agenda[s] == STEWARD and self.alive[s]:
                    self.reserve_used = True
                    value = 1
                    self.revealed[s] = True
                    self._event(self.round, f"Reserve Tank: {_p(s)} is The Steward; Oxygen stays at 1.",
                                ("M-E97",))
                    break
        self.oxygen = value
        self._log_move("Oxygen", before, value, why, rules)
        self._check()

    def _energy(self, delta: int, why: str, rules: tuple[str, ...]) -> None:
        before = self.energy
        value = before + delta
        if delta > 0 and self.in_resolution:
            value = max(before, min(value, self.ceiling))  # M-E3, M-E4
        value = max(0, min(10, value))
        self.energy = value
        self._log_move("Energy", before, value, why, rules)
        self._check()

    def _log_move(self, track: str, before: int, value: int, why: str, rules: tuple[str, ...]) -> None:
        """"Oxygen 5 → 4 (why).": the head is worded once per track and values and kept (the "→" makes the text
        two bytes a character, slower to build and to search), and only ``why`` is looked at for _event's "!."
        (the rest of the text has none)."""
        key = ((before * 64 + value) * 2 + (track == "Oxygen")) if 0 <= before < 64 and 0 <= value < 64 else -1
        head = _MOVE_HEADS.get(key) if key >= 0 else None
        if head is None:
            head = f"{track} {before} → {value} ("
            if key >= 0:
                _MOVE_HEADS[key] = head
        self._log.append((None, self.round, head + _one_end(why) + ").", rules))

    def _check(self) -> bool:
        """M-T37, M-W9: Oxygen 0, then all Crew killed, then the Safety Zone."""
        if self.over:
            return True
        alive = self.alive
        if self.oxygen <= 0:
            self._end("menace", "Oxygen reached 0", ("M-W1",))
        elif not any(alive[s] for s in self.crew_seats):
            self._end("menace", "every Crew player is dead", ("M-W2",))
        elif self.energy >= SAFETY and not any(alive[s] for s in self.menace_seats):
            self._end("crew", "no Menace is alive and Energy reached the Safety Threshold", ("M-W6",))
        return self.over

    def _coward_should_be_menace(self) -> bool:
        return self.menace_exposed and any(self.alive[s] for s in self.menace_seats)

    def _update_coward(self) -> None:
        """M-V35: re-evaluated after every Exile and death; the alignment is public, its holder is not."""
        if COWARD not in self.agenda:
            return
        now = self._coward_should_be_menace()
        if now != self.coward_menace:
            self.coward_menace = now
            self._event(self.round, "The Coward now sides with the " + ("Menace." if now else "Crew."),
                        ("M-V33", "M-V34", "M-V35"))

    def _individual(self, seat: int) -> bool:
        """M-W18: Individual Goals over the whole game record."""
        a, n = self.agenda[seat], self.players
        if a == VENGEANT:
            return any(s != seat for s in self.killed)
        if a == SAINT:
            return not any(SIDES[self.agenda[s]] == "crew" for s in self.killed)
        if a == RESOLUTE:
            return self.ever_wounded[seat]
        if a == ZEALOT:
            return self.exiles > 0
        if a == HOARDER:
            return self.alive[seat] and len(self.hands[seat]) >= 3
        if a == STEWARD:
            return self.oxygen >= n
        if a == HERO:
            return any(self.agenda[s] in MENACE_AGENDAS for s in self.killed)
        if a == COWARD:
            return not self.exiled[seat]
        return True

    def _end(self, side: str, reason: str, rules: tuple[str, ...]) -> None:
        """M-W11..W19: who wins, by mode."""
        winners: list[int] = []
        sides: dict[int, str] = {}
        detail: list[list[Any]] = []
        for seat in range(self.players):
            a = self.agenda[seat]
            if a == COWARD:
                sides[seat] = "coward"
                aligned = "menace" if self.coward_menace else "crew"
                primary = self.alive[seat] if not self.advanced else (self.alive[seat] and aligned == side)
                individual = self._individual(seat)
                won = primary and (individual or not self.advanced)  # M-W14
            else:
                sides[seat] = SIDES[a]
                primary = SIDES[a] == side
                individual = self._individual(seat)
                won = primary and (individual or not self.advanced or a in MENACE_AGENDAS)  # M-W16, M-W17
            detail.append([seat, primary, individual, won])
            if won:
                winners.append(seat)
        self.winners_detail = detail
        self._event(self.round, f"The game ends: {reason}; the {side.capitalize()} side wins.", rules)
        self._finish(winners, sides, f"{reason} ({side} side wins)")

    # ---- the flow ----------------------------------------------------------------------------------

    def _advance(self) -> None:
        stack = self.stack
        while not self.over and stack:
            frame = stack.pop()
            if self._frame(frame[0], frame):
                return

    # (Frames and answers are picked by a chain of comparisons, the most frequent first: compiled, each is then a
    # direct native call, where a table of methods called each through Python.)
    def _frame(self, kind: str, frame: list[Any]) -> bool:
        if kind == "limit":
            return self._f_limit(frame)
        if kind == "turn":
            return self._f_turn(frame)
        if kind == "reveal":
            return self._f_reveal(frame)
        if kind == "build":
            return self._f_build(frame)
        if kind == "round":
            return self._f_round(frame)
        if kind == "resolution":
            return self._f_resolution(frame)
        if kind == "accusation":
            return self._f_accusation(frame)
        if kind == "end_round":
            return self._f_end_round(frame)
        if kind == "end_round_late":
            return self._f_end_round_late(frame)
        if kind == "select":
            return self._f_select(frame)
        if kind == "noop":
            return self._f_noop(frame)
        if kind == "copy":
            return self._f_copy(frame)
        if kind == "brawl":
            return self._f_brawl(frame)
        if kind == "vote":
            return self._f_vote(frame)
        if kind == "scavenge":
            return self._f_scavenge(frame)
        if kind == "rush":
            return self._f_rush(frame)
        if kind == "delegate":
            return self._f_delegate(frame)
        if kind == "plot":
            return self._f_plot(frame)
        if kind == "bloodwork":
            return self._f_bloodwork(frame)
        if kind == "heal":
            return self._f_heal(frame)
        if kind == "last_act":
            return self._f_last_act(frame)
        if kind == "inventory":
            return self._f_inventory(frame)
        if kind == "exile_act":
            return self._f_exile_act(frame)
        raise AssertionError(f"no handler for {kind!r} frames")

    def _resolve_one(self, decision: Decision, option_id: int) -> None:
        self._pending = []
        kind, seat = decision.kind, decision.seat
        if kind == "turn":
            self._a_turn(seat, option_id)
        elif kind in ("target", "wound", "cost", "reboot"):
            self._a_build(seat, option_id)
        elif kind == "limit":
            self._a_limit_one(seat, option_id)
        elif kind == "discussion":
            self._a_discussion_one(seat, option_id)
        elif kind == "vote":
            self._a_vote_one(seat, option_id)
        elif kind == "brawl":
            self._a_brawl(seat, option_id)
        elif kind == "character":
            self._a_character({seat: option_id})
        elif kind == "delegated":
            self._a_delegated(seat, option_id)
        elif kind == "plot":
            self._a_plot(seat, option_id)
        elif kind == "scavenge":
            self._a_scavenge(seat, option_id)
        elif kind == "rush":
            self._a_rush(seat, option_id)
        elif kind == "veto":
            self._a_veto(seat, option_id)
        elif kind == "bloodwork":
            self._a_bloodwork(seat, option_id)
        elif kind == "last_act":
            self._a_last_act(seat, option_id)
        elif kind == "inventory":
            self._a_inventory(seat, option_id)
        elif kind == "exile_act":
            self._a_exile_act(seat, option_id)
        elif kind == "heal":
            self._a_heal(seat, option_id)
        else:
            raise AssertionError(f"no handler for {kind!r} decisions")
        self._advance()

    def _resolve(self, answers: dict[int, int]) -> None:
        kind = self._pending[0].kind
        self._pending = []
        if kind == "discussion":
            self._a_discussion(answers)
        elif kind == "limit":
            self._a_limit(answers)
        elif kind == "vote":
            self._a_vote(answers)
        elif kind == "character":
            self._a_character(answers)
        else:
            raise AssertionError(f"no handler for {kind!r} decisions")
        self._advance()

    # -- Character selection (M-S26..S34)

    def _f_select(self, frame: list[Any]) -> bool:
        group = frame[1]
        n = self.players
        order = self._from_leader()
        if group == 0:
            pool = list(range(16))
            self.rng.shuffle(pool)
            first = order[:5]
            for seat in first:
                self.dealt[seat] = sorted(pool.pop() for _ in range(3))
            seats = first
        else:
            rest = [c for c in range(16) if c not in self.character]  # M-S31
            self.rng.shuffle(rest)
            seats = order[5:]
            for seat, size in zip(seats, _SPLITS[n], strict=True):
                self.dealt[seat] = sorted(rest.pop() for _ in range(size))
        self._pending = [self._decision(s, "character", [opt.CHARACTER + c for c in self.dealt[s]],
                                        "Choose your Character", opt.CHARACTER + self.dealt[s][self.timeouts.below(
                                            len(self.dealt[s]))], ("M-S27", "M-X2")) for s in sorted(seats)]
        return True

    def _a_character(self, answers: dict[int, int]) -> None:
        for seat in sorted(answers):
            self.character[seat] = answers[seat] - opt.CHARACTER
            self.dealt[seat] = []
        self._event(self.round, "Characters chosen: " + ", ".join(
            f"{_p(s)} {self.cards.character_names[self.character[s]]}" for s in sorted(answers)), ("M-S28", "M-S29"))
        if -1 in self.character:
            self.stack.append(["select", 1])
        else:
            self._build_decks()

    # -- rounds and turns (M-T1..T23)

    def _f_round(self, frame: list[Any]) -> bool:
        self._reset_round()
        self._event(self.round, f"Round {self.round} begins; {_p(self.leader)} is Mission Leader.", ("M-T1",))
        stack = self.stack
        stack.append(["end_round"])
        stack.append(["accusation"])
        if frame[1:] == ["accusation"]:  # setup start.phase: this round's turns and Resolution are already over
            self.shown = [[card, 0] for card in self.plan.revealed]
            self._event(self.round, "The game starts at this round's discussion; revealed this round: "
                        + (", ".join(self.names[c] for c in self.plan.revealed) or "nothing") + ".",
                        ("M-T38", "M-H12"))
            return False
        stack.append(["resolution"])
        for seat in reversed(self._from_leader()):
            stack.append(["turn", seat])
        return False

    def _f_turn(self, frame: list[Any]) -> bool:
        seat = frame[1]
        if not self.alive[seat]:
            return False
        self.turn_seat = seat
        if not self.hands[seat] and not self.decks[seat]:  # M-T4, M-V8
            self._event(self.round, f"{_p(seat)} has no cards left and is killed.", ("M-T4", "M-V8"))
            self._kill([seat])
            if seat == self.leader and not self.over:  # M-T44
                self.leader = self._next_living(seat)
                self._event(self.round, f"{_p(self.leader)} is Mission Leader for the rest of the round.",
                            ("M-T44",))
            return False
        if self.skip_turn[seat]:  # M-E110, M-T5
            self.skip_turn[seat] = False
            self._event(self.round, f"{_p(seat)} is Unconscious and skips this turn.", ("M-E110",))
            return False
        return self._ask_turn(seat)

    def _play_ids(self, seat: int) -> list[int]:
        hand = self.hands[seat]
        if not hand or self.lockdown[seat]:  # M-T12, M-E64
            return []
        if holds(self.wounds[seat], CONCUSSION):  # M-E105
            return [opt.PLAY_RANDOM]
        return _distinct_ids(opt.PLAY, hand)

    def _ask_turn(self, seat: int) -> bool:
        ids: list[int] = []
        if self.decks[seat]:
            ids.append(opt.DRAW)
        plays = self._play_ids(seat)
        ids.extend(plays)
        abilities = self._usable(seat)
        ids.extend(opt.USE + a for a in abilities)
        if not ids:  # M-T22
            self._event(self.round, f"{_p(seat)} has no legal action.", ("M-T22",))
            return False
        if opt.DRAW in ids:
            default = opt.DRAW
        elif plays:
            default = self._default_play(seat, plays)
        else:
            ids.insert(0, opt.PASS)
            default = opt.PASS
        return self._ask1(seat, "turn", ids, "Your turn: draw, place a card or use an Above Deck Action",
                          default, ("M-T6", "M-X3"))

    def _a_turn(self, seat: int, option: int) -> None:
        if opt.USE <= option < opt.USE + 32:
            self.build = [seat, option - opt.USE, -1, -1, -1, [], "turn"]
            self.stack.append(["build"])  # the committed ability pushes its own hand-limit check
            return
        self.stack.append(["limit"])
        if option == opt.DRAW:
            self._draw(seat, 1)
            self._event(self.round, f"{_p(seat)} draws a card.", ("M-T7", "M-H20"))
        elif option == opt.PASS:
            self._event(self.round, f"{_p(seat)} takes no action.", ("M-X3",))
        else:
            self._place(seat, option, "")

    def _place(self, seat: int, option: int, how: str) -> None:
        """M-T10, M-T11: a card goes face down in front of its player."""
        hand = self.hands[seat]
        card = self._random_card(hand) if option == opt.PLAY_RANDOM else option - opt.PLAY
        hand.remove(card)
        self.pool.append([card, seat])
        self.played[seat] = True
        self.played_count += 1
        self._event(self.round, f"{_p(seat)} places a card face down{how}.", ("M-T10", "M-H10"))
        self._event(self.round, f"You place {self.names[card]} face down.", ("M-T10",), seat)

    # -- Above Deck Actions (M-E33..E84)

    def _costs(self, seat: int, ability: int) -> tuple[int, int, int]:
        return (self.cards.ability_oxygen[ability] + self._tremors(seat), self.cards.ability_energy[ability],
                self.cards.ability_discards[ability])

    def _usable(self, seat: int) -> list[int]:
        character = self.character[seat]
        if character < 0 or self.exiled[seat] or holds(self.wounds[seat], SEDATED):  # M-T15, M-E109
            return []
        out = []
        tremors = holds(self.wounds[seat], TREMORS)
        hand_size = len(self.hands[seat])
        used, oxygen_left, energy_left = self.used, self.oxygen, self.energy
        for ability, oxygen, energy, discards in self._sheets[character]:
            if used[ability]:  # M-T14
                continue
            if oxygen_left < oxygen + tremors or energy_left < energy or hand_size < discards:  # M-T17, M-E106
                continue
            if ability in _NO_ARG:
                if ability == SELF_REPAIR and not self._removable(seat):
                    continue
                if ability == REBOOT and not hand_size:
                    continue
                if (ability == PLOT_COURSE or ability == EMERGENCY) and not (self.emma or self.emma_discard):
                    continue
            elif not self._targets(seat, ability):
                continue
            out.append(ability)
        return out

    def _removable(self, seat: int) -> list[int]:
        return [w for w in self.wounds[seat] if w != HEMORRHAGE]  # M-E113, M-V4

    def _targets(self, seat: int, ability: int) -> list[int]:
        """M-E35: 'a crewmember' includes the user, 'another' does not; killed players never."""
        alive, hands = self.alive, self.hands
        n = self.players  # (each comprehension walks range(n) itself: compiled, a C loop; a range kept in a
        # variable is walked through Python's iterator protocol)
        if ability == BLOODWORK:
            return [s for s in range(n) if alive[s] and hands[s]]
        if ability in (FIRST_AID, HOT_MEAL):
            return [s for s in range(n) if alive[s] and self._removable(s)]
        if ability == COMMANDEER:
            return [s for s in range(n) if alive[s] and self.decks[s]]
        if ability == CRUNCH:
            return [s for s in range(n) if alive[s] and not self.wounds[s]]
        if ability == SCAN:
            return [s for s in range(n) if alive[s]]
        if ability == SURVEILLANCE:
            return [s for s in range(n) if s != seat and alive[s] and self.played[s] and
                    any(o == s for _, o in self.pool)]
        if ability in (ANALYZE, INVENTORY, SUPPRESSING_FIRE):
            return [s for s in range(n) if s != seat and alive[s] and hands[s]]
        if ability == TRUST:
            return [s for s in range(n) if s != seat and alive[s] and (hands[s] or hands[seat])]
        return [s for s in range(n) if s != seat and alive[s]]  # DELEGATE, LASER, LOCKDOWN, REASSIGN, COMFORT_FOOD

    def _build_parts(self) -> tuple[int, int, int, int, int, list[int]]:
        """The ability being built: (seat, ability, target, wound, discard, reboot cards), each read with its type (the
        build is a list of values of every kind, and compiled code compares an untyped value generically)."""
        b = self.build
        return b[0], b[1], b[2], b[3], b[4], b[5]

    def _continue_build(self) -> bool:
        """Asks the next missing choice of the ability being committed (M-X4, M-X6), or commits it."""
        seat, ability, target, wound, discard, reboot = self._build_parts()
        name = self.cards.ability_names[ability]
        if ability not in _NO_ARG and target < 0:
            ids = [opt.TARGET + s for s in self._targets(seat, ability)] + [opt.BACK]
            return self._ask1(seat, "target", ids, f"{name}: choose a crewmember", opt.BACK, ("M-X4",))
        if ability == SELF_REPAIR and wound < 0:
            ids = _distinct_ids(opt.REMOVE, self._removable(seat))
            if len(ids) > 1:
                return self._ask1(seat, "wound", ids + [opt.BACK], f"{name}: choose the Wound to remove",
                                  opt.BACK, ("M-E81",))
            self.build[3] = ids[0] - opt.REMOVE
        if self.cards.ability_discards[ability] and discard < 0:
            ids = _distinct_ids(opt.DISCARD, self.hands[seat]) + [opt.BACK]
            return self._ask1(seat, "cost", ids, f"{name}: choose the card to throw away as the cost",
                              opt.BACK, ("M-X6",))
        if ability == REBOOT and (not reboot or self.build[7:] != ["done"]):
            left = list(self.hands[seat])
            for c in reboot:
                left.remove(c)
            ids = _distinct_ids(opt.DISCARD, left)
            if reboot:
                ids.append(opt.DONE)
            if not ids:
                self.build.append("done")
                return self._continue_build()
            return self._ask1(seat, "reboot", ids + [opt.BACK], "Reboot: choose cards to throw away, then done",
                              opt.BACK, ("M-E82", "M-X9"))
        self._commit_ability()
        return True

    def _a_build(self, seat: int, option: int) -> None:
        if option == opt.BACK:
            ctx, self.build = self.build[6], []
            if ctx == "turn":
                self._ask_turn(seat)
            else:
                self._ask_delegated(seat)
            self.stack.append(["noop"])  # keep _advance from popping past the re-asked decision
            return
        b = self.build
        if opt.TARGET <= option < opt.TARGET + 8:
            b[2] = option - opt.TARGET
        elif opt.REMOVE <= option < opt.REMOVE + 17:
            b[3] = option - opt.REMOVE
        elif option == opt.DONE:
            b.append("done")
        elif b[1] == REBOOT:
            b[5].append(option - opt.DISCARD)
        else:
            b[4] = option - opt.DISCARD
        self.stack.append(["build"])

    def _f_build(self, frame: list[Any]) -> bool:
        if not self.build:
            return False
        return self._continue_build() and bool(self._pending)

    def _f_noop(self, frame: list[Any]) -> bool:
        return bool(self._pending)

    def _commit_ability(self) -> None:
        seat, ability, target, wound, discard, reboot = self._build_parts()
        self.build = []
        self.stack.append(["limit"])
        oxygen, energy, _ = self._costs(seat, ability)
        self.used[ability] = True
        name = self.cards.ability_names[ability]
        cost = ", ".join(x for x in (f"-{oxygen} Oxygen" if oxygen else "", f"-{energy} Energy" if energy else "",
                                     "1 card thrown away" if discard >= 0 else "") if x) or "no cost"
        on = f" on {_p(target)}" if target >= 0 else ""
        self._event(self.round, f"{_p(seat)} uses {name}{on} ({cost}).", ("M-T13", "M-E37", "M-H20"))
        if discard >= 0:
            self._discard(seat, discard, f"cost of {name}", ("M-T17",))
        if energy:
            self._energy(-energy, f"cost of {name}", ("M-T17",))
        if oxygen:
            self._oxygen(-oxygen, f"cost of {name}", ("M-T17", "M-T18"))
        if self.over:
            return
        _EFFECTS[ability](self, seat, target, wound, reboot)

    # individual ability effects: (seat, target, wound, reboot cards)

    def _e_bloodwork(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        self.stack.append(["bloodwork", target])

    def _e_heal(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        self.stack.append(["heal", target])

    def _e_delegate(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        self.stack.append(["delegate", target])

    def _e_commandeer(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        card = self.decks[target].pop()  # M-E50
        self.hands[seat].append(card)
        self._event(self.round, f"Commandeer: you take {self.names[card]} from {_p(target)}'s deck.", ("M-E50",), seat)

    def _e_crunch(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        got = self._draw(target, 3)  # M-E52
        self._event(self.round, f"{_p(target)} draws {plural(got, 'card')}.", ("M-E51",))
        self._wound(target, ("M-E51",))

    def _e_moxie(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        self.moxie = seat

    def _e_veto(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        self.veto = seat

    def _e_laser(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        self._wound(target, ("M-E58",))

    def _e_overclock(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        self._energy(1, "Overclock", ("M-E59", "M-E38"))

    def _e_reroute(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        self._oxygen(1, "Reroute", ("M-E60",))

    def _e_cultivate(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        self._oxygen(1, "Cultivate", ("M-E61",))

    def _e_greenhouse(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        self.greenhouse = seat

    def _e_surveillance(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        theirs = [c for c, o in self.pool if o == target]
        card = self._random_card(theirs)
        self._event(self.round, f"Surveillance: {_p(target)} placed {self.names[card]}.", ("M-E63", "M-H21"), seat)

    def _e_lockdown(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        self.lockdown[target] = True

    def _e_rush(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        self._draw(seat, 1)  # M-E66
        self.stack.append(["rush", seat])

    def _e_scavenge(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        got = self._draw(seat, 2)
        if got:
            self.stack.append(["scavenge", seat, got])

    def _e_scan(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        top = self.decks[target][-3:][::-1]
        seen = ", ".join(self.names[c] for c in top) or "nothing"
        self._event(self.round, f"Scan: the top of {_p(target)}'s deck is {seen} (top first).", ("M-E68",), seat)

    def _e_analyze(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        card = self._random_card(self.hands[target])
        self._event(self.round, f"Analyze: {_p(target)} holds {self.names[card]}.", ("M-E69", "M-H21"), seat)

    def _e_trace(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        self.trace = True

    def _e_reassign(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        self.reassign = target

    def _e_plot(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        if not self.emma:
            card = self._emma_draw()
            self.emma.append(card)
        top = self.emma[-3:][::-1]
        self._event(self.round, "Plot Course: EmMA's top cards are " + ", ".join(self.names[c] for c in top) +
                    " (top first).", ("M-E73",), seat)
        if len(top) > 1:
            self.stack.append(["plot", seat, len(top)])

    def _e_emergency(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        card = self._emma_draw()
        self.pool.append([card, -2])  # M-E74: not counted in P
        self.emma_added += 1
        self._event(self.round, "An EmMA card joins this round's cards face down.", ("M-E74",))

    def _e_requisition(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        got = self._draw(seat, 2)
        self._event(self.round, f"{_p(seat)} draws {plural(got, 'card')}.", ("M-E75",))

    def _e_inventory(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        self.stack.append(["inventory", target, seat])

    def _e_target_lock(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        self.target_lock = seat

    def _e_suppress(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        self._discard(target, self._random_card(self.hands[target]), "Suppressing Fire", ("M-E78",))
        self._event(self.round, f"{_p(target)} throws away a random card.", ("M-E78",))

    def _e_comfort(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        got = self._draw(target, 2)
        self._event(self.round, f"{_p(target)} draws {plural(got, 'card')}.", ("M-E80",))

    def _e_self_repair(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        self._remove_wound(seat, wound, ("M-E81",))

    def _e_reboot(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        for card in cards:
            self._discard(seat, card, "Reboot", ("M-E82",))
        got = self._draw(seat, len(cards))
        self._event(self.round, f"{_p(seat)} throws away {plural(len(cards), 'card')} and draws {got}.", ("M-E82",))

    def _e_trust(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        if self.hands[seat]:
            mine = self._random_card(self.hands[seat])
            self._event(self.round, f"Trust Exercise: {_p(seat)} holds {self.names[mine]}.", ("M-E83",), target)
        if self.hands[target]:
            theirs = self._random_card(self.hands[target])
            self._event(self.round, f"Trust Exercise: {_p(target)} holds {self.names[theirs]}.", ("M-E83",), seat)

    def _e_deescalate(self, seat: int, target: int, wound: int, cards: list[int]) -> None:
        self.deescalate = True

    # follow-up decisions of abilities

    def _f_bloodwork(self, frame: list[Any]) -> bool:
        target = frame[1]
        hand = self.hands[target]
        if not hand:
            return False
        ids = _distinct_ids(opt.REVEAL, hand)
        return self._ask1(target, "bloodwork", ids, "Bloodwork: choose the card you show to everyone",
                          opt.REVEAL + self._default_card(hand), ("M-E41", "M-X10"))

    def _a_bloodwork(self, seat: int, option: int) -> None:
        self._event(self.round, f"{_p(seat)} shows {self.names[option - opt.REVEAL]} from their hand.",
                    ("M-E39", "M-H21"))

    def _f_heal(self, frame: list[Any]) -> bool:
        target = frame[1]
        removable = self._removable(target)
        if not removable:
            return False
        kinds = sorted(set(removable))
        if len(kinds) == 1:
            self._remove_wound(target, kinds[0], ("M-E43",))
            return False
        return self._ask1(target, "heal", [opt.REMOVE + w for w in kinds], "Choose the Wound you remove",
                          opt.REMOVE + removable[0], ("M-E43", "M-X11"))

    def _a_heal(self, seat: int, option: int) -> None:
        self._remove_wound(seat, option - opt.REMOVE, ("M-E43",))

    def _remove_wound(self, seat: int, wound: int, rules: tuple[str, ...]) -> None:
        self.wounds[seat].remove(wound)
        self.wound_discard.append(wound)  # M-V2
        if wound == UNCONSCIOUS:
            self.skip_turn[seat] = False  # M-E117
        self._event(self.round, f"{_p(seat)} removes {self.cards.wound_names[wound]}.", rules + ("M-E117",))

    def _f_delegate(self, frame: list[Any]) -> bool:
        return self._ask_delegated(frame[1])

    def _ask_delegated(self, seat: int) -> bool:
        """M-E45..E48: Play or an Above Deck Action, at once; never Draw; not a turn."""
        plays = self._play_ids(seat)
        ids = plays + [opt.USE + a for a in self._usable(seat)]
        if not ids:
            self._event(self.round, f"{_p(seat)} can do nothing for Delegate.", ("M-E47",))
            return False
        if plays:
            default = self._default_play(seat, plays)
        else:
            ids.insert(0, opt.PASS)
            default = opt.PASS
        return self._ask1(seat, "delegated", ids, "Delegate: place a card or use an Above Deck Action now",
                          default, ("M-E45", "M-X7"))

    def _a_delegated(self, seat: int, option: int) -> None:
        if option == opt.PASS:
            self._event(self.round, f"{_p(seat)} takes no delegated action.", ("M-X7",))
        elif opt.USE <= option < opt.USE + 32:
            self._event(self.round, f"{_p(seat)} answers Delegate with an Above Deck Action.", ("M-H22",))
            self.build = [seat, option - opt.USE, -1, -1, -1, [], "delegated"]
            self.stack.append(["build"])
        else:
            self._place(seat, option, " (Delegate)")

    def _f_rush(self, frame: list[Any]) -> bool:
        seat = frame[1]
        plays = self._play_ids(seat)
        if not plays:
            return False
        default = self._default_play(seat, plays)
        return self._ask1(seat, "rush", plays, "Rush: place a card face down", default, ("M-E66", "M-X8"))

    def _a_rush(self, seat: int, option: int) -> None:
        self._place(seat, option, " (Rush)")

    def _f_scavenge(self, frame: list[Any]) -> bool:
        seat, left = frame[1], frame[2]
        hand = self.hands[seat]
        if left <= 0 or not hand:
            return False
        self.stack.append(["scavenge", seat, left - 1])  # a new frame: clones share pushed frames
        ids = _distinct_ids(opt.DISCARD, hand)
        return self._ask1(seat, "scavenge", ids, f"Scavenge: throw away a card ({left} to go)",
                          opt.DISCARD + self._default_card(hand), ("M-E67", "M-X9"))

    def _a_scavenge(self, seat: int, option: int) -> None:
        self._discard(seat, option - opt.DISCARD, "Scavenge", ("M-E67",))
        self._event(self.round, f"{_p(seat)} throws away a card.", ("M-E67",))

    def _f_inventory(self, frame: list[Any]) -> bool:
        target, user = frame[1], frame[2]
        hand = self.hands[target]
        if not hand:
            return False
        self.current = [user]
        ids = _distinct_ids(opt.GIVE, hand)
        return self._ask1(target, "inventory", ids, f"Inventory: choose the card you hand to {_p(user)}",
                          opt.GIVE + self._default_card(hand), ("M-E76", "M-X12"))

    def _a_inventory(self, seat: int, option: int) -> None:
        user, card = self.current[0], option - opt.GIVE
        self.hands[seat].remove(card)
        self.hands[user].append(card)
        self._event(self.round, f"Inventory: you hand {self.names[card]} to {_p(user)}.", ("M-E76",), seat)
        self._event(self.round, f"Inventory: {_p(seat)} hands you {self.names[card]}.", ("M-E76",), user)
        self._event(self.round, f"{_p(seat)} hands a card to {_p(user)}.", ("M-E76",))

    def _f_plot(self, frame: list[Any]) -> bool:
        seat, k = frame[1], frame[2]
        first = {1: 0, 2: 1, 3: 3}[k]
        ids = [opt.ORDER + first + i for i in range(len([p for p in opt.PERMS if len(p) == k]))]
        return self._ask1(seat, "plot", ids, "Plot Course: the new order of the seen EmMA cards (top first)",
                          ids[0], ("M-E73", "M-X13"))

    def _a_plot(self, seat: int, option: int) -> None:
        perm = opt.PERMS[option - opt.ORDER]
        k = len(perm)
        top = self.emma[-k:][::-1]
        new_top = [top[i] for i in perm]
        del self.emma[-k:]
        self.emma.extend(new_top[::-1])
        self._event(self.round, f"{_p(seat)} puts the EmMA cards back.", ("M-E73",))
        self._event(self.round, "Plot Course: you put them back as " + ", ".join(self.names[c] for c in new_top) +
                    " (top first).", ("M-E73", "M-H21"), seat)  # the user knows the order it chose

    # -- Wounds and deaths (M-V1..V15)

    def _wound(self, seat: int, rules: tuple[str, ...]) -> None:
        if self.over or not self.alive[seat]:
            return
        if not self.wound_deck and self.wound_discard:  # M-V2
            self.wound_deck = self.wound_discard
            self.wound_discard = []
            self.rng.shuffle(self.wound_deck)
            self._event(self.round, "The Wound discard is shuffled into a new Wound deck.", ("M-V2",))
        wound = self.wound_deck.pop() if self.wound_deck else BLANK_WOUND
        self.wounds[seat].append(wound)
        self.ever_wounded[seat] = True
        self.wounded_round = True
        self._event(self.round, f"{_p(seat)} takes a Wound: {self.cards.wound_names[wound]} "
                    f"({self.cards.wound_texts[wound].rstrip('.')}).", rules + ("M-V1", "M-H17"))
        if wound == SHOCK and self.hands[seat]:  # M-E111
            self._discard(seat, self._random_card(self.hands[seat]), "Shock", ("M-E111",))
            self._event(self.round, f"{_p(seat)} throws away a random card.", ("M-E111",))
        elif wound == ADRENALINE:  # M-E112
            got = self._draw(seat, 2)
            self._event(self.round, f"{_p(seat)} draws {plural(got, 'card')}.", ("M-E112",))
        elif wound == ELECTRICAL_BURNS:
            self._energy(-1, "Electrical Burns", ("M-E114",))
        elif wound == RUPTURED_SUIT:
            self._oxygen(-1, "Ruptured Suit", ("M-E115",))
        elif wound == UNCONSCIOUS:
            self.skip_turn[seat] = True
        self._check()

    def _reveal_agenda(self, seat: int, rules: tuple[str, ...]) -> None:
        if not self.revealed[seat]:
            self.revealed[seat] = True
        self._event(self.round, f"{_p(seat)}'s Agenda: {self.cards.agenda_names[self.agenda[seat]]}.", rules)
        if self.agenda[seat] in MENACE_AGENDAS:
            self.menace_exposed = True

    def _kill(self, seats: list[int]) -> None:
        """M-V9, M-V11, M-V13: simultaneous deaths, one Oxygen change, then triggered abilities."""
        total = 0
        for seat in seats:
            self.alive[seat] = False
            self.killed.append(seat)
            self._event(self.round, f"{_p(seat)} is killed.", ("M-V6", "M-V12"))
            self._reveal_agenda(seat, ("M-V9", "M-H1"))
            self.wound_discard.extend(self.wounds[seat])
            self.wounds[seat] = []
            self.hands[seat] = []
            self.decks[seat] = []
            self.skip_turn[seat] = False
            total += self.cards.killed_oxygen[self.agenda[seat]]
        self._update_coward()
        if total:
            self._oxygen(total, "Killed effects", ("M-V10", "M-V11"))
        else:
            self._check()
        if self.over:
            return
        for seat in reversed(self._from_leader()):
            if seat in seats and (self.agenda[seat] == VENGEANT or
                                  (self.agenda[seat] == CONTAGION and not self.exiled[seat])):
                self.stack.append(["limit"])
                self.stack.append(["last_act", seat])

    def _f_last_act(self, frame: list[Any]) -> bool:
        """M-E87, M-E91, M-X18: a dying Contagion or Vengeant may pick a living player."""
        seat = frame[1]
        ids = [opt.TARGET + s for s in range(self.players) if self.alive[s] and s != seat] + [opt.NO_TARGET]
        what = "discards their whole hand" if self.agenda[seat] == CONTAGION else "takes a Wound"
        return self._ask1(seat, "last_act", ids, f"You were killed: you may choose a player who {what}",
                          opt.NO_TARGET, ("M-X18",))

    def _a_last_act(self, seat: int, option: int) -> None:
        if option == opt.NO_TARGET:
            self._event(self.round, f"{_p(seat)} chooses nobody.", ("M-X18",))
            return
        target = option - opt.TARGET
        if self.agenda[seat] == CONTAGION:
            count = len(self.hands[target])
            for card in list(self.hands[target]):
                self._discard(target, card, "The Contagion", ("M-E87",))
            self._event(self.round, f"The Contagion: {_p(target)} throws away their hand ({plural(count, 'card')}).",
                        ("M-E87", "M-E88"))
        else:
            self._event(self.round, f"The Vengeant wounds {_p(target)}.", ("M-E91", "M-E92"))
            self._wound(target, ("M-E91",))

    # -- hand limit (M-T19..T21)

    def _f_limit(self, frame: list[Any]) -> bool:
        hands = self.hands
        big = [s for s in range(self.players) if len(hands[s]) > 3]
        if not big:
            return False  # every limit is at least 3 and the Hoarder shows itself only above 3 (M-E96)
        over = [s for s in big if self.alive[s] and len(hands[s]) > self._limit(s)]
        if not self.stockpile_shown:
            for s in big:  # M-E96: the Hoarder shows itself before its hand count can
                if (self.agenda[s] == HOARDER and self.alive[s] and
                        self._limit(s) - 1 < len(self.hands[s]) <= self._limit(s)):
                    self.stockpile_shown = True
                    self._reveal_agenda(s, ("M-E96",))
        if not over:
            return False
        self.stack.append(["limit"])
        self._pending = [self._decision(s, "limit", _distinct_ids(opt.DISCARD, self.hands[s]),
                                        f"Over your hand limit of {self._limit(s)}: throw away a card",
                                        opt.DISCARD + self._default_card(self.hands[s]), ("M-T19", "M-X5"))
                         for s in over]
        return True

    def _a_limit_one(self, seat: int, option: int) -> None:
        self._a_limit({seat: option})

    def _a_limit(self, answers: dict[int, int]) -> None:
        for seat in sorted(answers):
            self._discard(seat, answers[seat] - opt.DISCARD, "hand limit", ("M-T19",))
            self._event(self.round, f"{_p(seat)} throws away a card (hand limit).", ("M-T19", "M-T21"))

    # -- Resolution (M-T24..T37, M-E1..E32)

    def _f_resolution(self, frame: list[Any]) -> bool:
        n = self.players
        self.in_resolution = True
        self.ceiling = min(10, self.energy + 5)  # M-T25
        if self.veto >= 0 and not self.alive[self.veto]:
            self.veto = -1  # M-E57
        target = (n + 1) // 2  # M-T26, M-T27
        fill = max(0, target - self.played_count)
        added = 0
        for _ in range(fill):
            card = self._emma_draw()
            if card < 0:
                break
            self.pool.append([card, -1])
            added += 1
        ep = self.emma_added
        self.emma_added += added
        extra = f" + {ep} (Emergency Protocol)" if ep else ""
        self._event(self.round, f"Resolution: {plural(self.played_count, 'card')} played; EmMA adds {added}{extra}. "
                    f"Energy may rise to {self.ceiling}.", ("M-T25", "M-T26", "M-T29", "M-H13"))
        pool = self.pool
        if self.trace:  # M-E70
            order = ([e for e in pool if e[1] >= 0] + [e for e in pool if e[1] == -2] +
                     [e for e in pool if e[1] == -1])
            self._event(self.round, "Trace: the cards are revealed in the order they were placed.", ("M-E70",))
        else:
            order = [e[:] for e in pool]
            self.rng.shuffle(order)  # M-T32
            wanted = self.plan.reveal_order.get(self.round)
            if wanted is not None:
                if sorted(wanted) == sorted(c for c, _ in order):
                    rest = order[:]
                    order = []
                    for card in wanted:
                        for i, e in enumerate(rest):
                            if e[0] == card:
                                order.append(rest.pop(i))
                                break
                else:
                    raise SetupOverrideError(
                        f"setup reveal_order for round {self.round} must hold exactly the pool's cards "
                        f"{sorted(BDA_KEYS[c] for c, _ in order)}, got {sorted(BDA_KEYS[c] for c in wanted)}")
        self.order = order
        self.reveal_i = 0
        if self.carry:  # M-E16, M-E17
            self.copy_next = True
            self.carry = False
            self._event(self.round, "Last round's Replicate applies to the first card.", ("M-E16", "M-E17"))
        self.stack.append(["reveal"])
        return False

    def _f_reveal(self, frame: list[Any]) -> bool:
        if self.reveal_i >= len(self.order):
            return self._end_resolution()
        card = self.order[self.reveal_i][0]
        self.reveal_i += 1
        self.shown.append([card, 0])
        self._event(self.round, f"Revealed: {self.names[card]}.", ("M-T33", "M-H11", "M-H12"))
        first = False
        if card == BACKSTAB:
            first, self.backstab_seen = not self.backstab_seen, True  # M-E22, M-E23
        elif card == BRAWL:
            first, self.brawl_seen = not self.brawl_seen, True
        elif card in (AIRLOCK, PANIC):
            self.breach_seen = True
        copy = self.copy_next
        self.copy_next = False
        self.current = [card, int(copy), int(first)]
        if self.veto >= 0 and not self.veto_spent:
            if self.reveal_i == len(self.order):  # M-E56: forced on the last card
                self._apply_card(card, copy, first, True)
                return False
            return self._ask1(self.veto, "veto", [opt.VETO_ALLOW, opt.VETO_CANCEL],
                              f"Veto: cancel {self.names[card]}?", opt.VETO_ALLOW, ("M-E56", "M-X14"))
        self._apply_card(card, copy, first, False)
        return False

    def _a_veto(self, seat: int, option: int) -> None:
        card, copy, first = self.current
        self._apply_card(card, bool(copy), bool(first), option == opt.VETO_CANCEL)

    def _apply_card(self, card: int, copy: bool, first: bool, cancelled: bool) -> None:
        stack = self.stack
        stack.append(["reveal"])
        if cancelled:  # M-E55, M-E57, M-E19
            self.veto_spent = True
            self.shown[-1][1] = 1
            self._event(self.round, f"Veto: {self.names[card]} is cancelled.", ("M-E55", "M-E57", "M-E19"))
            return
        if card == COMMAND:
            stack.append(["limit"])
        if card == REPLICATE:  # M-E13, M-E15
            self.copy_next = True
            if copy:
                self._event(self.round, "The earlier Replicate copies nothing.", ("M-E15",))
            return
        if copy:
            if card in (BACKSTAB, BRAWL):  # M-E18
                self._event(self.round, f"The Replicate copy of {self.names[card]} does nothing.", ("M-E18",))
            else:
                stack.append(["copy", card])
        self._card_effect(card, first, False)

    def _f_copy(self, frame: list[Any]) -> bool:
        self._event(self.round, f"Replicate: {self.names[frame[1]]} happens again.", ("M-E14", "M-E20"))
        self._card_effect(frame[1], False, True)
        return False

    def _card_effect(self, card: int, first: bool, copy: bool) -> None:
        """M-E7..E32: cost first, then effect, with state checks after each."""
        name = self.names[card]
        cost = self.cards.oxygen_costs[card]
        if cost:
            self._oxygen(-cost, f"cost of {name}", ("M-T34", "M-E2"))
            if self.over:
                return
        if card == RAISE_MORALE:
            self._oxygen(self.cards.oxygen_effects[card], name, ("M-E7", "M-E8"))
        elif card == ADVANCED_REPAIR:
            self._energy(self.cards.energy_effects[card], name, ("M-E10", "M-E3"))
        elif card == BASIC_REPAIR:
            self._energy(self.cards.energy_effects[card], name, ("M-E9", "M-E3"))
        elif card == COMMAND:  # M-E11, M-E12
            for seat in self._from_leader():
                if self.alive[seat]:
                    self._draw(seat, 1)
            self._event(self.round, "Every crewmember draws a card.", ("M-E11", "M-E12"))
        elif card == PANIC:  # M-E27
            for seat in self._from_leader():
                if self.alive[seat] and self.hands[seat]:
                    self._discard(seat, self._random_card(self.hands[seat]), "Panic!", ("M-E27",))
            self._event(self.round, "Every crewmember throws away a random card.", ("M-E27",))
        elif card == AIRLOCK:
            self._oxygen(self.cards.oxygen_effects[card], name, ("M-E28",))
        elif card == EXPLOSION:
            self._energy(self.cards.energy_effects[card], name, ("M-E32",))
        elif card == REACTOR_LEAK:  # M-E29..E31
            hit = [s for s in self._from_leader() if self.alive[s] and self.played[s] and not self.wounds[s]]
            for seat in hit:
                self._wound(seat, ("M-E29", "M-E30"))
                if self.over:
                    return
            if not hit:
                self._event(self.round, "Reactor Leak wounds nobody.", ("M-E29",))
        elif card == BACKSTAB:  # M-E21
            if first:
                self._wound(self.leader, ("M-E21",))
            else:
                self._event(self.round, "Not the first Backstab this round: nothing happens.", ("M-E21",))
        elif card == BRAWL:  # M-E24..E26
            if first:
                chooser = self.target_lock if self.target_lock >= 0 and self.alive[self.target_lock] else self.leader
                self.stack.append(["limit"])
                self.stack.append(["brawl", chooser])
            else:
                self._event(self.round, "Not the first Brawl this round: nothing happens.", ("M-E24",))

    def _f_brawl(self, frame: list[Any]) -> bool:
        chooser = frame[1]
        living = [s for s in range(self.players) if self.alive[s]]
        others = [s for s in living if s != chooser] or living
        default = opt.TARGET + others[self.timeouts.below(len(others))]
        return self._ask1(chooser, "brawl", [opt.TARGET + s for s in living], "Brawl: choose who takes a Wound",
                          default, ("M-E24", "M-E25", "M-X15"))

    def _a_brawl(self, seat: int, option: int) -> None:
        target = option - opt.TARGET
        self._event(self.round, f"{_p(seat)} picks {_p(target)} for the Brawl.", ("M-E24", "M-E25"))
        self._wound(target, ("M-E24",))

    def _end_resolution(self) -> bool:
        if self.copy_next:  # M-E16
            self.carry = True
            self.copy_next = False
            self._event(self.round, "Replicate carried to next round.", ("M-E16", "M-H23"))
        for card, origin in self.pool:
            if origin < 0:
                self.emma_discard.append(card)
        self.discard_count += len(self.pool)  # M-T35
        self.pool = []
        self.order = []
        self.in_resolution = False
        return False

    # -- Accusation (M-T38..T40, M-V16..V31) and table talk (M-H33..H38)

    def _f_accusation(self, frame: list[Any]) -> bool:
        """M-T38, M-T39, M-V16..V18, M-H33, M-H38: the discussion window with its structured claims.

        Its ~100 options per seat are sorted ids in three blocks (the seat's own claims, "seat X played Y" for
        each other living seat and each revealed type, "I suspect X"); the blocks are cached per revealed-type
        set, and a seat's whole option tuple per situation (seat, may call, who lives, which types showed).
        """
        n = self.players
        alive, exiled, wounds, cache = self.alive, self.exiled, self.wounds, self._cache
        living = [s for s in range(n) if alive[s]]
        living_mask = sum(1 << s for s in living)
        shown_mask = 0
        for c, _ in self.shown:
            shown_mask |= 1 << c
        accuse: list[_Block] | None = cache.get(("accuse", shown_mask))
        if accuse is None:
            shown = [c for c in range(11) if shown_mask >> c & 1]
            accuse = cache["accuse", shown_mask] = [self._block([opt.ACCUSE + s * 11 + c for c in shown])
                                                     for s in range(opt.SEATS)]
        talk = self._talk_cache
        if len(talk) > 50_000:
            talk.clear()  # bounded: the full per-seat tuples are only a shortcut over the blocks
        decisions = []
        for seat in living:
            can_call = not self.deescalate and not exiled[seat] and not holds(wounds[seat], SHELL_SHOCK)  # M-V17
            # (seat, may call, who lives, which types showed) as one int: hashed and compared without a tuple
            key = ((living_mask << 11 | shown_mask) << 4 | seat) << 1 | can_call
            entry = talk.get(key)
            if entry is None:  # (lists extended by whole tuples, then copied once: C copies, no iteration)
                head: _Block = cache.get(("claims", can_call)) or self._claims_block(can_call)
                ids, options, catalogue = list(head[0]), list(head[1]), self.catalogue_in_use
                for other in living:
                    if other != seat:
                        block = accuse[other]
                        ids.extend(block[0])
                        options.extend(block[1])
                for other in living:
                    if other != seat:
                        ids.append(opt.SUSPECT + other)
                        options.append(catalogue[opt.SUSPECT + other])
                entry = talk[key] = (tuple(ids), tuple(options))
            decisions.append(Decision(seat, "discussion", entry[1], self._next_decision_id(seat), _TALK_PROMPT,
                                      opt.NO_VOTE, _TALK_RULES, entry[0]))
        self._pending = decisions
        return True

    def _block(self, ids: list[int]) -> _Block:
        key = tuple(ids)
        catalogue = self.catalogue_in_use
        return key, tuple([catalogue[i] for i in key])

    def _claims_block(self, can_call: bool) -> _Block:
        ids = sorted([opt.NO_VOTE, opt.CLAIM_GOOD, opt.CLAIM_NEUTRAL, opt.CLAIM_BAD, opt.CLAIM_DREW] +
                     ([opt.CALL_VOTE] if can_call else []))
        block = self._cache["claims", can_call] = self._block(ids)
        return block

    def _a_discussion_one(self, seat: int, option: int) -> None:
        self._a_discussion({seat: option})

    def _a_discussion(self, answers: dict[int, int]) -> None:
        caller = -1
        claims = []
        for seat in self._from_leader():
            option = answers.get(seat)
            if option is None:
                continue
            if option == opt.CALL_VOTE:
                if caller < 0:
                    caller = seat
            elif option != opt.NO_VOTE:
                claims.append((seat, option))
                self._event(self.round, f"{_p(seat)} says: \"{self._claim_text(option)}\"", ("M-H33", "M-H38"))
        self.claims = claims
        if caller >= 0:  # M-V16, M-V18
            self.last_caller = caller
            self._event(self.round, f"{_p(caller)} takes the Voting Pistol: there will be a vote.", ("M-V16",))
            self.stack.append(["vote", caller])
        else:
            self._event(self.round, "No vote this round.", ("M-T40",))

    @staticmethod
    def claim_parts(option: int) -> tuple[str, int, int]:
        """A claim option as (kind, seat named or -1, card type named or -1); kind is good, neutral, bad, drew,
        suspect or accuse (M-H33, M-H38)."""
        if option in _CLAIMED:
            return _CLAIMED[option], -1, -1
        if opt.SUSPECT <= option < opt.SUSPECT + 8:
            return "suspect", option - opt.SUSPECT, -1
        named = option - opt.ACCUSE  # (// and %, not divmod: compiled, divmod is a generic call)
        return "accuse", named // 11, named % 11

    def _claim_text(self, option: int) -> str:
        kind, seat, card = self.claim_parts(option)
        if kind == "drew":
            return "I did not play a card."
        if kind == "suspect":
            return f"I suspect {_p(seat)}."
        if kind == "accuse":
            name = self.names[card]  # "Panic!" ends its own sentence
            return f"{_p(seat)} played {name}" + ("" if name.endswith("!") else ".")
        return f"I played a {kind.capitalize()} card."

    def _claim_view(self, seat: int, option: int) -> dict[str, Any]:
        kind, named, card = self.claim_parts(option)
        return {"seat": seat, "kind": kind, "named": named if named >= 0 else None,
                "card": self.names[card] if card >= 0 else None, "text": self._claim_text(option)}

    def _f_vote(self, frame: list[Any]) -> bool:
        caller = frame[1]
        n = self.players
        targets = [s for s in range(n) if self.alive[s] and not self.exiled[s]]  # M-V23
        decisions = []
        for seat in targets:
            if holds(self.wounds[seat], BLURRED_VISION):
                continue
            ids = [opt.VOTE + t for t in targets if t != seat] + [opt.ABSTAIN]
            if seat == caller and self.agenda[seat] == ZEALOT:  # M-E95
                ids += [opt.FERVOR + t for t in targets if t != seat] + [opt.ABSTAIN_FERVOR]
            decisions.append(self._decision(seat, "vote", ids, "Vote to Exile a player, or abstain", opt.ABSTAIN,
                                            ("M-V21", "M-V22", "M-X17")))
        if not decisions:
            return False
        self._pending = decisions
        return True

    def _a_vote_one(self, seat: int, option: int) -> None:
        self._a_vote({seat: option})

    def _a_vote(self, answers: dict[int, int]) -> None:
        """M-V24..V26: strictly more votes than any other player and than the abstentions."""
        n = self.players
        tally = [0] * n
        abstain = 0
        self.votes = [-2] * n
        parts = []
        for seat in range(n):
            if not self.alive[seat] or self.exiled[seat]:
                continue
            option = answers.get(seat)
            if option is None:  # Blurred Vision (M-E108)
                abstain += 1
                self.votes[seat] = -1
                parts.append(f"{_p(seat)} abstains (Blurred Vision)")
                continue
            fervor = option >= opt.FERVOR
            if fervor:
                self.fervor = seat
                self.revealed[seat] = True
                option = opt.ABSTAIN if option == opt.ABSTAIN_FERVOR else option - opt.FERVOR + opt.VOTE
            if option == opt.ABSTAIN:
                abstain += 1
                self.votes[seat] = -1
                parts.append(f"{_p(seat)} abstains")
            else:
                target = option - opt.VOTE
                tally[target] += 2 if fervor else 1
                self.votes[seat] = target
                parts.append(f"{_p(seat)} → {_p(target)}" + (" (Fervor: The Zealot, counts twice)"
                                                                if fervor else ""))
        self._event(self.round, "Votes: " + "; ".join(parts) + ".", ("M-V22", "M-H24", "M-H25"))
        if self.fervor >= 0:
            self._reveal_agenda(self.fervor, ("M-E95",))
        top = max(tally)
        leaders = [s for s in range(n) if tally[s] == top]
        if top > 0 and len(leaders) == 1 and top > abstain:
            self._exile(leaders[0])
        else:
            self._event(self.round, "Nobody is Exiled.", ("M-V24", "M-V25"))

    def _exile(self, seat: int) -> None:
        """M-V29: Sanctuary, Agenda, the Coward, Oxygen, checks, then Cleaver / Last Word."""
        agenda = self.agenda[seat]
        if agenda == SAINT and not self.sanctuary_used:  # M-E93
            self.sanctuary_used = True
            self._reveal_agenda(seat, ("M-E93",))
            self._event(self.round, f"Sanctuary: {_p(seat)} is not Exiled.", ("M-E93",))
            return
        self.exiled[seat] = True
        self.exiles += 1
        self._event(self.round, f"{_p(seat)} is Exiled.", ("M-V27", "M-V30", "M-V31"))
        self._reveal_agenda(seat, ("M-V27",))
        self._update_coward()
        self._oxygen(self.cards.exile_oxygen[agenda], "Exile", ("M-V28",))
        if self.over:
            return
        if agenda in (BUTCHER, HERO):
            self.stack.append(["limit"])
            self.stack.append(["exile_act", seat])

    def _f_exile_act(self, frame: list[Any]) -> bool:
        seat = frame[1]
        ids = [opt.TARGET + s for s in range(self.players) if self.alive[s] and s != seat] + [opt.NO_TARGET]
        what = "takes a Wound (Cleaver)" if self.agenda[seat] == BUTCHER else "shows you their Agenda (Last Word)"
        return self._ask1(seat, "exile_act", ids, f"Exiled: you may choose a player who {what}", opt.NO_TARGET,
                          ("M-X18",))

    def _a_exile_act(self, seat: int, option: int) -> None:
        if option == opt.NO_TARGET:
            self._event(self.round, f"{_p(seat)} chooses nobody.", ("M-X18",))
            return
        target = option - opt.TARGET
        if self.agenda[seat] == BUTCHER:
            self._event(self.round, f"Cleaver: {_p(seat)} wounds {_p(target)}.", ("M-E89",))
            self._wound(target, ("M-E89",))
        else:
            self.seen_agendas.append([seat, target])
            self._event(self.round, f"Last Word: {_p(seat)} looks at {_p(target)}'s Agenda.", ("M-E99",))
            self._event(self.round, f"Last Word: {_p(target)} is {self.cards.agenda_names[self.agenda[target]]}.",
                        ("M-E99", "M-H21"), seat)

    # -- End of Round (M-T41..T45)

    def _f_end_round(self, frame: list[Any]) -> bool:
        for seat in self._from_leader():  # step 1
            if self.moxie == seat:
                if self.wounded_round:
                    self._oxygen(3, "Moxie", ("M-E53", "M-E54"))
                else:
                    self._event(self.round, "Moxie: nobody was wounded this round.", ("M-E54",))
            if self.greenhouse == seat:
                if not self.breach_seen:
                    self._oxygen(1, "Greenhouse", ("M-E62",))
                else:
                    self._event(self.round, "Greenhouse: Oxygen was lost this round; no gain.", ("M-E62",))
            if self.alive[seat] and holds(self.wounds[seat], PUNCTURED_LUNG):
                self._oxygen(-1, f"{_p(seat)}'s Punctured Lung", ("M-E116",))
            if self.over:
                return True
        dying = []  # step 2
        for seat in range(self.players):
            if not self.alive[seat]:
                continue
            count = len(self.wounds[seat])
            if self.agenda[seat] == RESOLUTE:  # M-E94
                if count >= 3:
                    dying.append(seat)
                elif count == 2 and not self.unbreakable_shown:
                    self.unbreakable_shown = True
                    self._reveal_agenda(seat, ("M-E94",))
            elif count >= 2:
                dying.append(seat)
        self.stack.append(["end_round_late"])
        if dying:
            self._kill(dying)  # steps 2 and 3
        return False

    def _f_end_round_late(self, frame: list[Any]) -> bool:
        if self._check():  # step 4
            return True
        if self.energy >= 10:  # M-W4
            self._end("crew", "Energy reached 10 at the end of a round", ("M-W4",))
            return True
        if self.round >= ROUND_LIMIT:  # M-T45, M-W10
            self._end("menace", f"the ship drifted past round {ROUND_LIMIT}", ("M-T45", "M-W10"))
            return True
        old = self.leader  # step 5
        if self.reassign >= 0 and self.alive[self.reassign]:
            self.leader = self.reassign
            self._event(self.round, f"Reassign: the Mission Leader token goes to {_p(self.leader)}.", ("M-E72",))
        else:
            self.leader = self._next_living(old)
        self.round += 1  # step 6
        self.stack.append(["round"])
        return False

    def determinized(self, seat: Any, seed: Any) -> Menace:  # (checked by the sampler: Any, see Game.act)
        """A complete game drawn from what ``seat`` knows (M-H1..H21); see sampler.py."""
        return determinize(self, seat, seed)

    def sampler(self, seat: Any) -> Callable[[int], Menace]:
        """What ``seat`` knows read once, then a sample per seed (see Game.sampler)."""
        return _sampler(self, seat)

    # ---- views (M-H*) --------------------------------------------------------------------------------

    def _round_and_out(self) -> tuple[int, int] | None:
        # as the core: a seat is in while alive and not exiled
        return self.round, sum(1 for s in range(self.players) if not self.alive[s] or self.exiled[s])

    def roles(self) -> list[str]:
        """Each seat's side as dealt, named as in ``result()`` (statistics and harnesses only, read it at setup)."""
        return ["coward" if a == COWARD else SIDES[a] for a in self.agenda]

    def claim_menu(self) -> list[dict[str, Any]]:
        return claim_menu(self)

    def claim_text(self, seat: int, claim: dict[str, Any], name_of: Callable[[int], str]) -> str:
        return claim_text(self, seat, claim, name_of)

    def _core(self, seat: int | None, view: dict[str, Any]) -> dict[str, Any]:
        return build_core(self, seat, view)

    def _players_view(self, seat: int | None) -> list[dict[str, Any]]:
        """Each seat as ``seat`` sees it: the view's ``players``."""
        n, cards = self.players, self.cards
        over = self.over
        players = []
        face_down = [0] * n  # one pass over the pool, not one per seat
        if not self.in_resolution:
            for _, origin in self.pool:
                if origin >= 0:
                    face_down[origin] += 1
        # (the per-seat lists and name tables read once: this loop runs for every seat of every view)
        alive, exiled, character, wounds, hands, decks = (self.alive, self.exiled, self.character, self.wounds,
                                                          self.hands, self.decks)
        revealed, agenda, names = self.revealed, self.agenda, self.names
        character_names, wound_names, agenda_names = cards.character_names, cards.wound_names, cards.agenda_names
        ability_names, character_abilities = cards.ability_names, cards.character_abilities
        for s in range(n):
            held = character[s]
            entry: dict[str, Any] = {
                "seat": s,
                "alive": alive[s],
                "exiled": exiled[s],
                "character": character_names[held] if held >= 0 else None,
                "wounds": [wound_names[w] for w in wounds[s]],
                "hand_count": len(hands[s]),
                "deck_count": len(decks[s]),
                "face_down": face_down[s],
                "agenda": agenda_names[agenda[s]] if (revealed[s] or s == seat or over) else None,
            }
            if held >= 0:
                entry["abilities"] = [ability_names[a] for a in character_abilities[held]]
            if over:
                entry["hand"] = sorted(names[c] for c in hands[s])
            players.append(entry)
        return players

    def _revealed_view(self) -> list[dict[str, Any]]:
        return [{"card": self.names[c], "category": self.cards.categories[c], "cancelled": bool(x)}
                for c, x in self.shown]

    def _view_keys(self, seat: int | None, keys: frozenset[str]) -> dict[str, Any] | None:
        if not keys <= _LEAN_KEYS:
            return None
        view: dict[str, Any] = {}
        for key in _LEAN_ORDER:  # each as _view builds it
            if key not in keys:
                continue
            if key == "round":
                view["round"] = self.round
            elif key == "oxygen":
                view["oxygen"] = self.oxygen
            elif key == "energy":
                view["energy"] = self.energy
            elif key == "players":
                view["players"] = self._players_view(seat)
            elif key == "revealed":
                view["revealed"] = self._revealed_view()
            elif key == "coward_side":
                if COWARD in self.agenda:
                    view["coward_side"] = "menace" if self.coward_menace else "crew"  # M-H5
            elif seat is not None:  # a seat's own: seat, hand, my_agenda
                if key == "seat":
                    view["seat"] = seat
                elif key == "hand":
                    view["hand"] = sorted(self.names[c] for c in self.hands[seat])
                else:
                    view["my_agenda"] = self.cards.agenda_names[self.agenda[seat]]
        return view

    def _view(self, seat: int | None) -> dict[str, Any]:
        n, cards = self.players, self.cards
        over = self.over
        players = self._players_view(seat)
        in_play = ["The Contagion"] if n == 4 and not self.random_menace else (
            ["The Contagion", "The Butcher"] if n >= 5 else [])
        if n >= 6:
            in_play.append("The Saint")
        if n >= 7:
            in_play.append("The Coward")
        pending_effects = {
            "veto": self.veto if not self.veto_spent else -1, "moxie": self.moxie, "greenhouse": self.greenhouse,
            "lockdown": [s for s in range(n) if self.lockdown[s]], "target_lock": self.target_lock,
            "trace": self.trace, "reassign": self.reassign, "de_escalate": self.deescalate,
            "replicate_carried": self.carry, "replicate_pending": self.copy_next,
        }
        view: dict[str, Any] = {
            "game": "menace",
            "mode": "advanced" if self.advanced else "basic",
            "round": self.round,
            "oxygen": self.oxygen,
            "energy": self.energy,
            "ceiling": self.ceiling if self.in_resolution else min(10, self.energy + 5),
            "leader": self.leader,
            "turn": self.turn_seat,
            "emma_target": (n + 1) // 2,
            "played_count": self.played_count,
            "emma_deck": len(self.emma),
            "emma_added": self.emma_added,
            "wound_deck": len(self.wound_deck),
            "wound_discard": [self.cards.wound_names[w] for w in self.wound_discard],
            "discard_pile": self.discard_count,
            "revealed": self._revealed_view(),
            "pool_left": len(self.order) - self.reveal_i if self.in_resolution else 0,
            "players": players,
            "agendas_in_play": in_play,
            "effects": pending_effects,
            "votes": list(self.votes),
            "claims": [self._claim_view(seat, option) for seat, option in self.claims],  # M-H33: the last discussion
            "waiting_for": sorted({d.seat for d in self._pending}),  # a simultaneous group whole: sealed unseen
            "vote_caller": self.last_caller,
            "over": over,
        }
        if COWARD in self.agenda:
            view["coward_side"] = "menace" if self.coward_menace else "crew"  # M-H5
        if seat is not None:
            view["seat"] = seat
            view["hand"] = sorted(self.names[c] for c in self.hands[seat])
            view["my_agenda"] = self.cards.agenda_names[self.agenda[seat]]
            view["my_face_down"] = sorted(self.names[c] for c, o in self.pool if o == seat) if not self.in_resolution \
                else []
            view["deck_list"] = [self.names[c] for c in self.deck_list[seat]]
            view["dealt"] = [self.cards.character_names[c] for c in self.dealt[seat]]
            view["usable"] = [self.cards.ability_names[a] for a in self._usable(seat)] if self.alive[seat] else []
            view["seen_agendas"] = {t: cards.agenda_names[self.agenda[t]] for h, t in self.seen_agendas if h == seat}
        if over and self._result is not None:
            view["result"] = {"winners": self._result["winners"], "reason": self._result["reason"],
                              "goals": [{"seat": s, "primary": p, "individual": i, "won": w}
                                        for s, p, i, w in self.winners_detail]}
        return view


# What Menace._view_keys builds alone (what the heuristic bot reads), in the whole view's order; any other key
# asked for: the whole view.
_LEAN_ORDER: Final = ("round", "oxygen", "energy", "revealed", "players", "coward_side", "seat", "hand", "my_agenda")
_LEAN_KEYS: Final = frozenset(_LEAN_ORDER)

_EFFECTS: Final = {
    BLOODWORK: Menace._e_bloodwork, FIRST_AID: Menace._e_heal, DELEGATE: Menace._e_delegate,
    COMMANDEER: Menace._e_commandeer, CRUNCH: Menace._e_crunch, MOXIE: Menace._e_moxie, VETO: Menace._e_veto,
    LASER_PISTOL: Menace._e_laser, OVERCLOCK: Menace._e_overclock, REROUTE: Menace._e_reroute,
    CULTIVATE: Menace._e_cultivate, GREENHOUSE: Menace._e_greenhouse, SURVEILLANCE: Menace._e_surveillance,
    LOCKDOWN: Menace._e_lockdown, RUSH: Menace._e_rush, SCAVENGE: Menace._e_scavenge, SCAN: Menace._e_scan,
    ANALYZE: Menace._e_analyze, TRACE: Menace._e_trace, REASSIGN: Menace._e_reassign,
    PLOT_COURSE: Menace._e_plot, EMERGENCY: Menace._e_emergency, REQUISITION: Menace._e_requisition,
    INVENTORY: Menace._e_inventory, TARGET_LOCK: Menace._e_target_lock, SUPPRESSING_FIRE: Menace._e_suppress,
    HOT_MEAL: Menace._e_heal, COMFORT_FOOD: Menace._e_comfort, SELF_REPAIR: Menace._e_self_repair,
    REBOOT: Menace._e_reboot, TRUST: Menace._e_trust, DE_ESCALATE: Menace._e_deescalate,
}
__all__ = ["Menace", "ABILITY_KEYS", "BDA_KEYS"]


# Registered after the class, not by a decorator: a decorated class cannot be compiled as a native class.
# (allow_interpreted_subclasses too: mypyc 2.4 gives a serializable class without it an __init__ that never runs)
register(Menace)

# The modules below read this one's names, so they are imported once it has defined them all (not inside the
# methods that call them: compiled, an import there ran the import machinery at every view or sample, and a
# function of the same build imported here is a direct call).
from .sampler import determinize  # noqa: E402
from .sampler import sampler as _sampler  # noqa: E402
