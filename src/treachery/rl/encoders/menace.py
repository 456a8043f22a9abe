"""The observation encoder for The Menace Among Us: a fixed-size float32 vector from one seat's view (M-H*).

It reads only the view and the game's vocabulary (the card set's names of cards, Agendas, abilities,
Characters and Wounds). Seats are absolute (block 3 is seat 3). All values are in [0, 1]: counts and
numbers are divided by the scale shown and capped at 1. ``MenaceEncoder(game).layout.describe()`` prints
the offsets. Layout:

- viewer seat (8, one-hot), seats in the game (8), advanced mode, game over, round / 25, Oxygen, Energy,
  ceiling / 10, Mission Leader (8), whose turn (8), EmMA target / 5, cards played / 8, EmMA deck / 30,
  EmMA added / 10, Wound deck / 17, discard pile / 60, pool left / 16
- discarded Wounds by Wound (count / 3); revealed cards by card (count / 5) and cancelled ones (count / 5)
- Agendas in play; pending effects: Veto, Moxie, Greenhouse, Lockdown, Target Lock, Reassign (8 seats
  each), Trace, De-escalate, Replicate carried, Replicate pending
- the last vote (8 x not voting, abstain, target 8), who called it (8), the Coward's side (menace, crew)
- the last discussion's claims (M-H33), per claimant (8 blocks): kind (Good, Neutral, Bad, drew, suspect,
  accuse), the seat it names (8), the card it names
- own hand, own face-down cards and own deck list by card (count / 5, / 3, / 10); own Agenda; Characters
  dealt to choose from; abilities usable now; Agendas this seat has seen (8 x Agenda)
- per seat (8 blocks): alive, exiled, Character, Wounds (count / 2), hand / 10, deck / 20, face down / 5,
  Agenda as known to this seat, abilities

``encode_game(game, seat)`` is the fast path the environment takes: the same vector written straight from
the game, without building the view's dicts (the entries every seat shares are kept while the state
stands). It shows exactly what ``Menace.view`` shows, field by field (the same M-H rules); tests/rl check both
paths equal at every step of many random games.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...engine import Game
from ...games.menace.cards import COWARD
from ...games.menace.rules import ROUND_LIMIT, Menace
from .base import Layout, SharedPartEncoder, Tallies, Vector, Vocabulary

SEATS = 8
SIDES = Vocabulary(("menace", "crew"))
CLAIM_KINDS = Vocabulary(("good", "neutral", "bad", "drew", "suspect", "accuse"))
SEAT_EFFECTS = ("veto", "moxie", "greenhouse", "target_lock", "reassign")
FLAG_EFFECTS = ("trace", "de_escalate", "replicate_carried", "replicate_pending")
_NUMBER_SCALES = (ROUND_LIMIT, 10, 10, 10, 5, 8, 30, 10, 17, 60, 16)


class MenaceEncoder(SharedPartEncoder):
    name = "menace"
    low = 0.0
    high = 1.0

    def __init__(self, game: Game) -> None:
        card_set = game.cards  # type: ignore[attr-defined]
        cards = self.cards = Vocabulary(card_set.bda_names)
        agendas = self.agendas = Vocabulary(card_set.agenda_names)
        abilities = self.abilities = Vocabulary(card_set.ability_names)
        characters = self.characters = Vocabulary(card_set.character_names)
        wounds = self.wounds = Vocabulary(card_set.wound_names)
        top = self.layout = Layout()
        self._seat, self._in_game = top.add("viewer seat", SEATS), top.add("seats in the game", SEATS)
        self._flags = top.add("advanced, over", 2)
        self._numbers = top.add("round, Oxygen, Energy, ceiling, EmMA target, played, EmMA deck, EmMA added, "
                                "Wound deck, discard pile, pool left", 11)
        self._leader, self._turn = top.add("Mission Leader", SEATS), top.add("whose turn", SEATS)
        self._wound_discard = top.add("discarded Wounds / 3", wounds.size)
        self._revealed = top.add("revealed cards / 5", cards.size)
        self._cancelled = top.add("cancelled revealed cards / 5", cards.size)
        self._in_play = top.add("Agendas in play", agendas.size)
        self._seat_effects = top.add("Veto, Moxie, Greenhouse, Target Lock, Reassign (x 8 seats)",
                                     len(SEAT_EFFECTS) * SEATS)
        self._lockdown = top.add("Lockdown", SEATS)
        self._flag_effects = top.add("Trace, De-escalate, Replicate carried, pending", len(FLAG_EFFECTS))
        self._votes = top.add("last vote (seat x not voting, abstain, target)", SEATS * (SEATS + 2))
        self._caller, self._coward = top.add("vote caller", SEATS), top.add("Coward's side", SIDES.size)
        self._per_claim = CLAIM_KINDS.size + SEATS + cards.size
        self._claims = top.add("last discussion's claims (claimant x kind, seat named, card named)",
                               SEATS * self._per_claim)
        self._hand = top.add("own hand / 5", cards.size)
        self._face_down = top.add("own face-down cards / 3", cards.size)
        self._deck_list = top.add("own deck list / 10", cards.size)
        self._agenda = top.add("own Agenda", agendas.size)
        self._dealt = top.add("Characters dealt", characters.size)
        self._usable = top.add("abilities usable now", abilities.size)
        self._seen = top.add("Agendas seen (seat x Agenda)", SEATS * agendas.size)
        player = self.player_layout = Layout()
        self._p_flags = player.add("alive, exiled, hand / 10, deck / 20, face down / 5", 5)
        self._p_character = player.add("Character", characters.size)
        self._p_wounds = player.add("Wounds / 2", wounds.size)
        self._p_agenda = player.add("Agenda", agendas.size)
        self._p_abilities = player.add("abilities", abilities.size)
        self._per_seat = player.size
        self._players = top.add(f"per seat ({SEATS} x {player.size})", SEATS * player.size)
        self.size = top.size
        self._card_of = [cards[name] for name in game.names]  # type: ignore[attr-defined]
        self._wound_of = [wounds[name] for name in card_set.wound_names]
        self._agenda_of = [agendas[name] for name in card_set.agenda_names]
        self._ability_of = [abilities[name] for name in card_set.ability_names]
        self._character_of = [characters[name] for name in card_set.character_names]
        self._card_tally, self._wound_tally = Tallies(self._card_of), Tallies(self._wound_of)
        self._in_play_of: dict[tuple[int, bool], list[int]] = {}  # (players, random Menace) -> hot entries
        self._abilities_set: Any = None  # the card set whose abilities per Character are below
        self._abilities_of: list[list[int]] = []  # Character -> the abilities block's entries
        self._claim_of: dict[int, list[int]] = {}  # claim option -> its entries in the claimant's block

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        v = Vector()
        cards, agendas = self.cards, self.agendas
        v.seat(self._seat, view.get("seat"))
        v.seats(self._in_game, range(len(view["players"])))
        v.flag(self._flags, view["mode"] == "advanced")
        v.flag(self._flags + 1, view["over"])
        at = self._numbers
        for offset, (key, scale) in enumerate((("round", ROUND_LIMIT), ("oxygen", 10), ("energy", 10),
                                               ("ceiling", 10), ("emma_target", 5), ("played_count", 8),
                                               ("emma_deck", 30), ("emma_added", 10), ("wound_deck", 17),
                                               ("discard_pile", 60), ("pool_left", 16))):
            v.scaled(at + offset, view[key], scale)
        v.seat(self._leader, view["leader"])
        v.seat(self._turn, view["turn"])
        v.counts(self._wound_discard, self.wounds, view["wound_discard"], 3)
        revealed = view["revealed"]
        v.counts(self._revealed, cards, [r["card"] for r in revealed], 5)
        v.counts(self._cancelled, cards, [r["card"] for r in revealed if r["cancelled"]], 5)
        v.names(self._in_play, agendas, view["agendas_in_play"])
        effects = view["effects"]
        for offset, key in enumerate(SEAT_EFFECTS):
            v.seat(self._seat_effects + offset * SEATS, effects[key])
        v.seats(self._lockdown, effects["lockdown"])
        for offset, key in enumerate(FLAG_EFFECTS):
            v.flag(self._flag_effects + offset, effects[key])
        for seat, vote in enumerate(view["votes"]):  # -2 not voting, -1 abstain, else the seat voted for
            v.flag(self._votes + seat * (SEATS + 2) + (vote + 2 if vote < 0 else 2 + vote))
        v.seat(self._caller, view["vote_caller"])
        v.name(self._coward, SIDES, view.get("coward_side"))
        for claim in view.get("claims", ()):
            at = self._claims + claim["seat"] * self._per_claim
            v.name(at, CLAIM_KINDS, claim["kind"])
            v.seat(at + CLAIM_KINDS.size, claim["named"])
            v.name(at + CLAIM_KINDS.size + SEATS, cards, claim["card"])
        v.counts(self._hand, cards, view.get("hand", ()), 5)
        v.counts(self._face_down, cards, view.get("my_face_down", ()), 3)
        v.counts(self._deck_list, cards, view.get("deck_list", ()), 10)
        v.name(self._agenda, agendas, view.get("my_agenda"))
        v.names(self._dealt, self.characters, view.get("dealt", ()))
        v.names(self._usable, self.abilities, view.get("usable", ()))
        for seat, agenda in view.get("seen_agendas", {}).items():
            v.flag(self._seen + int(seat) * agendas.size + agendas[agenda])
        for player in view["players"]:
            self._player(v, player)
        return v.array(self.size)

    def _player(self, v: Vector, player: dict[str, Any]) -> None:
        at = self._players + player["seat"] * self._per_seat
        v.flag(at + self._p_flags, player["alive"])
        v.flag(at + self._p_flags + 1, player["exiled"])
        v.scaled(at + self._p_flags + 2, player["hand_count"], 10)
        v.scaled(at + self._p_flags + 3, player["deck_count"], 20)
        v.scaled(at + self._p_flags + 4, player["face_down"], 5)
        v.name(at + self._p_character, self.characters, player["character"])
        v.counts(at + self._p_wounds, self.wounds, player["wounds"], 2)
        v.name(at + self._p_agenda, self.agendas, player["agenda"])
        v.names(at + self._p_abilities, self.abilities, player.get("abilities", ()))

    def shared_entries(self, game: Game, v: Vector) -> None:
        """What every seat is shown alike, as ``Menace.view`` shows it (see the module docstring)."""
        assert isinstance(game, Menace)
        hot = v.hot
        agenda_of, character_of = self._agenda_of, self._character_of
        n, over, resolving = game.players, game.over, game.in_resolution
        hot.extend(range(self._in_game, self._in_game + n))
        if game.advanced:
            hot.append(self._flags)
        if over:
            hot.append(self._flags + 1)
        at = self._numbers
        numbers = (game.round, game.oxygen, game.energy, game.ceiling if resolving else min(10, game.energy + 5),
                   (n + 1) // 2, game.played_count, len(game.emma), game.emma_added, len(game.wound_deck),
                   game.discard_count, len(game.order) - game.reveal_i if resolving else 0)
        indices, values = v.at, v.values
        for number, scale in zip(numbers, _NUMBER_SCALES, strict=True):
            if number:
                indices.append(at)
                values.append(number / scale)
            at += 1
        v.seat(self._leader, game.leader)
        v.seat(self._turn, game.turn_seat)
        cards, wounds = self._card_tally, self._wound_tally
        if game.wound_discard:
            wounds.add(v, self._wound_discard, game.wound_discard, 3)
        if game.shown:
            cards.add(v, self._revealed, [c for c, _ in game.shown], 5)
            cards.add(v, self._cancelled, [c for c, cancelled in game.shown if cancelled], 5)
        in_play = self._in_play_of.get((n, game.random_menace))
        if in_play is None:
            in_play = self._in_play_of[n, game.random_menace] = self._agendas_in_play(n, game.random_menace)
        hot.extend(in_play)
        veto = game.veto if not game.veto_spent else -1
        for offset, holder in enumerate((veto, game.moxie, game.greenhouse, game.target_lock, game.reassign)):
            v.seat(self._seat_effects + offset * SEATS, holder)
        hot.extend(self._lockdown + s for s in range(n) if game.lockdown[s])
        for offset, on in enumerate((game.trace, game.deescalate, game.carry, game.copy_next)):
            if on:
                hot.append(self._flag_effects + offset)
        for voter, vote in enumerate(game.votes):
            hot.append(self._votes + voter * (SEATS + 2) + (vote + 2 if vote < 0 else 2 + vote))
        v.seat(self._caller, game.last_caller)
        if COWARD in game.agenda:  # M-H5
            hot.append(self._coward + (0 if game.coward_menace else 1))
        for claimant, option in game.claims:  # M-H33: public
            hot.extend([self._claims + claimant * self._per_claim + at for at in self._claim_entries(game, option)])
        abilities_of = self._abilities(game)
        face_down = [0] * n
        if not resolving:
            for _, owner in game.pool:
                if owner >= 0:  # EmMA's cards have no seat
                    face_down[owner] += 1
        per_seat, p_character, p_wounds, p_agenda = self._per_seat, self._p_character, self._p_wounds, self._p_agenda
        hands, decks, revealed = game.hands, game.decks, game.revealed
        p = self._players
        for other in range(n):
            f = p + self._p_flags
            if game.alive[other]:
                hot.append(f)
            if game.exiled[other]:
                hot.append(f + 1)
            if hands[other]:
                indices.append(f + 2)
                values.append(len(hands[other]) / 10)
            if decks[other]:
                indices.append(f + 3)
                values.append(len(decks[other]) / 20)
            if face_down[other]:
                indices.append(f + 4)
                values.append(face_down[other] / 5)
            character = game.character[other]
            if character >= 0:
                hot.append(p + p_character + character_of[character])
                hot.extend([p + a for a in abilities_of[character]])
            if game.wounds[other]:
                wounds.add(v, p + p_wounds, game.wounds[other], 2)
            if revealed[other] or over:  # M-H1 (a seat's own Agenda is among its own entries)
                hot.append(p + p_agenda + agenda_of[game.agenda[other]])
            p += per_seat

    def own_entries(self, game: Game, seat: int | None, v: Vector) -> None:
        """What only ``seat`` is shown: its seat, hand, Agenda, face-down cards, deck list, Characters dealt,
        usable abilities and the Agendas it has seen."""
        if seat is None:
            return
        assert isinstance(game, Menace)
        hot = v.hot
        agenda_of, cards = self._agenda_of, self._card_tally
        agenda = agenda_of[game.agenda[seat]]
        hot.append(self._seat + seat)
        hot.append(self._agenda + agenda)
        hot.append(self._players + seat * self._per_seat + self._p_agenda + agenda)  # M-H1
        cards.add(v, self._hand, game.hands[seat], 5)
        if not game.in_resolution:
            cards.add(v, self._face_down, [c for c, owner in game.pool if owner == seat], 3)
        cards.add(v, self._deck_list, game.deck_list[seat], 10)
        character_of, ability_of = self._character_of, self._ability_of
        hot.extend(self._dealt + character_of[c] for c in game.dealt[seat])
        if game.alive[seat]:
            hot.extend(self._usable + ability_of[a] for a in game._usable(seat))
        size = self.agendas.size
        hot.extend(self._seen + t * size + agenda_of[game.agenda[t]] for h, t in game.seen_agendas if h == seat)

    def _claim_entries(self, game: Menace, option: int) -> list[int]:
        """A claim option's entries within its claimant's block, from the rules' own reading of it (kept)."""
        entries = self._claim_of.get(option)
        if entries is None:
            kind, named, card = game.claim_parts(option)
            entries = [CLAIM_KINDS[kind]]
            if named >= 0:
                entries.append(CLAIM_KINDS.size + named)
            if card >= 0:
                entries.append(CLAIM_KINDS.size + SEATS + self.cards[game.names[card]])
            self._claim_of[option] = entries
        return entries

    def _agendas_in_play(self, players: int, random_menace: bool) -> list[int]:
        """The Agendas in play as the view names them, as hot entries."""
        in_play = ["The Contagion"] if players == 4 and not random_menace else (
            ["The Contagion", "The Butcher"] if players >= 5 else [])
        if players >= 6:
            in_play.append("The Saint")
        if players >= 7:
            in_play.append("The Coward")
        return [self._in_play + self.agendas[name] for name in in_play]

    def _abilities(self, game: Menace) -> list[list[int]]:
        """Character -> its abilities' entries within a seat's block, for this game's card set (kept per set)."""
        card_set = game.cards
        if card_set is not self._abilities_set:
            self._abilities_of = [[self._p_abilities + self._ability_of[a] for a in abilities]
                                  for abilities in card_set.character_abilities]
            self._abilities_set = card_set
        return self._abilities_of

ENCODER = MenaceEncoder
