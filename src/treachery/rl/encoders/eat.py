"""The observation encoder for Who Should We Eat?: a fixed-size float32 vector from one seat's view (W-H*).

It reads only the view and the game's vocabulary (card, Quest, Character and Personality codes). Seats are
absolute (block 3 is seat 3). Values are in [-1, 1]: counts and numbers are divided by the scale shown and
clipped (Food, Sanity and Build may go below zero). ``EatEncoder(game).layout.describe()`` prints the
offsets. Layout:

- viewer seat (10, one-hot), seats in the game (10), round / 30, step (one-hot + unknown), Leader (10)
- Food, Sanity, Build, raft target / 40, red number / 12; variants: Follow the Leader, Phone Booth,
  Dwindling Resources / 5
- Quest selection, Quests in the Box, Ill Wind (each one-hot over the Quests); Quest deck size and Quests
  boxed at setup / 15; Cold Nights / 5, Trial held
- draw and discard piles (Food, Sanity, Build, Ghost) / 40
- Knives out, fight, hidden from the vote, loud, waiting for (10 each); attacks: attacker x target
  (10 x 10) and the attacker's Boar Tusk (10)
- own hand by card (count / 3)
- per seat (10 blocks): status (survivor, fallen, ghost), Leader, Character, meat / 10, Personality,
  Paranoid used, haunt card, Quests held, cards in hand / 6, has a Play card, has a Keep card, Keep card
  face up, shielded, Play card and Keep card as known to this seat

``encode_game(game, seat)`` is the fast path the environment takes: the same vector written straight from
the game, without building the view's dicts (the entries every seat shares are kept while the state
stands). It shows exactly what ``build_view`` shows, field by field (the same W-H rules); tests/rl check both
paths equal at every step of many random games.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...engine import Game
from ...games.eat.cards import CARD_CODES, DECKS, QUEST_CODES
from ...games.eat.rules import STATUS_NAMES, STEP_NAMES, SURVIVOR, Eat, red_number
from ...games.eat.view import _STEP_OF_DECISION
from .base import Layout, SharedPartEncoder, Tallies, Vector, Vocabulary

SEATS = 10
CARDS = Vocabulary(CARD_CODES)
QUESTS = Vocabulary(QUEST_CODES)
STATUS = Vocabulary(STATUS_NAMES)
STEPS = Vocabulary((*STEP_NAMES, "over"))
PILES = tuple(d.lower() for d in DECKS)


class EatEncoder(SharedPartEncoder):
    name = "eat"
    low = -1.0
    high = 1.0

    def __init__(self, game: Game) -> None:
        card_set = game.cards  # type: ignore[attr-defined]
        self.characters = Vocabulary(c.code for c in card_set.characters)
        self.personalities = Vocabulary(p.code for p in card_set.personalities)
        top = self.layout = Layout()
        self._seat, self._in_game = top.add("viewer seat", SEATS), top.add("seats in the game", SEATS)
        self._round, self._step = top.add("round / 30", 1), top.add("step", STEPS.size)
        self._leader = top.add("Leader", SEATS)
        self._supplies = top.add("Food, Sanity, Build, raft target / 40, red number / 12", 5)
        self._variants = top.add("Follow the Leader, Phone Booth, Dwindling Resources / 5", 3)
        self._selection, self._box = top.add("Quest selection", QUESTS.size), top.add("Box", QUESTS.size)
        self._ill_wind = top.add("Ill Wind", QUESTS.size)
        self._quest_counts = top.add("Quest deck, boxed at setup / 15; Cold Nights / 5, Trial held", 4)
        self._piles = top.add("draw piles, discard piles / 40", 2 * len(PILES))
        self._knives, self._fight = top.add("Knives out", SEATS), top.add("fight", SEATS)
        self._hidden, self._loud = top.add("hidden from the vote", SEATS), top.add("loud", SEATS)
        self._waiting = top.add("waiting for", SEATS)
        self._attacks = top.add("attacks (attacker x target)", SEATS * SEATS)
        self._tusk = top.add("attacker used the Boar Tusk", SEATS)
        self._hand = top.add("own hand by card / 3", CARDS.size)
        player = self.player_layout = Layout()
        self._p_status, self._p_leader = player.add("status", STATUS.size), player.add("Leader", 1)
        self._p_character = player.add("Character", self.characters.size)
        self._p_meat = player.add("meat / 10", 1)
        self._p_personality = player.add("Personality", self.personalities.size)
        self._p_paranoid, self._p_haunt = player.add("Paranoid used", 1), player.add("haunt", CARDS.size)
        self._p_quests = player.add("Quests held", QUESTS.size)
        self._p_flags = player.add("cards in hand / 6, has Play, has Keep, shielded", 4)
        self._p_keep_up = player.add("Keep card face up", CARDS.size)
        self._p_play, self._p_keep = player.add("Play card", CARDS.size), player.add("Keep card", CARDS.size)
        self._per_seat = player.size
        self._players = top.add(f"per seat ({SEATS} x {player.size})", SEATS * player.size)
        self.size = top.size
        self._card_of = [CARDS[code] for code in CARD_CODES]
        self._quest_of = [QUESTS[code] for code in QUEST_CODES]
        self._status_of = [STATUS[name] for name in STATUS_NAMES]
        self._indexed_set: Any = None
        self._hand_tally = Tallies(self._card_of)
        self._indices: tuple[list[int], list[int]] = ([], [])

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        v = Vector()
        v.seat(self._seat, view["seat"])
        v.seats(self._in_game, range(len(view["players"])))
        v.scaled(self._round, view["round"], 30)
        v.flag(self._step + STEPS[view["step"]])
        v.seat(self._leader, view["leader"])
        for offset, key in enumerate(("food", "sanity", "build", "raft_target")):
            v.scaled(self._supplies + offset, view[key], 40)
        v.scaled(self._supplies + 4, view["red_number"], 12)
        variants = view["variants"]
        v.flag(self._variants, variants["follow_the_leader"])
        v.flag(self._variants + 1, variants["phone_booth"])
        v.scaled(self._variants + 2, variants["dwindling_resources"], 5)
        v.names(self._selection, QUESTS, view["quest_selection"])
        v.names(self._box, QUESTS, view["box"])
        v.name(self._ill_wind, QUESTS, view["ill_wind"])
        v.scaled(self._quest_counts, view["quest_deck_size"], 15)
        v.scaled(self._quest_counts + 1, view["box_at_setup"], 15)
        v.scaled(self._quest_counts + 2, view["cold_nights"], 5)
        v.flag(self._quest_counts + 3, view["trial_held"])
        draw, discard = view["draw_piles"], view["discard_piles"]
        for offset, pile in enumerate(PILES):
            v.scaled(self._piles + offset, draw[pile], 40)
            v.scaled(self._piles + len(PILES) + offset, discard[pile], 40)
        v.seats(self._knives, view["knives_out"])
        v.seats(self._fight, view["fight"])
        v.seats(self._hidden, view["hidden_from_vote"])
        v.seats(self._loud, view["loud"])
        v.seats(self._waiting, view["waiting_for"])
        for attack in view["attacks"]:
            v.flag(self._attacks + attack["attacker"] * SEATS + attack["target"])
            v.flag(self._tusk + attack["attacker"], attack["boar_tusk"])
        v.counts(self._hand, CARDS, view.get("hand", ()), 3)
        for player in view["players"]:
            self._player(v, player)
        return v.array(self.size, self.low)

    def _player(self, v: Vector, player: dict[str, Any]) -> None:
        at = self._players + player["seat"] * self._per_seat
        v.name(at + self._p_status, STATUS, player["status"])
        v.flag(at + self._p_leader, player["leader"])
        v.name(at + self._p_character, self.characters, player["character"])
        v.scaled(at + self._p_meat, player["meat"], 10)
        v.name(at + self._p_personality, self.personalities, player["personality"])
        v.flag(at + self._p_paranoid, player["paranoid_used"])
        v.name(at + self._p_haunt, CARDS, player["haunt"])
        v.names(at + self._p_quests, QUESTS, player["quests"])
        v.scaled(at + self._p_flags, player["cards_in_hand"], 6)
        v.flag(at + self._p_flags + 1, player["has_play"])
        v.flag(at + self._p_flags + 2, player["has_keep"])
        v.flag(at + self._p_flags + 3, player["shielded"])
        v.name(at + self._p_keep_up, CARDS, player["keep_face_up"])
        v.name(at + self._p_play, CARDS, player.get("play"))
        v.name(at + self._p_keep, CARDS, player.get("keep"))

    def shared_entries(self, game: Game, v: Vector) -> None:
        """What every seat is shown alike, as ``build_view`` shows it (see the module docstring)."""
        assert isinstance(game, Eat)
        hot = v.hot
        card_of, quest_of = self._card_of, self._quest_of
        n, ended = game.players, game.over
        hot.extend(range(self._in_game, self._in_game + n))
        at, values = v.at, v.values
        pending = game._pending
        step = "over" if ended else _STEP_OF_DECISION.get(pending[0].kind if pending else "") or STEP_NAMES[game.step]
        hot.append(self._step + STEPS[step])
        v.seat(self._leader, game.leader)
        supplies = self._supplies
        numbers = ((self._round, game.round, 30), (supplies, game.food, 40), (supplies + 1, game.sanity, 40),
                   (supplies + 2, game.build, 40), (supplies + 3, game.target, 40),
                   (supplies + 4, red_number(game.sanity), 12), (self._variants + 2, game.dwindling, 5),
                   (self._quest_counts, len(game.quest_deck), 15),  # W-H5
                   (self._quest_counts + 1, len(game.box_hidden), 15),  # W-H4: only how many
                   (self._quest_counts + 2, game.cold_nights, 5))
        for index, number, scale in numbers:
            if number:
                at.append(index)
                values.append(number / scale)
        if game.follow_the_leader:
            hot.append(self._variants)
        if game.phone_booth:
            hot.append(self._variants + 1)
        for q in game.selection:  # W-H3
            hot.append(self._selection + quest_of[q])
        for code in game.box:  # W-H28
            hot.append(self._box + QUESTS[code])
        if game.ill_wind >= 0:
            hot.append(self._ill_wind + quest_of[game.ill_wind])
        if game.trial_held:
            hot.append(self._quest_counts + 3)
        piles = self._piles
        for pile in game.piles:  # W-H5, W-H7
            if pile:
                at.append(piles)
                values.append(len(pile) / 40)
            piles += 1
        for pile in game.discards:
            if pile:
                at.append(piles)
                values.append(len(pile) / 40)
            piles += 1
        for s in game.knives:
            hot.append(self._knives + s)
        for s in game.fight:
            hot.append(self._fight + s)
        hidden, loud = game.hidden, game.loud
        for s in range(n):
            if hidden[s]:
                hot.append(self._hidden + s)
            if loud[s]:
                hot.append(self._loud + s)
        hot.extend({self._waiting + d.seat for d in pending})  # W-H27
        for attacker, target, tusk in game.attacks:
            hot.append(self._attacks + attacker * SEATS + target)
            if tusk:
                hot.append(self._tusk + attacker)
        character_of, personality_of = self._card_set_indices(game)
        at, values = v.at, v.values
        hands, status_of, per_seat = game.hands, self._status_of, self._per_seat
        p_status, p_leader, p_character = self._p_status, self._p_leader, self._p_character
        p_meat, p_personality, p_paranoid = self._p_meat, self._p_personality, self._p_paranoid
        p_haunt, p_quests, p_flags = self._p_haunt, self._p_quests, self._p_flags
        p_keep_up, p_play, p_keep = self._p_keep_up, self._p_play, self._p_keep
        for other in range(n):
            p = self._players + other * per_seat
            status = game.status[other]
            hot.append(p + p_status + status_of[status])  # W-H2
            if other == game.leader:
                hot.append(p + p_leader)
            hot.append(p + p_character + character_of[game.character[other]])  # W-H1
            if status == SURVIVOR:
                meat = game.meat(other)
                if meat:
                    at.append(p + p_meat)
                    values.append(meat / 10)
            if game.personality[other] >= 0:
                hot.append(p + p_personality + personality_of[game.personality[other]])
            if game.paranoid_used[other]:
                hot.append(p + p_paranoid)
            if game.haunt[other] >= 0:  # W-H3
                hot.append(p + p_haunt + card_of[game.haunt[other]])
            for q in game.held[other]:
                hot.append(p + p_quests + quest_of[q])
            if hands[other]:
                at.append(p + p_flags)
                values.append(len(hands[other]) / 6)
            play, keep = game.play[other], game.keep[other]
            if play >= 0:  # W-H11
                hot.append(p + p_flags + 1)
            if keep >= 0:
                hot.append(p + p_flags + 2)
                if game.keep_up[other]:
                    hot.append(p + p_keep_up + card_of[keep])
            if game.shielded[other]:
                hot.append(p + p_flags + 3)
            if ended:  # W-H26 (a seat's own cards are among its own entries: W-H9, W-H11)
                if play >= 0:
                    hot.append(p + p_play + card_of[play])
                if keep >= 0:
                    hot.append(p + p_keep + card_of[keep])

    def own_entries(self, game: Game, seat: int | None, v: Vector) -> None:
        """What only ``seat`` is shown: its seat, its hand, and the Play and Keep cards it put down."""
        if seat is None:
            return
        assert isinstance(game, Eat)
        hot = v.hot
        hot.append(self._seat + seat)
        self._hand_tally.add(v, self._hand, game.hands[seat], 3)  # W-H9
        p = self._players + seat * self._per_seat
        play, keep = game.play[seat], game.keep[seat]
        if play >= 0:  # W-H11
            hot.append(p + self._p_play + self._card_of[play])
        if keep >= 0:
            hot.append(p + self._p_keep + self._card_of[keep])

    def _card_set_indices(self, game: Eat) -> tuple[list[int], list[int]]:
        """Character and Personality number -> vocabulary index, for this game's card set (kept per card set)."""
        card_set = game.cards
        if card_set is not self._indexed_set:
            self._indices = ([self.characters[c.code] for c in card_set.characters],
                             [self.personalities[p.code] for p in card_set.personalities])
            self._indexed_set = card_set
        return self._indices


ENCODER = EatEncoder
