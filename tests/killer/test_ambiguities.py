"""Ambiguities settled by the rules specification (section 9, K-Q1..K-Q24), each checked in play."""

from __future__ import annotations

from treachery.games.killer.cards import LOCATIONS
from treachery.games.killer.rules import AC3, Killer

from .util import P1, P2, P3, P4, P5, P6, kinds, log_texts, machine, new, play, texts


def run(game: Killer, plan: dict[int, list[str]]) -> None:
    """Answers every pending decision from each seat's queue of option texts, until a seat with an empty queue
    (or the reveal, when nobody planned it) is asked."""
    queues = {seat: list(moves) for seat, moves in plan.items()}
    while game.pending():
        decision = game.pending()[0]
        queue = queues.get(decision.seat)
        if not queue:
            return
        game.act(decision.seat, queue.pop(0))


def reveal(game: Killer, location: str) -> None:
    """The reveal chooser turns the Hunting Row slot that holds ``location``."""
    decision = game.pending()[0]
    assert decision.kind == "reveal", game.pending()
    slot = game.hunting_row.index(LOCATIONS.index(location)) + 1
    game.act(decision.seat, f"slot {slot}")


def alive(game: Killer) -> list[bool]:
    return [p["alive"] for p in game.view(None)["players"]]


# ---- K-Q1 -------------------------------------------------------------------------------------------------------


def _tie_game(first: int) -> Killer:
    game = new(6, first=first, hunting_row=["AL", "BR", "GA", "ML", "AC", "ER", "CH", "SB"],
               hands={1: {P1: ["BR2", "SB1"], P2: ["GA3", "CH2"], P3: ["CH1", "BR3"], P4: ["BR1", "AL2"],
                          P5: ["AL3", "ER3"], P6: ["ML2", "SB2"]}})
    run(game, {P1: ["position BR2", "action SB1"], P2: ["position GA3", "action CH2"],
               P3: ["position CH1", "action BR3"], P4: ["position BR1", "action AL2", "location ga"],
               P5: ["action ER3", "position AL3"], P6: ["position ML2", "action SB2"]})
    reveal(game, "Airlock")
    return game


def test_K_Q1_a_priority_tie_kills_the_first_tied_clockwise_from_the_first_crew_member() -> None:
    """K-Q1: P2 (Galley 3, evacuated) and P5 (Airlock 3) tie at the Airlock."""
    game = _tie_game(first=P4)  # clockwise from P4: P4, P5, ... P2
    assert alive(game)[P2] and not alive(game)[P5]
    game = _tie_game(first=P1)  # clockwise from P1: P1, P2, ... P5
    assert not alive(game)[P2] and alive(game)[P5]


# ---- K-Q2, K-Q6, K-Q9 (endings) ------------------------------------------------------------------------------------


def test_K_Q2_frozen_crew_freeze_when_the_alien_dies_even_with_a_right_guess() -> None:
    """K-Q2."""
    game = new(4, removed=["AL", "SB"], start={"round": 2, "frozen": [P4]},
               hands={2: {P1: ["BR1", "GA2"], P2: ["CH1", "BR3"], P3: ["ER1", "AC2"]}})
    run(game, {P4: ["location ga"], P1: ["position BR1", "action GA2"], P2: ["position CH1", "action BR3"],
               P3: ["position ER1", "action AC2", "location ch"]})
    reveal(game, "Galley")
    assert game.over
    assert game.result()["winners"] == [P1, P2, P3]
    assert alive(game) == [True, True, True, False]
    assert "P4 is still in Cold Storage and freezes to death." in log_texts(game)


def test_K_Q6_frozen_crew_cannot_keep_the_game_alive() -> None:
    """K-Q6."""
    game = new(3, removed=["AL", "SB"], start={"round": 2, "frozen": [P3]},
               hands={2: {P1: ["GA1", "GA2"], P2: ["GA3", "BR3"]}})
    run(game, {P3: ["location ch"], P1: ["position GA1", "action GA2"], P2: ["position GA3", "action BR3"]})
    reveal(game, "Med Lab")
    assert game.over
    assert game.result()["winners"] == [] and game.result()["reason"] == "tragic defeat"
    assert alive(game) == [False, False, False]


def test_K_Q9_the_alien_dies_with_every_crew_member_nobody_wins() -> None:
    """K-Q9."""
    game = new(3, removed=["ML", "SB"], hands={1: {P1: ["GA1", "AL3"], P2: ["GA3", "BR3"], P3: ["AL1", "AL2"]}})
    run(game, {P1: ["position GA1", "action AL3"], P2: ["position GA3", "action BR3"],
               P3: ["position AL1", "action AL2", "location ga"]})
    reveal(game, "Airlock")
    assert game.over
    assert game.result()["winners"] == [] and game.result()["reason"] == "alien destroyed"
    assert alive(game) == [False, False, False]


# ---- K-Q3, K-Q13 (Last on Board) -----------------------------------------------------------------------------------


def test_K_Q3_last_on_board_wins_the_moment_it_is_played() -> None:
    """K-Q3."""
    game = new(3, removed=["ML", "AC"], start={"round": 3, "dead": [P2, P3], "countdown": {P1: 3}},
               hands={3: {P1: ["BR3", "GA1"]}})
    play(game, (P1, "action BR3"))
    assert game.over and game.result()["winners"] == [P1] and game.result()["reason"] == "last on board"
    assert not any("is turned" in t for t in log_texts(game))


def test_K_Q3_last_on_board_does_not_count_if_the_others_die_later_that_round() -> None:
    """K-Q3."""
    game = new(3, removed=["ML", "AC"], hands={1: {P1: ["BR3", "ER1"], P2: ["GA1", "GA2"], P3: ["GA3", "CH2"]}})
    run(game, {P1: ["action BR3", "position ER1"], P2: ["position GA1", "action GA2"],
               P3: ["position GA3", "action CH2"]})
    reveal(game, "Bridge")
    assert not game.over
    assert alive(game) == [True, False, False]
    assert game.view(None)["players"][P1]["last_on_board_deadline"] == 2


def test_K_Q13_the_lone_survivor_dies_at_the_end_of_the_next_round() -> None:
    """K-Q13."""
    game = new(3, removed=["ML", "SB"], start={"round": 2, "dead": [P3]},
               hunting_row={2: ["BR", "GA", "AL", "AC", "ER", "CH"]},
               hands={2: {P1: ["GA3", "BR3"], P2: ["ER1", "CH2"]}, 3: {P2: ["AC1", "GA1"]}})
    run(game, {P1: ["position GA3", "action BR3"], P2: ["position ER1", "action CH2"]})
    reveal(game, "Galley")
    assert alive(game) == [False, True, False]
    assert game.view(P2)["players"][P2]["last_on_board_deadline"] == 3
    assert game.round == 3 and game.first == P2
    run(game, {P2: ["position AC1", "action GA1"]})
    reveal(game, "Bridge")
    assert game.over and game.result()["reason"] == "tragic defeat"
    assert "P2 did not win in time and dies, last on board." in log_texts(game)


# ---- K-Q4 (Hunting Row refill) --------------------------------------------------------------------------------------


def test_K_Q4_when_every_location_was_hunted_all_but_this_rounds_return() -> None:
    """K-Q4: Bridge hunted, only the Shuttle Bay left in the row: after it is hunted the Bridge comes back, the Shuttle
    Bay stays in the Previously Hunted Area."""
    game = new(3, removed=["ML", "AC"], start={"round": 2, "hunted": ["BR"], "destroyed": ["GA", "AL", "ER", "CH"]},
               hands={2: {P1: ["BR1", "BR3"], P2: ["SB1", "SB3"], P3: ["SB2", "BR2"]}})
    assert game.view(None)["hunting_row_locations"] == ["Shuttle Bay"]
    run(game, {P1: ["position BR1", "action BR3"], P2: ["position SB1", "action SB3"],
               P3: ["position SB2", "action BR2", "none"]})
    reveal(game, "Shuttle Bay")
    assert alive(game) == [True, True, False]
    assert game.round == 3
    view = game.view(None)
    assert view["hunting_row_locations"] == ["Bridge"] and view["previously_hunted"] == ["Shuttle Bay"]


def test_K_Q4_a_single_location_in_play_returns_to_the_row() -> None:
    """K-Q4."""
    game = new(3, removed=["ML", "AC"], start={"destroyed": ["GA", "AL", "ER", "CH", "SB"]},
               hands={1: {P1: ["BR1"], P2: ["BR2"], P3: ["BR3"]}})
    assert game.short
    reveal(game, "Bridge")
    assert alive(game) == [True, True, False]
    view = game.view(None)
    assert game.round == 2
    assert view["hunting_row_locations"] == ["Bridge"] and view["previously_hunted"] == []


# ---- K-Q5 (First Crew Member) ----------------------------------------------------------------------------------------


def test_K_Q5_the_marker_stays_with_its_holder_between_rounds() -> None:
    """K-Q5."""
    game = new(4, removed=["AL", "SB"],
               hands={1: {P1: ["GA1", "CH2"], P2: ["BR2", "ML2"], P3: ["ER1", "AC2"], P4: ["CH3", "GA3"]}})
    run(game, {P1: ["position GA1", "action CH2"], P2: ["position BR2", "action ML2"],
               P3: ["position ER1", "action AC2", "location br"], P4: ["position CH3", "action GA3"]})
    reveal(game, "Med Lab")
    assert game.round == 2 and alive(game) == [True] * 4
    assert game.view(None)["first_crew_member"] == P1


def test_K_Q5_a_frozen_holder_loses_the_marker_for_good() -> None:
    """K-Q5."""
    game = new(4, removed=["AL", "SB"], start={"round": 2, "frozen": [P1]},
               hands={2: {P2: ["BR2", "CH2"], P3: ["ER1", "ML2"], P4: ["CH3", "AC2"]}})
    assert game.view(None)["first_crew_member"] == P2
    run(game, {P1: ["location ga"], P2: ["position BR2", "action CH2"], P3: ["position ER1", "action ML2"],
               P4: ["position CH3", "action AC2", "location br"]})
    assert kinds(game) == [(P2, "reveal")]
    reveal(game, "Galley")
    assert game.round == 3 and not game.view(None)["players"][P1]["frozen"]
    assert game.view(None)["first_crew_member"] == P2


# ---- K-Q7, K-Q8 (short rounds) -------------------------------------------------------------------------------------


def _two_locations(**start: object) -> Killer:
    return new(3, removed=["ML", "AC"], start={"destroyed": ["GA", "AL", "ER", "SB"], **start},
               hunting_row=["BR", "CH"])


def test_K_Q7_the_deck_after_collection_is_compared_with_two_cards_per_crew_member() -> None:
    """K-Q7."""
    game = _two_locations()
    assert game.view(None)["deck_size"] == 0 and not game.short  # 6 cards for 3 crew: 2 each
    assert kinds(game)[0][1] == "first_card"


def test_K_Q7_K_Q8_ongoing_cards_stay_out_of_the_deck_their_holders_count_and_the_barricade_holds() -> None:
    """K-Q7 K-Q8."""
    game = new(3, removed=["ML", "AC"],
               start={"round": 2, "destroyed": ["GA", "AL", "ER", "SB"], "ongoing": {P1: {"card": "CH1",
                                                                                           "location": "BR"}}},
               hunting_row={2: ["BR", "CH"]}, hands={2: {P1: ["BR1"], P2: ["BR3"], P3: ["CH3"]}})
    play(game, (P1, "keep"))
    assert game.short  # 5 cards (CH1 in front of P1) < 2 x 3 On Board, P1 included
    assert [game.position[s] for s in range(3)] == [0, 2, 20]
    reveal(game, "Bridge")
    assert alive(game) == [True, True, True]
    assert "The Barricade holds: the alien kills nobody at the Bridge." in log_texts(game)


def test_K_Q7_with_fewer_cards_than_crew_cards_go_clockwise_from_the_first_crew_member() -> None:
    """K-Q7."""
    game = new(4, first=P3, removed=["ML", "AC"], start={"destroyed": ["GA", "AL", "ER", "CH", "SB"]})
    assert game.short
    positions = [p["position"] for p in game.view(None)["players"]]
    assert positions[P2] is None
    assert all(positions[s] is not None for s in (P3, P4, P1))
    assert "Not enough Crew cards: one card each for P3, P4, P1; no Actions this round." in log_texts(game)


def test_K_Q8_motion_tracker_and_frozen_guesses_keep_working_in_a_short_round() -> None:
    """K-Q8."""
    game = new(5, removed=["SB", "CH"],
               start={"round": 2, "destroyed": ["GA", "AL", "ER"], "frozen": [P5],
                      "ongoing": {P1: {"card": "AC3", "location": "BR"}}})
    asked = []
    while game.pending()[0].kind != "reveal":
        decision = game.pending()[0]
        asked.append((decision.seat, decision.kind))
        game.act(decision.seat, decision.options[0])
    assert asked == [(P1, "keep_ongoing"), (P1, "tracker_scan"), (P5, "thaw_guess")]
    assert game.short and game.scanned.count(True) == 1


# ---- K-Q10 (the Coward) ----------------------------------------------------------------------------------------------


def _coward(p3: list[str], p3_moves: list[str], where: str) -> Killer:
    game = new(4, removed=["ML", "SB"], hunting_row=["BR", "GA", "AL", "AC", "ER", "CH"],
               hands={1: {P1: ["ER2", "BR1"], P2: ["CH1", "AC1"], P3: p3, P4: ["BR2", "CH2"]}})
    run(game, {P1: ["action ER2", "position BR1"], P2: ["position CH1", "action AC1"], P3: p3_moves,
               P4: ["position BR2", "action CH2"]})
    reveal(game, where)
    return game


def test_K_Q10_a_face_down_visitor_who_left_before_the_coward_was_played_still_catches_it() -> None:
    """K-Q10."""
    game = _coward(["CH3", "AC2"], ["position CH3", "action AC2", "location ga"], "Engine Room")
    assert alive(game) == [True, False, True, True]
    assert "P2, the Coward, was caught sharing a Location and dies." in log_texts(game)


def test_K_Q10_an_unshared_coward_lives_and_the_alien_cannot_take_it() -> None:
    """K-Q10."""
    game = _coward(["GA3", "AC2"], ["position GA3", "action AC2", "location al"], "Cargo Hold")
    assert alive(game) == [True, True, True, True]
    assert "Nobody is in the Cargo Hold: the alien kills nobody." in log_texts(game)


# ---- K-Q11, K-Q12, K-Q24 (timing and locations) ----------------------------------------------------------------------


def test_K_Q11_red_action_choices_are_made_and_announced_when_played() -> None:
    """K-Q11."""
    game = new(4, removed=["AL", "SB"], start={"round": 2, "hunted": ["BR"]},
               hands={2: {P1: ["CH2", "GA1"], P2: ["GA3", "ER1"], P3: ["ML2", "AC1"], P4: ["CH3", "CH1"]}})
    play(game, (P1, "action CH2"))
    assert kinds(game) == [(P1, "location")] and texts(game, P1) == ["location br"]
    play(game, (P1, "location br"))
    assert log_texts(game)[-1] == "Cutting Torch: the Bridge will be DESTROYED at End of Round."
    run(game, {P2: ["position GA3", "action ER1", "seat 2"], P3: ["position ML2", "action AC1"],
               P4: ["action CH1", "location ml", "position CH3"], P1: ["position GA1"]})
    texts_now = log_texts(game)
    assert "Rig the Hatch: P3's Priority is 4 this round." in texts_now
    assert "Barricade: the alien cannot kill anyone at the Med Lab." in texts_now
    reveal(game, "Engine Room")
    # End of Round asked nothing: the next decision already belongs to round 3.
    assert game.round == 3 and game.pending()[0].kind in ("keep_ongoing", "first_card")
    assert "Bridge" in game.view(None)["destroyed"]


def test_K_Q12_destroy_and_the_alien_use_the_current_location() -> None:
    """K-Q12."""
    game = new(4, removed=["ML", "SB"], hunting_row=["BR", "GA", "AL", "AC", "ER", "CH"],
               hands={1: {P1: ["GA1", "BR3"], P2: ["GA3", "GA2"], P3: ["BR1", "AL3"], P4: ["ER1", "AL2"]}})
    run(game, {P1: ["position GA1", "action BR3"], P2: ["position GA3", "action GA2"],
               P3: ["position BR1", "action AL3"], P4: ["position ER1", "action AL2", "location ga"]})
    reveal(game, "Bridge")
    log = log_texts(game)
    assert "P1 dies as the Airlock is destroyed." in log and "P2 dies as the Airlock is destroyed." in log
    assert not any("as the Galley is destroyed" in t for t in log)
    assert alive(game) == [False, False, False, True]


def test_K_Q24_a_black_action_is_finished_before_the_next_card() -> None:
    """K-Q24."""
    game = new(4, removed=["ML", "SB"],
               hands={1: {P1: ["AC3", "GA1"], P2: ["ER2", "BR2"], P3: ["GA3", "AL2"], P4: ["ER1", "CH2"]}})
    play(game, (P1, "action AC3"), (P1, "slot 2"))
    assert kinds(game) == [(P2, "first_card")]
    assert game.view(P2)["hunting_row"][1]["face_up"]
    play(game, (P2, "action ER2"))
    assert game.view(P3)["blackout"]
    play(game, (P3, "position GA3"))
    assert game.view(P4)["players"][P3]["position"] == {"face_down": True}


# ---- K-Q14, K-Q15 ----------------------------------------------------------------------------------------------------


def _cold_storage(where: str) -> Killer:
    game = new(4, removed=["AL", "SB"], hunting_row=["BR", "GA", "ML", "AC", "ER", "CH"],
               hands={1: {P1: ["GA3", "ML1"], P2: ["BR1", "BR3"], P3: ["ER1", "CH2"], P4: ["AC1", "AC2"]}})
    run(game, {P1: ["position GA3", "action ML1"], P2: ["position BR1", "action BR3"],
               P3: ["position ER1", "action CH2"], P4: ["position AC1", "action AC2", "location br"]})
    reveal(game, where)
    return game


def test_K_Q14_cold_storage_starts_after_the_alien_attack() -> None:
    """K-Q14."""
    game = _cold_storage("Galley")
    assert not alive(game)[P1] and not game.view(None)["players"][P1]["frozen"]
    game = _cold_storage("Med Lab")
    assert game.view(None)["players"][P1]["frozen"]
    assert game.view(None)["players"][P1]["cards_in_hand"] == 0


def test_K_Q15_the_second_pass_starts_next_counter_clockwise_of_the_first_even_if_it_skipped_the_first() -> None:
    """K-Q15."""
    game = new(4, removed=["AL", "SB"], start={"round": 2, "ongoing": {P4: {"card": "AC3", "location": "BR"}}},
               hands={2: {P1: ["GA1", "BR3"], P2: ["GA3", "CH2"], P3: ["BR2", "ML2"], P4: ["ER1", "AC2"]}})
    play(game, (P4, "keep"), (P4, "slot 1"))
    asked = []
    while game.pending()[0].kind != "reveal":
        decision = game.pending()[0]
        if decision.kind in ("first_card", "second_card", "ongoing_position"):
            asked.append((decision.seat, decision.kind))
        text = {P1: "position GA1", P2: "position GA3", P3: "position BR2"}.get(decision.seat)
        option = text if decision.kind == "first_card" else decision.options[0]["text"]
        play(game, (decision.seat, option))
    assert asked == [(P1, "first_card"), (P2, "first_card"), (P3, "first_card"), (P4, "ongoing_position"),
                     (P3, "second_card"), (P2, "second_card"), (P1, "second_card")]


# ---- K-Q17, K-Q18, K-Q19 ---------------------------------------------------------------------------------------------


def test_K_Q17_the_reveal_is_a_slot_choice_never_a_scanned_card() -> None:
    """K-Q17."""
    game = new(4, removed=["AL", "SB"], hunting_row=["BR", "GA", "ML", "AC", "ER", "CH"],
               hands={1: {P1: ["BR2", "GA1"], P2: ["GA3", "CH2"], P3: ["ML2", "BR3"], P4: ["ER1", "AC2"]}})
    run(game, {P1: ["action BR2", "slot 2", "none", "none", "position GA1"], P2: ["position GA3", "action CH2"],
               P3: ["position ML2", "action BR3"], P4: ["position ER1", "action AC2", "location br"]})
    assert kinds(game) == [(P1, "reveal")]
    assert texts(game, P1) == ["slot 1", "slot 2", "slot 3", "slot 4", "slot 5", "slot 6"]
    game = new(4, removed=["AL", "SB"], hunting_row=["BR", "GA", "ML", "AC", "ER", "CH"],
               hands={1: {P1: ["BR2", "GA1"], P2: ["GA3", "CH2"], P3: ["ML2", "BR3"], P4: ["ER1", "AC2"]}})
    run(game, {P1: ["action BR2", "slot 2", "none", "slot 2", "position GA1"], P2: ["position GA3", "action CH2"],
               P3: ["position ML2", "action BR3"], P4: ["position ER1", "action AC2", "location br"]})
    decision = game.pending()[0]
    assert [o["text"] for o in decision.options] == ["slot 1", "slot 3", "slot 4", "slot 5", "slot 6"]
    assert decision.default in decision.options


def _hatch(p4_action: str) -> Killer:
    game = new(4, removed=["ML", "AL"], hunting_row=["BR", "GA", "AC", "ER", "CH", "SB"],
               hands={1: {P1: ["BR2", "BR3"], P2: ["CH1", "SB3"], P3: ["CH3", "SB1"], P4: ["GA1", p4_action]}})
    p4 = ["position GA1", "action ER1", "seat 1"] if p4_action == "ER1" else ["position GA1", f"action {p4_action}"]
    run(game, {P1: ["position BR2", "action BR3"], P2: ["position CH1", "action SB3"],
               P3: ["position CH3", "action SB1"], P4: p4})
    reveal(game, "Cargo Hold")
    return game


def test_K_Q18_rig_the_hatch_beats_stay_perfectly_still() -> None:
    """K-Q18."""
    game = _hatch("ER1")  # P2 counts as 4, P3 as 3
    assert alive(game) == [True, False, True, True]
    game = _hatch("AC1")  # P2 counts as 0, P3 as 3
    assert alive(game) == [True, True, False, True]


def test_K_Q19_the_game_ends_in_defeat_after_round_20_not_before() -> None:
    """K-Q19."""
    hands = {P1: ["BR1", "BR3"], P2: ["GA1", "GA3"], P3: ["AL1", "SB3"]}
    moves = {P1: ["position BR1", "action BR3"], P2: ["position GA1", "action GA3"],
             P3: ["position AL1", "action SB3"]}
    game = new(3, removed=["ML", "AC"], start={"round": 19}, hands={19: hands, 20: hands},
               hunting_row={19: ["BR", "GA", "AL", "ER", "CH", "SB"], 20: ["BR", "GA", "AL", "CH", "SB"]})
    run(game, moves)
    reveal(game, "Engine Room")
    assert not game.over and game.round == 20
    run(game, moves)
    reveal(game, "Cargo Hold")
    assert game.over and machine(game.result()) == {"winners": [], "sides": {0: "crew", 1: "crew", 2: "crew"},
                                           "reason": "round cap"}
    assert alive(game) == [False, False, False]


# ---- K-Q20, K-Q21, K-Q22, K-Q23 --------------------------------------------------------------------------------------


def test_K_Q20_locations_removed_at_setup_count_as_destroyed() -> None:
    """K-Q20."""
    game = new(4, removed=["ML", "AC"],
               hands={1: {P1: ["GA1", "BR3"], P2: ["GA3", "AL2"], P3: ["BR2", "CH1"], P4: ["ER1", "CH3"]}})
    view = game.view(None)
    assert view["destroyed"] == ["Med Lab", "Access Corridor"] == view["removed_at_setup"]
    assert "Med Lab" not in view["hunting_row_locations"] and "Access Corridor" not in view["hunting_row_locations"]
    assert {"ML1", "ML2", "ML3", "AC1", "AC2", "AC3"} <= set(view["removed_cards"])
    play(game, (P1, "position GA1"), (P2, "position GA3"), (P3, "action CH1"))
    assert "location ml" not in texts(game, P3) and "location ac" not in texts(game, P3)
    play(game, (P3, "location br"), (P4, "position ER1"), (P4, "action CH3"), (P3, "position BR2"),
         (P2, "action AL2"))
    assert texts(game, P2) == ["location br", "location ga", "location er", "location ch", "location sb"]


def test_K_Q21_destroying_the_alien_location_kills_it_whichever_card_did_it() -> None:
    """K-Q21: a Cutting Torch names the hunted Bridge; a Signal Flare puts it back in the row; the alien is
    revealed there."""
    game = new(4, removed=["ML", "AC"], start={"round": 2, "hunted": ["BR"]},
               hands={2: {P1: ["CH2", "CH1"], P2: ["GA1", "GA3"], P3: ["ER1", "BR3"], P4: ["AL1", "SB1"]}})
    run(game, {P1: ["action CH2", "location br", "position CH1"], P2: ["position GA1", "action GA3"],
               P3: ["position ER1", "action BR3"], P4: ["position AL1", "action SB1", "location br"]})
    reveal(game, "Bridge")
    assert game.over
    assert game.result()["winners"] == [P1, P2, P3, P4] and game.result()["reason"] == "alien destroyed"


def test_K_Q22_an_ongoing_card_outlives_its_destroyed_location_then_leaves_the_game() -> None:
    """K-Q22."""
    game = new(4, removed=["ML", "SB"], start={"round": 2, "hunted": ["AC"],
                                               "ongoing": {P2: {"card": "AC3", "location": "BR"}}},
               hunting_row={2: ["BR", "GA", "AL", "ER", "CH"]},
               hands={2: {P1: ["CH2", "GA1"], P2: ["GA3", "BR2"], P3: ["ER1", "AL1"], P4: ["BR1", "CH3"]},
                      3: {P1: ["GA1", "BR3"], P2: ["GA3", "ER2"], P3: ["BR2", "AL1"], P4: ["ER1", "CH3"]}})
    run(game, {P2: ["keep", "slot 1", "position GA3"], P1: ["action CH2", "location ac", "position GA1"],
               P3: ["position ER1", "action AL1"], P4: ["position BR1", "action CH3"]})
    reveal(game, "Airlock")
    view = game.view(None)
    assert "Access Corridor" in view["destroyed"]
    assert view["players"][P2]["ongoing"]["card"] == "AC3"
    assert "AC3" not in view["removed_cards"]
    assert kinds(game) == [(P2, "keep_ongoing")]  # it is still running in round 3
    play(game, (P2, "end"))
    assert "AC3" not in game.view(None)["removed_cards"]  # out of the deck until this round's 5k (K-T11)
    run(game, {P1: ["position GA1", "action BR3"], P2: ["action ER2", "position GA3"],
               P3: ["position BR2", "action AL1"], P4: ["position ER1", "action CH3"]})
    reveal(game, "Cargo Hold")
    assert game.round == 4
    assert "AC3" in game.view(None)["removed_cards"]
    assert AC3 not in game.deck


def _guess(guess: str) -> Killer:
    game = new(4, removed=["AL", "SB"], start={"round": 2, "frozen": [P3]},
               hands={2: {P1: ["BR1", "BR3"], P2: ["CH1", "CH2"], P4: ["ER1", "AC2"]}})
    run(game, {P3: [guess], P1: ["position BR1", "action BR3"], P2: ["position CH1", "action CH2"],
               P4: ["position ER1", "action AC2", "location ch"]})
    reveal(game, "Galley")
    return game


def test_K_Q23_a_right_guess_thaws_a_wrong_one_does_not() -> None:
    """K-Q23."""
    assert not _guess("location ga").view(None)["players"][P3]["frozen"]
    assert _guess("location er").view(None)["players"][P3]["frozen"]
