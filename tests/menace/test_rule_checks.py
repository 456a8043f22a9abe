"""Rule facts that mutation testing found unchecked: each test fails if the cited rule's code is broken."""

from __future__ import annotations

import pytest

from treachery.games.menace.cards import BDA_KEYS

from .kit import act, decision, game, kinds, no_talk, round_of, texts, vote
from .test_scenarios import _veto_game

RM, AR, BR, AB, BS = "raise-morale", "advanced-repair", "basic-repair", "airlock-breach", "backstab"
HOARDER_GAME = ["contagion", "butcher", "saint", "vengeant", "steward", "hoarder"]


def _hoarder_end(hand: list[str], move: str) -> list[int]:
    """An advanced 6-player game that ends after one more round with the Crew winning (Oxygen over 0 at round 8
    with a Menace dead); the living Hoarder at seat 5 makes ``move`` from ``hand``."""
    g = game(6, agendas=HOARDER_GAME, emma=["replicate"] * 20, advanced=True, hands={5: hand},
             start={"round": 8, "dead": [1], "energy": 10, "oxygen": 5})
    round_of(g, {5: move})
    no_talk(g)
    assert g.over and g.alive[5]
    return list(g.result()["winners"])


@pytest.mark.rule("M-D16", "M-W18", "M-W16")
def test_M_D16_a_living_hoarder_needs_three_cards_at_the_end() -> None:
    assert 5 in _hoarder_end([RM, RM], "draw")  # 3 cards at the end: the Individual Goal is met
    assert 5 not in _hoarder_end([RM, RM, RM], f"play {RM}")  # alive but only 2 cards: not met


@pytest.mark.rule("M-E57", "M-E22", "M-H12")
def test_M_E57_a_vetoed_card_is_still_a_revealed_card_shown_as_cancelled() -> None:
    g = _veto_game([BS, AB, RM, BR])
    assert kinds(g) == [(1, "veto")] and g.view(None)["pool_left"] == 3  # Backstab shown, three still to come
    act(g, (1, "cancel the card"))
    revealed = [(r["card"], r["cancelled"]) for r in g.view(None)["revealed"]]
    assert revealed == [("Backstab", True), ("Airlock Breach", False), ("Raise Morale", False),
                        ("Basic Repair", False)]
    assert g.view(None)["pool_left"] == 0 and g.wounds[0] == []  # cancelled: no Wound for the player before
    # M-E22: the cancelled Backstab was revealed, so the discussion may name it as what someone played
    assert f"claim seat 0 played {BS}" in texts(g, 1) and f"claim seat 0 played {AR}" not in texts(g, 1)


@pytest.mark.rule("M-E57", "M-E55")
def test_M_E57_the_veto_of_a_dead_owner_at_seat_0_lapses() -> None:
    """No card kills during the Action Phase today, so the lapse is reached by editing the state (plain data):
    the guard must hold for the owner at seat 0 as for any other seat."""
    g = game(5, characters={0: "malumil"}, start={"oxygen": 8, "energy": 4}, hands={0: [RM, RM, RM]})
    act(g, (0, "use veto"), (0, f"discard {RM}"))
    assert g.veto == 0
    g.alive[0] = False
    round_of(g, {})
    assert all(kind != "veto" for _, kind in kinds(g)) and g.veto == -1
    assert all(kind == "discussion" for _, kind in kinds(g))


@pytest.mark.rule("M-T33")
def test_M_T33_pool_left_is_zero_outside_the_resolution() -> None:
    g = game(5)
    assert g.view(None)["pool_left"] == 0
    round_of(g, {})
    assert kinds(g)[0][1] == "discussion" and g.view(None)["pool_left"] == 0


@pytest.mark.rule("M-D2", "M-E7")
def test_M_D2_raise_morale_gives_three_oxygen() -> None:
    """Raise Morale's Oxygen is a designed number: +2 in the specification, +3 since balancing (docs/balance.md)."""
    g = game(4, start={"oxygen": 6, "energy": 4}, order=[RM, RM])  # two cards played: EmMA adds none (M-T26)
    round_of(g, {0: f"play {RM}", 1: f"play {RM}"})
    assert [r["card"] for r in g.view(None)["revealed"]] == ["Raise Morale", "Raise Morale"]
    assert (g.oxygen, g.energy) == (12, 4)


@pytest.mark.rule("M-V16")
def test_M_V16_nobody_holds_the_voting_pistol_until_someone_calls() -> None:
    g = game(5, start={"oxygen": 9})
    assert g.view(None)["vote_caller"] == -1
    round_of(g, {})
    no_talk(g, call=2)
    assert g.view(None)["vote_caller"] == 2 and kinds(g)[0][1] == "vote"


@pytest.mark.rule("M-E45", "M-E55", "M-T17")
def test_M_E45_a_delegated_ability_still_asks_for_its_discard_cost() -> None:
    g = game(5, characters={0: "andrew", 1: "malumil"}, start={"oxygen": 8, "energy": 4})
    act(g, (0, "use delegate"), (0, "target seat 1"), (1, "use veto"))
    assert kinds(g) == [(1, "cost")]
    assert texts(g, 1) == [f"discard {RM}", f"discard {AR}", f"discard {BR}", "back"]
    act(g, (1, f"discard {BR}"))
    assert sorted(BDA_KEYS[c] for c in g.hands[1]) == [AR, RM] and g.veto == 1


@pytest.mark.rule("M-X7", "M-E45")
def test_M_X7_a_delegated_player_with_no_card_may_pass() -> None:
    g = game(5, characters={0: "andrew"}, hands={1: []}, start={"oxygen": 8, "energy": 0})
    act(g, (0, "use delegate"), (0, "target seat 1"))
    assert texts(g, 1) == ["pass", "use greenhouse"] and decision(g, 1).default["text"] == "pass"
    act(g, (1, "pass"))
    assert g.log_for(None)[-1]["rules"] == ["M-X7"] and g.played_count == 0


@pytest.mark.rule("M-E96", "M-T19")
def test_M_E96_the_hoarder_shows_itself_only_above_what_others_may_keep() -> None:
    """Four cards are within anyone's limit: the Hoarder stays hidden; five, which only the Hoarder may keep,
    reveal it at once."""
    g = game(6, agendas={3: "hoarder"}, hands={3: [RM, RM, RM]})
    round_of(g, {})  # everyone draws: the Hoarder holds 4
    assert len(g.hands[3]) == 4 and not g.revealed[3] and g.view(0)["players"][3]["agenda"] != "The Hoarder"
    assert not any("M-E96" in e["rules"] for e in g.log_for(None))
    no_talk(g)
    round_of(g, {})  # 5 cards: over a plain limit, within the Hoarder's
    assert len(g.hands[3]) == 5 and g.revealed[3] and g.view(0)["players"][3]["agenda"] == "The Hoarder"
    assert [e["rules"] for e in g.log_for(None) if "M-E96" in e["rules"]] == [["M-E96"]]


@pytest.mark.rule("M-E63", "M-E35", "M-E45")
def test_M_E63_surveillance_looks_only_at_another_crewmember_with_a_card_in_front() -> None:
    """Delegated after placing a card of its own, Kestrel may watch only the other seat that has placed one: not
    itself, not the seats still to play."""
    g = game(5, characters={0: "kestrel", 2: "andrew"}, start={"oxygen": 8, "energy": 4})
    act(g, (0, f"play {RM}"), (1, f"play {RM}"), (2, "use delegate"), (2, "target seat 0"))
    assert "use surveillance" in texts(g, 0)
    act(g, (0, "use surveillance"))
    assert kinds(g) == [(0, "target")] and texts(g, 0) == ["target seat 1", "back"]
    g = game(5, characters={0: "kestrel", 2: "andrew"}, start={"oxygen": 8, "energy": 4})
    act(g, (0, f"play {RM}"), (1, "draw"), (2, "use delegate"), (2, "target seat 0"))
    assert "use surveillance" not in texts(g, 0)  # only its own card is in front of anyone


@pytest.mark.rule("M-V23", "M-V25", "M-E108")
def test_M_V23_a_lone_voter_does_not_outvote_a_forced_abstention() -> None:
    """Dead, Exiled and Blurred Vision leave one voter: the vote is asked of that seat alone, and one vote against
    the Blurred Vision holder's forced abstention is a tie with the abstentions, so nobody is Exiled."""
    g = game(5, start={"oxygen": 9, "dead": [3, 4], "exiled": [2], "wounds": {1: ["blurred-vision"]}})
    round_of(g, {})
    no_talk(g, call=0)
    assert kinds(g) == [(0, "vote")] and texts(g, 0) == ["vote seat 1", "abstain"]
    act(g, (0, "vote seat 1"))
    assert not g.exiled[1] and not g.over and kinds(g)[0][1] != "vote"


@pytest.mark.rule("M-W16", "M-D16")
def test_M_W16_the_end_view_gives_every_seat_the_result_and_each_goal() -> None:
    g = game(6, agendas=HOARDER_GAME, emma=["replicate"] * 20, advanced=True, hands={5: [RM, RM]},
             start={"round": 8, "dead": [1], "energy": 10, "oxygen": 5})
    round_of(g, {})
    no_talk(g)
    result = g.result()
    assert g.over and result is not None
    for seat in [None, *range(6)]:
        shown = g.view(seat)["result"]
        assert (shown["winners"], shown["reason"]) == (result["winners"], result["reason"])
        assert {goal["seat"]: goal["won"] for goal in shown["goals"]} == {s: s in result["winners"] for s in range(6)}


@pytest.mark.rule("M-V33", "M-V34", "M-V35")
def test_M_V33_the_log_tells_which_side_the_coward_joins() -> None:
    """The alignment is public (M-V35): the log names the side the Coward turns to, each way."""
    coward_game = ["contagion", "butcher", "coward", "saint", "vengeant", "zealot", "hero"]
    g = game(7, agendas=coward_game, emma=["replicate"] * 20, start={"oxygen": 9})
    round_of(g, {})
    no_talk(g, call=3)
    vote(g, {s: "vote seat 0" for s in range(1, 7)})  # a Menace player Exiled: the Coward turns
    assert g.exiled[0] and g.view(None)["coward_side"] == "menace"
    assert [e["text"] for e in g.log_for(None) if "Coward" in e["text"]] == ["The Coward now sides with the Menace."]
    g = game(7, agendas=coward_game, emma=["replicate"] * 20, leader=2,
             start={"exiled": [0], "dead": [1], "energy": 7, "oxygen": 9, "wounds": {0: ["flesh-wound", "black-eye"]}})
    round_of(g, {})
    no_talk(g)  # the round ends with no Menace player alive: the Coward turns back
    assert g.view(None)["coward_side"] == "crew"
    assert [e["text"] for e in g.log_for(None) if "Coward" in e["text"]] == ["The Coward now sides with the Crew."]


@pytest.mark.rule("M-T17", "M-E55")
def test_M_T17_any_card_pays_a_discard_cost_raise_morale_included() -> None:
    """Veto's cost is a card thrown away: paid with Raise Morale (the first card of the set) it leaves the hand and
    reaches the discard pile like any other."""
    for paid, kept in ((RM, [AR, BR]), (BR, [RM, AR])):
        g = game(5, characters={0: "malumil"}, start={"oxygen": 8, "energy": 4})
        act(g, (0, "use veto"), (0, f"discard {paid}"))
        assert g.veto == 0 and sorted(BDA_KEYS[c] for c in g.hands[0]) == sorted(kept)
        assert g.view(None)["discard_pile"] == 1
