"""The observation encoder for This Game Is Killer: a fixed-size float32 vector from one seat's view.

It reads only the view (K-H*: what the seat may know) and the game's vocabulary (card codes, Location
names). Seats are absolute (seat 3 is block 3), like the action ids "seat 3". Layout, all values in [0, 1]:

- the viewer's seat (10, one-hot) and the seats in the game (10)
- round / 20, short round, blackout, deck size / 24, the step (one-hot over ``STEPS``)
- the First Crew Member (10) and the seats being waited for (10)
- own hand (24, one card per slot)
- the Hunting Row: 8 slots x (in play, face up, looked at, Location one-hot 8); its Locations as a set (8)
- the alien's Location (8), previously hunted (8), destroyed (8), removed at setup (8), removed cards (24)
- per seat (10 blocks): alive, frozen, on board, Last On Board deadline / 20, cards in hand / 2,
  Position (played, face down, card 24, Location 8, priority / 3), Action (played, cancelled, card 24,
  target seat 10, Location 8), ongoing card (24, since round / 20, Location 8), Frozen guess (8),
  discard (face down 1, card 24)

``encode_game(game, seat)`` is the fast path the environment takes: the same vector written straight from
the game, skipping the view's dicts (building the view was most of a step's time). It shows exactly what
``build_view`` shows, field by field (the same K-H rules, from the same helpers); tests/rl check that
both paths give the same vector at every step of many random games, every seat, every table size.
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np

from ...engine import Game
from ...games.killer.cards import LOCATION_CODES, LOCATIONS, card_code
from ...games.killer.rules import STEP_NAMES, Killer
from ...games.killer.view import _BARRICADE, _LOCATION_CHOICES, _SEAT_CHOICES, _STEP_OF_DECISION
from .base import Encoder, zeros

SEATS = 10
CARDS = 24
PLACES = 8
SLOTS = 8
ROUNDS = 20.0
STEPS = ("round start", "deal", "first pass", "second pass", "reveal", "end of round", "over")

_CARD = {card_code(i): i for i in range(CARDS)}
_PLACE = {name: i for i, name in enumerate(LOCATIONS)} | {code: i for i, code in enumerate(LOCATION_CODES)}
_STEP = {name: i for i, name in enumerate(STEPS)}

# Offsets of the global blocks, then the per-seat block.
_SEAT, _IN_GAME = 0, SEATS
_ROUND = 2 * SEATS
_SHORT, _BLACKOUT, _DECK = _ROUND + 1, _ROUND + 2, _ROUND + 3
_STEP_AT = _ROUND + 4
_FIRST = _STEP_AT + len(STEPS) + 1  # + 1: a step this encoder does not know
_WAITING = _FIRST + SEATS
_HAND = _WAITING + SEATS
_ROW = _HAND + CARDS
_ROW_SLOT = 3 + PLACES
_ROW_SET = _ROW + SLOTS * _ROW_SLOT
_ALIEN = _ROW_SET + PLACES
_HUNTED = _ALIEN + PLACES
_DESTROYED = _HUNTED + PLACES
_REMOVED = _DESTROYED + PLACES
_REMOVED_CARDS = _REMOVED + PLACES
_PLAYERS = _REMOVED_CARDS + CARDS
# per seat
_P_FLAGS = 5  # alive, frozen, on board, deadline, cards in hand
_P_POSITION = _P_FLAGS  # played, face down, card, location, priority
_P_ACTION = _P_POSITION + 3 + CARDS + PLACES  # played, cancelled, card, target, location
_P_ONGOING = _P_ACTION + 2 + CARDS + SEATS + PLACES  # card, since, location
_P_GUESS = _P_ONGOING + CARDS + 1 + PLACES
_P_DISCARD = _P_GUESS + PLACES  # face down, card
_PER_SEAT = _P_DISCARD + 1 + CARDS
SIZE = _PLAYERS + SEATS * _PER_SEAT


class KillerEncoder(Encoder):
    name = "killer"
    size = SIZE
    low = 0.0
    high = 1.0

    def __init__(self, game: Game) -> None:
        self.players = game.players

    def eliminated(self, view: dict[str, Any], seat: int) -> bool:
        """A dead crew member takes no further decision and is never among the winners (K-V4, K-W13).
        Who is alive is public (K-H16), so any seat's view tells it."""
        return not view["players"][seat]["alive"]

    def eliminated_seats(self, game: Game) -> set[int]:
        """The dead (K-V4, K-W13), read from the public ``alive`` flags (K-H16) without building a view."""
        return {seat for seat, alive in enumerate(game.alive) if not alive}  # type: ignore[attr-defined]

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        v = np.zeros(SIZE, dtype=np.float32)
        seat = view.get("seat")
        if seat is not None:
            v[_SEAT + seat] = 1.0
        v[_IN_GAME:_IN_GAME + len(view["players"])] = 1.0
        v[_ROUND] = min(view["round"], ROUNDS) / ROUNDS
        v[_SHORT] = bool(view["short_round"])
        v[_BLACKOUT] = bool(view["blackout"])
        v[_DECK] = min(view["deck_size"], CARDS) / CARDS
        v[_STEP_AT + _STEP.get(view["step"], len(STEPS))] = 1.0
        first = view.get("first_crew_member")
        if first is not None and first >= 0:
            v[_FIRST + first] = 1.0
        for waiting in view["waiting_for"]:
            v[_WAITING + waiting] = 1.0
        for card in view.get("hand", ()):
            v[_HAND + _CARD[card]] = 1.0
        for entry in view["hunting_row"]:
            at = _ROW + (entry["slot"] - 1) * _ROW_SLOT
            v[at] = 1.0
            v[at + 1] = bool(entry["face_up"])
            v[at + 2] = bool(entry.get("looked_at"))
            if "location" in entry:
                v[at + 3 + _PLACE[entry["location"]]] = 1.0
        self._places(v, _ROW_SET, view["hunting_row_locations"])
        if view.get("alien_location"):
            v[_ALIEN + _PLACE[view["alien_location"]]] = 1.0
        self._places(v, _HUNTED, view["previously_hunted"])
        self._places(v, _DESTROYED, view["destroyed"])
        self._places(v, _REMOVED, view["removed_at_setup"])
        for card in view["removed_cards"]:
            v[_REMOVED_CARDS + _CARD[card]] = 1.0
        for player in view["players"]:
            self._player(v, _PLAYERS + player["seat"] * _PER_SEAT, player)
        return v

    @staticmethod
    def _places(v: np.ndarray, at: int, names: list[str]) -> None:
        for name in names:
            v[at + _PLACE[name]] = 1.0

    @staticmethod
    def _player(v: np.ndarray, at: int, player: dict[str, Any]) -> None:
        v[at] = bool(player["alive"])
        v[at + 1] = bool(player["frozen"])
        v[at + 2] = bool(player["on_board"])
        if player.get("last_on_board_deadline"):
            v[at + 3] = min(player["last_on_board_deadline"], ROUNDS) / ROUNDS
        v[at + 4] = min(player["cards_in_hand"], 2) / 2.0
        position = player.get("position")
        if position:
            p = at + _P_POSITION
            v[p] = 1.0
            v[p + 1] = bool(position.get("face_down"))
            if "card" in position:
                v[p + 2 + _CARD[position["card"]]] = 1.0
                v[p + 2 + CARDS + _PLACE[position["location"]]] = 1.0
                v[p + 2 + CARDS + PLACES] = position["priority"] / 3.0
        action = player.get("action")
        if action:
            a = at + _P_ACTION
            v[a] = 1.0
            v[a + 1] = bool(action.get("cancelled"))
            v[a + 2 + _CARD[action["card"]]] = 1.0
            if action.get("target") is not None:
                v[a + 2 + CARDS + action["target"]] = 1.0
            if action.get("location"):
                v[a + 2 + CARDS + SEATS + _PLACE[action["location"]]] = 1.0
        ongoing = player.get("ongoing")
        if ongoing:
            o = at + _P_ONGOING
            v[o + _CARD[ongoing["card"]]] = 1.0
            v[o + CARDS] = min(ongoing.get("since_round") or 0, ROUNDS) / ROUNDS
            if ongoing.get("location"):
                v[o + CARDS + 1 + _PLACE[ongoing["location"]]] = 1.0
        if player.get("guess"):
            v[at + _P_GUESS + _PLACE[player["guess"]]] = 1.0
        discarded = player.get("discarded")
        if discarded == "face down":
            v[at + _P_DISCARD] = 1.0
        elif discarded:
            v[at + _P_DISCARD + 1 + _CARD[discarded]] = 1.0


    def encode_game(self, game: Game, seat: int | None, tail: int = 0) -> np.ndarray:
        """``encode(game.view(seat))`` without building the view (see the module docstring), written into a
        float32 ``array`` (item assignment there is cheaper than on an ndarray) handed to numpy uncopied."""
        assert isinstance(game, Killer)
        v = zeros(SIZE + tail)
        hot: list[int] = []
        ended = game.over
        if seat is not None:
            hot.append(_SEAT + seat)
            hot.extend(_HAND + c for c in game.hands[seat])  # K-H1
        n = game.players
        hot.extend(range(_IN_GAME, _IN_GAME + n))
        v[_ROUND] = min(game.round, ROUNDS) / ROUNDS
        v[_SHORT] = 1.0 if game.short else 0.0
        v[_BLACKOUT] = 1.0 if game._blackout_active() else 0.0
        v[_DECK] = min(len(game.deck), CARDS) / CARDS
        pending = game._pending
        step = "over" if ended else _STEP_OF_DECISION.get(pending[0].kind if pending else "") or STEP_NAMES[game.step]
        hot.append(_STEP_AT + _STEP.get(step, len(STEPS)))
        if game.first >= 0:
            hot.append(_FIRST + game.first)
        hot.extend({_WAITING + d.seat for d in pending})
        looked = dict(game.looks[seat]) if seat is not None else {}
        scanned = game.scanned
        for slot, loc in enumerate(game.hunting_row):
            at = _ROW + slot * _ROW_SLOT
            hot.append(at)
            if scanned[slot]:
                hot.append(at + 1)
            if ended or scanned[slot]:  # K-H9, K-H12
                hot.append(at + 3 + loc)
            elif slot in looked:  # K-H11
                hot.append(at + 2)
                hot.append(at + 3 + looked[slot])
            hot.append(_ROW_SET + loc)  # K-H10
        if game.alien >= 0:  # K-H13
            hot.append(_ALIEN + game.alien)
        hot.extend(_HUNTED + loc for loc in game.hunted)  # K-H15
        hot.extend(_DESTROYED + loc for loc in range(PLACES) if game.destroyed[loc])
        hot.extend(_REMOVED + loc for loc in game.removed_at_setup)
        hot.extend(_REMOVED_CARDS + c for c in game.out)  # K-H4
        for other in range(n):
            self._player_from_game(game, v, hot, other, other == seat, ended)
        for index in hot:
            v[index] = 1.0
        return np.frombuffer(v, dtype=np.float32)

    @staticmethod
    def _player_from_game(game: Killer, v: array[float], hot: list[int], seat: int, mine: bool, ended: bool) -> None:
        """The per-seat block from the game, as ``view.py``'s ``_player`` shows it to the viewer."""
        at = _PLAYERS + seat * _PER_SEAT
        alive, frozen = game.alive[seat], game.frozen[seat]
        if alive:  # K-H16
            hot.append(at)
        if frozen:  # K-H17
            hot.append(at + 1)
        if alive and not frozen:
            hot.append(at + 2)
        if game.deadline[seat]:
            v[at + 3] = min(game.deadline[seat], ROUNDS) / ROUNDS
        v[at + 4] = min(len(game.hands[seat]), 2) / 2.0  # K-H26
        card = game.position[seat]
        face_down = game.face_down[seat]
        if card >= 0:
            p = at + _P_POSITION
            hot.append(p)
            if face_down:
                hot.append(p + 1)
            if not face_down or mine or ended:  # K-H6
                hot.append(p + 2 + card)
                hot.append(p + 2 + CARDS + game.location[seat])
                v[p + 2 + CARDS + PLACES] = game.cards.cards[card].priority / 3.0
        act = game.action[seat]
        if act >= 0:  # K-H5
            a = at + _P_ACTION
            hot.append(a)
            if game.darted[seat]:
                hot.append(a + 1)
            hot.append(a + 2 + act)
            chosen = game.choice[seat]
            if chosen >= 0 and act in _SEAT_CHOICES and (mine or ended or not face_down):  # K-H6
                hot.append(a + 2 + CARDS + chosen)
            elif chosen >= 0 and act in _LOCATION_CHOICES:
                hot.append(a + 2 + CARDS + SEATS + chosen)
        held = game.ongoing[seat]
        if held >= 0:  # K-H20
            o = at + _P_ONGOING
            hot.append(o + held)
            v[o + CARDS] = min(game.ongoing_since[seat] or 0, ROUNDS) / ROUNDS
            if held == _BARRICADE and game.barricade >= 0:
                hot.append(o + CARDS + 1 + game.barricade)
        if game.guess[seat] >= 0 and frozen and (mine or game.guess_public or ended):  # K-H18
            hot.append(at + _P_GUESS + game.guess[seat])
        if game.discard[seat] >= 0:  # K-H19
            hot.append(at + _P_DISCARD + 1 + game.discard[seat] if mine or ended else at + _P_DISCARD)


ENCODER = KillerEncoder
