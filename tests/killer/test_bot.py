"""The heuristic Killer bot: always legal, sees only its view (K-H24), plays sensibly, and beats random play."""

from __future__ import annotations

import copy
import math
from collections import Counter
from typing import Any

import treachery
from treachery.bots import RandomBot
from treachery.games.killer.bots import KillerBot
from treachery.games.killer.cards import LOCATIONS
from treachery.games.killer.rules import Killer

from .util import P1, P2, P3, P4, new, play

ALL_KINDS = {"first_card", "second_card", "ongoing_position", "reveal", "keep_ongoing", "tracker_scan", "thaw_guess",
             "look", "sweep", "sweep_more", "sweep_scan", "tracker", "target", "location"}


def bot_choice(game: Killer, seat: int, seed: int = 0) -> str:
    decision = next(d for d in game.pending() if d.seat == seat)
    option = KillerBot(seed).choose(game.view(seat), decision)
    assert option in decision.options
    return option["text"]


def play_out(game: Killer, bots: list[Any], kinds: Counter[str] | None = None) -> None:
    while not game.over:
        decision = game.pending()[0]
        option = bots[decision.seat].choose(game.view(decision.seat), decision)
        assert option in decision.options, (decision, option)
        if kinds is not None and isinstance(bots[decision.seat], KillerBot):
            kinds[decision.kind] += 1
        game.act(decision.seat, option)


# ---- legality ---------------------------------------------------------------------------------------------------


def test_the_bot_only_returns_legal_options_at_every_player_count() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(160):
        players = 3 + seed % 8
        game = treachery.new_game("killer", players=players, seed=seed)
        assert isinstance(game, Killer)
        bots: list[Any] = [KillerBot(seed * 10 + s) if (s + seed) % 3 else RandomBot(seed * 10 + s)
                           for s in range(players)]
        play_out(game, bots, kinds)
    # Games that start Frozen or with ongoing Actions reach the rarer decisions.
    for seed in range(30):
        game = new(5, seed=seed, removed=["AL", "SB"],
                   start={"round": 2, "frozen": [P2], "hunted": ["BR"],
                          "ongoing": {P1: {"card": "AC3", "location": "BR"}, P3: {"card": "CH1", "location": "GA"}}})
        play(game, (P1, "keep"))  # the bot itself would end it; keep it so that the bot has to scan
        play_out(game, [KillerBot(seed * 10 + s) for s in range(5)], kinds)
    assert set(kinds) == ALL_KINDS


def test_K_H24_the_bot_decides_from_the_view_alone_and_leaves_it_untouched() -> None:
    """K-H24."""
    game = new(6, seed=4)
    for _ in range(12):
        decision = game.pending()[0]
        view = game.view(decision.seat)
        before = copy.deepcopy(view)
        first = KillerBot(9).choose(view, decision)
        assert view == before
        assert KillerBot(9).choose(copy.deepcopy(view), decision) == first  # same seed, same view: same choice
        game.act(decision.seat, first)


# ---- sensible play ----------------------------------------------------------------------------------------------


def test_the_bot_plays_last_on_board_when_alone() -> None:
    for hand in (["GA1", "BR3"], ["AC2", "GA1"], ["SB3", "GA2"]):
        game = new(3, removed=["ML", "AL"], start={"round": 3, "dead": [P2, P3], "countdown": {P1: 3}},
                   hands={3: {P1: hand}})
        lob = next(c for c in hand if "lob" in game.cards.by_code(c).keywords)
        for seed in range(5):
            choice = bot_choice(game, P1, seed)
            other = next(c for c in hand if c != lob)
            assert choice in (f"action {lob}", f"position {other}")


def test_the_bot_never_destroys_its_own_position() -> None:
    for seed in range(10):
        for hand in (["GA1", "GA2"], ["ER1", "ER3"], ["SB1", "SB2"], ["AL3", "AL2"], ["ER3", "ER2"]):
            game = new(6, seed=seed, hands={1: {P1: hand}})
            kind, code = bot_choice(game, P1, seed).split()
            other = hand[1] if code == hand[0] else hand[0]
            position, action = (code, other) if kind == "position" else (other, code)
            assert not (game.cards.by_code(action).keywords & {"destroy"} and action[:2] == position[:2]), hand


def test_the_bot_avoids_cold_storage_early() -> None:
    for seed in range(10):
        game = new(4, seed=seed, removed=["AL", "SB"], hands={1: {P1: ["ML1", "BR2"]}})
        assert bot_choice(game, P1, seed) in ("position ML1", "action BR2")


def test_the_bot_prefers_a_hunted_location_no_cutting_torch_can_reach() -> None:
    for seed in range(10):
        game = new(4, seed=seed, removed=["AL", "CH"], start={"round": 2, "hunted": ["BR"]},
                   hands={2: {P1: ["BR3", "ML2"]}})
        assert bot_choice(game, P1, seed) in ("position BR3", "action ML2")


def test_the_bot_plays_the_flamethrower_where_it_would_be_picked() -> None:
    game = new(4, removed=["AL", "SB"], hunting_row=["BR", "GA", "ML", "AC", "ER", "CH"],
               hands={1: {P1: ["GA1", "BR2"], P2: ["GA2", "ML2"], P3: ["ER1", "AC2"], P4: ["CH3", "BR3"]}})
    play(game, (P1, "position GA1"), (P2, "position GA2"), (P3, "position ER1"))
    for seed in range(5):
        assert bot_choice(game, P4, seed) == "position BR3"  # then the Flamethrower as its Action


def test_the_bot_reveals_a_location_being_destroyed_and_avoids_its_own() -> None:
    game = new(4, removed=["AL", "SB"], hunting_row=["BR", "GA", "ML", "AC", "ER", "CH"],
               hands={1: {P1: ["BR2", "ER2"], P2: ["GA1", "GA2"], P3: ["BR1", "BR3"], P4: ["CH1", "AC2"]}})
    play(game, (P1, "action BR2"), (P1, "slot 2"), (P1, "slot 5"), (P1, "none"), (P2, "action GA2"),
         (P3, "position BR1"), (P4, "position CH1"), (P4, "action AC2"), (P4, "location ml"), (P3, "action BR3"),
         (P2, "position GA1"), (P1, "position ER2"))
    assert game.pending()[0].kind == "reveal"
    for seed in range(5):
        assert bot_choice(game, P1, seed) == "slot 2"  # the Galley, DESTROYed this round: the alien dies
    game = new(4, removed=["AL", "SB"], hunting_row=["BR", "GA", "ML", "AC", "ER", "CH"],
               hands={1: {P1: ["BR2", "ER2"], P2: ["GA1", "GA3"], P3: ["BR1", "BR3"], P4: ["CH1", "AC2"]}})
    play(game, (P1, "action BR2"), (P1, "slot 5"), (P1, "none"), (P1, "none"), (P2, "position GA1"),
         (P3, "position BR1"), (P4, "position CH1"), (P4, "action AC2"), (P4, "location ml"), (P3, "action BR3"),
         (P2, "action GA3"), (P1, "position ER2"))
    choices = {bot_choice(game, P1, seed) for seed in range(20)}
    assert "slot 5" not in choices  # the Engine Room, where P1 stands alone


def test_the_bot_scans_its_own_location_with_a_sensor_sweep() -> None:
    game = new(4, removed=["AL", "SB"], hunting_row=["BR", "GA", "ML", "AC", "ER", "CH"],
               hands={1: {P1: ["BR2", "ER2"]}})
    play(game, (P1, "action BR2"), (P1, "slot 5"), (P1, "slot 1"))
    assert bot_choice(game, P1) == "slot 5"  # the Engine Room, where its Position (ER2) will be


def test_the_bot_rigs_the_hatch_on_a_roommate_and_crawls_somewhere_safe() -> None:
    game = new(4, removed=["AL", "SB"], start={"round": 2, "hunted": ["CH"]},
               hands={2: {P1: ["GA3", "AC2"], P2: ["GA1", "BR3"], P3: ["ER1", "BR2"], P4: ["ML1", "CH2"]}})
    play(game, (P1, "position GA3"), (P2, "position GA1"), (P3, "position BR2"), (P4, "position ML1"),
         (P4, "action CH2"), (P4, "location ch"), (P3, "action ER1"), (P3, "seat 3"))
    game_rig = new(4, removed=["AL", "SB"], start={"round": 2},
                   hands={2: {P1: ["GA3", "BR3"], P2: ["BR1", "GA2"], P3: ["GA1", "ER1"], P4: ["ML1", "CH2"]}})
    play(game_rig, (P1, "position GA3"), (P2, "position BR1"), (P3, "position GA1"), (P4, "position ML1"),
         (P4, "action CH2"), (P3, "action ER1"))
    assert bot_choice(game_rig, P3) == "seat 0"  # P1 shares the Galley with a higher Priority: make it 4
    # P1 (Galley 3, with P2 beside it) crawls away; the hunted Cargo Hold is being DESTROYed by a Cutting Torch.
    play(game, (P2, "action BR3"))
    choice = bot_choice(game, P1)
    assert choice != "location ch"  # never into a Location that is being DESTROYed


def test_the_bot_answers_a_secret_meat_cleaver_pick_from_a_face_down_position() -> None:
    game = new(4, removed=["ML", "SB"], hands={1: {P1: ["GA3", "BR3"], P2: ["ER2", "CH2"], P3: ["GA2", "GA1"],
                                                  P4: ["BR1", "AC1"]}})
    play(game, (P1, "position GA3"), (P2, "action ER2"), (P3, "position GA2"), (P4, "position BR1"),
         (P4, "action AC1"), (P3, "action GA1"))
    assert game.pending()[0].kind == "target"
    for seed in range(5):
        assert bot_choice(game, P3, seed) in ("seat 0", "none")


# ---- strength ---------------------------------------------------------------------------------------------------


def _hero_game(seed: int, hero_bot: Any) -> tuple[bool, bool]:
    players = 3 + seed % 8
    hero = seed % players
    game = treachery.new_game("killer", players=players, seed=seed)
    assert isinstance(game, Killer)
    bots: list[Any] = [RandomBot(seed * 31 + s) for s in range(players)]
    bots[hero] = hero_bot
    while not game.over:
        decision = game.pending()[0]
        view: dict[str, Any] = game.view(decision.seat) if decision.seat == hero else {}
        game.act(decision.seat, bots[decision.seat].choose(view, decision))
    result = game.result()
    assert result is not None
    return hero in result["winners"], game.alive[hero]


def test_the_bot_beats_a_random_bot_in_the_same_seat_against_random_opponents() -> None:
    """Same seeds, same opponents, same seat: only the hero's bot changes. The heuristic bot must win and survive
    more often than a random bot by more than two standard errors of the difference."""
    games = 320
    heuristic = [_hero_game(seed, KillerBot(seed)) for seed in range(games)]
    uniform = [_hero_game(seed, RandomBot(seed)) for seed in range(games)]
    for index in (0, 1):  # 0: wins, 1: alive at the end
        ours = sum(r[index] for r in heuristic) / games
        theirs = sum(r[index] for r in uniform) / games
        error = math.sqrt((ours * (1 - ours) + theirs * (1 - theirs)) / games)
        assert ours - theirs > 2 * error, (index, ours, theirs)


def test_locations_named_in_bot_views_are_real() -> None:
    """The bot reads Location names from the view; every name it may meet is a known Location."""
    view = new(10).view(0)
    assert {c["location"] for c in view["cards"]} == set(LOCATIONS)
