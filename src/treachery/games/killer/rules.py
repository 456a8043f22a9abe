"""This Game Is Killer: Alien on Board: the state and the round flow (rules specification K-*).

State is plain data (ints and lists) so a game clones, pickles and replays exactly. The flow is an
explicit ``step`` plus the pending decisions; ``_advance`` runs every automatic step until a seat
has to decide or the game is over.
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

from mypy_extensions import mypyc_attr

from ...engine import CARD_FILE, Decision, GameConfigError, Option, Rng, SetupOverrideError, register
from ...engine.game import Game, among, holds  # from its own module: mypyc's compiled subclass needs that
from . import catalogue as opt
from .cards import AIRLOCK, CardSet, card_code, load_cards
from .cards import LOCATIONS as _LOCATIONS
from .core import build_core
from .setup import NO_SETUP as _NO_SETUP
from .setup import parse_setup

# Names of interpreted modules held again as this module's Finals: compiled, a Final of the module is a C static,
# an imported name a dictionary lookup at every read.
LOCATIONS: Final = _LOCATIONS
NO_SETUP: Final = _NO_SETUP

# Module constants are Final: compiled, a Final number is a constant in the code and any other Final a C static,
# where a plain module name is a dictionary lookup at every use.
ROUND_CAP: Final = 20  # K-W9
# The Crew cards, three per Location in the Locations' order
BR1: Final = 0
BR2: Final = 1
BR3: Final = 2
GA1: Final = 3
GA2: Final = 4
GA3: Final = 5
ML1: Final = 6
ML2: Final = 7
ML3: Final = 8
AL1: Final = 9
AL2: Final = 10
AL3: Final = 11
AC1: Final = 12
AC2: Final = 13
AC3: Final = 14
ER1: Final = 15
ER2: Final = 16
ER3: Final = 17
CH1: Final = 18
CH2: Final = 19
CH3: Final = 20
SB1: Final = 21
SB2: Final = 22
SB3: Final = 23
FIXED_DESTROY: Final = {GA2: 1, AL3: 3, ER3: 5, SB2: 7}  # card -> the Location it destroys
DESTROYERS: Final = (GA2, AL3, ER3, SB2, CH2)  # CH2 destroys the Location named when played

# The flow's steps
ROUND_START: Final = 0
TRACKER: Final = 1
DEAL: Final = 2
GUESS: Final = 3
PLAY: Final = 4
PASS1: Final = 5
PASS2: Final = 6
REVEAL: Final = 7
END_OF_ROUND: Final = 8
STEP_NAMES: Final = ("round start", "round start", "deal", "deal", "deal", "first pass", "second pass", "reveal",
                     "end of round")
POSITION_FIRST: Final = 1
ACTION_FIRST: Final = 2
_PLAYED_RULES: Final = ("K-T13", "K-T20")
_ACTION_RULES: Final = ("K-T14", "K-H5")
_FACE_UP: Final = ("K-H5",)
_DEFAULT_CARDS: Final = load_cards()


_SEAT_NAMES: Final = tuple(f"P{seat + 1}" for seat in range(10))


def _p(seat: int) -> str:
    return _SEAT_NAMES[seat]  # "P1" for seat 0: the name players read (compiled, a direct call)


def _each(seats: list[int]) -> str:
    """"P1" alone, or "each of P1, P2 and P3"."""
    if len(seats) == 1:
        return _p(seats[0])
    return "each of " + ", ".join([_p(seat) for seat in seats[:-1]]) + " and " + _p(seats[-1])


# Per card set: the K-E6 answer for each dealt pair of cards, at index first * 24 + second (None until asked).
_FIRST_CARD_CACHES: Final[dict[int, list[tuple[tuple[int, ...], tuple[Option, ...], int] | None]]] = {}
# Per card set: "You are dealt A and B." for each pair of cards, indexed as above, worded as pairs are dealt.
_DEALT_TEXTS: Final[dict[int, list[str | None]]] = {}
PairTable = TypeVar("PairTable")


def _pair_table(tables: dict[int, list[PairTable | None]], cards: CardSet) -> list[PairTable | None]:
    """The card set's table in ``tables``, one entry per pair of cards (None until worked out), made on first use."""
    table = tables.get(id(cards))
    if table is None:
        table = tables[id(cards)] = [None] * (24 * 24)
    return table


# "Two Crew cards dealt to each of P1, P2 and P3.", by the seats in dealing order (each seat + 1 a digit in base 11)
_DEALT_TO: Final[dict[int, str]] = {}


def _first_card_rule(cardset: CardSet, first_dealt: int, second_dealt: int) -> tuple[list[int], int]:
    """K-E6 legal first cards for a hand, and the K-X9 timeout choice."""
    cards = cardset.cards
    hand = (first_dealt, second_dealt)
    legal: list[int] = []
    for card in hand:
        other = hand[1] if card == hand[0] else hand[0]
        if "first" not in cards[other].keywords:
            legal.append(opt.POSITION + card)
        if "second" not in cards[card].keywords:
            legal.append(opt.ACTION + card)
    legal.sort()
    low, high = hand if cards[first_dealt].priority <= cards[second_dealt].priority else hand[::-1]
    for option_id in (opt.POSITION + low, opt.POSITION + high, opt.ACTION + low, opt.ACTION + high):
        if option_id not in legal:
            continue
        card = (option_id - opt.ACTION) if option_id >= opt.ACTION else option_id
        other = high if card == low else low
        act, pos = (card, other) if option_id >= opt.ACTION else (other, card)
        if FIXED_DESTROY.get(act) != cards[pos].location:
            return legal, option_id
    return legal, legal[0]


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Killer(Game):
    """One game of This Game Is Killer for 3 to 10 players."""

    name = "killer"
    title = "This Game Is Killer: Alien on Board"
    # what its heuristic bot reads, built alone by view.build_lean_view
    lean_view_keys = frozenset((
        "seat", "round", "first_crew_member", "players", "hunting_row", "hunting_row_locations", "previously_hunted",
        "destroyed", "removed_cards", "cards", "hand"
    ))
    key_events = {"killed by the alien": ("K-V10",), "Locations destroyed": ("K-T31",), "Cold Storage used": ("K-T35",),
                  "LAST ON BOARD played": ("K-E11",)}
    min_players = 3
    max_players = 10
    decision_seconds = 60  # K-X17: a table setting; this is the default a server applies
    catalogue = opt.build_catalogue(_DEFAULT_CARDS)
    declared_options = (CARD_FILE,)

    def __init__(self, players: int, seed: int, options: dict[str, Any], setup: dict[str, Any] | None) -> None:
        self._init_base(players, seed, options, setup)
        self.cards: CardSet = _DEFAULT_CARDS
        if options.get("card_file"):
            self.cards = load_cards(options["card_file"])
            self.catalogue_in_use = opt.build_catalogue(self.cards)
        self.overrides = parse_setup(setup, players) if setup else NO_SETUP
        self.card_names = self.cards.short_names
        # (read for every card played: compiled, a field of the game is a slot, the card set's attribute a lookup)
        self.position_texts = self.cards.position_texts
        self.action_texts = self.cards.action_texts
        self.last_on_board = self.cards.last_on_board
        self.first_card_cache = _pair_table(_FIRST_CARD_CACHES, self.cards)  # derived data, shared
        self.dealt_text_cache = _pair_table(_DEALT_TEXTS, self.cards)
        self.rng = Rng(seed)
        # Random timeout defaults come from their own stream, derived one-way from the seed: a seat that
        # sees its defaults learns nothing about the stream that shuffles the decks.
        self.timeouts = Rng.derived(seed, "timeout defaults")
        self._set_up()
        self._advance()

    # ---- setup (K-S*) ---------------------------------------------------------------------------

    def _set_up(self) -> None:
        n, rng, plan = self.players, self.rng, self.overrides
        self.round = plan.start_round  # K-S14
        self.first = plan.first if plan.first is not None else rng.below(n)  # K-S13
        self.destroyed = [False] * 8
        self.removed_at_setup: list[int] = []
        if n <= 5:  # K-S5..S7
            removed = plan.removed if plan.removed is not None else self._random_pair()
            self.removed_at_setup = sorted(removed)
            for loc in removed:
                self.destroyed[loc] = True
        names = list(range(10))  # K-S4: cosmetic Crew Status cards
        rng.shuffle(names)
        self.status = names[:n]
        self.alive = [True] * n
        self.frozen = [False] * n
        self.guess = [-1] * n
        self.deadline = [0] * n  # K-T38: the round at whose 5f a lone crew member dies; 0 = none
        self.ongoing = [-1] * n  # ONGOING card in front of each seat, in effect
        self.ongoing_since = [0] * n
        self.barricade = -1  # the Location a Barricade in effect names
        self.commander = -1  # Take Command: First Crew Member from next round (K-T3)
        self.out: list[int] = []  # cards removed from the game, public (K-H4)
        self.hunted: list[int] = []
        if plan is not NO_SETUP:  # (nothing to apply otherwise; compiled, each read of a plan is a generic one)
            self._apply_start(plan)
        for loc in range(8):
            if self.destroyed[loc]:
                self.out.extend(c for c in range(loc * 3, loc * 3 + 3) if c not in self.out)
        self.deck = self._collected()
        rng.shuffle(self.deck)
        self.hunting_row = [loc for loc in range(8) if not self.destroyed[loc] and loc not in self.hunted]
        rng.shuffle(self.hunting_row)
        if not self.hunting_row:
            raise GameConfigError("setup leaves no Location for the Hunting Row")
        self._override_row()
        self._override_deck()
        self.scanned = [False] * len(self.hunting_row)
        self._lay_out_round()
        self.step = ROUND_START

    def _random_pair(self) -> list[int]:
        pool = list(range(8))
        first = pool.pop(self.rng.below(8))
        return [first, pool[self.rng.below(7)]]

    def _apply_start(self, plan: Any) -> None:
        for loc in plan.destroyed:
            self.destroyed[loc] = True
        for loc in plan.hunted:
            if self.destroyed[loc]:
                raise GameConfigError(f"setup: {LOCATIONS[loc]} is destroyed, so it cannot have been hunted")
        self.hunted = list(plan.hunted)
        for seat in plan.dead:
            self.alive[seat] = False
        for seat in plan.frozen:
            if self.destroyed[ML1 // 3]:
                raise GameConfigError("setup: a Frozen crew member needs Cold Storage (ML1), but Med Lab is out")
            self.frozen[seat] = True
            self.ongoing[seat] = ML1
            self.ongoing_since[seat] = self.round - 1
        for seat, round_no in plan.countdown.items():
            self.deadline[seat] = round_no
        for seat, (card, where) in plan.ongoing.items():
            if self.destroyed[card // 3] or card in self.ongoing:
                raise GameConfigError(f"setup: {card_code(card)} is not available for an ongoing Action")
            if not self.alive[seat] or self.frozen[seat]:
                raise GameConfigError(f"setup: seat {seat} must be On Board to hold an ongoing Action")
            self.ongoing[seat] = card
            self.ongoing_since[seat] = self.round - 1
            if card == CH1:
                if self.destroyed[where]:
                    raise GameConfigError("setup: a Barricade must name a Location in play")
                self.barricade = where
        if not any(self._on_board(s) for s in range(self.players)):
            raise GameConfigError("setup leaves nobody On Board")

    def _override_row(self) -> None:
        if self.overrides is NO_SETUP:
            return
        wanted = self.overrides.hunting_rows.get(self.round)
        if wanted is None:
            return
        if sorted(wanted) != sorted(self.hunting_row):
            raise SetupOverrideError(f"setup hunting_row for round {self.round} must hold exactly "
                                     f"{sorted(LOCATIONS[x] for x in self.hunting_row)}, got "
                                     f"{sorted(LOCATIONS[x] for x in wanted)}")
        self.hunting_row = list(wanted)

    def _override_deck(self) -> None:
        if self.overrides is NO_SETUP:
            return
        wanted = self.overrides.decks.get(self.round)
        if wanted is None:
            return
        missing = [card_code(c) for c in wanted if c not in self.deck]
        if missing:
            raise SetupOverrideError(f"setup deck for round {self.round}: {missing} not in the Crew deck")
        rest = [c for c in self.deck if c not in wanted]
        self.deck = rest + wanted[::-1]  # the top of the deck is the end of the list

    def _lay_out_round(self) -> None:
        """The per-round fields, made once at set-up; each Round Start refills them (_reset_round)."""
        n = self.players
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.position = [-1] * n
        self.face_down = [False] * n
        self.location = [-1] * n  # current Location (K-C14)
        self.action = [-1] * n
        self.darted = [False] * n  # this seat's Action is cancelled this round (ML3)
        self.played_first = [0] * n
        self.discard = [-1] * n
        self.shared = [False] * n  # ever shared a Location this round (the Coward, K-E65)
        self.choice = [-1] * n  # the target seat or Location named with this round's Action
        self.looks: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.order: list[int] = []
        self.set_aside: list[int] = []  # ongoing cards ended at Round Start, collected at 5k
        self._reset_round()

    def _reset_round(self) -> None:
        # The lists are refilled in place (each game owns its own; a clone copies them): compiled, setting a few
        # items costs a tenth of making a dozen lists a round and freeing the old ones.
        hands, position, face_down, location, action = self.hands, self.position, self.face_down, self.location, \
            self.action
        darted, played_first, discard, shared, choice, looks = self.darted, self.played_first, self.discard, \
            self.shared, self.choice, self.looks
        for seat in range(self.players):
            hands[seat].clear()
            position[seat] = -1
            face_down[seat] = False
            location[seat] = -1
            action[seat] = -1
            darted[seat] = False
            played_first[seat] = 0
            discard[seat] = -1
            shared[seat] = False
            choice[seat] = -1
            looks[seat].clear()
        self.order.clear()
        self.set_aside.clear()
        self.blackout = -1
        self.computer = -1
        self.alien = -1
        self.guess_public = False
        self.short = False
        self.index = 0
        self.stage = ""  # the Action choice being asked, if any
        self.barricade_broken = False

    # ---- queries ---------------------------------------------------------------------------------

    def _on_board(self, seat: int) -> bool:
        return self.alive[seat] and not self.frozen[seat]

    def on_board(self) -> list[int]:
        frozen = self.frozen
        return [s for s, alive in enumerate(self.alive) if alive and not frozen[s]]

    def clockwise_from(self, seat: int) -> list[int]:
        n = self.players
        return [(seat + i) % n for i in range(n)]

    def in_play(self) -> list[int]:
        return [loc for loc in range(8) if not self.destroyed[loc]]

    def face_down_slots(self) -> list[int]:
        return [i for i, up in enumerate(self.scanned) if not up]

    def _ongoing_from_earlier(self, seat: int) -> bool:
        return self.ongoing[seat] in (AC3, CH1) and self.ongoing_since[seat] < self.round

    def _blackout_active(self) -> bool:
        return self.blackout >= 0 and not self.darted[self.blackout]

    def _card(self, card: int) -> str:
        return self.card_names[card]

    # ---- the flow ------------------------------------------------------------------------------------

    def _advance(self) -> None:
        while not self.over and not self._pending:
            step = self.step
            if step == PASS1:  # the two passes first: most decisions are card plays
                self._next_first_card()
            elif step == PASS2:
                self._next_second_card()
            elif step == ROUND_START:
                self._round_start()
            elif step == TRACKER:
                self._tracker()
            elif step == DEAL:
                self._deal()
            elif step == GUESS:
                self._ask_guesses()
            elif step == PLAY:
                self._start_passes()
            elif step == REVEAL:
                self._ask_reveal()
            else:
                self._end_of_round()

    def _resolve_one(self, decision: Decision, option_id: int) -> None:
        kind, seat = decision.kind, decision.seat
        self._pending = []
        if kind == "first_card" or kind == "second_card":
            self._play(seat, option_id)
        elif kind == "ongoing_position":
            self._ongoing_position(seat, option_id - opt.POSITION)
        elif kind == "reveal":
            self._reveal(option_id - opt.SLOT)
        elif kind == "tracker_scan":
            self._scan(seat, option_id - opt.SLOT, ("K-T6", "K-E71"))
        elif kind == "keep_ongoing" or kind == "thaw_guess":
            self._resolve_together(kind, {seat: option_id})
        else:
            self._action_choice(seat, option_id)
        self._advance()

    def _resolve(self, answers: dict[int, int]) -> None:
        """Simultaneous decisions (K-X15): all answers are in."""
        kind = self._pending[0].kind
        self._pending = []
        self._resolve_together(kind, answers)
        self._advance()

    def _resolve_together(self, kind: str, answers: dict[int, int]) -> None:
        if kind == "keep_ongoing":
            self._keep_or_end(answers)
            return
        for seat, option_id in sorted(answers.items()):
            self.guess[seat] = option_id - opt.LOCATION
            self._event(self.round, f"You guess the alien will be at the {LOCATIONS[self.guess[seat]]}.",
                        ("K-E45",), seat)
        self._event(self.round, "The Frozen crew have made their secret guesses.", ("K-T12", "K-E45"))

    # ---- Round Start (K-T3..T6) --------------------------------------------------------------------

    def _round_start(self) -> None:
        self._reset_round()
        rnd = self.round
        self._event(rnd, f"Round {rnd} begins.", ("K-T1",))
        if self.commander >= 0:
            if self._on_board(self.commander) and self.commander != self.first:
                self.first = self.commander
                self._event(rnd, f"{_p(self.first)} takes command: First Crew Member.", ("K-T3", "K-E32"))
            self.commander = -1
        if not self._on_board(self.first):
            self.first = next(s for s in self.clockwise_from(self.first) if self._on_board(s))
            self._event(rnd, f"The First Crew Member marker passes to {_p(self.first)}.", ("K-T4", "K-Q5"))
        self.step = TRACKER
        holders = [s for s in self.clockwise_from(self.first) if self._ongoing_from_earlier(s)]
        if holders:
            self._ask([
                self._new_decision(s, "keep_ongoing", [opt.KEEP, opt.END],
                                   f"Keep your {self._card(self.ongoing[s])} running this round, or end it?",
                                   opt.KEEP, ("K-T5", "K-X2"))
                for s in holders
            ])

    def _keep_or_end(self, answers: dict[int, int]) -> None:
        for seat in sorted(answers):
            card = self.ongoing[seat]
            if answers[seat] == opt.END:
                self._end_ongoing(seat)
                self.set_aside.append(card)  # K-T11: it stays out of the deck until this round's 5k
                self._event(self.round, f"{_p(seat)} ends {self._card(card)}.", ("K-T5", "K-H21"))
            else:
                self._event(self.round, f"{_p(seat)} keeps {self._card(card)} running.", ("K-T5", "K-H21"))

    def _end_ongoing(self, seat: int) -> None:
        if self.ongoing[seat] == CH1:
            self.barricade = -1
        self.ongoing[seat] = -1

    def _tracker(self) -> None:
        self.step = DEAL
        for seat in range(self.players):
            if self.ongoing[seat] == AC3 and self._on_board(seat) and len(self.face_down_slots()) >= 2:
                slots = self.face_down_slots()
                self._ask([self._new_decision(
                    seat, "tracker_scan", [opt.SLOT + i for i in slots],
                    "Motion Tracker: choose a Hunting Row slot to turn face up.",
                    opt.SLOT + self.timeouts.choice(slots), ("K-T6", "K-E71", "K-X3"))])
                return

    def _scan(self, seat: int, slot: int, rules: tuple[str, ...]) -> None:
        self.scanned[slot] = True
        where = LOCATIONS[self.hunting_row[slot]]
        self._event(self.round, f"{_p(seat)} scans slot {slot + 1}: the {where} is face up; the alien is not there "
                                "this round.", rules + ("K-E22", "K-H12"))

    # ---- Deal (K-T7..T12, K-T49..T52) --------------------------------------------------------------

    def _deal(self) -> None:
        rnd = self.round
        seats = [s for s in self.clockwise_from(self.first) if self._on_board(s)]
        self.short = len(self.deck) < 2 * len(seats)  # K-T10
        each = 1 if self.short else 2
        fixed = None if self.overrides is NO_SETUP else self.overrides.hands.get(rnd)
        if fixed:
            wanted = [c for s, cs in fixed.items() if s in seats for c in cs]
            missing = [card_code(c) for c in wanted if c not in self.deck]
            wrong = [s for s in sorted(fixed) if s in seats and len(fixed[s]) != each]
            absent = [s for s in sorted(fixed) if s not in seats]
            if missing or wrong or absent:
                raise SetupOverrideError(
                    f"setup hands for round {rnd} do not fit: "
                    + "; ".join(([f"{missing} not in the Crew deck"] if missing else [])
                                + ([f"seats {wrong} are dealt {each} card(s) each"] if wrong else [])
                                + ([f"seats {absent} are not On Board"] if absent else [])))
            self.deck = [c for c in self.deck if c not in wanted]
        for turn in range(each):
            for seat in seats:
                if fixed and seat in fixed:
                    self.hands[seat].append(fixed[seat][turn])
                elif self.deck:
                    self.hands[seat].append(self.deck.pop())
        if self.short:
            dealt = [s for s in seats if self.hands[s]]
            dealt_to = ", ".join([_p(s) for s in dealt])
            self._event(rnd, f"Not enough Crew cards: one card each for {dealt_to}; no Actions this round.",
                        ("K-T10", "K-T49", "K-T51"))
        else:  # (the texts are worded once and kept: they depend on the seats or the cards alone)
            key = 0
            for seat in seats:
                key = key * 11 + seat + 1
            text = _DEALT_TO.get(key)
            if text is None:
                text = _DEALT_TO[key] = f"Two Crew cards dealt to {_each(seats)}."
            self._event(rnd, text, ("K-T7", "K-T8"))
        names, pair_texts = self.card_names, self.dealt_text_cache
        for seat in seats:
            hand = self.hands[seat]
            if len(hand) == 2:
                pair = hand[0] * 24 + hand[1]
                told = pair_texts[pair]
                if told is None:
                    told = pair_texts[pair] = f"You are dealt {names[hand[0]]} and {names[hand[1]]}."
                self._event(rnd, told, ("K-T7", "K-H1"), seat)
            elif hand:
                self._event(rnd, f"You are dealt {names[hand[0]]}.", ("K-T7", "K-H1"), seat)
        self.step = GUESS

    def _ask_guesses(self) -> None:
        self.step = PLAY
        frozen = [s for s in range(self.players) if self.alive[s] and self.frozen[s]]
        if not frozen:
            return
        places = sorted(self.hunting_row[i] for i in self.face_down_slots())  # sorted: no slot order leaks
        self._ask([
            self._new_decision(s, "thaw_guess", [opt.LOCATION + loc for loc in places],
                               "You are Frozen: guess where the alien will be revealed this round.",
                               opt.LOCATION + self.timeouts.choice(places), ("K-T12", "K-E45", "K-X4"))
            for s in frozen
        ])

    def _start_passes(self) -> None:
        if self.short:
            seats = [s for s in self.clockwise_from(self.first) if self.hands[s]]
            for seat in seats:  # K-T49, K-H22: shown together once all are dealt
                self._place(seat, self.hands[seat].pop(), ("K-T49", "K-X14"))
            self.step = REVEAL
            return
        hands = self.hands
        self.order = [s for s in self.clockwise_from(self.first)
                      if hands[s] and not self._ongoing_from_earlier(s)]  # K-T15: only On-Board crew hold cards
        self.index = 0
        self.step = PASS1

    # ---- the two passes (K-T13..T25, K-E5, K-E6) ---------------------------------------------------

    def _first_card_options(self, seat: int) -> tuple[tuple[int, ...], tuple[Option, ...], int]:
        """Legal first cards (K-E6), their options and the timeout choice (K-X9), cached per pair of cards."""
        hand = self.hands[seat]
        key = hand[0] * 24 + hand[1]  # (a list index: no hashing, no comparing)
        cached = self.first_card_cache[key]
        if cached is None:
            legal, default = _first_card_rule(self.cards, hand[0], hand[1])
            options = tuple(self.catalogue_in_use[i] for i in legal)
            cached = self.first_card_cache[key] = (tuple(legal), options, default)
        return cached

    def _next_first_card(self) -> None:
        if self.index >= len(self.order):
            ring = self.clockwise_from(self.first)
            self.order = [s for s in reversed(ring) if self.hands[s]]  # K-T18, K-T19: hands = On-Board crew
            self.index = 0
            self.step = PASS2
            return
        seat = self.order[self.index]
        legal, options, default = self._first_card_options(seat)
        self._pending = [Decision(seat, "first_card", options, self._next_decision_id(seat),
                                  "Play your first card: as a Position (where you are) or as an Action.",
                                  default, ("K-T13", "K-E6", "K-X5"), legal)]

    def _next_second_card(self) -> None:
        if self.index >= len(self.order):
            self.step = REVEAL
            return
        seat = self.order[self.index]
        hand = self.hands[seat]
        if self._ongoing_from_earlier(seat):  # K-T21, K-X7, K-X8
            cards = self.cards.cards
            default = min([(cards[c].priority, i, c) for i, c in enumerate(hand)])[2]  # lowest, then first in hand
            self._ask([self._new_decision(
                seat, "ongoing_position", sorted(opt.POSITION + c for c in hand),
                "Your ongoing Action is your first card: choose your Position; the other card is discarded "
                "face down.", opt.POSITION + default, ("K-T21", "K-E14", "K-X7", "K-X8"))])
            return
        card = hand[0]
        option_id = (opt.ACTION + card) if self.played_first[seat] == POSITION_FIRST else (opt.POSITION + card)
        self._pending = [Decision(seat, "second_card", (self.catalogue_in_use[option_id],),
                                  self._next_decision_id(seat),
                                  "Play your second card, the other way round from your first.",
                                  option_id, ("K-T18", "K-T20", "K-X6"), (option_id,))]

    def _card_done(self) -> None:
        self.stage = ""
        self.index += 1

    def _play(self, seat: int, option_id: int) -> None:
        hand = self.hands[seat]
        is_action = option_id >= opt.ACTION
        card = option_id - opt.ACTION if is_action else option_id - opt.POSITION
        hand.remove(card)
        if not self.played_first[seat]:
            self.played_first[seat] = ACTION_FIRST if is_action else POSITION_FIRST
        if not is_action:
            self._place(seat, card, _PLAYED_RULES)
            self._card_done()
            return
        self.action[seat] = card
        self._log.append((None, self.round, _p(seat) + self.action_texts[card], _ACTION_RULES))
        if self.darted[seat]:
            self._event(self.round, f"{_p(seat)}'s {self._card(card)} has no effect (Sedative Dart).",
                        ("K-E53", "K-E21"))
            self._card_done()
            return
        if card in self.last_on_board and self.on_board() == [seat]:
            self._event(self.round, f"{_p(seat)} is the last crew member On Board and plays LAST ON BOARD.",
                        ("K-E11", "K-E12", "K-W6"))
            self._game_over([seat], "last on board", ("K-W6",))
            return
        self._begin_action(seat, card)

    def _place(self, seat: int, card: int, rules: tuple[str, ...]) -> None:
        """Lays a Position (K-T13, K-E76): face down while a Blackout holds."""
        self.position[seat] = card
        place = self.location[seat] = card // 3  # (a card's id is its location * 3 + its priority - 1)
        if self._blackout_active():
            info = self.cards.cards[card]
            self.face_down[seat] = True
            self._event(self.round, f"{_p(seat)} plays a Position face down.", rules + ("K-E76", "K-H6"))
            self._event(self.round, f"Your Position, face down: {LOCATIONS[info.location]} {info.priority} "
                                    f"({info.code}).", rules + ("K-H6",), seat)
        else:
            self._log.append((None, self.round, _p(seat) + self.position_texts[card], rules + _FACE_UP))
        self._note_sharing(place)

    def _note_sharing(self, place: int) -> None:
        """K-E66: after every placement or move into ``place``, everyone sharing it is marked for the Coward check."""
        if place < 0:
            return
        location = self.location
        there = 0
        for loc in location:  # (compiled, a loop over native ints; list.count compares boxed ones)
            if loc == place:
                there += 1
        if there > 1:
            shared = self.shared
            for seat, loc in enumerate(location):
                if loc == place:
                    shared[seat] = True

    def _ongoing_position(self, seat: int, card: int) -> None:
        hand = self.hands[seat]
        hand.remove(card)
        self.discard[seat] = hand.pop()
        self._place(seat, card, ("K-T21",))
        self._event(self.round, f"{_p(seat)} discards a card face down.", ("K-T21", "K-H19"))
        self._event(self.round, f"You discard {self._card(self.discard[seat])} face down.", ("K-H19",), seat)
        self._card_done()

    # ---- Actions when played (K-E24..K-E94) ----------------------------------------------------------

    def _ask_choice(self, seat: int, stage: str, option_ids: list[int], prompt: str, rules: tuple[str, ...],
                    default: int | None = None) -> None:
        self.stage = stage
        if default is None:
            default = self.timeouts.choice(option_ids)  # K-X10: a random legal option on timeout
        self._ask([self._new_decision(seat, stage, option_ids, prompt, default, rules)])

    def _begin_action(self, seat: int, card: int) -> None:
        rnd = self.round
        slots = self.face_down_slots() if card in (BR1, BR2, AC3) else []
        if card == BR1:
            self.computer = seat
            self._ask_choice(seat, "look", [opt.SLOT + i for i in slots],
                             "Ship's Computer: choose a hidden Hunting Row card to look at.", ("K-E25", "K-X11"))
        elif card == BR2:
            self._ask_choice(seat, "sweep", [opt.SLOT + i for i in slots] + [opt.NONE],
                             "Sensor Sweep: choose a hidden Hunting Row card to look at (up to 2), or none.",
                             ("K-E29", "K-X11"), opt.SLOT + self.timeouts.choice(slots))
        elif card == BR3:
            self.commander = seat
            said = "keeps the First Crew Member marker" if seat == self.first else "will be First Crew Member"
            self._event(rnd, f"{_p(seat)} {said} from next round.", ("K-E32",))
            self._card_done()
        elif card == ML3:
            targets = [s for s in self.on_board() if s != seat and not self._ongoing_from_earlier(s)]
            self._choose_seat(seat, targets, "Sedative Dart: whose Action this round has no effect?", ("K-E53",))
        elif card == AL2:
            places = [loc for loc in self.in_play() if loc != AIRLOCK]
            self._choose_location(seat, places, "Evacuation Order: name a Location to empty into the Airlock.",
                                  ("K-E59",))
        elif card == AC2:
            places = [loc for loc in self.in_play() if loc != self.location[seat]]
            self._choose_location(seat, places, "Crawl Through the Vents: move where?", ("K-E69",))
        elif card == AC3:
            self.ongoing[seat], self.ongoing_since[seat] = AC3, rnd
            if len(slots) >= 2:
                self._ask_choice(seat, "tracker", [opt.SLOT + i for i in slots],
                                 "Motion Tracker: choose a Hunting Row slot to turn face up.", ("K-E71", "K-X3"))
            else:
                self._event(rnd, "Motion Tracker: only one hidden Hunting Row card; nothing to scan.", ("K-E22",))
                self._card_done()
        elif card == ER2:
            self.blackout = seat
            self._event(rnd, "Blackout: every Position played from now on this round is face down.", ("K-E76",))
            self._card_done()
        elif card == SB1:
            self._choose_location(seat, sorted(self.hunted), "Signal Flare: which hunted Location goes back into "
                                  "the Hunting Row?", ("K-E90", "K-E91"))
        elif card == GA1:
            here = self.location[seat]
            targets = [s for s in range(self.players) if s != seat and self.alive[s] and self.position[s] >= 0
                       and not self.face_down[s] and self.location[s] == here >= 0]
            if self.face_down[seat]:  # K-H6: a pick made from a hidden Position would show where it is
                self._event(rnd, f"{_p(seat)} picks a Meat Cleaver target in secret.", ("K-E34", "K-H6"))
                self._ask_choice(seat, "target", [opt.SEAT + s for s in targets] + [opt.NONE],
                                 "Meat Cleaver: who beside you? (your Position is face down, so is your pick)",
                                 ("K-E34", "K-E78", "K-H6"), opt.SEAT + targets[0] if targets else opt.NONE)
            else:
                self._choose_seat(seat, targets, "Meat Cleaver: who beside you?", ("K-E34", "K-E78"))
        elif card == ER1:
            targets = [s for s in self.on_board() if s != seat]
            self._choose_seat(seat, targets, "Rig the Hatch: whose Priority becomes 4?", ("K-E74",))
        elif card == CH1:
            self.ongoing[seat], self.ongoing_since[seat] = CH1, rnd
            self._choose_location(seat, self.in_play(), "Barricade: name a Location the alien cannot kill in.",
                                  ("K-E81",))
        elif card == CH2:
            self._choose_location(seat, sorted(self.hunted), "Cutting Torch: DESTROY which hunted Location?",
                                  ("K-E86",))
        else:  # red Actions with no choice act at End of Round (K-T23)
            self._card_done()

    def _choose_seat(self, seat: int, targets: list[int], prompt: str, rules: tuple[str, ...]) -> None:
        if not targets:
            self._event(self.round, f"{self._card(self.action[seat])} has no legal target: no effect.", ("K-E7",))
            self._card_done()
            return
        self._ask_choice(seat, "target", [opt.SEAT + s for s in targets], prompt, rules + ("K-X11",))

    def _choose_location(self, seat: int, places: list[int], prompt: str, rules: tuple[str, ...]) -> None:
        if not places:
            self._event(self.round, f"{self._card(self.action[seat])} has no legal choice: no effect.", ("K-E7",))
            self._card_done()
            return
        self._ask_choice(seat, "location", [opt.LOCATION + loc for loc in places], prompt, rules + ("K-X11",))

    def _action_choice(self, seat: int, option_id: int) -> None:
        card, stage, rnd = self.action[seat], self.stage, self.round
        if stage == "look":
            self._look(seat, option_id - opt.SLOT)
        elif stage == "sweep":
            if option_id != opt.NONE:
                self._look(seat, option_id - opt.SLOT)
                more = [i for i in self.face_down_slots() if i != option_id - opt.SLOT]
                if more:
                    self._ask_choice(seat, "sweep_more", [opt.SLOT + i for i in more] + [opt.NONE],
                                     "Sensor Sweep: look at a second card, or stop.", ("K-E29",),
                                     opt.SLOT + self.timeouts.choice(more))
                    return
                self._offer_scan(seat)
                return
        elif stage == "sweep_more":
            if option_id != opt.NONE:
                self._look(seat, option_id - opt.SLOT)
            self._offer_scan(seat)
            return
        elif stage == "sweep_scan":
            if option_id != opt.NONE:
                self._scan(seat, option_id - opt.SLOT, ("K-E30",))
        elif stage == "tracker":
            self._scan(seat, option_id - opt.SLOT, ("K-E71",))
        elif stage == "target" and option_id == opt.NONE:
            self._event(rnd, "Meat Cleaver: you pick nobody.", ("K-E7", "K-H6"), seat)
        elif stage == "target":
            self._target(seat, card, option_id - opt.SEAT)
        elif stage == "location":
            self._location_chosen(seat, card, option_id - opt.LOCATION)
        else:  # pragma: no cover - every stage is listed above
            raise AssertionError(f"unknown stage {stage!r} in round {rnd}")
        self._card_done()

    def _look(self, seat: int, slot: int) -> None:
        where = self.hunting_row[slot]
        self.looks[seat].append((slot, where))
        self._event(self.round, f"{_p(seat)} looks at Hunting Row slot {slot + 1}.", ("K-H11",))
        self._event(self.round, f"Slot {slot + 1} holds the {LOCATIONS[where]}.", ("K-H11",), seat)

    def _offer_scan(self, seat: int) -> None:
        looked = [slot for slot, _ in self.looks[seat] if not self.scanned[slot]]
        if len(self.face_down_slots()) >= 2 and looked:
            self._ask_choice(seat, "sweep_scan", [opt.SLOT + i for i in looked] + [opt.NONE],
                             "Sensor Sweep: turn one of the cards you looked at face up, or not.",
                             ("K-E30", "K-E22"), opt.NONE)
            return
        self._card_done()

    def _target(self, seat: int, card: int, target: int) -> None:
        rnd = self.round
        self.choice[seat] = target
        if card == ML3:
            self.darted[target] = True
            self._event(rnd, f"Sedative Dart: {_p(target)}'s Action this round has no effect.", ("K-E53",))
            if self.action[target] in (AC3, CH1) and self.ongoing[target] == self.action[target]:
                self._end_ongoing(target)  # K-E55: the lasting effect never starts
            if self.action[target] >= 0:
                self._event(rnd, f"{_p(target)}'s {self._card(self.action[target])} is cancelled; what it has "
                                 "already done stays done.", ("K-E54", "K-E97"))
        elif card == GA1 and self.face_down[seat]:
            self._event(rnd, f"Meat Cleaver: you pick {_p(target)}.", ("K-E34", "K-H6"), seat)
        elif card == GA1:
            self._event(rnd, f"Meat Cleaver: {_p(seat)} picks {_p(target)}.", ("K-E34",))
        else:
            self._event(rnd, f"Rig the Hatch: {_p(target)}'s Priority is 4 this round.", ("K-E74",))

    def _location_chosen(self, seat: int, card: int, place: int) -> None:
        rnd = self.round
        self.choice[seat] = place
        name = LOCATIONS[place]
        if card == AL2:
            for s in self.on_board():
                if self.position[s] >= 0 and self.location[s] == place:
                    self.location[s] = AIRLOCK
            self._event(rnd, f"Evacuation: {name} to Airlock.", ("K-E59", "K-E61", "K-H7"))
            self._note_sharing(AIRLOCK)
        elif card == AC2:
            self.location[seat] = place
            self._event(rnd, f"{_p(seat)} crawls through the vents to the {name}.", ("K-E69",))
            self._note_sharing(place)
        elif card == CH1:
            self.barricade = place
            self._event(rnd, f"Barricade: the alien cannot kill anyone at the {name}.", ("K-E81",))
        elif card == CH2:
            self._event(rnd, f"Cutting Torch: the {name} will be DESTROYED at End of Round.", ("K-E86",))
        elif card == SB1:
            self._signal_flare(place)

    def _signal_flare(self, place: int) -> None:
        """K-E90: the hunted card rejoins the face-down cards, which are reshuffled; scanned ones stay put."""
        self.hunted.remove(place)
        hidden = [self.hunting_row[i] for i in self.face_down_slots()] + [place]
        self.rng.shuffle(hidden)
        row = []
        for i, loc in enumerate(self.hunting_row):
            row.append(loc if self.scanned[i] else hidden.pop())
        row.append(hidden.pop())
        self.hunting_row = row
        self.scanned.append(False)
        self.looks = [[] for _ in range(self.players)]  # K-E23: what was looked at is stale now
        self._event(self.round, f"Signal Flare: the {LOCATIONS[place]} goes back into the Hunting Row and the "
                                "hidden cards are reshuffled.", ("K-E90", "K-E23"))

    # ---- Reveal (K-T26..T30) --------------------------------------------------------------------------

    def _ask_reveal(self) -> None:
        rnd = self.round
        hidden = [s for s in range(self.players) if self.face_down[s]]
        if hidden:  # 4a
            for seat in hidden:
                self.face_down[seat] = False
            shown = "; ".join(f"{_p(s)} at the {LOCATIONS[self.location[s]]} "
                              f"({self.card_names[self.position[s]]})" for s in hidden)
            self._event(rnd, f"Face-down Positions turn up: {shown}.", ("K-T26", "K-E77"))
            for seat in hidden:
                if self.action[seat] == GA1:
                    picked = _p(self.choice[seat]) if self.choice[seat] >= 0 else "nobody"
                    self._event(rnd, f"{_p(seat)}'s secret Meat Cleaver pick: {picked}.", ("K-E34", "K-H6"))
        chooser = self.computer if self.computer >= 0 and not self.darted[self.computer] else self.first
        slots = self.face_down_slots()
        self.step = END_OF_ROUND
        self._ask([self._new_decision(
            chooser, "reveal", [opt.SLOT + i for i in slots], "Choose the Hunting Row card that reveals the alien.",
            opt.SLOT + self.timeouts.choice(slots), ("K-T27", "K-T28", "K-T29", "K-X12", "K-X13"))])

    def _reveal(self, slot: int) -> None:
        rnd = self.round
        self.alien = self.hunting_row[slot]
        self.scanned[slot] = True
        self._event(rnd, f"Slot {slot + 1} is turned: the alien is in the {LOCATIONS[self.alien]}!",
                    ("K-T27", "K-H13"))
        guesses = [s for s in range(self.players) if self.alive[s] and self.frozen[s] and self.guess[s] >= 0]
        if guesses:  # 4c
            self.guess_public = True
            said = "; ".join(f"{_p(s)} guessed the {LOCATIONS[self.guess[s]]}" for s in guesses)
            self._event(rnd, f"Frozen guesses: {said}.", ("K-T30", "K-H18"))

    # ---- End of Round and Clean Up (K-T31..T48, K-V*, K-W*) ---------------------------------------

    def _collected(self) -> list[int]:
        """Every card neither out of the game nor in effect (K-T42, K-Q22: a card in effect is removed only once
        collected), in card order. (A bit per card, not ``in`` on lists: compiled, a test against a list of ints
        compares boxed objects, and a list of flags is one more list to make and free.)"""
        kept_back = 0
        for card in self.out:
            kept_back |= 1 << card
        for card in self.ongoing:
            if card >= 0:
                kept_back |= 1 << card
        return [card for card in range(24) if not kept_back >> card & 1]

    def _acting(self) -> list[int]:
        """Each seat's Action this round that still counts (not cancelled), or -1."""
        action, darted = self.action, self.darted
        return [-1 if darted[seat] else action[seat] for seat in range(self.players)]

    def _end_of_round(self) -> None:
        rnd, n = self.round, self.players
        alive_before = [s for s in range(n) if self.alive[s]]
        acting = self._acting()
        # 5a: every red Action at once (K-T31, K-E8, K-V5)
        destroyed_now: list[int] = []
        for seat, card in enumerate(acting):
            if among(DESTROYERS, card):
                target = FIXED_DESTROY.get(card, self.choice[seat])
                if target >= 0 and not self.destroyed[target] and target not in destroyed_now:
                    destroyed_now.append(target)  # K-E9, K-E10
        deaths: dict[int, tuple[str, tuple[str, ...]]] = {}
        for loc in destroyed_now:
            self.destroyed[loc] = True  # K-E9: destroyed now; its card moves to the HUD at 5j
            self._event(rnd, f"The {LOCATIONS[loc]} is DESTROYED.", ("K-T31", "K-E9"))
            for seat in alive_before:
                if self.location[seat] != loc or not self._on_board(seat):
                    continue
                if acting[seat] == AL1:
                    self._event(rnd, f"{_p(seat)}'s Space Suit saves them from the DESTROY.", ("K-E57",))
                else:
                    deaths[seat] = (f"{_p(seat)} dies as the {LOCATIONS[loc]} is destroyed.", ("K-E9",))
        # (each loop below runs only when its card is in play; guarded by an if, not by iterating over "()",
        # which compiled code would walk as a Python iterable)
        if holds(acting, GA1) or holds(acting, AC1):
            for seat in alive_before:
                target = self.choice[seat]
                if acting[seat] == GA1 and target >= 0 and self.alive[target] and self.position[target] >= 0 \
                        and self.location[target] == self.location[seat] >= 0 and target not in deaths:
                    deaths[target] = (f"{_p(target)} is killed by {_p(seat)}'s Meat Cleaver.", ("K-E35",))
                if acting[seat] == AC1 and self.shared[seat] and seat not in deaths:
                    deaths[seat] = (f"{_p(seat)}, the Coward, was caught sharing a Location and dies.",
                                    ("K-E64", "K-E65", "K-E66"))
        if deaths:
            for seat in sorted(deaths):
                text, rules = deaths[seat]
                self._kill(seat, text, rules)
        # 5b (K-T32, K-W2, K-W5)
        if self.alien in destroyed_now:
            self._event(rnd, f"The alien was in the {LOCATIONS[self.alien]} and dies with it!", ("K-T32", "K-W2"))
            self._game_over(self.on_board(), "alien destroyed", ("K-W2", "K-W4", "K-W5"))
            return
        # 5c (K-T33, K-V6..V13, K-E96)
        if self._alien_attacks(acting):
            return
        # 5d: thaw (K-T34, K-E46)
        if any(self.frozen):
            for seat in range(n):
                if self.alive[seat] and self.frozen[seat] and self.guess[seat] == self.alien:
                    self.frozen[seat] = False
                    self.ongoing[seat] = -1
                    self._event(rnd, f"{_p(seat)} guessed right and thaws: back On Board.", ("K-T34", "K-E46"))
        # 5e: Cold Storage (K-T35, K-E41)
        if holds(acting, ML1):
            for seat in range(n):
                if acting[seat] == ML1 and self._on_board(seat):
                    if len(self.on_board()) >= 2:
                        self.frozen[seat] = True
                        self.ongoing[seat], self.ongoing_since[seat] = ML1, rnd
                        self.guess[seat] = -1
                        self._event(rnd, f"{_p(seat)} enters Cold Storage: Frozen.", ("K-T35", "K-E41"))
                    else:
                        self._event(rnd, f"{_p(seat)} cannot enter Cold Storage: nobody else is On Board.",
                                    ("K-T35", "K-E41", "K-Q14"))
        # 5f: the Last-on-Board deadline (K-T36, K-W8)
        for seat in range(n):
            if self.deadline[seat] == rnd:
                self.deadline[seat] = 0
                if self.alive[seat] and self.on_board() == [seat]:
                    self._kill(seat, f"{_p(seat)} did not win in time and dies, last on board.", ("K-T36", "K-W8"))
                elif self.alive[seat]:
                    self._event(rnd, f"{_p(seat)} is no longer alone: the countdown is cancelled.", ("K-T36",))
        # 5g (K-T37, K-W7)
        left = self.on_board()
        if not left:
            self._event(rnd, "Nobody is left On Board: tragic defeat.", ("K-T37", "K-W7"))
            self._game_over([], "tragic defeat", ("K-W7",))
            return
        # 5h (K-T38)
        for seat in range(n):
            if self.deadline[seat] and not self.alive[seat]:
                self.deadline[seat] = 0
        if len(left) == 1 and not self.deadline[left[0]] and rnd < ROUND_CAP:
            self.deadline[left[0]] = rnd + 1
            self._event(rnd, f"{_p(left[0])} is the last crew member On Board: win by the end of round {rnd + 1}.",
                        ("K-T38", "K-W8"))
        # 5i: ongoing effects whose end came (K-T39, K-E15, K-E72, K-E83)
        for seat in range(n):
            card = self.ongoing[seat]
            if card < 0:
                continue
            if card in (AC3, CH1) and not self.alive[seat]:
                self._end_ongoing(seat)
                self._event(rnd, f"{self._card(card)} ends with its holder.", ("K-T39", "K-E15"))
            elif card == CH1 and (self.barricade in destroyed_now or self.barricade_broken):
                self._end_ongoing(seat)
                self._event(rnd, "The Barricade is gone.", ("K-T39", "K-E82", "K-E83"))
        # 5j (K-T40)
        for loc in destroyed_now:
            if holds(self.hunted, loc):
                self.hunted.remove(loc)
            if holds(self.hunting_row, loc):
                index = self.hunting_row.index(loc)
                del self.hunting_row[index]
                del self.scanned[index]
        # 5k (K-T41, K-T42)
        destroyed, deck = self.destroyed, []
        for card in self._collected():
            if destroyed[card // 3]:
                self.out.append(card)
            else:
                deck.append(card)
        self.deck = deck
        self.set_aside = []
        self.rng.shuffle(self.deck)
        self.commander = acting.index(BR3) if holds(acting, BR3) else -1  # K-T3, K-E97
        self._clean_up(destroyed_now)

    def _alien_attacks(self, acting: list[int]) -> bool:
        """5c. Returns True when the game ended (Flamethrower)."""
        rnd, n = self.round, self.players
        where = self.alien
        if self.barricade == where and any(self.ongoing[s] == CH1 for s in range(n)):
            self._event(rnd, f"The Barricade holds: the alien kills nobody at the {LOCATIONS[where]}.",
                        ("K-V8", "K-E82"))
            self.barricade_broken = True  # it ends at 5i
            return False
        ring = self.clockwise_from(self.first)
        candidates = [s for s in ring if self._on_board(s) and self.position[s] >= 0 and self.location[s] == where
                      and not (acting[s] == AC1 and not self.shared[s])]  # K-V7, K-V9
        if not candidates:
            self._event(rnd, f"Nobody is in the {LOCATIONS[where]}: the alien kills nobody.", ("K-V13",))
            return False
        rigged = [self.choice[s] for s in range(n) if acting[s] == ER1]
        lowest = holds(acting, GA3)  # K-E38
        # K-E19: each candidate's priority (a Position card's id is its location * 3 + its priority - 1); the
        # victim is the first candidate clockwise from the First Crew Member (K-V11) with the highest, or with
        # the lowest under GA3
        victim, pick = -1, 0
        for s in candidates:
            priority = 4 if holds(rigged, s) else 0 if acting[s] == SB3 else self.position[s] % 3 + 1
            if victim < 0 or (priority < pick if lowest else priority > pick):
                victim, pick = s, priority
        if acting[victim] == ML2:
            self._event(rnd, f"The alien lunges at {_p(victim)}, who escapes on adrenaline: nobody dies.",
                        ("K-E50", "K-V12"))
            return False
        if acting[victim] == CH3:
            self._event(rnd, f"The alien lunges at {_p(victim)} and is burnt by the Flamethrower: the alien dies!",
                        ("K-E88", "K-V12", "K-W3"))
            self._game_over(self.on_board(), "flamethrower", ("K-W3",))
            return True
        self._kill(victim, f"The alien kills {_p(victim)} in the {LOCATIONS[where]}.", ("K-T33", "K-V6", "K-V10"))
        return False

    def _clean_up(self, destroyed_now: list[int]) -> None:
        rnd = self.round
        if self.alien >= 0 and not self.destroyed[self.alien]:  # 6a
            index = self.hunting_row.index(self.alien)
            del self.hunting_row[index]
            del self.scanned[index]
            self.hunted.append(self.alien)
        hunted = self.hunted
        row = [loc for loc in self.in_play() if not holds(hunted, loc)]  # 6b, 6c
        if not row:  # 6d (K-T46, K-Q4)
            row = [loc for loc in self.hunted if loc != self.alien] or list(self.hunted)
            self.hunted = [loc for loc in self.hunted if loc not in row]
            self._event(rnd, "Every Location has been hunted: the hunted cards go back into the Hunting Row.",
                        ("K-T46", "K-Q4"))
        self.hunting_row = row
        self.rng.shuffle(self.hunting_row)
        self.scanned = [False] * len(row)
        if rnd >= ROUND_CAP:  # 6e
            for seat in range(self.players):
                if self.alive[seat] and not self.frozen[seat]:
                    self.alive[seat] = False
            self._event(rnd, "Round 20 ends with the alien alive: life support fails and every crew member dies.",
                        ("K-T47", "K-W9"))
            self._game_over([], "round cap", ("K-W9",))
            return
        self.round = rnd + 1  # 6f
        self._override_row()
        self._override_deck()
        self.scanned = [False] * len(self.hunting_row)
        self.step = ROUND_START

    def _kill(self, seat: int, text: str, rules: tuple[str, ...]) -> None:
        self.alive[seat] = False
        self._event(self.round, text, rules + ("K-V4",))

    def _game_over(self, winners: list[int], reason: str, rules: tuple[str, ...]) -> None:
        rnd = self.round
        for seat in range(self.players):
            if self.alive[seat] and self.frozen[seat]:  # K-E47, K-Q2
                self.alive[seat] = False
                self._event(rnd, f"{_p(seat)} is still in Cold Storage and freezes to death.", ("K-E47", "K-W4"))
        winners = [s for s in winners if self.alive[s]]
        said = ", ".join([_p(s) for s in winners]) if winners else "nobody"
        self._event(rnd, f"Game over ({reason}): {said} won.", rules + ("K-W11", "K-W13"))
        row = ", ".join(f"slot {i + 1} {LOCATIONS[loc]}" for i, loc in enumerate(self.hunting_row))
        deck = ", ".join(self.card_names[c] for c in reversed(self.deck)) or "empty"
        discards = "; ".join(f"{_p(s)} {self.card_names[self.discard[s]]}" for s in range(self.players)
                             if self.discard[s] >= 0) or "none"
        self._event(rnd, f"Everything revealed. Hunting Row: {row}. Crew deck, top first: {deck}. "
                         f"Discards: {discards}.", ("K-W12",))
        self.step = -1
        self._finish(winners, {s: "crew" for s in range(self.players)}, reason)

    # ---- views and copies -------------------------------------------------------------------------------

    def _round_and_out(self) -> tuple[int, int] | None:
        return self.round, self.alive.count(False)  # as the core: a seat is in while alive (frozen or not)

    def roles(self) -> list[str]:
        """Every seat is crew: the alien is a card, not a player (statistics only)."""
        return ["crew"] * self.players

    def _view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    def _lean_view(self, seat: int | None) -> dict[str, Any]:
        return build_lean_view(self, seat)

    def _core(self, seat: int | None, view: dict[str, Any]) -> dict[str, Any]:
        return build_core(self, seat, view)

    def determinized(self, seat: Any, seed: Any) -> Killer:  # (checked by the sampler: Any, see Game.act)
        return determinize(self, seat, seed)

    def _copy_state(self) -> Killer:
        # Field by field (a compiled game has no __dict__): lists play changes are copied, the rest shared.
        other = Killer.__new__(Killer)
        other.action = self.action[:]
        other.alien = self.alien
        other.alive = self.alive[:]
        other.barricade = self.barricade
        other.barricade_broken = self.barricade_broken
        other.blackout = self.blackout
        other.card_names = self.card_names
        other.position_texts = self.position_texts
        other.action_texts = self.action_texts
        other.last_on_board = self.last_on_board
        other.cards = self.cards
        other.choice = self.choice[:]
        other.commander = self.commander
        other.computer = self.computer
        other.darted = self.darted[:]
        other.deadline = self.deadline[:]
        other.deck = self.deck[:]
        other.destroyed = self.destroyed[:]
        other.discard = self.discard[:]
        other.face_down = self.face_down[:]
        other.first = self.first
        other.first_card_cache = self.first_card_cache
        other.dealt_text_cache = self.dealt_text_cache
        other.frozen = self.frozen[:]
        other.guess = self.guess[:]
        other.guess_public = self.guess_public
        other.hands = [inner[:] for inner in self.hands]
        other.hunted = self.hunted[:]
        other.hunting_row = self.hunting_row[:]
        other.index = self.index
        other.location = self.location[:]
        other.looks = [inner[:] for inner in self.looks]
        other.ongoing = self.ongoing[:]
        other.ongoing_since = self.ongoing_since[:]
        other.order = self.order[:]
        other.out = self.out[:]
        other.overrides = self.overrides
        other.played_first = self.played_first[:]
        other.position = self.position[:]
        other.removed_at_setup = self.removed_at_setup
        other.rng = self.rng.copy()
        other.round = self.round
        other.scanned = self.scanned[:]
        other.set_aside = self.set_aside[:]
        other.shared = self.shared[:]
        other.short = self.short
        other.stage = self.stage
        other.status = self.status
        other.step = self.step
        other.timeouts = self.timeouts.copy()
        return other


# Registered after the class, not by a decorator: a decorated class cannot be compiled as a native class.
# (allow_interpreted_subclasses too: mypyc 2.4 gives a serializable class without it an __init__ that never runs)
register(Killer)

# The modules below read this one's names, so they are imported once it has defined them all (not inside the
# methods that call them: compiled, an import there ran the import machinery at every view or sample, and a
# function of the same build imported here is a direct call).
from .sampler import determinize  # noqa: E402
from .view import build_lean_view, build_view  # noqa: E402
