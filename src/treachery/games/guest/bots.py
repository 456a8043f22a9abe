"""A heuristic bot for The Guest: plays for its side from its own view alone (no search, no peeking).

The bot sees exactly what a person in its seat sees: ``view`` and the pending ``decision``. It keeps a
suspicion score for every other player from public evidence (announced conversions, revealed ejections
and who voted for whom, Infection markers) and from what it learned privately (Transplant looks).

- A Human votes for the likeliest Guest, cures Infections (Amputate, Adrenaline back, Blaster on an infected
  player or on a known Guest) and pushes votes with Suspicion and Bribe.
- A Guest votes for the likeliest Human, never for a player known to be a Guest, blasts known Humans,
  pushes other players' Infections forward and removes its own before it reveals it.
- A mad player acts as the other side while its own side still has other members (it must see its own
  side fall first), then as its own side.
Everyone protects themselves: Diplomatic Immunity when leading the vote, Restriction on a card that hurts it.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from ...bots.base import bot_rng
from ...engine import Decision, Option
from .rules import Guest

DISCARD_ORDER: Final = ("infection", "madness", "misplace", "adrenaline", "transplant", "life_support", "restriction",
                        "immunity", "bribe", "suspicion", "amputate", "blaster", "vote")

# Option text -> its words and the seat it names first (-1: none): play options are scored for every decision with
# a window open, so each text is split once per process instead.
_OPTION_WORDS: Final[dict[str, tuple[tuple[str, ...], int]]] = {}


def option_words(text: str) -> tuple[tuple[str, ...], int]:
    found = _OPTION_WORDS.get(text)
    if found is None:
        words = tuple(text.split())
        seat = int(words[2][1:]) - 1 if len(words) > 2 and words[2].startswith("P") else -1
        found = _OPTION_WORDS[text] = (words, seat)
    return found


class _Table:
    """What the bot reads from one view, in the game's own words."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.me: int = view["seat"]
        players = view["players"]
        self.players = players
        # One pass over the seats: who lives, infections, revealed characters, and suspicion from announcements.
        self.living: list[int] = []
        self.infection: dict[int, int] = {}
        revealed: list[str] = []
        suspicion: dict[int, float] = {}
        for p in players:
            seat = p["seat"]
            self.infection[seat] = p["infection"] or 0
            if p["revealed"]:
                revealed.append(p["revealed"])
            if p["alive"]:
                self.living.append(seat)
                suspicion[seat] = 0.0
                if p["announced"] == "Guest":
                    suspicion[seat] += 6
                elif p["announced"] == "Human":
                    suspicion[seat] -= 6
                if p["infection"] == 2:
                    suspicion[seat] += 0.5
        self.guest = view["character"] == "Guest"
        self.mad = bool(view.get("mad"))
        start = view["start"]
        if self.mad:  # G-W9: the own side must fall first
            own = "Guest" if self.guest else "Human"
            others_left = (start["guests"] if self.guest else start["humans"]) - revealed.count(own) - 1
            self.acts_guest = not self.guest if others_left > 0 else self.guest
        else:
            self.acts_guest = self.guest
        for look in view.get("looked_at", []):
            if look["seat"] in suspicion:
                suspicion[look["seat"]] += 2 if look["character"] == "Guest" else -2
        for past in view.get("past_votes", []):
            if past["revealed"] is None:
                continue
            sign = 1.0 if past["revealed"] == "Human" else -1.0
            for voter, target in enumerate(past["counted"]):
                if target == past["ejected"] and voter in suspicion:
                    suspicion[voter] += sign
        suspicion[self.me] = -99.0 if not self.guest else 99.0
        self.suspicion = suspicion
        vote = view.get("vote")
        self.totals = {s: 0 for s in self.living}
        if vote:
            for target in vote["counted"]:
                if target >= 0:
                    self.totals[target] = self.totals.get(target, 0) + 1
            for seat, extra in enumerate(vote["suspicions"]):
                if extra:
                    self.totals[seat] = self.totals.get(seat, 0) + extra
        self.vote = vote
        self._favourite = -1

    def known_guest(self, seat: int) -> bool:
        return self.players[seat]["announced"] == "Guest"

    def known_human(self, seat: int) -> bool:
        return self.players[seat]["announced"] == "Human"

    def target_value(self, seat: int) -> float:
        """How much this bot wants ``seat`` ejected."""
        if seat == self.me:
            return -50.0
        if self.acts_guest:
            if self.known_guest(seat):
                return -20.0
            return -self.suspicion[seat] + (3.0 if self.known_human(seat) else 0.0)
        return self.suspicion[seat]

    def favourite(self) -> int:
        """The player this bot most wants ejected now (computed once per view)."""
        if self._favourite < 0:
            others = [s for s in self.living if s != self.me]
            self._favourite = max(others, key=lambda s: (self.target_value(s) + 0.4 * self.totals.get(s, 0), -s))
        return self._favourite


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (treachery.native); best bots subclass it
class GuestBot:
    """Heuristic play for Humans, Guests and the mad (see the module docstring)."""

    single_option_needs_view = False  # a decision with one option is answered without its view (bots.base.ask)
    reads_core: ClassVar[bool] = False  # reads its own view only: views are built without the core (bots.base.ask)
    shares_rng: ClassVar[bool] = True  # takes a search's generator for its seed (search.ismcts.fresh_bot)
    # The discard at setup is chosen by the cards alone: no view is built for it.
    viewless_kinds: ClassVar[frozenset[str]] = frozenset(("setup_discard",))
    # Everything it reads of a view: the game builds just these (a subclass that reads more sets its own, or None).
    view_keys: ClassVar[frozenset[str] | None] = Guest.lean_view_keys

    def __init__(self, seed: int | random.Random = 0) -> None:
        self.rng = bot_rng(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> Option:
        options = decision.options
        if len(options) == 1:
            return options[0]
        kind = decision.kind
        if kind == "setup_discard":  # by the card alone
            return min(options, key=lambda o: DISCARD_ORDER.index(o["text"][8:].replace(" ", "_")))
        t = self._table(view)
        if kind == "ballot":
            return self._best(options, lambda o: -99.0 if o["text"] == "vote none"
                              else t.target_value(int(o["text"][6:]) - 1) + 0.4 * t.totals.get(
                                  int(o["text"][6:]) - 1, 0))
        if kind == "tie":
            return self._best(options, lambda o: -1.0 if o["text"] == "restart"
                              else t.target_value(int(o["text"][7:]) - 1))
        if kind in ("office", "elect"):
            def trust(o: Option) -> float:
                if o["text"].endswith("none"):
                    return -99.0
                seat = int(o["text"].split()[-1][1:]) - 1
                return 10.0 if seat == t.me else -t.target_value(seat)
            return self._best(options, trust)
        return self._best(options, lambda o: self._play_value(t, o), threshold=0.0)

    def _table(self, view: dict[str, Any]) -> _Table:
        """What the bot reads from the view (a subclass may add what it reads elsewhere)."""
        return _Table(view)

    def _best(self, options: tuple[Option, ...], score: Any, threshold: float | None = None) -> Option:
        scored = [(score(o) + self.rng.random() * 0.01, o) for o in options]
        value, best = max(scored, key=lambda pair: pair[0])
        if threshold is not None and value <= threshold:
            return options[0]  # pass / end play
        return best

    def _play_value(self, t: _Table, option: Option) -> float:
        words, seat = option_words(option["text"])
        if words[0] != "play":
            return 0.0
        card = words[1]
        me, guestish = t.me, t.acts_guest
        if card == "blaster":
            if t.infection.get(seat):
                return -1.0 if guestish and seat != me else 3.0 + (seat == me)
            if seat == me:
                return -9.0
            if guestish:
                return 4.0 if t.known_human(seat) else -1.0
            return 4.0 if t.known_guest(seat) else (1.0 if t.suspicion[seat] >= 4 else -2.0)
        if card == "amputate":
            if seat == me:
                return 3.0
            return -1.0 if guestish else (2.5 if t.infection.get(seat) == 2 else 1.0)
        if card == "adrenaline":
            forward = words[3] == "forward"
            if seat == me:
                return 2.0 if not forward else -3.0
            if guestish:
                return 2.0 if forward else -1.0
            return 2.0 if not forward else -2.0
        if card == "suspicion":
            return 1.5 if seat == t.favourite() else (-3.0 if seat == me else -0.5)
        if card == "bribe":
            voter, new = int(words[2][1:]) - 1, int(words[4][1:]) - 1
            if t.vote is None or new != t.favourite():
                return -1.0
            counted = t.vote["counted"][voter]
            if counted == new:
                return -1.0
            return 2.0 + (1.0 if counted == me else 0.0)
        if card == "immunity":
            if not t.totals:
                return -1.0
            top = max(t.totals.values())
            return 5.0 if top >= 1 and t.totals.get(me, 0) == top else -1.0
        if card == "restriction":
            stack = t.view["stack"]
            index = int(words[2]) - 1
            entry = stack[index] if index < len(stack) else {}
            target = entry.get("target", -1)
            hurts = {"blaster": target == me and not t.infection.get(me),
                     "suspicion": target == me, "bribe": entry.get("new_target") == me,
                     "adrenaline": target == me and entry.get("direction") == "forward" and not guestish,
                     "amputate": guestish and target != me and target >= 0}
            return 3.0 if hurts.get(entry.get("card", ""), False) and entry.get("player") != me else -1.0
        if card == "life_support":
            return 1.0
        if card == "misplace":
            return 1.0 if t.mad else -0.5
        if card == "transplant":
            a, b = int(words[2][1:]) - 1, int(words[3][1:]) - 1
            if guestish or me in (a, b) or t.known_guest(a) or t.known_guest(b):
                return -1.0
            return 0.3 + 0.01 * (abs(t.suspicion[a]) < 1) + 0.01 * (abs(t.suspicion[b]) < 1)
        return -1.0


HEURISTIC_BOT: Final = GuestBot  # what `--bots heuristic` seats for this game
