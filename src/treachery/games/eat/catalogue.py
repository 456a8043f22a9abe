"""The finite, stable catalogue of option ids for Who Should We Eat?.

Layout (ids): seat targets, votes, knife attacks, Boar Tusk attacks, Quests, single words, Map-the-Island
orders, skipped draws, deck splits for wild draws, then the Play/Keep selections (pairs of card types
of one family, then a single card to Play, then a single card to Keep).
"""

from __future__ import annotations

from itertools import combinations_with_replacement, permutations
from typing import Final

from ...engine import Option
from .cards import CARD_CODES, N_SURVIVOR, N_TYPES, QUEST_CODES, CardSet

MAX_SEATS: Final = 10
SEAT: Final = 0
VOTE: Final = 10
ATTACK: Final = 20
TUSK: Final = 30
QUEST: Final = 40
PASS: Final = 55
USE: Final = 56
CALL_VOTE: Final = 57
OPEN: Final = 58
ALL: Final = 59
ONLY_KNIVES: Final = 60
ONLY_TIED: Final = 61
DRAW: Final = 62
ORDER: Final = 63
ORDERS: Final[tuple[tuple[int, ...], ...]] = tuple(
    p for k in (3, 2, 1) for p in permutations(range(k))
)  # Map the Island: new order of the top k cards (index 0 = current top)
SKIP: Final = ORDER + len(ORDERS)
SKIP_KINDS: Final = ("food", "sanity", "build", "any")
SKIPS: Final[tuple[tuple[int, ...], ...]] = tuple(
    c for k in (1, 2) for c in combinations_with_replacement(range(4), k)
)
SPLIT: Final = SKIP + len(SKIPS)
MAX_WILD: Final = 6
SPLITS: Final[tuple[tuple[int, int, int], ...]] = tuple(
    (f, s, k - f - s) for k in range(1, MAX_WILD + 1) for f in range(k, -1, -1) for s in range(k - f, -1, -1)
)
SPLIT_INDEX: Final = {split: SPLIT + i for i, split in enumerate(SPLITS)}
SPLITS_FOR: Final = {k: [SPLIT + i for i, split in enumerate(SPLITS) if sum(split) == k]
                     for k in range(1, MAX_WILD + 1)}
PAIR: Final = SPLIT + len(SPLITS)
N_GHOST: Final = N_TYPES - N_SURVIVOR
# pairs: survivor x survivor then ghost x ghost
PLAY_ONLY: Final = PAIR + N_SURVIVOR * N_SURVIVOR + N_GHOST * N_GHOST
KEEP_ONLY: Final = PLAY_ONLY + N_TYPES
SIZE: Final = KEEP_ONLY + N_TYPES


def pair_id(play: int, keep: int) -> int:
    if play < N_SURVIVOR:
        return PAIR + play * N_SURVIVOR + keep
    return PAIR + N_SURVIVOR * N_SURVIVOR + (play - N_SURVIVOR) * N_GHOST + (keep - N_SURVIVOR)


PAIR_TABLE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(pair_id(p, k) if (p < N_SURVIVOR) == (k < N_SURVIVOR) else -1 for k in range(N_TYPES)) for p in range(N_TYPES)
)


def selection_of(option_id: int) -> tuple[int, int]:
    """(play card, keep card) of a selection option; -1 where nothing goes."""
    if option_id >= KEEP_ONLY:
        return -1, option_id - KEEP_ONLY
    if option_id >= PLAY_ONLY:
        return option_id - PLAY_ONLY, -1
    index = option_id - PAIR
    if index < N_SURVIVOR * N_SURVIVOR:  # (// and %, not divmod: compiled, divmod is a generic call)
        return index // N_SURVIVOR, index % N_SURVIVOR
    index -= N_SURVIVOR * N_SURVIVOR
    return index // N_GHOST + N_SURVIVOR, index % N_GHOST + N_SURVIVOR


def build_catalogue(cards: CardSet) -> tuple[Option, ...]:
    options: list[Option] = []
    for seat in range(MAX_SEATS):
        options.append(Option(SEAT + seat, f"seat {seat}", f"P{seat + 1}"))
    for seat in range(MAX_SEATS):
        options.append(Option(VOTE + seat, f"vote seat {seat}", f"Vote to eat P{seat + 1}"))
    for seat in range(MAX_SEATS):
        options.append(Option(ATTACK + seat, f"attack seat {seat}", f"Reveal your Knife and attack P{seat + 1}"))
    for seat in range(MAX_SEATS):
        options.append(Option(TUSK + seat, f"tusk seat {seat}", f"Attack P{seat + 1} with the Boar Tusk"))
    for index, code in enumerate(QUEST_CODES):
        options.append(Option(QUEST + index, f"quest {code.lower()}", f"{cards.quests[index].name} ({code})"))
    options.append(Option(PASS, "pass", "Pass"))
    options.append(Option(USE, "reveal keep", "Reveal your Keep card and use it"))
    options.append(Option(CALL_VOTE, "call vote", "Bang the Conch twice: call the vote"))
    options.append(Option(OPEN, "open discussion", "Bang the Conch: open the discussion"))
    options.append(Option(ALL, "all survivors", "All Survivors draw straws"))
    options.append(Option(ONLY_KNIVES, "only knives", "Only those who revealed Knives draw"))
    options.append(Option(ONLY_TIED, "only tied", "Only the tied Survivors draw"))
    options.append(Option(DRAW, "draw", "Draw your cards"))
    for i, order in enumerate(ORDERS):
        text = "order " + " ".join(str(x + 1) for x in order)
        label = "Quest deck top, new order: " + ", ".join(f"card {x + 1}" for x in order)
        options.append(Option(ORDER + i, text, label))
    for i, skip in enumerate(SKIPS):
        names = [SKIP_KINDS[k] for k in skip]
        label = "Skip " + " and ".join(f"a {n} draw" if n != "any" else "an any-deck draw" for n in names)
        options.append(Option(SKIP + i, "skip " + "+".join(names), label))
    for i, (f, s, b) in enumerate(SPLITS):
        options.append(Option(SPLIT + i, f"decks {f}f {s}s {b}b",
                              f"Free draws from: Food {f}, Sanity {s}, Build {b}"))
    for play in range(N_TYPES):
        family = range(N_SURVIVOR) if play < N_SURVIVOR else range(N_SURVIVOR, N_TYPES)
        for keep in family:
            text = f"play {CARD_CODES[play].lower()} keep {CARD_CODES[keep].lower()}"
            options.append(Option(pair_id(play, keep), text, f"Play {cards.name(play)}, keep {cards.name(keep)}"))
    options.sort(key=lambda o: o["id"])
    for card in range(N_TYPES):
        options.append(Option(PLAY_ONLY + card, f"play {CARD_CODES[card].lower()}", f"Play {cards.name(card)}"))
    for card in range(N_TYPES):
        options.append(Option(KEEP_ONLY + card, f"keep {CARD_CODES[card].lower()}", f"Keep {cards.name(card)}"))
    assert len(options) == SIZE and all(o["id"] == i for i, o in enumerate(options))
    return tuple(options)
