"""Hidden information in This Game Is Killer (spec section 7, K-H1..K-H27).

Most tests build two games that differ only in something hidden from some seats (a hand, the
Hunting Row order, a face-down Position, a Frozen guess, a discard, a sealed answer) and check that
those seats see exactly the same thing in both games (view, log, their own pending decisions), while
the seat that may know sees the difference.
"""

from __future__ import annotations

import json
from typing import Any

from treachery.bots import RandomBot
from treachery.games.killer.bots import KillerBot
from treachery.games.killer.rules import Killer

from .util import P1, P2, P3, P4, P5, log_texts, new, play

Move = tuple[int, str]


def seen(game: Killer, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` is shown: its view, its log and its own pending decisions (K-H25)."""
    pending = [
        {"id": d.id, "kind": d.kind, "prompt": d.prompt, "options": [o["text"] for o in d.options],
         "default": d.default["text"], "rules": list(d.rules)}
        for d in game.pending() if seat is not None and d.seat == seat
    ]
    return {"view": game.view(seat), "log": game.log_for(seat), "pending": pending}


def assert_same(a: Killer, b: Killer, seats: list[int | None], when: str) -> None:
    for seat in seats:
        assert seen(a, seat) == seen(b, seat), f"seat {seat} can tell the two games apart {when}"


def assert_differs(a: Killer, b: Killer, seat: int | None, when: str) -> None:
    assert seen(a, seat) != seen(b, seat), f"seat {seat} should see the difference {when}"


def twin_play(a: Killer, b: Killer, moves_a: list[Move], moves_b: list[Move], blind: list[int | None],
              knowing: list[int | None]) -> None:
    """Plays both move lists side by side; after every move the blind seats see the same in both games;
    the knowing seats see a difference once all moves are played."""
    assert len(moves_a) == len(moves_b)
    assert_same(a, b, blind, "at the start")
    for step, (move_a, move_b) in enumerate(zip(moves_a, moves_b, strict=True)):
        play(a, move_a)
        play(b, move_b)
        assert_same(a, b, blind, f"after move {step} {move_a} / {move_b}")
    for knower in knowing:
        assert_differs(a, b, knower, "at the end")


def dumps(game: Killer, seat: int | None) -> str:
    return json.dumps(seen(game, seat), sort_keys=True)


# ---- hands (K-H1, K-H2, K-H3, K-H25, K-H26, K-H4) -------------------------------------------------------


def _hands_game(p2_hand: list[str]) -> Killer:
    return new(4, removed=["AL", "SB"], hunting_row=["BR", "GA", "ML", "AC", "ER", "CH"],
               hands={1: {P1: ["ML3", "GA1"], P2: p2_hand, P3: ["GA3", "BR1"], P4: ["CH1", "AC2"]}})


def test_K_H1_K_H2_K_H3_K_H25_a_hand_is_seen_only_by_its_owner_even_under_a_sedative_dart() -> None:
    """Two games differ only in P2's hand: P1 (who darts P2), P3, P4 and spectators cannot tell them apart
    until P2 plays the differing card, neither in views, nor logs, nor their own decisions (K-H25);
    P2 sees its own hand (K-H1). No effect, the dart included, shows a hand (K-H2, K-H3)."""
    a, b = _hands_game(["BR2", "CH2"]), _hands_game(["ER1", "CH2"])
    moves = [(P1, "action ML3"), (P1, "seat 1"), (P2, "action CH2"), (P3, "position GA3"),
             (P4, "position CH1"), (P4, "action AC2"), (P4, "location br"), (P3, "action BR1"), (P3, "slot 1")]
    twin_play(a, b, moves, moves, [P1, P3, P4, None], [P2])
    assert a.view(P2)["hand"] == ["BR2"] and b.view(P2)["hand"] == ["ER1"]
    for seat in (P1, P3, P4, None):
        view = {k: v for k, v in a.view(seat).items() if k != "cards"}  # "cards" is the public card list
        assert "BR2" not in json.dumps(view) and not any("BR2" in t for t in log_texts(a, seat))
    # P2 plays the differing card: now it is public and everyone sees the difference (K-H5).
    play(a, (P2, "position BR2"))
    play(b, (P2, "position ER1"))
    for seat in (P1, P3, P4, None):
        assert_differs(a, b, seat, "after P2 shows its Position")


def test_K_H25_prompts_and_options_go_to_the_deciding_seat_only() -> None:
    """K-H25: While P1 decides, other seats' views carry neither P1's prompt nor its options, only whose turn it is."""
    game = _hands_game(["BR2", "CH2"])
    decision = game.pending()[0]
    assert decision.seat == P1
    for seat in (P2, P3, P4, None):
        text = dumps(game, seat)
        assert decision.prompt not in text
        assert "action ML3" not in text and "position GA1" not in text
        assert game.view(seat)["waiting_for"] == [P1]
    assert seen(game, P1)["pending"][0]["options"] == [o["text"] for o in decision.options]


def test_K_H26_the_number_of_cards_each_crew_member_holds_is_public() -> None:
    """K-H26."""
    game = _hands_game(["BR2", "CH2"])
    play(game, (P1, "action ML3"), (P1, "seat 1"))
    for seat in (P1, P2, P3, P4, None):
        assert [p["cards_in_hand"] for p in game.view(seat)["players"]] == [1, 2, 2, 2]


def _deck_game(top: list[str]) -> Killer:
    return new(4, removed=["AL", "SB"], deck=top,
               hands={1: {P1: ["GA1", "BR3"], P2: ["GA3", "CH2"], P3: ["BR2", "ML2"], P4: ["ER1", "AC2"]}})


def test_K_H4_deck_order_is_hidden_its_size_and_removed_cards_are_public() -> None:
    """K-H4: Two games differ only in the order of the undealt Crew deck: no seat can tell them apart."""
    a, b = _deck_game(["CH3", "ER3", "ML1"]), _deck_game(["ML1", "ER3", "CH3"])
    moves = [(P1, "position GA1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
             (P4, "action AC2"), (P4, "location ga")]
    twin_play(a, b, moves, moves, [P1, P2, P3, P4, None], [])
    for seat in (P1, None):
        view = a.view(seat)
        assert view["deck_size"] == 10
        assert view["removed_cards"] == ["AL1", "AL2", "AL3", "SB1", "SB2", "SB3"]
        assert "deck" not in view


# ---- the Hunting Row (K-H9..K-H14) ---------------------------------------------------------------------------


def _row_game(row: list[str]) -> Killer:
    return new(4, removed=["AL", "SB"], hunting_row=row,
               hands={1: {P1: ["GA1", "BR3"], P2: ["CH1", "BR1"], P3: ["GA3", "BR2"], P4: ["ER1", "CH2"]}})


def test_K_H9_K_H10_K_H11_K_H12_K_H13_K_H14_slot_order_is_hidden_until_looked_at_scanned_or_revealed() -> None:
    """Two Hunting Row orders: nobody can tell them apart (K-H9, K-H14) though all see the set of names (K-H10);
    a BR1/BR2 look shows a slot's content only to the looker, the slot number to all (K-H11); a scan shows it to
    all (K-H12); the alien's Location is unknown until 4b, then public (K-H13)."""
    a = _row_game(["BR", "GA", "ML", "AC", "ER", "CH"])
    b = _row_game(["CH", "ER", "AC", "ML", "GA", "BR"])
    everyone: list[int | None] = [P1, P2, P3, P4, None]
    first_pass = [(P1, "position GA1"), (P2, "position CH1"), (P3, "position GA3"), (P4, "position ER1"),
                  (P4, "action CH2")]
    twin_play(a, b, first_pass, first_pass, everyone, [])
    for seat in everyone:
        assert a.view(seat)["hunting_row_locations"] == ["Access Corridor", "Bridge", "Cargo Hold", "Engine Room",
                                                         "Galley", "Med Lab"]
        assert all("location" not in slot for slot in a.view(seat)["hunting_row"])
        assert a.view(seat)["alien_location"] is None
    # P3's Sensor Sweep looks at slots 4 and 5 and scans neither: only P3 learns what is there.
    sweep = [(P3, "action BR2"), (P3, "slot 4"), (P3, "slot 5"), (P3, "none")]
    twin_play(a, b, sweep, sweep, [P1, P2, P4, None], [P3])
    assert a.view(P3)["hunting_row"][3] == {"slot": 4, "face_up": False, "location": "Access Corridor",
                                            "looked_at": True}
    assert b.view(P3)["hunting_row"][4]["location"] == "Galley"
    assert "P3 looks at Hunting Row slot 4." in log_texts(a, P1)
    # P2's Ship's Computer looks at slot 1: only P2 knows; P2 will choose the reveal (everyone else still blind).
    rest = [(P2, "action BR1"), (P2, "slot 1"), (P1, "action BR3")]
    twin_play(a, b, rest, rest, [P1, P4, None], [P2, P3])
    assert a.pending()[0].seat == P2 and a.pending()[0].kind == "reveal"
    assert a.view(P2)["hunting_row"][0]["location"] == "Bridge"
    assert b.view(P2)["hunting_row"][0]["location"] == "Cargo Hold"
    play(a, (P2, "slot 2"))
    play(b, (P2, "slot 2"))
    assert "Slot 2 is turned: the alien is in the Galley!" in log_texts(a, P4)
    assert "Slot 2 is turned: the alien is in the Engine Room!" in log_texts(b, P4)
    assert a.view(P4)["previously_hunted"] == ["Galley"]


def test_K_H12_a_scanned_card_is_public() -> None:
    """K-H12."""
    game = _row_game(["BR", "GA", "ML", "AC", "ER", "CH"])
    play(game, (P1, "position GA1"), (P2, "position CH1"), (P3, "position GA3"), (P4, "position ER1"),
         (P4, "action CH2"), (P3, "action BR2"), (P3, "slot 4"), (P3, "slot 5"), (P3, "slot 5"))
    for seat in (P1, P2, P3, P4, None):
        assert game.view(seat)["hunting_row"][4] == {"slot": 5, "face_up": True, "location": "Engine Room"}
        assert "P3 scans slot 5: the Engine Room is face up; the alien is not there this round." in log_texts(
            game, seat)
    for seat in (P1, P2, P4, None):
        assert "location" not in game.view(seat)["hunting_row"][3]


def test_K_H14_reveal_and_look_decisions_do_not_depend_on_the_slot_order() -> None:
    """K-H14: The options, prompt and timeout default of a look and of the reveal are the same whatever lies where."""
    a = _row_game(["BR", "GA", "ML", "AC", "ER", "CH"])
    b = _row_game(["ER", "CH", "GA", "BR", "AC", "ML"])
    moves = [(P1, "position GA1"), (P2, "position CH1"), (P3, "position GA3"), (P4, "position ER1"),
             (P4, "action CH2"), (P3, "action BR2")]
    twin_play(a, b, moves, moves, [P1, P2, P3, P4, None], [])
    assert seen(a, P3)["pending"] == seen(b, P3)["pending"]


# ---- Positions and Actions in play (K-H5..K-H8) ----------------------------------------------------------------


def test_K_H5_a_card_played_face_up_is_public_at_once_with_its_choices() -> None:
    """K-H5."""
    game = new(4, removed=["ML", "AC"],
               hands={1: {P1: ["GA1", "BR3"], P2: ["GA3", "AL2"], P3: ["BR2", "CH3"], P4: ["ER1", "SB1"]}})
    play(game, (P1, "position GA1"))
    for seat in (P2, P3, P4, None):
        assert game.view(seat)["players"][P1]["position"] == {"card": "GA1", "face_down": False,
                                                              "location": "Galley", "priority": 1}
    play(game, (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"), (P4, "action SB1"),
         (P3, "action CH3"), (P2, "action AL2"), (P2, "location ga"))
    for seat in (P1, P3, P4, None):
        player = game.view(seat)["players"][P2]
        assert player["action"] == {"card": "AL2", "name": "Evacuation Order", "cancelled": False,
                                    "location": "Galley"}
        assert player["position"]["location"] == "Airlock"
    assert "Evacuation: Galley to Airlock." in log_texts(game, None)


def _blackout_game(p2_hand: list[str]) -> Killer:
    return new(5, removed=["ML", "AC"], hunting_row=["BR", "GA", "AL", "ER", "CH", "SB"],
               hands={1: {P1: ["ER2", "CH1"], P2: p2_hand, P3: ["GA3", "BR3"], P4: ["BR2", "AL1"],
                          P5: ["SB3", "AL2"]}})


def test_K_H6_K_H7_face_down_positions_and_their_evacuation_stay_hidden_until_4a() -> None:
    """K-H6 K-H7: P2's face-down Position differs between the games (Galley, moved by Evacuation, or Engine Room): the
    others see only "face-down Position" and "Evacuation: Galley to Airlock" until 4a turns it up."""
    a, b = _blackout_game(["GA1", "CH2"]), _blackout_game(["ER1", "CH2"])
    common_tail = [(P3, "position GA3"), (P4, "position BR2"), (P5, "position SB3"), (P5, "action AL2"),
                   (P5, "location ga"), (P4, "action AL1"), (P3, "action BR3"), (P2, "action CH2")]
    moves_a = [(P1, "action ER2"), (P2, "position GA1"), *common_tail]
    moves_b = [(P1, "action ER2"), (P2, "position ER1"), *common_tail]
    twin_play(a, b, moves_a, moves_b, [P1, P3, P4, P5, None], [P2])
    for seat in (P1, P3, P4, P5, None):
        assert a.view(seat)["players"][P2]["position"] == {"face_down": True}
    assert a.view(P2)["players"][P2]["position"] == {"card": "GA1", "face_down": True, "location": "Airlock",
                                                     "priority": 1}
    assert not any("GA1" in t or "Galley 1" in t for t in log_texts(a, P4))
    # 4a: P1 plays the last card, every face-down Position turns up before the reveal choice.
    play(a, (P1, "position CH1"))
    play(b, (P1, "position CH1"))
    assert a.pending()[0].kind == "reveal"
    assert a.view(P4)["players"][P2]["position"]["location"] == "Airlock"
    assert b.view(P4)["players"][P2]["position"]["location"] == "Engine Room"
    assert_differs(a, b, P4, "after 4a")


def _cleaver_game(p3_hand: list[str]) -> Killer:
    return new(4, removed=["ML", "SB"], hunting_row=["BR", "GA", "AL", "AC", "ER", "CH"],
               hands={1: {P1: ["GA3", "BR3"], P2: ["ER2", "CH2"], P3: p3_hand, P4: ["BR1", "AC1"]}})


def test_K_H6_a_meat_cleaver_from_a_face_down_position_does_not_reveal_where_it_stands() -> None:
    """K-H6: P3 stands face down at the Galley beside P1 (face up) in one game, at the Engine Room in the other, then
    plays Meat Cleaver. Until 4a the others must not learn where P3 is: not from a public pick ("P3 picks P1"),
    not from a public "no legal target", not from whether P3 is still deciding."""
    a, b = _cleaver_game(["GA2", "GA1"]), _cleaver_game(["ER1", "GA1"])
    head = [(P1, "position GA3"), (P2, "action ER2")]
    tail = [(P4, "position BR1"), (P4, "action AC1"), (P3, "action GA1")]
    twin_play(a, b, [*head, (P3, "position GA2"), *tail], [*head, (P3, "position ER1"), *tail],
              [P1, P2, P4, None], [P3])


def _coward_game(p3_hand: list[str]) -> Killer:
    return new(4, removed=["ML", "SB"], hunting_row=["BR", "GA", "AL", "AC", "ER", "CH"],
               hands={1: {P1: ["ER2", "BR3"], P2: ["GA1", "AC1"], P3: p3_hand, P4: ["ER1", "CH2"]}})


def test_K_H8_whether_the_coward_was_caught_stays_internal_until_5a() -> None:
    """K-H8: P3 joins the Coward's face-down Galley in one game and not in the other: nobody else can tell until
    the Positions turn up; the Coward dies at 5a only where it was caught; no view carries a 'caught' flag."""
    a, b = _coward_game(["GA3", "AL1"]), _coward_game(["CH3", "AL1"])
    head = [(P1, "action ER2"), (P2, "position GA1")]
    tail = [(P4, "position ER1"), (P4, "action CH2"), (P3, "action AL1"), (P2, "action AC1")]
    twin_play(a, b, [*head, (P3, "position GA3"), *tail], [*head, (P3, "position CH3"), *tail],
              [P1, P2, P4, None], [P3])
    for seat in (P1, P2, P3, P4, None):
        text = json.dumps(a.view(seat)).lower()
        assert "caught" not in text and "shared" not in text
    for game in (a, b):
        play(game, (P1, "position BR3"), (P1, "slot 6"))  # reveal the Cargo Hold: nobody dies to the alien in a
    assert not a.view(None)["players"][P2]["alive"]
    assert b.view(None)["players"][P2]["alive"]


# ---- Frozen guesses, discards, Round Start answers (K-H18, K-H19, K-H21) ------------------------------------------


def _frozen_game() -> Killer:
    return new(4, removed=["AL", "SB"], start={"round": 2, "frozen": [P3], "hunted": ["BR"]},
               hunting_row={2: ["GA", "ML", "AC", "ER", "CH"]},
               hands={2: {P1: ["GA1", "BR3"], P2: ["GA3", "CH2"], P4: ["ER1", "AC2"]}})


def test_K_H18_a_frozen_guess_is_secret_until_4c_then_public() -> None:
    """K-H18."""
    a, b = _frozen_game(), _frozen_game()
    assert [(d.seat, d.kind) for d in a.pending()] == [(P3, "thaw_guess")]
    moves = [(P1, "position GA1"), (P2, "position GA3"), (P4, "position ER1"), (P4, "action AC2"),
             (P4, "location ch"), (P2, "action CH2"), (P2, "location br"), (P1, "action BR3")]
    twin_play(a, b, [(P3, "location ga"), *moves], [(P3, "location er"), *moves], [P1, P2, P4, None], [P3])
    for seat in (P1, P2, P4, None):
        assert a.view(seat)["players"][P3]["guess"] is None
    assert a.view(P3)["players"][P3]["guess"] == "Galley"
    assert a.pending()[0].kind == "reveal"
    play(a, (P1, "slot 4"))  # Engine Room: P4 moved away, nobody dies there
    play(b, (P1, "slot 4"))
    assert "Frozen guesses: P3 guessed the Galley." in log_texts(a, P1)
    assert "Frozen guesses: P3 guessed the Engine Room." in log_texts(b, P1)


def _discard_game(p2_hand: list[str]) -> Killer:
    return new(4, seed=3, removed=["AL", "SB"], start={"round": 2, "ongoing": {P2: {"card": "AC3", "location": "BR"}}},
               hunting_row={2: ["BR", "GA", "ML", "AC", "ER", "CH"]},
               hands={2: {P1: ["GA1", "BR3"], P2: p2_hand, P3: ["BR2", "ML2"], P4: ["ER1", "CH2"]}})


def test_K_H19_K_Q16_an_ongoing_holders_discard_is_never_shown_before_the_game_ends() -> None:
    """K-H19 K-Q16: P2 (Motion Tracker running) discards GA3 in one game and BR1 in the other; the other seats
    cannot tell the games apart at any point until the game is over, played out by seeded bots."""
    a, b = _discard_game(["CH1", "GA3"]), _discard_game(["CH1", "BR1"])
    moves = [(P2, "keep"), (P2, "slot 3"), (P1, "position GA1"), (P3, "position BR2"), (P4, "position ER1"),
             (P4, "action CH2"), (P3, "action ML2"), (P2, "position CH1")]
    twin_play(a, b, moves, moves, [P1, P3, P4, None], [])
    assert a.view(P1)["players"][P2]["discarded"] == "face down"
    assert a.view(P2)["players"][P2]["discarded"] == "GA3"
    assert "You discard Bang the Pots (GA3) face down." in log_texts(a, P2)
    assert_differs(a, b, P2, "after the discard")
    bots = [RandomBot(100 + s) for s in range(4)]
    twins = [RandomBot(100 + s) for s in range(4)]
    while not a.over:
        assert_same(a, b, [P1, P3, P4, None], f"in round {a.round}")
        decision = a.pending()[0]
        other = next(d for d in b.pending() if d.seat == decision.seat)
        a.act(decision.seat, bots[decision.seat].choose(a.view(decision.seat), decision))
        b.act(other.seat, twins[other.seat].choose(b.view(other.seat), other))
    assert b.over


def _keep_game() -> Killer:
    return new(4, removed=["AL", "SB"], start={"round": 2, "ongoing": {P1: {"card": "AC3", "location": "BR"},
                                                                       P3: {"card": "CH1", "location": "GA"}}})


def test_K_H21_round_start_answers_are_sealed_until_all_are_in_then_public() -> None:
    """K-H21: P1 answers keep in one game and end in the other: until P3 has answered too, nobody else (P3
    included) can tell; then both answers are public."""
    a, b = _keep_game(), _keep_game()
    assert sorted(d.seat for d in a.pending()) == [P1, P3]
    twin_play(a, b, [(P1, "keep")], [(P1, "end")], [P2, P3, P4, None], [])
    play(a, (P3, "keep"))
    play(b, (P3, "keep"))
    for seat in (P2, P4, None):
        assert "P1 keeps Motion Tracker (AC3) running." in log_texts(a, seat)
        assert "P1 ends Motion Tracker (AC3)." in log_texts(b, seat)
        assert "P3 keeps Barricade (CH1) running." in log_texts(b, seat)


# ---- public facts (K-H15, K-H16, K-H17, K-H20, K-H22) -----------------------------------------------------------


def test_K_H15_K_H16_K_H17_K_H20_public_facts_are_in_every_view() -> None:
    """K-H15 K-H16 K-H17 K-H20."""
    game = new(5, removed=["AL", "SB"],
               start={"round": 3, "dead": [P4], "frozen": [P3], "hunted": ["BR"], "destroyed": ["GA"],
                      "countdown": {P1: 4}, "ongoing": {P2: {"card": "CH1", "location": "CH"}}})
    for seat in (P1, P2, P3, P4, P5, None):
        view = game.view(seat)
        assert view["previously_hunted"] == ["Bridge"]
        assert view["destroyed"] == ["Galley", "Airlock", "Shuttle Bay"]
        assert view["removed_at_setup"] == ["Airlock", "Shuttle Bay"]
        players = view["players"]
        assert [p["alive"] for p in players] == [True, True, True, False, True]  # K-H16
        assert [p["frozen"] for p in players] == [False, False, True, False, False]  # K-H17
        assert players[P1]["last_on_board_deadline"] == 4  # K-H17
        assert players[P2]["ongoing"] == {"card": "CH1", "since_round": 2, "location": "Cargo Hold"}  # K-H20
        assert players[P3]["ongoing"]["card"] == "ML1"  # K-H20


def test_K_H22_a_short_round_shows_all_single_cards_at_once() -> None:
    """K-H22: With 6 cards for 4 crew, each gets one card; no seat is asked anything until all are shown together."""
    game = new(4, removed=["ML", "AC"], start={"destroyed": ["GA", "AL", "ER", "CH"]},
               hands={1: {P1: ["BR1"], P2: ["SB2"], P3: ["BR3"], P4: ["SB1"]}})
    assert [(d.seat, d.kind) for d in game.pending()] == [(P1, "reveal")]
    for seat in (P1, P2, P3, P4, None):
        shown = [p["position"]["card"] for p in game.view(seat)["players"]]
        assert shown == ["BR1", "SB2", "BR3", "SB1"]
    log = log_texts(game, None)
    short = next(i for i, t in enumerate(log) if t.startswith("Not enough Crew cards"))
    placed = [i for i, t in enumerate(log) if "takes Position" in t]
    assert len(placed) == 4 and min(placed) > short


# ---- who sees what (K-H23, K-H24, K-H27) ---------------------------------------------------------------------------


def _dead_seat_game(p1_hand: list[str]) -> Killer:
    return new(4, removed=["AL", "SB"], start={"round": 2, "dead": [P4], "hunted": ["BR"]},
               hunting_row={2: ["GA", "ML", "AC", "ER", "CH"]},
               hands={2: {P1: p1_hand, P2: ["GA3", "CH2"], P3: ["ML2", "ER1"]}})


def _public(view: dict[str, Any]) -> dict[str, Any]:
    public = {k: v for k, v in view.items() if k not in ("seat", "hand")}
    return {**public, "core": {**view["core"], "private": None}}  # the core's private block is the hand again


def test_K_H23_a_dead_seat_sees_only_the_public_view() -> None:
    """K-H23."""
    a, b = _dead_seat_game(["GA1", "BR3"]), _dead_seat_game(["AC2", "BR3"])
    assert _public(a.view(P4)) == _public(a.view(None))
    assert a.view(P4)["hand"] == []
    assert a.log_for(P4) == a.log_for(None)
    moves = [(P1, "action BR3"), (P2, "position GA3"), (P3, "position ML2"), (P3, "action ER1"), (P3, "seat 0")]
    twin_play(a, b, moves, moves, [P2, P3, P4, None], [P1])
    assert _public(a.view(P4)) == _public(a.view(None))


def test_K_H23_a_frozen_seat_sees_the_public_view_plus_its_own_guess() -> None:
    """K-H23."""
    game = _frozen_game()
    play(game, (P3, "location ga"))
    mine, public = game.view(P3), game.view(None)
    assert mine["players"][P3]["guess"] == "Galley"
    mine["players"][P3]["guess"] = None
    assert _public(mine) == _public(public)
    assert [e for e in game.log_for(P3) if e not in game.log_for(None)] == [
        {"round": 2, "text": "You guess the alien will be at the Galley.", "rules": ["K-E45"]}]


def test_K_H24_a_bot_gets_only_the_seat_view_so_hidden_differences_cannot_change_its_choice() -> None:
    """K-H24: The heuristic bot in P3's seat decides the same in two games that differ only in P2's hand."""
    a, b = _hands_game(["BR2", "CH2"]), _hands_game(["ER1", "CH2"])
    for game in (a, b):
        play(game, (P1, "action ML3"), (P1, "seat 1"), (P2, "action CH2"))
    choices = []
    for game in (a, b):
        decision = game.pending()[0]
        assert decision.seat == P3
        choices.append(KillerBot(5).choose(game.view(P3), decision)["text"])
    assert choices[0] == choices[1]


def test_K_H27_the_seed_is_in_no_view_log_or_prompt() -> None:
    """K-H27."""
    seed = 918273645546372819
    game = new(5, seed=seed, first=P2)
    bots = [RandomBot(s) for s in range(5)]
    while True:
        for seat in (P1, P2, P3, P4, P5, None):
            text = dumps(game, seat)
            assert str(seed) not in text and '"seed"' not in text
        if game.over:
            break
        decision = game.pending()[0]
        game.act(decision.seat, bots[decision.seat].choose(game.view(decision.seat), decision))


def test_K_H13_frozen_and_dead_seats_cannot_see_the_alien_before_the_reveal() -> None:
    """K-H13: Every seat's view hides the alien's Location (and the slot order) up to the reveal choice itself."""
    game = _frozen_game()
    play(game, (P3, "location ga"), (P1, "position GA1"), (P2, "position GA3"), (P4, "position ER1"),
         (P4, "action AC2"), (P4, "location ch"), (P2, "action CH2"), (P2, "location br"), (P1, "action BR3"))
    for seat in (P1, P2, P3, P4, None):
        view = game.view(seat)
        assert view["alien_location"] is None
        assert all("location" not in slot for slot in view["hunting_row"])
    play(game, (P1, "slot 1"))
    for seat in (P1, P2, P3, P4, None):
        assert "Slot 1 is turned: the alien is in the Galley!" in log_texts(game, seat)


def test_K_H9_many_seeded_games_no_view_before_a_look_names_a_slot() -> None:
    """K-H9: Over random games, no view ever gives a Location for a face-down slot the seat has not looked at."""
    for seed in range(12):
        game = new(3 + seed % 8, seed=seed)
        bots = [RandomBot(seed * 10 + s) for s in range(game.players)]
        while not game.over:
            for seat in [*range(game.players), None]:
                looked = {slot for slot, _ in game.looks[seat]} if seat is not None else set()
                for index, slot in enumerate(game.view(seat)["hunting_row"]):
                    if "location" in slot and not slot["face_up"]:
                        assert index in looked, (seed, seat, slot)
            decision = game.pending()[0]
            game.act(decision.seat, bots[decision.seat].choose(game.view(decision.seat), decision))


def test_K_H5_K_H6_face_down_positions_owner_sees_others_do_not_over_random_games() -> None:
    """K-H5 K-H6: over random games opened with a Blackout, a face-down Position's card is in no other seat's
    view until 4a."""
    checked = 0
    for seed in range(16):
        game = new(6 + seed % 5, seed=seed, hands={1: {P1: ["ER2", "BR1"]}})
        play(game, (P1, "action ER2"))
        bots = [RandomBot(seed * 10 + s) for s in range(game.players)]
        while game.round == 1 and not game.over:
            hidden = [seat for seat in range(game.players) if game.face_down[seat]]
            if hidden:
                views = {other: game.view(other) for other in [*range(game.players), None]}
                for seat in hidden:
                    checked += 1
                    for other, view in views.items():
                        shown = view["players"][seat]["position"]
                        assert (shown == {"face_down": True}) == (other != seat)
            decision = game.pending()[0]
            game.act(decision.seat, bots[decision.seat].choose(game.view(decision.seat), decision))
    assert checked > 50


def test_K_H9_K_H14_random_games_cannot_tell_two_hunting_row_orders_apart() -> None:
    """K-H9 K-H14: seeded bots play two games that differ only in the round-1 Hunting Row order; every seat sees
    the same until someone looks at, scans or reveals a card."""
    for seed in range(24):
        players = 3 + seed % 8
        probe = new(players, seed=seed)
        row = [["BR", "GA", "ML", "AL", "AC", "ER", "CH", "SB"][loc] for loc in probe.hunting_row]
        a, b = new(players, seed=seed, hunting_row=row), new(players, seed=seed, hunting_row=row[::-1])
        bots = [KillerBot(seed * 10 + s) for s in range(players)]
        seats: list[int | None] = [*range(players), None]
        while True:
            assert_same(a, b, seats, f"(seed {seed})")
            decision = a.pending()[0]
            if decision.kind in ("reveal", "look", "sweep", "tracker", "tracker_scan"):
                break
            option = bots[decision.seat].choose(a.view(decision.seat), decision)
            a.act(decision.seat, option)
            b.act(decision.seat, option)
