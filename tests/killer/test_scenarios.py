"""Worked examples K-K1..K-K32 of the Killer rules specification (§11), one test per scenario and variant.

Defaults of §11: 4 players, P1 First Crew Member, round 1, nothing hunted; with 3-5 players Med Lab and
Access Corridor are the Locations removed at setup unless the scenario names others. Every position is
built with setup= (hands, hunting_row, start, ...) so which card lies where is known.
"""

from __future__ import annotations

import pytest

from treachery.engine import IllegalAction
from treachery.games.killer.cards import LOCATIONS, location_index

from .util import P1, P2, P3, P4, P5, P8, kinds, log_texts, new, play, texts

ML_AC = ["ML", "AC"]  # §11 default removal with 3-5 players


# ---- small readers -------------------------------------------------------------------------------------


def alive(game, seat: int) -> bool:
    return game.view(None)["players"][seat]["alive"]


def dead_seats(game) -> list[int]:
    return [p["seat"] for p in game.view(None)["players"] if not p["alive"]]


def seen(game, viewer: int | None, seat: int) -> dict:
    """What ``viewer`` sees of ``seat``'s player entry."""
    return game.view(viewer)["players"][seat]


def cards_in_hands(game) -> int:
    return sum(p["cards_in_hand"] for p in game.view(None)["players"])


def pool_size(game) -> int:
    """The Crew cards in the game this round: the deck plus every dealt hand (right after a Deal)."""
    return game.view(None)["deck_size"] + cards_in_hands(game)


def hand_sizes(game) -> list[int]:
    return [p["cards_in_hand"] for p in game.view(None)["players"]]


def slot_of(game, location: str) -> str:
    """The reveal option for a Location whose slot was reshuffled by the engine (Signal Flare)."""
    return f"slot {game.hunting_row.index(location_index(location)) + 1}"


def play_tracking(game, *moves: tuple[int, str]) -> list[tuple[int, str]]:
    """Plays the moves and returns the (seat, kind) pending before each one."""
    asked = []
    for seat, text in moves:
        asked.append(kinds(game)[0])
        play(game, (seat, text))
    return asked


def first_log_index(game, needle: str, seat: int | None = None) -> int:
    for index, text in enumerate(log_texts(game, seat)):
        if needle in text:
            return index
    raise AssertionError(f"{needle!r} not in the log: {log_texts(game, seat)}")


# ---- K-K1..K-K5 ------------------------------------------------------------------------------------------


@pytest.mark.rule("K-T13", "K-T18", "K-T19", "K-T20", "K-X5", "K-X6")
def test_K_K1_snake_order():
    """K-K1: the second pass reverses the first (K-T13, K-T18, K-T19, K-T20, K-X5, K-X6)."""
    game = new(4, removed=ML_AC, hunting_row=["GA", "BR", "AL", "ER", "CH", "SB"],
               hands={1: {P1: ["GA1", "BR3"], P2: ["GA3", "SB3"], P3: ["BR2", "AL1"], P4: ["ER1", "SB2"]}})
    asked = play_tracking(
        game,
        (P1, "position GA1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
        (P4, "action SB2"), (P3, "action AL1"), (P2, "action SB3"), (P1, "action BR3"),
    )
    assert [seat for seat, _ in asked] == [P1, P2, P3, P4, P4, P3, P2, P1]
    assert [kind for _, kind in asked] == ["first_card"] * 4 + ["second_card"] * 4
    # after P1's second card, step 4 starts: the First Crew Member chooses the reveal
    assert kinds(game) == [(P1, "reveal")]


@pytest.mark.rule("K-T27", "K-X12", "K-T1")
def test_K_K1_view_shows_step_4_while_the_reveal_is_pending():
    """K-K1 ("after P1's second card step 4 starts"): while the First Crew Member is choosing the Hunting Row
    card (4b, K-T27, K-X12), the public view names that step, not End of Round (K-T1)."""
    game = new(4, removed=ML_AC, hunting_row=["GA", "BR", "AL", "ER", "CH", "SB"],
               hands={1: {P1: ["GA1", "BR3"], P2: ["GA3", "SB3"], P3: ["BR2", "AL1"], P4: ["ER1", "SB2"]}})
    play(game, (P1, "position GA1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"))
    assert game.view(None)["step"] == "second pass"
    play(game, (P4, "action SB2"), (P3, "action AL1"), (P2, "action SB3"), (P1, "action BR3"))
    assert kinds(game) == [(P1, "reveal")]
    assert game.view(None)["step"] == "reveal"


@pytest.mark.rule("K-T33", "K-V6", "K-V10", "K-T43", "K-T45", "K-T41")
def test_K_K2_alien_kills_highest_priority():
    """K-K2: the alien kills the single highest Priority at its Location (K-T33, K-V6, K-V10, K-T43, K-T45,
    K-T41)."""
    game = new(4, removed=ML_AC, hunting_row=["GA", "BR", "AL", "ER", "CH", "SB"],
               hands={1: {P1: ["GA1", "BR3"], P2: ["GA3", "CH2"], P3: ["BR2", "AL1"], P4: ["ER1", "SB1"]}})
    play(game,
         (P1, "position GA1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action SB1"), (P3, "action AL1"), (P2, "action CH2"), (P1, "action BR3"))
    assert any("Cutting Torch (CH2) has no legal choice" in t for t in log_texts(game))
    assert any("Signal Flare (SB1) has no legal choice" in t for t in log_texts(game))
    play(game, (P1, "slot 1"))  # Galley
    assert dead_seats(game) == [P2]
    view = game.view(None)
    assert view["round"] == 2
    assert view["previously_hunted"] == ["Galley"]
    assert view["hunting_row_locations"] == sorted(["Bridge", "Airlock", "Engine Room", "Cargo Hold",
                                                    "Shuttle Bay"])
    assert len(view["hunting_row"]) == 5 and not any(s["face_up"] for s in view["hunting_row"])
    assert view["destroyed"] == ["Med Lab", "Access Corridor"]
    assert view["removed_cards"] == ["AC1", "AC2", "AC3", "ML1", "ML2", "ML3"]
    # all 18 cards back in the deck; round 2 deals 6 of them to P1, P3, P4
    assert hand_sizes(game) == [2, 0, 2, 2]
    assert view["deck_size"] == 12
    assert pool_size(game) == 18


def _k3_game(reveal_row: list[str]):
    game = new(4, removed=ML_AC, hunting_row=reveal_row,
               hands={1: {P1: ["GA1", "BR3"], P2: ["BR2", "GA2"], P3: ["GA3", "CH2"], P4: ["ER1", "SB1"]}})
    play(game,
         (P1, "position GA1"), (P2, "position BR2"), (P3, "position GA3"), (P4, "position ER1"),
         (P4, "action SB1"), (P3, "action CH2"), (P2, "action GA2"), (P1, "action BR3"))
    return game


@pytest.mark.rule("K-E9", "K-T31", "K-T32", "K-W2", "K-W4")
def test_K_K3_destroy_at_alien_location():
    """K-K3: DESTROY kills everyone there, and the alien too if it is there (K-E9, K-T31, K-T32, K-W2,
    K-W4)."""
    game = _k3_game(["GA", "BR", "AL", "ER", "CH", "SB"])
    play(game, (P1, "slot 1"))  # Galley
    assert game.over
    assert dead_seats(game) == [P1, P3]
    result = game.result()
    assert result["winners"] == [P2, P4]
    assert result["reason"] == "alien destroyed"
    assert first_log_index(game, "P1 dies as the Galley") < first_log_index(game, "dies with it")


@pytest.mark.rule("K-E9", "K-V6", "K-T38", "K-T40", "K-T41", "K-T43", "K-T45", "K-T4")
def test_K_K4_destroy_elsewhere_then_alien_then_last_on_board():
    """K-K4: DESTROY, the alien's kill, Last-on-Board countdown, 5j/5k, marker passing (K-E9, K-V6, K-T38,
    K-T40, K-T41, K-T43, K-T45, K-T4)."""
    game = _k3_game(["ER", "GA", "BR", "AL", "CH", "SB"])
    play(game, (P1, "slot 1"))  # Engine Room
    assert not game.over
    assert dead_seats(game) == [P1, P3, P4]
    assert first_log_index(game, "P1 dies as the Galley") < first_log_index(game, "alien kills P4")
    view = game.view(None)
    assert view["players"][P2]["last_on_board_deadline"] == 2
    assert "Galley" in view["destroyed"]
    assert {"GA1", "GA2", "GA3"} <= set(view["removed_cards"])
    assert view["previously_hunted"] == ["Engine Room"]
    assert view["hunting_row_locations"] == sorted(["Bridge", "Airlock", "Cargo Hold", "Shuttle Bay"])
    # round 2: 15-card deck, P1 is dead so the marker passes to P2 (P1's Take Command needs them alive)
    assert view["round"] == 2
    assert view["first_crew_member"] == P2
    assert pool_size(game) == 15
    assert hand_sizes(game) == [0, 2, 0, 0]
    assert kinds(game) == [(P2, "first_card")]


@pytest.mark.rule("K-E11", "K-E12", "K-W6", "K-E47", "K-Q2", "K-Q3")
def test_K_K5_last_on_board_while_another_is_frozen():
    """K-K5: LAST ON BOARD wins at once; a Frozen crew member is not On Board and freezes to death
    (K-E11, K-E12, K-W6, K-E47, K-Q2, K-Q3)."""
    game = new(3, removed=["GA", "CH"], hunting_row={5: ["BR", "SB"]},
               start={"round": 5, "dead": [P2], "frozen": [P3], "hunted": ["AL", "AC", "ER", "ML"],
                      "countdown": {P1: 5}},
               hands={5: {P1: ["BR2", "SB3"]}})
    play(game, (P3, "location sb"))  # the Frozen guess
    play(game, (P1, "position BR2"))
    assert kinds(game) == [(P1, "second_card")]
    play(game, (P1, "action SB3"))
    assert game.over
    assert game.result()["winners"] == [P1]
    assert game.result()["reason"] == "last on board"
    assert dead_seats(game) == [P2, P3]  # P3 froze to death
    assert not any("is turned" in t for t in log_texts(game))  # no reveal
    assert game.view(None)["alien_location"] is None


@pytest.mark.rule("K-E11", "K-E94", "K-E19", "K-V10")
def test_K_K5_variant_not_alone_lob_only_sets_priority_zero():
    """K-K5 variant: with P2 also On Board, SB3 is only Stay Perfectly Still (K-E11, K-E94, K-E19, K-V10)."""
    game = new(3, removed=["GA", "CH"], hunting_row={5: ["BR", "SB"]},
               start={"round": 5, "frozen": [P3], "hunted": ["AL", "AC", "ER", "ML"]},
               hands={5: {P1: ["BR2", "SB3"], P2: ["BR1", "AL1"]}})
    play(game, (P3, "location sb"))
    play(game, (P1, "position BR2"), (P2, "position BR1"), (P2, "action AL1"), (P1, "action SB3"))
    assert not game.over
    assert kinds(game) == [(P1, "reveal")]
    play(game, (P1, "slot 1"))  # Bridge: P1 counts as 0, P2 as 1
    assert not game.over and game.result() is None
    assert dead_seats(game) == [P2]
    assert alive(game, P1)


# ---- K-K6..K-K10 -----------------------------------------------------------------------------------------


@pytest.mark.rule("K-E63", "K-E64", "K-E65", "K-E66", "K-Q10")
def test_K_K6_coward_caught_by_earlier_sharing():
    """K-K6: The Coward dies if anyone shared its Location at any time, even before the move away
    (K-E63, K-E64, K-E65, K-E66, K-Q10)."""
    game = new(4, removed=["ML", "AL"], hunting_row=["SB", "BR", "GA", "ER", "CH", "AC"],
               hands={1: {P1: ["BR1", "BR3"], P2: ["ER1", "AC1"], P3: ["ER3", "AC2"], P4: ["CH1", "SB1"]}})
    play(game,
         (P1, "position BR1"), (P2, "position ER1"), (P3, "position ER3"), (P4, "position CH1"),
         (P4, "action SB1"), (P3, "action AC2"), (P3, "location ga"), (P2, "action AC1"), (P1, "action BR3"),
         (P1, "slot 1"))  # Shuttle Bay
    assert dead_seats(game) == [P2]
    assert any("Coward" in t and "P2" in t for t in log_texts(game))
    assert any("Nobody is in the Shuttle Bay" in t for t in log_texts(game))


@pytest.mark.rule("K-E67", "K-V9", "K-V13")
def test_K_K6_variant_uncaught_coward_cannot_be_picked():
    """K-K6 variant: alone all round, the Coward is not the alien's victim (K-E67, K-V9, K-V13)."""
    game = new(4, removed=["ML", "AL"], hunting_row=["ER", "BR", "GA", "SB", "CH", "AC"],
               hands={1: {P1: ["BR1", "BR3"], P2: ["ER1", "AC1"], P3: ["BR2", "AC2"], P4: ["CH1", "SB1"]}})
    play(game,
         (P1, "position BR1"), (P2, "position ER1"), (P3, "position BR2"), (P4, "position CH1"),
         (P4, "action SB1"), (P3, "action AC2"), (P3, "location ga"), (P2, "action AC1"), (P1, "action BR3"),
         (P1, "slot 1"))  # Engine Room
    assert dead_seats(game) == []
    assert game.view(None)["round"] == 2


@pytest.mark.rule("K-E39", "K-E46", "K-T8", "K-T11", "K-T12", "K-T30", "K-T34", "K-T35", "K-T42", "K-H18")
def test_K_K7_cold_storage_freeze_and_thaw():
    """K-K7: Cold Storage freezes at 5e, Frozen crew are not dealt, the guess is secret then public, a right
    guess thaws (K-E39..K-E46, K-T8, K-T11, K-T12, K-T30, K-T34, K-T35, K-T42, K-H18)."""
    game = new(4, removed=["AL", "SB"],
               hunting_row={2: ["BR", "ML", "AC", "ER", "CH"], 3: ["CH", "ML", "AC", "ER"]},
               start={"round": 2, "hunted": ["GA"]},
               hands={2: {P1: ["GA1", "BR3"], P2: ["GA2", "ML2"], P3: ["AC2", "ML1"], P4: ["ER1", "GA3"]},
                      3: {P1: ["AC1", "GA3"], P2: ["ER3", "ML2"], P4: ["CH2", "BR3"]}})
    # round 2
    play(game,
         (P1, "position GA1"), (P2, "position GA2"), (P3, "position AC2"), (P4, "position ER1"),
         (P4, "action GA3"), (P3, "action ML1"), (P2, "action ML2"), (P1, "action BR3"),
         (P1, "slot 1"))  # Bridge: nobody there
    assert dead_seats(game) == []
    view = game.view(None)
    assert view["round"] == 3
    p3 = view["players"][P3]
    assert p3["frozen"] and not p3["on_board"] and p3["alive"]
    assert p3["ongoing"]["card"] == "ML1"
    # round 3: only P1, P2, P4 are dealt; ML1 stays in front of P3, so the deck holds 17
    assert hand_sizes(game) == [2, 2, 0, 2]
    assert view["deck_size"] == 11 and pool_size(game) == 17
    assert kinds(game) == [(P3, "thaw_guess")]
    assert texts(game, P3) == ["location ml", "location ac", "location er", "location ch"]
    play(game, (P3, "location ch"))
    assert seen(game, P3, P3)["guess"] == "Cargo Hold"
    for other in (P1, P2, P4, None):
        assert seen(game, other, P3)["guess"] is None
        assert not any("Cargo Hold" in t for t in log_texts(game, other) if "guess" in t)
    asked = play_tracking(
        game,
        (P1, "position AC1"), (P2, "position ER3"), (P4, "position CH2"),
        (P4, "action BR3"), (P2, "action ML2"), (P1, "action GA3"),
    )
    assert [seat for seat, _ in asked] == [P1, P2, P4, P4, P2, P1]
    play(game, (P1, "slot 1"))  # Cargo Hold
    guess_public = first_log_index(game, "P3 guessed the Cargo Hold", P1)
    assert first_log_index(game, "alien is in the Cargo Hold", P1) < guess_public
    assert guess_public < first_log_index(game, "alien kills P4", P1)
    assert first_log_index(game, "alien kills P4", P1) < first_log_index(game, "P3 guessed right", P1)
    round3 = [e["text"] for e in game.log_for(None) if e["round"] == 3]
    assert not any(t.startswith("P3 ") and "Position" in t for t in round3)  # no Position this round
    assert dead_seats(game) == [P4]
    view = game.view(None)
    assert view["round"] == 4
    p3 = view["players"][P3]
    assert p3["on_board"] and not p3["frozen"] and p3["ongoing"] is None
    # ML1 is back: 18 cards, 2 each to P1, P2, P3
    assert hand_sizes(game) == [2, 2, 2, 0]
    assert pool_size(game) == 18 and view["deck_size"] == 12
    assert "ML1" not in view["removed_cards"]


def _k8_game(p2_hand: list[str]):
    game = new(4, removed=["AL", "SB"],
               hands={1: {P1: ["BR2", "BR3"], P2: p2_hand, P3: ["ER2", "GA3"], P4: ["ER1", "CH2"]}})
    play(game, (P1, "position BR2"))
    assert kinds(game) == [(P2, "first_card")]
    return game


def _finish_pass_to_p2_second(game, p2_first: list[tuple[int, str]]):
    play(game, *p2_first)
    play(game, (P3, "position ER2"), (P4, "position ER1"), (P4, "action CH2"), (P3, "action GA3"))
    return texts(game, P2)


@pytest.mark.rule("K-E5", "K-E6", "K-T17", "K-T20")
def test_K_K8_play_as_second_card():
    """K-K8: a "2nd card" Action may not be played first; as a Position it has no restriction
    (K-E5, K-E6, K-T17, K-T20)."""
    game = _k8_game(["CH3", "GA2"])
    assert sorted(texts(game, P2)) == ["action GA2", "position CH3", "position GA2"]
    with pytest.raises(IllegalAction):
        game.act(P2, "action CH3")
    assert kinds(game) == [(P2, "first_card")]  # nothing changed
    # each legal first card forces the other card the other way round
    assert _finish_pass_to_p2_second(game.clone(), [(P2, "position GA2")]) == ["action CH3"]
    assert _finish_pass_to_p2_second(game.clone(), [(P2, "position CH3")]) == ["action GA2"]
    assert _finish_pass_to_p2_second(game.clone(), [(P2, "action GA2")]) == ["position CH3"]


@pytest.mark.rule("K-E5", "K-E6", "K-T17")
def test_K_K8_setup2_two_first_card_actions():
    """K-K8 setup 2: holding two "1st card" Actions, P2 must play one as an Action first (K-E5, K-E6,
    K-T17)."""
    game = _k8_game(["ML3", "ER3"])
    assert sorted(texts(game, P2)) == ["action ER3", "action ML3"]
    for illegal in ("position ML3", "position ER3"):
        with pytest.raises(IllegalAction):
            game.act(P2, illegal)
    assert _finish_pass_to_p2_second(game.clone(), [(P2, "action ER3")]) == ["position ML3"]
    assert _finish_pass_to_p2_second(game.clone(), [(P2, "action ML3"), (P2, "seat 3")]) == ["position ER3"]


@pytest.mark.rule("K-E13", "K-E14", "K-E70", "K-E72", "K-T5", "K-T6", "K-T11", "K-T15", "K-T21", "K-T29", "K-T44",
                  "K-T45", "K-H19", "K-Q16")
def test_K_K9_ongoing_position_second_and_discard():
    """K-K9: Motion Tracker scans now and at Round Start; its holder skips the first pass, plays a Position
    in the second and discards the other card face down (K-E13, K-E14, K-E70..K-E72, K-T5, K-T6, K-T11,
    K-T15, K-T21, K-T29, K-T44, K-T45, K-H19, K-Q16)."""
    game = new(4, removed=["GA", "AL"],
               hunting_row={1: ["BR", "SB", "ER", "AC", "ML", "CH"], 2: ["SB", "CH", "ML", "AC", "ER"]},
               hands={1: {P1: ["ER1", "BR3"], P2: ["AC3", "CH2"], P3: ["SB1", "ML2"], P4: ["CH3", "SB3"]},
                      2: {P1: ["ER1", "BR3"], P2: ["ER2", "SB2"], P3: ["AC1", "ML2"], P4: ["BR2", "SB3"]}})
    # round 1
    play(game, (P1, "position ER1"), (P2, "action AC3"))
    assert kinds(game) == [(P2, "tracker")]
    play(game, (P2, "slot 5"))
    row = game.view(P4)["hunting_row"]
    assert row[4] == {"slot": 5, "face_up": True, "location": "Med Lab"}
    play(game, (P3, "position SB1"), (P4, "position CH3"),
         (P4, "action SB3"), (P3, "action ML2"), (P2, "position CH2"), (P1, "action BR3"))
    assert "slot 5" not in texts(game, P1)
    assert texts(game, P1) == ["slot 1", "slot 2", "slot 3", "slot 4", "slot 6"]
    play(game, (P1, "slot 1"))  # Bridge: nobody there
    assert dead_seats(game) == []
    # round 2: keep it, scan slot 2 = Cargo Hold
    assert kinds(game) == [(P2, "keep_ongoing")]
    play(game, (P2, "keep"))
    assert kinds(game) == [(P2, "tracker_scan")]
    play(game, (P2, "slot 2"))
    view = game.view(P3)
    assert view["hunting_row"][1] == {"slot": 2, "face_up": True, "location": "Cargo Hold"}
    assert view["players"][P2]["ongoing"]["card"] == "AC3"
    assert hand_sizes(game) == [2, 2, 2, 2]
    assert view["deck_size"] == 9 and pool_size(game) == 17
    asked = play_tracking(
        game,
        (P1, "position ER1"), (P3, "position AC1"), (P4, "position BR2"),
        (P4, "action SB3"), (P3, "action ML2"), (P2, "position ER2"),
    )
    assert [seat for seat, _ in asked] == [P1, P3, P4, P4, P3, P2]
    assert asked[-1] == (P2, "ongoing_position")
    assert kinds(game) == [(P1, "second_card")]
    # the discard is face down for everyone but P2
    assert seen(game, P2, P2)["discarded"] == "SB2"
    for other in (P1, P3, P4, None):
        assert seen(game, other, P2)["discarded"] == "face down"
    play(game, (P1, "action BR3"))
    assert "slot 2" not in texts(game, P1)  # the scanned Cargo Hold cannot be revealed
    play(game, (P1, "slot 1"))  # Shuttle Bay
    view = game.view(None)
    assert view["round"] == 3
    assert view["previously_hunted"] == ["Bridge", "Shuttle Bay"]
    assert "Cargo Hold" in view["hunting_row_locations"]
    assert not any(s["face_up"] for s in view["hunting_row"])
    for other in (P1, P3, P4, None):
        assert not any("SB2" in t for t in log_texts(game, other))
    assert any("SB2" in t for t in log_texts(game, P2))


@pytest.mark.rule("K-T10", "K-T49", "K-X14", "K-H22", "K-Q7")
def test_K_K10_not_enough_crew_cards():
    """K-K10: fewer cards than 2 per crew member: 1 card each, all Positions, no Actions
    (K-T10, K-T49, K-X14, K-H22, K-Q7)."""
    everyone = ["BR1", "BR2", "BR3", "ML1", "ER2", "ML2", "ML3", "ER3", "AC1", "AC2"]
    game = new(10, hunting_row={2: ["ER", "ML", "AC", "CH", "SB"]},
               start={"round": 2, "destroyed": ["GA", "AL"], "hunted": ["BR"]},
               hands={2: {seat: [card] for seat, card in enumerate(everyone)}})
    view = game.view(None)
    assert view["short_round"]
    assert view["deck_size"] == 8  # 18 cards, 10 dealt
    assert kinds(game) == [(P1, "reveal")]  # no card choices at all
    for seat, card in enumerate(everyone):
        entry = view["players"][seat]
        assert entry["position"]["card"] == card and not entry["position"]["face_down"]
        assert entry["action"] is None and entry["cards_in_hand"] == 0
    public = log_texts(game)
    shown = [i for i, t in enumerate(public) if "takes Position" in t]
    assert len(shown) == 10 and shown == list(range(shown[0], shown[0] + 10))  # all at once, after the Deal
    assert first_log_index(game, "Not enough Crew cards") < shown[0]
    at_engine = [p["seat"] for p in view["players"] if p["position"]["location"] == "Engine Room"]
    assert at_engine == [P5, P8]
    play(game, (P1, "slot 1"))  # Engine Room
    assert dead_seats(game) == [P8]
    view = game.view(None)
    assert view["round"] == 3
    assert not view["short_round"]
    assert view["deck_size"] == 0
    assert hand_sizes(game) == [2] * 7 + [0] + [2] * 2
    assert kinds(game) == [(P1, "first_card")]


# ---- K-K11..K-K16 ----------------------------------------------------------------------------------------


@pytest.mark.rule("K-E9", "K-E86", "K-T31", "K-T33", "K-T37", "K-W7")
def test_K_K11_tragic_defeat_by_simultaneous_deaths():
    """K-K11: DESTROYs and the alien leave nobody On Board: tragic defeat (K-E9, K-E86, K-T31, K-T33, K-T37,
    K-W7)."""
    game = new(3, removed=ML_AC, hunting_row={2: ["ER", "GA", "AL", "CH", "SB"]},
               start={"round": 2, "hunted": ["BR"]},
               hands={2: {P1: ["GA1", "BR3"], P2: ["GA3", "CH2"], P3: ["ER2", "GA2"]}})
    play(game, (P1, "position GA1"), (P2, "position GA3"), (P3, "position ER2"),
         (P3, "action GA2"), (P2, "action CH2"))
    assert texts(game, P2) == ["location br"]
    play(game, (P2, "location br"), (P1, "action BR3"), (P1, "slot 1"))  # Engine Room
    assert game.over
    assert dead_seats(game) == [P1, P2, P3]
    assert game.result()["winners"] == []
    assert game.result()["reason"] == "tragic defeat"
    logs = log_texts(game)
    assert "The Galley is DESTROYED." in logs and "The Bridge is DESTROYED." in logs
    assert not any("dies with it" in t for t in logs)
    assert first_log_index(game, "P2 dies as the Galley") < first_log_index(game, "alien kills P3")


def _k12_game(first: int):
    game = new(5, first=first, removed=["AC", "ER"], hunting_row=["AL", "BR", "GA", "ML", "CH", "SB"],
               hands={1: {P1: ["AL3", "BR3"], P2: ["GA3", "CH2"], P3: ["GA1", "AL1"], P4: ["BR1", "AL2"],
                          P5: ["ML1", "SB1"]}})
    firsts = {P1: "position AL3", P2: "position GA3", P3: "position GA1", P4: "position BR1",
              P5: "position ML1"}
    seconds = {P1: "action BR3", P2: "action CH2", P3: "action AL1", P4: "action AL2", P5: "action SB1"}
    ring = [(first + i) % 5 for i in range(5)]
    for seat in ring:
        play(game, (seat, firsts[seat]))
    for seat in reversed(ring):
        play(game, (seat, seconds[seat]))
        if seat == P4:
            play(game, (P4, "location ga"))
    view = game.view(None)
    assert [view["players"][s]["position"]["location"] for s in (P1, P2, P3)] == ["Airlock"] * 3
    assert [view["players"][s]["position"]["priority"] for s in (P1, P2, P3)] == [3, 3, 1]
    play(game, (first, "slot 1"))  # Airlock
    return game


@pytest.mark.rule("K-E59", "K-V11", "K-Q1", "K-E18")
def test_K_K12_priority_tie_after_evacuation():
    """K-K12: a Priority tie is broken clockwise from the First Crew Member (K-E59, K-V11, K-Q1, K-E18)."""
    game = _k12_game(P1)
    assert dead_seats(game) == [P1]
    assert any("Evacuation: Galley to Airlock" in t for t in log_texts(game))


@pytest.mark.rule("K-V11", "K-Q1")
def test_K_K12_variant_p2_first_crew_member():
    """K-K12 variant: with P2 as First Crew Member, P2 is met first and dies (K-V11, K-Q1)."""
    game = _k12_game(P2)
    assert dead_seats(game) == [P2]


def _k13_game(p3_action: str):
    game = new(4, removed=ML_AC, hunting_row=["CH", "BR", "GA", "AL", "ER", "SB"],
               hands={1: {P1: ["CH3", "SB3"], P2: ["CH1", "BR3"], P3: ["BR2", p3_action[-3:]],
                          P4: ["ER1", "AL1"]}})
    play(game, (P1, "position CH3"), (P2, "position CH1"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action AL1"), (P3, p3_action), (P2, "action BR3"), (P1, "action SB3"), (P1, "slot 1"))
    return game


@pytest.mark.rule("K-E37", "K-E38", "K-E93", "K-E94", "K-E19", "K-V10")
def test_K_K13_bang_the_pots_and_stay_perfectly_still():
    """K-K13: SB3 makes P1 Priority 0 and Bang the Pots makes the lowest die (K-E37, K-E38, K-E93, K-E94,
    K-E19, K-V10)."""
    game = _k13_game("action GA3")
    assert dead_seats(game) == [P1]


@pytest.mark.rule("K-E94", "K-V10")
def test_K_K13_variant_without_bang_the_pots():
    """K-K13 variant: without GA3 the highest effective Priority (P2's 1 over P1's 0) dies (K-E94, K-V10)."""
    game = _k13_game("action CH2")
    assert dead_seats(game) == [P2]


def _k14_game(p4_action: str, target: str | None):
    game = new(4, removed=ML_AC, hunting_row=["SB", "BR", "GA", "AL", "ER", "CH"],
               hands={1: {P1: ["GA1", "BR3"], P2: ["SB1", "SB3"], P3: ["SB2", "AL1"],
                          P4: ["BR1", p4_action[-3:]]}})
    play(game, (P1, "position GA1"), (P2, "position SB1"), (P3, "position SB2"), (P4, "position BR1"),
         (P4, p4_action))
    if target:
        play(game, (P4, target))
    play(game, (P3, "action AL1"), (P2, "action SB3"), (P1, "action BR3"), (P1, "slot 1"))
    return game


@pytest.mark.rule("K-E19", "K-E74", "K-E94", "K-Q18")
def test_K_K14_rig_the_hatch_beats_stay_perfectly_still():
    """K-K14: Rig the Hatch (4) overrides Stay Perfectly Still (0) (K-E19, K-E74, K-E94, K-Q18)."""
    game = _k14_game("action ER1", "seat 1")
    assert dead_seats(game) == [P2]


@pytest.mark.rule("K-E94", "K-V10")
def test_K_K14_variant_without_rig_the_hatch():
    """K-K14 variant: without ER1, P2 counts 0 and P3 (2) dies (K-E94, K-V10)."""
    game = _k14_game("action CH2", None)
    assert dead_seats(game) == [P3]


@pytest.mark.rule("K-E49", "K-E50", "K-V12", "K-E96")
def test_K_K15_adrenaline_shot():
    """K-K15: the alien picks the Adrenaline player, who escapes; nobody dies (K-E49, K-E50, K-V12, K-E96)."""
    game = new(3, removed=["GA", "CH"], hunting_row=["ML", "BR", "AL", "AC", "ER", "SB"],
               hands={1: {P1: ["ML3", "ML2"], P2: ["ML1", "BR3"], P3: ["BR2", "AL1"]}})
    play(game, (P1, "position ML3"), (P2, "position ML1"), (P3, "position BR2"),
         (P3, "action AL1"), (P2, "action BR3"), (P1, "action ML2"), (P1, "slot 1"))  # Med Lab
    assert dead_seats(game) == []
    assert any("P1, who escapes on adrenaline" in t for t in log_texts(game))
    assert not game.over and game.view(None)["round"] == 2


@pytest.mark.rule("K-E87", "K-E88", "K-W3", "K-V12")
def test_K_K16_flamethrower():
    """K-K16: the alien picks the Flamethrower player and dies; all survivors win (K-E87, K-E88, K-W3,
    K-V12)."""
    game = new(3, removed=["ML", "ER"], hunting_row=["CH", "BR", "GA", "AL", "AC", "SB"],
               hands={1: {P1: ["CH2", "CH3"], P2: ["CH1", "BR3"], P3: ["BR2", "AL1"]}})
    play(game, (P1, "position CH2"), (P2, "position CH1"), (P3, "position BR2"),
         (P3, "action AL1"), (P2, "action BR3"), (P1, "action CH3"), (P1, "slot 1"))  # Cargo Hold
    assert game.over
    assert dead_seats(game) == []
    assert game.result()["winners"] == [P1, P2, P3]
    assert game.result()["reason"] == "flamethrower"


@pytest.mark.rule("K-E88", "K-E69", "K-V10")
def test_K_K16_variant_flamethrower_holder_not_picked():
    """K-K16 variant: P3 crawls in with Priority 3 and is the victim; the Flamethrower does nothing
    (K-E88, K-E69, K-V10)."""
    game = new(3, removed=["ML", "ER"], hunting_row=["CH", "BR", "GA", "AL", "AC", "SB"],
               hands={1: {P1: ["CH2", "CH3"], P2: ["CH1", "BR3"], P3: ["GA3", "AC2"]}})
    play(game, (P1, "position CH2"), (P2, "position CH1"), (P3, "position GA3"),
         (P3, "action AC2"), (P3, "location ch"), (P2, "action BR3"), (P1, "action CH3"), (P1, "slot 1"))
    assert not game.over and game.result() is None
    assert dead_seats(game) == [P3]
    assert game.view(None)["round"] == 2


# ---- K-K17..K-K21 ----------------------------------------------------------------------------------------


@pytest.mark.rule("K-W4", "K-W5", "K-Q9", "K-E47", "K-Q2", "K-E59", "K-E69")
def test_K_K17_alien_dies_with_nobody_on_board():
    """K-K17: the alien dies while every On-Board crew member dies: no winners; the Frozen player freezes
    (K-W4, K-W5, K-Q9, K-E47, K-Q2, K-E59, K-E69)."""
    game = new(4, removed=["AL", "CH"],
               hunting_row={1: ["BR", "GA", "ML", "AC", "ER", "SB"], 2: ["GA", "ML", "AC", "ER", "SB"]},
               hands={1: {P1: ["GA1", "BR3"], P2: ["GA3", "ML2"], P3: ["ER1", "SB3"], P4: ["SB1", "ML1"]},
                      2: {P1: ["GA1", "BR3"], P2: ["GA3", "GA2"], P3: ["ER1", "AC2"]}})
    # round 1: P4 plays Cold Storage and survives; Bridge revealed, nobody there
    play(game, (P1, "position GA1"), (P2, "position GA3"), (P3, "position ER1"), (P4, "position SB1"),
         (P4, "action ML1"), (P3, "action SB3"), (P2, "action ML2"), (P1, "action BR3"), (P1, "slot 1"))
    assert dead_seats(game) == []
    assert seen(game, None, P4)["frozen"]
    assert pool_size(game) == 17
    play(game, (P4, "location sb"))
    play(game, (P1, "position GA1"), (P2, "position GA3"), (P3, "position ER1"),
         (P3, "action AC2"), (P3, "location ga"), (P2, "action GA2"), (P1, "action BR3"),
         (P1, "slot 1"))  # Galley
    assert game.over
    assert game.result()["winners"] == []
    assert dead_seats(game) == [P1, P2, P3, P4]
    assert any("dies with it" in t for t in log_texts(game))
    assert any("P4 is still in Cold Storage and freezes to death" in t for t in log_texts(game))


@pytest.mark.rule("K-T46", "K-Q4", "K-H10")
def test_K_K18_every_location_hunted_row_refills():
    """K-K18: when nothing is left to hunt, all hunted cards but this round's return (K-T46, K-Q4, K-H10)."""
    game = new(3, removed=["GA", "ML"], hunting_row={6: ["SB"]},
               start={"round": 6, "hunted": ["BR", "AL", "AC", "ER", "CH"]},
               hands={6: {P1: ["BR2", "BR3"], P2: ["ER2", "AL1"], P3: ["CH1", "SB3"]}})
    view = game.view(P2)
    assert view["hunting_row_locations"] == ["Shuttle Bay"]  # publicly known
    assert len(view["hunting_row"]) == 1
    play(game, (P1, "position BR2"), (P2, "position ER2"), (P3, "position CH1"),
         (P3, "action SB3"), (P2, "action AL1"), (P1, "action BR3"))
    assert texts(game, P1) == ["slot 1"]
    play(game, (P1, "slot 1"))
    assert any("alien is in the Shuttle Bay" in t for t in log_texts(game))
    view = game.view(None)
    assert view["round"] == 7
    assert view["previously_hunted"] == ["Shuttle Bay"]
    assert view["hunting_row_locations"] == sorted(["Bridge", "Airlock", "Access Corridor", "Engine Room",
                                                    "Cargo Hold"])
    assert len(view["hunting_row"]) == 5
    assert not any(s["face_up"] or "location" in s for s in view["hunting_row"])


@pytest.mark.rule("K-T36", "K-W8", "K-T37", "K-W7", "K-T24", "K-E24", "K-E26", "K-T4")
def test_K_K19_missing_the_last_on_board_deadline():
    """K-K19: the lone crew member who has not won by the deadline dies at 5f: tragic defeat
    (K-T36, K-W8, K-T37, K-W7, K-T24, K-E24..K-E26, K-T4)."""
    game = new(3, removed=["AC", "ER"], hunting_row={4: ["BR", "GA", "AL"]},
               start={"round": 4, "dead": [P1, P3], "hunted": ["CH", "ML", "SB"], "countdown": {P2: 4}},
               hands={4: {P2: ["GA1", "BR1"]}})
    assert game.view(None)["first_crew_member"] == P2
    assert seen(game, None, P2)["last_on_board_deadline"] == 4
    play(game, (P2, "position GA1"))
    assert kinds(game) == [(P2, "second_card")]  # plays again at once
    play(game, (P2, "action BR1"), (P2, "slot 3"))
    assert game.view(P2)["hunting_row"][2]["location"] == "Airlock"
    assert kinds(game) == [(P2, "reveal")]
    play(game, (P2, "slot 3"))
    assert game.over
    assert any("Nobody is in the Airlock" in t for t in log_texts(game))
    assert dead_seats(game) == [P1, P2, P3]
    assert game.result()["winners"] == []
    assert game.result()["reason"] == "tragic defeat"


@pytest.mark.rule("K-T34", "K-T36", "K-E46", "K-Q13")
def test_K_K20_thaw_cancels_the_countdown():
    """K-K20: a thaw puts a second crew member On Board; the countdown is cancelled (K-T34, K-T36, K-E46,
    K-Q13).

    The spec has P2 play Action AL1, but Space Suit carries LAST ON BOARD (K-D11) and P2 is the only crew
    member On Board, so AL1 would win at once (K-E11, K-E12). A non-LOB Action (CH3, no effect here) keeps
    the scenario's intent; test_K_K20_note_al1_would_win_last_on_board covers the literal move."""
    game = new(3, removed=["GA", "SB"], hunting_row={4: ["ER", "BR", "AL"]},
               start={"round": 4, "dead": [P1], "frozen": [P3], "hunted": ["CH", "ML", "AC"],
                      "countdown": {P2: 4}},
               hands={4: {P2: ["BR2", "CH3"]}})
    assert hand_sizes(game) == [0, 2, 0]
    play(game, (P3, "location er"))
    play(game, (P2, "position BR2"), (P2, "action CH3"), (P2, "slot 1"))  # Engine Room
    assert not game.over
    assert any("P3 guessed right and thaws" in t for t in log_texts(game))
    assert any("countdown is cancelled" in t for t in log_texts(game))
    view = game.view(None)
    assert view["round"] == 5
    assert dead_seats(game) == [P1]
    assert view["players"][P2]["last_on_board_deadline"] is None
    assert view["players"][P3]["on_board"] and view["players"][P3]["ongoing"] is None
    assert hand_sizes(game) == [0, 2, 2]
    assert pool_size(game) == 18  # ML1 collected again


@pytest.mark.rule("K-D11", "K-E11", "K-E12", "K-W6", "K-E47")
def test_K_K20_note_al1_would_win_last_on_board():
    """K-K20 as literally written: P2, alone On Board, plays Space Suit (LAST ON BOARD) and wins at once;
    Frozen P3 freezes to death (K-D11, K-E11, K-E12, K-W6, K-E47)."""
    game = new(3, removed=["GA", "SB"], hunting_row={4: ["ER", "BR", "AL"]},
               start={"round": 4, "dead": [P1], "frozen": [P3], "hunted": ["CH", "ML", "AC"],
                      "countdown": {P2: 4}},
               hands={4: {P2: ["BR2", "AL1"]}})
    play(game, (P3, "location er"), (P2, "position BR2"), (P2, "action AL1"))
    assert game.over
    assert game.result()["winners"] == [P2]
    assert dead_seats(game) == [P1, P3]


@pytest.mark.rule("K-E41", "K-T35", "K-Q14", "K-T38")
def test_K_K21_cold_storage_cannot_empty_the_ship():
    """K-K21: Cold Storage has no effect if nobody else is On Board; the card is collected and the countdown
    starts (K-E41, K-T35, K-Q14, K-T38)."""
    game = new(3, removed=["GA", "CH"], hunting_row={2: ["ER", "BR", "ML", "AC", "SB"]},
               start={"round": 2, "dead": [P3], "hunted": ["AL"]},
               hands={2: {P1: ["ER3", "BR3"], P2: ["SB1", "ML1"]}})
    play(game, (P1, "position ER3"), (P2, "position SB1"), (P2, "action ML1"), (P1, "action BR3"),
         (P1, "slot 1"))  # Engine Room
    assert not game.over
    assert dead_seats(game) == [P1, P3]
    assert any("P2 cannot enter Cold Storage" in t for t in log_texts(game))
    view = game.view(None)
    p2 = view["players"][P2]
    assert p2["on_board"] and not p2["frozen"] and p2["ongoing"] is None
    assert p2["last_on_board_deadline"] == 3
    assert view["round"] == 3
    assert hand_sizes(game) == [0, 2, 0]
    assert pool_size(game) == 18  # ML1 collected


# ---- K-K22..K-K27 ----------------------------------------------------------------------------------------


@pytest.mark.rule("K-E52", "K-E53", "K-E21", "K-E54", "K-V6")
def test_K_K22_sedative_dart_cancels_a_destroy():
    """K-K22: a cancelled DESTROY does nothing; the alien lives and kills the highest (K-E52, K-E53, K-E21,
    K-E54, K-V6)."""
    game = new(4, removed=["BR", "AC"], hunting_row=["GA", "ML", "AL", "ER", "CH", "SB"],
               hands={1: {P1: ["ML3", "SB1"], P2: ["GA1", "CH2"], P3: ["GA2", "ER1"], P4: ["GA3", "AL1"]}})
    play(game, (P1, "action ML3"), (P1, "seat 2"), (P2, "position GA1"), (P3, "action GA2"))
    assert seen(game, P4, P3)["action"]["cancelled"] is True
    play(game, (P4, "position GA3"), (P4, "action AL1"), (P3, "position ER1"), (P2, "action CH2"),
         (P1, "position SB1"), (P1, "slot 1"))  # Galley
    assert not game.over
    assert not any("DESTROYED" in t for t in log_texts(game))
    assert dead_seats(game) == [P4]
    view = game.view(None)
    assert "Galley" not in view["destroyed"]
    assert not {"GA1", "GA2", "GA3"} & set(view["removed_cards"])
    assert view["previously_hunted"] == ["Galley"]
    assert pool_size(game) == 18


@pytest.mark.rule("K-E56", "K-E57", "K-E62", "K-T40", "K-T41")
def test_K_K23_space_suit():
    """K-K23: Space Suit saves its player from a DESTROY at its Location (K-E56, K-E57, K-E62, K-T40,
    K-T41)."""
    game = new(4, removed=ML_AC, hunting_row=["ER", "BR", "GA", "AL", "CH", "SB"],
               hands={1: {P1: ["AL2", "AL1"], P2: ["BR1", "AL3"], P3: ["GA1", "BR3"], P4: ["ER1", "CH2"]}})
    play(game, (P1, "position AL2"), (P2, "position BR1"), (P3, "position GA1"), (P4, "position ER1"),
         (P4, "action CH2"), (P3, "action BR3"), (P2, "action AL3"), (P1, "action AL1"), (P1, "slot 1"))
    assert "The Airlock is DESTROYED." in log_texts(game)
    assert dead_seats(game) == [P4]
    view = game.view(None)
    assert "Airlock" in view["destroyed"]
    assert {"AL1", "AL2", "AL3"} <= set(view["removed_cards"])
    assert pool_size(game) == 15
    assert view["hunting_row_locations"] == sorted(["Bridge", "Galley", "Cargo Hold", "Shuttle Bay"])
    assert view["previously_hunted"] == ["Engine Room"]


def _k24_game(p1_hand: list[str], p1_second: list[tuple[int, str]]):
    game = new(4, removed=["ML", "AL"], hunting_row=["SB", "BR", "GA", "AC", "ER", "CH"],
               hands={1: {P1: p1_hand, P2: ["BR2", "CH2"], P3: ["GA2", "GA1"], P4: ["ER1", "BR3"]}})
    play(game, (P1, "position GA3"), (P2, "position BR2"), (P3, "position GA2"), (P4, "position ER1"),
         (P4, "action BR3"), (P3, "action GA1"))
    assert texts(game, P3) == ["seat 0"]
    play(game, (P3, "seat 0"), (P2, "action CH2"), *p1_second, (P1, "slot 1"))  # Shuttle Bay
    return game


@pytest.mark.rule("K-E33", "K-E35", "K-E69")
def test_K_K24_meat_cleaver_target_escapes():
    """K-K24: the Meat Cleaver kills only if the target still shares the Location at 5a (K-E33..K-E35,
    K-E69)."""
    game = _k24_game(["GA3", "AC2"], [(P1, "action AC2"), (P1, "location ch")])
    assert dead_seats(game) == []
    assert not any("Meat Cleaver" in t and "killed" in t for t in log_texts(game))


@pytest.mark.rule("K-E35", "K-T31")
def test_K_K24_variant_target_stays():
    """K-K24 variant: P1 stays at the Galley and dies at 5a (K-E35, K-T31)."""
    game = _k24_game(["GA3", "SB3"], [(P1, "action SB3")])
    assert dead_seats(game) == [P1]
    assert any("P1 is killed by P3's Meat Cleaver" in t for t in log_texts(game))


@pytest.mark.rule("K-E75", "K-E78", "K-E59", "K-E61", "K-T26", "K-H6", "K-H7")
def test_K_K25_blackout_with_evacuation_hidden_information():
    """K-K25: Blackout hides Positions until 4a; Evacuation moves them silently (K-E75..K-E78, K-E59, K-E61,
    K-T26, K-H6, K-H7)."""
    game = new(5, removed=ML_AC, hunting_row=["AL", "BR", "GA", "ER", "CH", "SB"],
               hands={1: {P1: ["ER2", "CH1"], P2: ["GA1", "SB1"], P3: ["GA3", "CH2"], P4: ["BR2", "AL1"],
                          P5: ["SB3", "AL2"]}})
    play(game, (P1, "action ER2"), (P2, "position GA1"), (P3, "position GA3"), (P4, "position BR2"),
         (P5, "position SB3"), (P5, "action AL2"), (P5, "location ga"), (P4, "action AL1"),
         (P3, "action CH2"), (P2, "action SB1"))
    assert kinds(game) == [(P1, "second_card")]  # still before 4a
    for viewer in (P1, P4, P5):
        for hidden in (P2, P3):
            assert seen(game, viewer, hidden)["position"] == {"face_down": True}
        logs = log_texts(game, viewer)
        assert "Evacuation: Galley to Airlock." in logs
        assert not any("GA1" in t or "GA3" in t for t in logs)
        assert not any(("P2" in t or "P3" in t) and "Airlock" in t for t in logs)
    assert seen(game, P2, P2)["position"]["card"] == "GA1"  # the owner sees it
    assert seen(game, P2, P2)["position"]["location"] == "Airlock"
    play(game, (P1, "position CH1"))  # face down too, then 4a turns everything up
    assert kinds(game) == [(P1, "reveal")]
    for viewer in (P1, P4, P5, None):
        p2, p3 = seen(game, viewer, P2)["position"], seen(game, viewer, P3)["position"]
        assert (p2["card"], p2["location"], p2["face_down"]) == ("GA1", "Airlock", False)
        assert (p3["card"], p3["location"], p3["face_down"]) == ("GA3", "Airlock", False)
        assert seen(game, viewer, P1)["position"]["card"] == "CH1"
    play(game, (P1, "slot 1"))  # Airlock
    assert dead_seats(game) == [P3]


@pytest.mark.rule("K-E85", "K-E86", "K-E89", "K-E90", "K-E94", "K-T40", "K-T41", "K-T43", "K-T45")
def test_K_K26_signal_flare_and_cutting_torch():
    """K-K26: Signal Flare returns a hunted Location to the row; Cutting Torch destroys a hunted one
    (K-E85, K-E86, K-E89, K-E90, K-E94, K-T40, K-T41, K-T43, K-T45)."""
    game = new(4, removed=["AL", "ER"], hunting_row={3: ["ML", "AC", "CH", "SB"]},
               start={"round": 3, "hunted": ["GA", "BR"]},
               hands={3: {P1: ["GA1", "SB3"], P2: ["BR3", "ML2"], P3: ["CH1", "CH2"], P4: ["AC1", "SB1"]}})
    play(game, (P1, "position GA1"), (P2, "position BR3"), (P3, "position CH1"), (P4, "position AC1"),
         (P4, "action SB1"))
    assert sorted(texts(game, P4)) == ["location br", "location ga"]
    play(game, (P4, "location ga"))
    view = game.view(None)
    assert len(view["hunting_row"]) == 5
    assert view["hunting_row_locations"] == sorted(["Galley", "Med Lab", "Access Corridor", "Cargo Hold",
                                                    "Shuttle Bay"])
    assert view["previously_hunted"] == ["Bridge"]
    play(game, (P3, "action CH2"))
    assert texts(game, P3) == ["location br"]
    play(game, (P3, "location br"), (P2, "action ML2"), (P1, "action SB3"), (P1, slot_of(game, "Galley")))
    assert any("alien is in the Galley" in t for t in log_texts(game))
    assert dead_seats(game) == [P1, P2]
    assert first_log_index(game, "P2 dies as the Bridge") < first_log_index(game, "alien kills P1")
    view = game.view(None)
    assert "Bridge" in view["destroyed"]
    assert {"BR1", "BR2", "BR3"} <= set(view["removed_cards"])
    assert pool_size(game) == 15
    assert view["previously_hunted"] == ["Galley"]
    assert view["hunting_row_locations"] == sorted(["Med Lab", "Access Corridor", "Cargo Hold",
                                                    "Shuttle Bay"])


@pytest.mark.rule("K-E24", "K-E26", "K-T28", "K-H11", "K-E92", "K-T32", "K-W2")
def test_K_K27_ships_computer_steers_the_alien_into_a_destroy():
    """K-K27: the Ship's Computer player chooses the reveal (K-E24..K-E26, K-T28, K-H11, K-E92, K-T32,
    K-W2)."""
    game = new(4, removed=ML_AC, hunting_row=["BR", "GA", "AL", "SB", "ER", "CH"],
               hands={1: {P1: ["BR2", "BR3"], P2: ["GA1", "AL1"], P3: ["ER1", "BR1"], P4: ["SB2", "CH3"]}})
    play(game, (P1, "position BR2"), (P2, "position GA1"), (P3, "position ER1"), (P4, "action SB2"),
         (P4, "position CH3"), (P3, "action BR1"), (P3, "slot 4"))
    assert game.view(P3)["hunting_row"][3] == {"slot": 4, "face_up": False, "location": "Shuttle Bay",
                                               "looked_at": True}
    for other in (P1, P2, P4, None):
        assert "location" not in game.view(other)["hunting_row"][3]
    assert any("P3 looks at Hunting Row slot 4" in t for t in log_texts(game, P1))
    play(game, (P2, "action AL1"), (P1, "action BR3"))
    assert kinds(game) == [(P3, "reveal")]  # P3, not the First Crew Member P1
    play(game, (P3, "slot 4"))
    assert game.over
    assert "The Shuttle Bay is DESTROYED." in log_texts(game)
    assert dead_seats(game) == []
    assert game.result()["winners"] == [P1, P2, P3, P4]
    assert game.result()["reason"] == "alien destroyed"


# ---- K-K28..K-K32 ----------------------------------------------------------------------------------------


@pytest.mark.rule("K-E80", "K-T5", "K-T11", "K-T15", "K-T21", "K-T39", "K-T42", "K-V8")
def test_K_K28_barricade():
    """K-K28: Barricade holds once, then breaks and is collected (K-E80..K-E84, K-T5, K-T11, K-T15, K-T21,
    K-T39, K-T42, K-V8)."""
    game = new(4, removed=ML_AC,
               hunting_row={1: ["BR", "GA", "AL", "ER", "CH", "SB"], 2: ["AL", "GA", "ER", "CH", "SB"]},
               hands={1: {P1: ["GA1", "CH1"], P2: ["GA3", "SB3"], P3: ["ER3", "AL1"], P4: ["CH3", "CH2"]},
                      2: {P1: ["AL3", "ER2"], P2: ["GA3", "SB3"], P3: ["AL1", "GA1"], P4: ["CH3", "ER1"]}})
    play(game, (P1, "position GA1"), (P2, "position GA3"), (P3, "position ER3"), (P4, "position CH3"),
         (P4, "action CH2"), (P3, "action AL1"), (P2, "action SB3"), (P1, "action CH1"), (P1, "location al"),
         (P1, "slot 1"))  # Bridge: nobody there
    assert dead_seats(game) == []
    assert kinds(game) == [(P1, "keep_ongoing")]
    play(game, (P1, "keep"))
    view = game.view(None)
    assert view["players"][P1]["ongoing"] == {"card": "CH1", "since_round": 1, "location": "Airlock"}
    assert view["deck_size"] == 9 and pool_size(game) == 17
    asked = play_tracking(
        game,
        (P2, "position GA3"), (P3, "position AL1"), (P4, "position CH3"),
        (P4, "action ER1"), (P4, "seat 1"), (P3, "action GA1"), (P2, "action SB3"), (P1, "position AL3"),
    )
    assert [seat for seat, _ in asked] == [P2, P3, P4, P4, P4, P3, P2, P1]
    assert asked[-1] == (P1, "ongoing_position")
    assert seen(game, P2, P1)["discarded"] == "face down"
    assert seen(game, P1, P1)["discarded"] == "ER2"
    play(game, (P1, "slot 1"))  # Airlock: P1 (3) and P3 (1) are there
    assert dead_seats(game) == []
    assert first_log_index(game, "Barricade holds") < first_log_index(game, "The Barricade is gone")
    view = game.view(None)
    assert view["round"] == 3
    assert view["players"][P1]["ongoing"] is None
    assert pool_size(game) == 18  # CH1 collected
    assert kinds(game) == [(P1, "first_card")]  # P1 plays in the first pass again


@pytest.mark.rule("K-T51", "K-T52", "K-Q7", "K-T46")
def test_K_K29_fewer_cards_than_crew():
    """K-K29: fewer cards than crew: one each clockwise from the First Crew Member; the rest have no Position
    (K-T51, K-T52, K-Q7, K-T46)."""
    game = new(5, removed=ML_AC, deck={3: ["BR2", "BR3", "BR1"]},
               start={"round": 3, "destroyed": ["GA", "AL", "ER", "CH", "SB"]})
    view = game.view(None)
    assert view["short_round"] and view["deck_size"] == 0
    shown = [p["position"]["card"] if p["position"] else None for p in view["players"]]
    assert shown == ["BR2", "BR3", "BR1", None, None]
    assert view["hunting_row_locations"] == ["Bridge"]
    assert kinds(game) == [(P1, "reveal")]
    assert texts(game, P1) == ["slot 1"]
    play(game, (P1, "slot 1"))
    assert dead_seats(game) == [P2]
    assert alive(game, P4) and alive(game, P5)


@pytest.mark.rule("K-S5", "K-S8", "K-S10", "K-S12", "K-T7", "K-H4", "K-H15")
def test_K_K30_setup_with_three_players():
    """K-K30: 3 players: 2 random Locations and their 6 cards leave; 6-card row, 18-card deck
    (K-S5..K-S8, K-S10, K-S12, K-T7, K-H4, K-H15)."""
    seed = next(s for s in range(2000) if new(3, seed=s).view(None)["removed_at_setup"] == ["Med Lab",
                                                                                            "Cargo Hold"])
    game = new(3, seed=seed)
    for viewer in (P1, P2, P3, None):
        view = game.view(viewer)
        assert view["removed_at_setup"] == ["Med Lab", "Cargo Hold"]
        assert view["destroyed"] == ["Med Lab", "Cargo Hold"]
        assert view["removed_cards"] == ["CH1", "CH2", "CH3", "ML1", "ML2", "ML3"]
        assert len(view["hunting_row"]) == 6
        assert view["hunting_row_locations"] == sorted(loc for loc in LOCATIONS if loc not in ("Med Lab",
                                                                                               "Cargo Hold"))
        assert view["deck_size"] == 12
        assert "deck" not in view
    assert hand_sizes(game) == [2, 2, 2]
    for seat in (P1, P2, P3):
        hand = game.view(seat)["hand"]
        assert len(hand) == 2 and not any(c[:2] in ("ML", "CH") for c in hand)
    assert pool_size(game) == 18


@pytest.mark.rule("K-E22", "K-E29", "K-E30", "K-E71", "K-T6", "K-T29")
def test_K_K31_last_face_down_card_cannot_be_scanned():
    """K-K31: scans need 2 face-down cards; the last one can be looked at but not scanned and must be revealed
    (K-E22, K-E29, K-E30, K-E71, K-T6, K-T29)."""
    game = new(3, removed=["GA", "ML"], hunting_row={5: ["CH", "ER"]},
               start={"round": 5, "hunted": ["BR", "AL", "AC", "SB"], "ongoing": {P2: {"card": "AC3"}}},
               hands={5: {P1: ["BR2", "CH2"], P2: ["AL2", "AL3"], P3: ["SB2", "AL1"]}})
    play(game, (P2, "keep"))
    assert texts(game, P2) == ["slot 1", "slot 2"]
    play(game, (P2, "slot 1"))
    for viewer in (P1, P3, None):
        row = game.view(viewer)["hunting_row"]
        assert row[0] == {"slot": 1, "face_up": True, "location": "Cargo Hold"}
        assert row[1] == {"slot": 2, "face_up": False}
    # first pass: P1 and P3 (P2's tracker is its first card)
    play(game, (P1, "action BR2"))
    assert texts(game, P1) == ["slot 2", "none"]
    play(game, (P1, "slot 2"))
    assert game.view(P1)["hunting_row"][1]["location"] == "Engine Room"
    assert not game.view(None)["hunting_row"][1]["face_up"]
    assert kinds(game) == [(P3, "first_card")]  # no scan offered
    play(game, (P3, "position SB2"), (P3, "action AL1"), (P2, "position AL2"), (P1, "position CH2"))
    assert kinds(game) == [(P1, "reveal")]
    assert texts(game, P1) == ["slot 2"]
    with pytest.raises(IllegalAction):
        game.act(P1, "slot 1")
    play(game, (P1, "slot 2"))
    assert any("alien is in the Engine Room" in t for t in log_texts(game))


@pytest.mark.rule("K-T47", "K-W9", "K-Q19")
def test_K_K32_round_cap():
    """K-K32: if round 20 ends with the alien alive, every crew member dies (K-T47, K-W9, K-Q19)."""
    game = new(3, removed=ML_AC, hunting_row={20: ["SB", "BR", "GA", "AL", "ER", "CH"]},
               start={"round": 20},
               hands={20: {P1: ["BR2", "BR3"], P2: ["GA1", "AL1"], P3: ["ER1", "CH3"]}})
    play(game, (P1, "position BR2"), (P2, "position GA1"), (P3, "position ER1"),
         (P3, "action CH3"), (P2, "action AL1"), (P1, "action BR3"), (P1, "slot 1"))  # Shuttle Bay: nobody
    assert game.over
    assert dead_seats(game) == [P1, P2, P3]
    assert game.result()["winners"] == []
    assert game.result()["reason"] == "round cap"
