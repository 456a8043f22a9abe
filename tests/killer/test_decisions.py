"""Decisions in This Game Is Killer (spec section 8, K-X1..K-X16): who decides, in which order, among which
options, and what happens on timeout (``decision.default``)."""

from __future__ import annotations

from collections import Counter

from treachery.bots import RandomBot
from treachery.games.killer.rules import CH1, Killer

from .util import P1, P2, P3, P4, P5, kinds, new, play, texts


def pending_of(game: Killer, seat: int):  # type: ignore[no-untyped-def]
    return next(d for d in game.pending() if d.seat == seat)


def default_text(game: Killer, seat: int) -> str:
    return pending_of(game, seat).default["text"]


# ---- K-X1 -------------------------------------------------------------------------------------------------------


def test_K_X1_the_host_fixes_the_first_crew_member_default_is_random() -> None:
    """K-X1."""
    game = new(4, first=P3)
    assert game.view(None)["first_crew_member"] == P3
    assert kinds(game) == [(P3, "first_card")]
    import treachery

    firsts = Counter(treachery.new_game("killer", players=4, seed=seed).view(None)["first_crew_member"]
                     for seed in range(80))
    assert set(firsts) == {P1, P2, P3, P4}
    assert max(firsts.values()) < 40


# ---- Round Start and Deal (K-X2..K-X4) -------------------------------------------------------------------------


def _two_holders(seed: int = 0) -> Killer:
    return new(4, seed=seed, removed=["AL", "SB"],
               start={"round": 2, "ongoing": {P1: {"card": "AC3", "location": "BR"},
                                              P3: {"card": "CH1", "location": "GA"}}})


def test_K_X2_keep_or_end_is_simultaneous_and_defaults_to_keep() -> None:
    """K-X2."""
    game = _two_holders()
    decisions = game.pending()
    assert sorted((d.seat, d.kind) for d in decisions) == [(P1, "keep_ongoing"), (P3, "keep_ongoing")]
    for decision in decisions:
        assert [o["text"] for o in decision.options] == ["keep", "end"]
        assert decision.default["text"] == "keep"
    play(game, (P3, "end"))
    assert kinds(game) == [(P1, "keep_ongoing")]  # P3's answer is sealed while P1 decides
    assert game.ongoing[P3] == CH1  # nothing applied yet
    play(game, (P1, "keep"))
    assert game.ongoing[P3] == -1 and game.barricade == -1


def test_K_X3_the_tracker_scans_a_face_down_slot_default_random() -> None:
    """K-X3."""
    defaults = set()
    for seed in range(30):
        game = _two_holders(seed)
        play(game, (P1, "keep"), (P3, "keep"))
        decision = game.pending()[0]
        assert (decision.seat, decision.kind) == (P1, "tracker_scan")
        assert [o["text"] for o in decision.options] == [f"slot {i}" for i in range(1, 7)]
        assert decision.default in decision.options
        defaults.add(decision.default["text"])
    assert len(defaults) >= 4


def test_K_X3_no_tracker_scan_with_fewer_than_two_face_down_cards() -> None:
    """K-X3."""
    game = new(3, removed=["AL", "SB"], start={"round": 2, "hunted": ["BR", "GA", "ML", "AC", "ER"],
                                               "ongoing": {P1: {"card": "AC3", "location": "BR"}}})
    play(game, (P1, "keep"))
    assert kinds(game) == [(P2, "first_card")]
    assert game.scanned == [False]


def _two_frozen(seed: int = 0) -> Killer:
    return new(5, seed=seed, removed=["AL", "SB"],
               start={"round": 2, "frozen": [P2, P3], "ongoing": {P1: {"card": "AC3", "location": "BR"}}},
               hunting_row={2: ["BR", "GA", "ML", "AC", "ER", "CH"]})


def test_K_X4_frozen_guesses_are_simultaneous_among_face_down_locations_default_random() -> None:
    """K-X4."""
    defaults: Counter[str] = Counter()
    for seed in range(30):
        game = _two_frozen(seed)
        play(game, (P1, "keep"), (P1, "slot 6"))  # the Cargo Hold is scanned: it cannot be guessed
        decisions = game.pending()
        assert sorted((d.seat, d.kind) for d in decisions) == [(P2, "thaw_guess"), (P3, "thaw_guess")]
        for decision in decisions:
            assert [o["text"] for o in decision.options] == [
                "location br", "location ga", "location ml", "location ac", "location er"]
            assert decision.default in decision.options
            defaults[decision.default["text"]] += 1
        play(game, (P2, "location ga"))
        assert kinds(game) == [(P3, "thaw_guess")]
        assert game.guess[P2] == -1  # sealed until both are in
        play(game, (P3, "location er"))
        assert (game.guess[P2], game.guess[P3]) == (1, 5)
    assert len(defaults) == 5


# ---- the passes (K-X5..K-X9, K-X16) ------------------------------------------------------------------------------


def _hands(first: int = P1, **hands: list[str]) -> Killer:
    seats = {"P1": P1, "P2": P2, "P3": P3, "P4": P4}
    dealt = {seats[k]: v for k, v in hands.items()}
    return new(4, first=first, removed=["AL", "SB"], hunting_row=["BR", "GA", "ML", "AC", "ER", "CH"],
               hands={1: dealt})


def test_K_X5_K_X6_first_pass_clockwise_from_the_first_crew_member_second_pass_reversed() -> None:
    """K-X5 K-X6."""
    game = _hands(first=P3, P1=["GA1", "BR3"], P2=["GA3", "CH2"], P3=["BR2", "ML2"], P4=["ER1", "AC2"])
    order = []
    moves = {P3: "position BR2", P4: "action ER1", P1: "position GA1", P2: "position GA3"}
    while game.pending()[0].kind != "second_card":
        decision = game.pending()[0]
        assert decision.kind == "first_card"
        order.append(decision.seat)
        play(game, (decision.seat, moves[decision.seat]))
        if decision.seat == P4:  # the Action's choice is asked right away, before the next card
            assert kinds(game) == [(P4, "target")]
            play(game, (P4, "seat 0"))
    assert order == [P3, P4, P1, P2]
    second = []
    while game.pending()[0].kind in ("second_card", "target", "location"):
        decision = game.pending()[0]
        if decision.kind == "second_card":
            second.append(decision.seat)
            assert len(decision.options) == 1  # the other orientation, forced
        play(game, (decision.seat, decision.options[0]["text"]))
    assert second == [P2, P1, P4, P3]
    assert game.pending()[0].kind == "reveal"


def test_K_X5_first_card_options_follow_the_legal_pairs() -> None:
    """K-X5."""
    game = _hands(P1=["ML3", "ER3"])  # both "Play as your 1st card"
    assert texts(game, P1) == ["action ML3", "action ER3"]
    game = _hands(P1=["CH3", "GA2"])  # CH3 is a "2nd card" Action
    assert texts(game, P1) == ["position GA2", "position CH3", "action GA2"]


def test_K_X6_the_second_card_is_forced_into_the_other_orientation() -> None:
    """K-X6."""
    game = _hands(P1=["GA1", "BR3"], P2=["GA3", "CH2"], P3=["BR2", "ML2"], P4=["ER1", "AC2"])
    play(game, (P1, "action BR3"), (P2, "position GA3"), (P3, "action ML2"), (P4, "position ER1"))
    assert texts(game, P4) == ["action AC2"]
    play(game, (P4, "action AC2"), (P4, "location br"))
    assert texts(game, P3) == ["position BR2"]
    play(game, (P3, "position BR2"))
    assert texts(game, P2) == ["action CH2"]
    play(game, (P2, "action CH2"))
    assert texts(game, P1) == ["position GA1"]


def _holder(hand: list[str]) -> Killer:
    return new(4, removed=["AL", "SB"], start={"round": 2, "ongoing": {P4: {"card": "AC3", "location": "BR"}}},
               hands={2: {P1: ["GA1", "BR3"], P2: ["GA3", "CH2"], P3: ["BR2", "ML2"], P4: hand}})


def _to_holder_position(game: Killer) -> None:
    play(game, (P4, "keep"), (P4, "slot 1"), (P1, "position GA1"), (P2, "position GA3"), (P3, "position BR2"))
    assert kinds(game) == [(P4, "ongoing_position")]


def test_K_X7_K_X8_K_D35_the_ongoing_holder_picks_a_position_default_lower_priority() -> None:
    """K-X7 K-X8 K-D35."""
    game = _holder(["GA2", "CH1"])
    _to_holder_position(game)
    assert texts(game, P4) == ["position GA2", "position CH1"]
    assert default_text(game, P4) == "position CH1"
    play(game, (P4, "position GA2"))
    assert game.position[P4] == 4 and game.discard[P4] == 18


def test_K_X8_a_priority_tie_defaults_to_the_first_card_dealt() -> None:
    """K-X8."""
    game = _holder(["CH1", "ML1"])
    _to_holder_position(game)
    assert default_text(game, P4) == "position CH1"
    game = _holder(["ML1", "CH1"])
    _to_holder_position(game)
    assert default_text(game, P4) == "position ML1"


def test_K_X9_K_D35_first_card_timeout_order() -> None:
    """K-X9 K-D35: (1) lower card as Position, (2) other as Position, (3) lower as Action, (4) other as Action, skipping
    illegal options and options whose Action would DESTROY that option's own Position Location."""
    cases = [
        (["GA2", "BR1"], "position BR1"),  # (1)
        (["BR1", "GA2"], "position BR1"),  # (1), dealt order does not matter without a tie
        (["GA1", "GA2"], "position GA2"),  # (1) would Gas Leak its own Galley: (2)
        (["ER1", "ER3"], "position ER3"),  # (1) illegal (ER3 is a 1st-card Action): (2)
        (["ER2", "ER3"], "action ER2"),  # both Positions illegal: (3)
        (["ML3", "ER3"], "action ML3"),  # tie: the first dealt is the lower
        (["ER3", "ML3"], "action ER3"),
        (["CH2", "GA2"], "position CH2"),  # Position tie: the first dealt
        (["GA2", "CH2"], "position GA2"),
        (["CH3", "GA3"], "position CH3"),
    ]
    for hand, expected in cases:
        game = _hands(P1=hand)
        assert default_text(game, P1) == expected, hand
        assert pending_of(game, P1).default in pending_of(game, P1).options


def test_K_X16_no_passing_every_crew_member_plays_one_position_and_one_action() -> None:
    """K-X16: Over random games: no card decision offers a pass, and at every reveal each crew member who was dealt two
    cards has a Position and an Action (or an ongoing Action from an earlier round)."""
    reveals = 0
    for seed in range(30):
        game = new(3 + seed % 8, seed=seed)
        bots = [RandomBot(seed * 7 + s) for s in range(game.players)]
        while not game.over:
            decision = game.pending()[0]
            if decision.kind in ("first_card", "second_card", "ongoing_position"):
                assert all(o["text"].split()[0] in ("position", "action") for o in decision.options)
            if decision.kind == "reveal" and not game.short:
                reveals += 1
                for seat in game.on_board():
                    assert game.position[seat] >= 0 and game.hands[seat] == []
                    assert game.action[seat] >= 0 or game._ongoing_from_earlier(seat)
            game.act(decision.seat, bots[decision.seat].choose({}, decision))
    assert reveals > 30


# ---- Action choices (K-X10, K-X11) -------------------------------------------------------------------------------


def _choices(card: str, filler: str = "BR3", seed: int = 0) -> Killer:
    """6 players in round 2: Bridge and Cargo Hold hunted, Shuttle Bay destroyed, P5 Frozen, P6 dead, P4 holding a
    Barricade. P1 holds ``card`` and plays it as its Action (first if allowed, else second); returns the game at
    the Action's first choice."""
    game = new(6, seed=seed, start={"round": 2, "hunted": ["BR", "CH"], "destroyed": ["SB"], "dead": [5],
                                    "frozen": [P5], "ongoing": {P4: {"card": "CH1", "location": "ML"}}},
               hunting_row={2: ["GA", "ML", "AL", "AC", "ER"]},
               hands={2: {P1: [card, filler], P2: ["GA3", "ML2"], P3: ["AL1", "AC1"], P4: ["AL3", "ER3"]}})
    play(game, (P4, "keep"), (P5, "location ga"))
    if f"action {card}" in texts(game, P1):
        play(game, (P1, f"action {card}"))
    else:
        play(game, (P1, f"position {filler}"), (P2, "position GA3"), (P3, "position AL1"), (P4, "position AL3"),
             (P3, "action AC1"), (P2, "action ML2"), (P1, f"action {card}"))
    return game


def test_K_X11_action_choice_options() -> None:
    """K-X11."""
    expected = {
        "BR1": ["slot 1", "slot 2", "slot 3", "slot 4", "slot 5"],
        "BR2": ["slot 1", "slot 2", "slot 3", "slot 4", "slot 5", "none"],
        "ML3": ["seat 1", "seat 2"],  # not P4 (ongoing from an earlier round), not Frozen P5 or dead P6
        "AL2": ["location br", "location ga", "location ml", "location ac", "location er", "location ch"],
        "AC2": ["location ga", "location ml", "location al", "location ac", "location er", "location ch"],
        "AC3": ["slot 1", "slot 2", "slot 3", "slot 4", "slot 5"],
        "ER1": ["seat 1", "seat 2", "seat 3"],
        "CH2": ["location br", "location ch"],
    }
    for card, options in expected.items():
        game = _choices(card)
        assert game.pending()[0].seat == P1
        assert texts(game, P1) == options, card


def test_K_X11_meat_cleaver_targets_face_up_crew_sharing_your_location() -> None:
    """K-X11."""
    game = _choices("GA1", filler="GA2")
    assert texts(game, P1) == ["seat 1"]  # P2 at the Galley; P3 and P4 at the Airlock


def test_K_X11_sensor_sweep_second_look_and_scan_options() -> None:
    """K-X11."""
    game = _choices("BR2")
    play(game, (P1, "slot 3"))
    assert kinds(game) == [(P1, "sweep_more")]
    assert texts(game, P1) == ["slot 1", "slot 2", "slot 4", "slot 5", "none"]
    play(game, (P1, "slot 5"))
    assert kinds(game) == [(P1, "sweep_scan")]
    assert texts(game, P1) == ["slot 3", "slot 5", "none"]


def test_K_X11_barricade_names_any_in_play_location_signal_flare_a_hunted_one() -> None:
    """K-X11."""
    game = new(4, removed=["AL", "AC"], start={"round": 2, "hunted": ["GA"], "destroyed": ["ER"]},
               hands={2: {P1: ["CH1", "BR3"]}})
    play(game, (P1, "action CH1"))
    assert texts(game, P1) == ["location br", "location ga", "location ml", "location ch", "location sb"]
    game = new(4, removed=["AL", "AC"], start={"round": 3, "hunted": ["GA", "ER"]},
               hands={3: {P1: ["SB1", "BR3"], P2: ["GA3", "CH2"], P3: ["BR2", "ML2"], P4: ["ER1", "CH3"]}})
    play(game, (P1, "position BR3"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action CH3"), (P3, "action ML2"), (P2, "action CH2"), (P2, "location er"), (P1, "action SB1"))
    assert texts(game, P1) == ["location ga", "location er"]


def test_K_X11_scanned_slots_cannot_be_looked_at_or_scanned() -> None:
    """K-X11."""
    game = new(4, removed=["AL", "SB"], start={"round": 2, "ongoing": {P4: {"card": "AC3", "location": "BR"}}},
               hands={2: {P1: ["BR2", "GA3"]}})
    play(game, (P4, "keep"), (P4, "slot 2"), (P1, "action BR2"))
    assert texts(game, P1) == ["slot 1", "slot 3", "slot 4", "slot 5", "slot 6", "none"]


def test_K_X10_action_choice_timeout_is_a_uniformly_random_legal_option() -> None:
    """K-X10."""
    defaults: Counter[str] = Counter()
    for seed in range(60):
        game = _choices("AL2", seed=seed)
        decision = game.pending()[0]
        assert decision.default in decision.options
        defaults[decision.default["text"]] += 1
    assert len(defaults) == 6 and max(defaults.values()) <= 20


def test_K_X10_sensor_sweep_timeout_looks_at_two_cards_and_declines_the_scan() -> None:
    """K-X10."""
    for seed in range(10):
        game = _choices("BR2", seed=seed)
        decision = game.pending()[0]
        assert decision.default["text"].startswith("slot ")
        play(game, (P1, decision.default["text"]))
        more = game.pending()[0]
        assert more.kind == "sweep_more" and more.default["text"].startswith("slot ")
        assert more.default["text"] != decision.default["text"]
        play(game, (P1, more.default["text"]))
        assert default_text(game, P1) == "none"


def test_K_X10_sensor_sweep_with_one_face_down_card_looks_at_it() -> None:
    """K-X10."""
    game = new(3, removed=["AL", "SB"], start={"round": 2, "hunted": ["BR", "GA", "ML", "AC", "ER"]},
               hands={2: {P1: ["BR2", "GA3"]}})
    play(game, (P1, "action BR2"))
    assert texts(game, P1) == ["slot 1", "none"]
    assert default_text(game, P1) == "slot 1"
    play(game, (P1, "slot 1"))
    assert kinds(game) == [(P2, "first_card")]  # no second look, and no scan of the last face-down card


# ---- the reveal (K-X12, K-X13) -----------------------------------------------------------------------------------


def _to_reveal(first: int, seed: int = 0, computer: bool = False) -> Killer:
    game = new(4, seed=seed, first=first, removed=["AL", "SB"],
               start={"round": 2, "ongoing": {P4: {"card": "AC3", "location": "BR"}}},
               hands={2: {P1: ["GA1", "BR1" if computer else "BR3"], P2: ["GA3", "CH2"], P3: ["BR2", "ML2"],
                          P4: ["ER1", "AC2"]}})
    play(game, (P4, "keep"), (P4, "slot 3"))
    while game.pending()[0].kind != "reveal":
        decision = game.pending()[0]
        option = decision.options[0]["text"]
        if decision.seat == P1 and decision.kind == "first_card":
            option = "position GA1"
        if decision.kind == "look":
            option = "slot 1"
        play(game, (decision.seat, option))
    return game


def test_K_X12_the_first_crew_member_chooses_a_face_down_slot_to_reveal() -> None:
    """K-X12."""
    game = _to_reveal(first=P2)
    decision = game.pending()[0]
    assert (decision.seat, decision.kind) == (P2, "reveal")
    assert [o["text"] for o in decision.options] == ["slot 1", "slot 2", "slot 4", "slot 5", "slot 6"]


def test_K_X12_the_ship_computer_player_chooses_instead() -> None:
    """K-X12."""
    game = _to_reveal(first=P2, computer=True)
    assert kinds(game) == [(P1, "reveal")]


def test_K_X13_reveal_timeout_is_a_uniformly_random_face_down_card() -> None:
    """K-X13."""
    defaults: Counter[str] = Counter()
    for seed in range(60):
        game = _to_reveal(first=P1, seed=seed)
        decision = game.pending()[0]
        assert decision.default in decision.options
        defaults[decision.default["text"]] += 1
    assert "slot 3" not in defaults
    assert len(defaults) == 5 and max(defaults.values()) <= 25


# ---- K-X14, K-X15 ------------------------------------------------------------------------------------------------


def test_K_X14_a_short_round_asks_no_card_choices() -> None:
    """K-X14."""
    game = new(4, removed=["ML", "AC"], start={"destroyed": ["GA", "AL", "ER", "CH"]})
    assert game.short
    assert kinds(game) == [(P1, "reveal")]
    assert all(game.position[s] >= 0 and game.action[s] == -1 for s in range(4))


def test_K_X15_only_keep_or_end_and_frozen_guesses_are_ever_simultaneous() -> None:
    """K-X15."""
    together: Counter[str] = Counter()
    for seed in range(40):
        game = new(3 + seed % 8, seed=seed)
        bots = [RandomBot(seed * 3 + s) for s in range(game.players)]
        while not game.over:
            decisions = game.pending()
            if len(decisions) > 1:
                assert {d.kind for d in decisions} <= {"keep_ongoing", "thaw_guess"}
                assert len({d.kind for d in decisions}) == 1
                together[decisions[0].kind] += 1
            decision = decisions[0]
            game.act(decision.seat, bots[decision.seat].choose({}, decision))
    for game in (_two_holders(), _two_frozen()):
        if game.pending()[0].kind == "keep_ongoing" and len(game.pending()) == 1:
            play(game, (P1, "keep"), (P1, "slot 1"))
        assert len(game.pending()) == 2


def test_K_X17_the_default_time_per_decision_is_declared_for_servers() -> None:
    """K-X17: the time allowed per decision is a table setting whose engine default is 60 seconds."""
    import treachery

    game = treachery.new_game("killer", players=4, seed=1)
    assert type(game).decision_seconds == 60
    assert treachery.Game.decision_seconds is None  # a fact each game declares, not an engine constant
