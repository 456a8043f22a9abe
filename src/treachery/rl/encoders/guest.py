"""The observation encoder for The Guest: a fixed-size float32 vector from one seat's view (G-H*).

It reads only the view and the game's vocabulary (card names of the game's card set, characters, steps).
Seats are absolute (block 3 is seat 3), like the action ids. All values are in [0, 1]: counts and
numbers are divided by the scale shown and capped at 1. ``GuestEncoder(game).layout.describe()`` prints
the offsets. Layout:

- viewer seat (12, one-hot), seats in the game (12), turn / 40, step (one-hot over the game's steps and
  response windows, + unknown), active seat (12), Commander (12), Voting Phase / 12, Guests, Humans at
  start / 12, Votes in the game / 40, seats being waited for (12)
- deck size, discard size, face-down discards / 80; face-up discards by card (count / 10)
- own hand by card (count / 5), own character (Human, Guest), own Madness, own setup discard (card),
  characters this seat looked at (12 x Human, Guest)
- the stack, top 8 entries from the bottom (x present, card, player 12, target 12, second or new target 12,
  targeted stack position 8, Adrenaline forward/back), stack depth / 8
- the Voting Phase in progress: on, round / 10, restarted, Diplomatic Immunity; per seat ballots and
  counted ballots (12 x not cast, empty, target 12), suspicions / 5, totals / 12, candidates (12)
- past votes: how many / 12; every ballot ever cast, voter x target (12 x 12, count / 5); the last
  vote's totals / 12, ejected seat (12) and the character it showed
- per seat (12 blocks): alive, Commander, active, cards in hand / 8, infection (1, 2), announced
  character, revealed character, character as known to this seat, mad as known to this seat

``encode_game(game, seat)`` is the fast path the environment takes: the same vector written straight from
the game, without building the view's dicts. It shows exactly what ``build_view`` shows, field by field
(the same G-H rules); tests/rl check both paths equal at every step of many random games.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from ...engine import Game
from ...games.guest import catalogue as opt
from ...games.guest.cards import EFFECTS, MADNESS, RESTRICTION
from ...games.guest.rules import BASE_NAMES, CHAR_NAMES, DOWN, S_WINDOW, STEP_NAMES, Guest
from .base import Encoder, Layout, Tallies, Vector, Vocabulary

SEATS = 12
STACK = 8
DISCARD_MEMO = 4096  # discard piles whose counts are kept; a bound on memory only
CHARACTERS = Vocabulary(CHAR_NAMES)
STEPS = Vocabulary((*STEP_NAMES, *BASE_NAMES))


class GuestEncoder(Encoder):
    name = "guest"
    low = 0.0
    high = 1.0

    def __init__(self, game: Game) -> None:
        cards = self.cards = Vocabulary(game.names)  # type: ignore[attr-defined]  # the card set's own names
        effects = self.effects = Vocabulary(EFFECTS)
        chars = CHARACTERS.size
        top = self.layout = Layout()
        self._seat, self._in_game = top.add("viewer seat", SEATS), top.add("seats in the game", SEATS)
        self._turn, self._step = top.add("turn / 40", 1), top.add("step", STEPS.size)
        self._active, self._commander = top.add("active seat", SEATS), top.add("Commander", SEATS)
        self._phase, self._start = top.add("Voting Phase / 12", 1), top.add("Guests, Humans, Votes at start", 3)
        self._waiting = top.add("waiting for", SEATS)
        self._piles = top.add("deck, discard, face-down discards / 80", 3)
        self._face_up = top.add("face-up discards by card / 10", cards.size)
        self._hand = top.add("own hand by card / 5", cards.size)
        self._character, self._mad = top.add("own character", chars), top.add("own Madness", 1)
        self._setup_discard = top.add("own setup discard", cards.size)
        self._looked = top.add("characters looked at (seat x character)", SEATS * chars)
        entry = Layout()
        self._s_card, self._s_player = entry.add("card", effects.size), entry.add("player", SEATS)
        self._s_target, self._s_second = entry.add("target", SEATS), entry.add("second / new target", SEATS)
        self._s_position, self._s_direction = entry.add("targeted position", STACK), entry.add("forward, back", 2)
        self._entry = entry.size + 1  # + present
        self._stack = top.add(f"stack entries ({STACK} x {self._entry})", STACK * self._entry)
        self._depth = top.add("stack depth / 8", 1)
        self._vote = top.add("vote on, round / 10, restarted, immunity", 4)
        self._ballots = top.add("ballots (seat x not cast, empty, target)", SEATS * (SEATS + 2))
        self._counted = top.add("counted ballots (seat x not cast, empty, target)", SEATS * (SEATS + 2))
        self._suspicions, self._totals = top.add("suspicions / 5", SEATS), top.add("totals / 12", SEATS)
        self._candidates = top.add("candidates", SEATS)
        self._past = top.add("past votes / 12", 1)
        self._cast = top.add("every past ballot (voter x target) / 5", SEATS * SEATS)
        self._last_totals, self._last_ejected = top.add("last vote totals / 12", SEATS), top.add("ejected", SEATS)
        self._last_shown = top.add("ejected character shown", chars)
        player = Layout()
        self._p_flags = player.add("alive, Commander, active, cards in hand / 8", 4)
        self._p_infection = player.add("infection 1, 2", 2)
        self._p_announced, self._p_revealed = player.add("announced", chars), player.add("revealed", chars)
        self._p_character, self._p_mad = player.add("character", chars), player.add("mad", 1)
        self._per_seat = player.size
        self._players = top.add(f"per seat ({SEATS} x {player.size})", SEATS * player.size)
        self.player_layout = player
        self.size = top.size
        self._card_of_kind = [cards[name] for name in game.names]  # type: ignore[attr-defined]
        self._hand_tally = Tallies(self._card_of_kind)
        self._effect_of_kind = [effects[name] for name in EFFECTS]
        self._step_index = {name: STEPS[name] for name in (*STEP_NAMES, *BASE_NAMES)}
        self._discards: dict[tuple[int, ...], tuple[int, tuple[list[int], list[float]]]] = {}

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        v = Vector()
        cards = self.cards
        v.seat(self._seat, view["seat"])
        v.seats(self._in_game, range(len(view["players"])))
        v.scaled(self._turn, view["turn"], 40)
        v.flag(self._step + STEPS[view["step"]])
        v.seat(self._active, view["active"])
        v.seat(self._commander, view["commander"])
        v.scaled(self._phase, view["voting_phase"], 12)
        start = view["start"]
        v.scaled(self._start, start["guests"], SEATS)
        v.scaled(self._start + 1, start["humans"], SEATS)
        v.scaled(self._start + 2, start["votes"], 40)
        v.seats(self._waiting, view["waiting_for"])
        v.scaled(self._piles, view["deck_size"], 80)
        v.scaled(self._piles + 1, view["discard_size"], 80)
        v.scaled(self._piles + 2, view["discard_face_down"], 80)
        v.counts(self._face_up, cards, view["discard_face_up"], 10)
        v.counts(self._hand, cards, view.get("hand", ()), 5)
        v.name(self._character, CHARACTERS, view.get("character"))
        v.flag(self._mad, view.get("mad"))
        v.name(self._setup_discard, cards, view.get("setup_discard"))
        for look in view.get("looked_at", ()):
            v.flag(self._looked + look["seat"] * CHARACTERS.size + CHARACTERS[look["character"]])
        self._stack_entries(v, view["stack"])
        vote = view["vote"]
        if vote is not None:
            self._vote_now(v, vote)
        past = view["past_votes"]
        if past:
            v.scaled(self._past, len(past), 12)
            tally: dict[int, int] = {}
            for earlier in past:
                for voter, target in enumerate(earlier["ballots"]):
                    if target >= 0:
                        index = self._cast + voter * SEATS + target
                        tally[index] = tally.get(index, 0) + 1
            for index, count in tally.items():
                v.scaled(index, count, 5)
            last = past[-1]
            for seat, total in enumerate(last["totals"]):
                v.scaled(self._last_totals + seat, total, SEATS)
            v.seat(self._last_ejected, last["ejected"])
            v.name(self._last_shown, CHARACTERS, last["revealed"])
        for player in view["players"]:
            self._player(v, player)
        return v.array(self.size)

    def _stack_entries(self, v: Vector, stack: list[dict[str, Any]]) -> None:
        v.scaled(self._depth, len(stack), STACK)
        for slot, entry in enumerate(stack[:STACK]):
            at = self._stack + slot * self._entry
            v.flag(at)
            at += 1
            v.flag(at + self._s_card + self.effects[entry["card"]])
            v.seat(at + self._s_player, entry["player"])
            v.seat(at + self._s_target, entry.get("target"))
            v.seat(at + self._s_second, entry.get("second", entry.get("new_target")))
            position = entry.get("target_position")
            if position is not None and position <= STACK:
                v.flag(at + self._s_position + position - 1)
            if "direction" in entry:
                v.flag(at + self._s_direction + (entry["direction"] != "forward"))

    def _vote_now(self, v: Vector, vote: dict[str, Any]) -> None:
        v.flag(self._vote)
        v.scaled(self._vote + 1, vote["round"], 10)
        v.flag(self._vote + 2, vote["restarted"])
        v.flag(self._vote + 3, vote["immunity"])
        for at, ballots in ((self._ballots, vote["ballots"]), (self._counted, vote["counted"])):
            for seat, ballot in enumerate(ballots):  # -2 not cast, -1 empty, else the seat voted for
                v.flag(at + seat * (SEATS + 2) + (ballot + 2 if ballot < 0 else 2 + ballot))
        for seat, count in enumerate(vote["suspicions"]):
            v.scaled(self._suspicions + seat, count, 5)
        for seat, total in enumerate(vote["totals"]):
            v.scaled(self._totals + seat, total, SEATS)
        v.seats(self._candidates, vote["candidates"])

    def _player(self, v: Vector, player: dict[str, Any]) -> None:
        at = self._players + player["seat"] * self._per_seat
        v.flag(at + self._p_flags, player["alive"])
        v.flag(at + self._p_flags + 1, player["commander"])
        v.flag(at + self._p_flags + 2, player["active"])
        v.scaled(at + self._p_flags + 3, player["cards_in_hand"], 8)
        infection = player["infection"]
        if infection:
            v.flag(at + self._p_infection + min(infection, 2) - 1)
        v.name(at + self._p_announced, CHARACTERS, player["announced"])
        v.name(at + self._p_revealed, CHARACTERS, player["revealed"])
        v.name(at + self._p_character, CHARACTERS, player.get("character"))
        v.flag(at + self._p_mad, player.get("mad"))

    def encode_game(self, game: Game, seat: int | None, tail: int = 0) -> np.ndarray:
        """``encode(game.view(seat))`` without building the view (see the module docstring)."""
        assert isinstance(game, Guest)
        v = Vector()
        hot = v.hot
        card_of = self._card_of_kind
        n, ended = game.players, game.over
        v.seat(self._seat, seat)
        hot.extend(range(self._in_game, self._in_game + n))
        v.scaled(self._turn, game.turn, 40)
        step = "over" if ended else (BASE_NAMES[game.base] if game.step == S_WINDOW else STEP_NAMES[game.step])
        hot.append(self._step + STEPS[step])
        v.seat(self._active, game.active)
        v.seat(self._commander, game.commander)
        v.scaled(self._phase, game.vp, 12)
        v.scaled(self._start, game.guests_at_start, SEATS)  # G-H4, G-W10
        v.scaled(self._start + 1, n - game.guests_at_start, SEATS)
        v.scaled(self._start + 2, game.votes_at_start, 40)
        hot.extend({self._waiting + d.seat for d in game._pending})
        discard = game.discard
        face_down, face_up = self._discard_pile(discard)
        v.scaled(self._piles, len(game.deck), 80)  # G-C15, G-H17
        v.scaled(self._piles + 1, len(discard), 80)
        v.scaled(self._piles + 2, face_down, 80)
        v.at.extend(face_up[0])
        v.values.extend(face_up[1])
        if seat is not None:
            hand = game.hands[seat]
            self._hand_tally.add(v, self._hand, hand, 5)  # G-H10
            hot.append(self._character + game.character[seat])
            if MADNESS in hand:
                hot.append(self._mad)
            if game.setup_discard[seat] >= 0:  # G-H13
                hot.append(self._setup_discard + card_of[game.setup_discard[seat]])
            looks = game.looks[seat]  # G-H5
            for i in range(0, len(looks), 3):
                hot.append(self._looked + looks[i] * CHARACTERS.size + looks[i + 1])
        self._stack_from_game(v, game)
        if game.voters:  # G-H16
            self._vote_now(v, {"round": game.vote_round, "restarted": game.restarts > 0, "ballots": game.ballots,
                               "counted": game.counts_for, "suspicions": game.suspicions,
                               "immunity": game.immunity, "totals": game.totals, "candidates": game.candidates})
        if game.history:
            v.scaled(self._past, len(game.history), 12)
            tally: dict[int, int] = {}
            for earlier in game.history:
                for voter, target in enumerate(earlier[1]):
                    if target >= 0:
                        index = self._cast + voter * SEATS + target
                        tally[index] = tally.get(index, 0) + 1
            for index, count in tally.items():
                v.scaled(index, count, 5)
            _, _, _, totals, ejected, revealed = game.history[-1]
            for other, total in enumerate(totals):
                v.scaled(self._last_totals + other, total, SEATS)
            v.seat(self._last_ejected, ejected)
            if revealed >= 0:
                hot.append(self._last_shown + revealed)
        at, values = v.at, v.values
        hands, commander, active, per_seat = game.hands, game.commander, game.active, self._per_seat
        flags, infected, announced_at = self._p_flags, self._p_infection, self._p_announced
        revealed_at, character_at, mad_at = self._p_revealed, self._p_character, self._p_mad
        for other in range(n):
            p = self._players + other * per_seat
            alive = game.alive[other]
            if alive:
                hot.append(p + flags)
            if other == commander:  # G-H2
                hot.append(p + flags + 1)
            if other == active:
                hot.append(p + flags + 2)
            if hands[other]:
                at.append(p + flags + 3)
                values.append(len(hands[other]) / 8)
            infection = game.infection[other]  # G-H8
            if infection:
                hot.append(p + infected + min(infection, 2) - 1)
            if game.announced[other] >= 0:  # G-H7, G-H9
                hot.append(p + announced_at + game.announced[other])
            if not alive:  # G-H3
                hot.append(p + revealed_at + game.character[other])
            if other == seat or ended:  # G-H1, G-H12
                hot.append(p + character_at + game.character[other])
                if (MADNESS in hands[other]) if alive else game.side[other] == "Madness":
                    hot.append(p + mad_at)
        return v.array(self.size + tail)

    def _discard_pile(self, discard: list[int]) -> tuple[int, tuple[list[int], list[float]]]:
        """The face-down count and the face-up entries (count / 10 by card) of a discard pile of up to 80 cards,
        kept by the pile's content: it changes on few steps, and a lookup is cheaper than a count."""
        key = tuple(discard)
        known = self._discards.get(key)
        if known is None:
            face_down = 0
            face_up: dict[int, int] = {}
            for kind, count in Counter(key).items():  # one pass in C over the pile, then one per kind
                if kind >= DOWN:
                    face_down += count
                else:
                    index = self._face_up + self._card_of_kind[kind]
                    face_up[index] = face_up.get(index, 0) + count
            known = face_down, (list(face_up), [count / 10 for count in face_up.values()])
            if len(self._discards) >= DISCARD_MEMO:
                self._discards.clear()
            self._discards[key] = known
        return known

    def _stack_from_game(self, v: Vector, game: Guest) -> None:
        """The stack as ``view.py``'s ``_stack_entry`` shows it (G-H14)."""
        stack = game.stack
        v.scaled(self._depth, len(stack), STACK)
        hot = v.hot
        for slot, (kind, player, a, b, _serial) in enumerate(stack[:STACK]):
            at = self._stack + slot * self._entry
            hot.append(at)
            at += 1
            hot.append(at + self._s_card + self._effect_of_kind[kind])
            v.seat(at + self._s_player, player)
            if kind == RESTRICTION:
                position = None
                for index, other in enumerate(stack):
                    if other[4] == a:
                        position = index + 1
                if position is not None and position <= STACK:
                    hot.append(at + self._s_position + position - 1)
            elif kind == opt.ADRENALINE_KIND:
                v.seat(at + self._s_target, a)
                hot.append(at + self._s_direction + (b != opt.FORWARD))
            elif a >= 0:
                v.seat(at + self._s_target, a)
                v.seat(at + self._s_second, b)


ENCODER = GuestEncoder
