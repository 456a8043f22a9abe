"""Every worked scenario of the specification (M-K1..M-K43) as a test."""

from __future__ import annotations

from collections import Counter

import pytest

import treachery

from .kit import act, game, kinds, log, no_talk, round_of, texts, vote

RM, AR, BR, AB = "raise-morale", "advanced-repair", "basic-repair", "airlock-breach"
RAISE_MORALE = 3  # Oxygen a Raise Morale gives (M-D2: +2 in the specification, +3 after balancing)
EX, RL, REP, BS, BRL, CMD = "explosion", "reactor-leak", "replicate", "backstab", "brawl", "command"


def pick_characters(g: treachery.Game) -> None:
    while g.pending() and g.pending()[0].kind == "character":
        for d in list(g.pending()):
            g.act(d.seat, d.default)


@pytest.mark.rule("M-Q1", "M-Q11", "M-S15", "M-S16", "M-S18", "M-S23", "M-D6", "M-S30")
def test_M_K1_start_values_seven_players_M_S5_M_S6_M_S9_M_S10_M_S17_M_S29_M_S31_M_S32_M_S36_M_S37() -> None:
    g = treachery.new_game("menace", players=7, seed=3, setup={"leader": 0})
    v = g.view(None)
    assert (v["oxygen"], v["energy"], v["emma_target"], v["emma_deck"], v["wound_deck"]) == (7, 0, 4, 20, 16)
    assert Counter(g.emma) == Counter({3: 5, 1: 4, 0: 4, 8: 2, 10: 1, 9: 1, 7: 1, 6: 1, 5: 1})
    names = sorted(g.view(s)["my_agenda"] for s in range(7))
    for fixed in ("The Contagion", "The Butcher", "The Saint", "The Coward"):
        assert fixed in names
    assert len(set(names)) == 7
    first = kinds(g)
    assert first == [(s, "character") for s in range(5)]  # M-S30: leader and the next four
    assert all(len(texts(g, s)) == 3 for s in range(5))
    for d in list(g.pending()):
        g.act(d.seat, d.options[0])
    assert kinds(g) == [(5, "character"), (6, "character")]
    assert (len(texts(g, 5)), len(texts(g, 6))) == (6, 5)  # M-S31, M-S32
    pick_characters(g)
    for s in range(7):
        p = g.view(None)["players"][s]
        assert (p["hand_count"], p["deck_count"]) == (3, 17)
    assert g.view(None)["coward_side"] == "crew"


@pytest.mark.rule("M-T31", "M-T35", "M-H13")
def test_M_K2_emma_fill_M_T26_M_T27_M_T29() -> None:
    g = game(7)
    round_of(g, {2: f"play {BR}", 5: f"play {RM}"})
    assert any("2 cards played; EmMA adds 2" in t for t in log(g, None))
    assert sum(1 for t in log(g) if t.startswith("Revealed:")) == 4
    g8 = game(8)
    round_of(g8, {0: f"play {BR}", 1: f"play {BR}", 2: f"play {BR}", 3: f"play {BR}"})
    assert any("EmMA adds 0" in t for t in log(g8))
    g4 = game(4)
    round_of(g4, {})
    assert any("0 cards played; EmMA adds 2" in t for t in log(g4))


@pytest.mark.rule("M-H20", "M-E37")
def test_M_K3_menace_heals_to_burn_oxygen_M_E42_M_E44_M_Q12() -> None:
    g = game(6, leader=2, agendas={2: "butcher", 5: "saint"}, characters={2: "rotti"},
             start={"oxygen": 6, "wounds": {5: ["black-eye"]}})
    act(g, (2, "use first-aid"), (2, "target seat 5"))
    assert g.oxygen == 4 and g.wounds[5] == []
    assert g.view(0)["wound_discard"] == ["Black Eye"]
    assert "P3 uses First Aid on P6 (-2 Oxygen)." in log(g, 0)
    assert g.view(0)["players"][2]["agenda"] is None


def test_M_K4_contagion_hides_behind_cass_M_S35_M_C26() -> None:
    g = treachery.new_game("menace", players=4, seed=1, setup={
        "agendas": ["contagion", "vengeant", "saint", "hero"], "characters": ["cass", "dax", "sela", "imre"]})
    v = g.view(0)
    assert Counter(v["deck_list"]) == Counter({"Airlock Breach": 6, "Explosion": 4, "Panic!": 3,
                                               "Raise Morale": 4, "Command": 2, "Replicate": 1})
    assert len(v["hand"]) == 3 and v["players"][0]["deck_count"] == 17
    assert "deck_list" not in g.view(None) and g.view(1)["deck_list"] != v["deck_list"]


def _to_vote(g: treachery.Game, caller: int = 0) -> None:
    round_of(g, {})
    no_talk(g, call=caller)


@pytest.mark.rule("M-V33", "M-Q8", "M-V29", "M-H5", "M-V36")
def test_M_K5_exile_effects_M_V27_M_V28_M_E99() -> None:
    ag = ["contagion", "butcher", "coward", "saint", "vengeant", "zealot", "hero"]
    g = game(7, agendas=ag, emma=[REP] * 20, start={"oxygen": 7})
    _to_vote(g)
    vote(g, {s: "vote seat 6" for s in range(6)})
    assert g.oxygen == 4 and g.exiled[6] and g.view(0)["players"][6]["agenda"] == "The Hero"
    assert kinds(g) == [(6, "exile_act")]
    act(g, (6, "target seat 1"))
    assert "Last Word: P2 is The Butcher." in log(g, 6)
    assert "Last Word: P2 is The Butcher." not in log(g, 1)
    g = game(7, agendas=ag, emma=[REP] * 20, start={"oxygen": 7})
    _to_vote(g)
    vote(g, {s: "vote seat 2" for s in (0, 1, 3, 4)})
    assert g.oxygen == 5
    g = game(7, agendas=ag, emma=[REP] * 20, start={"oxygen": 7})
    _to_vote(g, caller=1)
    vote(g, {s: "vote seat 0" for s in (1, 2, 3, 4)})
    assert g.oxygen == 9 and g.view(None)["coward_side"] == "menace"


@pytest.mark.rule("M-V6", "M-V9", "M-E91", "M-T1")
def test_M_K6_one_last_action_before_dying_M_V7_M_E92_M_Q35() -> None:
    g = game(5, agendas=["saint", "contagion", "butcher", "vengeant", "zealot"], characters={0: "malumil"},
             wounds=["black-eye"], start={"round": 3, "energy": 3, "oxygen": 9, "wounds": {3: ["flesh-wound"]}})
    act(g, (0, "use laser-pistol"), (0, "target seat 3"))
    assert g.energy == 1 and len(g.wounds[3]) == 2
    act(g, (1, "draw"), (2, "draw"))
    assert "play basic-repair" in texts(g, 3)
    act(g, (3, "play basic-repair"), (4, "draw"))
    no_talk(g)
    assert not g.alive[3] and g.view(0)["players"][3]["agenda"] == "The Vengeant"
    assert kinds(g) == [(3, "last_act")]
    oxygen = g.oxygen
    act(g, (3, "target seat 4"))
    assert len(g.wounds[4]) == 1 and g.alive[4] and g.oxygen == oxygen


@pytest.mark.rule("M-T10", "M-T11")
def test_M_K7_hidden_replicate_M_H10_M_H11_M_H34() -> None:
    g = game(4, hands={1: [REP, BR, RM]})
    act(g, (0, "draw"), (1, f"play {REP}"))
    assert g.view(0)["players"][1]["face_down"] == 1
    assert "Replicate" not in str(g.view(None)).replace("replicate_", "")
    assert "Replicate" not in str(g.view(0)["players"])
    assert g.view(1)["my_face_down"] == ["Replicate"]
    act(g, (2, "draw"), (3, "draw"))
    public = log(g, None)
    assert "Revealed: Replicate." in public
    assert not any("P2" in t and "Replicate" in t for t in public)
    own = texts(g, 1)
    assert "claim good" in own and not any(t.startswith("claim seat 1 ") for t in own)


def test_M_K8_surveillance_M_E63_M_H21_M_H35() -> None:
    g = game(5, leader=2, characters={4: "kestrel"}, start={"energy": 3}, hands={2: [RM, BR, AR]})
    act(g, (2, f"play {RM}"), (3, "draw"), (4, "use surveillance"), (4, "target seat 2"))
    assert g.energy == 2
    assert "Surveillance: P3 placed Raise Morale." in log(g, 4)
    assert all("Surveillance: P3 placed" not in t for s in (None, 0, 1, 2, 3) for t in log(g, s))
    assert "P5 uses Surveillance on P3 (-1 Energy)." in log(g, 0)


@pytest.mark.rule("M-V1")
def test_M_K10_wounds_are_public_M_E106_M_H17() -> None:
    g = game(4, characters={0: "malumil", 3: "dax"}, wounds=["tremors"], start={"energy": 3, "oxygen": 8})
    act(g, (0, "use laser-pistol"), (0, "target seat 3"))
    assert any("P4 takes a Wound: Tremors (Above Deck Actions cost 1 more Oxygen)" in t for t in log(g, 1))
    act(g, (1, "draw"), (2, "draw"), (3, "use overclock"))
    assert "P4 uses Overclock (-3 Oxygen)." in log(g, 2)  # 2 + 1 (Tremors)


def test_M_K11_contagion_last_act_M_E87_M_E88() -> None:
    g = game(5, emma=[REP] * 20, start={"wounds": {0: ["flesh-wound", "black-eye"]}})
    round_of(g, {})
    no_talk(g)
    assert kinds(g) == [(0, "last_act")]
    oxygen = g.oxygen
    act(g, (0, "target seat 4"))
    assert g.hands[4] == [] and g.oxygen == oxygen
    g = game(5, emma=[REP] * 20, start={"wounds": {0: ["flesh-wound", "black-eye"]}, "exiled": [0]})
    round_of(g, {})
    no_talk(g)
    assert not g.alive[0] and kinds(g)[0][1] == "turn"


def test_M_K12_safety_zone_mid_resolution_M_W6_M_W7_M_T37() -> None:
    g = game(5, start={"dead": [0, 1], "energy": 6, "oxygen": 4}, leader=2,
             hands={2: [AB, BR, RM], 3: [AR, BR, RM], 4: [BR, BR, RM]},
             order=[AB, AR, BR])
    round_of(g, {2: f"play {AB}", 3: f"play {AR}", 4: f"play {BR}"})
    assert g.over and g.oxygen == 2 and g.energy == 8
    assert sorted(g.result()["winners"]) == [2, 3, 4]
    assert sum(1 for t in log(g) if t.startswith("Revealed")) == 2


@pytest.mark.rule("M-W8")
def test_M_K13_menace_wins_after_dying_M_W1_M_W15_M_V14() -> None:
    g = game(5, start={"dead": [0, 1], "energy": 5, "oxygen": 1}, leader=2, emma=[AB, BR, BR],
             order=[AB, BR, BR])
    round_of(g, {})
    assert g.over and g.result()["winners"] == [0, 1]


@pytest.mark.rule("M-T25")
def test_M_K14_overload_ceiling_M_E3_M_E4_M_Q15() -> None:
    cards = [AR, AR, EX, AR, BR, AR]
    g = game(6, start={"energy": 4, "oxygen": 8}, hands={s: [c, RM, RM] for s, c in enumerate(cards)},
             order=cards)
    round_of(g, {s: f"play {c}" for s, c in enumerate(cards)})
    energy = [int(t.split("→ ")[1].split()[0]) for t in log(g) if t.startswith("Energy")]
    oxygen = [int(t.split("→ ")[1].split()[0]) for t in log(g) if t.startswith("Oxygen")]
    assert energy == [6, 8, 6, 8, 9, 9] and oxygen == [7, 6, 5, 4, 3]


@pytest.mark.rule("M-E13", "M-E14", "M-E2")
def test_M_K15_replicate_chain_M_E15_M_Q17_M_Q16() -> None:
    g = game(4, start={"energy": 2, "oxygen": 5}, hands={0: [REP, RM, RM], 1: [REP, RM, RM], 2: [AR, RM, RM]},
             order=[REP, REP, AR])
    round_of(g, {0: f"play {REP}", 1: f"play {REP}", 2: f"play {AR}"})
    assert (g.oxygen, g.energy) == (3, 6)


def _carry(variant: str) -> treachery.Game:
    g = game(4, start={"round": 3}, hands={0: [BR, RM, RM], 1: [REP, RM, RM], 2: [RM, BS, REP],
                                          3: [REP, RM, BR]},
             order={3: [BR, REP], 4: variant.split(",")})
    round_of(g, {0: f"play {BR}", 1: f"play {REP}"})
    assert "Replicate carried to next round." in log(g, 2)
    assert g.view(None)["effects"]["replicate_carried"]
    no_talk(g)
    return g


def test_M_K16_replicate_carried_over_M_E16_M_E17() -> None:
    g = _carry(f"{RM},{BR}")
    o = g.oxygen
    round_of(g, {2: f"play {RM}", 3: f"play {BR}"})
    assert g.oxygen == o + 2 * RAISE_MORALE - 1  # Raise Morale, then its carried copy (the spec's +2 is now +3, M-D2)
    g = _carry(f"{BS},{BR}")
    round_of(g, {2: f"play {BS}", 3: f"play {BR}"})
    assert len(g.wounds[1]) == 1  # leader of round 4 is seat 1
    assert "The Replicate copy of Backstab does nothing." in log(g)
    g = _carry(f"{REP},{BR}")
    e = g.energy
    round_of(g, {2: f"play {REP}", 3: f"play {BR}"})
    assert g.energy == e + 2


def test_M_K17_backstab_and_brawl_once_per_round_M_E21_M_E23_M_E24() -> None:
    cards = [BS, BRL, BS, REP, BRL]
    g = game(5, hands={s: [c, RM, RM] for s, c in enumerate(cards)}, order=cards)
    round_of(g, {s: f"play {c}" for s, c in enumerate(cards)})
    assert len(g.wounds[0]) == 1 and kinds(g) == [(0, "brawl")]
    act(g, (0, "target seat 3"))
    assert len(g.wounds[3]) == 1
    assert sum(len(w) for w in g.wounds) == 2


def _veto_game(order: list[str]) -> treachery.Game:
    hands = {0: [order[0], RM, RM], 2: [order[1], RM, RM], 3: [order[2], RM, RM], 4: [order[3], RM, RM]}
    g = game(5, characters={1: "malumil"}, start={"oxygen": 5, "energy": 3}, hands=hands, order=order,
             wounds=["flesh-wound"])
    act(g, (0, f"play {order[0]}"), (1, "use veto"), (1, f"discard {RM}"))
    act(g, (2, f"play {order[1]}"), (3, f"play {order[2]}"), (4, f"play {order[3]}"))
    return g


def test_M_K18_veto_M_E55_M_E56_M_E57_M_Q18_M_Q19() -> None:
    g = _veto_game([RM, BS, AB, BR])
    act(g, (1, "let it resolve"), (1, "cancel the card"))  # the spec's Oxygen 7, 6, 5 with Raise Morale +2 (M-D2)
    assert (g.oxygen, g.energy, g.wounds[0]) == (3 + RAISE_MORALE, 4, [])
    g = _veto_game([RM, BS, AB, BR])
    act(g, (1, "let it resolve"), (1, "let it resolve"), (1, "let it resolve"))
    assert (g.oxygen, g.energy, len(g.wounds[0])) == (4 + RAISE_MORALE, 3, 1)
    g = _veto_game([BS, BS, RM, RM])
    act(g, (1, "cancel the card"))
    assert g.wounds[0] == [] and kinds(g)[0][1] == "discussion"


@pytest.mark.rule("M-E31", "M-E6")
def test_M_K19_reactor_leak_hits_its_own_player_M_E29_M_E30_M_Q31() -> None:
    g = game(5, hands={0: [BR, RM, RM], 1: [RM, BR, BR], 3: [RL, RM, RM]}, start={"wounds": {1: ["black-eye"]}},
             order=[RL, BR, RM])
    round_of(g, {0: f"play {BR}", 1: f"play {RM}", 3: f"play {RL}"})
    assert [len(w) for w in g.wounds] == [1, 1, 0, 1, 0]
    hits = [t for t in log(g) if "takes a Wound" in t]
    assert hits[0].startswith("P1") and hits[1].startswith("P4")


AG7 = ["zealot", "contagion", "butcher", "vengeant", "coward", "saint", "hero"]


def _k20() -> treachery.Game:
    g = game(7, agendas=AG7, emma=[REP] * 20, start={"oxygen": 12, "exiled": [6],
                                                      "wounds": {5: ["blurred-vision"]}})
    _to_vote(g)
    assert sorted(d.seat for d in g.pending()) == [0, 1, 2, 3, 4]
    return g


@pytest.mark.rule("M-V16", "M-V18", "M-V21")
def test_M_K20_counting_votes_M_V23_M_V24_M_V25_M_V26_M_Q14() -> None:
    g = _k20()
    vote(g, {0: "vote seat 3", 1: "vote seat 3", 2: "vote seat 3", 3: "vote seat 0"})
    assert g.exiled[3]
    g = _k20()
    vote(g, {0: "vote seat 3", 1: "vote seat 3", 2: "vote seat 0", 3: "vote seat 0"})
    assert not any(g.exiled[:6])
    g = _k20()
    vote(g, {0: "vote seat 3", 1: "vote seat 3", 2: "vote seat 1"})
    assert not any(g.exiled[:6])
    g = _k20()
    vote(g, {0: "vote seat 3 with fervor", 1: "vote seat 3", 4: "vote seat 0"})
    assert not any(g.exiled[:6]) and g.view(2)["players"][0]["agenda"] == "The Zealot"


def test_M_K21_simultaneous_deaths_oxygen_decides_M_V11_M_W9_M_Q20() -> None:
    ag = ["contagion", "butcher", "saint", "vengeant", "hero", "zealot"]
    g = game(6, agendas=ag, emma=[REP] * 20, start={"round": 6, "dead": [0], "energy": 8, "oxygen": 2,
                                                     "wounds": {1: ["flesh-wound", "black-eye"],
                                                                4: ["bruised-ribs", "shock"]}}, leader=1)
    round_of(g, {})
    no_talk(g)
    assert g.over and g.result()["winners"] == [0, 1]
    g = game(6, agendas=ag, emma=[REP] * 20, start={"round": 6, "dead": [0], "energy": 8, "oxygen": 2,
                                                     "wounds": {1: ["flesh-wound", "black-eye"],
                                                                4: ["bruised-ribs"]}}, leader=1)
    round_of(g, {})
    no_talk(g)
    assert g.over and g.result()["winners"] == [2, 3, 4, 5] and g.oxygen == 2


def test_M_K22_hundred_percent_reached_then_lost_M_W4_M_W5() -> None:
    g = game(4, start={"energy": 8, "oxygen": 6}, hands={0: [AR, RM, RM], 1: [EX, RM, RM], 2: [BR, RM, RM]},
             order=[AR, EX, BR])
    round_of(g, {0: f"play {AR}", 1: f"play {EX}", 2: f"play {BR}"})
    no_talk(g)
    assert not g.over and g.energy == 9 and g.round == 2


@pytest.mark.rule("M-E2", "M-T33")
def test_M_K23_oxygen_zero_beats_hundred_percent_M_W1_M_T34_M_T18() -> None:
    g = game(4, start={"energy": 9, "oxygen": 2}, hands={0: [AR, RM, RM], 1: [AB, RM, RM], 2: [BR, RM, RM]},
             order=[AR, AB, BR])
    round_of(g, {0: f"play {AR}", 1: f"play {AB}", 2: f"play {BR}"})
    assert g.over and g.result()["winners"] == [0]
    assert sum(1 for t in log(g) if t.startswith("Revealed")) == 2
    g = game(4, start={"energy": 9, "oxygen": 1}, hands={0: [BR, RM, RM]}, emma=[REP] * 5, order=[BR, REP])
    round_of(g, {0: f"play {BR}"})
    assert g.over and g.energy == 9 and g.result()["winners"] == [0]


def test_M_K24_death_by_empty_hand_and_deck_M_T4_M_V8() -> None:
    g = game(5, agendas={2: "zealot"}, start={"round": 9}, hands={2: []}, decks={2: []})
    oxygen = g.oxygen
    act(g, (0, "draw"), (1, "draw"))
    assert not g.alive[2] and g.oxygen == oxygen - 2 and kinds(g) == [(3, "turn")]
    assert any("P3's Agenda: The Zealot." in t for t in log(g, 0))
    g = game(5, agendas={2: "zealot"}, hands={2: []}, decks={2: [BR]}, start={"energy": 2})
    act(g, (0, "draw"), (1, "draw"))
    assert texts(g, 2) == ["draw", "use scan", "use analyze"]


@pytest.mark.rule("M-Q10", "M-V32", "M-Q6")
def test_M_K25_coward_switches_back_and_wins_M_V34_M_V35_M_W14() -> None:
    fresh = game(7, agendas=["contagion", "butcher", "coward", "saint", "vengeant", "zealot", "hero"], emma=[REP] * 20)
    assert fresh.view(None)["coward_side"] == "crew"  # M-V32: the Coward starts with the Crew
    for advanced in (False, True):
        g = game(7, agendas=["contagion", "butcher", "coward", "saint", "vengeant", "zealot", "hero"],
                 emma=[REP] * 20, advanced=advanced, leader=2,
                 start={"exiled": [0], "dead": [1], "energy": 7, "oxygen": 9,
                        "wounds": {0: ["flesh-wound", "black-eye"]}})
        assert g.view(None)["coward_side"] == "menace"
        round_of(g, {})
        no_talk(g)
        assert g.over and 2 in g.result()["winners"] and g.view(None)["coward_side"] == "crew"


def test_M_K26_command_and_hand_limits_M_E12_M_E96_M_E104_M_T21() -> None:
    g = game(6, agendas={3: "hoarder"}, characters={4: "juno"}, start={"oxygen": 6, "wounds": {4: ["broken-hand"]}},
             hands={0: [CMD, RM, RM], 2: [RM, RM, RM], 4: [RM, RM, RM], 5: [RM, RM, RM]},
             decks={5: []}, order=[CMD, RM, RM])
    act(g, (0, f"play {CMD}"), (1, "draw"), (2, f"play {RM}"), (3, "draw"), (4, "use reassign"),
        (4, "target seat 0"), (5, f"play {RM}"))
    assert sorted(s for s, k in kinds(g)) == [1, 4] and all(k == "limit" for _, k in kinds(g))
    assert g.oxygen == 5
    assert [len(h) for h in g.hands] == [3, 5, 3, 5, 4, 2]  # P6's deck is empty: no draw
    assert g.view(0)["players"][3]["agenda"] == "The Hoarder"


@pytest.mark.rule("M-X7", "M-Q24", "M-V31")
def test_M_K27_delegating_an_exiled_player_M_E45_M_E46_M_E47_M_E48() -> None:
    g = game(5, characters={0: "andrew"}, start={"exiled": [3]}, hands={3: [BR, RM]})
    act(g, (0, "use delegate"), (0, "target seat 3"))
    assert texts(g, 3) == [f"play {RM}", f"play {BR}"]
    act(g, (3, f"play {BR}"))
    assert g.played_count == 1 and g.played[3]
    act(g, (1, "draw"), (2, "draw"))
    assert kinds(g) == [(3, "turn")]
    g = game(5, characters={0: "andrew"}, start={"exiled": [3]}, hands={3: []})
    act(g, (0, "use delegate"), (0, "target seat 3"))
    assert kinds(g) == [(1, "turn")] and g.used[2]


@pytest.mark.rule("M-Q6")
def test_M_K28_all_crew_killed_while_coward_lives_M_W2_M_V37_M_Q9() -> None:
    for advanced, coward_wins in ((False, True), (True, False)):
        g = game(7, agendas=["contagion", "butcher", "coward", "saint", "vengeant", "zealot", "hero"],
                 emma=[REP] * 20, advanced=advanced,
                 start={"round": 7, "dead": [5, 6], "oxygen": 9,
                        "wounds": {3: ["flesh-wound", "black-eye"], 4: ["bruised-ribs", "shock"]}})
        round_of(g, {})
        no_talk(g)
        assert g.over and g.oxygen == 5 and "every Crew player is dead" in g.result()["reason"]
        assert (2 in g.result()["winners"]) is coward_wins


def test_M_K29_advanced_scoring_M_W16_M_W17_M_W18_M_D13_M_D11_M_D17_M_D16() -> None:
    ag = ["contagion", "butcher", "saint", "vengeant", "steward", "hoarder"]
    for advanced, winners in ((True, [2, 3, 5]), (False, [2, 3, 4, 5])):
        g = game(6, agendas=ag, emma=[REP] * 20, advanced=advanced, hands={5: [RM, RM]},
                 start={"round": 8, "dead": [1], "energy": 10, "oxygen": 5})
        round_of(g, {})
        no_talk(g)
        assert g.over and g.result()["winners"] == winners


def test_M_K30_resolute_survives_two_wounds_M_E94() -> None:
    g = game(4, characters={0: "malumil", 1: "martella"}, emma=[REP] * 20,
             start={"wounds": {3: ["flesh-wound", "black-eye"]}, "energy": 4, "oxygen": 9},
             wounds=["bruised-ribs"])
    round_of(g, {})
    no_talk(g)
    assert g.alive[3] and g.view(0)["players"][3]["agenda"] == "The Resolute"
    act(g, (1, "use crunch"))
    assert "target seat 3" not in texts(g, 1)
    act(g, (1, "back"), (1, f"play {RM}"), (2, f"play {RM}"), (3, f"play {RM}"), (0, "use laser-pistol"),
        (0, "target seat 3"))
    oxygen = g.oxygen
    no_talk(g)
    assert not g.alive[3] and g.oxygen == oxygen - 2


def _to_second_vote(g: treachery.Game) -> None:
    _to_vote(g)


def test_M_K31_sanctuary_M_E93() -> None:
    g = game(6, emma=[REP] * 20, start={"oxygen": 6})  # seat 2 is The Saint
    _to_vote(g)
    vote(g, {s: "vote seat 2" for s in (0, 1, 3, 4, 5)})
    assert not g.exiled[2] and g.oxygen == 6 and g.exiles == 0
    assert g.view(0)["players"][2]["agenda"] == "The Saint"
    _to_vote(g, caller=1)
    vote(g, {s: "vote seat 2" for s in (0, 1, 3, 4, 5)})
    assert g.exiled[2] and g.oxygen == 3


def test_M_K32_reserve_tank_M_E97_M_E98() -> None:
    g = game(5, agendas={4: "steward"}, start={"oxygen": 1, "exiled": [4]},
             hands={0: [AB, RM], 1: [AB, RM]}, order=[AB, AB, BR])
    round_of(g, {0: f"play {AB}", 1: f"play {AB}"})
    assert g.over and g.reserve_used and g.result()["winners"] == [0, 1]
    assert any("Reserve Tank" in t for t in log(g))


def test_M_K33_wounded_twice_and_healed_M_E51_M_E52_M_E43() -> None:
    g = game(6, characters={0: "martella", 1: "malumil", 3: "rotti"}, hands={2: [RM, BR]},
             start={"oxygen": 8, "energy": 4}, wounds=["bruised-ribs", "black-eye", "flesh-wound"])
    act(g, (0, "use crunch"), (0, "target seat 2"))
    assert g.oxygen == 7 and kinds(g) == [(2, "limit")]
    act(g, (2, f"discard {BR}"))
    assert len(g.hands[2]) == 4
    act(g, (1, "use laser-pistol"), (1, "target seat 2"), (2, f"play {RM}"))
    assert g.energy == 2
    act(g, (3, "use first-aid"), (3, "target seat 2"))
    assert g.oxygen == 5 and kinds(g) == [(2, "heal")]
    act(g, (2, "remove black-eye"))
    round_of(g, {})
    no_talk(g)
    assert g.alive[2] and len(g.wounds[2]) == 1


def test_M_K34_target_lock_M_E77_M_E26() -> None:
    g = game(5, characters={4: "rhee"}, hands={0: [BRL, RM], 1: [BRL, RM]}, order=[BRL, BRL, BR])
    round_of(g, {0: f"play {BRL}", 1: f"play {BRL}", 4: "use target-lock"})
    assert kinds(g) == [(4, "brawl")]
    act(g, (4, "target seat 1"))
    assert len(g.wounds[1]) == 1 and sum(len(w) for w in g.wounds) == 1


def test_M_K35_trace_M_E70_M_E71() -> None:
    g = game(5, characters={1: "juno"}, hands={0: [BR, RM], 3: [AB, RM]}, emma=[RM] * 5)
    round_of(g, {0: f"play {BR}", 1: "use trace", 3: f"play {AB}"})
    assert [t for t in log(g) if t.startswith("Revealed")] == [
        "Revealed: Basic Repair.", "Revealed: Airlock Breach.", "Revealed: Raise Morale."]


@pytest.mark.rule("M-Q29")
def test_M_K36_emergency_protocol_and_emma_count_M_E74_M_T28() -> None:
    g = game(6, characters={2: "hollis"})
    round_of(g, {0: f"play {BR}", 1: f"play {BR}", 2: "use emergency-protocol"})
    act(g, (2, f"discard {RM}"))
    round_of(g, {})
    assert any("2 cards played; EmMA adds 1 + 1 (Emergency Protocol)" in t for t in log(g, 5))
    assert sum(1 for t in log(g) if t.startswith("Revealed")) == 4


def test_M_K37_replicate_with_explosion_and_reactor_leak_M_E20() -> None:
    g = game(7, start={"energy": 5, "wounds": {3: ["shock"]}}, emma=[REP] * 3,
             hands={0: [EX, RM], 2: [REP, RM], 3: [RL, RM]}, order=[REP, EX, REP, RL],
             wounds=["flesh-wound", "black-eye"])
    round_of(g, {0: f"play {EX}", 2: f"play {REP}", 3: f"play {RL}"})
    assert g.energy == 1
    assert g.wounds[0] == [0] and g.wounds[2] == [2] and len(g.wounds[3]) == 1


def test_M_K38_moxie_M_E53_M_E54_M_Q34() -> None:
    g = game(5, characters={1: "martella"}, start={"oxygen": 5}, hands={0: [BRL, RM]}, order=[BRL, BR, BR],
             wounds=["black-eye"])
    round_of(g, {0: f"play {BRL}", 1: "use moxie"})
    assert g.oxygen == 4  # MOXIE spends 1 Oxygen at once
    act(g, (0, "target seat 2"))
    o = g.oxygen
    no_talk(g)
    assert g.oxygen == o + 3
    g = game(5, characters={1: "martella"}, start={"oxygen": 5}, emma=[REP] * 5)
    round_of(g, {1: "use moxie"})
    no_talk(g)
    assert g.oxygen == 4


def test_M_K39_order_of_end_of_round_effects_M_T41_M_E62_M_E116() -> None:
    g = game(5, leader=2, characters={3: "sela"}, emma=[REP] * 5,
             start={"oxygen": 3, "wounds": {0: ["punctured-lung"]}})
    round_of(g, {3: "use greenhouse"})
    no_talk(g)
    steps = [t for t in log(g) if t.startswith("Oxygen")]
    assert steps[-2:] == ["Oxygen 3 → 4 (Greenhouse).", "Oxygen 4 → 3 (P1's Punctured Lung)."]
    assert g.leader == 3


@pytest.mark.rule("M-V3")
def test_M_K40_hemorrhage_M_E113_M_V4() -> None:
    g = game(6, characters={0: "rotti"}, start={"wounds": {5: ["hemorrhage"], 4: ["flesh-wound"]}})
    act(g, (0, "use first-aid"))
    assert "target seat 5" not in texts(g, 0)
    g = game(6, characters={0: "rotti"}, start={"wounds": {5: ["hemorrhage", "black-eye"]}})
    act(g, (0, "use first-aid"), (0, "target seat 5"))
    assert g.wounds[5] == [12]


@pytest.mark.rule("M-V5")
def test_M_K41_empty_wound_deck_M_V2() -> None:
    g = game(5, wounds=[], hands={0: [BRL, RM]}, order=[BRL, BR, BR],
             start={"wound_discard": ["flesh-wound", "shock"]})
    round_of(g, {0: f"play {BRL}"})
    act(g, (0, "target seat 1"))
    assert len(g.wounds[1]) == 1 and len(g.wound_deck) == 1


def test_M_K42_crunch_with_adrenaline_M_E112_M_T20_M_Q33() -> None:
    g = game(5, characters={0: "martella"}, hands={2: [RM, RM, RM, RM]}, wounds=["adrenaline"])
    act(g, (0, "use crunch"), (0, "target seat 2"))
    assert len(g.hands[2]) == 9
    for _ in range(5):
        act(g, (2, f"discard {BR}"))
    assert len(g.hands[2]) == 4 and kinds(g) == [(1, "turn")]


def test_M_K43_mission_leader_dies_at_turn_start_M_T44() -> None:
    g = game(5, leader=1, hands={1: [], 0: [BS, RM]}, decks={1: []}, start={"round": 12}, order=[BS, BR, BR])
    assert kinds(g) == [(2, "turn")] and g.leader == 2 and not g.alive[1]
    round_of(g, {0: f"play {BS}"})
    assert len(g.wounds[2]) == 1
    no_talk(g)
    assert g.leader == 3


def test_M_K9_resolute_agenda_stays_hidden_M_H36_M_H1() -> None:
    g = game(4)
    assert all(g.view(s)["players"][3]["agenda"] is None for s in (None, 0, 1, 2))
    assert not any("resolute" in o["text"] for o in g.catalogue_in_use)
