"""The Guest: the state and the flow of play (rules specification G-*).

State is plain data (ints, bools, lists of ints) so a game clones, pickles and replays exactly. The flow is
an explicit ``step`` plus the priority window's ``base``, ``order`` and ``wpos`` and the ``stack`` of played
cards; ``_advance`` runs every automatic step until a seat has to decide or the game is over.

Priority windows (G-T20, G-D27) ask every living seat in turn, the same way, whatever it holds: a seat
with nothing playable is asked too and can only pass (G-T36, G-H18), so being asked tells nothing.
"""

from __future__ import annotations

from bisect import insort
from typing import Any, Final

from mypy_extensions import mypyc_attr

from ...engine import CARD_FILE, Decision, GameConfigError, GameOption, Rng, SetupOverrideError, register
from ...engine.game import Game  # from its own module: mypyc's compiled subclass needs that
from . import catalogue as opt
from . import chat
from .balanced import BALANCED_GUESTS, BALANCED_VOTES
from .cards import (
    ADRENALINE,
    AMPUTATE,
    BLASTER,
    BRIBE,
    GREEN,
    GREY,
    IMMUNITY,
    INFECTION,
    KINDS,
    LIFE,
    MADNESS,
    MISPLACE,
    RESTRICTION,
    SUSPICION,
    TRANSPLANT,
    VOTE,
    CardSet,
    load_cards,
)
from .core import build_core
from .setup import GUEST, HUMAN, parse_setup

TURN_CAP = 1000  # G-D24, G-W11
QUIET_CAP: Final = 10  # G-D24: Voting Phases in a row without an elimination
GUESTS_BY_COUNT: Final = {5: 2, 6: 2, 7: 2, 8: 3, 9: 3, 10: 3, 11: 4, 12: 4}  # G-S3
VOTES_BY_COUNT: Final = {5: 12, 6: 12, 7: 11, 8: 11, 9: 10, 10: 10, 11: 9, 12: 9}  # G-S12
DOWN: Final = 16  # a discard-pile entry >= DOWN is face down (kind + DOWN)
SIDES: Final = ("Humans", "Guests")
CHAR_NAMES: Final = ("Human", "Guest")

# steps of the flow
S_DISCARD: Final = 0
S_ELECTION: Final = 1
S_TURN: Final = 2
S_DRAW: Final = 3
S_PLAY: Final = 4
S_WINDOW: Final = 5
S_BALLOT: Final = 6
S_TALLY: Final = 7
S_TIE: Final = 8
S_HANDOVER: Final = 9
S_OVER: Final = 10
STEP_NAMES: Final = ("setup discard", "commander election", "turn start", "draw", "play", "window", "ballots",
                     "tally", "tie decision", "office hand-over", "over")
# what a priority window belongs to (G-T29)
B_PLAY: Final = 0
B_TURNSTART: Final = 1
B_INFDRAW: Final = 2
B_ENDTURN: Final = 3
B_VOTE: Final = 4
BASE_NAMES: Final = ("response window", "turn-start window", "infection-draw window", "end-of-turn window",
                     "vote window")
# why a player is eliminated
C_VOTE: Final = 0
C_BLASTER: Final = 1

_P: Final = tuple(f"P{s + 1}" for s in range(opt.MAX_SEATS))


def _hand_cards(count: int) -> str:
    return "1 hand card is" if count == 1 else f"{count} hand cards are"
_DEFAULT_CARDS: Final = load_cards()
_CATALOGUES: Final[dict[int, tuple[Any, ...]]] = {}

_PROMPTS: Final[dict[tuple[int, int, int], str]] = {}  # card sets live as long as the process, so ids stay valid
PRIORITY_PROMPT: Final = ("Play a card or pass ({})", ("G-T20", "G-X4", "G-T36"))


def _catalogue_for(cards: CardSet) -> tuple[Any, ...]:
    found = _CATALOGUES.get(id(cards))
    if found is None:
        found = _CATALOGUES[id(cards)] = opt.build_catalogue(cards)
    return found


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Guest(Game):
    """One game of The Guest for 5 to 12 players."""

    name = "guest"
    title = "The Guest"
    response_kinds = ("priority",)  # G-T20: every living seat is asked in every window
    # what its heuristic bot reads, built alone by view.build_lean_view
    lean_view_keys = frozenset((
        "seat", "start", "players", "stack", "vote", "past_votes", "character", "mad", "looked_at"
    ))
    key_events = {"Infections placed": ("G-E6",), "Humans turned Guest": ("G-E9",), "voting phases": ("G-V1",),
                  "ejections": ("G-V11",)}
    min_players = 5
    max_players = 12
    catalogue = _catalogue_for(_DEFAULT_CARDS)
    declared_options = (
        CARD_FILE,
        GameOption("commander_by_vote", "bool", False, "Elect the Commander by vote"),
        GameOption("balanced", "bool", False, "Balanced: one Guest more or fewer Votes at the player counts "
                                              "where the Humans win most games"),
    )

    def __init__(self, players: int, seed: int, options: dict[str, Any], setup: dict[str, Any] | None) -> None:
        self._init_base(players, seed, options, setup)
        self.by_vote: bool = self.option("commander_by_vote")
        self.cards: CardSet = _DEFAULT_CARDS
        if options.get("card_file") is not None:
            self.cards = load_cards(options["card_file"])
            self.catalogue_in_use = _catalogue_for(self.cards)
        self.names = self.cards.names
        self.colour = tuple(c.colour for c in self.cards.cards)
        self.vote_only = tuple(c.vote_only for c in self.cards.cards)
        self.plan = parse_setup(setup, players)
        self.rng = Rng(seed)
        # Random timeout defaults come from their own stream, derived one-way from the seed: what a seat sees
        # of its defaults says nothing about the shuffles.
        self.timeouts = Rng.derived(seed, "timeout defaults")
        self._set_up()
        self._advance()

    # ---- setup (G-S*) ----------------------------------------------------------------------------------

    def _set_up(self) -> None:
        n, rng, plan = self.players, self.rng, self.plan
        self.turn = 0
        self.vp = 0  # Voting Phases begun
        self.quiet = 0  # Voting Phases in a row without an elimination (G-W11)
        self.guests_at_start = (BALANCED_GUESTS if self.option("balanced") else GUESTS_BY_COUNT)[n]  # G-S3
        chars = [GUEST] * self.guests_at_start + [HUMAN] * (n - self.guests_at_start)
        rng.shuffle(chars)  # G-S4
        if plan.characters is not None:
            if not plan.start and plan.characters.count(GUEST) != self.guests_at_start:
                raise GameConfigError(f"setup 'characters' must hold {self.guests_at_start} Guests at {n} players "
                                      "(G-S3); use 'start' for a position later in a game")
            chars = list(plan.characters)
        self.character = chars
        self.dealt_characters = tuple(chars)  # as dealt: each seat knows its own (a sampler reads only that)
        self.guests_at_start = chars.count(GUEST) if plan.start else self.guests_at_start
        self.alive = [True] * n
        self.side = [""] * n  # frozen side of an eliminated player (G-W6)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.infection = [0] * n  # G-C13: position 1 or 2, 0 = none
        self.infected_turn = [0] * n
        self.announced = [-1] * n  # the character last made public for a living player (G-H7, G-H9)
        self.deck: list[int] = []  # the top is the end of the list
        self.discard: list[int] = []  # kinds; + DOWN when face down (G-Q26)
        self.setup_discard = [-1] * n  # G-H13: known to its discarder only
        self.looks: list[list[int]] = [[] for _ in range(n)]  # Transplant looks: [seat, character, turn, ...]
        self.history: list[tuple[Any, ...]] = []  # closed Voting Phases: (vp, ballots, ejected, revealed)
        self.stack: list[list[int]] = []  # [kind, player, a, b, serial]
        self.serial = 0
        self.base = B_PLAY
        self.order: list[int] = []
        self.wpos = 0
        self.play_again = False
        self.ls_left = -1  # Life Support draws still to make, -1 when none is resolving
        self.transplants_done = self.misplaces_done = 0  # how many of the setup's scripted picks are used
        self.ls_player = -1
        self.ls_base = B_PLAY
        self.inf_seat = -1  # whose second Infection waits for its window (G-E8)
        self.elim_seat = -1
        self.elim_cause = C_VOTE
        self.commander = -1
        self.active = -1
        self.votes_at_start = (BALANCED_VOTES.get(n, VOTES_BY_COUNT[n]) if self.option("balanced")
                               else VOTES_BY_COUNT[n])  # G-S12, or the measured fix
        self.votes_aside = min(self.votes_at_start, self.cards.cards[VOTE].count)  # G-S6, G-S12
        self._reset_vote()
        self.restarts = 0
        self.vote_round = 0
        self.candidates: list[int] = []
        self.totals = [0] * n
        self.option_cache: dict[int, list[int]] = {}
        counts = [c.count for c in self.cards.cards]
        if plan.start:
            self._set_up_start(counts)
            return
        pool = [k for k in range(KINDS) if k != VOTE for _ in range(counts[k])]
        if len(pool) < 3 * n:
            raise GameConfigError(f"the game deck has {len(pool)} cards, too few to deal 3 to {n} players")
        for seat, dealt in plan.deal.items():
            for kind in dealt:
                if kind not in pool or kind == VOTE:
                    raise GameConfigError(f"setup 'deal': no {self.names[kind]} left to deal to seat {seat}")
                pool.remove(kind)
        rng.shuffle(pool)  # G-S6
        for seat in range(n):  # G-S7
            hand = plan.deal.get(seat) or [pool.pop() for _ in range(3)]
            self.hands[seat] = sorted(hand)
        self.deck = pool
        self._check_top(pool + [VOTE] * self.votes_aside)
        self.step = S_DISCARD
        defaults = [self.timeouts.below(3) for _ in range(n)]  # drawn for every seat alike (G-X2)
        self._ask([self._discard_decision(s, defaults[s]) for s in range(n)])

    def _check_top(self, available: list[int]) -> None:
        left = list(available)
        for kind in self.plan.deck_top:
            if kind not in left:
                raise GameConfigError(f"setup 'deck': no {self.names[kind]} is left for the draw deck")
            left.remove(kind)

    def _put_top(self) -> None:
        for kind in self.plan.deck_top:
            self.deck.remove(kind)
        self.deck.extend(reversed(self.plan.deck_top))

    def _set_up_start(self, counts: list[int]) -> None:
        n, plan, rng = self.players, self.plan, self.rng
        counts[VOTE] = self.votes_aside
        used = [0] * KINDS
        for seat, cards in plan.hands.items():
            if VOTE in cards or INFECTION in cards:
                raise GameConfigError("setup 'start.hands': a Vote or an Infection is never held in a hand "
                                      "(use 'start.infections' for markers)")
            self.hands[seat] = sorted(cards)
            for kind in cards:
                used[kind] += 1
        for kind, up in plan.discard:
            self.discard.append(kind if up else kind + DOWN)
            used[kind] += 1
        for seat, pos in plan.infections.items():
            self.infection[seat] = pos
            used[INFECTION] += 1
        if plan.deck is not None:
            for kind in plan.deck:
                used[kind] += 1
        over = [self.names[k] for k in range(KINDS) if used[k] > counts[k]]
        if over:
            raise GameConfigError(f"setup 'start' uses more cards than the game holds: {over}")
        for seat in plan.eliminated:
            self.alive[seat] = False
            self.side[seat] = SIDES[self.character[seat]]
        if plan.deck is not None:
            self.deck = list(reversed(plan.deck))
        else:
            self.deck = [k for k in range(KINDS) for _ in range(counts[k] - used[k])]
            rng.shuffle(self.deck)
            self._check_top(self.deck)
            self._put_top()
        living = [s for s in range(n) if self.alive[s]]
        self.commander = plan.commander if plan.commander is not None else living[rng.below(len(living))]
        self.active = plan.active if plan.active is not None else self.commander
        self._event(0, f"The game starts part-way: {_P[self.commander]} is the Commander.", ("G-S14",))
        self.step = S_TURN

    def _discard_decision(self, seat: int, roll: int) -> Decision:
        hand = self.hands[seat]
        kinds = sorted(set(hand))
        if INFECTION in hand:  # G-X2
            default = INFECTION
        elif MADNESS in hand:
            default = MADNESS
        else:
            default = hand[roll % len(hand)]
        return self._new_decision(seat, "setup_discard", [opt.DISCARD + k for k in kinds],
                                  "Choose 1 of your 3 cards to discard face down.", opt.DISCARD + default,
                                  ("G-S8", "G-S9", "G-X2"))

    def _after_discards(self, answers: dict[int, int]) -> None:
        n, rng = self.players, self.rng
        for seat in range(n):
            kind = answers[seat] - opt.DISCARD
            self.hands[seat].remove(kind)
            self.discard.append(kind + DOWN)
            self.setup_discard[seat] = kind
            self._event(0, f"You discard {self.names[kind]} face down.", ("G-S8", "G-S9", "G-H13"), seat)
        self._event(0, "Every player has discarded one card face down.", ("G-S8", "G-S9"))
        for seat in range(n):  # G-S10: kept Infections go into play; G-S11: kept Madness stays
            while INFECTION in self.hands[seat]:
                self.hands[seat].remove(INFECTION)
                self._event(0, f"{_P[seat]} kept an Infection: it goes into play.", ("G-S10", "G-Q10"))
                self._infect(seat, 0)
        self.deck.extend([VOTE] * self.votes_aside)  # G-S12
        rng.shuffle(self.deck)
        self._put_top()
        self._event(0, f"{self.votes_aside} Votes are shuffled into the deck: {len(self.deck)} cards.",
                    ("G-S12", "G-S13"))
        if self.by_vote and self.plan.commander is None:  # G-S15, G-D28, G-X1
            self.step = S_ELECTION
            # Naming nobody is what a timeout leaves (G-X1), not a choice: a timeout-only default.
            self._ask([self._new_decision(s, "elect", [opt.ELECT + t for t in range(n)],
                                          "Name a player for Commander (secret).", opt.NO_NAME, ("G-X1", "G-D28"))
                       for s in range(n)])
            return
        roll = rng.below(n)
        self._appoint(self.plan.commander if self.plan.commander is not None else roll, ("G-S14", "G-S15"))

    def _appoint(self, seat: int, rules: tuple[str, ...]) -> None:
        self.commander = self.active = seat  # G-S16
        self._event(0, f"{_P[seat]} receives the Commander card and plays first.", rules + ("G-S16",))
        self.step = S_TURN

    def _after_election(self, answers: dict[int, int]) -> None:
        named = [0] * self.players
        for seat in range(self.players):
            if answers[seat] != opt.NO_NAME:
                named[answers[seat] - opt.ELECT] += 1
        top = max(named)
        tied = [s for s in range(self.players) if named[s] == top]
        roll = self.rng.below(len(tied))
        self._appoint(tied[roll], ("G-X1", "G-D28", "G-H25"))

    # ---- small helpers -------------------------------------------------------------------------------

    def living(self) -> list[int]:
        return [s for s in range(self.players) if self.alive[s]]

    def from_seat(self, seat: int) -> list[int]:
        """Living players starting at ``seat`` and going left (G-T18, G-T4)."""
        n, alive = self.players, self.alive
        return [(seat + i) % n for i in range(n) if alive[(seat + i) % n]]

    def left_of(self, seat: int) -> int:
        n = self.players
        for i in range(1, n + 1):
            if self.alive[(seat + i) % n]:
                return (seat + i) % n
        return seat

    def mad(self, seat: int) -> bool:
        return MADNESS in self.hands[seat]

    def current_side(self, seat: int) -> str:
        if not self.alive[seat]:
            return self.side[seat]
        return "Madness" if MADNESS in self.hands[seat] else SIDES[self.character[seat]]

    def _anchor(self) -> int:
        return self.commander if self.base == B_VOTE else self.active  # G-T19

    def _discard_up(self, kind: int) -> None:
        self.discard.append(kind)

    # ---- the flow --------------------------------------------------------------------------------------

    def _advance(self) -> None:
        while not self.over and not self._pending:
            step = self.step
            if step == S_WINDOW:
                self._window()
            elif step == S_PLAY:
                self._ask_play()
            elif step == S_TURN:
                self._begin_turn()
            elif step == S_DRAW:
                self._draw_step()
            elif step == S_BALLOT:
                self._next_ballot()
            elif step == S_TALLY:
                self._tally()
            else:
                raise AssertionError(f"no automatic step {step}")

    def _resolve_one(self, decision: Decision, option_id: int) -> None:
        kind, seat = decision.kind, decision.seat
        self._pending = []
        if kind == "priority":
            if option_id == opt.PASS:
                self.wpos += 1  # G-H18: a pass is never shown
            else:
                self._play(seat, option_id)
        elif kind == "play":
            if option_id == opt.END_PLAY:
                self._event(self.turn, f"{_P[seat]} ends their Play step.", ("G-T28",))
                self.play_again = False
                self._open(B_ENDTURN)
            else:
                self.base = B_PLAY
                self._play(seat, option_id)
        elif kind == "ballot":
            self._ballot(seat, option_id)
        elif kind == "tie":
            self._tie(option_id)
        elif kind == "office":
            self._hand_office(option_id - opt.OFFICE, ("G-E55", "G-X9"))
            self._complete_elimination()
        else:
            self._together(kind, {seat: option_id})
        self._advance()

    def _resolve(self, answers: dict[int, int]) -> None:
        """Simultaneous decisions: the setup discard (G-S9) and the Commander election (G-X1)."""
        kind = self._pending[0].kind
        self._pending = []
        self._together(kind, answers)
        self._advance()

    def _together(self, kind: str, answers: dict[int, int]) -> None:
        if kind == "setup_discard":
            self._after_discards(answers)
        else:
            self._after_election(answers)

    # ---- turns (G-T*) ---------------------------------------------------------------------------------

    def _begin_turn(self) -> None:
        if self.turn >= TURN_CAP:
            self._event(self.turn, f"{TURN_CAP} turns have been played: the game stops with no winner.",
                        ("G-W11", "G-D24"))
            self._game_over([], "stalemate", ("G-W11",))
            return
        self.turn += 1
        seat = self.active
        self._event(self.turn, f"{_P[seat]}'s turn begins.", ("G-T2", "G-T5"))
        if self.infection[seat] and self.infected_turn[seat] < self.turn:  # G-T6, G-T7
            self._open(B_TURNSTART)
        else:
            self.step = S_DRAW

    def _draw_step(self) -> None:
        self.step = S_PLAY  # G-T8, G-X11; a Vote or an infection window changes it
        self._draw(self.active, ("G-T8", "G-X11"))

    def _ask_play(self) -> None:
        seat = self.active
        ids = self._options(seat, opt.END_PLAY, True)
        self._ask([self._new_decision(seat, "play", ids, "Play a card, or end your Play step.", opt.END_PLAY,
                                      ("G-T12", "G-T14", "G-X3"))])

    def _end_turn(self) -> None:
        self._event(self.turn, f"{_P[self.active]}'s turn ends.", ("G-T28",))
        self.active = self.left_of(self.active)  # G-T2
        self.step = S_TURN

    # ---- drawing (G-T9..T11, G-T34, G-E2..E8) -------------------------------------------------------

    def _draw(self, seat: int, rules: tuple[str, ...]) -> int:
        """Draws one card for ``seat``. Returns 0 when play goes on at once, 1 when a window or a Voting
        Phase took over (the step is set), -1 when nothing could be drawn."""
        if not self.deck:  # G-T34
            if not self.discard:
                self._event(self.turn, "The deck and the discard pile are empty: no card is drawn.", ("G-T34",))
                return -1
            self.deck = [k % DOWN for k in self.discard]
            self.discard = []
            self.rng.shuffle(self.deck)
            self._event(self.turn, f"The deck is empty: the discard pile is shuffled into a new deck of "
                                   f"{len(self.deck)} cards.", ("G-T34", "G-D23", "G-H17"))
        kind = self.deck.pop()
        if kind == VOTE:  # G-T9, G-E2
            self._event(self.turn, f"{_P[seat]} draws a Vote and shows it!", rules + ("G-T9", "G-E2", "G-H11"))
            if self.voters:  # only a custom card file can draw during a vote: that Vote is simply discarded
                self._discard_up(VOTE)
                return 0
            self._start_vote_phase()
            return 1
        if kind == INFECTION:  # G-T10, G-E5
            self._event(self.turn, f"{_P[seat]} draws an Infection.", rules + ("G-T10", "G-E5", "G-H8"))
            if self.infection[seat]:
                self.inf_seat = seat  # G-E8: a window first
                self._open(B_INFDRAW)
                return 1
            self._infect(seat, self.turn)
            return 0
        insort(self.hands[seat], kind)  # G-T11
        self._event(self.turn, f"{_P[seat]} draws a card.", rules + ("G-H11",))
        self._event(self.turn, f"You draw {self.names[kind]}.", rules + ("G-T11", "G-H11"), seat)
        return 0

    def _infect(self, seat: int, turn: int) -> None:
        """An Infection arrives for ``seat`` (drawn, or kept at setup): placed, or advancing a marker."""
        if self.infection[seat]:
            self._discard_up(INFECTION)
            self._move(seat, 1, ("G-E8", "G-S10", "G-E7"))
            return
        self.infection[seat] = 1
        self.infected_turn[seat] = turn
        self._event(self.turn, f"{_P[seat]}'s Infection is placed at position 1.", ("G-E6", "G-C13", "G-H8"))

    def _move(self, seat: int, step: int, rules: tuple[str, ...], cause: str = "") -> None:
        pos = self.infection[seat] + step
        if pos >= 3:  # G-E9..E11
            self.infection[seat] = 0
            self.character[seat] = GUEST
            self.announced[seat] = GUEST
            self._discard_up(INFECTION)
            self._event(self.turn, f"{_P[seat]}'s Infection reaches position 3: {_P[seat]} is now a Guest.",
                        rules + ("G-E9", "G-E10", "G-E11", "G-H9"))
        elif pos <= 0:
            self.infection[seat] = 0
            self._discard_up(INFECTION)
            self._event(self.turn, f"{_P[seat]}'s Infection is discarded{cause}.", rules)
        else:
            self.infection[seat] = pos
            self._event(self.turn, f"{_P[seat]}'s Infection moves to position {pos}.", rules + ("G-H8",))

    def _after_infection_draw(self) -> None:
        seat = self.inf_seat
        self.inf_seat = -1
        if self.infection[seat]:  # G-E8
            self._discard_up(INFECTION)
            self._move(seat, 1, ("G-E7", "G-E8", "G-Q12"))
        else:
            self._infect(seat, self.turn)
        if self.ls_left >= 0:
            self._continue_life()
        else:
            self.step = S_PLAY

    # ---- priority windows and the stack (G-T15..T29, G-D27) --------------------------------------------

    def _open(self, base: int) -> None:
        self.base = base
        self._reopen()

    def _reopen(self) -> None:
        self.order = self.from_seat(self._anchor())
        self.wpos = 0
        self.option_cache = {}
        self.step = S_WINDOW

    def _window(self) -> None:
        if self.wpos < len(self.order):
            seat = self.order[self.wpos]
            ids = self._options(seat, opt.PASS, False)
            key = (self.base, self.stack[-1][0] if self.stack else -1, id(self.cards))
            prompt = _PROMPTS.get(key)
            if prompt is None:  # built once per window kind and top card: the hot path only looks it up
                prompt = _PROMPTS[key] = PRIORITY_PROMPT[0].format(
                    BASE_NAMES[self.base] if not self.stack else f"responding to {self.names[self.stack[-1][0]]}")
            self._ask([self._new_decision(seat, "priority", ids, prompt, opt.PASS, PRIORITY_PROMPT[1])])
            return
        if self.stack:  # G-T22: a full round of passes resolves the top card
            self._resolve_top()
            return
        base = self.base  # the window closes (G-T20)
        if base == B_TURNSTART:
            seat = self.active
            if self.infection[seat]:
                self._move(seat, 1, ("G-T6", "G-E7", "G-Q11"))
            self.step = S_DRAW
        elif base == B_INFDRAW:
            self._after_infection_draw()
        elif base == B_ENDTURN:
            self._end_turn()
        elif base == B_VOTE:
            self.step = S_TALLY
        else:
            self.step = S_PLAY

    def _after_resolution(self) -> None:
        if self.stack:
            self._reopen()  # G-T22
        elif self.base == B_PLAY or self.base == B_ENDTURN:
            self.option_cache = {}
            self.step = S_PLAY  # G-T23, G-T28
        else:
            self._reopen()  # G-T23

    def _options(self, seat: int, first: int, green: bool) -> list[int]:
        hand = self.hands[seat]
        ids = [first]
        if not hand:
            return ids
        cache = self.option_cache
        if green:
            cache = {}
            self.option_cache = {}
        previous = -1
        for kind in hand:
            if kind != previous:
                previous = kind
                found = cache.get(kind)
                if found is None:
                    found = cache[kind] = self._kind_options(kind, green)
                if found:
                    ids += found
        return ids

    def _kind_options(self, kind: int, green: bool) -> list[int]:
        """Every legal way to play a card of ``kind`` now (G-T14..T17, G-T25, G-E1)."""
        colour = self.colour[kind]
        if colour == GREEN:
            if not green:
                return []
        elif colour == GREY:
            if not self.stack:
                return []
        elif colour != "yellow" or (self.vote_only[kind] and self.base != B_VOTE):
            return []
        living = self.living()
        if kind == BLASTER:
            return [opt.PLAY_BLASTER + t for t in living]
        if kind == SUSPICION:
            return [opt.PLAY_SUSPICION + t for t in living]
        if kind == AMPUTATE:
            return [opt.PLAY_AMPUTATE + t for t in living if self.infection[t]]
        if kind == ADRENALINE:
            return [opt.PLAY_ADRENALINE + 2 * t + d for t in living if self.infection[t] for d in (0, 1)]
        if kind == RESTRICTION:
            return [opt.PLAY_RESTRICTION + i for i in range(min(len(self.stack), opt.MAX_STACK))]
        if kind == TRANSPLANT:
            index = opt.PAIR_INDEX
            return [opt.PLAY_TRANSPLANT + index[(a, b)] for a in living for b in living if a < b]
        if kind == BRIBE:
            index = opt.BRIBE_INDEX
            return [opt.PLAY_BRIBE + index[(v, t)] for v in living for t in living if v != t]
        if kind == IMMUNITY:
            if self.immunity or any(entry[0] == IMMUNITY for entry in self.stack):  # G-E49
                return []
            return [opt.PLAY_IMMUNITY]
        if kind == MISPLACE:
            return [opt.PLAY_MISPLACE]
        if kind == LIFE:
            return [opt.PLAY_LIFE]
        return []  # Vote, Infection, Madness are never played (G-T30)

    def _play(self, seat: int, option_id: int) -> None:
        kind, a, b = opt.PLAYS[option_id]
        self.hands[seat].remove(kind)
        self.serial += 1
        if kind == RESTRICTION:
            target = self.stack[a]
            a = target[4]
            said = f"{self.names[RESTRICTION]} on {_P[target[1]]}'s {self.names[target[0]]}"
        else:
            said = self._describe(kind, a, b)
        self.stack.append([kind, seat, a, b, self.serial])
        if self.base == B_ENDTURN:
            self.play_again = True  # G-T28
        self._event(self.turn, f"{_P[seat]} plays {said}.", ("G-T21", "G-H14", "G-H24"))
        self._reopen()  # G-T21: a response window from the anchor

    def _describe(self, kind: int, a: int, b: int) -> str:
        name = self.names[kind]
        if kind in (BLASTER, AMPUTATE, SUSPICION):
            return f"{name} on {_P[a]}"
        if kind == ADRENALINE:
            return f"{name} on {_P[a]}, {'forward' if b == opt.FORWARD else 'back'}"
        if kind == TRANSPLANT:
            return f"{name} on {_P[a]} and {_P[b]}"
        if kind == BRIBE:
            return f"{name}: {_P[a]}'s ballot now for {_P[b]}"
        return name

    def _fizzle(self, kind: int, player: int) -> None:
        self._event(self.turn, f"{_P[player]}'s {self.names[kind]} fizzles: its target is no longer legal.",
                    ("G-T26", "G-H14"))

    def _resolve_top(self) -> None:
        kind, player, a, b, _serial = self.stack.pop()
        turn, alive = self.turn, self.alive
        if kind == RESTRICTION:  # G-E50, G-E51
            for index, entry in enumerate(self.stack):
                if entry[4] == a:
                    del self.stack[index]
                    self._discard_up(RESTRICTION)
                    self._discard_up(entry[0])
                    self._event(turn, f"{_P[player]}'s {self.names[kind]} cancels {_P[entry[1]]}'s "
                                      f"{self.names[entry[0]]}.", ("G-E50", "G-E51", "G-T27", "G-H14"))
                    break
            else:
                self._discard_up(RESTRICTION)
                self._fizzle(kind, player)
        elif kind == BLASTER:
            self._discard_up(kind)
            if not alive[a]:
                self._fizzle(kind, player)
            elif self.infection[a]:  # G-E22
                self.infection[a] = 0
                self._discard_up(INFECTION)
                self._event(turn, f"{self.names[BLASTER]} hits {_P[a]}: Infection removed.",
                            ("G-E21", "G-E22", "G-E25", "G-H7"))
            elif self.character[a] == HUMAN:  # G-E23
                self._eliminate(a, C_BLASTER, f"{self.names[BLASTER]} hits {_P[a]}: eliminated.",
                                ("G-E21", "G-E23", "G-E25", "G-H7"))
                return
            else:  # G-E24
                self.character[a] = HUMAN
                self.announced[a] = HUMAN
                self._event(turn, f"{self.names[BLASTER]} hits {_P[a]}: {_P[a]} is now Human.",
                            ("G-E21", "G-E24", "G-E25", "G-H7"))
            self._after_resolution()
            return
        elif kind == LIFE:
            self._event(turn, f"{_P[player]}'s {self.names[LIFE]} resolves: 3 draws.", ("G-E31", "G-E32"))
            self.ls_left = 3
            self.ls_player = player
            self.ls_base = self.base  # an infection-draw window may open meanwhile (G-T24)
            self._continue_life()
            return
        elif kind == AMPUTATE or kind == ADRENALINE:
            self._discard_up(kind)
            if not alive[a] or not self.infection[a]:
                self._fizzle(kind, player)
            elif kind == AMPUTATE:  # G-E39
                self.infection[a] = 0
                self._discard_up(INFECTION)
                self._event(turn, f"{self.names[kind]}: {_P[a]}'s Infection is discarded.", ("G-E39", "G-E12"))
            else:  # G-E40..E42
                self._move(a, 1 if b == opt.FORWARD else -1, ("G-E40", "G-E41" if b == opt.FORWARD else "G-E42"),
                           f": {self.names[kind]} pushed it back from step 1")
            self._after_resolution()
            return
        else:
            self._discard_up(kind)
            if kind == TRANSPLANT:
                self._transplant(player, a, b)
            elif kind == MISPLACE:
                self._misplace(player)
            elif kind == BRIBE:
                if alive[a] and alive[b]:
                    self.counts_for[a] = b  # G-E43, G-E45
                    self._event(turn, f"{self.names[BRIBE]}: {_P[a]}'s ballot now counts for {_P[b]}.",
                                ("G-E43", "G-H16"))
                else:
                    self._fizzle(kind, player)
            elif kind == SUSPICION:
                if alive[a]:
                    self.suspicions[a] += self.cards.suspicion_value  # G-E46, G-E47
                    self._event(turn, f"{self.names[SUSPICION]}: {_P[a]} gets {self.cards.suspicion_value} extra vote.",
                                ("G-E46", "G-E47", "G-H16"))
                else:
                    self._fizzle(kind, player)
            elif kind == IMMUNITY:
                self.immunity = True  # G-E48, G-E49
                self._event(turn, f"{self.names[IMMUNITY]}: the leaders of this vote round are spared.",
                            ("G-E48", "G-V10", "G-H16"))
        self._after_resolution()

    def _transplant(self, player: int, a: int, b: int) -> None:
        if a == b or not self.alive[a] or not self.alive[b]:  # G-E35
            self._fizzle(TRANSPLANT, player)
            return
        char = self.character
        self._event(self.turn, f"{self.names[TRANSPLANT]}: you look at {_P[a]} ({CHAR_NAMES[char[a]]}) and {_P[b]} "
                               f"({CHAR_NAMES[char[b]]}) before they are mixed.", ("G-E33", "G-H5"), player)
        self.looks[player] += [a, char[a], self.turn, b, char[b], self.turn]
        swap = self.rng.below(2)  # G-E34
        if self.transplants_done < len(self.plan.transplants):
            swap = self.plan.transplants[self.transplants_done]
            self.transplants_done += 1
        if swap:
            char[a], char[b] = char[b], char[a]
        self.announced[a] = self.announced[b] = -1
        for seat in (a, b):  # G-E37, G-H6: the same notice whether or not anything changed
            self._event(self.turn, f"{self.names[TRANSPLANT]}: your character card is handed back: you are "
                                   f"{CHAR_NAMES[char[seat]]}.", ("G-E37", "G-H6", "G-E36"), seat)
        self._event(self.turn, f"{self.names[TRANSPLANT]} resolved on {_P[a]} and {_P[b]}: the cards were mixed.",
                    ("G-E34", "G-E38", "G-H6"))

    def _misplace(self, player: int) -> None:
        givers = [s for s in range(self.players) if self.alive[s] and self.hands[s]]  # G-E29
        if len(givers) >= 2:
            taken = []
            for seat in givers:  # G-E27
                hand = self.hands[seat]
                taken.append(hand.pop(self.rng.below(len(hand))))
            given = taken[:]
            self.rng.shuffle(given)  # G-E28
            if self.misplaces_done < len(self.plan.misplaces):
                taken, given = self._scripted_misplace(givers, taken)
            for seat, lost, got in zip(givers, taken, given, strict=True):
                insort(self.hands[seat], got)
                self._event(self.turn, f"{self.names[MISPLACE]}: you lose {self.names[lost]} and receive "
                                       f"{self.names[got]}.", ("G-E30", "G-H15", "G-E18"), seat)
        self._event(self.turn, f"{self.names[MISPLACE]} resolved.", ("G-E27", "G-E28", "G-E29", "G-H15"))

    def _scripted_misplace(self, givers: list[int], drawn: list[int]) -> tuple[list[int], list[int]]:
        """The setup's next Misplace picks in place of the random ones (the random cards go back first)."""
        take, deal = self.plan.misplaces[self.misplaces_done]
        self.misplaces_done += 1
        for seat, card in zip(givers, drawn, strict=True):
            insort(self.hands[seat], card)
        if set(take) != set(givers) or any(take[s] not in self.hands[s] for s in givers):
            raise SetupOverrideError(
                f"setup misplaces entry {self.misplaces_done}: the givers are {[_P[s] for s in givers]} holding "
                f"{ {_P[s]: [self.names[c] for c in self.hands[s]] for s in givers} }; 'take' names "
                f"{ {_P[s]: self.names[c] for s, c in take.items()} }")
        for seat in givers:
            self.hands[seat].remove(take[seat])
        return [take[s] for s in givers], [deal[s] for s in givers]

    def _continue_life(self) -> None:
        player = self.ls_player
        while self.ls_left > 0:
            self.ls_left -= 1
            if self._draw(player, ("G-E31", "G-E32")) == 1:
                return  # a window paused it (G-T24) or a Vote ended it (G-E4)
        self.ls_left = -1
        self._discard_up(LIFE)  # G-T27
        self.base = self.ls_base
        self._after_resolution()

    # ---- Voting Phase (G-V*) ---------------------------------------------------------------------------

    def _reset_vote(self) -> None:
        n = self.players
        self.ballots = [-2] * n  # -2 not cast yet, -1 empty (timed out), else the target
        self.counts_for = [-2] * n  # the ballot after Bribes
        self.suspicions = [0] * n
        self.immunity = False
        self.voters: list[int] = []
        self.bpos = 0

    def _start_vote_phase(self) -> None:
        turn = self.turn
        if self.ls_left >= 0:  # G-E4: the remaining draws are lost
            self.ls_left = -1
            self._discard_up(LIFE)
        for entry in self.stack:  # G-T35
            self._discard_up(entry[0])
        self.stack = []
        self.inf_seat = -1
        self.vp += 1
        self.restarts = 0
        self.vote_round = 0
        self._event(turn, f"{_P[self.active]}'s turn ends. Voting Phase {self.vp} begins; "
                          f"{_P[self.commander]} (Commander) votes first.", ("G-V1", "G-T9", "G-E53", "G-V3"))
        self._new_vote_round()

    def _new_vote_round(self) -> None:
        self._reset_vote()
        self.vote_round += 1
        self.totals = [0] * self.players
        self.candidates = []
        self.voters = self.from_seat(self.commander)  # G-V2, G-V4
        self.base = B_VOTE
        self.step = S_BALLOT

    def _next_ballot(self) -> None:
        if self.bpos >= len(self.voters):
            self._open(B_VOTE)  # G-V6
            return
        seat = self.voters[self.bpos]
        # G-V5: abstaining is not a choice; the empty ballot is only what a timeout leaves (timeout-only default).
        ids = sorted(opt.BALLOT + t for t in self.voters if t != seat) or [opt.NO_BALLOT]
        self._ask([self._new_decision(seat, "ballot", ids, "Cast your ballot: who should be ejected?",
                                      opt.NO_BALLOT, ("G-V4", "G-V5", "G-X6"))])

    def _ballot(self, seat: int, option_id: int) -> None:
        target = -1 if option_id == opt.NO_BALLOT else option_id - opt.BALLOT
        self.ballots[seat] = self.counts_for[seat] = target
        self.bpos += 1
        said = f"votes for {_P[target]}" if target >= 0 else "casts no ballot (empty)"
        self._event(self.turn, f"{_P[seat]} {said}.", ("G-V5", "G-H16", "G-H23"))

    def _tally(self) -> None:
        n = self.players
        totals = [0] * n
        alive = self.alive
        for voter, target in enumerate(self.counts_for):
            if target >= 0 and alive[voter] and alive[target]:  # (only custom cards eliminate during a vote)
                totals[target] += 1
        for seat in range(n):
            if alive[seat]:
                totals[seat] += self.suspicions[seat]  # G-V7
        self.totals = totals
        said = ", ".join(f"{_P[s]} {totals[s]}" for s in sorted(self.living(), key=totals.__getitem__, reverse=True)
                         if totals[s]) or "no votes"
        self._event(self.turn, f"Totals: {said}.", ("G-V7", "G-H16", "G-D25"))
        top = max(totals)
        if top == 0:  # G-V8
            candidates: list[int] = []
        elif self.immunity:  # G-V10
            rest = [totals[s] for s in range(n) if totals[s] < top]
            runner = max(rest) if rest else 0
            candidates = [s for s in range(n) if totals[s] == runner] if runner >= 1 else []
            self._event(self.turn, f"{self.names[IMMUNITY]} spares " + ", ".join(_P[s] for s in range(n)
                                                                              if totals[s] == top) + ".",
                        ("G-V10", "G-E48", "G-Q13"))
        else:
            candidates = [s for s in range(n) if totals[s] == top]  # G-V9
        self.candidates = candidates
        if not candidates:
            self._event(self.turn, "Nobody is ejected.", ("G-V8", "G-V10", "G-D25"))
            self._after_vote(-1)
        elif len(candidates) == 1:  # G-V11
            self._eliminate(candidates[0], C_VOTE, f"{_P[candidates[0]]} is ejected through the airlock.",
                            ("G-V11", "G-V17"))
        else:  # G-V12, G-X7, G-X8
            roll = self.timeouts.below(len(candidates))  # the timeout's random pick (G-X7)
            ids = [opt.EJECT + s for s in candidates]
            if self.restarts < self.cards.restart_limit:
                ids.append(opt.RESTART)
            self.step = S_TIE
            self._ask([self._new_decision(self.commander, "tie", ids,
                                          "The vote is tied: eject one of the tied players, or restart the vote.",
                                          opt.EJECT + candidates[roll], ("G-V12", "G-V13", "G-V14", "G-X7",
                                                                         "G-X8"))])

    def _tie(self, option_id: int) -> None:
        if option_id == opt.RESTART:  # G-V14..V16
            self.restarts += 1
            self._event(self.turn, f"{_P[self.commander]} restarts the vote: every ballot and every vote card "
                                   "of the last round is void.", ("G-V14", "G-V15", "G-V16", "G-H16"))
            self._new_vote_round()
            return
        seat = option_id - opt.EJECT
        self._event(self.turn, f"{_P[self.commander]} breaks the tie: {_P[seat]}.", ("G-V12", "G-V13", "G-H16"))
        self._eliminate(seat, C_VOTE, f"{_P[seat]} is ejected through the airlock.", ("G-V11", "G-V17"))

    def _after_vote(self, ejected: int) -> None:
        self._discard_up(VOTE)  # G-E3, G-V22
        ballots = tuple(self.ballots)
        self.history.append((self.vp, ballots, tuple(self.counts_for), tuple(self.totals), ejected,
                             self.character[ejected] if ejected >= 0 else -1))
        self._event(self.turn, f"Voting Phase {self.vp} is over; the Vote is discarded.", ("G-V22", "G-E3"))
        self.quiet = 0 if ejected >= 0 else self.quiet + 1
        self._reset_vote()
        self.base = B_PLAY
        if self._end_check(("G-W1", "G-V22")):
            return
        if self.quiet >= QUIET_CAP:
            self._event(self.turn, f"{QUIET_CAP} Voting Phases in a row without an elimination: the game stops "
                                   "with no winner.", ("G-W11", "G-D24"))
            self._game_over([], "stalemate", ("G-W11",))
            return
        self.active = self.commander  # G-T3
        self.step = S_TURN

    # ---- elimination (G-V17..V21, G-E55) ---------------------------------------------------------------

    def _eliminate(self, seat: int, cause: int, text: str, rules: tuple[str, ...]) -> None:
        self.elim_seat, self.elim_cause = seat, cause
        self._event(self.turn, text, rules + ("G-V18",))
        if seat == self.commander:
            others = [s for s in self.from_seat(seat) if s != seat]
            if len(others) == 1:  # G-X10: forced, made at once
                self._hand_office(others[0], ("G-E55", "G-X10"))
            elif others:
                self.step = S_HANDOVER
                self._ask([self._new_decision(seat, "office", sorted(opt.OFFICE + s for s in others),
                                              "You are eliminated: hand the Commander office to a living player.",
                                              opt.OFFICE + others[0], ("G-E55", "G-X9", "G-X10", "G-V18"))])
                return
        self._complete_elimination()

    def _hand_office(self, seat: int, rules: tuple[str, ...]) -> None:
        self.commander = seat
        self._event(self.turn, f"{_P[self.elim_seat]} hands the Commander office to {_P[seat]}.",
                    rules + ("G-V18", "G-H2", "G-E56"))

    def _complete_elimination(self) -> None:
        seat, turn = self.elim_seat, self.turn
        self.elim_seat = -1
        self.side[seat] = "Madness" if MADNESS in self.hands[seat] else SIDES[self.character[seat]]  # G-V19e
        self.alive[seat] = False
        self._event(turn, f"{_P[seat]} shows their character: {CHAR_NAMES[self.character[seat]]}.",
                    ("G-V17", "G-V18", "G-E58", "G-H3"))
        hand = self.hands[seat]
        if hand:
            self.discard.extend(k + DOWN for k in hand)  # G-V19c, G-E19
            self._event(turn, f"{_P[seat]}'s {_hand_cards(len(hand))} discarded face down.",
                        ("G-V19", "G-E19", "G-H12"))
        self.hands[seat] = []
        if self.infection[seat]:  # G-E15
            self.infection[seat] = 0
            self._discard_up(INFECTION)
            self._event(turn, f"{_P[seat]}'s Infection is discarded.", ("G-V19", "G-E15"))
        self.announced[seat] = -1
        self.option_cache = {}
        if self.elim_cause == C_VOTE:
            self._after_vote(seat)
            return
        if len(self.living()) <= 1:  # G-W2
            self._end_check(("G-W2",))
            return
        if seat == self.active and self.base != B_VOTE:  # G-T31
            for entry in self.stack:
                self._discard_up(entry[0])
            self.stack = []
            self._event(turn, f"{_P[seat]}'s turn ends with their elimination.", ("G-T31", "G-Q19"))
            self.active = self.left_of(seat)
            self.step = S_TURN
            return
        self._after_resolution()

    # ---- the end (G-W*) ----------------------------------------------------------------------------------

    def _end_check(self, rules: tuple[str, ...]) -> bool:
        """G-W4, first match wins. Returns True when the game ended."""
        living = self.living()
        if len(living) == 1 and self.mad(living[0]):
            self._event(self.turn, f"{_P[living[0]]} is the last one alive and mad: Madness wins.",
                        rules + ("G-W4", "G-W8", "G-E16"))
            self._game_over(living, "madness", rules + ("G-W8",))
            return True
        if not living:
            self._game_over([], "nobody left", rules + ("G-W12",))
            return True
        chars = [self.character[s] for s in living]
        for side, absent in (("Humans", GUEST), ("Guests", HUMAN)):
            if absent not in chars:
                self._event(self.turn, f"No living {CHAR_NAMES[absent]} is left: the {side} win.",
                            rules + ("G-W4", "G-W5"))
                winners = [s for s in range(self.players) if self.current_side(s) == side]  # G-W5..W7
                self._game_over(winners, side.lower(), rules + ("G-W5", "G-W6", "G-W7"))
                return True
        return False

    def _game_over(self, winners: list[int], reason: str, rules: tuple[str, ...]) -> None:
        sides = {s: self.current_side(s) for s in range(self.players)}
        said = ", ".join(_P[s] for s in winners) or "nobody"
        self._event(self.turn, f"Game over ({reason}): {said} won.", rules)
        chars = "; ".join(f"{_P[s]} {CHAR_NAMES[self.character[s]]}" + (" (mad)" if self.mad(s) else "")
                          for s in range(self.players))
        self._event(self.turn, f"Everything is revealed. Characters: {chars}.", ("G-W13",))
        self.step = S_OVER
        self._finish(winners, sides, reason)

    # ---- views, logs and copies -----------------------------------------------------------------------------

    def log_for(self, seat: int | None) -> list[dict[str, Any]]:
        """The events ``seat`` saw; once the game is over, the complete log for everyone (G-W13, G-H22), each
        private event marked with the seat it belonged to."""
        if not self.over:
            return super().log_for(seat)
        return [{"round": rnd, "text": text if audience is None else f"[{_P[audience]} only] {text}",
                 "rules": list(rules)} for audience, rnd, text, rules in self._log]


    def _round_and_out(self) -> tuple[int, int] | None:
        return self.turn, self.alive.count(False)  # as the core: its time is the turn, a seat is in while alive

    def roles(self) -> list[str]:
        """Each seat's side as named in ``result()`` (statistics only; read it at setup, before any Transplant)."""
        return [SIDES[c] for c in self.character]

    def chat_channels(self, seat: int | None) -> list[dict[str, Any]]:
        return chat.channels(self, seat)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    def _lean_view(self, seat: int | None) -> dict[str, Any]:
        return build_lean_view(self, seat)

    def _core(self, seat: int | None, view: dict[str, Any]) -> dict[str, Any]:
        return build_core(self, seat, view)

    def determinized(self, seat: Any, seed: Any) -> Guest:  # (checked by the sampler: Any, see Game.act)
        return determinize(self, seat, seed)

    def _copy_state(self) -> Guest:
        # Field by field (a compiled game has no __dict__): every list is copied, hands, looks and the stack two
        # levels deep; the per-state option cache starts empty.
        other = Guest.__new__(Guest)
        other.active = self.active
        other.alive = self.alive[:]
        other.announced = self.announced[:]
        other.ballots = self.ballots[:]
        other.base = self.base
        other.bpos = self.bpos
        other.by_vote = self.by_vote
        other.candidates = self.candidates[:]
        other.cards = self.cards
        other.character = self.character[:]
        other.colour = self.colour
        other.commander = self.commander
        other.counts_for = self.counts_for[:]
        other.dealt_characters = self.dealt_characters
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.elim_cause = self.elim_cause
        other.elim_seat = self.elim_seat
        other.guests_at_start = self.guests_at_start
        other.hands = [inner[:] for inner in self.hands]
        other.history = self.history[:]
        other.immunity = self.immunity
        other.inf_seat = self.inf_seat
        other.infected_turn = self.infected_turn[:]
        other.infection = self.infection[:]
        other.looks = [inner[:] for inner in self.looks]
        other.ls_base = self.ls_base
        other.ls_left = self.ls_left
        other.ls_player = self.ls_player
        other.misplaces_done = self.misplaces_done
        other.names = self.names
        other.option_cache = {}
        other.order = self.order[:]
        other.plan = self.plan
        other.play_again = self.play_again
        other.quiet = self.quiet
        other.restarts = self.restarts
        other.rng = self.rng.copy()
        other.serial = self.serial
        other.setup_discard = self.setup_discard[:]
        other.side = self.side[:]
        other.stack = [inner[:] for inner in self.stack]
        other.step = self.step
        other.suspicions = self.suspicions[:]
        other.timeouts = self.timeouts.copy()
        other.totals = self.totals[:]
        other.transplants_done = self.transplants_done
        other.turn = self.turn
        other.vote_only = self.vote_only
        other.vote_round = self.vote_round
        other.voters = self.voters[:]
        other.votes_aside = self.votes_aside
        other.votes_at_start = self.votes_at_start
        other.vp = self.vp
        other.wpos = self.wpos
        return other


# Registered after the class, not by a decorator: a decorated class cannot be compiled as a native class.
# (allow_interpreted_subclasses too: mypyc 2.4 gives a serializable class without it an __init__ that never runs)
register(Guest)

# The modules below read this one's names, so they are imported once it has defined them all (not inside the
# methods that call them: compiled, an import there ran the import machinery at every view or sample, and a
# function of the same build imported here is a direct call).
from .sampler import determinize  # noqa: E402
from .view import build_lean_view, build_view  # noqa: E402
