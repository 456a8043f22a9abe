"""Nightfall's rules. Rules (N-*):

- N-S1 Each seat is dealt a secret role: one Shade at 4-5 players, two at 6-8; the others are Villagers. Shades
  know each other (N-H2); nobody else learns a role until its seat is out (N-H1).
- N-R1 Night: every living Shade picks, in secret and at once, a living seat other than itself. The lowest seat
  picked by any Shade is taken: out of the game. Who picked stays hidden (N-H3).
- N-R2 Day: every living seat votes at once, in secret, for another living seat or for no one. A seat with more
  votes than any other is out; a tie or most votes for no one puts nobody out. The ballots are shown afterwards.
- N-R3 A seat that is out is shown with its role when the option ``reveal_roles`` is on (the default).
- N-W1 The Village wins when no Shade is left; the Shades win when they are at least as many as the Villagers
  left. The check runs after every night and every day.
- N-X1 On a timeout a Shade picks the first seat offered; a voter votes for no one.
"""

from __future__ import annotations

import copy
from typing import Any

from treachery.engine import Game, GameConfigError, GameOption, Option, Rng, register
from treachery.engine.core import private_fact, seat_core, view_core
from treachery.engine.setup_values import reject_unknown_keys

MAX_SEATS = 8
SHADE, VILLAGER = "shade", "villager"
TARGET, VOTE, NO_ONE = 0, MAX_SEATS, 2 * MAX_SEATS
CATALOGUE = (tuple(Option(TARGET + s, f"take {s}", f"Take seat {s} tonight") for s in range(MAX_SEATS))
             + tuple(Option(VOTE + s, f"vote {s}", f"Vote to put seat {s} out") for s in range(MAX_SEATS))
             + (Option(NO_ONE, "vote no one", "Vote for no one"),))


@register
class Nightfall(Game):
    """One game of Nightfall for 4 to 8 players."""

    name = "nightfall"
    title = "Nightfall"
    min_players = 4
    max_players = 8
    catalogue = CATALOGUE
    declared_options = (GameOption("reveal_roles", "bool", True, "Show a player's role when they are out"),)

    def __init__(self, players: int, seed: int, options: dict[str, Any], setup: dict[str, Any] | None) -> None:
        self._init_base(players, seed, options, setup)
        self.rng = Rng(seed)
        self.role = self._deal(setup or {})
        self.alive = [True] * players
        self.round = 1
        self.phase = "night"
        self.last_votes: list[int] = []  # the last day's ballots, shown once counted (N-R2): seat, or -1 no one
        self._ask_night()

    def _deal(self, setup: dict[str, Any]) -> list[str]:
        """N-S1; setup ``roles`` fixes them: a list of "shade"/"villager", one per seat."""
        reject_unknown_keys(setup, ("roles",))
        shades = 1 if self.players <= 5 else 2
        if "roles" in setup:
            roles = setup["roles"]
            if (not isinstance(roles, list) or len(roles) != self.players or set(roles) - {SHADE, VILLAGER}
                    or roles.count(SHADE) != shades):
                raise GameConfigError(f"setup 'roles' must list {self.players} roles, {shades} of them {SHADE!r} "
                                      f"and the rest {VILLAGER!r}")
            return list(roles)
        roles = [SHADE] * shades + [VILLAGER] * (self.players - shades)
        self.rng.shuffle(roles)
        return roles

    # ---- flow -------------------------------------------------------------------------------------

    def _living(self) -> list[int]:
        return [s for s in range(self.players) if self.alive[s]]

    def _ask_night(self) -> None:
        self.phase = "night"
        living = self._living()
        self._ask([self._new_decision(s, "night", [TARGET + t for t in living if t != s],
                                      "Pick a seat to take tonight", rules=("N-R1",))
                   for s in living if self.role[s] == SHADE])

    def _ask_day(self) -> None:
        self.phase = "day"
        living = self._living()
        self._ask([self._new_decision(s, "vote", [VOTE + t for t in living if t != s] + [NO_ONE],
                                      "Vote to put a seat out, or for no one", default_id=NO_ONE, rules=("N-R2",))
                   for s in living])

    def _resolve(self, answers: dict[int, int]) -> None:
        if self.phase == "night":
            taken = min(answer - TARGET for answer in answers.values())
            self._put_out(taken, f"Seat {taken} was taken in the night", ("N-R1",))
            if not self._check_end():
                self._ask_day()
            return
        self.last_votes = [-2] * self.players  # -2: did not vote (out), -1: no one
        for voter, answer in answers.items():
            self.last_votes[voter] = answer - VOTE if answer != NO_ONE else -1
        counts: dict[int, int] = {}
        for ballot in (b for b in self.last_votes if b != -2):
            counts[ballot] = counts.get(ballot, 0) + 1
        top = max(counts.values())
        leaders = [b for b, c in counts.items() if c == top]
        said = ", ".join(f"seat {s}: {'no one' if b == -1 else f'seat {b}'}" for s, b in enumerate(self.last_votes)
                         if b != -2)
        self._event(self.round, f"The votes: {said}.", ("N-R2",))
        if len(leaders) == 1 and leaders[0] >= 0:
            self._put_out(leaders[0], f"Seat {leaders[0]} is voted out", ("N-R2",))
        else:
            self._event(self.round, "Nobody is voted out.", ("N-R2",))
        if not self._check_end():
            self.round += 1
            self._ask_night()

    def _put_out(self, seat: int, text: str, rules: tuple[str, ...]) -> None:
        self.alive[seat] = False
        if self.option("reveal_roles"):
            self._event(self.round, f"{text}: a {self.role[seat]}.", rules + ("N-R3",))
        else:
            self._event(self.round, f"{text}.", rules)

    def _check_end(self) -> bool:
        """N-W1."""
        shades = sum(1 for s in self._living() if self.role[s] == SHADE)
        villagers = len(self._living()) - shades
        if shades and shades < villagers:
            return False
        winner = SHADE if shades else VILLAGER
        self._event(self.round, "The Shades win." if shades else "The Village wins.", ("N-W1",))
        self._finish([s for s in range(self.players) if self.role[s] == winner],
                     {s: self.role[s] for s in range(self.players)}, "shades_outnumber" if shades else "shades_gone")
        return True

    # ---- what seats see -----------------------------------------------------------------------------

    def roles(self) -> list[str]:
        return list(self.role)

    def _view(self, seat: int | None) -> dict[str, Any]:
        ended = self.over
        shown = ended or bool(self.option("reveal_roles"))
        view: dict[str, Any] = {
            "game": self.name, "seat": seat, "round": self.round, "phase": "over" if ended else self.phase,
            "players": [{"seat": s, "alive": self.alive[s],
                         "role": self.role[s] if ended or (shown and not self.alive[s]) else None}  # N-H1, N-R3
                        for s in range(self.players)],
            "last_votes": list(self.last_votes),
            # N-H3: who acts at night is hidden, so only the day's voters are named
            "waiting_for": sorted(d.seat for d in self._pending) if self.phase == "day" else [],
        }
        if seat is not None:
            view["my_role"] = self.role[seat]
            if self.role[seat] == SHADE:  # N-H2
                view["fellow_shades"] = [s for s in range(self.players) if self.role[s] == SHADE and s != seat]
        if ended:
            view["result"] = self.result()
        return view

    def _core(self, seat: int | None, view: dict[str, Any]) -> dict[str, Any]:
        label = f"Night {view['round']}" if view["phase"] == "night" else f"Day {view['round']}" \
            if view["phase"] == "day" else f"Round {view['round']} · over"
        seats = [seat_core(p["seat"], p["alive"], "In" if p["alive"] else "Out",
                           [p["role"].capitalize() if p["role"] else None]) for p in view["players"]]
        private = None
        if seat is not None:
            private = [private_fact("You are a", view["my_role"], ("my_role",))]
            if "fellow_shades" in view:
                private.append(private_fact("Your fellow Shades", [f"seat {s}" for s in view["fellow_shades"]],
                                            ("fellow_shades",)))
        return view_core(view["round"], label, seats, private)

    @classmethod
    def seat_label(cls, seat: int) -> str:
        return f"seat {seat}"

    def _copy_state(self) -> Nightfall:
        other = Nightfall.__new__(Nightfall)
        other.rng = copy.copy(self.rng)
        other.role = list(self.role)
        other.alive = list(self.alive)
        other.round = self.round
        other.phase = self.phase
        other.last_votes = list(self.last_votes)
        return other
