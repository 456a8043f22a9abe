"""Who Should We Eat?: the state and the round flow (rules specification W-*).

State is plain data (ints, bools and lists of them) so a game clones, pickles and replays exactly. The
flow is an explicit ``step`` plus the pending decisions; ``_advance`` runs every automatic step until a
seat has to decide or the game is over. Seats are 0-based here and P1..PN in the log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from mypy_extensions import mypyc_attr

from ...engine import CARD_FILE, Decision, GameConfigError, GameOption, Rng, SetupOverrideError, register
from ...engine.derived import kept_for
from ...engine.game import Game, holds  # from its own module: mypyc's compiled subclass needs that
from ...engine.words import plural
from . import catalogue as opt
from . import chat
from .balanced import balanced_cards, raft_target, start_food, start_sanity
from .cards import (
    BUILD,
    CARD_CODES,
    DECKS,
    FOOD,
    GHOST,
    N_SURVIVOR,
    QUEST_CODES,
    SANITY,
    TRACKS,
    CardSet,
    load_cards,
)
from .core import build_core
from .setup import NO_SETUP, parse_setup

SURVIVOR: Final = 0
FALLEN: Final = 1
GHOST_STATUS: Final = 2
STATUS_NAMES: Final = ("survivor", "fallen", "ghost")
TRACK_RANGE: Final = ((-15, 20), (0, 15), (0, 40))  # W-D1..W-D3
_TRACK_TITLES: Final = tuple(name.capitalize() for name in TRACKS)  # as the log names them
# Card types (W-D55..W-D74).
GI01: Final = N_SURVIVOR
GI02: Final = N_SURVIVOR + 1
GI03: Final = N_SURVIVOR + 2
GI04: Final = N_SURVIVOR + 3
GI05: Final = N_SURVIVOR + 4
GI06: Final = N_SURVIVOR + 5
GI07: Final = N_SURVIVOR + 6
GI08: Final = N_SURVIVOR + 7
GI09: Final = N_SURVIVOR + 8
GI10: Final = N_SURVIVOR + 9
GH01: Final = N_SURVIVOR + 10
GH02: Final = N_SURVIVOR + 11
GH03: Final = N_SURVIVOR + 12
GH04: Final = N_SURVIVOR + 13
GH05: Final = N_SURVIVOR + 14
GH06: Final = N_SURVIVOR + 15
GH07: Final = N_SURVIVOR + 16
GH08: Final = N_SURVIVOR + 17
GH09: Final = N_SURVIVOR + 18
GH10: Final = N_SURVIVOR + 19
GNAWING: Final = GH01
TERRORS: Final = GH02
TIMBER: Final = GH03
BUTTERFINGERS: Final = GH04
CLOUDED: Final = GH05
MARKED: Final = GH06
ROTTEN: Final = GH07
VENGEFUL: Final = GH08
CLUMSY: Final = GH09
CURSED_LUCK: Final = GH10
# Quests (W-D76..W-D90) and Personalities (W-D91..W-D106) by index.
CALLOUSED: Final = 0
SALVAGER: Final = 1
WELL_FED: Final = 2
CAVE_FEVER: Final = 3
GRAVEDIGGER: Final = 4
SPRAINED: Final = 5
FIREKEEPER: Final = 6
BOAR_TUSK: Final = 7
DYSENTERY: Final = 8
FOREMAN: Final = 9
NAVIGATOR: Final = 10
MONKEY: Final = 11
STOLEN_GOODS: Final = 12
SUNSTROKE: Final = 13
MEDIUM: Final = 14
GLUTTON: Final = 0
ASCETIC: Final = 1
PACIFIST: Final = 2
BRAWLER: Final = 3
FORAGER: Final = 4
OPTIMIST: Final = 5
HANDYMAN: Final = 6
CHARISMATIC: Final = 7
WALLFLOWER: Final = 8
PARANOID: Final = 9
BORN_LEADER: Final = 10
SCAVENGER: Final = 11
BUTCHER: Final = 12
SKEPTIC: Final = 13
SURVIVALIST: Final = 14
MARTYR: Final = 15
TARGETED: Final = frozenset((GI04, GI05, GI06, GI10)) | frozenset(range(GH01, GH10 + 1))

MORNING: Final = 0
SKIPS: Final = 1
SPLITS: Final = 2
DRAWS: Final = 3
SELECT: Final = 4
AFTERNOON: Final = 5
GHOST_TURN: Final = 6
QUEST: Final = 7
DODGE: Final = 8
SURVIVOR_TURNS: Final = 9
EVENING_WINDOW: Final = 10
EVENING: Final = 11
TRIAL: Final = 12
POLL: Final = 13
SALVATION: Final = 14
OVER: Final = 15
STEP_NAMES: Final = ("morning", "morning", "morning", "morning", "morning", "afternoon", "afternoon", "afternoon",
                     "afternoon", "afternoon", "evening", "evening", "trial", "trial", "salvation", "over")

_DEFAULT_CARDS: Final = load_cards()
_SEAT_NAMES: Final = tuple(f"P{seat + 1}" for seat in range(10))


def _p(seat: int) -> str:
    return _SEAT_NAMES[seat]  # "P1" for seat 0 (compiled, a direct call)


def red_number(sanity: int) -> int:
    """W-D4: the death penalty printed on Sanity space s."""
    return (sanity + 2) // 3 if sanity > 0 else 0


def _sum(causes: list[str]) -> int:
    """The total of "+1 Forager", "-1 Butterfingers"…"""
    return sum(int(c.split(" ", 1)[0]) for c in causes)


# A track's move as the log words it, by track, change and value (Eat._change)
_MOVES: Final[dict[int, str]] = {}


def _signed(amount: int) -> str:
    """``f"{amount:+d}"``: "+2", "-1", "+0" (compiled, a format spec is a generic call; this is not)."""
    return f"+{amount}" if amount >= 0 else str(amount)


def _causes(*parts: tuple[str, int]) -> str:
    """"2 every Evening, +1 Cold Night, -1 Calm cards": what made up an Evening loss, when more than the usual."""
    said = [parts[0][0]]
    for name, amount in parts[1:]:
        if amount:
            said.append(f"{_signed(amount)} {name}")
    return ", ".join(said) if len(said) > 1 else ""


# Each Survivor card's Play line, deck and name (W-E1)
_PlayLine = tuple[tuple[tuple[int, int], ...], int, str]


class SetFacts:
    """What the rules read of a card set many times a game, worked out once per set and held by each game that plays
    it (shared, read-only). Card records are interpreted objects, so compiled rules would read each of their fields
    through a generic lookup; these are native fields, read without one."""

    def __init__(self, cards: CardSet) -> None:
        self.cards = cards
        survivor = cards.survivor
        self.play_sums = tuple([sum(v for _, v in c.play) for c in survivor])  # each card's Play values summed
        self.keep_kinds = tuple([card.keep for card in survivor])  # W-E10: asked at every window a Keep card answers
        self.forages = tuple([card.forage for card in survivor])  # W-E9: a Keep card's Forage deck, -1 for none
        self.play_lines: tuple[_PlayLine, ...] = tuple([(card.play, card.deck, card.name) for card in survivor])
        self.character_draws = tuple([character.draws for character in cards.characters])  # W-T12
        self.deck_of = tuple([cards.deck_of(card) for card in range(len(CARD_CODES))])  # every card's deck
        self.deck_cards = tuple([tuple(cards.deck_cards(deck)) for deck in range(4)])  # W-S5: in type order
        self.quest_names = tuple([f"{quest.name} ({QUEST_CODES[index]})" for index, quest in enumerate(cards.quests)])
        # the names the Evening's causes are worded with (W-T30, W-T31)
        self.evening_names = (cards.name(GI09), cards.name(TERRORS), cards.quests[CAVE_FEVER].permanent,
                              cards.personalities[GLUTTON].name, cards.personalities[ASCETIC].name, cards.name(GNAWING),
                              cards.quests[DYSENTERY].permanent)

    def __reduce__(self) -> tuple[Callable[[CardSet], SetFacts], tuple[CardSet]]:
        return (set_facts, (self.cards,))  # a pickled game's facts are worked out again from its card set


_FACTS: Final[dict[int, tuple[CardSet, SetFacts]]] = {}


def set_facts(cards: CardSet) -> SetFacts:
    """The card set's ``SetFacts``, worked out on the first call for that set."""
    return kept_for(_FACTS, cards, SetFacts)


def _pair_ids(hand: tuple[int, ...]) -> list[int]:
    """Every (Play, Keep) pair of two of the hand's cards, as sorted option ids: the pair table is ordered by Play
    card then Keep card, so walking the hand's distinct cards in order gives the ids in order, with no set to build
    and sort (a card the hand holds twice pairs with itself). A hand mixing Survivor and Ghost cards (the table has
    -1 across) is sorted whole."""
    kinds = sorted(hand)
    distinct: list[int] = []
    twice: list[bool] = []
    for card in kinds:
        if distinct and distinct[-1] == card:
            twice[-1] = True
        else:
            distinct.append(card)
            twice.append(False)
    table = opt.PAIR_TABLE
    ids = [table[a][b] for i, a in enumerate(distinct) for j, b in enumerate(distinct) if i != j or twice[i]]
    if (kinds[0] < N_SURVIVOR) != (kinds[-1] < N_SURVIVOR):
        return sorted(set(ids))
    return ids


def _selection_options(cards: CardSet, hand: tuple[int, ...]) -> tuple[list[int], int]:
    """W-X3 legal Play/Keep choices for a hand and the W-X4 timeout choice."""
    if len(hand) == 1:
        card = hand[0]
        return [opt.PLAY_ONLY + card, opt.KEEP_ONLY + card], opt.PLAY_ONLY + card
    ids = _pair_ids(hand)
    if hand[0] < N_SURVIVOR:
        sums = set_facts(cards).play_sums
        best = 0  # the highest sum, the first of equal ones (a loop: no key function called per card)
        for index in range(1, len(hand)):
            if sums[hand[index]] > sums[hand[best]]:
                best = index
        keep = hand[1] if best == 0 else hand[0]
        return ids, opt.pair_id(hand[best], keep)
    return ids, opt.pair_id(hand[0], hand[1])


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Eat(Game):
    """One game of Who Should We Eat? for 4 to 10 players."""

    name = "eat"
    title = "Who Should We Eat?"
    response_kinds = ("dodge", "knife_response", "vote_window")
    # what its heuristic bot reads, built alone by view.build_lean_view
    lean_view_keys = frozenset((
        "seat", "leader", "food", "sanity", "build", "raft_target", "players", "statuses", "cards"
    ))
    key_events = {"rounds with a trial": ("W-T35",), "trials": ("W-V5",), "knife fights": ("W-V21",),
                  "deaths": ("W-V50",), "Ghosts risen": ("W-T10",), "Ghost cards played": ("W-T24",)}
    min_players = 4
    max_players = 10
    catalogue = opt.build_catalogue(_DEFAULT_CARDS)
    declared_options = (  # W-S14, W-S15, W-D7: the three variants, all off by default
        GameOption("follow_the_leader", "bool", False, "Follow the Leader"),
        GameOption("phone_booth", "bool", False, "Knife Fight in a Phone Booth"),
        GameOption("dwindling_resources", "int", 0, "Dwindling Resources: extra Quests removed (0 = off)",
                   minimum=0, maximum=5, on_value=2),
        GameOption("balanced", "bool", False, "Balanced: less Food and Sanity, a higher raft and leaner Food cards, "
                                              "so the group must eat someone"),
        CARD_FILE,
    )

    def __init__(self, players: int, seed: int, options: dict[str, Any], setup: dict[str, Any] | None) -> None:
        self._init_base(players, seed, options, setup)
        self.cards: CardSet = _DEFAULT_CARDS
        if options.get("card_file"):
            self.cards = load_cards(options["card_file"])
            self.catalogue_in_use = opt.build_catalogue(self.cards)
        self.balanced = bool(options.get("balanced", False))  # balanced.py: the measured numbers
        if self.balanced:
            self.cards = balanced_cards(self.cards)
        self.follow_the_leader = bool(options.get("follow_the_leader", False))
        self.phone_booth = bool(options.get("phone_booth", False))
        self.dwindling = int(options.get("dwindling_resources", 0))
        self.card_names = self.cards.short_names()  # shared, read-only
        self.facts = set_facts(self.cards)  # shared, read-only
        self.rng = Rng(seed)
        plan = parse_setup(setup, players) if setup else NO_SETUP
        self.straw_script = list(plan.straws)
        self.quest_straw_script = list(plan.quest_straws)
        self.vote_start: bool = plan.start.get("phase") == "vote"  # the first trial opens at its vote
        self._set_up(plan)
        self._advance()

    # ---- setup (W-S*) -----------------------------------------------------------------------------

    def _set_up(self, plan: Any) -> None:
        n, rng, cards = self.players, self.rng, self.cards
        start: dict[str, Any] = plan.start  # (typed: compiled, its gets are dictionary reads, not method calls)
        # (the state's own types, stated: the plan is untyped, and compiled an untyped field is a Python object
        # that every sum and comparison handles generically)
        self.round: int = start.get("round", 1)  # W-S16
        self.food: int = start.get("food", start_food(n) if self.balanced else n - 1)  # W-S2
        self.sanity: int = start.get("sanity", start_sanity(n) if self.balanced else 8)  # W-S3
        self.build: int = start.get("build", 0)  # W-S4
        self.status = [SURVIVOR] * n  # W-S12
        for seat in start.get("ghosts", []):
            self.status[seat] = GHOST_STATUS
        for seat in start.get("fallen", []):
            self.status[seat] = FALLEN
        dead = n - self.status.count(SURVIVOR)
        target = raft_target(n) if self.balanced else 3 * n + 2
        self.target: int = start.get("target", max(0, target - 2 * dead))  # W-S4, W-D5
        if SURVIVOR not in self.status:
            raise GameConfigError("setup leaves nobody a Survivor")
        # W-S5, W-S7: the four draw piles, shuffled separately.
        self.piles: list[list[int]] = []
        self.discards: list[list[int]] = [[], [], [], []]
        placed = [c for c in list(start.get("keep", {}).values()) + list(start.get("play", {}).values())
                  + list(start.get("haunts", {}).values()) + [c for h in start.get("hands", {}).values() for c in h]
                  ] if start else []
        every_deck = self.facts.deck_cards
        fixed_piles: dict[int, Any] = plan.piles
        fixed_tops: dict[int, list[int]] = plan.decks
        for deck in range(4):
            pool = list(every_deck[deck])
            for card in placed:
                if cards.deck_of(card) == deck:
                    if card not in pool:
                        raise GameConfigError(f"setup places more {CARD_CODES[card]} than the deck holds")
                    pool.remove(card)
            if deck in fixed_piles:
                draw, discard = fixed_piles[deck]
                for card in draw + discard:
                    if cards.deck_of(card) != deck or card not in pool:
                        raise GameConfigError(f"setup piles: {CARD_CODES[card]} is not available in that deck")
                    pool.remove(card)
                self.piles.append(draw[::-1])
                self.discards[deck] = discard[::-1]
                continue
            rng.shuffle(pool)
            top = fixed_tops.get(deck, [])
            for card in top:
                if cards.deck_of(card) != deck or card not in pool:
                    raise GameConfigError(f"setup decks: {CARD_CODES[card]} is not available in that deck")
                pool.remove(card)
            self.piles.append(pool + top[::-1])  # the top of a pile is the end of its list
        # W-S6, W-S14: Quests.
        held = start.get("held", {})
        taken = [q for qs in held.values() for q in qs]
        # (the plan's lists read once, not once per Quest: compiled, each read of the plan is a generic one)
        taken += list(plan.quest_box or []) + list(plan.quest_selection or []) + list(plan.quest_deck or [])
        pool = [q for q in range(15) if q not in taken]
        rng.shuffle(pool)
        removing = 3 + self.dwindling
        box = (list(plan.quest_box) if plan.quest_box is not None
               else [pool.pop() for _ in range(min(removing, len(pool)))])
        selection = list(plan.quest_selection) if plan.quest_selection is not None else [
            pool.pop() for _ in range(min(3, len(pool)))]
        quest_deck = list(plan.quest_deck) if plan.quest_deck is not None else pool[::-1]
        self.quest_deck: list[int] = quest_deck[::-1]  # top = end of list
        self.selection: list[int] = selection
        self.box_hidden: list[int] = box  # W-H4: never shown
        self.box: list[str] = []  # public Box entries after setup (W-H28), as text codes
        # W-S8, W-S9: Characters and Personalities.
        chars = list(range(12))
        rng.shuffle(chars)
        self.character: list[int] = plan.characters if plan.characters is not None else chars[:n]
        people = list(range(16))
        rng.shuffle(people)
        self.personality: list[int] = plan.personalities if plan.personalities is not None else people[:n]
        self.personality = list(self.personality)
        self.character = list(self.character)
        self.leader: int = plan.leader if plan.leader is not None else rng.below(n)  # W-S11
        if self.status[self.leader] != SURVIVOR:
            raise GameConfigError("setup 'leader' must be a Survivor")
        self.haunt = [-1] * n
        if start:  # W-S16: a game set up mid-way; else every seat starts empty-handed
            self.paranoid_used = [s in start.get("paranoid_used", []) for s in range(n)]
            for seat, card in start.get("haunts", {}).items():
                if not GH01 <= card <= GH10 or self.status[seat] != SURVIVOR:
                    raise GameConfigError("setup 'start.haunts' attaches Haunt cards (GH..) to Survivors")
                self.haunt[seat] = card
            self.held: list[list[int]] = [list(held.get(s, [])) for s in range(n)]
            self.hands: list[list[int]] = [list(start.get("hands", {}).get(s, [])) for s in range(n)]
            self.play: list[int] = [start.get("play", {}).get(s, -1) for s in range(n)]
            self.keep: list[int] = [start.get("keep", {}).get(s, -1) for s in range(n)]
        else:
            self.paranoid_used = [False] * n
            self.held = [[] for _ in range(n)]
            self.hands = [[] for _ in range(n)]
            self.play = [-1] * n
            self.keep = [-1] * n
        for seat in range(n):
            if self.status[seat] == FALLEN:
                self.personality[seat] = -1
            if self.status[seat] == GHOST_STATUS:
                self.personality[seat] = -1
            for card in (self.play[seat], self.keep[seat]):
                if card >= 0 and (card < N_SURVIVOR) != (self.status[seat] == SURVIVOR) and self.status[seat] != FALLEN:
                    raise GameConfigError(f"setup: {_p(seat)} cannot hold {CARD_CODES[card]}")
        self.keep_up = [False] * n  # a revealed Keep card lying face up (Shield, Pacifist Knife, a shown Knife)
        self.shielded = [False] * n  # W-E16: a face-up Shield (or Pacifist Knife) protects this round
        self.current_quest = -1
        self.ill_wind: int = start.get("ill_wind", -1)
        self.cold_nights: int = start.get("cold_nights", 0)
        self.trial_held = False
        self.trials = 0
        # per-round and per-event working state
        self.skip_plan: list[list[int]] = [[] for _ in range(n)]
        self.split: list[list[int]] = [[0, 0, 0] for _ in range(n)]
        self.forage = [-1] * n
        self.order: list[int] = []
        self.index = 0
        self.ghost_card = -1
        self.map_top: list[int] = []
        self.calm = 0
        self.rations = 0
        self.knives: list[int] = []  # seats that revealed a Knife (or used the Boar Tusk) in this event
        self.attacks: list[list[int]] = []  # [attacker, target, tusk] in declaration order
        self.call_pending = False
        self.fight: list[int] = []
        self.exempt: list[int] = []
        self.hidden = [False] * n
        self.loud = [False] * n
        self.tied: list[int] = []
        self.brawled: list[int] = []
        self.knife_kill = False
        phase = start.get("phase", "morning")
        if phase == "afternoon":
            self.step = AFTERNOON
        elif phase == "evening":
            self.step = EVENING_WINDOW
        elif phase in ("trial", "vote"):
            self.trial_held = True
            self.step = TRIAL
        else:
            self.step = MORNING

    # ---- queries --------------------------------------------------------------------------------------

    def survivors(self) -> list[int]:
        """Living Survivors clockwise from the Leader (W-T7)."""
        n, status, lead = self.players, self.status, self.leader
        return [(lead + i) % n for i in range(n) if status[(lead + i) % n] == SURVIVOR]

    def ghosts(self) -> list[int]:
        """Ghosts clockwise, starting with the first Ghost after the Leader's seat (W-T7, W-T24)."""
        n, status, lead = self.players, self.status, self.leader
        return [(lead + i) % n for i in range(1, n + 1) if status[(lead + i) % n] == GHOST_STATUS]

    def _holds(self, seat: int, quest: int) -> bool:
        return holds(self.held[seat], quest)

    def _clumsy(self, seat: int) -> bool:
        return self.haunt[seat] == CLUMSY

    def _usable_keep(self, seat: int, keywords: tuple[str, ...]) -> bool:
        """W-E10, W-E42: a face-down Keep card of these keywords, used by choice."""
        card = self.keep[seat]
        return (card >= 0 and card < N_SURVIVOR and not self.keep_up[seat] and not self._clumsy(seat)
                and self.facts.keep_kinds[card] in keywords)

    def meat(self, seat: int) -> int:
        """W-E66: the meat value right now."""
        base = self.cards.characters[self.character[seat]].meat
        person = self.personality[seat]
        if person == ASCETIC:
            base = 1
        if person == GLUTTON:
            base += 2
        if self._holds(seat, WELL_FED):
            base += 2
        if self.haunt[seat] == ROTTEN:
            base -= 2
        return max(0, base)

    def _card(self, card: int) -> str:
        return self.card_names[card]

    def _quest(self, quest: int) -> str:
        return self.facts.quest_names[quest]

    # ---- the flow ------------------------------------------------------------------------------------

    def _advance(self) -> None:
        # (a chain of comparisons: compiled, each step is a direct native call, where a table of methods
        # would call through Python)
        while not self.over and not self._pending:
            step = self.step
            if step == MORNING:
                self._morning()
            elif step == SKIPS:
                self._ask_skips()
            elif step == SPLITS:
                self._ask_splits()
            elif step == DRAWS:
                self._draws()
            elif step == SELECT:
                self._ask_select()
            elif step == AFTERNOON:
                self._afternoon()
            elif step == GHOST_TURN:
                self._ghost_turn()
            elif step == QUEST:
                self._ask_quest()
            elif step == DODGE:
                self._ask_dodge()
            elif step == SURVIVOR_TURNS:
                self._survivor_turns()
            elif step == EVENING_WINDOW:
                self._ask_evening()
            elif step == EVENING:
                self._evening()
            elif step == TRIAL:
                self._trial()
            elif step == POLL:
                self._ask_poll()
            else:  # SALVATION
                self._salvation()

    def _resolve_one(self, decision: Decision, option_id: int) -> None:
        self._resolve({decision.seat: option_id})

    def _resolve(self, answers: dict[int, int]) -> None:
        kind = self._pending[0].kind
        self._pending = []
        if kind == "skip_draw":
            self._on_skips(answers)
        elif kind == "wild_decks":
            self._on_splits(answers)
        elif kind == "select":
            self._on_select(answers)
        elif kind == "ghost_target":
            self._on_ghost_target(answers)
        elif kind == "quest":
            self._on_quest(answers)
        elif kind == "map_order":
            self._on_map(answers)
        elif kind == "dodge":
            self._on_dodge(answers)
        elif kind == "evening":
            self._on_evening(answers)
        elif kind == "rules":
            self._on_rules(answers)
        elif kind == "poll":
            self._on_poll(answers)
        elif kind == "knife_response":
            self._on_response(answers)
        elif kind == "phone_booth":
            self._on_phone_booth(answers)
        elif kind == "exemption":
            self._on_exemption(answers)
        elif kind == "vote_window":
            self._on_vote_window(answers)
        elif kind == "vote":
            self._on_vote(answers)
        elif kind == "born_leader":
            self._on_born_leader(answers)
        elif kind == "tie_choice":
            self._on_tie_choice(answers)
        else:
            raise AssertionError(f"no handler for {kind!r} decisions")
        self._advance()

    # ---- tracks (W-E3, W-E4, W-W1) -----------------------------------------------------------------------

    def _change(self, track: int, delta: int, rules: tuple[str, ...], why: str, cause: str = "") -> bool:
        """Moves one track, clamped to its range; True when the game ended (Sanity 0). ``cause`` says what made up
        the change when it is more than the card or step named by ``why`` (a bonus, a Haunt, a Calm card)."""
        low, high = TRACK_RANGE[track]
        if track == FOOD:
            self.food = min(high, max(low, self.food + delta))
            value = self.food
        elif track == SANITY:
            self.sanity = min(high, max(low, self.sanity + delta))
            value = self.sanity
        else:
            self.build = min(high, max(low, self.build + delta))
            value = self.build
        # "Food +3 -> 8": worded once per track, change and value (a few hundred in all) and kept; a value is in
        # -15..40 (TRACK_RANGE), so value + 16 is one of 64 digits, and a change of 64 or more is worded each time
        key = (track * 128 + delta + 64) * 64 + value + 16 if -64 < delta < 64 else -1
        moved = _MOVES.get(key) if key >= 0 else None
        if moved is None:
            moved = f"{_TRACK_TITLES[track]} {_signed(delta)} -> {value}"
            if key >= 0:
                _MOVES[key] = moved
        if cause:
            self._event(self.round, f"{why}: {moved} ({cause}).", rules)
        else:
            self._event(self.round, f"{why}: {moved}.", rules)
        if track == SANITY and value <= 0:
            self._ghosts_win("sanity", ("W-W1", "W-E4", "W-Q23"))
            return True
        return False

    def _apply(self, changes: Any, rules: tuple[str, ...], why: str) -> bool:
        for track, delta in changes:
            if self._change(track, delta, rules, why):
                return True
        return False

    # ---- piles (W-T18, W-T19) ----------------------------------------------------------------------------

    def _draw(self, deck: int) -> int:
        pile = self.piles[deck]
        if not pile:
            self._reshuffle(deck)
            if not pile:
                self._event(self.round, f"The {DECKS[deck]} deck and its discards are empty: the draw is lost.",
                            ("W-T19",))
                return -1
        card = pile.pop()
        if not pile:
            self._reshuffle(deck)
        return card

    def _reshuffle(self, deck: int) -> None:
        discard = self.discards[deck]
        if not discard:
            return
        pile = self.piles[deck]
        pile.extend(discard)
        discard.clear()
        self.rng.shuffle(pile)
        self._event(self.round, f"The {DECKS[deck]} draw pile ran out: its {len(pile)} discards are shuffled into a "
                                "new pile.", ("W-T18",))

    def _discard(self, card: int) -> None:
        self.discards[self.facts.deck_of[card]].append(card)

    # ---- Morning (W-T8..W-T22) ---------------------------------------------------------------------------

    def _morning(self) -> None:
        rnd, n = self.round, self.players
        self._event(rnd, f"Round {rnd}: Morning.", ("W-T4",))
        if rnd > 1:
            for i in range(1, n + 1):  # (a loop, not next() over a generator: compiled, a generic call)
                if self.status[(self.leader + i) % n] == SURVIVOR:
                    self.leader = (self.leader + i) % n
                    break
            self._event(rnd, f"The Conch passes to {_p(self.leader)}, the new Leader.", ("W-T8", "W-C2"))
            if not self.quest_deck:
                self._event(rnd, "The Quest deck is empty: no Quest can be revealed.", ("W-T9", "W-W2", "W-W14"))
                self._ghosts_win("quests", ("W-W2",))
                return
            quest = self.quest_deck.pop()
            self.selection.append(quest)
            self._event(rnd, f"A new Quest joins the selection: {self._quest(quest)}.", ("W-T9",))
            for seat in range(n):
                if self.status[seat] == FALLEN:
                    self.status[seat] = GHOST_STATUS
                    name = self.cards.characters[self.character[seat]].name
                    self._event(rnd, f"{_p(seat)} returns as {name}'s Ghost.", ("W-T10", "W-V59", "W-Q2", "W-D9"))
        forages = self.facts.forages
        picked = []
        for seat in range(n):
            self.skip_plan[seat] = []
            self.split[seat] = [0, 0, 0]
            self.forage[seat] = -1
            card = self.keep[seat]
            self.hands[seat] = []
            if card >= 0 and self.status[seat] != FALLEN:
                self.hands[seat].append(card)  # W-T11
                self.keep[seat] = -1
                picked.append(seat)
                if card < N_SURVIVOR and forages[card] >= 0 and self.status[seat] == SURVIVOR:
                    self.forage[seat] = forages[card]
        if picked:
            self._event(rnd, f"{', '.join([_p(s) for s in picked])} pick up their Keep cards.", ("W-T11", "W-E9"))
        self.step = SKIPS

    def _draw_plan(self, seat: int) -> tuple[list[int], int, list[int]]:
        """(fixed draws per deck, any-deck draws, fixed extras per deck) before skips (W-T12, W-T13, W-T16)."""
        f, s, b, wild = self.facts.character_draws[self.character[seat]]
        extras = [0, 0, 0]
        anys = wild
        if self.forage[seat] == 3:
            anys += 1
        elif self.forage[seat] >= 0:
            extras[self.forage[seat]] += 1
        if self.personality[seat] == SCAVENGER:
            anys += 1
        if self._holds(seat, SALVAGER):
            extras[BUILD] += 1
        if self._holds(seat, MONKEY):
            anys += 1
        return [f, s, b], anys, extras

    def _reductions(self, seat: int) -> int:
        return (self.haunt[seat] == CLOUDED) + self._holds(seat, SPRAINED)

    def _ask_skips(self) -> None:
        self.step = SPLITS
        asks = []
        for seat in self.survivors():
            cut = self._reductions(seat)
            if not cut:
                continue
            fixed, anys, extras = self._draw_plan(seat)
            have = [fixed[d] + extras[d] for d in range(3)] + [anys]
            if sum(have) <= cut:  # every draw is skipped: no choice left
                self.skip_plan[seat] = [k for k in range(4) for _ in range(have[k])]
                continue
            legal = [opt.SKIP + i for i, combo in enumerate(opt.SKIPS)
                     if len(combo) == cut and all(combo.count(k) <= have[k] for k in range(4))]
            default: list[int] = []
            left = have[:]
            for _ in range(cut):  # W-X2: a wild draw if any, else the last fixed draw in the order F, S, B
                pick = 3 if left[3] else max(k for k in range(3) if left[k])
                left[pick] -= 1
                default.append(pick)
            asks.append(self._new_decision(seat, "skip_draw", legal,
                                           f"You draw {plural(cut, 'card')} fewer this Morning: choose which draw "
                                           "to skip.",
                                           opt.SKIP + opt.SKIPS.index(tuple(sorted(default))), ("W-T16", "W-X2")))
        if asks:
            self._ask(asks)

    def _on_skips(self, answers: dict[int, int]) -> None:
        for seat, option_id in sorted(answers.items()):
            self.skip_plan[seat] = list(opt.SKIPS[option_id - opt.SKIP])
            self._event(self.round, f"{_p(seat)} skips: {', '.join(opt.SKIP_KINDS[k] for k in self.skip_plan[seat])}.",
                        ("W-T16", "W-X2"))

    def _any_draws(self, seat: int) -> int:
        _, anys, _ = self._draw_plan(seat)
        return anys - self.skip_plan[seat].count(3)

    def _ask_splits(self) -> None:
        """W-T14, W-X1: every Survivor with any-deck draws (or a picked-up Keep card) declares decks at once."""
        self.step = DRAWS
        asks = []
        for seat in self.survivors():
            k = self._any_draws(seat)
            if k <= 0 and not self.hands[seat]:
                continue
            if k <= 0:
                legal, default = [opt.DRAW], opt.DRAW
            else:
                k = min(k, opt.MAX_WILD)
                legal = opt.SPLITS_FOR[k]
                default = opt.SPLIT_INDEX[(k, 0, 0)]
            asks.append(self._new_decision(seat, "wild_decks", legal,
                                           "Before anyone draws: choose the deck of each free (wild or any-deck) draw.",
                                           default, ("W-T13", "W-T14", "W-X1")))
        if asks:
            self._ask(asks)

    def _on_splits(self, answers: dict[int, int]) -> None:
        for seat in range(self.players):  # in seat order (compiled, no list of pairs made and sorted)
            option_id = answers.get(seat, opt.DRAW)
            if option_id != opt.DRAW:
                self.split[seat] = list(opt.SPLITS[option_id - opt.SPLIT])
        self._event(self.round, "Every free draw has been declared.", ("W-T14", "W-H20"))

    def _draws(self) -> None:
        rnd = self.round
        said: list[str] = []
        for seat in self.survivors():  # W-T17
            fixed, _, extras = self._draw_plan(seat)
            plan = self.skip_plan[seat]
            for kind in plan:
                if kind == 3:
                    continue
                if fixed[kind]:
                    fixed[kind] -= 1
                elif extras[kind]:
                    extras[kind] -= 1
            split = self.split[seat]
            if self.forage[seat] >= 0:
                where = self.forage[seat]
                source = "a deck of their choice" if where == 3 else f"the {DECKS[where]} deck"
                self._event(rnd, f"{_p(seat)}'s picked-up Keep card is a Forage card: one extra draw from {source}.",
                            ("W-E19", "W-H25", "W-H14"))
            got = []
            hand = self.hands[seat]
            for part in (fixed, split, extras):  # the fixed draws, then the chosen ones, then the extras
                for deck in range(3):
                    for _ in range(part[deck]):
                        card = self._draw(deck)
                        if card >= 0:
                            got.append(card)
                            hand.append(card)
            counts = []
            for deck in range(3):
                total = fixed[deck] + split[deck] + extras[deck]
                if total:
                    counts.append(f"{total} {DECKS[deck]}")
            said.append(f"{_p(seat)} {' '.join(counts) if counts else 'nothing'}")
            if got:
                self._event(rnd, f"You draw {', '.join(self._card(c) for c in got)}.", ("W-T12", "W-H9"), seat)
        for seat in self._ghosts_from_leader():
            got = []
            for _ in range(self.cards.characters[self.character[seat]].ghost_draws):  # W-T15, W-E67
                card = self._draw(GHOST)
                if card >= 0:
                    got.append(card)
                    self.hands[seat].append(card)
            said.append(f"{_p(seat)} {len(got)} Ghost")
            if got:
                self._event(rnd, f"You draw {', '.join(self._card(c) for c in got)}.", ("W-T15", "W-H9"), seat)
        if said:
            self._event(rnd, "Draws: " + "; ".join(said) + ".", ("W-T12", "W-T13", "W-T15", "W-E67", "W-H10", "W-Q1"))
        self.step = SELECT

    def _ghosts_from_leader(self) -> list[int]:
        n, lead = self.players, self.leader
        return [(lead + i) % n for i in range(n) if self.status[(lead + i) % n] == GHOST_STATUS]

    def _ask_select(self) -> None:
        self.step = AFTERNOON
        asks = []
        for seat in range(self.players):
            hand = self.hands[seat]
            if not hand or self.status[seat] == FALLEN:
                continue
            legal, default = _selection_options(self.cards, tuple(hand))
            asks.append(self._new_decision(seat, "select", legal,
                                           "Choose your Play card and your Keep card; the rest are discarded.",
                                           default, ("W-T20", "W-T21", "W-T22", "W-X3", "W-X4")))
        if asks:
            self._ask(asks)

    def _on_select(self, answers: dict[int, int]) -> None:
        rnd = self.round
        said: list[str] = []
        for seat in range(self.players):  # in seat order (compiled, no list made and sorted)
            if seat not in answers:
                continue
            play, keep = opt.selection_of(answers[seat])
            hand = self.hands[seat]
            if play >= 0:
                hand.remove(play)
            if keep >= 0:
                hand.remove(keep)
            self.play[seat], self.keep[seat] = play, keep
            for card in hand:
                self._discard(card)
            if play >= 0 and keep >= 0:
                slots, placed = "Play+Keep", f"Play {self._card(play)}, Keep {self._card(keep)}"
            elif play >= 0:
                slots, placed = "Play", f"Play {self._card(play)}"
            elif keep >= 0:
                slots, placed = "Keep", f"Keep {self._card(keep)}"
            else:
                slots, placed = "", ""
            said.append(f"{_p(seat)} {slots}, {len(hand)} discarded")
            self._event(rnd, f"You place: {placed}.", ("W-T20", "W-H9"), seat)
            self.hands[seat] = []
        self._event(rnd, "Cards placed face down: " + "; ".join(said) + ".", ("W-T20", "W-T21", "W-H8", "W-H11"))

    # ---- Afternoon (W-T23..W-T28) -------------------------------------------------------------------------

    def _afternoon(self) -> None:
        rnd = self.round
        self._event(rnd, "Afternoon.", ("W-T4",))
        ghosts = self.ghosts()
        for seat in self.survivors():
            if self._holds(seat, MEDIUM):  # W-T23, W-E53
                seen = [f"{_p(g)}: {self._card(self.play[g])}" for g in ghosts if self.play[g] >= 0]
                self._event(rnd, f"Medium: you see the Ghosts' Play cards: {'; '.join(seen) or 'none'}.",
                            ("W-T23", "W-E53", "W-H17"), seat)
        self.order = ghosts
        self.index = 0
        self.step = GHOST_TURN

    def _ghost_turn(self) -> None:
        if self.index >= len(self.order):
            self.step = QUEST
            return
        seat = self.order[self.index]
        self.index += 1
        card = self.play[seat]
        if card < 0 or self.status[seat] != GHOST_STATUS:
            return  # W-T27
        self.play[seat] = -1
        rnd = self.round
        self._event(rnd, f"{_p(seat)}'s Ghost plays {self._card(card)}.", ("W-T24", "W-E27", "W-H12"))
        legal = self._ghost_targets(card)
        if legal is None:
            self._ghost_effect(seat, card, -1)
            return
        if not legal:
            self._event(rnd, f"{self._card(card)} has no legal target: it is discarded without effect.", ("W-E31",))
            self._discard(card)
            return
        self.ghost_card = card
        if card in (GI07, GI08):
            ids = [opt.QUEST + q for q in legal]
            prompt = "Choose a face-up Quest."
        else:
            ids = [opt.SEAT + s for s in legal]
            prompt = f"Choose the Survivor for {self.cards.name(card)}."
        n = self.players
        default = ids[0]
        if card not in (GI07, GI08):
            for i in range(1, n + 1):  # W-X6: first legal Survivor clockwise after the Ghost
                if (seat + i) % n in legal:
                    default = opt.SEAT + (seat + i) % n
                    break
        self._ask([self._new_decision(seat, "ghost_target", ids, prompt, default, ("W-X5", "W-X6", "W-E31"))])

    def _ghost_targets(self, card: int) -> list[int] | None:
        """Legal targets (seats or Quests), or None for a card without a target (W-E31..W-E43)."""
        alive = [s for s in range(self.players) if self.status[s] == SURVIVOR]
        if card >= GH01:
            return [s for s in alive if self.personality[s] != SKEPTIC]  # W-E43
        if card == GI04:
            return [s for s in alive if self.play[s] >= 0]
        if card in (GI05, GI06):
            return [s for s in alive if self.keep[s] >= 0 and not self.keep_up[s]]
        if card == GI10:
            return [s for s in alive if self.play[s] >= 0 and self.keep[s] >= 0 and not self.keep_up[s]]
        if card == GI07:
            return list(self.selection) if self.quest_deck else None
        if card == GI08:
            return list(self.selection)
        return None

    def _on_ghost_target(self, answers: dict[int, int]) -> None:
        ((seat, option_id),) = answers.items()
        card = self.ghost_card
        self.ghost_card = -1
        target = option_id - (opt.QUEST if card in (GI07, GI08) else opt.SEAT)
        self._ghost_effect(seat, card, target)

    def _ghost_effect(self, ghost: int, card: int, target: int) -> None:
        rnd, cards = self.round, self.cards
        if card == GI01:
            if self._change(FOOD, -2, ("W-E33", "W-D55"), "Spoil the Stores"):
                return
        elif card == GI02:
            if self._change(SANITY, -2, ("W-E33", "W-D56"), "Whispers in the Dark"):
                return
        elif card == GI03:
            if self._change(BUILD, -2, ("W-E33", "W-D57"), "Termites"):
                return
        elif card == GI04:
            gone = self.play[target]
            self.play[target] = -1
            self._discard(gone)
            self._event(rnd, f"Poltergeist: {_p(target)}'s Play card goes unseen to the {DECKS[cards.deck_of(gone)]} "
                             "discard pile; they resolve nothing this Afternoon.", ("W-E34", "W-H13", "W-D58"))
            self._event(rnd, f"Your {self._card(gone)} was thrown away by the Poltergeist.", ("W-E34",), target)
        elif card == GI05:
            self._event(rnd, f"{_p(ghost)}'s Ghost secretly looks at {_p(target)}'s Keep card.", ("W-E35", "W-D59"))
            self._event(rnd, f"Spectral Sight: {_p(target)}'s Keep card is {self._card(self.keep[target])}.",
                        ("W-E35", "W-H16"), ghost)
        elif card == GI06:
            gone = self.keep[target]
            self.keep[target] = -1
            self._discard(gone)
            self._event(rnd, f"Snatch: {_p(target)}'s Keep card goes unseen to the {DECKS[cards.deck_of(gone)]} "
                             "discard pile.", ("W-E36", "W-H13", "W-D60"))
            self._event(rnd, f"Your {self._card(gone)} was snatched.", ("W-E36",), target)
        elif card == GI07:
            if self.quest_deck:
                where = self.selection.index(target)
                self.box.append(QUEST_CODES[target])
                new = self.quest_deck.pop()
                self.selection[where] = new
                self._event(rnd, f"Cursed Map: {self._quest(target)} goes to the Box; {self._quest(new)} is revealed "
                                 "in its place.", ("W-E37", "W-H28", "W-D61"))
                if self.ill_wind == target:
                    self.ill_wind = -1
                    self._event(rnd, "The Ill Wind order lapses.", ("W-E38", "W-K32"))
            else:
                self._event(rnd, "Cursed Map: the Quest deck is empty, so nothing happens.", ("W-E37", "W-Q10"))
        elif card == GI08:
            self.ill_wind = target
            self._event(rnd, f"Ill Wind: the Leader must take {self._quest(target)} this round.",
                        ("W-E38", "W-H28", "W-D62"))
        elif card == GI09:
            self.cold_nights += 1
            self._event(rnd, "Cold Night: Sanity will fall 1 further this Evening.", ("W-E39", "W-D63", "W-H28"))
        elif card == GI10:
            self.play[target], self.keep[target] = self.keep[target], self.play[target]
            self._event(rnd, f"Possession: {_p(target)}'s Play and Keep cards swap places, still face down.",
                        ("W-E40", "W-H16", "W-D64"))
            self._event(rnd, f"Your Play card is now {self._card(self.play[target])} and your Keep card "
                             f"{self._card(self.keep[target])}.", ("W-E40", "W-H16"), target)
        else:
            self._haunt(target, card)
            return
        self._discard(card)  # W-T28

    def _haunt(self, target: int, card: int) -> None:
        rnd = self.round
        keep = self.keep[target]
        if keep >= 0 and not self.keep_up[target] and keep < N_SURVIVOR and self.facts.keep_kinds[keep] == "ward":
            self.keep[target] = -1
            self._discard(keep)
            self._discard(card)
            self._event(rnd, f"{_p(target)}'s Keep card {self._card(keep)} is a Ward: it and {self.cards.name(card)} "
                             "are discarded.", ("W-E24", "W-E43", "W-H25", "W-H14"))
            return
        old = self.haunt[target]
        if old >= 0:
            self._discard(old)
            self._event(rnd, f"{_p(target)}'s old Haunt {self.cards.name(old)} is discarded.", ("W-E29",))
        self.haunt[target] = card
        self._event(rnd, f"{self._card(card)} haunts {_p(target)}.", ("W-E28", "W-E30", "W-H3"))

    # ---- the Quest (W-E44..W-E51) ------------------------------------------------------------------------

    def _ask_quest(self) -> None:
        self.step = DODGE
        if not self.selection:
            self.step = SURVIVOR_TURNS
            self._start_survivor_turns()
            return
        legal = [self.ill_wind] if self.ill_wind in self.selection else list(self.selection)
        self._ask([self._new_decision(self.leader, "quest", [opt.QUEST + q for q in legal],
                                      "Leader: choose the Quest the group undertakes.",
                                      opt.QUEST + legal[0], ("W-T25", "W-X7", "W-X8", "W-E44"))])

    def _on_quest(self, answers: dict[int, int]) -> None:
        quest = answers[self.leader] - opt.QUEST
        self.selection.remove(quest)
        self.current_quest = quest
        info = self.cards.quests[quest]
        self._event(self.round, f"{_p(self.leader)} chooses {self._quest(quest)}.", ("W-T25", "W-E44", "W-E49"))
        if self._apply(info.play, ("W-E44", "W-E3"), info.name):
            return
        if quest == NAVIGATOR and self.quest_deck:  # W-E51: Map the Island
            top = self.quest_deck[-3:][::-1]
            self.map_top = top
            self._event(self.round, f"{_p(self.leader)} secretly looks at the top {plural(len(top), 'Quest card')}.",
                        ("W-E51", "W-H6"))
            self._event(self.round, "Top of the Quest deck: " + ", ".join(self._quest(q) for q in top) + ".",
                        ("W-E51", "W-H6"), self.leader)
            if len(top) >= 2:
                base = 0 if len(top) == 3 else 6
                count = 6 if len(top) == 3 else 2
                self._ask([self._new_decision(self.leader, "map_order",
                                              [opt.ORDER + base + i for i in range(count)],
                                              "Map the Island: put the top Quest cards back in any order "
                                              "(card 1 = the current top).",
                                              opt.ORDER + base, ("W-E51", "W-X8"))])

    def _on_map(self, answers: dict[int, int]) -> None:
        order = opt.ORDERS[answers[self.leader] - opt.ORDER]
        top = self.map_top
        new = [top[i] for i in order]
        del self.quest_deck[-len(top):]
        self.quest_deck.extend(new[::-1])
        self.map_top = []
        self._event(self.round, f"{_p(self.leader)} puts the Quest cards back.", ("W-E51",))
        self._event(self.round, "New top of the Quest deck: " + ", ".join(self._quest(q) for q in new) + ".",
                    ("W-E51", "W-H6"), self.leader)

    def _ask_dodge(self) -> None:
        self.step = SURVIVOR_TURNS
        asks = []
        for seat in self.survivors():
            legal = [opt.PASS, opt.USE] if self._usable_keep(seat, ("dodge",)) else [opt.PASS]
            asks.append(self._new_decision(seat, "dodge", legal,
                                           "Before the Quest straws: reveal a Dodge Keep card, or pass.",
                                           opt.PASS, ("W-E25", "W-E46", "W-X9", "W-E12", "W-H22")))
        self._ask(asks)

    def _on_dodge(self, answers: dict[int, int]) -> None:
        rnd = self.round
        dodged = []
        for seat in self.survivors():
            if answers.get(seat) == opt.USE:
                card = self.keep[seat]
                self.keep[seat] = -1
                self._discard(card)
                dodged.append(seat)
                self._event(rnd, f"{_p(seat)} reveals {self._card(card)} (Dodge) and stays out of the straws.",
                            ("W-E25", "W-E13", "W-H20"))
        quest = self.current_quest
        drawers = [s for s in self.survivors() if s not in dodged]
        if not drawers:
            self.box.append(QUEST_CODES[quest])
            self._event(rnd, f"Nobody is left to draw: {self._quest(quest)} goes to the Box.", ("W-E46", "W-Q28"))
        else:
            loser = drawers[0] if len(drawers) == 1 else self._straws(drawers, "Quest")
            if len(drawers) == 1:
                self._event(rnd, f"{_p(loser)} is the only one left and takes the Quest without a draw.",
                            ("W-E46", "W-V67", "W-Q28"))
            self.held[loser].append(quest)
            info = self.cards.quests[quest]
            self._event(rnd, f"{_p(loser)} tucks {self._quest(quest)} under their character: {info.permanent}.",
                        ("W-E45", "W-E47", "W-V47", "W-H3"))
        self._start_survivor_turns()

    def _start_survivor_turns(self) -> None:
        self.order = self.survivors()
        self.index = 0
        self.step = SURVIVOR_TURNS

    def _survivor_turns(self) -> None:
        while self.index < len(self.order) and not self.over:
            seat = self.order[self.index]
            self.index += 1
            card = self.play[seat]
            if card < 0 or self.status[seat] != SURVIVOR:
                continue  # W-T27
            self.play[seat] = -1
            self._resolve_play(seat, card)
        if not self.over:
            self.step = EVENING_WINDOW

    def _resolve_play(self, seat: int, card: int) -> None:
        """W-E1..W-E7: the Play line with bonuses, then the card is discarded."""
        play, deck, name = self.facts.play_lines[card]
        rnd = self.round
        self._event(rnd, f"{_p(seat)} reveals {self._card(card)}.", ("W-T26", "W-E1", "W-H12"))
        if not play:
            self._event(rnd, "Its Play area is blank: no effect.", ("W-E2",))
        # W-E5: each bonus adds +1 to a gain of the card's own deck; every bonus and Haunt is said beside the
        # total it changed (the card prints +2, the log shows why +3), naming only the bonuses that applied
        person = self.personality[seat]
        if deck == FOOD:
            personal, quest = person == FORAGER, -1
        elif deck == SANITY:
            personal, quest = person == OPTIMIST, FIREKEEPER
        else:
            personal, quest = person == HANDYMAN, CALLOUSED
        from_quest = quest >= 0 and self._holds(seat, quest)
        bonus = int(personal) + int(from_quest)
        butterfingers = self.haunt[seat] == BUTTERFINGERS
        changes: list[tuple[int, int, list[str]]] = []
        for track, delta in play:
            cause: list[str] = []
            if bonus and track == deck and delta > 0:  # a matching gain printed on the card
                delta += bonus
                cause = self._bonus_names(person if personal else -1, quest if from_quest else -1)
            if butterfingers and delta > 0:  # W-E6: the first positive change after the bonuses
                delta -= 1
                cause.append(f"-1 {self.cards.name(BUTTERFINGERS)}")
                butterfingers = False
            changes.append((track, delta, cause))
        self._discard(card)
        for track, delta, cause in changes:
            if self._change(track, delta, ("W-E1", "W-E3", "W-E5", "W-E6", "W-E8"), name,
                            ", ".join([f"printed {_signed(delta - _sum(cause))}", *cause]) if cause else ""):
                return

    def _bonus_names(self, person: int, quest: int) -> list[str]:
        """"+1 <name>" for each W-E5 bonus that applied: the Personality's, then the Quest's (-1: none)."""
        names = [f"+1 {self.cards.personalities[person].name}"] if person >= 0 else []
        if quest >= 0:
            names.append(f"+1 {self.cards.quests[quest].permanent}")
        return names

    # ---- Evening (W-T29..W-T35) ---------------------------------------------------------------------------

    def _ask_evening(self) -> None:
        self.step = EVENING
        self._event(self.round, "Evening.", ("W-T4",))
        asks = []
        for seat in self.survivors():
            legal = [opt.PASS, opt.USE] if self._usable_keep(seat, ("calm", "ration")) else [opt.PASS]
            asks.append(self._new_decision(seat, "evening", legal,
                                           "Evening: reveal a Calm or Ration Keep card, or pass.",
                                           opt.PASS, ("W-T29", "W-X10", "W-E12", "W-H22")))
        self.calm = self.rations = 0
        self._ask(asks)

    def _on_evening(self, answers: dict[int, int]) -> None:
        for seat in self.survivors():
            if answers.get(seat) == opt.USE:
                card = self.keep[seat]
                info = self.cards.survivor[card]
                self.keep[seat] = -1
                self._discard(card)
                if info.keep == "calm":
                    self.calm += info.value
                    what = f"Calm {info.value}"
                else:
                    self.rations += 1
                    what = "Ration"
                self._event(self.round, f"{_p(seat)} reveals {self._card(card)} ({what}).",
                            ("W-E20", "W-E21", "W-E13", "W-H20"))

    def _evening(self) -> None:
        rnd = self.round
        alive = self.survivors()
        terrors = sum(self.haunt[s] == TERRORS for s in alive)
        fever = sum(self._holds(s, CAVE_FEVER) for s in alive)
        loss = 2 + self.cold_nights + terrors + fever - self.calm
        names = self.facts.evening_names
        nerves = _causes(("2 every Evening", 2), (names[0], self.cold_nights), (names[1], terrors), (names[2], fever),
                         ("Calm", -self.calm))
        if self._change(SANITY, -max(0, loss), ("W-T30", "W-T32"), "Evening, the nerves fray", nerves):
            return
        gluttons = sum(self.personality[s] == GLUTTON for s in alive)
        ascetics = sum(self.personality[s] == ASCETIC for s in alive)
        gnawing = sum(self.haunt[s] == GNAWING for s in alive)
        dysentery = sum(self._holds(s, DYSENTERY) for s in alive)
        eaten = len(alive) + gluttons - ascetics + gnawing + dysentery - self.rations
        meals = _causes((f"{len(alive)} Survivors", len(alive)), (names[3], gluttons), (names[4], -ascetics),
                        (names[5], gnawing), (names[6], dysentery), ("Ration", -self.rations))
        self._change(FOOD, -max(0, eaten), ("W-T31", "W-T32", "W-Q26"), "Evening, the Survivors eat", meals)
        for seat in alive:
            if self.haunt[seat] == TIMBER:
                self._change(BUILD, -1, ("W-T33", "W-D67"), f"Rotting Timber on {_p(seat)}")
        if self.food < 0 and any(self.personality[s] == SURVIVALIST for s in alive):
            self._change(FOOD, 1, ("W-T34", "W-E64"), "The Survivalist finds something")
        if self.food < 0:
            self._event(rnd, "Food is below 0: a trial must be held.", ("W-T35", "W-V1"))
            self.trial_held = True  # W-T37
            self.step = TRIAL
        else:
            self.step = SALVATION

    # ---- Trials (W-V1..W-V43) ---------------------------------------------------------------------------

    def _trial(self) -> None:
        alive = self.survivors()
        rnd = self.round
        if len(alive) <= 2:
            self._event(rnd, f"A trial would begin with only {plural(len(alive), 'Survivor')} left.",
                        ("W-V2", "W-W3", "W-Q9"))
            self._ghosts_win("trial with 2 survivors", ("W-W3",))
            return
        self.trials += 1
        self.knife_kill = False
        self.call_pending = False
        self.hidden = [False] * self.players
        self.loud = [False] * self.players
        if self.vote_start:  # setup start.phase "vote": the discussion is over
            self.vote_start = False
            self._event(rnd, "The game starts in a trial whose discussion is over.", ("W-V25", "W-V27"))
            self._start_vote()
            return
        self._event(rnd, f"Trial: {_p(self.leader)} sets the rules; only the Leader may speak.",
                    ("W-T36", "W-V3", "W-V4", "W-V5", "W-V6", "W-V7"))
        self.step = POLL
        self._ask([self._new_decision(self.leader, "rules", [opt.OPEN],
                                      "Leader: set the trial's rules, then bang the Conch to open the discussion.",
                                      opt.OPEN, ("W-V8", "W-X11"))])

    def _on_rules(self, answers: dict[int, int]) -> None:
        self._event(self.round, f"{_p(self.leader)} bangs the Conch: the discussion is open; knives may be drawn.",
                    ("W-V8", "W-V9", "W-Q11"))

    def _attack_targets(self, seat: int) -> list[int]:
        """W-V13, W-Q6: any other Survivor without a face-up Shield."""
        return [s for s in range(self.players) if s != seat and self.status[s] == SURVIVOR and not self.shielded[s]]

    def _attack_options(self, seat: int) -> list[int]:
        if self.personality[seat] == PACIFIST or self._clumsy(seat):  # W-E57, W-E42
            return []
        out: list[int] = []
        targets = self._attack_targets(seat)
        if self._usable_keep(seat, ("knife",)):
            out += [opt.ATTACK + t for t in targets]
        if self._holds(seat, BOAR_TUSK):  # W-E50
            out += [opt.TUSK + t for t in targets]
        return out

    def _ask_poll(self) -> None:
        asks = []
        for seat in self.survivors():
            legal = [opt.PASS] + self._attack_options(seat)
            if self._usable_keep(seat, ("stash",)):
                legal.append(opt.USE)
            if seat == self.leader:
                legal.append(opt.CALL_VOTE)
            asks.append(self._new_decision(seat, "poll", sorted(legal),
                                           "Discussion: attack with a Knife, reveal a Stash, or pass"
                                           + (" (or, as Leader, call the vote)." if seat == self.leader else "."),
                                           opt.PASS, ("W-V10", "W-X12", "W-H22")))
        self._ask(asks)

    def _on_poll(self, answers: dict[int, int]) -> None:
        rnd = self.round
        order = self.survivors()
        if all(answers.get(s) == opt.PASS for s in order):
            self._event(rnd, "Everybody passes: the discussion is over.", ("W-X12", "W-V25"))
            self._start_vote()
            return
        for seat in order:  # W-V11: Stashes first, clockwise from the Leader
            if answers.get(seat) == opt.USE:
                card = self.keep[seat]
                info = self.cards.survivor[card]
                self.keep[seat] = -1
                self._discard(card)
                gain = info.value + self._holds(seat, STOLEN_GOODS)
                self._event(rnd, f"{_p(seat)} reveals {self._card(card)} (Stash).", ("W-E17", "W-E13", "W-H20"))
                if self._change(FOOD, gain, ("W-E17",), "Stash"):
                    return
                if self.food >= 0:
                    self._event(rnd, "Food is 0 or more: the trial is over at once.", ("W-V40", "W-E17", "W-V11"))
                    self.step = SALVATION
                    return
        self.call_pending = answers.get(self.leader) == opt.CALL_VOTE
        self.knives = []
        self.attacks = []
        self._declare(order, answers)
        if self.attacks:
            self._ask_response()
        elif self.call_pending:
            self._event(rnd, f"{_p(self.leader)} bangs the Conch twice: the discussion is closed.", ("W-V25", "W-V26"))
            self._start_vote()
        else:
            self._ask_poll()

    def _declare(self, order: list[int], answers: dict[int, int]) -> bool:
        added = False
        for seat in order:
            option_id = answers.get(seat, opt.PASS)
            if opt.ATTACK <= option_id < opt.QUEST:
                tusk = option_id >= opt.TUSK
                target = option_id - (opt.TUSK if tusk else opt.ATTACK)
                self.knives.append(seat)
                self.attacks.append([seat, target, int(tusk)])
                added = True
                if tusk:
                    self._event(self.round, f"{_p(seat)} attacks {_p(target)} with the Boar Tusk!",
                                ("W-E50", "W-V13", "W-H20"))
                else:
                    self.keep_up[seat] = True
                    self._event(self.round, f"{_p(seat)} reveals {self._card(self.keep[seat])} (Knife) and attacks "
                                            f"{_p(target)}!", ("W-E14", "W-V13", "W-V12", "W-H14", "W-H20"))
        return added

    def _ask_response(self) -> None:
        """W-V15, W-X13, W-Q17: every Survivor who has not shown a Knife in this event may join."""
        asks = []
        for seat in self.survivors():
            if seat in self.knives:
                continue
            legal = [opt.PASS] + self._attack_options(seat)
            asks.append(self._new_decision(seat, "knife_response", legal,
                                           "A knife is out! Reveal a Knife and name a target, or pass.",
                                           opt.PASS, ("W-V14", "W-V15", "W-X13", "W-H22")))
        if asks:
            self._ask(asks)
        else:
            self._resolve_event()

    def _on_response(self, answers: dict[int, int]) -> None:
        order = [s for s in self.survivors() if s in answers]
        if self._declare(order, answers):
            self._ask_response()
        else:
            self._resolve_event()

    def _release_weapon(self, seat: int) -> None:
        """A used Knife is discarded; a used Boar Tusk goes to the Box (W-E13, W-E50, W-V22)."""
        for attacker, _, tusk in self.attacks:
            if attacker == seat and tusk:
                if self._holds(seat, BOAR_TUSK):
                    self.held[seat].remove(BOAR_TUSK)
                    self.box.append(QUEST_CODES[BOAR_TUSK])
                    self._event(self.round, f"{_p(seat)}'s Boar Tusk goes to the Box.", ("W-E50", "W-H28"))
                return
        card = self.keep[seat]
        if card >= 0 and self.keep_up[seat] and self.status[seat] == SURVIVOR:
            self.keep[seat] = -1
            self.keep_up[seat] = False
            self._discard(card)
            self._event(self.round, f"{_p(seat)}'s {self._card(card)} is discarded.", ("W-E13", "W-V19", "W-V22"))

    def _resolve_event(self) -> None:
        rnd = self.round
        if len(self.knives) == 1:
            attacker, target, _ = self.attacks[0]
            if self.personality[target] == PARANOID and not self.paranoid_used[target]:  # W-E62
                self.paranoid_used[target] = True
                self._event(rnd, f"{_p(target)} is Paranoid: the attack fails before their Keep card is shown.",
                            ("W-E62", "W-H2", "W-H25"))
                self._release_weapon(attacker)
                self._after_event()
                return
            card = self.keep[target]
            if card >= 0:  # W-V16: the forced reveal
                info = self.cards.survivor[card]
                self.keep_up[target] = True
                self._event(rnd, f"{_p(target)} must reveal their Keep card: {self._card(card)}.",
                            ("W-V16", "W-H14", "W-E26"))
                if info.keep == "knife" and self.personality[target] != PACIFIST:
                    self._event(rnd, f"{_p(target)} has a Knife too: a knife fight!", ("W-V17", "W-K1", "W-Q21"))
                    self.knives.append(target)
                    self._start_fight()
                    return
                if info.keep in ("shield", "knife"):
                    self.shielded[target] = True
                    self._event(rnd, f"{_p(target)}'s {self.cards.name(card)} blocks the attack and stays face up.",
                                ("W-V18", "W-E15", "W-E16", "W-E57"))
                    self._release_weapon(attacker)
                    self._after_event()
                    return
            self._kill(target, "knife", f"{_p(attacker)} kills {_p(target)}.", ("W-V19",))
            if self.over:
                return
            self._release_weapon(attacker)
            self.knife_kill = True
            self._after_event()
            return
        self._start_fight()

    def _start_fight(self) -> None:
        fight: list[int] = []
        for attacker, target, _ in self.attacks:
            for seat in (attacker, target):
                if seat not in fight:
                    fight.append(seat)
        for seat in self.knives:
            if seat not in fight:
                fight.append(seat)
        self.fight = [s for s in self.survivors() if s in fight]
        self._event(self.round, "Knife fight between " + ", ".join([_p(s) for s in self.fight]) + ".",
                    ("W-V14", "W-V20", "W-V21", "W-K2"))
        if self.phone_booth:  # W-V62
            self._ask([self._new_decision(self.leader, "phone_booth", [opt.ALL, opt.ONLY_KNIVES],
                                          "Knife Fight in a Phone Booth: who draws straws?", opt.ONLY_KNIVES,
                                          ("W-V62", "W-X14", "W-X16"))])
            return
        self._fight_straws(self.fight)

    def _on_phone_booth(self, answers: dict[int, int]) -> None:
        rnd = self.round
        if answers[self.leader] == opt.ONLY_KNIVES:
            self._event(rnd, f"{_p(self.leader)} decides: only those who revealed Knives draw.", ("W-V62", "W-V63"))
            self._fight_straws([s for s in self.survivors() if s in self.knives])
            return
        self._event(rnd, f"{_p(self.leader)} decides: all Survivors draw.", ("W-V62", "W-V64"))
        asks = []
        for seat in self.survivors():
            if seat in self.knives:
                continue
            legal = [opt.PASS, opt.USE] if self._usable_keep(seat, ("shield", "hide")) else [opt.PASS]
            asks.append(self._new_decision(seat, "exemption", legal,
                                           "All Survivors draw: reveal a Shield or Hide Keep card to stay out, "
                                           "or pass.",
                                           opt.PASS, ("W-V64", "W-V65", "W-X14", "W-X16")))
        if asks:
            self._ask(asks)
        else:
            self._fight_straws([s for s in self.survivors()])

    def _on_exemption(self, answers: dict[int, int]) -> None:
        rnd = self.round
        out = []
        for seat in self.survivors():
            if seat in self.knives:
                continue
            if self.shielded[seat]:
                out.append(seat)
                continue
            if answers.get(seat) == opt.USE:
                card = self.keep[seat]
                out.append(seat)
                if self.cards.survivor[card].keep == "shield":
                    self.keep_up[seat] = True
                    self.shielded[seat] = True
                    self._event(rnd, f"{_p(seat)} reveals {self._card(card)} (Shield) and does not draw.",
                                ("W-V64", "W-V65", "W-H20"))
                else:
                    self.keep[seat] = -1
                    self._discard(card)
                    self._event(rnd, f"{_p(seat)} reveals {self._card(card)} (Hide) and does not draw.",
                                ("W-V64", "W-V65", "W-E23", "W-H20"))
        self._fight_straws([s for s in self.survivors() if s not in out])

    def _fight_straws(self, drawers: list[int]) -> None:
        self.brawled = []
        loser = drawers[0] if len(drawers) == 1 else -1
        while loser < 0:
            loser = self._straws(drawers, "knife fight")
            if self.personality[loser] == BRAWLER and loser not in self.brawled:  # W-E58, W-V49
                self.brawled.append(loser)
                self._event(self.round, f"{_p(loser)} is a Brawler: the straws are drawn again.",
                            ("W-E58", "W-V49", "W-H28"))
                loser = -1
        self._kill(loser, "knife", f"{_p(loser)} loses the knife fight and dies.", ("W-V20", "W-V47"))
        if self.over:
            return
        for seat in self.knives:  # W-V22, W-Q5
            self._release_weapon(seat)
        self.knife_kill = True
        self._after_event()

    def _after_event(self) -> None:
        """W-V23, W-V24: a knife death ends the trial's discussion; otherwise it goes on."""
        self.knives = []
        self.attacks = []
        self.fight = []
        if self.knife_kill:
            self._trial_end()
        elif self.call_pending:
            self._event(self.round, f"{_p(self.leader)} bangs the Conch twice: the discussion is closed.",
                        ("W-V25", "W-V26"))
            self._start_vote()
        else:
            self._ask_poll()

    def _trial_end(self) -> None:
        """W-V40, W-V41, W-V43."""
        if self.food >= 0:
            self._event(self.round, "Food is 0 or more: the trial is over.", ("W-V40", "W-V43", "W-Q13"))
            self.step = SALVATION
        else:
            self._event(self.round, "Food is still below 0: another trial begins.", ("W-V41", "W-V42", "W-Q8"))
            self.step = TRIAL

    # ---- the vote (W-V27..W-V39) --------------------------------------------------------------------------

    def _start_vote(self) -> None:
        asks = []
        for seat in self.survivors():
            legal = [opt.PASS, opt.USE] if self._usable_keep(seat, ("loud", "hide")) else [opt.PASS]
            asks.append(self._new_decision(seat, "vote_window", legal,
                                           "Before the vote: reveal a Loud or Hide Keep card, or pass.",
                                           opt.PASS, ("W-V28", "W-X15", "W-H22")))
        self._ask(asks)

    def _on_vote_window(self, answers: dict[int, int]) -> None:
        for seat in self.survivors():
            if answers.get(seat) == opt.USE:
                card = self.keep[seat]
                self.keep[seat] = -1
                self._discard(card)
                if self.cards.survivor[card].keep == "loud":
                    self.loud[seat] = True
                    self._event(self.round, f"{_p(seat)} reveals {self._card(card)} (Loud).", ("W-E22", "W-H20"))
                else:
                    self.hidden[seat] = True
                    self._event(self.round, f"{_p(seat)} reveals {self._card(card)} (Hide).", ("W-E23", "W-H20"))
        alive = self.survivors()
        targets = [s for s in range(self.players) if self.status[s] == SURVIVOR and not self.hidden[s]]
        voters = [s for s in alive if not self.hidden[s] and not self._holds(s, SUNSTROKE)]
        self._event(self.round, f"{_p(self.leader)} counts down from three: the Survivors point.",
                    ("W-V27", "W-V29", "W-V31"))
        if not targets:
            self._event(self.round, "Nobody can be voted for: this vote kills nobody.", ("W-V39", "W-Q16"))
            self._trial_end()
            return
        if not voters:
            self._event(self.round, "Nobody votes: every legal target is tied at 0.", ("W-V39", "W-Q16"))
            self._tally({})
            return
        n = self.players
        meat = [self.meat(s) if self.status[s] == SURVIVOR else -1 for s in range(n)]
        asks = []
        for seat in voters:
            others = [(seat + i) % n for i in range(1, n) if (seat + i) % n in targets]
            default = seat
            if others:  # W-X18
                best = max(meat[s] for s in others)
                default = next(s for s in others if meat[s] == best)
            asks.append(self._new_decision(seat, "vote", [opt.VOTE + t for t in targets],
                                           "Vote: who should we eat?", opt.VOTE + default,
                                           ("W-V29", "W-V30", "W-V32", "W-X17", "W-X18", "W-Q12")))
        self._ask(asks)

    def _on_vote(self, answers: dict[int, int]) -> None:
        self._tally({seat: option_id - opt.VOTE for seat, option_id in answers.items()})

    def _tally(self, votes: dict[int, int]) -> None:
        rnd, n = self.round, self.players
        targets = [s for s in range(n) if self.status[s] == SURVIVOR and not self.hidden[s]]
        total = {s: 0 for s in targets}
        shown = []
        for voter in sorted(votes):
            target = votes[voter]
            weight = (1 + (self.personality[voter] == CHARISMATIC) + self._holds(voter, FOREMAN)
                      + self.loud[voter] + (self.haunt[target] == MARKED))  # W-V33
            total[target] += weight
            shown.append(f"{_p(voter)} -> {_p(target)} ({weight})")
        if shown:
            self._event(rnd, "Votes: " + ", ".join(shown) + ".", ("W-V30", "W-V33", "W-H19"))
        best = max(total.values())
        tied = [s for s in self.survivors() if s in total and total[s] == best]
        if len(tied) == 1:
            self._kill(tied[0], "vote", f"The vote falls on {_p(tied[0])}.", ("W-V34",))
            if not self.over:
                self._trial_end()
            return
        self.tied = tied
        self._event(rnd, "Tie between " + ", ".join([_p(s) for s in tied]) + ".", ("W-V35",))
        if self.personality[self.leader] == BORN_LEADER:  # W-V38, W-E63
            after = [(self.leader + i) % n for i in range(1, n + 1)]
            default = next(s for s in after if s in tied)
            self._ask([self._new_decision(self.leader, "born_leader", [opt.SEAT + s for s in sorted(tied)],
                                          "Born Leader: name the tied Survivor to be eaten.", opt.SEAT + default,
                                          ("W-V38", "W-E63", "W-X20"))])
            return
        if self.follow_the_leader:  # W-V37
            self._ask([self._new_decision(self.leader, "tie_choice", [opt.ALL, opt.ONLY_TIED],
                                          "Follow the Leader: who draws straws to break the tie?", opt.ALL,
                                          ("W-V37", "W-X19", "W-X20"))])
            return
        self._tie_straws(False)

    def _on_born_leader(self, answers: dict[int, int]) -> None:
        victim = answers[self.leader] - opt.SEAT
        self._kill(victim, "vote", f"{_p(self.leader)}, the Born Leader, names {_p(victim)}.", ("W-V38", "W-E63"))
        if not self.over:
            self._trial_end()

    def _on_tie_choice(self, answers: dict[int, int]) -> None:
        only = answers[self.leader] == opt.ONLY_TIED
        self._event(self.round, f"{_p(self.leader)} decides: {'only the tied' if only else 'all Survivors'} draw.",
                    ("W-V37",))
        self._tie_straws(only)

    def _tie_straws(self, only_tied: bool) -> None:
        pool = list(self.tied) if only_tied else [s for s in self.survivors() if not self.hidden[s]]  # W-V36, W-Q4
        pool = [s for s in self.survivors() if s in pool]
        drawers = [s for s in pool if self.personality[s] != WALLFLOWER] or pool  # W-E61
        if len(drawers) == 1:
            loser = drawers[0]
            self._event(self.round, f"{_p(loser)} is the only one left to draw and loses.", ("W-V67", "W-E61"))
        else:
            loser = self._straws(drawers, "tie-break")
        self._kill(loser, "vote", f"{_p(loser)} is eaten.", ("W-V35", "W-V47"))
        if not self.over:
            self._trial_end()

    # ---- Draw Straws (W-V44..W-V49) -------------------------------------------------------------------------

    def _straws(self, drawers: list[int], why: str) -> int:
        """A fair lottery: the Leader's fist holds one straw per share, one short; the others draw in turn
        clockwise from the Leader's left and the Leader keeps what is left (W-V45, W-V46, W-V48)."""
        rnd = self.round
        loser = -1
        script = self.quest_straw_script if why == "Quest" else self.straw_script
        if script:
            loser = script.pop(0)
            if loser not in drawers:
                key = "quest_straws" if why == "Quest" else "straws"
                raise SetupOverrideError(f"setup {key}: the scripted loser {_p(loser)} is not drawing in this "
                                         f"{why} draw (drawing: {', '.join([_p(s) for s in drawers])})")
        if loser < 0:
            n, lead = self.players, self.leader
            order = [(lead + i) % n for i in range(1, n + 1) if holds(drawers, (lead + i) % n)]  # the Leader last
            shares = [2 if self.haunt[s] == CURSED_LUCK else 1 for s in order]
            short = self.rng.below(sum(shares))
            for index in range(len(order)):  # (not zip(strict=True): compiled, a generic call)
                if short < shares[index]:
                    loser = order[index]
                    break
                short -= shares[index]
        among = ", ".join([_p(s) for s in drawers])
        self._event(rnd, f"Straws ({why}) among {among}: {_p(loser)} draws the short straw.",
                    ("W-V44", "W-V45", "W-V46", "W-V47", "W-H18", "W-Q29"))
        return loser

    # ---- the death event (W-V50..W-V61) -------------------------------------------------------------------

    def _kill(self, seat: int, cause: str, text: str, rules: tuple[str, ...]) -> None:
        rnd, cards = self.round, self.cards
        meat = self.meat(seat)  # W-E66, W-Q14: fixed at the start
        self.status[seat] = FALLEN  # W-T2
        self._event(rnd, text, rules + ("W-V50", "W-T2"))
        if self.play[seat] >= 0:  # W-V58
            self._discard(self.play[seat])
            self.play[seat] = -1
        card = self.keep[seat]
        if card >= 0:  # step 1
            self.keep[seat] = -1
            self.keep_up[seat] = False
            self._event(rnd, f"{_p(seat)}'s Keep card is revealed: {self._card(card)}.", ("W-V51", "W-H14"))
            self._discard(card)
            info = cards.survivor[card]
            if info.will is not None:
                if self._change(info.will[0], info.will[1], ("W-V51", "W-E18", "W-E26"), f"{info.name}'s Last Will"):
                    return
        self.shielded[seat] = False
        haunt = self.haunt[seat]
        if haunt >= 0:  # steps 2-3
            self.haunt[seat] = -1
            self._discard(haunt)
            self._event(rnd, f"{cards.name(haunt)} leaves {_p(seat)} for the Ghost discard.", ("W-V52", "W-V53"))
            if haunt == VENGEFUL and self._change(SANITY, -2, ("W-V52", "W-D72"), "Vengeful Spirit"):
                return
        person = self.personality[seat]
        martyr = person == MARTYR and cause == "vote"
        if martyr and self._change(BUILD, 2, ("W-V52", "W-E65"), "The Martyr's sacrifice"):
            return
        for quest in self.held[seat]:
            self.box.append(QUEST_CODES[quest])
        if self.held[seat]:
            self._event(rnd, f"{_p(seat)}'s Quests go to the Box.", ("W-V53", "W-E48", "W-H28"))
        self.held[seat] = []
        if person >= 0:
            self.box.append(cards.personalities[person].code)
            self.personality[seat] = -1
            self._event(rnd, f"{_p(seat)}'s Personality {cards.personalities[person].name} goes to the Box.",
                        ("W-V53", "W-E55"))
        self._change(FOOD, meat, ("W-V54", "W-E66"), f"{_p(seat)} is eaten (meat {meat})")  # step 4
        if martyr:
            self._event(rnd, "The Martyr's death costs no Sanity.", ("W-E65",))
        elif self._change(SANITY, -red_number(self.sanity), ("W-V55", "W-D4"), "Grief"):  # step 5
            return
        self.target = max(0, self.target - 2)  # step 6
        self._event(rnd, f"The Raft target drops to {self.target}.", ("W-V56", "W-W9", "W-Q18"))
        alive = [s for s in range(self.players) if self.status[s] == SURVIVOR]
        if not alive:
            self._ghosts_win("no survivors", ("W-W5",))
            return
        if seat == self.leader:  # W-T6, W-V61
            n = self.players
            self.leader = next((seat + i) % n for i in range(1, n) if self.status[(seat + i) % n] == SURVIVOR)
            self._event(rnd, f"The Conch passes at once to {_p(self.leader)}.", ("W-T6", "W-V61", "W-Q3"))
        for other in self.survivors():  # step 7
            if self.personality[other] == BUTCHER and self._change(FOOD, 1, ("W-V57", "W-E64"), "The Butcher"):
                return
            if self._holds(other, GRAVEDIGGER) and self._change(SANITY, 1, ("W-V57", "W-D80"), "The Gravedigger"):
                return

    # ---- Salvation and the end (W-T38..W-T40, W-W*) -----------------------------------------------------------

    def _salvation(self) -> None:
        rnd = self.round
        alive = self.survivors()
        if not self.trial_held:
            navigator = any(self._holds(s, NAVIGATOR) for s in alive)
            counted = self.build + navigator
            self._event(rnd, f"Salvation: the raft ({counted} against a target of {self.target}).",
                        ("W-T38", "W-W4", "W-E51"))
            if counted >= self.target:
                self._survivors_win()
                return
        else:
            self._event(rnd, "Salvation: a trial was held this round, so the raft cannot sail.", ("W-T39", "W-W8"))
        for seat in range(self.players):  # W-T39, W-Q27
            if self.keep_up[seat] and self.keep[seat] >= 0:
                self._discard(self.keep[seat])
                self._event(rnd, f"{_p(seat)}'s face-up {self._card(self.keep[seat])} is discarded.",
                            ("W-T39", "W-Q27"))
                self.keep[seat] = -1
            self.keep_up[seat] = False
            self.shielded[seat] = False
        self.round = rnd + 1  # W-T40
        self.cold_nights = 0
        self.ill_wind = -1
        self.trial_held = False
        self.step = MORNING

    def _survivors_win(self) -> None:
        winners = [s for s in range(self.players) if self.status[s] == SURVIVOR]  # W-W10
        self._game_over(winners, "raft", ("W-W4", "W-W10", "W-Q30"))

    def _ghosts_win(self, reason: str, rules: tuple[str, ...]) -> None:
        winners = [s for s in range(self.players) if self.status[s] == GHOST_STATUS]  # W-W11, W-W15
        self._game_over(winners, reason, rules + ("W-W11", "W-W6"))

    def _game_over(self, winners: list[int], reason: str, rules: tuple[str, ...]) -> None:
        rnd = self.round
        said = ", ".join([_p(s) for s in winners]) if winners else "nobody"
        self._event(rnd, f"Game over ({reason}): {said} won.", rules + ("W-W12", "W-W13", "W-W17"))
        hands = "; ".join(f"{_p(s)} kept {self._card(self.keep[s])}" for s in range(self.players) if self.keep[s] >= 0)
        self._event(rnd, f"Everything revealed. {hands + '.' if hands else 'No Keep cards.'} Quests removed at setup: "
                         f"{', '.join(self._quest(q) for q in self.box_hidden) or 'none'}.", ("W-H26",))
        self.step = OVER
        self._finish(winners, {s: STATUS_NAMES[self.status[s]] for s in range(self.players)}, reason)

    # ---- views and copies ---------------------------------------------------------------------------------

    def _round_and_out(self) -> tuple[int, int] | None:
        return self.round, sum(1 for status in self.status if status != SURVIVOR)  # as the core: Survivors are in

    def roles(self) -> list[str]:
        """Each seat's status as named in ``result()``: read at setup, every seat is a Survivor (statistics only)."""
        return [STATUS_NAMES[s] for s in self.status]

    def chat_channels(self, seat: int | None) -> list[dict[str, Any]]:
        return chat.channels(self, seat)

    def determinized(self, seat: Any, seed: Any) -> Eat:  # (checked by the sampler: Any, see Game.act)
        """A complete game drawn from what ``seat`` knows (W-H*); see sampler.py."""
        return determinize(self, seat, seed)

    def sampler(self, seat: Any) -> Callable[[int], Eat]:
        """What ``seat`` knows read once, then a sample per seed (see Game.sampler)."""
        return _sampler(self, seat)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    def _lean_view(self, seat: int | None) -> dict[str, Any]:
        return build_lean_view(self, seat)

    def _view_keys(self, seat: int | None, keys: frozenset[str]) -> dict[str, Any] | None:
        return build_lean_view(self, seat, keys) if keys <= self.lean_view_keys else None

    def _core(self, seat: int | None, view: dict[str, Any]) -> dict[str, Any]:
        return build_core(self, seat, view)

    def _copy_state(self) -> Eat:
        # Field by field (a compiled game has no __dict__): every list is copied, lists of lists two levels deep.
        other = Eat.__new__(Eat)
        other.attacks = [inner[:] for inner in self.attacks]
        other.balanced = self.balanced
        other.box = self.box[:]
        other.box_hidden = self.box_hidden[:]
        other.brawled = self.brawled[:]
        other.build = self.build
        other.call_pending = self.call_pending
        other.calm = self.calm
        other.card_names = self.card_names
        other.facts = self.facts
        other.cards = self.cards
        other.character = self.character[:]
        other.cold_nights = self.cold_nights
        other.current_quest = self.current_quest
        other.discards = [inner[:] for inner in self.discards]
        other.dwindling = self.dwindling
        other.exempt = self.exempt[:]
        other.fight = self.fight[:]
        other.follow_the_leader = self.follow_the_leader
        other.food = self.food
        other.forage = self.forage[:]
        other.ghost_card = self.ghost_card
        other.hands = [inner[:] for inner in self.hands]
        other.haunt = self.haunt[:]
        other.held = [inner[:] for inner in self.held]
        other.hidden = self.hidden[:]
        other.ill_wind = self.ill_wind
        other.index = self.index
        other.keep = self.keep[:]
        other.keep_up = self.keep_up[:]
        other.knife_kill = self.knife_kill
        other.knives = self.knives[:]
        other.leader = self.leader
        other.loud = self.loud[:]
        other.map_top = self.map_top[:]
        other.order = self.order[:]
        other.paranoid_used = self.paranoid_used[:]
        other.personality = self.personality[:]
        other.phone_booth = self.phone_booth
        other.piles = [inner[:] for inner in self.piles]
        other.play = self.play[:]
        other.quest_deck = self.quest_deck[:]
        other.quest_straw_script = self.quest_straw_script[:]
        other.rations = self.rations
        other.rng = self.rng.copy()
        other.round = self.round
        other.sanity = self.sanity
        other.selection = self.selection[:]
        other.shielded = self.shielded[:]
        other.skip_plan = [inner[:] for inner in self.skip_plan]
        other.split = [inner[:] for inner in self.split]
        other.status = self.status[:]
        other.step = self.step
        other.straw_script = self.straw_script[:]
        other.target = self.target
        other.tied = self.tied[:]
        other.trial_held = self.trial_held
        other.trials = self.trials
        other.vote_start = self.vote_start
        return other


# Registered after the class, not by a decorator: a decorated class cannot be compiled as a native class.
# (allow_interpreted_subclasses too: mypyc 2.4 gives a serializable class without it an __init__ that never runs)
register(Eat)


# The kinds of decision the game asks, each answered in ``Eat._resolve``
DECISION_KINDS: Final = frozenset((
    "skip_draw", "wild_decks", "select", "ghost_target", "quest", "map_order", "dodge", "evening", "rules", "poll",
    "knife_response", "phone_booth", "exemption", "vote_window", "vote", "born_leader", "tie_choice"))

# The modules below read this one's names, so they are imported once it has defined them all (not inside the
# methods that call them: compiled, an import there ran the import machinery at every view or sample, and a
# function of the same build imported here is a direct call).
from .sampler import determinize  # noqa: E402
from .sampler import sampler as _sampler  # noqa: E402
from .view import build_lean_view, build_view  # noqa: E402
