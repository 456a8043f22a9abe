"""Rule tests for This Game Is Killer, section 4 (Card effects, K-E*)."""

from __future__ import annotations

import pytest

from treachery.engine import IllegalAction
from treachery.games.killer.cards import LOCATIONS, load_cards

from .rulekit import alive, game, log_count, name, player, reveal, slot_of
from .util import P1, P2, P3, P4, P5, kinds, log_texts, machine, play, texts

CARDS = {c.code: c for c in load_cards().cards}
LOCATION_ORDER = list(LOCATIONS)


# ---- card attributes (one rule per card line) ----

ATTRIBUTES = [
    ("K-E24", "BR1", "Bridge", 1, "black", {"second"}),
    ("K-E28", "BR2", "Bridge", 2, "black", {"lob"}),
    ("K-E31", "BR3", "Bridge", 3, "black", {"lob"}),
    ("K-E33", "GA1", "Galley", 1, "red", {"second", "warning"}),
    ("K-E36", "GA2", "Galley", 2, "red", {"destroy", "warning"}),
    ("K-E37", "GA3", "Galley", 3, "red", {"lob"}),
    ("K-E39", "ML1", "Med Lab", 1, "red", {"ongoing", "warning"}),
    ("K-E49", "ML2", "Med Lab", 2, "red", {"lob"}),
    ("K-E52", "ML3", "Med Lab", 3, "black", {"first"}),
    ("K-E56", "AL1", "Airlock", 1, "red", {"lob"}),
    ("K-E58", "AL2", "Airlock", 2, "black", {"second"}),
    ("K-E62", "AL3", "Airlock", 3, "red", {"destroy", "lob", "warning"}),
    ("K-E63", "AC1", "Access Corridor", 1, "red", {"warning"}),
    ("K-E68", "AC2", "Access Corridor", 2, "black", {"second", "lob"}),
    ("K-E70", "AC3", "Access Corridor", 3, "black", {"ongoing"}),
    ("K-E73", "ER1", "Engine Room", 1, "red", set()),
    ("K-E75", "ER2", "Engine Room", 2, "black", {"first", "lob"}),
    ("K-E79", "ER3", "Engine Room", 3, "red", {"destroy", "first", "warning"}),
    ("K-E80", "CH1", "Cargo Hold", 1, "red", {"ongoing"}),
    ("K-E85", "CH2", "Cargo Hold", 2, "red", {"destroy", "warning"}),
    ("K-E87", "CH3", "Cargo Hold", 3, "red", {"second", "warning"}),
    ("K-E89", "SB1", "Shuttle Bay", 1, "black", {"second"}),
    ("K-E92", "SB2", "Shuttle Bay", 2, "red", {"destroy", "lob", "warning"}),
    ("K-E93", "SB3", "Shuttle Bay", 3, "red", {"lob"}),
]


@pytest.mark.rule("K-E24", "K-E28", "K-E31", "K-E33", "K-E36", "K-E37", "K-E39", "K-E49", "K-E52", "K-E56", "K-E58",
                  "K-E62", "K-E63", "K-E68", "K-E70", "K-E73", "K-E75", "K-E79", "K-E80", "K-E85", "K-E87", "K-E89",
                  "K-E92", "K-E93")
@pytest.mark.parametrize("rule,code,location,priority,colour,keywords", ATTRIBUTES, ids=[a[0] for a in ATTRIBUTES])
def test_card_line_attributes(rule, code, location, priority, colour, keywords):
    """K-E24, K-E28, K-E31, K-E33, K-E36, K-E37, K-E39, K-E49, K-E52, K-E56, K-E58, K-E62, K-E63, K-E68, K-E70,
    K-E73, K-E75, K-E79, K-E80, K-E85, K-E87, K-E89, K-E92, K-E93: each card's Location, Priority, colour and
    keywords as the card line states, also as the public view shows them."""
    card = CARDS[code]
    assert (LOCATIONS[card.location], card.priority, card.colour, set(card.keywords)) == (
        location, priority, colour, keywords)
    shown = {c["code"]: c for c in game(6).view(None)["cards"]}[code]
    assert (shown["location"], shown["priority"], shown["colour"], set(shown["keywords"])) == (
        location, priority, colour, keywords)


# ---- general rules for Actions ----


def test_K_E1_black_acts_at_once_red_waits_for_end_of_round():
    """K-E1: black text (Blackout) takes effect as soon as played; red text (Gas Leak) only at End of Round."""
    g = game(4, {P1: ["ER2", "BR3"], P2: ["GA2", "SB1"], P3: ["GA3", "CH2"], P4: ["BR2", "AL1"]})
    play(g, (P1, "action ER2"), (P2, "action GA2"), (P3, "position GA3"))
    assert g.view(None)["blackout"] is True
    assert player(g, P3, P4)["position"] == {"face_down": True}  # black: already in force
    assert "Galley" not in g.view(None)["destroyed"]  # red: not yet
    play(g, (P4, "position BR2"), (P4, "action AL1"), (P3, "action CH2"), (P2, "position SB1"),
         (P1, "position BR3"))
    reveal(g, "er")
    assert "Galley" in g.view(None)["destroyed"] and not player(g, P3)["alive"]


def test_K_E2_K_E74_rig_the_hatch_recorded_when_played_applied_at_5c():
    """K-E2, K-E74: Rig the Hatch names another On-Board crew member when played (public at once); at 5c that
    crew member's Priority is 4, so P2 (printed 1) is taken instead of P1 (3)."""
    g = game(4, {P1: ["GA3", "BR3"], P2: ["GA1", "AL1"], P3: ["BR2", "ER1"], P4: ["SB1", "CH2"]})
    play(g, (P1, "position GA3"), (P2, "position GA1"), (P3, "position BR2"), (P4, "position SB1"),
         (P4, "action CH2"), (P3, "action ER1"))
    assert texts(g, P3) == ["seat 0", "seat 1", "seat 3"]
    play(g, (P3, "seat 1"))
    assert player(g, P3, P4)["action"]["target"] == P2
    play(g, (P2, "action AL1"), (P1, "action BR3"))
    reveal(g, "ga")
    assert alive(g) == [True, False, True, True]


@pytest.mark.rule("K-V10")
def test_K_E3_K_E38_bang_the_pots_alien_takes_the_lowest():
    """K-E3, K-E38, K-V10: Bang the Pots bends the general rule: at 5c the alien takes the lowest effective
    Priority at its Location (P2, Priority 1) and the highest (P1, Priority 3) lives."""
    g = game(4, {P1: ["CH3", "BR3"], P2: ["CH1", "AL1"], P3: ["BR2", "GA3"], P4: ["ER1", "SB1"]})
    play(g, (P1, "position CH3"), (P2, "position CH1"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action SB1"), (P3, "action GA3"), (P2, "action AL1"), (P1, "action BR3"))
    reveal(g, "ch")
    assert alive(g) == [True, False, True, True]


def test_K_E4_choices_are_made_when_played_public_unless_secret():
    """K-E4: an Action's choices are made when it is played and never asked again; they are public (Barricade's
    Location) unless secret (what Ship's Computer looked at is seen only by its player)."""
    g = game(4, {P1: ["GA1", "BR3"], P2: ["GA3", "CH1"], P3: ["AL1", "BR1"], P4: ["ER1", "SB1"]},
             row=["br", "ga", "al", "er", "ch", "sb"])
    play(g, (P1, "position GA1"), (P2, "position GA3"), (P3, "position AL1"), (P4, "position ER1"),
         (P4, "action SB1"), (P3, "action BR1"), (P3, "slot 4"), (P2, "action CH1"), (P2, "location er"))
    assert player(g, P2, P4)["action"]["location"] == "Engine Room"
    assert "Barricade: the alien cannot kill anyone at the Engine Room." in log_texts(g, P1)
    assert "P3 looks at Hunting Row slot 4." in log_texts(g, P1)
    assert "Slot 4 holds the Engine Room." in log_texts(g, P3)
    assert not any("Slot 4 holds" in t for t in log_texts(g, P1))
    assert g.view(P3)["hunting_row"][3] == {"slot": 4, "face_up": False, "location": "Engine Room",
                                            "looked_at": True}
    assert "location" not in g.view(P1)["hunting_row"][3]
    play(g, (P1, "action BR3"))
    assert kinds(g) == [(P3, "reveal")]  # no further question for the Barricade or anyone
    reveal(g, "er")
    assert alive(g) == [True, True, True, True]  # the Barricade chosen earlier holds


def test_K_E5_first_second_card_restriction_only_for_actions():
    """K-E5: a "2nd card" Action (Flamethrower) may not be a first Action, but as a Position it is free; nobody
    must use it as an Action."""
    g = game(4, {P1: ["GA2", "CH3"], P2: ["GA3", "CH2"], P3: ["BR2", "AL1"], P4: ["ER1", "SB1"]})
    assert texts(g, P1) == ["position GA2", "position CH3", "action GA2"]
    with pytest.raises(IllegalAction):
        g.act(P1, "action CH3")
    play(g, (P1, "action GA2"))
    play(g, (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"), (P4, "action SB1"),
         (P3, "action AL1"), (P2, "action CH2"))
    assert texts(g, P1) == ["position CH3"]
    g2 = game(4, {P1: ["GA2", "CH3"]})
    play(g2, (P1, "position CH3"))
    assert player(g2, P1)["position"]["card"] == "CH3"


@pytest.mark.parametrize("hand,legal", [
    (["ML3", "ER3"], ["action ML3", "action ER3"]),
    (["BR1", "GA1"], ["position BR1", "position GA1"]),
    (["ER2", "AL2"], ["position ER2", "action ER2"]),
    (["BR2", "GA3"], ["position BR2", "position GA3", "action BR2", "action GA3"]),
])
def test_K_E6_legal_pairs(hand, legal):
    """K-E6: legal first cards: a Position only if the other is not a "1st card" Action; an Action only if it is
    not a "2nd card" Action; there is always at least one legal way."""
    g = game(4, {P1: hand}, removed=["ac", "sb"])
    assert texts(g, P1) == legal


def test_K_E7_action_without_legal_choice_has_no_effect():
    """K-E7: an Action whose choice has no legal option (Cutting Torch with nothing hunted) may be played and does
    nothing; it is still the player's Action."""
    g = game(4, {P1: ["GA1", "BR3"], P2: ["GA3", "CH2"], P3: ["BR2", "AL1"], P4: ["ER1", "SB1"]})
    play(g, (P1, "position GA1"), (P2, "action CH2"))
    assert kinds(g) == [(P3, "first_card")]  # no choice asked
    assert "Cutting Torch (CH2) has no legal choice: no effect." in log_texts(g)
    assert player(g, P2)["action"]["card"] == "CH2"
    play(g, (P3, "position BR2"), (P4, "position ER1"), (P4, "action SB1"), (P3, "action AL1"),
         (P2, "position GA3"), (P1, "action BR3"))
    reveal(g, "br")
    assert g.view(None)["destroyed"] == ["Med Lab", "Access Corridor"]


def test_K_E8_effect_at_5c_applies_although_its_player_died_at_5a():
    """K-E8: every Action resolves even if its player dies: P1 dies in the Gas Leak at 5a, yet P1's Bang the Pots
    still makes the alien take the lowest Priority at 5c."""
    g = game(4, {P1: ["GA1", "GA3"], P2: ["GA2", "BR1"], P3: ["CH3", "AL1"], P4: ["CH2", "BR3"]})
    play(g, (P1, "position GA1"), (P2, "action GA2"), (P3, "position CH3"), (P4, "position CH2"),
         (P4, "action BR3"), (P3, "action AL1"), (P2, "position BR1"), (P1, "action GA3"))
    reveal(g, "ch")
    assert alive(g) == [False, True, True, False]


def test_K_E9_destroy_kills_by_current_location():
    """K-E9: DESTROY kills every On-Board crew member whose CURRENT Location is the destroyed one: P3, who crawled
    into the Galley, dies; the Galley card goes out."""
    g = game(4, {P1: ["GA3", "BR3"], P2: ["GA2", "CH1"], P3: ["BR2", "AC2"], P4: ["ER1", "AL1"]},
             removed=["ml", "sb"])
    play(g, (P1, "position GA3"), (P2, "action GA2"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action AL1"), (P3, "action AC2"), (P3, "location ga"), (P2, "position CH1"), (P1, "action BR3"))
    reveal(g, "al")
    assert alive(g) == [False, True, False, True]
    assert "Galley" in g.view(None)["destroyed"]


@pytest.mark.rule("K-E62")
def test_K_E9_destroy_of_aliens_location_kills_the_alien():
    """K-E9 (with K-E62): Open the Outer Door destroys the Airlock; the alien is revealed there, so it dies."""
    g = game(4, {P1: ["GA1", "BR3"], P2: ["GA3", "AL3"], P3: ["BR2", "AL1"], P4: ["ER1", "SB1"]})
    play(g, (P1, "position GA1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action SB1"), (P3, "action AL1"), (P2, "action AL3"), (P1, "action BR3"))
    reveal(g, "al")
    assert g.over and g.result()["reason"] == "alien destroyed"
    assert g.result()["winners"] == [P1, P2, P3, P4]


def test_K_E10_two_destroys_of_one_location_act_once():
    """K-E10: Gas Leak and a Cutting Torch on the (hunted) Galley in one round destroy it once: one event, its 3
    cards leave once."""
    g = game(4, {P1: ["GA1", "BR3"], P2: ["BR2", "GA2"], P3: ["ER1", "CH2"], P4: ["SB3", "AL1"]},
             start={"round": 2, "hunted": ["ga"]})
    play(g, (P1, "position GA1"), (P2, "position BR2"), (P3, "position ER1"), (P4, "position SB3"),
         (P4, "action AL1"), (P3, "action CH2"), (P3, "location ga"), (P2, "action GA2"), (P1, "action BR3"))
    reveal(g, "al")
    assert log_count(g, "The Galley is DESTROYED.") == 1
    assert log_count(g, "P1 dies as the Galley is destroyed.") == 1
    view = g.view(None)
    assert view["removed_cards"] == ["AC1", "AC2", "AC3", "GA1", "GA2", "GA3", "ML1", "ML2", "ML3"]
    assert view["previously_hunted"] == ["Airlock"]
    assert view["deck_size"] == 15 - 6


def test_K_E11_K_E12_last_on_board_wins_at_once_when_played():
    """K-E11, K-E12: the only living On-Board crew member who plays a LAST ON BOARD card as an Action wins at once:
    no reveal, no End of Round, even as the first card."""
    g = game(3, {P1: ["BR2", "GA1"]}, start={"round": 3, "dead": [P2, P3], "countdown": {P1: 3}})
    play(g, (P1, "action BR2"))
    assert g.over and g.pending() == []
    assert machine(g.result()) == {"winners": [P1], "sides": {0: "crew", 1: "crew", 2: "crew"},
                                   "reason": "last on board"}
    assert not any(t.startswith("Slot") for t in log_texts(g))
    assert player(g, P1)["position"] is None


def test_K_E11_K_E12_last_on_board_ignored_while_others_on_board():
    """K-E11, K-E12: LAST ON BOARD is ignored while others are On Board, and is checked when played: P1 who is
    left alone only after the round's deaths does not win."""
    g = game(3, {P1: ["GA1", "SB3"], P2: ["GA3", "AL1"]}, start={"dead": [P3]})
    play(g, (P1, "position GA1"), (P2, "position GA3"), (P2, "action AL1"), (P1, "action SB3"))
    assert not g.over and kinds(g) == [(P1, "reveal")]
    reveal(g, "ga")
    assert not g.over and alive(g) == [True, False, False]
    assert player(g, P1)["last_on_board_deadline"] == 2


def test_K_E13_ongoing_card_stays_in_front_and_is_not_collected():
    """K-E13: an ONGOING ACTION card (Barricade) stays in front of its player across rounds; not in the deck."""
    g = game(4, {P1: ["GA1", "BR3"], P2: ["GA3", "CH1"], P3: ["BR2", "AL1"], P4: ["ER1", "SB1"]})
    play(g, (P1, "position GA1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action SB1"), (P3, "action AL1"), (P2, "action CH1"), (P2, "location sb"), (P1, "action BR3"))
    reveal(g, "br")  # P3 dies
    assert player(g, P2)["ongoing"] == {"card": "CH1", "since_round": 1, "location": "Shuttle Bay"}
    play(g, (P2, "keep"))
    assert g.view(None)["deck_size"] == 17 - 6
    assert "CH1" not in [c for s in range(4) for c in g.view(s)["hand"]]


def test_K_E15_K_E72_motion_tracker_ends_with_its_holder_and_returns_to_deck():
    """K-E15, K-E72: an ongoing effect ends when its holder dies; the card is collected at 5k (deck back to 18
    in-play cards) and there is no Round Start question any more."""
    g = game(4, removed=["ga", "sb"], start={"round": 2, "ongoing": {P1: {"card": "AC3", "location": "br"}}},
             hands={2: {P1: ["ER2", "ML2"], P2: ["BR2", "AL1"], P3: ["AC1", "CH2"], P4: ["CH3", "ER1"]}})
    play(g, (P1, "keep"), (P1, f"slot {slot_of(g, 'al')}"))
    play(g, (P2, "position BR2"), (P3, "position AC1"), (P4, "position CH3"), (P4, "action ER1"), (P4, "seat 1"),
         (P3, "action CH2"), (P2, "action AL1"), (P1, "position ER2"))
    reveal(g, "er")
    assert alive(g) == [False, True, True, True]
    assert "Motion Tracker (AC3) ends with its holder." in log_texts(g)
    view = g.view(None)
    assert view["players"][P1]["ongoing"] is None
    assert kinds(g)[0] == (P2, "first_card")
    assert view["deck_size"] == 18 - 6


@pytest.mark.rule("K-Q22")
def test_K_E15_ongoing_card_of_destroyed_location_runs_on_then_leaves_the_game():
    """K-E15: a Motion Tracker whose own Location is destroyed keeps running (it is not removed from the game while
    in effect: K-Q22); when it ends it is collected at the next 5k and leaves the game instead of returning to
    the deck."""
    g = game(4, removed=["ga", "sb"],
             start={"round": 3, "hunted": ["ac"], "ongoing": {P1: {"card": "AC3", "location": "br"}}},
             hands={3: {P1: ["BR2", "AC1"], P2: ["ER1", "CH2"], P3: ["AL1", "BR1"], P4: ["ML2", "CH3"]},
                    4: {P1: ["BR2", "AL1"], P2: ["ER1", "ML2"], P4: ["BR3", "CH3"]}})
    play(g, (P1, "keep"), (P1, f"slot {slot_of(g, 'ch')}"))
    play(g, (P2, "position ER1"), (P3, "position AL1"), (P4, "position ML2"), (P4, "action CH3"),
         (P3, "action BR1"), (P3, "slot 1"), (P2, "action CH2"), (P2, "location ac"), (P1, "position BR2"))
    reveal(g, "al")  # P3 dies; the Access Corridor is destroyed
    view = g.view(None)
    assert "Access Corridor" in view["destroyed"]
    assert view["players"][P1]["ongoing"]["card"] == "AC3"
    assert [c for c in view["removed_cards"] if c.startswith("AC")] == ["AC1", "AC2"]
    assert kinds(g) == [(P1, "keep_ongoing")]
    play(g, (P1, "end"))
    play(g, (P1, "position BR2"), (P2, "position ER1"), (P4, "position BR3"), (P4, "action CH3"),
         (P2, "action ML2"), (P1, "action AL1"))
    reveal(g, "ml")
    assert g.view(None)["round"] == 5 and alive(g) == [True, True, False, True]
    held = [c for s in range(4) for c in g.view(s)["hand"]]
    assert "AC3" not in held
    assert g.view(None)["deck_size"] + len(held) == 15  # Bridge, Med Lab, Airlock, Engine Room, Cargo Hold
    assert "AC3" in g.view(None)["removed_cards"]


@pytest.mark.rule("K-E74")
def test_K_E16_K_E17_warning_symbol_is_shown_only():
    """K-E16, K-E17: the warning symbol marks the 9 game-end-changing cards; it is shown in the card data/view
    and carries no rule of its own (Rig the Hatch, without it, still changes the victim; see K-E74)."""
    view_cards = {c["code"]: c for c in game(6).view(None)["cards"]}
    warned = sorted(code for code, c in view_cards.items() if "warning" in c["keywords"])
    assert warned == ["AC1", "AL3", "CH2", "CH3", "ER3", "GA1", "GA2", "ML1", "SB2"]


def test_K_E18_K_E59_evacuation_moves_keeping_card_and_priority():
    """K-E18, K-E59: Evacuation Order names an in-play Location other than the Airlock; everyone there (its player
    included) moves to the Airlock with unchanged card and Priority; the alien at the Airlock takes the moved
    Priority-3 crew member."""
    g = game(4, {P1: ["AL1", "BR3"], P2: ["GA3", "CH2"], P3: ["BR2", "SB1"], P4: ["GA2", "AL2"]})
    play(g, (P1, "position AL1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position GA2"),
         (P4, "action AL2"))
    assert texts(g, P4) == ["location br", "location ga", "location er", "location ch", "location sb"]
    play(g, (P4, "location ga"))
    assert player(g, P2)["position"] == {"card": "GA3", "face_down": False, "location": "Airlock", "priority": 3}
    assert player(g, P4)["position"] == {"card": "GA2", "face_down": False, "location": "Airlock", "priority": 2}
    play(g, (P3, "action SB1"), (P2, "action CH2"), (P1, "action BR3"))
    reveal(g, "al")
    assert alive(g) == [True, False, True, True]


@pytest.mark.rule("K-E74")
@pytest.mark.parametrize("p1_action,rig_target,victim", [
    ("AL1", P4, P1),   # printed: 3 beats 1
    ("SB3", P4, P2),   # Stay Perfectly Still: P1 is 0
    ("AL1", P2, P2),   # Rig the Hatch: P2 is 4
    ("SB3", P1, P1),   # both on P1: 4 wins
])
def test_K_E19_K_E94_effective_priority(p1_action, rig_target, victim):
    """K-E19, K-E94 (with K-E74): effective Priority = printed, but Stay Perfectly Still makes it 0 and Rig the
    Hatch makes it 4; if both apply, 4 wins."""
    g = game(4, {P1: ["CH3", p1_action], P2: ["CH1", "SB1"], P3: ["BR2", "ER1"], P4: ["GA1", "BR3"]})
    play(g, (P1, "position CH3"), (P2, "position CH1"), (P3, "position BR2"), (P4, "position GA1"),
         (P4, "action BR3"), (P3, "action ER1"), (P3, f"seat {rig_target}"), (P2, "action SB1"),
         (P1, f"action {p1_action}"))
    reveal(g, "ch")
    assert [s for s in range(4) if not alive(g)[s]] == [victim]


def test_K_E20_K_E34_sharing_is_by_current_location():
    """K-E20, K-E34: two crew members share a Location when both have a Position at the same current Location:
    after Evacuation Order, the Meat Cleaver at the Airlock may pick the two evacuees, not the Bridge player."""
    g = game(4, {P1: ["AL3", "GA1"], P2: ["GA3", "AL1"], P3: ["BR2", "CH2"], P4: ["GA2", "AL2"]})
    play(g, (P1, "position AL3"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position GA2"),
         (P4, "action AL2"), (P4, "location ga"), (P3, "action CH2"), (P2, "action AL1"), (P1, "action GA1"))
    assert texts(g, P1) == ["seat 1", "seat 3"]


@pytest.mark.rule("K-E53")
def test_K_E21_cancelled_action_does_nothing_but_still_counts():
    """K-E21 (with K-E53): a Sedative-Darted Gas Leak has no effect (no DESTROY) but is still P2's Action: P2's
    other card must be the Position."""
    g = game(4, {P1: ["ML3", "BR1"], P2: ["GA2", "CH3"], P3: ["GA3", "AL1"], P4: ["ER1", "CH1"]},
             removed=["ac", "sb"])
    play(g, (P1, "action ML3"))
    assert texts(g, P1) == ["seat 1", "seat 2", "seat 3"]
    play(g, (P1, "seat 1"), (P2, "action GA2"))
    assert "P2's Gas Leak (GA2) has no effect (Sedative Dart)." in log_texts(g)
    assert player(g, P2, P3)["action"] == {"card": "GA2", "name": "Gas Leak", "cancelled": True}
    play(g, (P3, "position GA3"), (P4, "position ER1"), (P4, "action CH1"), (P4, "location br"),
         (P3, "action AL1"))
    assert texts(g, P2) == ["position CH3"]
    play(g, (P2, "position CH3"), (P1, "position BR1"))
    reveal(g, "al")
    assert "Galley" not in g.view(None)["destroyed"]
    assert alive(g) == [True] * 4


def test_K_E22_scan_needs_two_face_down_cards():
    """K-E22: a card may be scanned only while at least 2 Hunting Row cards are face down: Sensor Sweep scans one of
    two; a later Motion Tracker then has nothing to scan; the scanned card cannot be revealed."""
    g = game(4, {P1: ["BR2", "AL1"], P2: ["AC3", "ML2"], P3: ["ER1", "CH3"], P4: ["AC1", "BR3"]},
             removed=["ga", "sb"], start={"round": 5, "hunted": ["br", "ml", "al", "ac"]}, row=["er", "ch"])
    play(g, (P1, "action BR2"), (P1, "slot 1"), (P1, "slot 2"))
    assert texts(g, P1) == ["slot 1", "slot 2", "none"]
    play(g, (P1, "slot 1"))
    assert g.view(P3)["hunting_row"][0] == {"slot": 1, "face_up": True, "location": "Engine Room"}
    play(g, (P2, "action AC3"))
    assert "Motion Tracker: only one hidden Hunting Row card; nothing to scan." in log_texts(g)
    assert kinds(g) == [(P3, "first_card")]
    play(g, (P3, "position ER1"), (P4, "position AC1"), (P4, "action BR3"), (P3, "action CH3"),
         (P2, "position ML2"), (P1, "position AL1"))
    assert texts(g, P1) == ["slot 2"]


@pytest.mark.rule("K-E90")
def test_K_E23_looks_go_stale_when_the_hidden_cards_are_reshuffled():
    """K-E23 (with K-E90): what a player looked at is forgotten once Signal Flare reshuffles the face-down cards."""
    g = game(4, {P1: ["BR2", "AL1"], P2: ["GA3", "ER1"], P3: ["CH3", "SB3"], P4: ["GA1", "SB1"]},
             start={"round": 2, "hunted": ["br"]})
    play(g, (P1, "action BR2"), (P1, "slot 1"), (P1, "none"), (P1, "none"))
    assert g.view(P1)["hunting_row"][0].get("looked_at") is True
    play(g, (P2, "position GA3"), (P3, "position CH3"), (P4, "position GA1"), (P4, "action SB1"),
         (P4, "location br"))
    assert not any(s.get("looked_at") for s in g.view(P1)["hunting_row"])
    assert len(g.view(P1)["hunting_row"]) == 6


# ---- Bridge ----


def test_K_E25_K_E26_ships_computer_secret_look_then_chooses_reveal():
    """K-E25, K-E26: Ship's Computer looks at one face-down card secretly; at 4b its player (not the First Crew
    Member) picks the reveal, here the slot it saw."""
    g = game(4, {P1: ["GA1", "BR3"], P2: ["GA3", "CH2"], P3: ["ER1", "BR1"], P4: ["BR2", "AL1"]},
             row=["br", "ga", "al", "er", "ch", "sb"])
    play(g, (P1, "position GA1"), (P2, "position GA3"), (P3, "position ER1"), (P4, "position BR2"),
         (P4, "action AL1"), (P3, "action BR1"))
    assert texts(g, P3) == [f"slot {i}" for i in range(1, 7)]
    play(g, (P3, "slot 2"))
    assert "Slot 2 holds the Galley." in log_texts(g, P3)
    assert not any("holds the Galley" in t for t in log_texts(g, P1) + log_texts(g, P2) + log_texts(g, P4))
    play(g, (P2, "action CH2"), (P1, "action BR3"))
    assert kinds(g) == [(P3, "reveal")]
    play(g, (P3, "slot 2"))
    assert alive(g) == [True, False, True, True]


def test_K_E27_ships_computer_played_by_first_crew_member_only_adds_the_look():
    """K-E27: if the Ship's Computer player is the First Crew Member, the reveal stays with them; the look is new."""
    g = game(4, {P1: ["GA1", "BR1"], P2: ["GA3", "CH2"], P3: ["ER1", "BR3"], P4: ["BR2", "AL1"]})
    play(g, (P1, "position GA1"), (P2, "position GA3"), (P3, "position ER1"), (P4, "position BR2"),
         (P4, "action AL1"), (P3, "action BR3"), (P2, "action CH2"), (P1, "action BR1"), (P1, "slot 3"))
    assert kinds(g) == [(P1, "reveal")]
    assert "Slot 3 holds the Airlock." in log_texts(g, P1)


def test_K_E29_K_E30_sensor_sweep_looks_at_up_to_two_and_may_scan_one():
    """K-E29, K-E30: Sensor Sweep looks at up to 2 face-down cards (the second choice excludes the first, 'none'
    stops) and may turn one face up: public, and the alien cannot be revealed there."""
    g = game(4, {P1: ["BR2", "GA1"], P2: ["GA3", "CH2"], P3: ["ER1", "BR3"], P4: ["SB1", "AL1"]},
             row=["br", "ga", "al", "er", "ch", "sb"])
    play(g, (P1, "action BR2"))
    assert texts(g, P1) == [f"slot {i}" for i in range(1, 7)] + ["none"]
    play(g, (P1, "slot 2"))
    assert texts(g, P1) == ["slot 1", "slot 3", "slot 4", "slot 5", "slot 6", "none"]
    play(g, (P1, "slot 5"))
    assert texts(g, P1) == ["slot 2", "slot 5", "none"]
    looked = g.view(P1)["hunting_row"]
    assert looked[1]["location"] == "Galley" and looked[4]["location"] == "Cargo Hold"
    play(g, (P1, "slot 5"))
    assert g.view(P2)["hunting_row"][4] == {"slot": 5, "face_up": True, "location": "Cargo Hold"}
    assert "location" not in g.view(P2)["hunting_row"][1]
    play(g, (P2, "position GA3"), (P3, "position ER1"), (P4, "position SB1"), (P4, "action AL1"),
         (P3, "action BR3"), (P2, "action CH2"), (P1, "position GA1"))
    assert "slot 5" not in texts(g, P1)


def test_K_E29_sensor_sweep_may_look_at_none():
    """K-E29 ("up to 2"): Sensor Sweep may look at no card at all; nothing is looked at or scanned."""
    g = game(4, {P1: ["BR2", "GA1"]})
    play(g, (P1, "action BR2"), (P1, "none"))
    assert kinds(g) == [(P2, "first_card")]
    assert not any(s.get("looked_at") or s["face_up"] for s in g.view(P1)["hunting_row"])


# ---- Galley ----


def test_K_E35_meat_cleaver_kills_a_target_still_beside_at_5a():
    """K-E35: at 5a the Meat Cleaver's target dies if it still shares its player's Location."""
    g = game(4, {P1: ["GA3", "GA1"], P2: ["GA2", "AL1"], P3: ["BR2", "SB1"], P4: ["ER1", "BR3"]})
    play(g, (P1, "position GA3"), (P2, "position GA2"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action BR3"), (P3, "action SB1"), (P2, "action AL1"), (P1, "action GA1"), (P1, "seat 1"))
    reveal(g, "ch")
    assert alive(g) == [True, False, True, True]
    assert "P2 is killed by P1's Meat Cleaver." in log_texts(g)


def test_K_E35_meat_cleaver_target_that_moved_away_lives():
    """K-E35: a Meat Cleaver target who is no longer at its player's Location at 5a survives."""
    g = game(4, {P1: ["GA2", "AC2"], P2: ["GA3", "GA1"], P3: ["BR2", "SB1"], P4: ["ER1", "BR3"]},
             removed=["ml", "al"])
    play(g, (P1, "position GA2"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action BR3"), (P3, "action SB1"), (P2, "action GA1"), (P2, "seat 0"), (P1, "action AC2"),
         (P1, "location ch"))
    reveal(g, "sb")
    assert alive(g) == [True, True, True, True]
    assert "Meat Cleaver: P2 picks P1." in log_texts(g)


@pytest.mark.rule("K-E36", "K-E62", "K-E79", "K-E92", "K-E9")
@pytest.mark.parametrize("rule,card,victim_card,empty", [
    ("K-E36", "GA2", "GA3", "al"),
    ("K-E62", "AL3", "AL2", "ga"),
    ("K-E79", "ER3", "ER1", "ga"),
    ("K-E92", "SB2", "SB3", "ga"),
], ids=["K-E36", "K-E62", "K-E79", "K-E92"])
def test_fixed_destroy_cards_destroy_their_own_location(rule, card, victim_card, empty):
    """K-E36, K-E62, K-E79, K-E92 (with K-E9): Gas Leak, Open the Outer Door, Reactor Overload and Launch the
    Shuttle each DESTROY their own Location at 5a: the crew member there dies, the Location and its 3 cards go."""
    g = game(4, {P1: [victim_card, "BR3"], P2: [card, "BR1"], P3: ["CH3", "AL1"], P4: ["CH2", "SB1"]})
    play(g, (P1, f"position {victim_card}"), (P2, f"action {card}"), (P3, "position CH3"), (P4, "position CH2"),
         (P4, "action SB1"), (P3, "action AL1"), (P2, "position BR1"), (P1, "action BR3"))
    reveal(g, empty)
    assert alive(g) == [False, True, True, True]
    view = g.view(None)
    loc = card[:2]
    assert view["destroyed"] == sorted({"Med Lab", "Access Corridor", name(loc)}, key=LOCATION_ORDER.index)
    assert [c for c in view["removed_cards"] if c.startswith(loc)] == [f"{loc}1", f"{loc}2", f"{loc}3"]


def test_K_E40_cold_storage_player_can_die_in_the_round_played():
    """K-E40: in the round Cold Storage is played its player has a Position as usual and can be killed (then it has
    no effect and ML1 is collected)."""
    g = game(4, {P1: ["BR2", "ML1"], P2: ["GA3", "CH2"], P3: ["GA2", "AL1"], P4: ["ER1", "CH3"]},
             removed=["ac", "sb"])
    play(g, (P1, "position BR2"), (P2, "position GA3"), (P3, "position GA2"), (P4, "position ER1"),
         (P4, "action CH3"), (P3, "action AL1"), (P2, "action CH2"), (P1, "action ML1"))
    reveal(g, "br")
    view = g.view(None)
    assert not view["players"][P1]["alive"] and not view["players"][P1]["frozen"]
    assert view["deck_size"] == 18 - 6


@pytest.mark.rule("K-E53", "K-E74")
def test_K_E42_K_E43_frozen_crew_cannot_be_chosen_as_target():
    """K-E42, K-E43 (with K-E53, K-E74): a Frozen crew member is not On Board: Sedative Dart and Rig the Hatch
    cannot choose them."""
    g = game(4, {P1: ["ML3", "ER2"], P2: ["BR2", "ER1"], P4: ["AL1", "CH3"]}, removed=["ac", "sb"],
             start={"round": 2, "frozen": [P3]})
    play(g, (P3, "location br"), (P1, "action ML3"))
    assert texts(g, P1) == ["seat 1", "seat 3"]
    play(g, (P1, "seat 3"), (P2, "position BR2"), (P4, "position AL1"), (P4, "action CH3"), (P2, "action ER1"))
    assert texts(g, P2) == ["seat 0", "seat 3"]


def test_K_E43_frozen_crew_not_counted_for_short_rounds():
    """K-E43: Frozen crew are not counted for the short-round check: 8 cards for 4 On-Board crew (one more is
    Frozen) is a normal round."""
    g = game(5, removed=["ac", "sb"], start={"round": 2, "frozen": [P5], "destroyed": ["ga", "al", "er"]})
    view = g.view(None)
    assert view["short_round"] is False
    assert [p["cards_in_hand"] for p in view["players"]] == [2, 2, 2, 2, 0]


def test_K_E43_frozen_crew_have_no_position_and_survive_the_round():
    """K-E43: a Frozen crew member has no Position and is skipped; they cannot be killed by the alien or DESTROY."""
    g = game(3, {P1: ["ML2", "AL1"], P2: ["ML3", "GA2"]}, removed=["ac", "sb"], start={"round": 2, "frozen": [P3]})
    play(g, (P3, "location br"), (P1, "position ML2"), (P2, "action GA2"), (P2, "position ML3"),
         (P1, "action AL1"))
    assert player(g, P3)["position"] is None
    reveal(g, "ml")
    view = g.view(None)
    assert view["players"][P3]["alive"] and view["players"][P3]["frozen"]
    assert alive(g) == [True, False, True]  # the alien took P2 (3) at the Med Lab


def test_K_E44_K_E46_correct_guess_brings_the_crew_member_back():
    """K-E44, K-E46: a correct guess thaws the Frozen crew member at 5d: On Board, no Position this round, ML1
    collected at 5k (deck back to 18), dealt normally next round."""
    g = game(4, {P1: ["BR2", "AL1"], P2: ["ML2", "CH3"], P4: ["AC1", "CH2"]}, removed=["ga", "sb"],
             start={"round": 2, "frozen": [P3]})
    play(g, (P3, "location ch"), (P1, "position BR2"), (P2, "position ML2"), (P4, "position AC1"),
         (P4, "action CH2"), (P2, "action CH3"), (P1, "action AL1"))
    reveal(g, "ch")
    view = g.view(None)
    assert view["players"][P3]["on_board"] and view["players"][P3]["ongoing"] is None
    assert view["players"][P3]["cards_in_hand"] == 2
    assert view["deck_size"] == 18 - 8


def test_K_E45_guess_is_among_face_down_hunting_row_cards():
    """K-E45: the Frozen crew member's guess is one of the face-down Hunting Row Locations (a scanned one is not
    offered), and stays secret."""
    g = game(4, removed=["ga", "sb"],
             start={"round": 2, "frozen": [P3], "ongoing": {P1: {"card": "AC3", "location": "br"}}})
    play(g, (P1, "keep"), (P1, f"slot {slot_of(g, 'er')}"))
    assert kinds(g) == [(P3, "thaw_guess")]
    assert texts(g, P3) == ["location br", "location ml", "location al", "location ac", "location ch"]
    play(g, (P3, "location ml"))
    assert player(g, P3, P3)["guess"] == "Med Lab" and player(g, P3, P2)["guess"] is None


def test_K_E48_destroying_the_med_lab_spares_the_frozen_and_removes_ml1():
    """K-E48: destroying the Med Lab does not harm Frozen crew; their ML1, once collected, leaves the game."""
    g = game(4, {P1: ["BR2", "AL1"], P2: ["ER1", "CH2"], P4: ["AC1", "CH3"]}, removed=["ga", "sb"],
             start={"round": 3, "frozen": [P3], "hunted": ["ml"]})
    play(g, (P3, "location al"), (P1, "position BR2"), (P2, "position ER1"), (P4, "position AC1"),
         (P4, "action CH3"), (P2, "action CH2"), (P2, "location ml"), (P1, "action AL1"))
    reveal(g, "al")
    view = g.view(None)
    assert "Med Lab" in view["destroyed"]
    assert view["players"][P3]["alive"] and view["players"][P3]["on_board"]  # thawed by the guess
    held = [c for s in range(4) for c in g.view(s)["hand"]]
    assert "ML1" not in held and "ML1" in view["removed_cards"]
    assert view["deck_size"] + len(held) == 15


def test_K_E48_frozen_crew_member_stays_frozen_when_med_lab_is_destroyed():
    """K-E48: the Frozen crew member stays Frozen and alive when the Med Lab is destroyed; their ML1 stays in front
    of them and is only removed from the game when collected (not while in effect)."""
    g = game(4, {P1: ["BR2", "AL1"], P2: ["ER1", "CH2"], P4: ["AC1", "CH3"]}, removed=["ga", "sb"],
             start={"round": 3, "frozen": [P3], "hunted": ["ml"]})
    play(g, (P3, "location br"), (P1, "position BR2"), (P2, "position ER1"), (P4, "position AC1"),
         (P4, "action CH3"), (P2, "action CH2"), (P2, "location ml"), (P1, "action AL1"))
    reveal(g, "al")
    assert player(g, P3)["alive"] and player(g, P3)["frozen"]
    assert player(g, P3)["ongoing"]["card"] == "ML1"
    assert [c for c in g.view(None)["removed_cards"] if c.startswith("ML")] == ["ML2", "ML3"]


# ---- Med Lab ----


@pytest.mark.rule("K-V12")
def test_K_E50_adrenaline_shot_victim_escapes_and_nobody_dies():
    """K-E50, K-V12: if the alien picks the Adrenaline Shot player, they survive and the alien kills nobody this
    round."""
    g = game(4, {P1: ["GA3", "ML2"], P2: ["GA1", "BR3"], P3: ["BR2", "AL1"], P4: ["ER1", "CH3"]},
             removed=["ac", "sb"])
    play(g, (P1, "position GA3"), (P2, "position GA1"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action CH3"), (P3, "action AL1"), (P2, "action BR3"), (P1, "action ML2"))
    reveal(g, "ga")
    assert alive(g) == [True] * 4
    assert "The alien lunges at P1, who escapes on adrenaline: nobody dies." in log_texts(g)


def test_K_E50_adrenaline_shot_does_nothing_if_not_picked():
    """K-E50: Adrenaline Shot only helps if its player is the one picked: the higher Priority beside them dies."""
    g = game(4, {P1: ["GA1", "ML2"], P2: ["GA3", "BR3"], P3: ["BR2", "AL1"], P4: ["ER1", "CH3"]},
             removed=["ac", "sb"])
    play(g, (P1, "position GA1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action CH3"), (P3, "action AL1"), (P2, "action BR3"), (P1, "action ML2"))
    reveal(g, "ga")
    assert alive(g) == [True, False, True, True]


def test_K_E51_adrenaline_shot_gives_no_protection_against_destroy():
    """K-E51: Adrenaline Shot does not save its player from a DESTROY."""
    g = game(4, {P1: ["GA3", "ML2"], P2: ["GA2", "BR3"], P3: ["BR2", "AL1"], P4: ["ER1", "CH3"]},
             removed=["ac", "sb"])
    play(g, (P1, "position GA3"), (P2, "action GA2"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action CH3"), (P3, "action AL1"), (P2, "position BR3"), (P1, "action ML2"))
    reveal(g, "er")
    assert not player(g, P1)["alive"]


def test_K_E53_sedative_dart_targets_on_board_others_without_earlier_ongoing():
    """K-E53: Sedative Dart picks another On-Board crew member who is not holding an ongoing Action from an earlier
    round (not self, not the dead, not the ongoing holder)."""
    g = game(5, {P1: ["ML3", "BR2"]}, removed=["ga", "sb"],
             start={"round": 2, "dead": [P5], "ongoing": {P4: {"card": "CH1", "location": "br"}}})
    play(g, (P4, "keep"), (P1, "action ML3"))
    assert texts(g, P1) == ["seat 1", "seat 2"]


def test_K_E53_K_E54_dart_cancels_a_red_action_already_played():
    """K-E53, K-E54: a red Action already played this round (Open the Outer Door) is cancelled by a later Sedative
    Dart before 5a: the Airlock is not destroyed."""
    g = game(4, {P2: ["AL3", "GA3"], P3: ["AL1", "CH3"], P4: ["ER1", "BR3"], P1: ["ML3", "CH2"]},
             removed=["ac", "sb"], first=P2)
    play(g, (P2, "action AL3"), (P3, "position AL1"), (P4, "position ER1"), (P1, "action ML3"), (P1, "seat 1"))
    assert "P2's Open the Outer Door (AL3) is cancelled; what it has already done stays done." in log_texts(g)
    play(g, (P1, "position CH2"), (P4, "action BR3"), (P3, "action CH3"), (P2, "position GA3"))
    reveal(g, "ml")
    assert "Airlock" not in g.view(None)["destroyed"]
    assert alive(g) == [True] * 4


@pytest.mark.rule("K-E97")
def test_K_E54_dart_does_not_undo_a_black_action_already_resolved():
    """K-E54 (with K-E97): a black Action already resolved stays done: the Sensor Sweep scan of the darted player
    stays face up and that card still cannot be revealed."""
    g = game(4, {P2: ["BR2", "GA3"], P3: ["AL1", "CH3"], P4: ["ER1", "BR3"], P1: ["ML3", "CH2"]},
             removed=["ac", "sb"], first=P2)
    play(g, (P2, "action BR2"), (P2, "slot 1"), (P2, "none"), (P2, "slot 1"))
    play(g, (P3, "position AL1"), (P4, "position ER1"), (P1, "action ML3"), (P1, "seat 1"))
    assert g.view(P3)["hunting_row"][0]["face_up"] is True
    play(g, (P1, "position CH2"), (P4, "action BR3"), (P3, "action CH3"), (P2, "position GA3"))
    assert "slot 1" not in texts(g, P2)


@pytest.mark.rule("K-E97")
def test_K_E55_darted_motion_tracker_never_starts_its_lasting_effect():
    """K-E55 (with K-E97): a Motion Tracker played this round and then darted keeps its first scan, but its lasting
    effect never starts and AC3 is collected at 5k."""
    g = game(4, {P2: ["AC3", "BR2"], P3: ["AL1", "CH3"], P4: ["ER1", "ML2"], P1: ["ML3", "CH2"]},
             removed=["ga", "sb"], first=P2)
    play(g, (P2, "action AC3"), (P2, f"slot {slot_of(g, 'al')}"), (P3, "position AL1"), (P4, "position ER1"),
         (P1, "action ML3"), (P1, "seat 1"))
    assert player(g, P2)["ongoing"] is None
    assert g.view(None)["hunting_row"][slot_of(g, "al") - 1]["face_up"] is True
    play(g, (P1, "position CH2"), (P4, "action ML2"), (P3, "action CH3"), (P2, "position BR2"))
    assert f"slot {slot_of(g, 'al')}" not in texts(g, P2)
    reveal(g, "ml")
    assert alive(g) == [True] * 4
    assert kinds(g)[0] == (P2, "first_card")  # no Round Start keep/end question
    assert g.view(None)["deck_size"] == 18 - 8


# ---- Airlock ----


def test_K_E57_space_suit_saves_from_destroy():
    """K-E57: with Space Suit its player cannot be killed by DESTROY this round."""
    g = game(4, {P1: ["GA3", "AL1"], P2: ["GA2", "BR3"], P3: ["GA1", "AL3"], P4: ["ER1", "CH3"]})
    play(g, (P1, "position GA3"), (P2, "action GA2"), (P3, "position GA1"), (P4, "position ER1"),
         (P4, "action CH3"), (P3, "action AL3"), (P2, "position BR3"), (P1, "action AL1"))
    reveal(g, "sb")
    assert alive(g) == [True, True, False, True]
    assert "P1's Space Suit saves them from the DESTROY." in log_texts(g)


def test_K_E57_space_suit_does_not_stop_the_alien():
    """K-E57: Space Suit does not protect from the alien (every other cause of death still applies)."""
    g = game(4, {P1: ["CH3", "AL1"], P2: ["CH1", "BR3"], P3: ["BR2", "SB1"], P4: ["ER1", "GA1"]})
    play(g, (P1, "position CH3"), (P2, "position CH1"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action GA1"), (P3, "action SB1"), (P2, "action BR3"), (P1, "action AL1"))
    reveal(g, "ch")
    assert alive(g) == [False, True, True, True]  # the suited P1 (Priority 3) is the alien's victim


@pytest.mark.rule("K-E77")
def test_K_E59_K_E61_K_E78_evacuation_moves_face_down_positions_silently():
    """K-E59, K-E61, K-E78 (with K-E77): Evacuation Order also moves face-down Positions; the public log shows only
    the named Location; the move shows at 4a, and the alien takes the evacuee at the Airlock."""
    g = game(4, {P1: ["ER2", "CH3"], P2: ["GA3", "CH2"], P3: ["BR2", "AL1"], P4: ["SB1", "AL2"]})
    play(g, (P1, "action ER2"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position SB1"),
         (P4, "action AL2"), (P4, "location ga"))
    assert player(g, P2, P3)["position"] == {"face_down": True}
    assert player(g, P2, P2)["position"]["location"] == "Airlock"
    round_log = log_texts(g, P3)
    assert "Evacuation: Galley to Airlock." in round_log
    assert not any("P2" in t and ("Airlock" in t or "Galley" in t) for t in round_log)
    play(g, (P3, "action AL1"), (P2, "action CH2"), (P1, "position CH3"))
    assert player(g, P2, P3)["position"]["location"] == "Airlock"
    reveal(g, "al")
    assert alive(g) == [True, False, True, True]


def test_K_E60_evacuation_does_not_move_later_positions():
    """K-E60: Positions played at the named Location after Evacuation Order stay there."""
    g = game(4, {P1: ["GA1", "AL1"], P2: ["GA3", "CH2"], P3: ["BR2", "SB1"], P4: ["ER1", "AL2"]})
    play(g, (P1, "action AL1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action AL2"), (P4, "location ga"), (P3, "action SB1"), (P2, "action CH2"), (P1, "position GA1"))
    assert player(g, P1)["position"]["location"] == "Galley"
    assert player(g, P2)["position"]["location"] == "Airlock"
    reveal(g, "ga")
    assert alive(g) == [False, True, True, True]


# ---- Access Corridor ----


def test_K_E64_K_E65_K_E66_coward_caught_by_sharing_before_playing_it():
    """K-E64, K-E65, K-E66: The Coward dies at 5a if anyone shared their Location at any time this round, even
    before AC1 was played and even though the sharer crawled away."""
    g = game(4, {P1: ["ER3", "AC1"], P2: ["ER1", "AC2"], P3: ["BR2", "AL1"], P4: ["GA1", "BR3"]},
             removed=["ml", "sb"])
    play(g, (P1, "position ER3"), (P2, "position ER1"), (P3, "position BR2"), (P4, "position GA1"),
         (P4, "action BR3"), (P3, "action AL1"), (P2, "action AC2"), (P2, "location ga"), (P1, "action AC1"))
    reveal(g, "ch")
    assert alive(g) == [False, True, True, True]
    assert "P1, the Coward, was caught sharing a Location and dies." in log_texts(g)


def test_K_E65_K_E78_coward_caught_by_a_face_down_position():
    """K-E65, K-E78: a face-down Position sharing the Coward's Location catches the Coward."""
    g = game(4, {P1: ["ER2", "GA3"], P2: ["AC1", "CH3"], P3: ["CH1", "AL1"], P4: ["BR2", "ER1"]},
             removed=["ml", "sb"])
    play(g, (P1, "action ER2"), (P2, "action AC1"), (P3, "position CH1"), (P4, "position BR2"),
         (P4, "action ER1"), (P4, "seat 0"), (P3, "action AL1"), (P2, "position CH3"), (P1, "position GA3"))
    reveal(g, "al")
    assert alive(g) == [True, False, True, True]


def test_K_E66_coward_caught_after_a_move():
    """K-E66: sharing is checked after every move too: Evacuation Order carries the Coward into the Airlock beside
    another crew member, so the Coward dies at 5a."""
    g = game(4, {P1: ["GA3", "AC1"], P2: ["BR2", "CH2"], P3: ["AL1", "ER1"], P4: ["CH3", "AL2"]},
             removed=["ml", "sb"])
    play(g, (P1, "position GA3"), (P2, "position BR2"), (P3, "position AL1"), (P4, "position CH3"),
         (P4, "action AL2"), (P4, "location ga"), (P3, "action ER1"), (P3, "seat 1"), (P2, "action CH2"),
         (P1, "action AC1"))
    reveal(g, "er")
    assert alive(g) == [False, True, True, True]


@pytest.mark.rule("K-V9")
def test_K_E67_uncaught_coward_cannot_be_the_victim():
    """K-E67, K-V9: a Coward nobody shared with cannot be picked by the alien (alone at its Location, nobody dies)."""
    g = game(4, {P1: ["AC1", "CH3"], P2: ["GA3", "CH2"], P3: ["BR2", "AL1"], P4: ["ER1", "BR3"]},
             removed=["ml", "sb"])
    play(g, (P1, "action AC1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action BR3"), (P3, "action AL1"), (P2, "action CH2"), (P1, "position CH3"))
    reveal(g, "ch")
    assert alive(g) == [True] * 4


def test_K_E69_crawl_through_the_vents_moves_publicly_face_down_stays_down():
    """K-E69: Crawl Through the Vents moves its player to another in-play Location (not the current one, not a
    destroyed one); the destination is public; a face-down Position stays face down."""
    g = game(4, {P1: ["ER2", "CH1"], P2: ["BR2", "AC2"], P3: ["GA3", "AL1"], P4: ["ER1", "CH3"]},
             removed=["ml", "sb"])
    play(g, (P1, "action ER2"), (P2, "position BR2"), (P3, "position GA3"), (P4, "position ER1"),
         (P4, "action CH3"), (P3, "action AL1"), (P2, "action AC2"))
    assert texts(g, P2) == ["location ga", "location al", "location ac", "location er", "location ch"]
    play(g, (P2, "location ga"))
    assert "P2 crawls through the vents to the Galley." in log_texts(g, P3)
    assert player(g, P2, P3)["position"] == {"face_down": True}
    assert player(g, P2, P2)["position"] == {"card": "BR2", "face_down": True, "location": "Galley",
                                             "priority": 2}


def test_K_E71_motion_tracker_scans_when_played():
    """K-E71: when Motion Tracker is played its holder scans a face-down slot: face up for everyone; the card then
    lies in front of its holder (ongoing)."""
    g = game(4, {P1: ["AC3", "BR2"]}, removed=["ga", "sb"], row=["br", "ml", "al", "ac", "er", "ch"])
    play(g, (P1, "action AC3"))
    assert kinds(g) == [(P1, "tracker")]
    assert texts(g, P1) == [f"slot {i}" for i in range(1, 7)]
    play(g, (P1, "slot 3"))
    assert g.view(P4)["hunting_row"][2] == {"slot": 3, "face_up": True, "location": "Airlock"}
    assert player(g, P1, P3)["ongoing"] == {"card": "AC3", "since_round": 1, "location": None}


@pytest.mark.rule("K-E71")
def test_K_E72_motion_tracker_runs_until_its_holder_ends_it():
    """K-E72 (with K-E71): a Motion Tracker keeps scanning at every Round Start until its holder ends it."""
    g = game(4, removed=["ga", "sb"], start={"round": 2, "ongoing": {P1: {"card": "AC3", "location": "br"}}},
             hands={2: {P1: ["BR2", "AL1"], P2: ["ML2", "CH3"], P3: ["AC1", "CH2"], P4: ["ER1", "BR3"]}})
    play(g, (P1, "keep"), (P1, "slot 1"))
    assert g.view(None)["hunting_row"][0]["face_up"] is True  # scanned again at this Round Start
    play(g, (P2, "position ML2"), (P3, "position AC1"), (P4, "position ER1"), (P4, "action BR3"),
         (P3, "action CH2"), (P2, "action CH3"), (P1, "position BR2"))
    reveal(g, "al")
    assert kinds(g) == [(P1, "keep_ongoing")]
    play(g, (P1, "end"))
    assert player(g, P1)["ongoing"] is None
    assert kinds(g)[0][1] == "first_card"


# ---- Engine Room ----


@pytest.mark.rule("K-C12", "K-T26")
def test_K_E76_K_E77_blackout_hides_later_positions_only():
    """K-E76, K-E77 (with K-C12, K-T26): after Blackout every Position played is face down (its own player's too),
    seen only by its owner; Positions already face up stay up; all turn up at 4a."""
    g = game(4, {P2: ["GA3", "CH2"], P3: ["BR2", "AL1"], P4: ["ER1", "SB1"], P1: ["ER2", "GA1"]}, first=P2)
    play(g, (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"), (P1, "action ER2"),
         (P1, "position GA1"), (P4, "action SB1"), (P3, "action AL1"))
    assert player(g, P2, P3)["position"]["card"] == "GA3"
    assert player(g, P1, P3)["position"] == {"face_down": True}
    assert player(g, P1, P1)["position"] == {"card": "GA1", "face_down": True, "location": "Galley",
                                             "priority": 1}
    assert "Your Position, face down: Galley 1 (GA1)." in log_texts(g, P1)
    assert not any("GA1" in t for t in log_texts(g, P3))
    play(g, (P2, "action CH2"))
    assert player(g, P1, P3)["position"]["card"] == "GA1"


@pytest.mark.rule("K-E34")
def test_K_E78_meat_cleaver_cannot_pick_a_face_down_position():
    """K-E78 (with K-E34): Meat Cleaver may only pick a crew member whose Position is face up."""
    g = game(4, {P2: ["AL1", "CH2"], P3: ["BR2", "SB1"], P4: ["AL3", "GA1"], P1: ["ER2", "AL2"]}, first=P2)
    play(g, (P2, "position AL1"), (P3, "position BR2"), (P4, "position AL3"), (P1, "action ER2"),
         (P1, "position AL2"), (P4, "action GA1"))
    assert texts(g, P4) == ["seat 1"]


# ---- Cargo Hold ----


def test_K_E81_K_E82_barricade_names_an_in_play_location_and_holds_this_round():
    """K-E81, K-E82: Barricade names any in-play Location (hunted ones included); if the alien comes there, nobody
    dies at 5c; the barricade then breaks."""
    g = game(4, {P1: ["GA3", "BR3"], P2: ["GA1", "CH1"], P3: ["BR2", "AL1"], P4: ["ER1", "SB3"]},
             start={"round": 2, "hunted": ["br"]})
    play(g, (P1, "position GA3"), (P2, "position GA1"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action SB3"), (P3, "action AL1"), (P2, "action CH1"))
    assert texts(g, P2) == ["location br", "location ga", "location al", "location er", "location ch",
                            "location sb"]
    play(g, (P2, "location ga"), (P1, "action BR3"))
    reveal(g, "ga")
    assert alive(g) == [True] * 4
    assert player(g, P2)["ongoing"] is None  # broken at 5i


def test_K_E82_barricade_elsewhere_does_not_protect():
    """K-E82: a Barricade only protects its named Location."""
    g = game(4, {P1: ["GA3", "BR3"], P2: ["GA1", "CH1"], P3: ["BR2", "AL1"], P4: ["ER1", "SB3"]})
    play(g, (P1, "position GA3"), (P2, "position GA1"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action SB3"), (P3, "action AL1"), (P2, "action CH1"), (P2, "location er"), (P1, "action BR3"))
    reveal(g, "ga")
    assert alive(g) == [False, True, True, True]
    assert player(g, P2)["ongoing"]["location"] == "Engine Room"


def test_K_E83_K_E84_barricade_ends_with_its_location_and_does_not_stop_destroy():
    """K-E83, K-E84: a Barricade does not stop a DESTROY of its Location; the destroyed Location ends it."""
    g = game(4, {P1: ["GA3", "BR3"], P2: ["ER1", "CH1"], P3: ["BR2", "GA2"], P4: ["SB1", "AL1"]})
    play(g, (P1, "position GA3"), (P2, "position ER1"), (P3, "position BR2"), (P4, "position SB1"),
         (P4, "action AL1"), (P3, "action GA2"), (P2, "action CH1"), (P2, "location ga"), (P1, "action BR3"))
    reveal(g, "al")
    assert alive(g) == [False, True, True, True]
    assert player(g, P2)["ongoing"] is None
    assert kinds(g)[0][1] == "first_card"


@pytest.mark.rule("K-E8")
def test_K_E83_barricade_ends_with_its_holder():
    """K-E83 (with K-E8): a Barricade whose holder dies still applies at 5c of that round, then ends."""
    g = game(4, {P1: ["GA3", "BR3"], P2: ["GA1", "CH1"], P3: ["BR2", "GA2"], P4: ["SB1", "AL1"]},
             removed=["ml", "ac"])
    play(g, (P1, "position GA3"), (P2, "position GA1"), (P3, "position BR2"), (P4, "position SB1"),
         (P4, "action AL1"), (P3, "action GA2"), (P2, "action CH1"), (P2, "location sb"), (P1, "action BR3"))
    reveal(g, "sb")
    assert alive(g) == [False, False, True, True]  # the Gas Leak; the Barricade saved P4
    assert player(g, P2)["ongoing"] is None


@pytest.mark.rule("K-E90", "K-E9")
def test_K_E86_cutting_torch_names_a_hunted_location_destroyed_wherever_it_lies():
    """K-E86 (with K-E90, K-E9): Cutting Torch names a Previously Hunted Location; after Signal Flare puts it back
    in the Hunting Row it is still destroyed at 5a, and the alien revealed there dies."""
    g = game(4, {P1: ["GA1", "BR3"], P2: ["CH2", "GA3"], P3: ["ER1", "AL1"], P4: ["SB3", "SB1"]},
             start={"round": 2, "hunted": ["br", "ch"]})
    play(g, (P1, "position GA1"), (P2, "action CH2"))
    assert texts(g, P2) == ["location br", "location ch"]
    play(g, (P2, "location br"), (P3, "position ER1"), (P4, "position SB3"), (P4, "action SB1"),
         (P4, "location br"), (P3, "action AL1"), (P2, "position GA3"), (P1, "action BR3"))
    assert "Bridge" in g.view(None)["hunting_row_locations"]
    reveal(g, "br")
    assert g.over and g.result()["reason"] == "alien destroyed"
    assert g.result()["winners"] == [P1, P2, P3, P4]


@pytest.mark.rule("K-V12")
def test_K_E88_flamethrower_kills_the_alien_that_picks_its_player():
    """K-E88, K-V12: if the alien picks the Flamethrower player, the alien dies, the player survives, the game ends."""
    g = game(4, {P1: ["GA3", "CH3"], P2: ["GA1", "BR3"], P3: ["BR2", "AL1"], P4: ["ER1", "SB1"]})
    play(g, (P1, "position GA3"), (P2, "position GA1"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action SB1"), (P3, "action AL1"), (P2, "action BR3"), (P1, "action CH3"))
    reveal(g, "ga")
    assert g.over and g.result()["reason"] == "flamethrower"
    assert g.result()["winners"] == [P1, P2, P3, P4]


# ---- Shuttle Bay ----


def test_K_E90_signal_flare_returns_a_hunted_card_and_reshuffles_hidden_ones():
    """K-E90: Signal Flare puts a Previously Hunted card face down into the Hunting Row and reshuffles the face-down
    cards; a scanned card stays face up in its slot."""
    g = game(4, removed=["ga", "ml"],
             start={"round": 2, "hunted": ["br"], "ongoing": {P1: {"card": "AC3", "location": "br"}}},
             hands={2: {P1: ["BR2", "AL1"], P2: ["ER1", "CH3"], P3: ["AC1", "BR3"], P4: ["SB3", "SB1"]}})
    assert g.hunting_row == [3, 4, 5, 6, 7]
    play(g, (P1, "keep"), (P1, "slot 3"))
    play(g, (P2, "position ER1"), (P3, "position AC1"), (P4, "position SB3"), (P4, "action SB1"))
    assert texts(g, P4) == ["location br"]
    play(g, (P4, "location br"))
    view = g.view(P2)
    assert view["previously_hunted"] == []
    assert len(view["hunting_row"]) == 6
    assert view["hunting_row"][2] == {"slot": 3, "face_up": True, "location": "Engine Room"}
    assert sum(s["face_up"] for s in view["hunting_row"]) == 1
    assert sorted(view["hunting_row_locations"]) == ["Access Corridor", "Airlock", "Bridge", "Cargo Hold",
                                                     "Engine Room", "Shuttle Bay"]


def test_K_E90_signal_flare_order_is_shuffled():
    """K-E90: the face-down cards are shuffled into new slots by Signal Flare (order varies with the seed)."""
    orders = set()
    for seed in range(8):
        g = game(4, {P1: ["GA1", "BR3"], P2: ["GA3", "CH2"], P3: ["BR2", "AL1"], P4: ["ER1", "SB1"]},
                 start={"round": 2, "hunted": ["br"]}, seed=seed)
        play(g, (P1, "position GA1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
             (P4, "action SB1"), (P4, "location br"))
        orders.add(tuple(g.hunting_row))
    assert len(orders) > 1


def test_K_E91_signal_flare_with_nothing_hunted_has_no_effect():
    """K-E91: with an empty Previously Hunted Area Signal Flare does nothing."""
    g = game(4, {P1: ["GA1", "BR3"], P2: ["GA3", "CH2"], P3: ["BR2", "AL1"], P4: ["ER1", "SB1"]})
    before = list(g.hunting_row)
    play(g, (P1, "position GA1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action SB1"))
    assert "Signal Flare (SB1) has no legal choice: no effect." in log_texts(g)
    assert g.hunting_row == before and kinds(g) == [(P3, "second_card")]


# ---- Cross-card rules ----


def test_K_E95_destroying_another_location_does_not_kill_the_alien():
    """K-E95: only destroying the alien's own Location (or a Flamethrower) kills it: a DESTROY elsewhere and a
    Meat Cleaver kill leave it alive."""
    g = game(4, {P1: ["GA3", "GA1"], P2: ["GA2", "AL1"], P3: ["SB1", "SB2"], P4: ["ER1", "BR3"]})
    play(g, (P1, "position GA3"), (P2, "position GA2"), (P3, "position SB1"), (P4, "position ER1"),
         (P4, "action BR3"), (P3, "action SB2"), (P2, "action AL1"), (P1, "action GA1"), (P1, "seat 1"))
    reveal(g, "er")
    assert not g.over
    assert alive(g) == [True, False, False, False]  # Meat Cleaver, Launch the Shuttle, then the alien


def test_K_E96_barricade_is_checked_before_flamethrower():
    """K-E96: the Barricade check comes first: at a barricaded Location the alien picks nobody, so the
    Flamethrower does not fire and the alien lives."""
    g = game(4, {P1: ["GA3", "CH3"], P2: ["GA1", "CH1"], P3: ["BR2", "AL1"], P4: ["ER1", "SB1"]})
    play(g, (P1, "position GA3"), (P2, "position GA1"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action SB1"), (P3, "action AL1"), (P2, "action CH1"), (P2, "location ga"), (P1, "action CH3"))
    reveal(g, "ga")
    assert not g.over and alive(g) == [True] * 4


def test_K_E96_victim_by_priority_rule_first_then_adrenaline():
    """K-E96: the victim is chosen by the Priority rule (Bang the Pots: lowest), and only then is Adrenaline Shot
    applied to that victim: P1 (Priority 1) escapes and nobody dies; P2 (Priority 3) is never picked."""
    g = game(4, {P1: ["CH1", "ML2"], P2: ["CH3", "BR3"], P3: ["BR2", "GA3"], P4: ["ER1", "AL1"]},
             removed=["ac", "sb"])
    play(g, (P1, "position CH1"), (P2, "position CH3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action AL1"), (P3, "action GA3"), (P2, "action BR3"), (P1, "action ML2"))
    reveal(g, "ch")
    assert alive(g) == [True] * 4
    assert "The alien lunges at P1, who escapes on adrenaline: nobody dies." in log_texts(g)


def test_K_E96_flamethrower_only_fires_for_the_chosen_victim():
    """K-E96: the Flamethrower acts on the victim chosen by Priority only: P1 (Flamethrower, Priority 1) is not
    picked, P2 (Priority 3) dies and the alien lives."""
    g = game(4, {P1: ["GA1", "CH3"], P2: ["GA3", "BR3"], P3: ["BR2", "AL1"], P4: ["ER1", "SB1"]})
    play(g, (P1, "position GA1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action SB1"), (P3, "action AL1"), (P2, "action BR3"), (P1, "action CH3"))
    reveal(g, "ga")
    assert not g.over and alive(g) == [True, False, True, True]


def test_K_E97_dart_on_blackout_stops_only_later_face_down_positions():
    """K-E97: a Sedative Dart on the Blackout player keeps what was done (earlier face-down Positions stay down)
    and cancels the rest: Positions played after the dart are face up."""
    g = game(4, {P1: ["ER2", "CH3"], P2: ["GA3", "CH2"], P3: ["ML3", "AL1"], P4: ["BR2", "ER1"]},
             removed=["ac", "sb"])
    play(g, (P1, "action ER2"), (P2, "position GA3"), (P3, "action ML3"), (P3, "seat 0"), (P4, "position BR2"))
    assert player(g, P2, P4)["position"] == {"face_down": True}
    assert player(g, P4, P2)["position"]["card"] == "BR2"
    play(g, (P4, "action ER1"), (P4, "seat 1"), (P3, "position AL1"), (P2, "action CH2"), (P1, "position CH3"))
    assert player(g, P3, P2)["position"]["card"] == "AL1"
    assert player(g, P1, P2)["position"]["card"] == "CH3"


def test_K_E97_dart_cancels_take_commands_marker_change():
    """K-E97: a Sedative Dart on a Take Command already played cancels its marker change next round."""
    g = game(4, {P1: ["GA1", "CH2"], P2: ["BR3", "GA3"], P3: ["ML3", "AL1"], P4: ["ER1", "CH3"]},
             removed=["ac", "sb"])
    play(g, (P1, "position GA1"), (P2, "action BR3"), (P3, "action ML3"), (P3, "seat 1"), (P4, "position ER1"),
         (P4, "action CH3"), (P3, "position AL1"), (P2, "position GA3"), (P1, "action CH2"))
    reveal(g, "ch")
    assert g.view(None)["first_crew_member"] == P1
    assert kinds(g)[0] == (P1, "first_card")
