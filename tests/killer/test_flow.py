"""Rule tests for This Game Is Killer, section 3 (Round and turn flow, K-T*)."""

from __future__ import annotations

import pytest

from treachery.engine import IllegalAction

from .rulekit import K2_DEAL, K2_MOVES, alive, auto, game, log_count, player, reveal, slot_of
from .util import P1, P2, P3, P4, P5, kinds, log_texts, play, texts

NO_DEATH_R2 = {P1: ["BR2", "AL1"], P2: ["ML2", "CH3"], P3: ["AC1", "CH2"], P4: ["ER1", "BR3"]}


def _cards_seen(g):
    return [(seat, kind) for seat, kind in auto(g, until="reveal") if kind in ("first_card", "second_card",
                                                                                   "ongoing_position")]


# ---- Round outline ----


def test_K_T1_round_is_deal_first_cards_second_cards_reveal_end_clean_up_repeat():
    """K-T1: a round is Deal, first cards, second cards, reveal, End of Round, Clean Up; then the next round."""
    g = game(4, K2_DEAL)
    assert [p["cards_in_hand"] for p in g.view(None)["players"]] == [2, 2, 2, 2]  # dealt
    seen = []
    for seat, text in K2_MOVES:
        seen.append(kinds(g)[0])
        play(g, (seat, text))
    assert [k for _, k in seen] == ["first_card"] * 4 + ["second_card"] * 4
    assert kinds(g) == [(P1, "reveal")]
    reveal(g, "ga")
    view = g.view(None)
    assert not view["players"][P2]["alive"]  # End of Round: the alien struck
    assert view["previously_hunted"] == ["Galley"]  # Clean Up
    assert view["round"] == 2 and kinds(g) == [(P1, "first_card")]  # repeats with a new Deal
    assert [p["cards_in_hand"] for p in view["players"]] == [2, 0, 2, 2]
    rounds = [e["round"] for e in g.log_for(None) if "begins" in e["text"]]
    assert rounds == [1, 2]


@pytest.mark.rule("K-T5")
def test_K_T2_round_start_comes_before_deal():
    """K-T2 (with K-T5): the Round Start step (keep/end an ongoing Action) is asked before any card is dealt."""
    g = game(4, removed=["ga", "sb"], start={"round": 2, "ongoing": {P1: {"card": "AC3", "location": "br"}}})
    assert kinds(g) == [(P1, "keep_ongoing")]
    assert [p["cards_in_hand"] for p in g.view(None)["players"]] == [0, 0, 0, 0]
    play(g, (P1, "keep"), (P1, "slot 1"))
    assert [p["cards_in_hand"] for p in g.view(None)["players"]] == [2, 2, 2, 2]


# ---- Round Start ----

TC_DEAL = {P1: ["GA1", "CH2"], P2: ["GA3", "BR3"], P3: ["BR2", "AL1"], P4: ["ER1", "SB1"]}
TC_MOVES = ((P1, "position GA1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
            (P4, "action SB1"), (P3, "action AL1"), (P2, "action BR3"), (P1, "action CH2"))


@pytest.mark.rule("K-E32")
def test_K_T3_take_command_gives_the_marker_at_next_round_start():
    """K-T3 (with K-E32): the Take Command player, alive and On Board, is First Crew Member next round."""
    g = game(4, TC_DEAL)
    play(g, *TC_MOVES)
    assert reveal(g, "br") == P1  # nothing changes this round
    assert g.view(None)["first_crew_member"] == P2
    assert kinds(g) == [(P2, "first_card")]
    assert any(e["text"] == "P2 takes command: First Crew Member." and "K-T3" in e["rules"] for e in g.log_for(None))


def test_K_T3_take_command_player_dead_at_round_start_gets_nothing():
    """K-T3: a Take Command player who is dead at the next Round Start does not take the marker."""
    g = game(4, TC_DEAL)
    play(g, *TC_MOVES)
    reveal(g, "ga")  # P2 (GA3) dies
    assert not player(g, P2)["alive"]
    assert g.view(None)["first_crew_member"] == P1
    assert kinds(g) == [(P1, "first_card")]


def test_K_T4_marker_passes_clockwise_past_dead_and_frozen():
    """K-T4: a dead holder's marker moves clockwise to the next On-Board crew member, skipping the Frozen."""
    g = game(4, removed=["ga", "sb"], start={"round": 2, "dead": [P1], "frozen": [P2]})
    assert g.view(None)["first_crew_member"] == P3
    assert "The First Crew Member marker passes to P3." in log_texts(g)


def test_K_T4_marker_stays_with_new_holder_after_old_holder_thaws():
    """K-T4: a Frozen holder loses the marker to the next On-Board crew member, who keeps it even after the old
    holder thaws."""
    g = game(4, {P2: ["BR2", "AL1"], P3: ["ML2", "CH3"], P4: ["AC1", "CH2"]}, removed=["ga", "sb"],
             start={"round": 2, "frozen": [P1]})
    assert g.view(None)["first_crew_member"] == P2
    play(g, (P1, "location er"))
    play(g, (P2, "position BR2"), (P3, "position ML2"), (P4, "position AC1"),
         (P4, "action CH2"), (P3, "action CH3"), (P2, "action AL1"))
    assert reveal(g, "er") == P2
    view = g.view(None)
    assert view["round"] == 3 and view["players"][P1]["on_board"]  # thawed
    assert view["first_crew_member"] == P2
    assert kinds(g)[0] == (P2, "first_card")


@pytest.mark.rule("K-T6")
def test_K_T5_ongoing_holders_decide_simultaneously_to_keep_or_end():
    """K-T5 (with K-T6): every holder of a Motion Tracker or Barricade from an earlier round decides at Round
    Start, all at once, whether to end it; an ended Motion Tracker scans nothing."""
    g = game(4, removed=["ga", "sb"],
             start={"round": 2, "ongoing": {P1: {"card": "AC3", "location": "br"},
                                            P3: {"card": "CH1", "location": "al"}}})
    assert sorted(kinds(g)) == [(P1, "keep_ongoing"), (P3, "keep_ongoing")]
    assert texts(g, P1) == ["keep", "end"] and texts(g, P3) == ["keep", "end"]
    play(g, (P3, "keep"))
    assert kinds(g) == [(P1, "keep_ongoing")]  # sealed until both answer
    play(g, (P1, "end"))
    view = g.view(None)
    assert view["players"][P1]["ongoing"] is None
    assert view["players"][P3]["ongoing"]["card"] == "CH1"
    assert kinds(g)[0] == (P1, "first_card")  # no scan: the tracker ended
    assert not any(s["face_up"] for s in view["hunting_row"])


def test_K_T6_kept_motion_tracker_scans_at_round_start():
    """K-T6: a kept Motion Tracker scans one face-down Hunting Row card at Round Start, before the Deal."""
    g = game(4, removed=["ga", "sb"], start={"round": 2, "ongoing": {P1: {"card": "AC3", "location": "br"}}})
    play(g, (P1, "keep"))
    assert kinds(g) == [(P1, "tracker_scan")]
    assert texts(g, P1) == [f"slot {i}" for i in range(1, 7)]
    assert g.view(None)["players"][P1]["cards_in_hand"] == 0
    play(g, (P1, f"slot {slot_of(g, 'er')}"))
    row = g.view(P2)["hunting_row"]
    assert row[slot_of(g, "er") - 1] == {"slot": slot_of(g, "er"), "face_up": True, "location": "Engine Room"}


# ---- Deal ----


def test_K_T7_each_crew_member_is_dealt_two_secret_cards():
    """K-T7: every On-Board crew member gets 2 cards face down; only the owner sees them."""
    g = game(4, K2_DEAL)
    assert g.view(P1)["hand"] == ["GA1", "BR3"]
    assert g.view(P2)["hand"] == ["GA3", "CH2"]
    assert [p["cards_in_hand"] for p in g.view(P3)["players"]] == [2, 2, 2, 2]
    assert not any("Meat Cleaver" in t or "GA1" in t for t in log_texts(g, P2))
    assert any("Meat Cleaver" in t for t in log_texts(g, P1))


def test_K_T8_frozen_and_dead_are_not_dealt():
    """K-T8: Frozen and dead crew members are dealt no cards."""
    g = game(4, removed=["ga", "sb"], start={"round": 2, "dead": [P2], "frozen": [P3]})
    view = g.view(None)
    assert [p["cards_in_hand"] for p in view["players"]] == [2, 0, 0, 2]
    assert view["deck_size"] == 17 - 4  # ML1 lies in front of P3


@pytest.mark.rule("K-E14")
def test_K_T9_ongoing_holder_is_still_dealt_two_cards():
    """K-T9 (with K-E14): a crew member whose ongoing Action is in effect is still dealt 2 cards."""
    g = game(4, removed=["ga", "sb"], start={"round": 2, "ongoing": {P2: {"card": "CH1", "location": "br"}}})
    play(g, (P2, "keep"))
    assert player(g, P2)["cards_in_hand"] == 2
    assert len(g.view(P2)["hand"]) == 2


@pytest.mark.parametrize("players,short", [(4, False), (5, True)])
def test_K_T10_short_round_when_deck_below_two_per_crew_member(players, short):
    """K-T10: with 9 cards, 4 crew (9 >= 8) get 2 cards each; 5 crew (9 < 10) get 1 each: a short round."""
    g = game(players, start={"destroyed": ["ga", "al", "er"]})
    view = g.view(None)
    assert view["short_round"] is short
    if short:
        assert all(p["position"] is not None and p["cards_in_hand"] == 0 for p in view["players"])
        assert view["deck_size"] == 9 - 5
    else:
        assert [p["cards_in_hand"] for p in view["players"]] == [2] * 4
        assert view["deck_size"] == 1


@pytest.mark.rule("K-T41")
def test_K_T11_deck_excludes_ongoing_cards_including_one_ended_this_round_start():
    """K-T11 (with K-T41): the deck dealt from excludes ongoing cards in front of players, also one ended at this
    Round Start; it comes back at this round's 5k."""
    g = game(4, removed=["ga", "sb"], start={"round": 2, "ongoing": {P1: {"card": "AC3", "location": "br"}}},
             hands={2: NO_DEATH_R2})
    play(g, (P1, "end"))
    assert g.view(None)["deck_size"] == 17 - 8
    held = [c for s in range(4) for c in g.view(s)["hand"]]
    assert "AC3" not in held
    play(g, (P1, "position BR2"), (P2, "position ML2"), (P3, "position AC1"), (P4, "position ER1"),
         (P4, "action BR3"), (P3, "action CH2"), (P2, "action CH3"), (P1, "action AL1"))
    reveal(g, "al")
    assert alive(g) == [True] * 4
    assert g.view(None)["deck_size"] == 18 - 8  # AC3 collected at 5k


@pytest.mark.rule("K-E45")
def test_K_T12_frozen_crew_guess_secretly_after_the_deal():
    """K-T12 (with K-E45): after dealing, each Frozen crew member secretly names a face-down Hunting Row Location."""
    g = game(4, removed=["ga", "sb"], start={"round": 2, "frozen": [P3]})
    assert kinds(g) == [(P3, "thaw_guess")]
    assert [p["cards_in_hand"] for p in g.view(None)["players"]] == [2, 2, 0, 2]
    assert texts(g, P3) == ["location br", "location ml", "location al", "location ac", "location er",
                            "location ch"]
    play(g, (P3, "location ch"))
    assert player(g, P3, P3)["guess"] == "Cargo Hold"
    assert player(g, P3, P1)["guess"] is None
    assert not any("Cargo Hold" in t for t in log_texts(g, P1))


# ---- First pass ----


def test_K_T13_first_pass_clockwise_from_first_crew_member_either_orientation():
    """K-T13: from the First Crew Member, clockwise, each plays one card face up, as Position or Action."""
    g = game(4, {P1: ["BR2", "AL1"], P2: ["GA3", "CH2"], P3: ["GA2", "BR3"], P4: ["ER1", "SB1"]}, first=P2)
    assert kinds(g) == [(P2, "first_card")]
    assert texts(g, P2) == ["position GA3", "position CH2", "action GA3", "action CH2"]
    play(g, (P2, "action GA3"))
    assert kinds(g) == [(P3, "first_card")]
    play(g, (P3, "position GA2"))
    assert kinds(g) == [(P4, "first_card")]
    assert player(g, P3, P1)["position"]["card"] == "GA2"  # face up: everyone sees it
    assert player(g, P2, P4)["action"]["card"] == "GA3"
    play(g, (P4, "position ER1"))
    assert kinds(g) == [(P1, "first_card")]


def test_K_T14_played_cards_and_choices_are_public_in_the_log():
    """K-T14: every card played, its orientation and every choice made with it are shown to all in the log."""
    g = game(4, {P1: ["GA1", "BR3"], P2: ["GA3", "CH2"], P3: ["BR2", "AL1"], P4: ["ER1", "AL2"]})
    play(g, (P1, "position GA1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action AL2"), (P4, "location ga"))
    seen = log_texts(g, P3)
    assert "P1 takes Position Galley 1 (GA1)." in seen
    assert "P4 plays Evacuation Order (AL2) as an Action." in seen
    assert "Evacuation: Galley to Airlock." in seen
    assert player(g, P4, P2)["action"] == {"card": "AL2", "name": "Evacuation Order", "cancelled": False,
                                           "location": "Galley"}


def test_K_T15_K_T19_ongoing_holder_skips_first_pass_but_opens_second_pass():
    """K-T15, K-T19: an ongoing holder from an earlier round plays nothing in the first pass; the second pass is
    the reverse of seat order from the First Crew Member, so a holder seated just before the First Crew Member
    (counter-clockwise) starts it."""
    g = game(4, removed=["ga", "sb"], start={"round": 2, "ongoing": {P4: {"card": "CH1", "location": "br"}}})
    play(g, (P4, "keep"))
    seen = _cards_seen(g)
    assert seen == [(P1, "first_card"), (P2, "first_card"), (P3, "first_card"),
                    (P4, "ongoing_position"), (P3, "second_card"), (P2, "second_card"), (P1, "second_card")]


def test_K_T16_dead_and_frozen_are_skipped_in_both_passes():
    """K-T16: dead and Frozen crew members are skipped in both passes."""
    g = game(4, removed=["ga", "sb"], start={"round": 2, "dead": [P2], "frozen": [P3]})
    play(g, (P3, "location br"))
    seen = _cards_seen(g)
    assert seen == [(P1, "first_card"), (P4, "first_card"), (P4, "second_card"), (P1, "second_card")]


@pytest.mark.rule("K-E6")
def test_K_T17_first_card_only_if_the_other_can_be_played_second():
    """K-T17 (with K-E6): with ML3 (1st card) and GA2, GA2 cannot be a first Position (ML3 could not follow as
    an Action); every other way is offered."""
    g = game(4, {P1: ["ML3", "GA2"]}, removed=["ac", "sb"])
    assert texts(g, P1) == ["position ML3", "action GA2", "action ML3"]
    with pytest.raises(IllegalAction):
        g.act(P1, "position GA2")


# ---- Second pass ----


def test_K_T18_second_pass_reverses_and_last_player_plays_twice_in_a_row():
    """K-T18: after all first cards, the last crew member plays the second card at once and play goes
    counter-clockwise back to the First Crew Member, who plays last; then the reveal."""
    g = game(4, first=P2)
    seen = _cards_seen(g)
    assert seen == [(P2, "first_card"), (P3, "first_card"), (P4, "first_card"), (P1, "first_card"),
                    (P1, "second_card"), (P4, "second_card"), (P3, "second_card"), (P2, "second_card")]
    assert g.pending()[0].kind == "reveal"


def test_K_T19_second_pass_is_reverse_seat_order_from_first_crew_member():
    """K-T19: with First Crew Member P3 of 5, the second pass runs P2, P1, P5, P4, P3."""
    g = game(5, first=P3)
    seen = _cards_seen(g)
    assert [s for s, k in seen if k == "second_card"] == [P2, P1, P5, P4, P3]


def test_K_T20_second_card_must_take_the_other_orientation():
    """K-T20: the second card is forced into the other orientation: one Position and one Action each."""
    g = game(4, {P1: ["GA1", "BR3"], P2: ["GA3", "CH2"], P3: ["BR2", "AL1"], P4: ["ER1", "SB3"]})
    play(g, (P1, "position GA1"), (P2, "action GA3"), (P3, "position BR2"), (P4, "action SB3"))
    assert texts(g, P4) == ["position ER1"]
    with pytest.raises(IllegalAction):
        g.act(P4, "action ER1")
    play(g, (P4, "position ER1"), (P3, "action AL1"))
    assert texts(g, P2) == ["position CH2"]
    play(g, (P2, "position CH2"))
    assert texts(g, P1) == ["action BR3"]
    with pytest.raises(IllegalAction):
        g.act(P1, "position BR3")
    play(g, (P1, "action BR3"))
    view = g.view(None)
    for seat in range(4):
        assert view["players"][seat]["position"] is not None and view["players"][seat]["action"] is not None


@pytest.mark.rule("K-E14")
def test_K_T21_ongoing_holder_plays_a_position_and_discards_the_other():
    """K-T21 (with K-E14): at their second-pass turn an ongoing holder picks one dealt card as Position; the other
    is discarded face down (only its owner knows it)."""
    g = game(4, removed=["ga", "sb"], start={"round": 2, "ongoing": {P2: {"card": "CH1", "location": "br"}}},
             hands={2: {P2: ["ER3", "AL1"]}})
    play(g, (P2, "keep"))
    auto(g, until="ongoing_position")
    assert kinds(g) == [(P2, "ongoing_position")]
    assert texts(g, P2) == ["position AL1", "position ER3"]
    play(g, (P2, "position AL1"))
    assert player(g, P2, P1)["position"]["card"] == "AL1"
    assert player(g, P2, P1)["discarded"] == "face down"
    assert player(g, P2, P2)["discarded"] == "ER3"
    assert player(g, P2, P1)["action"] is None


@pytest.mark.rule("K-E1")
def test_K_T22_black_action_takes_effect_before_the_next_card():
    """K-T22 (with K-E1): a black Action (Evacuation Order) is finished before the next card is played."""
    g = game(4, {P1: ["GA1", "BR3"], P2: ["GA3", "CH2"], P3: ["BR2", "AL1"], P4: ["ER1", "AL2"]})
    play(g, (P1, "position GA1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action AL2"), (P4, "location ga"))
    assert kinds(g) == [(P3, "second_card")]
    assert player(g, P1, P3)["position"]["location"] == "Airlock"
    assert player(g, P2, P3)["position"]["location"] == "Airlock"


@pytest.mark.rule("K-E1")
def test_K_T23_red_action_only_records_its_choice_when_played():
    """K-T23 (with K-E1): a red Action (Gas Leak) does nothing when played; it is carried out at 5a."""
    g = game(4, {P1: ["GA1", "BR3"], P2: ["GA2", "CH2"], P3: ["BR2", "AL1"], P4: ["ER1", "SB1"]})
    play(g, (P1, "position GA1"), (P2, "action GA2"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action SB1"), (P3, "action AL1"), (P2, "position CH2"), (P1, "action BR3"))
    view = g.view(None)
    assert "Galley" not in view["destroyed"] and view["players"][P1]["alive"]
    reveal(g, "er")
    view = g.view(None)
    assert "Galley" in view["destroyed"] and not view["players"][P1]["alive"]


def test_K_T24_lone_crew_member_plays_both_cards_in_a_row():
    """K-T24: with one crew member On Board, that player's first and second cards come one right after the other."""
    g = game(3, {P1: ["GA1", "ER1"]}, start={"round": 2, "dead": [P2, P3]})
    play(g, (P1, "position GA1"))
    assert kinds(g) == [(P1, "second_card")]
    play(g, (P1, "action ER1"))
    assert kinds(g) == [(P1, "reveal")]


def test_K_T25_position_may_be_at_a_previously_hunted_location():
    """K-T25: a Position may be at any in-play Location, including a Previously Hunted one."""
    g = game(4, {P1: ["BR2", "AL1"]}, start={"round": 2, "hunted": ["br"]})
    assert "position BR2" in texts(g, P1)
    play(g, (P1, "position BR2"))
    assert player(g, P1, P2)["position"]["location"] == "Bridge"


# ---- Reveal (step 4) ----

BLACKOUT_DEAL = {P1: ["ER2", "BR1"], P2: ["GA1", "SB1"], P3: ["GA3", "CH2"], P4: ["BR2", "AL1"]}


def test_K_T26_face_down_positions_turn_up_together_at_4a():
    """K-T26: before the reveal, all face-down Positions (Blackout) are turned face up at the same moment."""
    g = game(4, BLACKOUT_DEAL)
    play(g, (P1, "action ER2"), (P2, "position GA1"), (P3, "position GA3"), (P4, "position BR2"),
         (P4, "action AL1"), (P3, "action CH2"), (P2, "action SB1"))
    assert player(g, P2, P4)["position"] == {"face_down": True}
    assert player(g, P3, P4)["position"] == {"face_down": True}
    play(g, (P1, "position BR1"))
    assert kinds(g) == [(P1, "reveal")]
    view = g.view(P4)
    assert [view["players"][s]["position"]["card"] for s in range(4)] == ["BR1", "GA1", "GA3", "BR2"]
    assert not any(view["players"][s]["position"]["face_down"] for s in range(4))
    turned = [e for e in g.log_for(P4) if e["text"].startswith("Face-down Positions turn up")]
    assert len(turned) == 1 and "K-T26" in turned[0]["rules"]
    assert all(f"P{s + 1} " in turned[0]["text"] for s in range(4))


def test_K_T27_first_crew_member_reveals_any_hunting_row_card():
    """K-T27: at 4b the First Crew Member picks any Hunting Row card; its Location is the alien's this round."""
    g = game(4, K2_DEAL, first=P2, row=["sb", "ch", "al", "er", "ga", "br"])
    auto(g, until="reveal")
    assert kinds(g) == [(P2, "reveal")]
    assert texts(g, P2) == [f"slot {i}" for i in range(1, 7)]
    g.act(P2, "slot 3")
    assert "Slot 3 is turned: the alien is in the Airlock!" in log_texts(g, P4)
    assert g.view(None)["previously_hunted"] == ["Airlock"]


@pytest.mark.rule("K-E26")
def test_K_T28_ships_computer_player_chooses_the_reveal():
    """K-T28 (with K-E26): if Ship's Computer was played this round, its player chooses at 4b instead."""
    g = game(4, {P1: ["BR2", "GA1"], P2: ["GA3", "CH2"], P3: ["BR1", "AL1"], P4: ["ER1", "CH3"]},
             removed=["ac", "sb"])
    play(g, (P1, "position BR2"), (P2, "position GA3"), (P3, "position AL1"), (P4, "position ER1"),
         (P4, "action CH3"), (P3, "action BR1"), (P3, "slot 1"), (P2, "action CH2"), (P1, "action GA1"))
    assert kinds(g) == [(P3, "reveal")]


@pytest.mark.rule("K-E21")
def test_K_T28_cancelled_ships_computer_leaves_the_reveal_to_first_crew_member():
    """K-T28 (with K-E21): a Ship's Computer cancelled by Sedative Dart does not take over the reveal."""
    g = game(4, {P1: ["ML3", "GA1"], P2: ["GA3", "CH2"], P3: ["BR1", "AL1"], P4: ["ER1", "CH3"]},
             removed=["ac", "sb"])
    play(g, (P1, "action ML3"), (P1, "seat 2"), (P2, "position GA3"), (P3, "position AL1"),
         (P4, "position ER1"), (P4, "action CH3"), (P3, "action BR1"))
    assert kinds(g) == [(P2, "second_card")]  # no look for a cancelled Ship's Computer
    play(g, (P2, "action CH2"), (P1, "position GA1"))
    assert kinds(g) == [(P1, "reveal")]


@pytest.mark.rule("K-E22")
def test_K_T29_scanned_card_cannot_be_revealed():
    """K-T29 (with K-E22): only face-down Hunting Row cards can be chosen at 4b; a scanned card cannot."""
    g = game(4, removed=["ga", "sb"], start={"round": 2, "ongoing": {P1: {"card": "AC3", "location": "br"}}},
             hands={2: NO_DEATH_R2 | {P1: ["BR2", "AL1"]}})
    play(g, (P1, "keep"), (P1, f"slot {slot_of(g, 'al')}"))
    auto(g, until="reveal")
    scanned = slot_of(g, "al")
    assert f"slot {scanned}" not in texts(g, P1)
    assert len(texts(g, P1)) == 5
    with pytest.raises(IllegalAction):
        g.act(P1, f"slot {scanned}")


@pytest.mark.rule("K-E45")
def test_K_T30_frozen_guesses_become_public_at_4c():
    """K-T30 (with K-E45): a Frozen crew member's guess is secret until the reveal, then public."""
    g = game(4, {P1: ["BR2", "AL1"], P2: ["ML2", "CH3"], P4: ["AC1", "CH2"]}, removed=["ga", "sb"],
             start={"round": 2, "frozen": [P3]})
    play(g, (P3, "location ch"))
    auto(g, until="reveal")
    assert not any("guessed" in t for t in log_texts(g, P1))
    reveal(g, "br")
    assert "Frozen guesses: P3 guessed the Cargo Hold." in log_texts(g, P1)


# ---- End of Round (step 5) ----


@pytest.mark.rule("K-E8", "K-V5")
def test_K_T31_red_actions_resolve_together_even_for_players_dying_now():
    """K-T31 (with K-E8, K-V5): at 5a all red Actions resolve together: P2 is killed by the Meat Cleaver, yet P2's
    Launch the Shuttle still destroys the Shuttle Bay and kills P3; the dead turn red."""
    g = game(4, {P1: ["GA3", "GA1"], P2: ["GA2", "SB2"], P3: ["SB1", "BR3"], P4: ["ER1", "AL1"]})
    play(g, (P1, "position GA3"), (P2, "position GA2"), (P3, "position SB1"), (P4, "position ER1"),
         (P4, "action AL1"), (P3, "action BR3"), (P2, "action SB2"), (P1, "action GA1"), (P1, "seat 1"))
    reveal(g, "al")
    assert alive(g) == [True, False, False, True]
    assert "Shuttle Bay" in g.view(None)["destroyed"]


@pytest.mark.rule("K-W2")
def test_K_T32_destroying_the_aliens_location_ends_the_game_at_once():
    """K-T32 (with K-W2): if the alien's Location was destroyed at 5a, the alien dies and the game ends."""
    g = game(4, {P1: ["GA1", "BR3"], P2: ["BR2", "GA2"], P3: ["GA3", "CH2"], P4: ["ER1", "SB1"]})
    play(g, (P1, "position GA1"), (P2, "position BR2"), (P3, "position GA3"), (P4, "position ER1"),
         (P4, "action SB1"), (P3, "action CH2"), (P2, "action GA2"), (P1, "action BR3"))
    reveal(g, "ga")
    assert g.over and g.pending() == []
    assert g.result()["winners"] == [P2, P4]
    assert g.view(None)["previously_hunted"] == []  # Clean Up never happened


def test_K_T33_alien_kills_at_most_one_at_its_location():
    """K-T33: at 5c the alien kills a single crew member at its Location, even with three there."""
    g = game(4, {P1: ["GA1", "BR3"], P2: ["GA2", "AL1"], P3: ["GA3", "CH2"], P4: ["ER1", "SB1"]})
    play(g, (P1, "position GA1"), (P2, "position GA2"), (P3, "position GA3"), (P4, "position ER1"),
         (P4, "action SB1"), (P3, "action CH2"), (P2, "action AL1"), (P1, "action BR3"))
    reveal(g, "ga")
    assert alive(g) == [True, True, False, True]


@pytest.mark.rule("K-E46")
def test_K_T34_correct_guess_thaws_at_5d():
    """K-T34 (with K-E46): a Frozen crew member whose guess is the alien's Location thaws: On Board again, no
    Position this round, dealt normally next round."""
    g = game(4, {P1: ["BR2", "AL1"], P2: ["ML2", "CH3"], P4: ["AC1", "CH2"]}, removed=["ga", "sb"],
             start={"round": 2, "frozen": [P3]})
    play(g, (P3, "location er"))
    auto(g, until="reveal")
    reveal(g, "er")
    view = g.view(None)
    assert view["round"] == 3
    assert view["players"][P3]["frozen"] is False and view["players"][P3]["on_board"] is True
    assert view["players"][P3]["cards_in_hand"] == 2
    assert "P3 guessed right and thaws: back On Board." in log_texts(g)


def test_K_T34_wrong_guess_stays_frozen():
    """K-T34: a wrong guess leaves the crew member Frozen (not dealt next round)."""
    g = game(4, {P1: ["BR2", "AL1"], P2: ["ML2", "CH3"], P4: ["AC1", "CH2"]}, removed=["ga", "sb"],
             start={"round": 2, "frozen": [P3]})
    play(g, (P3, "location ch"))
    auto(g, until="reveal")
    reveal(g, "er")
    assert player(g, P3)["frozen"] is True
    assert kinds(g)[0] == (P3, "thaw_guess")


@pytest.mark.rule("K-E41")
def test_K_T35_cold_storage_freezes_its_player_at_5e():
    """K-T35 (with K-E41): a living On-Board crew member who played Cold Storage becomes Frozen at 5e; the card
    stays in front of them."""
    g = game(4, {P1: ["BR2", "ML1"], P2: ["GA3", "CH2"], P3: ["GA2", "AL1"], P4: ["ER1", "CH3"]},
             removed=["ac", "sb"])
    play(g, (P1, "position BR2"), (P2, "position GA3"), (P3, "position GA2"), (P4, "position ER1"),
         (P4, "action CH3"), (P3, "action AL1"), (P2, "action CH2"), (P1, "action ML1"))
    assert player(g, P1)["frozen"] is False  # not yet: it acts at End of Round
    reveal(g, "al")
    view = g.view(None)
    assert view["players"][P1]["frozen"] is True and view["players"][P1]["ongoing"]["card"] == "ML1"
    assert view["players"][P1]["cards_in_hand"] == 0


@pytest.mark.rule("K-E41")
def test_K_T35_cold_storage_cannot_leave_nobody_on_board():
    """K-T35 (with K-E41): Cold Storage does not freeze its player if nobody else would be On Board."""
    g = game(3, {P1: ["GA1", "GA2"], P2: ["SB1", "ML1"]}, removed=["ac", "ch"], start={"round": 2, "dead": [P3]})
    play(g, (P1, "position GA1"), (P2, "position SB1"), (P2, "action ML1"), (P1, "action GA2"))
    reveal(g, "br")
    view = g.view(None)
    assert not view["players"][P1]["alive"]
    assert view["players"][P2]["frozen"] is False and view["players"][P2]["on_board"]
    assert view["players"][P2]["ongoing"] is None
    assert "P2 cannot enter Cold Storage: nobody else is On Board." in log_texts(g)


@pytest.mark.rule("K-W8")
def test_K_T36_lone_crew_member_dies_at_the_deadline():
    """K-T36 (with K-W8): the last On-Board crew member whose deadline is this round and who has not won dies at
    5f."""
    g = game(3, {P1: ["ER1", "SB1"]}, start={"round": 2, "dead": [P2, P3], "countdown": {P1: 2}})
    play(g, (P1, "position ER1"), (P1, "action SB1"))
    reveal(g, "br")
    assert g.over and not player(g, P1)["alive"]
    assert "P1 did not win in time and dies, last on board." in log_texts(g)


def test_K_T36_countdown_cancelled_when_someone_else_is_on_board():
    """K-T36: if another crew member is On Board at 5f (a thaw), the countdown is cancelled and the holder lives."""
    g = game(3, {P1: ["GA1", "CH1"]}, removed=["ac", "sb"],
             start={"round": 2, "dead": [P2], "frozen": [P3], "countdown": {P1: 2}})
    play(g, (P3, "location er"), (P1, "position GA1"), (P1, "action CH1"), (P1, "location br"))
    reveal(g, "er")
    view = g.view(None)
    assert not g.over and view["round"] == 3
    assert view["players"][P1]["alive"] and view["players"][P1]["last_on_board_deadline"] is None
    assert view["players"][P3]["on_board"]
    assert "P1 is no longer alone: the countdown is cancelled." in log_texts(g)


@pytest.mark.rule("K-W7")
def test_K_T37_nobody_on_board_at_5g_is_tragic_defeat():
    """K-T37 (with K-W7): when no crew member is left On Board at 5g the game ends and nobody wins."""
    g = game(3, {P1: ["GA1", "BR3"], P2: ["GA3", "GA2"], P3: ["ER2", "AL1"]})
    play(g, (P1, "position GA1"), (P2, "position GA3"), (P3, "position ER2"), (P3, "action AL1"),
         (P2, "action GA2"), (P1, "action BR3"))
    reveal(g, "er")
    assert g.over
    assert alive(g) == [False, False, False]
    assert g.result()["winners"] == [] and g.result()["reason"] == "tragic defeat"


def test_K_T38_countdown_starts_when_one_crew_member_is_left():
    """K-T38: if exactly one crew member is On Board at 5h, their countdown starts: deadline = next round."""
    g = game(3, {P1: ["GA1", "BR3"], P2: ["GA3", "AL1"]}, start={"dead": [P3]})
    play(g, (P1, "position GA1"), (P2, "position GA3"), (P2, "action AL1"), (P1, "action BR3"))
    assert player(g, P1)["last_on_board_deadline"] is None
    reveal(g, "ga")
    view = g.view(None)
    assert view["round"] == 2 and view["players"][P1]["last_on_board_deadline"] == 2
    assert "P1 is the last crew member On Board: win by the end of round 2." in log_texts(g)


def test_K_T38_running_countdown_is_not_restarted_and_dead_holders_countdown_is_void():
    """K-T38: a lone crew member's running countdown is not restarted; a dead holder's countdown is void."""
    g = game(3, {P1: ["ER1", "SB1"]}, start={"round": 2, "dead": [P2, P3], "countdown": {P1: 4}})
    play(g, (P1, "position ER1"), (P1, "action SB1"))
    reveal(g, "br")
    assert player(g, P1)["last_on_board_deadline"] == 4
    g = game(4, K2_DEAL, start={"round": 2, "countdown": {P2: 3}})
    play(g, *K2_MOVES)
    reveal(g, "ga")  # P2 dies
    assert player(g, P2)["last_on_board_deadline"] is None


@pytest.mark.rule("K-E82", "K-T41")
def test_K_T39_barricade_that_held_is_collected():
    """K-T39 (with K-E82, K-T41): a Barricade that held ends at 5i; CH1 returns to the deck at 5k."""
    g = game(4, removed=["ga", "sb"], start={"round": 2, "ongoing": {P1: {"card": "CH1", "location": "al"}}},
             hands={2: {P1: ["BR2", "ML2"], P2: ["AL2", "CH3"], P3: ["AL1", "CH2"], P4: ["ER1", "BR3"]}})
    play(g, (P1, "keep"))
    play(g, (P2, "position AL2"), (P3, "position AL1"), (P4, "position ER1"), (P4, "action BR3"),
         (P3, "action CH2"), (P2, "action CH3"), (P1, "position BR2"))
    reveal(g, "al")
    view = g.view(None)
    assert alive(g) == [True, True, True, True]
    assert view["players"][P1]["ongoing"] is None
    assert kinds(g)[0][1] == "first_card"  # no keep/end question any more
    assert view["deck_size"] == 18 - 8


def test_K_T40_destroyed_location_cards_go_face_down_on_the_hud():
    """K-T40: at 5j each Location destroyed this round is taken from the Hunting Row or the Previously Hunted
    Area and placed face down on the HUD."""
    g = game(4, {P1: ["BR2", "GA2"], P2: ["ER3", "CH2"], P3: ["CH1", "AL1"], P4: ["SB3", "AL3"]},
             start={"round": 2, "hunted": ["br"]})
    play(g, (P1, "position BR2"), (P2, "position ER3"), (P3, "position CH1"), (P4, "position SB3"),
         (P4, "action AL3"), (P3, "action AL1"), (P2, "action CH2"), (P2, "location br"), (P1, "action GA2"))
    reveal(g, "er")
    view = g.view(None)
    assert view["destroyed"] == ["Bridge", "Galley", "Med Lab", "Airlock", "Access Corridor"]
    assert "Bridge" not in view["previously_hunted"]
    assert sorted(view["hunting_row_locations"]) == ["Cargo Hold", "Shuttle Bay"]


def test_K_T41_cards_of_destroyed_locations_leave_and_the_rest_are_reshuffled():
    """K-T41: at 5k all Crew cards are collected, the destroyed Location's 3 cards leave the game and the rest form
    the new deck (15 cards; 2 each to the 3 survivors leaves 9)."""
    g = game(4, {P1: ["GA1", "BR3"], P2: ["BR2", "GA2"], P3: ["GA3", "CH2"], P4: ["ER1", "SB1"]})
    play(g, (P1, "position GA1"), (P2, "position BR2"), (P3, "position GA3"), (P4, "position ER1"),
         (P4, "action SB1"), (P3, "action CH2"), (P2, "action GA2"), (P1, "action BR3"))
    reveal(g, "ch")
    view = g.view(None)
    assert view["removed_cards"] == ["AC1", "AC2", "AC3", "GA1", "GA2", "GA3", "ML1", "ML2", "ML3"]
    assert alive(g) == [False, True, False, True]
    assert view["deck_size"] == 15 - 4
    held = [c for s in (P2, P4) for c in g.view(s)["hand"]]
    assert not any(c.startswith("GA") for c in held)


def test_K_T42_ongoing_cards_in_effect_stay_out_but_discards_are_collected():
    """K-T42: at 5k an ongoing card still in effect is not collected; an ongoing holder's discard is."""
    g = game(4, removed=["ga", "sb"], start={"round": 2, "ongoing": {P2: {"card": "CH1", "location": "br"}}},
             hands={2: {P1: ["BR2", "AL1"], P2: ["ML2", "CH3"], P3: ["AC1", "CH2"], P4: ["ER1", "BR3"]}})
    play(g, (P2, "keep"))
    play(g, (P1, "position BR2"), (P3, "position AC1"), (P4, "position ER1"), (P4, "action BR3"),
         (P3, "action CH2"), (P2, "position ML2"), (P1, "action AL1"))
    assert player(g, P2, P2)["discarded"] == "CH3"
    reveal(g, "al")
    play(g, (P2, "keep"))
    view = g.view(None)
    assert view["players"][P2]["ongoing"]["card"] == "CH1"
    assert view["deck_size"] == 17 - 8  # 17 = 18 in play minus the Barricade; CH3 came back
    assert "CH1" not in [c for s in range(4) for c in g.view(s)["hand"]]


# ---- Clean Up (step 6) ----


def test_K_T43_aliens_location_goes_face_up_to_previously_hunted():
    """K-T43: the alien's Location goes face up to the Previously Hunted Area and is not hunted again."""
    g = game(4, K2_DEAL)
    play(g, *K2_MOVES)
    reveal(g, "br")
    view = g.view(None)
    assert view["previously_hunted"] == ["Bridge"]
    assert "Bridge" not in view["hunting_row_locations"] and len(view["hunting_row"]) == 5


@pytest.mark.rule("K-E22")
def test_K_T44_scanned_card_is_turned_back_and_reshuffled():
    """K-T44 (with K-E22): at 6b a scanned Hunting Row card is turned face down again and joins the new row."""
    g = game(4, removed=["ga", "sb"], start={"round": 2, "ongoing": {P1: {"card": "AC3", "location": "br"}}},
             hands={2: NO_DEATH_R2})
    play(g, (P1, "keep"), (P1, f"slot {slot_of(g, 'ch')}"))
    assert g.view(None)["hunting_row"][slot_of(g, "ch") - 1]["face_up"]
    play(g, (P2, "position ML2"), (P3, "position AC1"), (P4, "position ER1"), (P4, "action BR3"),
         (P3, "action CH2"), (P2, "action CH3"), (P1, "position BR2"))
    reveal(g, "al")
    assert kinds(g) == [(P1, "keep_ongoing")]  # Round Start of round 3, before any new scan
    view = g.view(P2)
    assert not any(s["face_up"] for s in view["hunting_row"])
    assert "Cargo Hold" in view["hunting_row_locations"] and len(view["hunting_row"]) == 5


def test_K_T45_new_hunting_row_is_reshuffled_unhunted_in_play_locations():
    """K-T45: at 6c every in-play Location not Previously Hunted is shuffled into a new face-down row (the slot
    order changes from game to game)."""
    orders = set()
    for seed in range(8):
        g = game(4, K2_DEAL, seed=seed)
        play(g, *K2_MOVES)
        reveal(g, "ga")
        view = g.view(None)
        assert sorted(view["hunting_row_locations"]) == ["Airlock", "Bridge", "Cargo Hold", "Engine Room",
                                                         "Shuttle Bay"]
        assert not any(s["face_up"] for s in view["hunting_row"])
        orders.add(tuple(g.hunting_row))
    assert len(orders) > 1


def test_K_T46_empty_hunting_row_refills_with_all_but_the_just_hunted():
    """K-T46: if every in-play Location has been hunted, all Previously Hunted cards except this round's go back
    face down into the Hunting Row."""
    g = game(3, {P1: ["BR2", "AL1"], P2: ["AC1", "CH3"], P3: ["BR3", "SB3"]}, removed=["ga", "ml"],
             start={"round": 6, "hunted": ["br", "al", "ac", "er", "ch"]})
    assert g.view(None)["hunting_row_locations"] == ["Shuttle Bay"]
    auto(g, until="reveal")
    assert texts(g, P1) == ["slot 1"]
    reveal(g, "sb")
    view = g.view(None)
    assert view["previously_hunted"] == ["Shuttle Bay"]
    assert sorted(view["hunting_row_locations"]) == ["Access Corridor", "Airlock", "Bridge", "Cargo Hold",
                                                     "Engine Room"]
    assert not any(s["face_up"] for s in view["hunting_row"])


def test_K_T46_single_in_play_location_goes_back_itself():
    """K-T46: if the only in-play Location is the one just hunted, it goes back into the Hunting Row."""
    g = game(3, removed=["ga", "ml"], start={"destroyed": ["al", "ac", "er", "ch", "sb"]})
    assert g.view(None)["short_round"]
    reveal(g, "br")
    view = g.view(None)
    assert view["round"] == 2
    assert view["hunting_row_locations"] == ["Bridge"] and view["previously_hunted"] == []


@pytest.mark.rule("K-W9")
def test_K_T47_round_20_ends_in_defeat():
    """K-T47 (with K-W9): if round 20 ends without an end, the game ends in defeat: everybody dies and loses."""
    g = game(4, K2_DEAL, start={"round": 20})
    play(g, *K2_MOVES)
    reveal(g, "br")
    assert g.over and g.result()["reason"] == "round cap"
    assert g.result()["winners"] == [] and alive(g) == [False] * 4


def test_K_T48_round_number_goes_up_and_round_start_follows():
    """K-T48: after Clean Up the round number goes up by 1 and the next round begins with Round Start."""
    g = game(4, K2_DEAL, start={"round": 7})
    play(g, *K2_MOVES)
    reveal(g, "ch")
    assert g.view(None)["round"] == 8
    later = [e for e in g.log_for(None) if e["round"] == 8]
    assert later[0]["text"] == "Round 8 begins."
    assert not g.over


# ---- Short rounds ----


def test_K_T49_short_round_one_card_each_all_positions_no_actions():
    """K-T49: in a short round each crew member gets 1 card, all revealed together as Positions, no Actions;
    the alien's Location is then revealed and the round goes on as normal."""
    g = game(5, start={"destroyed": ["ga", "al", "er"]}, deck=["BR2", "CH3", "SB1", "BR3", "CH1"])
    view = g.view(None)
    assert view["short_round"]
    assert kinds(g) == [(P1, "reveal")]  # no card decision at all
    assert [p["position"]["card"] for p in view["players"]] == ["BR2", "CH3", "SB1", "BR3", "CH1"]
    assert all(p["action"] is None for p in view["players"])
    log = log_texts(g)
    first = log.index("P1 takes Position Bridge 2 (BR2).")
    assert log[first:first + 5] == [
        "P1 takes Position Bridge 2 (BR2).", "P2 takes Position Cargo Hold 3 (CH3).",
        "P3 takes Position Shuttle Bay 1 (SB1).", "P4 takes Position Bridge 3 (BR3).",
        "P5 takes Position Cargo Hold 1 (CH1)."]
    reveal(g, "br")
    assert alive(g) == [True, True, True, False, True]


def test_K_T50_short_round_keeps_ongoing_effects_and_frozen_guesses():
    """K-T50: in a short round the Motion Tracker still scans, the Barricade still holds and the Frozen still
    guess; only new Actions are absent."""
    g = game(5, removed=["ga", "sb"],
             start={"round": 3, "frozen": [P3], "destroyed": ["br", "al", "er"],
                    "ongoing": {P1: {"card": "AC3", "location": "ml"}, P2: {"card": "CH1", "location": "ch"}}},
             hands={3: {P1: ["CH2"], P2: ["ML2"], P4: ["CH3"], P5: ["AC1"]}})
    play(g, (P1, "keep"), (P2, "keep"))
    assert kinds(g) == [(P1, "tracker_scan")]
    play(g, (P1, f"slot {slot_of(g, 'ml')}"))
    assert kinds(g) == [(P3, "thaw_guess")]
    assert texts(g, P3) == ["location ac", "location ch"]
    play(g, (P3, "location ac"))
    view = g.view(None)
    assert view["short_round"]
    assert [p["cards_in_hand"] for p in view["players"]] == [0] * 5
    assert f"slot {slot_of(g, 'ml')}" not in texts(g, P1)
    reveal(g, "ch")
    assert alive(g) == [True] * 5  # the Barricade held over P1 (CH2) and P4 (CH3)
    assert "The Barricade holds: the alien kills nobody at the Cargo Hold." in log_texts(g)


def test_K_T51_K_T52_fewer_cards_than_crew_deal_clockwise_from_first():
    """K-T51, K-T52: with fewer cards than On-Board crew, 1 card each goes out clockwise from the First Crew
    Member until the deck is empty; those left without a card have no Position and cannot be the victim."""
    g = game(5, first=P3, start={"destroyed": ["ga", "al", "er", "ch", "sb"]}, deck=["BR2", "BR3", "BR1"])
    view = g.view(None)
    assert [(p["position"] or {}).get("card") for p in view["players"]] == [None, None, "BR2", "BR3", "BR1"]
    assert view["deck_size"] == 0
    reveal(g, "br")
    assert alive(g) == [True, True, True, False, True]
    assert "Not enough Crew cards: one card each for P3, P4, P5; no Actions this round." in log_texts(g)


def test_K_T52_crew_without_position_shares_nothing_and_is_never_a_candidate():
    """K-T52: a crew member with no Position cannot be the alien's victim even if the alien's Location is the only
    one in play."""
    g = game(4, first=P1, start={"destroyed": ["ga", "al", "er", "ch", "sb"]}, deck=["BR2", "BR1", "BR3"])
    assert player(g, P4)["position"] is None
    reveal(g, "br")
    assert alive(g) == [True, True, False, True]
    assert log_count(g, "The alien kills") == 1
