"""Rule tests for This Game Is Killer, sections 1 (Components, K-C*) and 2 (Setup, K-S*)."""

from __future__ import annotations

from collections import Counter

import pytest

import treachery
from treachery.engine import GameConfigError
from treachery.games.killer.cards import LOCATIONS, load_cards

from .rulekit import auto, game, player, reveal, slot_of
from .util import P1, P2, P3, P4, P5, play, texts

CARDS = load_cards().cards
BY_CODE = {c.code: c for c in CARDS}
ALL_LOCATIONS = ["Bridge", "Galley", "Med Lab", "Airlock", "Access Corridor", "Engine Room", "Cargo Hold",
                 "Shuttle Bay"]
STATUS_NAMES = {
    "Captain Rhea Valdez", "First Officer Colm Brandt", "Pilot Suki Amari", "Navigator Elias Dunmore",
    "Chief Engineer Hollis Crane", "Technician Pia Lund", "Medic Anya Petrov", "Science Officer Ravi Kessler",
    "Cargo Chief Marcus Obi", "Cook Gus Delaney",
}
# K-D2..K-D25: code -> (name, colour, keywords)
TABLE = {
    "BR1": ("Ship's Computer", "black", {"second"}),
    "BR2": ("Sensor Sweep", "black", {"lob"}),
    "BR3": ("Take Command", "black", {"lob"}),
    "GA1": ("Meat Cleaver", "red", {"second", "warning"}),
    "GA2": ("Gas Leak", "red", {"destroy", "warning"}),
    "GA3": ("Bang the Pots", "red", {"lob"}),
    "ML1": ("Cold Storage", "red", {"ongoing", "warning"}),
    "ML2": ("Adrenaline Shot", "red", {"lob"}),
    "ML3": ("Sedative Dart", "black", {"first"}),
    "AL1": ("Space Suit", "red", {"lob"}),
    "AL2": ("Evacuation Order", "black", {"second"}),
    "AL3": ("Open the Outer Door", "red", {"destroy", "lob", "warning"}),
    "AC1": ("The Coward", "red", {"warning"}),
    "AC2": ("Crawl Through the Vents", "black", {"second", "lob"}),
    "AC3": ("Motion Tracker", "black", {"ongoing"}),
    "ER1": ("Rig the Hatch", "red", set()),
    "ER2": ("Blackout", "black", {"first", "lob"}),
    "ER3": ("Reactor Overload", "red", {"destroy", "first", "warning"}),
    "CH1": ("Barricade", "red", {"ongoing"}),
    "CH2": ("Cutting Torch", "red", {"destroy", "warning"}),
    "CH3": ("Flamethrower", "red", {"second", "warning"}),
    "SB1": ("Signal Flare", "black", {"second"}),
    "SB2": ("Launch the Shuttle", "red", {"destroy", "lob", "warning"}),
    "SB3": ("Stay Perfectly Still", "red", {"lob"}),
}
K2_DEAL = {P1: ["GA1", "BR3"], P2: ["GA3", "CH2"], P3: ["BR2", "AL1"], P4: ["ER1", "SB1"]}


def _hand_codes(g, seat):
    return g.view(seat)["hand"]


# ---- 1 Components ----


def test_K_C1_ship_hud_has_eight_compartments():
    """K-C1: the Ship HUD has the 8 named compartments; with 6+ players all 8 are on the HUD, none destroyed."""
    assert list(LOCATIONS) == ALL_LOCATIONS
    view = treachery.new_game("killer", players=6, seed=3).view(None)
    assert sorted(view["hunting_row_locations"]) == sorted(ALL_LOCATIONS)
    assert view["destroyed"] == []


def test_K_C2_destroyed_location_is_out_of_play():
    """K-C2: a Location lying face down on the HUD (destroyed) is not in play: it is listed as destroyed, is not
    in the Hunting Row and cannot be named; visible Locations are accessible (nameable)."""
    g = game(4, {P1: ["GA1", "AL2"], P2: ["GA3", "CH2"], P3: ["BR2", "AL1"], P4: ["ER1", "SB1"]})
    view = g.view(None)
    assert view["destroyed"] == ["Med Lab", "Access Corridor"]
    assert "Med Lab" not in view["hunting_row_locations"]
    assert "Access Corridor" not in view["hunting_row_locations"]
    play(g, (P1, "position GA1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action SB1"), (P3, "action AL1"), (P2, "action CH2"), (P1, "action AL2"))
    # Evacuation Order names an in-play Location other than the Airlock: only visible ones are offered.
    assert texts(g, P1) == ["location br", "location ga", "location er", "location ch", "location sb"]


def test_K_C3_eight_location_cards_one_per_compartment():
    """K-C3: 8 Location cards, one per compartment (a full Hunting Row holds each Location exactly once)."""
    g = treachery.new_game("killer", players=8, seed=11)
    view = g.view(None)
    assert len(view["hunting_row"]) == 8
    assert sorted(view["hunting_row_locations"]) == sorted(ALL_LOCATIONS)
    # identical backs: no face-down slot shows what it is
    assert all("location" not in slot for slot in view["hunting_row"])


def test_K_C4_K_C17_24_crew_cards_three_per_location_priorities_1_2_3():
    """K-C4, K-C17: 24 Crew cards, 3 per Location, whose Priorities are 1, 2 and 3 (one each)."""
    assert len(CARDS) == 24
    per_location = Counter(c.location for c in CARDS)
    assert per_location == {loc: 3 for loc in range(8)}
    for loc in range(8):
        assert sorted(c.priority for c in CARDS if c.location == loc) == [1, 2, 3]
    view_cards = treachery.new_game("killer", players=6, seed=0).view(None)["cards"]
    assert len(view_cards) == 24
    for loc in ALL_LOCATIONS:
        assert sorted(c["priority"] for c in view_cards if c["location"] == loc) == [1, 2, 3]


def test_K_C5_every_card_can_be_played_as_position_or_action():
    """K-C5: each Crew card can be used as a Position or as an Action: both orientations are offered."""
    g = game(4, {P1: ["GA3", "BR2"], P2: ["GA2", "CH2"], P3: ["BR1", "AL1"], P4: ["ER1", "SB1"]})
    assert texts(g, P1) == ["position BR2", "position GA3", "action BR2", "action GA3"]
    cat = [o["text"] for o in g.catalogue_in_use]
    for card in CARDS:
        assert f"position {card.code.lower()}" in [t.lower() for t in cat]
        assert f"action {card.code.lower()}" in [t.lower() for t in cat]


def test_K_C6_priority_1_to_3_higher_is_more_exposed():
    """K-C6: printed Priorities are 1..3 and a higher number is more exposed: at the alien's Location the
    Priority-3 crew member is taken, the Priority-1 one is not."""
    assert {c.priority for c in CARDS} == {1, 2, 3}
    g = game(4, K2_DEAL)
    play(g, (P1, "position GA1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action SB1"), (P3, "action AL1"), (P2, "action CH2"), (P1, "action BR3"))
    reveal(g, "ga")
    assert player(g, P2)["alive"] is False
    assert player(g, P1)["alive"] is True


@pytest.mark.rule("K-D2", "K-D25")
def test_K_C7_black_and_red_text_and_unique_actions():
    """K-C7: every Action is black or red (the card set's colours match K-D2..K-D25) and no two cards share an
    Action (names and texts are all different)."""
    for card in CARDS:
        assert card.colour == TABLE[card.code][1], card.code
    assert len({c.name for c in CARDS}) == 24
    assert len({c.text for c in CARDS}) == 24
    assert sum(c.black for c in CARDS) == 9


@pytest.mark.rule("K-D26")
def test_K_C8_keywords_on_cards():
    """K-C8: some Actions carry LAST ON BOARD, DESTROY, ONGOING ACTION, 1st card, 2nd card, warning; counts per
    K-D26 (10 LOB, 5 DESTROY, 3 ONGOING, 3 first, 6 second, 9 warning)."""
    counts = Counter(k for c in CARDS for k in c.keywords)
    assert counts == {"lob": 10, "destroy": 5, "ongoing": 3, "first": 3, "second": 6, "warning": 9}
    view_cards = {c["code"]: c for c in treachery.new_game("killer", players=6).view(None)["cards"]}
    assert set(view_cards["AL3"]["keywords"]) == {"destroy", "lob", "warning"}


def test_K_C9_default_action_set_is_K_D2_to_K_D25():
    """K-C9: the engine's default Actions are exactly the designed set K-D2..K-D25 (name, colour, keywords)."""
    for card in CARDS:
        expected_name, colour, keywords = TABLE[card.code]
        assert (card.name, card.colour, set(card.keywords)) == (expected_name, colour, keywords), card.code


def test_K_C10_ten_crew_status_cards_cap_the_game_at_ten():
    """K-C10: 10 two-sided Crew Status cards; each player has one (blue = alive); no 11th player."""
    assert set(load_cards().status_names) == STATUS_NAMES
    view = treachery.new_game("killer", players=10, seed=5).view(None)
    names = [p["name"] for p in view["players"]]
    assert set(names) == STATUS_NAMES
    assert all(p["alive"] for p in view["players"])
    with pytest.raises(GameConfigError):
        treachery.new_game("killer", players=11)


def test_K_C11_table_areas_hunting_row_previously_hunted_crew_deck():
    """K-C11: the table has a Hunting Row (face-down Locations), a Previously Hunted Area (face up) and a deck."""
    g = game(4, K2_DEAL)
    view = g.view(None)
    assert [s["slot"] for s in view["hunting_row"]] == [1, 2, 3, 4, 5, 6]
    assert not any(s["face_up"] for s in view["hunting_row"])
    assert view["previously_hunted"] == []
    assert view["deck_size"] == 18 - 8
    play(g, (P1, "position GA1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action SB1"), (P3, "action AL1"), (P2, "action CH2"), (P1, "action BR3"))
    reveal(g, "ga")
    assert g.view(None)["previously_hunted"] == ["Galley"]
    assert "Galley" not in g.view(None)["hunting_row_locations"]


def test_K_C12_digital_markers_are_shown():
    """K-C12: the digital markers exist in the view: First Crew Member marker, Frozen, Last-on-Board countdown
    (deadline round), a scanned (face-up) Hunting Row card."""
    g = game(3, removed=["ga", "sb"],
             start={"round": 3, "dead": [P2], "frozen": [P3], "countdown": {P1: 3},
                    "ongoing": {P1: {"card": "AC3", "location": "br"}}})
    play(g, (P1, "keep"), (P1, "slot 1"))
    view = g.view(P2)
    assert view["first_crew_member"] == P1 and view["players"][P1]["first_crew_member"] is True
    assert view["players"][P3]["frozen"] is True and view["players"][P1]["frozen"] is False
    assert view["players"][P1]["last_on_board_deadline"] == 3
    assert view["players"][P3]["last_on_board_deadline"] is None
    assert view["hunting_row"][0]["face_up"] is True and "location" in view["hunting_row"][0]
    assert view["hunting_row"][1]["face_up"] is False


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8, 9, 10])
def test_K_C13_player_count_3_to_10(players):
    """K-C13: 3 to 10 players can play."""
    g = treachery.new_game("killer", players=players, seed=1)
    assert len(g.view(None)["players"]) == players


@pytest.mark.parametrize("players", [1, 2, 11])
def test_K_C13_other_player_counts_are_refused(players):
    """K-C13: fewer than 3 or more than 10 players is refused."""
    with pytest.raises(GameConfigError):
        treachery.new_game("killer", players=players)


@pytest.mark.rule("K-E18")
def test_K_C14_move_changes_current_location_only():
    """K-C14 (with K-E18): the current Location is the Position's until a move; after Crawl Through the Vents
    it changes, while the Position card and its Priority stay the same."""
    g = game(4, {P1: ["BR3", "AC2"], P2: ["GA3", "AL1"], P3: ["BR1", "AL3"], P4: ["ER1", "CH3"]},
             removed=["ml", "sb"])
    play(g, (P1, "position BR3"), (P2, "position GA3"), (P3, "position BR1"), (P4, "position ER1"),
         (P4, "action CH3"), (P3, "action AL3"), (P2, "action AL1"))
    assert player(g, P1)["position"] == {"card": "BR3", "face_down": False, "location": "Bridge", "priority": 3}
    play(g, (P1, "action AC2"), (P1, "location ga"))
    assert player(g, P1)["position"] == {"card": "BR3", "face_down": False, "location": "Galley", "priority": 3}


def test_K_C15_on_board_means_alive_and_not_frozen():
    """K-C15: On Board = alive and not in Cold Storage; dead and Frozen crew are not On Board."""
    g = game(4, removed=["ga", "sb"], start={"round": 2, "dead": [P2], "frozen": [P3]})
    view = g.view(None)
    assert [p["on_board"] for p in view["players"]] == [True, False, False, True]
    assert view["players"][P3]["alive"] is True


def test_K_C16_in_play_location_cards_are_in_the_game():
    """K-C16: in-play Locations are those neither destroyed nor removed at setup; exactly their 3 cards each
    make up the game (removed ones are out, in-play ones are dealt or in the deck)."""
    for seed in range(6):
        g = treachery.new_game("killer", players=4, seed=seed, setup={"removed": ["ml", "ac"]})
        view = g.view(None)
        assert view["removed_cards"] == ["AC1", "AC2", "AC3", "ML1", "ML2", "ML3"]
        held = [c for s in range(4) for c in _hand_codes(g, s)]
        assert len(held) + view["deck_size"] == 18
        assert not any(c[:2] in ("ML", "AC") for c in held)


# ---- 2 Setup ----


def test_K_S1_seat_order_is_public_and_clockwise_is_ascending():
    """K-S1: the seat order is public and fixed; clockwise = ascending seat number (wrapping round)."""
    g = game(5, first=P3)
    assert [p["seat"] for p in g.view(P1)["players"]] == [0, 1, 2, 3, 4]
    answered = auto(g, until="reveal")
    firsts = [seat for seat, kind in answered if kind == "first_card"]
    assert firsts == [P3, P4, P5, P1, P2]


@pytest.mark.parametrize("players", [6, 10])
def test_K_S2_hud_starts_with_every_location_visible(players):
    """K-S2: with 6-10 players every Location on the HUD is in play at the start (none face down)."""
    view = treachery.new_game("killer", players=players, seed=2).view(None)
    assert view["destroyed"] == [] and view["removed_at_setup"] == []


@pytest.mark.parametrize("players", [3, 5, 10])
def test_K_S3_everyone_starts_alive(players):
    """K-S3: every player's Crew Status card starts blue (alive), On Board, not Frozen."""
    view = treachery.new_game("killer", players=players, seed=4).view(None)
    assert all(p["alive"] and p["on_board"] and not p["frozen"] for p in view["players"])


@pytest.mark.rule("K-D27")
def test_K_S4_status_cards_are_random_and_distinct():
    """K-S4: which named Status card a player gets is random (varies with the seed), always distinct names
    from the 10 of K-D27."""
    seen = set()
    for seed in range(12):
        names = tuple(p["name"] for p in treachery.new_game("killer", players=4, seed=seed).view(None)["players"])
        assert len(set(names)) == 4 and set(names) <= STATUS_NAMES
        seen.add(names)
    assert len(seen) > 3


@pytest.mark.parametrize("players", [3, 4, 5])
def test_K_S5_three_to_five_players_remove_two_random_locations(players):
    """K-S5: with 3-5 players 2 Location cards are removed, at random (different seeds, different pairs)."""
    pairs = set()
    for seed in range(20):
        removed = treachery.new_game("killer", players=players, seed=seed).view(None)["removed_at_setup"]
        assert len(removed) == 2 and len(set(removed)) == 2
        pairs.add(tuple(removed))
    assert len(pairs) >= 5


@pytest.mark.parametrize("players", [3, 4, 5])
def test_K_S6_crew_cards_of_removed_locations_leave_the_game(players):
    """K-S6: the 6 Crew cards of the 2 removed Locations are removed from the game."""
    g = treachery.new_game("killer", players=players, seed=7, setup={"removed": ["ga", "ch"]})
    view = g.view(None)
    assert view["removed_cards"] == ["CH1", "CH2", "CH3", "GA1", "GA2", "GA3"]
    held = [c for s in range(players) for c in g.view(s)["hand"]]
    assert not any(c[:2] in ("GA", "CH") for c in held)
    assert view["deck_size"] + len(held) == 18


def test_K_S7_removed_locations_lie_face_down_on_the_hud():
    """K-S7: the 2 removed Location cards lie face down on their HUD spaces: destroyed, not in the Hunting Row."""
    g = treachery.new_game("killer", players=3, seed=1, setup={"removed": ["br", "sb"]})
    view = g.view(None)
    assert view["removed_at_setup"] == ["Bridge", "Shuttle Bay"]
    assert view["destroyed"] == ["Bridge", "Shuttle Bay"]
    assert sorted(view["hunting_row_locations"]) == sorted(set(ALL_LOCATIONS) - {"Bridge", "Shuttle Bay"})


def test_K_S8_setup_removed_locations_count_as_destroyed():
    """K-S8: setup-removed Locations count as destroyed: they cannot be moved to (AC2), named (AL2), or be
    given as hunted."""
    g = game(4, {P1: ["BR3", "AC2"], P2: ["GA3", "AL2"], P3: ["BR1", "AL1"], P4: ["ER1", "CH2"]},
             removed=["ml", "sb"])
    play(g, (P1, "position BR3"), (P2, "position GA3"), (P3, "position BR1"), (P4, "position ER1"),
         (P4, "action CH2"), (P3, "action AL1"), (P2, "action AL2"))
    assert "location ml" not in texts(g, P2) and "location sb" not in texts(g, P2)
    play(g, (P2, "location ga"), (P1, "action AC2"))
    assert texts(g, P1) == ["location ga", "location al", "location ac", "location er", "location ch"]
    with pytest.raises(GameConfigError):
        game(4, removed=["ml", "sb"], start={"round": 2, "hunted": ["ml"]})


@pytest.mark.parametrize("players", [6, 7, 8, 9, 10])
def test_K_S9_six_to_ten_players_use_all_locations_and_cards(players):
    """K-S9: with 6-10 players all 8 Locations and all 24 Crew cards are used."""
    g = treachery.new_game("killer", players=players, seed=3)
    view = g.view(None)
    assert view["removed_cards"] == [] and len(view["hunting_row"]) == 8
    held = [c for s in range(players) for c in g.view(s)["hand"]]
    assert view["deck_size"] + len(held) == 24


@pytest.mark.parametrize("players,size", [(3, 6), (4, 6), (5, 6), (6, 8), (8, 8), (10, 8)])
def test_K_S10_hunting_row_is_the_shuffled_in_play_locations(players, size):
    """K-S10: the in-play Location cards are shuffled face down into the Hunting Row: 6 cards with 3-5
    players, 8 with 6-10; the order differs between games."""
    orders = set()
    for seed in range(8):
        g = treachery.new_game("killer", players=players, seed=seed)
        view = g.view(None)
        assert len(view["hunting_row"]) == size
        assert sorted(view["hunting_row_locations"]) == sorted(set(ALL_LOCATIONS) - set(view["destroyed"]))
        orders.add(tuple(g.hunting_row))
    assert len(orders) > 1


def test_K_S11_hunting_row_is_numbered_slots_hidden_from_players():
    """K-S11: the Hunting Row is a list of slots 1..h, left to right; no player view shows a slot's Location."""
    g = game(4, row=["sb", "ch", "er", "al", "ga", "br"])
    assert slot_of(g, "sb") == 1 and slot_of(g, "br") == 6
    for seat in (None, P1, P2, P3, P4):
        row = g.view(seat)["hunting_row"]
        assert [s["slot"] for s in row] == [1, 2, 3, 4, 5, 6]
        assert all("location" not in s for s in row)


@pytest.mark.parametrize("players,size", [(3, 18), (5, 18), (6, 24), (10, 24)])
def test_K_S12_crew_deck_holds_the_in_play_cards_shuffled(players, size):
    """K-S12: the in-play Crew cards form the shuffled Crew deck (18 cards with 3-5 players, 24 with 6-10)."""
    deals = set()
    for seed in range(5):
        g = treachery.new_game("killer", players=players, seed=seed, setup={"first": 0})
        hands = tuple(tuple(g.view(s)["hand"]) for s in range(players))
        assert g.view(None)["deck_size"] + 2 * players == size
        deals.add(hands)
    assert len(deals) > 1


def test_K_S13_first_crew_member_host_choice_or_random():
    """K-S13: the host may fix the First Crew Member; by default it is chosen at random."""
    assert treachery.new_game("killer", players=5, setup={"first": 3}).view(None)["first_crew_member"] == 3
    g = treachery.new_game("killer", players=5, setup={"first": 3})
    assert g.pending()[0].seat == 3
    firsts = {treachery.new_game("killer", players=5, seed=s).view(None)["first_crew_member"] for s in range(30)}
    assert len(firsts) >= 4


def test_K_S14_game_starts_round_1_clean():
    """K-S14: the game starts at round 1, empty Previously Hunted Area, nobody Frozen, no countdown."""
    view = treachery.new_game("killer", players=4, seed=8).view(None)
    assert view["round"] == 1
    assert view["previously_hunted"] == []
    assert not any(p["frozen"] for p in view["players"])
    assert all(p["last_on_board_deadline"] is None for p in view["players"])
    assert all(p["ongoing"] is None for p in view["players"])
