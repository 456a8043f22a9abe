"""A heuristic bot for This Game Is Killer: one-step risk estimates from the seat's own view, no search.

The bot sees exactly what a person in its seat sees (K-H24): ``view`` and the pending ``decision``. It
estimates, for each Location, the chance that the alien is revealed there (face-down Hunting Row cards
only; a scanned or looked-at card is known; a hunted Location only through a Signal Flare), the chance
that it would be the alien's pick there (Priorities of the crew already shown there, Bang the Pots, Rig
the Hatch, Stay Perfectly Still) and the chance that the Location is DESTROYed, and plays the Position and
Action pair that keeps it alive best, with a bonus for a chance to kill the alien. LAST ON BOARD wins
whenever it is alone.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from ...bots.base import best_option, best_scored, bot_rng
from ...engine import Decision, Option
from .rules import Killer
from .view import is_shared_card

FIXED_DESTROY: Final = {"GA2": "GA", "AL3": "AL", "ER3": "ER", "SB2": "SB"}
_DESTROYER_OF: Final = {where: card for card, where in FIXED_DESTROY.items()}  # each Location has one such card
_FACE_DOWN: Final = {"face_down": True}  # a Position played face down, as another seat's view shows it
WIN_BONUS: Final = 0.6  # worth of the alien dying this round, on top of surviving it


CardMaps = tuple[dict[str, dict[str, Any]], dict[str, str], dict[str, str]]


def card_maps(view: dict[str, Any]) -> CardMaps:
    """Code -> card, Location code -> Location name, and back, from a view's card descriptions."""
    cards: dict[str, dict[str, Any]] = {}
    names: dict[str, str] = {}
    for c in view["cards"]:
        code = c["code"]
        cards[code] = c
        names[code[:2]] = c["location"]
    return cards, names, {name: code for code, name in names.items()}


# A card set's shared descriptions (the lean views', killer.view._card_table) -> their maps: a search's fresh bots
# would otherwise work them out again at every decision they answer. Keyed by the first description, kept alive
# by the entry, so its id cannot be taken by another object; card sets are few (each is loaded once and kept).
_SHARED_MAPS: Final[dict[int, tuple[dict[str, Any], CardMaps]]] = {}


def view_card_maps(view: dict[str, Any]) -> CardMaps:
    """``card_maps(view)``, kept for a view whose card descriptions are a card set's shared ones."""
    first = view["cards"][0]
    known = _SHARED_MAPS.get(id(first))
    if known is not None and known[0] is first:
        return known[1]
    maps = card_maps(view)
    if is_shared_card(first):
        _SHARED_MAPS[id(first)] = (first, maps)
    return maps


class _Table:
    """What the bot reads from one view, in the game's own words."""

    def __init__(self, view: dict[str, Any], maps: CardMaps | None = None) -> None:
        self.view = view
        self.me: int = view["seat"]
        # ``maps``: those of an earlier view of the same game (its card set never changes during a game)
        self.cards, self.names, self.codes = maps if maps is not None else card_maps(view)
        # The estimates below are pure functions of this view, asked again and again for the same Location
        # while the bot weighs its Position and Action pairs: each is worked out once.
        self._destroy: dict[str, float] = {}
        self._victim: dict[tuple[str, int, str | None, bool], float] = {}
        # (typed reads: compiled, a dict's item and a str's comparison are direct calls, not generic ones)
        players: list[dict[str, Any]] = view["players"]
        self.players = players
        self.on_board: list[int] = [p["seat"] for p in players if p["on_board"]]
        self.hand: list[str] = view.get("hand", [])
        destroyed = {self.codes[n] for n in view["destroyed"]}
        self.in_play = [code for code in self.codes.values() if code not in destroyed]
        self.hunted = {self.codes[n] for n in view["previously_hunted"]}
        # One pass over the Hunting Row: its face-down slots, those this seat has looked at, the scanned Locations.
        codes = self.codes
        self.face_down: list[int] = []
        self.known: dict[int, str] = {}
        scanned: set[str] = set()
        slot: dict[str, Any]
        for slot in view["hunting_row"]:
            if slot["face_up"]:
                if "location" in slot:
                    scanned.add(codes[slot["location"]])
            else:
                self.face_down.append(slot["slot"])
                if "location" in slot:
                    self.known[slot["slot"]] = codes[slot["location"]]
        self.candidates = {codes[n] for n in view["hunting_row_locations"]} - scanned
        self.unknown_slots = [s for s in self.face_down if s not in self.known]
        self.unknown_locs = self.candidates - set(self.known.values())
        # One pass over the seats for what the actions, ongoing cards and Positions on the table say. (Lists where a
        # few entries at most are asked about: most stay empty, and an empty list costs a tenth of an empty set.)
        actions: dict[int, dict[str, Any]] = {}
        played: list[str] = []
        self.rigged: list[int] = []
        self.still: list[int] = []
        self.cowards: list[int] = []
        self.destroy_now: list[str] = []
        self.barricades: list[str] = []
        positions: set[str] = set()
        ongoing_earlier: list[int] = []
        computer = -1
        round_no: int = view["round"]
        for p in players:
            seat: int = p["seat"]
            action: dict[str, Any] | None = p["action"]
            if action and not action["cancelled"]:
                actions[seat] = action
                card: str = action["card"]
                played.append(card)
                if card == "ER1" and "target" in action:
                    self.rigged.append(action["target"])
                elif card == "SB3":
                    self.still.append(seat)
                elif card == "AC1":
                    self.cowards.append(seat)
                elif card == "BR1" and computer < 0:
                    computer = seat
                if card in FIXED_DESTROY:
                    self.destroy_now.append(FIXED_DESTROY[card])
                elif card == "CH2" and "location" in action:
                    self.destroy_now.append(codes[action["location"]])
            ongoing: dict[str, Any] | None = p["ongoing"]
            if ongoing:
                if ongoing.get("location"):
                    self.barricades.append(codes[ongoing["location"]])
                if ongoing["card"] in ("AC3", "CH1") and ongoing["since_round"] < round_no:
                    ongoing_earlier.append(seat)
            position: dict[str, Any] | None = p["position"]
            if position and "card" in position:
                positions.add(position["card"])
        self.actions = actions
        self.lowest = "GA3" in played
        positions.update(played)
        positions.update(view["removed_cards"])
        positions.update(self.hand)
        self.shown = positions
        self.to_place = [s for s in self.on_board if s != self.me and self.players[s]["position"] is None]
        self.unplaced_or_hidden = self.to_place + [
            s for s in self.on_board if s != self.me and self.players[s]["position"] == _FACE_DOWN]
        self.to_act = [s for s in self.on_board if s != self.me and self.players[s]["action"] is None
                       and s not in ongoing_earlier]
        self.chooser = computer if computer >= 0 else view["first_crew_member"]

    # ---- where the alien may be -------------------------------------------------------------------------------

    def alien_chance(self, loc: str, i_choose: bool = False) -> float:
        """The chance the alien is revealed at ``loc`` this round, as this seat can tell."""
        if loc not in self.candidates:
            flare = ("SB1" not in self.shown and loc in self.hunted and self.to_act and self.view["round"] > 1)
            return 0.04 if flare else 0.0
        if i_choose or self.chooser == self.me:
            if any(known != loc for known in self.known.values()):
                return 0.0  # I will turn a card I know is elsewhere
            if loc in self.known.values():
                return 0.0 if self.unknown_slots else 1.0
            return 1.0 / max(1, len(self.unknown_slots))
        return 1.0 / max(1, len(self.face_down))

    def destroy_chance(self, loc: str) -> float:
        chance = self._destroy.get(loc)
        if chance is None:
            chance = self._destroy[loc] = self._destroy_chance(loc)
        return chance

    def _destroy_chance(self, loc: str) -> float:
        if loc in self.destroy_now:
            return 1.0
        chance = 0.0
        fixed = _DESTROYER_OF.get(loc)
        if fixed and fixed not in self.shown and self.to_act:
            unseen = max(2, 24 - len(self.shown))
            chance += min(0.5, 2 * len(self.to_act) / unseen) * 0.5
        if loc in self.hunted and "CH2" not in self.shown and self.to_act:
            unseen = max(2, 24 - len(self.shown))
            chance += min(0.5, 2 * len(self.to_act) / unseen) * 0.5 / len(self.hunted)
        return chance

    # ---- who the alien picks ------------------------------------------------------------------------------------

    def _priority(self, seat: int, printed: int, my_action: str | None = None) -> int:
        if seat in self.rigged:
            return 4
        if seat in self.still or (seat == self.me and my_action == "SB3"):
            return 0
        return printed

    def others_at(self, loc: str, moved: dict[int, str] | None = None) -> list[int]:
        """Effective Priorities of the other crew shown at ``loc`` (uncaught or caught Cowards never count)."""
        found = []
        for p in self.players:
            seat: int = p["seat"]
            position: dict[str, Any] | None = p["position"]
            if seat == self.me or not p["on_board"] or not position or "location" not in position:
                continue
            where = moved.get(seat, self.codes[position["location"]]) if moved else self.codes[position["location"]]
            if where == loc and seat not in self.cowards:
                found.append(self._priority(seat, position["priority"]))
        return found

    def victim_chance(self, loc: str, priority: int, my_action: str | None = None,
                      moved: dict[int, str] | None = None, rig: bool = False) -> float:
        if moved:
            return self._victim_chance(loc, priority, my_action, moved, rig)
        key = (loc, priority, my_action, rig)
        chance = self._victim.get(key)
        if chance is None:
            chance = self._victim[key] = self._victim_chance(loc, priority, my_action, None, rig)
        return chance

    def _victim_chance(self, loc: str, priority: int, my_action: str | None,
                       moved: dict[int, str] | None, rig: bool) -> float:
        mine = self._priority(self.me, priority, my_action)
        lowest = self.lowest or my_action == "GA3"
        others = self.others_at(loc, moved)
        if rig and others:
            # Rig the Hatch on the most dangerous roommate: they count as 4.
            others = sorted(others)
            others[0 if lowest else -1] = 4
        if others:
            edge = min(others) if lowest else max(others)
            if (mine < edge) if lowest else (mine > edge):
                chance = 1.0
            elif mine == edge:
                chance = 0.5
            else:
                return 0.0
        else:
            chance = 1.0
        # Crew still to show a Position may land here and take (or give) the alien's attention.
        spread = max(1, len(self.in_play))
        beat = (mine / 3.0) if lowest else ((3 - min(mine, 3)) / 3.0)
        for _ in self.unplaced_or_hidden:
            chance *= 1 - beat / spread
        return chance

    def barricaded(self, loc: str) -> bool:
        return loc in self.barricades


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (treachery.native); best bots subclass it
class KillerBot:
    """Plays the Position/Action pair with the best survival estimate; sensible answers to every choice."""

    single_option_needs_view = False  # a decision with one option is answered without its view (bots.base.ask)
    reads_core: ClassVar[bool] = False  # reads its own view only: views are built without the core (bots.base.ask)
    shares_rng: ClassVar[bool] = True  # takes a search's generator for its seed (search.ismcts.fresh_bot)
    # Everything it reads of a view: the game builds just these (no step, deck size or waiting list; the card
    # descriptions shared, not copied per view).
    view_keys: ClassVar[frozenset[str] | None] = Killer.lean_view_keys

    def __init__(self, seed: int | random.Random) -> None:
        self.rng = bot_rng(seed)
        self.maps: CardMaps | None = None  # read from the first view that needs them: one game's card set

    # ---- entry point ----------------------------------------------------------------------------------------------

    def choose(self, view: dict[str, Any], decision: Decision) -> Option:
        options = decision.options
        if len(options) == 1:
            return options[0]
        if self.maps is None:
            self.maps = view_card_maps(view)
        choice = self._answer(decision.kind, _Table(view, self.maps), options)
        return choice if choice is not None else self.rng.choice(options)

    def _answer(self, kind: str, t: _Table, options: tuple[Option, ...]) -> Option | None:
        """The handler for the decision's kind (None: a kind without one, answered at random). Compared, not
        looked up by name: compiled, each is a direct call."""
        if kind == "first_card":
            return self._first_card(t, options)
        if kind == "reveal":
            return self._reveal(t, options)
        if kind == "target":
            return self._target(t, options)
        if kind == "location":
            return self._location(t, options)
        if kind == "ongoing_position":
            return self._ongoing_position(t, options)
        if kind == "keep_ongoing":
            return self._keep_ongoing(t, options)
        if kind == "tracker_scan":
            return self._tracker_scan(t, options)
        if kind == "thaw_guess":
            return self._thaw_guess(t, options)
        if kind == "look":
            return self._look(t, options)
        if kind == "sweep":
            return self._sweep(t, options)
        if kind == "sweep_more":
            return self._sweep_more(t, options)
        if kind == "sweep_scan":
            return self._sweep_scan(t, options)
        if kind == "tracker":
            return self._tracker(t, options)
        return None

    def _best(self, options: tuple[Option, ...], score: Any) -> Option:
        return best_option(options, score, self.rng)

    # ---- playing cards ------------------------------------------------------------------------------------------

    def _plan_value(self, t: _Table, position: str, action: str | None) -> float:
        """How good holding ``position`` while playing ``action`` is: survival plus a share for killing the alien."""
        card = t.cards[position]
        loc, priority = position[:2], card["priority"]
        if action and "lob" in t.cards[action]["keywords"] and t.on_board == [t.me]:
            return 10.0  # LAST ON BOARD, alone: an immediate win
        alien = 0.0 if t.barricaded(loc) else t.alien_chance(loc, i_choose=action == "BR1")
        if action == "BR1" and len(t.face_down) >= 2:
            alien = 0.0  # we look at one card, then turn one we know is not ours
        destroy = 0.0 if action == "AL1" else t.destroy_chance(loc)
        victim = t.victim_chance(loc, priority, action, rig=action == "ER1")
        bonus = 0.0
        if action == "AC2":  # crawl to the safest other place later
            alien, victim, destroy = self._safest_move(t, loc, priority)
        elif action == "AL2":
            airlock = ("AL", t.alien_chance("AL"), t.victim_chance("AL", priority), t.destroy_chance("AL"))
            if "AL" in t.in_play and airlock[1] * airlock[2] + airlock[3] < alien * victim + destroy:
                _, alien, victim, destroy = airlock
        elif action in ("ML2", "CH1"):
            alien = 0.0
        elif action == "AC1":
            crowd = 1.0 if t.others_at(loc) else 1 - (1 - 1 / max(1, len(t.in_play))) ** len(t.unplaced_or_hidden)
            alien, destroy = 0.0, max(destroy, crowd)
        elif action == "CH3":
            bonus += WIN_BONUS * alien * victim * 1.5
            alien = 0.0
        elif action == "BR2":
            alien *= max(0.0, 1 - 2 / max(1, len(t.face_down)))
        elif action == "SB1" and loc in t.candidates:
            alien *= len(t.face_down) / (len(t.face_down) + 1)
        elif action in FIXED_DESTROY:
            target = FIXED_DESTROY[action]
            if target == loc:
                return -1.0  # never DESTROY our own Position
            bonus += WIN_BONUS * t.alien_chance(target)
        death = destroy + (1 - destroy) * alien * victim
        if t.players[t.me]["last_on_board_deadline"] == t.view["round"]:
            return bonus + 0.01 * (1 - death)  # alone and out of time: only killing the alien saves us
        value = 1 - death + bonus
        if action == "ML1":
            value -= 0.3 if t.view["round"] <= 3 else 0.15
        elif action in ("BR1", "AC3"):
            value += 0.04
        elif action in ("BR3", "ML3", "ER2"):
            value += 0.02
        return value

    def _safest_move(self, t: _Table, here: str, priority: int) -> tuple[float, float, float]:
        best = (t.alien_chance(here), t.victim_chance(here, priority), t.destroy_chance(here))
        for loc in t.in_play:
            if loc == here:
                continue
            trial = (t.alien_chance(loc), t.victim_chance(loc, priority), t.destroy_chance(loc))
            if trial[0] * trial[1] + trial[2] < best[0] * best[1] + best[2]:
                best = trial
        return best

    def _first_card(self, t: _Table, options: tuple[Option, ...]) -> Option | None:
        hand = t.hand
        if len(hand) != 2:
            return None

        def score(option: Option) -> float:
            kind, code = option["text"].split()
            other = hand[1] if code == hand[0] else hand[0]
            position, action = (code, other) if kind == "position" else (other, code)
            value = self._plan_value(t, position, action)
            if kind == "action":
                value += 0.01  # keep the Position for later, when more is known
            return value

        return self._best(options, score)

    def _ongoing_position(self, t: _Table, options: tuple[Option, ...]) -> Option:
        return self._best(options, lambda o: self._plan_value(t, o["text"].split()[1], None))

    # ---- Round Start and Deal ----------------------------------------------------------------------------------

    def _keep_ongoing(self, t: _Table, options: tuple[Option, ...]) -> Option:
        """A running ongoing Action costs the holder its Action every round (no LAST ON BOARD, no DESTROY, no
        Flamethrower), which is worth more than a scan; a Barricade is kept while the alien may still come there."""
        me = t.players[t.me]
        keep = False
        if me["ongoing"] and me["ongoing"]["card"] == "CH1" and t.on_board != [t.me]:
            where = me["ongoing"].get("location")
            keep = where is not None and t.codes[where] in t.candidates
        wanted = "keep" if keep else "end"
        return next((o for o in options if o["text"] == wanted), options[0])

    def _tracker_scan(self, t: _Table, options: tuple[Option, ...]) -> Option:
        return self._scan_slot(t, options, None)

    def _thaw_guess(self, t: _Table, options: tuple[Option, ...]) -> Option:
        return self.rng.choice(options)

    # ---- Action choices -----------------------------------------------------------------------------------------

    def _my_location(self, t: _Table) -> str | None:
        """Where this seat is, or will be once its remaining card is its Position."""
        position = t.players[t.me]["position"]
        if position and "location" in position:
            return t.codes[position["location"]]
        if len(t.hand) == 1:
            return t.hand[0][:2]
        return None

    def _scan_slot(self, t: _Table, options: tuple[Option, ...], mine: str | None) -> Option:
        known_mine = [s for s, loc in t.known.items() if loc == mine]
        for option in options:
            if option["text"].startswith("slot ") and int(option["text"].split()[1]) in known_mine:
                return option
        unknown = [o for o in options if o["text"].startswith("slot ") and int(o["text"].split()[1]) not in t.known]
        return self.rng.choice(unknown or list(options))

    def _look(self, t: _Table, options: tuple[Option, ...]) -> Option:
        unknown = [o for o in options if int(o["text"].split()[1]) not in t.known]
        return self.rng.choice(unknown or list(options))

    def _sweep(self, t: _Table, options: tuple[Option, ...]) -> Option:
        unknown = [o for o in options if o["text"] != "none" and int(o["text"].split()[1]) not in t.known]
        if unknown:
            return self.rng.choice(unknown)
        return next(o for o in options if o["text"] == "none")

    def _sweep_more(self, t: _Table, options: tuple[Option, ...]) -> Option:
        return self._sweep(t, options)  # (a method, not an alias: the compiled class cannot alias one)

    def _sweep_scan(self, t: _Table, options: tuple[Option, ...]) -> Option:
        mine = self._my_location(t)
        for option in options:
            if option["text"] != "none" and t.known.get(int(option["text"].split()[1])) == mine:
                return option  # the alien cannot come to us this round
        return next(o for o in options if o["text"] == "none")

    def _tracker(self, t: _Table, options: tuple[Option, ...]) -> Option:
        return self._scan_slot(t, options, self._my_location(t))

    def _target(self, t: _Table, options: tuple[Option, ...]) -> Option:
        action = t.players[t.me]["action"]
        card = action["card"] if action else ""
        mine = self._my_location(t)
        seats = tuple(o for o in options if o["text"].startswith("seat "))
        if not seats:
            return options[0]
        if len(seats) < len(options) and card == "GA1" and len(t.on_board) > 2:
            return next(o for o in options if o not in seats)  # a secret pick may decline: killing gains nothing
        options = seats
        if card == "ML3":
            def threat(option: Option) -> float:
                seat = _seat_of(option)
                played = t.actions.get(seat)
                if played is None:
                    return 0.5 if seat in t.to_act else 0.0
                code = played["card"]
                if code in FIXED_DESTROY and FIXED_DESTROY[code] == mine:
                    return 3.0
                if code in ("GA1", "ER1") and played.get("target") == t.me:
                    return 2.5
                if code == "CH2" and played.get("location") and t.codes[played["location"]] == mine:
                    return 3.0
                return 0.0
            return self._best(options, threat)
        if card == "ER1":
            def rig(option: Option) -> float:
                seat = _seat_of(option)
                return 1.0 + t.players[seat]["position"]["priority"] / 10 if mine and _where(t, seat) == mine else 0.0
            return self._best(options, rig)
        if card == "GA1":
            others = len(t.on_board) - 1
            position = t.players[t.me]["position"]
            mine_priority = position["priority"] if position and "priority" in position else 3
            return self._best(options, lambda o: (others == 1) * 2
                              + (t.players[_seat_of(o)]["position"].get("priority", 0) < mine_priority))
        return None  # type: ignore[return-value]

    def _location(self, t: _Table, options: tuple[Option, ...]) -> Option:
        action = t.players[t.me]["action"]
        card = action["card"] if action else ""
        mine = self._my_location(t)
        position = t.players[t.me]["position"]
        priority = position["priority"] if position and "priority" in position else 2
        if card == "AC2":
            return self._best(options, lambda o: -_risk(t, _code_of(o), priority))
        if card == "AL2":
            def after(option: Option) -> float:
                named = _code_of(option)
                moved = {p["seat"]: "AL" for p in t.players if p["position"] and "location" in p["position"]
                         and t.codes[p["position"]["location"]] == named}
                me_now = "AL" if mine == named else mine
                return -_risk(t, me_now, priority, moved) if me_now else 0.0
            return self._best(options, after)
        if card == "CH1":
            return self._best(options, lambda o: (_code_of(o) == mine) * 2 + (_code_of(o) in t.candidates))
        if card in ("CH2", "SB1"):
            return self._best(options, lambda o: -(_code_of(o) == mine) * 2 + len(t.others_at(_code_of(o))) / 10)
        return None  # type: ignore[return-value]

    # ---- the reveal -----------------------------------------------------------------------------------------------

    def _reveal(self, t: _Table, options: tuple[Option, ...]) -> Option:
        mine = self._my_location(t)
        position = t.players[t.me]["position"]
        priority = position["priority"] if position and "priority" in position else 2
        my_action = (t.actions.get(t.me) or {}).get("card")
        unknown_value = 0.0
        if t.unknown_locs:
            for loc in t.unknown_locs:
                unknown_value += _outcome(t, loc, mine, priority, my_action)
            unknown_value /= len(t.unknown_locs)
        scores: list[float] = []
        for option in options:
            slot = int(option["text"].split()[1])
            scores.append(_outcome(t, t.known[slot], mine, priority, my_action) if slot in t.known else unknown_value)
        return best_scored(options, scores, self.rng)


# Helpers of the handlers above, at module level rather than nested in them: compiled, a function's nested functions
# share one environment object, which holds any of them another one calls, so the environment and the functions
# form a cycle that keeps the whole view alive until the cyclic collector runs (tests/engine/test_no_cycles.py).

def _seat_of(option: Option) -> int:
    return int(option["text"].split()[1])


def _where(t: _Table, seat: int) -> str | None:
    position = t.players[seat]["position"]
    return t.codes[position["location"]] if position and "location" in position else None


def _code_of(option: Option) -> str:
    return option["text"].split()[1].upper()


def _risk(t: _Table, loc: str, priority: int, moved: dict[int, str] | None = None) -> float:
    return (t.alien_chance(loc) * t.victim_chance(loc, priority, moved=moved) + t.destroy_chance(loc))


def _outcome(t: _Table, loc: str, mine: str | None, priority: int, my_action: str | None) -> float:
    """What the alien being revealed at ``loc`` is worth to this seat."""
    if loc in t.destroy_now:
        return 1.0 + (loc != mine)  # the alien dies at 5b
    value = 0.0
    flamers = [s for s, a in t.actions.items() if a["card"] == "CH3"]
    for seat in flamers:
        spot = t.players[seat]["position"]
        if spot and "location" in spot and t.codes[spot["location"]] == loc:
            value += 0.3
    if loc == mine and not t.barricaded(loc) and my_action not in ("ML2", "AC1"):
        value -= t.victim_chance(loc, priority, my_action) * (0.0 if my_action == "CH3" else 1.0)
    return value


HEURISTIC_BOT: Final = KillerBot  # what `--bots heuristic` seats for this game
