"""A heuristic bot for Who Should We Eat?: plays Survivors and Ghosts from the seat's own view, no search.

The bot sees exactly what a person in its seat sees: ``view`` and the pending ``decision``. As a Survivor
it weighs each track by how close it is to trouble (Food against tonight's meal, Sanity against 0, Build
against the Raft target) and plays the card, Quest and free draws that help the neediest track most; it
keeps cards with a useful Keep effect, spends Stash, Calm and Ration when they avert a trial or a loss,
never draws a knife, and votes for the tastiest other Survivor. As a Ghost it plays the card that hurts the
weakest track and aims Haunts at the Survivors that matter most.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from ...bots.base import best_option, best_scored, bot_rng
from ...engine import Decision, Option
from .rules import Eat

KEEP_VALUE: Final = {"stash": 2.0, "shield": 1.6, "last_will": 1.2, "forage": 1.5, "calm": 1.3, "ration": 1.3,
                     "hide": 1.0, "ward": 1.0, "dodge": 0.9, "loud": 0.5, "knife": 0.4}
BURDENS: Final = {"QU03", "QU04", "QU06", "QU09", "QU14"}
GHOST_VALUE: Final = {"GI01": ("food", 2.0), "GI02": ("sanity", 2.0), "GI03": ("build", 2.0), "GI09": ("sanity", 1.0),
                      "GH01": ("food", 2.5), "GH02": ("sanity", 2.5), "GH03": ("build", 2.0)}

# Option text -> the codes it plays and keeps, upper case ("" for none): the selection's texts are parsed once per
# process, not once per option of every selection (a hand of five is 25 options).
_PLAY_AND_KEEP: Final[dict[str, tuple[str, str]]] = {}


def play_and_keep(text: str) -> tuple[str, str]:
    found = _PLAY_AND_KEEP.get(text)
    if found is None:
        words = text.split()
        play = words[1] if words[0] == "play" else ""
        keep = words[3] if len(words) == 4 else (words[1] if words[0] == "keep" else "")
        found = _PLAY_AND_KEEP[text] = (play.upper(), keep.upper())
    return found


# A wild draw's option text ("wild 1F 0S 1B") -> its (Food, Sanity, Build) counts, parsed once per process.
_WILD_COUNTS: Final[dict[str, tuple[int, int, int]]] = {}


def wild_counts(text: str) -> tuple[int, int, int]:
    found = _WILD_COUNTS.get(text)
    if found is None:
        food, sanity, build = (int(part[:-1]) for part in text.split()[1:])
        found = _WILD_COUNTS[text] = (food, sanity, build)
    return found


# A Quest's text -> the track changes it names before its Short straw clause, as (track, number) in the order
# food, sanity, build, and whether it names a Sanity loss: parsed once per text (card files may word their own).
_QUEST_CHANGES: Final[dict[str, tuple[tuple[tuple[str, int], ...], bool]]] = {}


def quest_changes(text: str) -> tuple[tuple[tuple[str, int], ...], bool]:
    found = _QUEST_CHANGES.get(text)
    if found is None:
        text_before = text.split(". Short straw")[0]
        changes: list[tuple[str, int]] = []
        for track in ("food", "sanity", "build"):
            marker = track.capitalize() + " "
            at = text_before.find(marker)
            while at >= 0:
                number = text_before[at + len(marker):].split(",")[0].split(";")[0].split(".")[0]
                try:
                    changes.append((track, int(number)))
                except ValueError:
                    pass
                at = text_before.find(marker, at + 1)
        found = _QUEST_CHANGES[text] = (tuple(changes), "Sanity -" in text_before)
    return found


class _Table:
    """What the bot reads from one view."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.me: int = view["seat"]
        self.cards = view["cards"]
        self.statuses: list[str] = view["statuses"]
        # the seats in full, for the kinds that read more than their statuses (EatBot.view_keys_by_kind)
        self.players: list[dict[str, Any]] = view.get("players") or []
        eaters = self.statuses.count("survivor")
        self.food_after = view["food"] - eaters
        self.sanity_after = view["sanity"] - 2
        self.build_gap = max(0, view["raft_target"] - view["build"])
        # need weights: higher = more urgent
        self.need = {
            "food": 3.0 if self.food_after < 0 else 1.5 if self.food_after < 2 else 0.6,
            "sanity": 3.5 if self.sanity_after <= 2 else 1.5 if self.sanity_after <= 4 else 0.5,
            "build": 1.0 + min(1.5, self.build_gap / 10),
        }
        # A card's play and keep values, asked once per option that names it (a hand of five is 25 options):
        # each is worked out once per view.
        self._play: dict[str, float] = {}
        self._keep: dict[str, float] = {}

    def play_value(self, code: str) -> float:
        value = self._play.get(code)
        if value is None:
            card = self.cards["survivor"].get(code)
            value = self._play[code] = (0.0 if card is None else
                                        sum(self.need[track] * change for track, change in card["play"]))
        return value

    def keep_value(self, code: str) -> float:
        value = self._keep.get(code)
        if value is None:
            value = self._keep[code] = self._keep_value(code)
        return value

    def _keep_value(self, code: str) -> float:
        card = self.cards["survivor"].get(code)
        if card is None:
            return 0.0
        value = KEEP_VALUE.get(card["keep"], 0.5)
        if card["keep"] == "stash" and self.food_after < 0:
            value += 1.5
        return value

    def harm(self, code: str) -> float:
        """How much playing the card ``code`` (upper case) as a Ghost hurts the Survivors."""
        kind = GHOST_VALUE.get(code)
        if kind is None:
            return 1.0
        track, weight = kind
        return weight * self.need[track]


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (treachery.native); best bots subclass it
class EatBot:
    """Sensible answers to every decision of the game, from the seat's view alone."""

    single_option_needs_view = False  # a decision with one option is answered without its view (bots.base.ask)
    reads_core: ClassVar[bool] = False  # reads its own view only: views are built without the core (bots.base.ask)
    shares_rng: ClassVar[bool] = True  # takes a search's generator for its seed (search.ismcts.fresh_bot)
    # Everything it reads of a view: the game builds just these.
    view_keys: ClassVar[frozenset[str] | None] = Eat.lean_view_keys
    # Its most frequent kinds read the seats' statuses, not the seats (most of a view's cost).
    view_keys_by_kind: ClassVar[dict[str, frozenset[str]] | None] = dict.fromkeys(
        ("select", "wild_decks", "quest"), frozenset(("seat", "food", "sanity", "build", "raft_target", "statuses",
                                                      "cards")))

    def __init__(self, seed: int | random.Random) -> None:
        self.rng = bot_rng(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> Option:
        options = decision.options
        if len(options) == 1:
            return options[0]
        choice = self._answer(decision.kind, _Table(view), options, decision)
        return choice if choice is not None else decision.default

    def _answer(self, kind: str, t: _Table, options: tuple[Option, ...], decision: Decision) -> Option | None:
        """The handler for the decision's kind (None: a kind without one, answered with its default). Compared, not
        looked up by name: compiled, each is a direct call."""
        if kind == "select":
            return self._select(t, options, decision)
        if kind == "quest":
            return self._quest(t, options, decision)
        if kind == "wild_decks":
            return self._wild_decks(t, options, decision)
        if kind == "vote":
            return self._vote(t, options, decision)
        if kind == "evening":
            return self._evening(t, options, decision)
        if kind == "ghost_target":
            return self._ghost_target(t, options, decision)
        if kind == "poll":
            return self._poll(t, options, decision)
        if kind == "vote_window":
            return self._vote_window(t, options, decision)
        if kind == "exemption":
            return self._exemption(t, options, decision)
        if kind == "born_leader":
            return self._born_leader(t, options, decision)
        if kind == "tie_choice":
            return self._tie_choice(t, options, decision)
        return None

    def _best(self, options: tuple[Option, ...], score: Any) -> Option:
        return best_option(options, score, self.rng)

    # (The frequent kinds score every option in a loop and then pick with best_scored: a call per option to a
    # scoring closure costs more than the scoring.)
    def _select(self, t: _Table, options: tuple[Option, ...], decision: Decision) -> Option:
        ghost = t.statuses[t.me] == "ghost"
        scores: list[float] = []
        for option in options:
            play, keep = play_and_keep(option["text"])
            if ghost:
                scores.append(t.harm(play) * 2 + (t.harm(keep) if keep else 0) * 0.3)
            else:
                scores.append(t.play_value(play) + (t.keep_value(keep) if keep else 0))
        return best_scored(options, scores, self.rng)

    def _wild_decks(self, t: _Table, options: tuple[Option, ...], decision: Decision) -> Option:
        food, sanity, build = t.need["food"], t.need["sanity"], t.need["build"]
        scores: list[float] = []
        for option in options:
            counts = wild_counts(option["text"])
            scores.append(food * counts[0] + sanity * counts[1] + build * counts[2])
        return best_scored(options, scores, self.rng)

    def _ghost_target(self, t: _Table, options: tuple[Option, ...], decision: Decision) -> Option:
        if options[0]["text"].startswith("quest"):
            quests = t.cards["quests"]

            def goodness(option: Option) -> float:
                code = option["text"].split()[1].upper()
                return -1.0 if code in BURDENS else len(quests[code]["text"])

            return self._best(options, goodness)
        leader = t.view["leader"]

        def target(option: Option) -> float:
            seat = int(option["text"].split()[1])
            return (seat == leader) * 1.0 + len(t.players[seat]["quests"]) * 0.5

        return self._best(options, target)

    def _quest(self, t: _Table, options: tuple[Option, ...], decision: Decision) -> Option:
        quests = t.cards["quests"]

        low_sanity = t.view["sanity"] <= 3
        scores: list[float] = []
        for option in options:
            code = option["text"].split()[1].upper()
            changes, costs_sanity = quest_changes(quests[code]["text"])
            total = 0.0
            for track, number in changes:
                total += t.need[track] * number
            if low_sanity and costs_sanity:
                total -= 10
            scores.append(total - (0.5 if code in BURDENS else 0))
        return best_scored(options, scores, self.rng)

    def _evening(self, t: _Table, options: tuple[Option, ...], decision: Decision) -> Option | None:
        mine = t.players[t.me].get("keep")
        keep = t.cards["survivor"].get(mine or "", {}).get("keep")
        use = (keep == "calm" and t.view["sanity"] <= 4) or (keep == "ration" and -2 <= t.food_after < 0)
        return next((o for o in options if o["text"] == ("reveal keep" if use else "pass")), None)

    def _poll(self, t: _Table, options: tuple[Option, ...], decision: Decision) -> Option | None:
        texts = {o["text"]: o for o in options}
        if "reveal keep" in texts and t.view["food"] < 0:
            return texts["reveal keep"]
        return texts.get("call vote") or texts["pass"]

    def _vote_window(self, t: _Table, options: tuple[Option, ...], decision: Decision) -> Option | None:
        mine = t.players[t.me].get("keep")
        keep = t.cards["survivor"].get(mine or "", {}).get("keep")
        meats = sorted((p["meat"] or 0 for p in t.players if p["status"] == "survivor"), reverse=True)
        hide = keep == "hide" and (t.players[t.me]["meat"] or 0) >= meats[0]
        use = keep == "loud" or hide
        return next((o for o in options if o["text"] == ("reveal keep" if use else "pass")), None)

    def _exemption(self, t: _Table, options: tuple[Option, ...], decision: Decision) -> Option | None:
        return next((o for o in options if o["text"] == "reveal keep"), None)

    def _vote(self, t: _Table, options: tuple[Option, ...], decision: Decision) -> Option:
        def score(option: Option) -> float:
            seat = int(option["text"].split()[-1])
            entry = t.players[seat]
            burden = sum(q in BURDENS for q in entry["quests"]) + (entry["personality"] == "P01")
            return (seat != t.me) * 100 + (entry["meat"] or 0) + 1.5 * burden

        return self._best(options, score)

    def _born_leader(self, t: _Table, options: tuple[Option, ...], decision: Decision) -> Option:
        return self._best(options, lambda o: (int(o["text"].split()[-1]) != t.me) * 100
                          + (t.players[int(o["text"].split()[-1])]["meat"] or 0))

    def _tie_choice(self, t: _Table, options: tuple[Option, ...], decision: Decision) -> Option:
        return options[0]


HEURISTIC_BOT: Final = EatBot  # what `--bots heuristic` seats for this game
