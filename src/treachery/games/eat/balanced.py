"""The table option "balanced": the measured numbers that make food run out, a trial kill, and the eaten haunt the
rest (docs/balance.md, Who Should We Eat?).

With the printed start (Food N - 1, W-S2; Sanity 8, W-S3) the Survivors finish the raft in about three rounds and
nobody is ever eaten. The fix is a set of numbers that only work together, so they come as one option and the
defaults stay: less Food and Sanity at the start, a higher raft target (W-D5), Food-deck cards that feed one less
(W-D23-W-D32) and Stashes that give at most 1 Food (W-D8), so a trial is no longer undone by a revealed Stash.
Measured with the best bots: Survivors 43-57% and Ghosts 42-53% at 4-10 players, a trial in 92-100% of games, a
Ghost in 74-100%, about 6 rounds a game.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .cards import FOOD, TRACKS, CardSet, SurvivorCard

START_FOOD = {4: 0, 5: 0, 6: -1, 7: -1, 8: -1, 9: -1, 10: -3}  # W-S2 under "balanced" (printed: N - 1)
START_SANITY = 4  # W-S3 under "balanced" (printed: 8)
TARGET_PER_PLAYER = 6  # W-D5 under "balanced": 6N (3N + 2 by default) ...
TARGET_MOST = 40  # ... at most the Build track's top (W-D3)
STASH_MOST = 1  # W-D8 under "balanced": a Stash gives at most 1 Food
FOOD_CARD_LESS = 1  # W-D23-W-D32 under "balanced": a Food-deck card's Play gives 1 Food less (not below 0)

_STASH_TEXT = re.compile(r"Stash \d+:(.*?)Food \+\d+\.")


def start_food(players: int) -> int:
    return START_FOOD[players]


def start_sanity(players: int) -> int:
    return START_SANITY


def raft_target(players: int) -> int:
    return min(TARGET_MOST, TARGET_PER_PLAYER * players)


def _play_text(play: tuple[tuple[int, int], ...]) -> str:
    return "Play: " + (", ".join(f"{TRACKS[t].capitalize()} {d:+d}" for t, d in play) or "nothing") + "."


def _balanced(card: SurvivorCard) -> SurvivorCard:
    play, text = card.play, card.text
    if card.deck == FOOD:
        play = tuple((t, d - FOOD_CARD_LESS if t == FOOD and d > 0 else d) for t, d in play)
        play = tuple((t, d) for t, d in play if d != 0)
        if text.startswith("Play: "):
            text = _play_text(play) + text[text.index(".") + 1:]
    value = card.value
    if card.keep == "stash" and value > STASH_MOST:
        value = STASH_MOST
        text = _STASH_TEXT.sub(lambda m: f"Stash {STASH_MOST}:{m.group(1)}Food +{STASH_MOST}.", text)
    return replace(card, play=play, value=value, text=text)


_MADE: dict[int, tuple[CardSet, CardSet]] = {}  # by the id of the card set it was made from (kept alive here)


def balanced_cards(cards: CardSet) -> CardSet:
    """The card set with the balanced Food cards and Stashes; made once per card set."""
    made = _MADE.get(id(cards))
    if made is None:
        made = _MADE[id(cards)] = (cards, replace(cards, survivor=tuple(_balanced(c) for c in cards.survivor)))
    return made[1]
