"""Above Deck abilities and card effects one by one (M-E*), with the decisions they raise (M-X*)."""

from __future__ import annotations

import pytest

from .kit import act, decision, game, kinds, log, round_of, texts

RM, AR, BR, AB, REP, BS, BRL, CMD, PAN, EX = ("raise-morale", "advanced-repair", "basic-repair", "airlock-breach",
                                              "replicate", "backstab", "brawl", "command", "panic", "explosion")


def test_M_E39_M_E40_M_E41_M_X10_M_Q13_bloodwork_target_picks_the_card() -> None:
    g = game(4, characters={0: "rotti"}, hands={2: [AB, RM, BR]}, start={"oxygen": 6})
    act(g, (0, "use bloodwork"), (0, "target seat 2"))
    assert g.oxygen == 5 and kinds(g) == [(2, "bloodwork")] and decision(g, 2).default["id"] in decision(g, 2).ids
    act(g, (2, f"reveal {RM}"))
    assert "P3 shows Raise Morale from their hand." in log(g, 3) and len(g.hands[2]) == 3


def test_M_E49_M_E50_M_Q25_commandeer_takes_the_top_card() -> None:
    g = game(4, characters={0: "andrew"}, decks={2: [AB, RM]}, start={"energy": 2})
    act(g, (0, "use commandeer"), (0, "target seat 2"))
    assert g.energy == 1 and g.hands[0][-1] == 8 and "Commandeer: you take Airlock Breach" in " ".join(log(g, 0))
    assert not any("Airlock" in t for t in log(g, 2))


@pytest.mark.rule("M-X4")
def test_M_E58_laser_pistol_M_E35_M_Q26_another_only() -> None:
    g = game(4, characters={0: "malumil"}, start={"energy": 2})
    act(g, (0, "use laser-pistol"))
    assert "target seat 0" not in texts(g, 0) and "back" in texts(g, 0)  # M-X4


def test_M_E59_M_E60_M_E38_overclock_and_reroute_ignore_the_ceiling() -> None:
    g = game(4, characters={0: "dax"}, start={"oxygen": 6, "energy": 10})
    act(g, (0, "use overclock"))
    assert (g.oxygen, g.energy) == (4, 10)


def test_M_E61_cultivate_M_X6_discard_cost() -> None:
    g = game(4, characters={0: "sela"}, start={"oxygen": 6})
    act(g, (0, "use cultivate"))
    assert kinds(g) == [(0, "cost")] and decision(g, 0).default["text"] == "back"
    act(g, (0, f"discard {BR}"))
    assert g.oxygen == 7 and len(g.hands[0]) == 2


def test_M_E65_M_E66_M_X8_rush_draws_then_places() -> None:
    g = game(4, characters={0: "ozzie"}, decks={0: [AB]}, start={"oxygen": 6})
    act(g, (0, "use rush"))
    assert kinds(g) == [(0, "rush")] and f"play {AB}" in texts(g, 0)
    act(g, (0, f"play {AB}"))
    assert g.played_count == 1 and g.oxygen == 5


def test_M_E67_M_X9_scavenge() -> None:
    g = game(4, characters={0: "ozzie"})
    act(g, (0, "use scavenge"), (0, f"discard {RM}"), (0, f"discard {BR}"))
    assert len(g.hands[0]) == 3 and kinds(g) == [(1, "turn")]


def test_M_E68_M_E69_scan_and_analyze_are_private() -> None:
    g = game(4, characters={0: "imre"}, decks={1: [AB, RM, EX]}, start={"energy": 2})
    act(g, (0, "use scan"), (0, "target seat 1"))
    assert "Scan: the top of P2's deck is Airlock Breach, Raise Morale, Explosion (top first)." in log(g, 0)
    assert g.decks[1] == [10, 0, 8] and not any("Scan: the top" in t for t in log(g, 1))


def test_M_E72_reassign_M_T43() -> None:
    g = game(4, characters={0: "juno"}, emma=[REP] * 20)
    act(g, (0, "use reassign"), (0, "target seat 2"))
    round_of(g, {})
    for d in list(g.pending()):
        g.act(d.seat, "no vote")
    assert g.leader == 2


def test_M_E73_M_X13_plot_course_reorders_emma() -> None:
    g = game(4, characters={0: "hollis"}, emma=[AB, RM, BR, EX], start={"energy": 2})
    act(g, (0, "use plot-course"))
    assert decision(g, 0).default["text"] == "order 1 2 3"
    act(g, (0, "order 3 2 1"))
    assert g.emma[-3:][::-1] == [3, 0, 8]
    # M-H21: the user's log keeps the order it chose; the others see only that the cards went back
    assert "Plot Course: you put them back as Basic Repair, Raise Morale, Airlock Breach (top first)." in log(g, 0)
    assert "P1 puts the EmMA cards back." in log(g, 1)
    assert not any("Plot Course: you put" in t or "Basic Repair" in t for t in log(g, 1))


def test_M_E76_M_X12_inventory() -> None:
    g = game(4, characters={0: "bettina"}, hands={2: [AB, RM]})
    act(g, (0, "use inventory"), (0, "target seat 2"), (2, f"give {AB}"))
    assert 8 in g.hands[0] and g.hands[2] == [0]
    assert "Inventory: P3 hands you Airlock Breach." in log(g, 0) and not any("Airlock" in t for t in log(g, 1))


def test_M_E78_suppressing_fire() -> None:
    g = game(4, characters={0: "rhee"}, start={"energy": 1})
    act(g, (0, "use suppressing-fire"), (0, "target seat 1"))
    assert len(g.hands[1]) == 2 and g.energy == 0


def test_M_E79_M_X11_hot_meal_and_M_E80_comfort_food() -> None:
    g = game(4, characters={0: "mags"}, start={"wounds": {2: ["black-eye", "flesh-wound"]}})
    act(g, (0, "use hot-meal"), (0, "target seat 2"), (0, f"discard {BR}"))
    assert kinds(g) == [(2, "heal")] and decision(g, 2).default["text"] == "remove black-eye"
    act(g, (2, "remove flesh-wound"))
    assert g.wounds[2] == [2]
    g = game(4, characters={0: "mags"})
    act(g, (0, "use comfort-food"), (0, "target seat 1"), (0, f"discard {BR}"))
    assert len(g.hands[1]) == 5 or kinds(g) == [(1, "limit")]


def test_M_E81_self_repair_M_E82_reboot() -> None:
    g = game(4, characters={0: "vee"}, start={"energy": 3, "wounds": {0: ["black-eye", "flesh-wound"]}})
    act(g, (0, "use self-repair"), (0, "remove black-eye"))
    assert g.wounds[0] == [0] and g.energy == 1
    g = game(4, characters={0: "vee"}, decks={0: [AB, AB]})
    act(g, (0, "use reboot"), (0, f"discard {RM}"), (0, f"discard {BR}"), (0, "done"))
    assert sorted(g.hands[0]) == [1, 8, 8]


def test_M_E83_trust_exercise_both_see() -> None:
    g = game(4, characters={0: "cass"}, hands={0: [AB], 2: [EX]})
    act(g, (0, "use trust-exercise"), (0, "target seat 2"))
    assert "Trust Exercise: P3 holds Explosion." in log(g, 0)
    assert "Trust Exercise: P1 holds Airlock Breach." in log(g, 2)
    assert not any("Trust Exercise: seat" in t for t in log(g, 1))


@pytest.mark.rule("M-Q3", "M-Q4", "M-Q5", "M-Q40", "M-D2")
def test_M_E7_M_E8_M_E9_M_E10_M_E28_M_E32_basic_cards() -> None:
    g = game(4, start={"oxygen": 6, "energy": 4}, hands={0: [RM, RM], 1: [AB, RM], 2: [EX, RM], 3: [AR, RM]},
             order=[RM, AB, EX, AR])
    round_of(g, {0: f"play {RM}", 1: f"play {AB}", 2: f"play {EX}", 3: f"play {AR}"})
    assert (g.oxygen, g.energy) == (7, 4)  # Raise Morale +3 (M-D2), Airlock Breach -1, Advanced Repair's cost -1


def test_M_E11_M_E12_M_E27_command_and_panic() -> None:
    g = game(4, start={"oxygen": 8}, hands={0: [PAN, RM, RM], 1: [CMD, RM]}, order=[PAN, CMD])
    round_of(g, {0: f"play {PAN}", 1: f"play {CMD}"})
    assert g.oxygen == 6 and [len(h) for h in g.hands] == [2, 1, 4, 4]  # draw, -1 random, +1 each


def test_M_E18_M_E19_M_E22_replicate_against_brawl_and_veto() -> None:
    g = game(4, hands={0: [REP, RM], 1: [BS, RM]}, order=[REP, BS])
    round_of(g, {0: f"play {REP}", 1: f"play {BS}"})
    assert len(g.wounds[0]) == 1 and "The Replicate copy of Backstab does nothing." in log(g)


def test_M_E25_brawl_may_pick_self_M_X15_default_is_someone_else() -> None:
    g = game(4, hands={0: [BRL, RM]}, order=[BRL, BR])
    round_of(g, {0: f"play {BRL}"})
    assert "target seat 0" in texts(g, 0) and decision(g, 0).default["text"] != "target seat 0"


def test_M_E95_M_V26_fervor_counts_twice() -> None:
    g = game(5, agendas={0: "zealot", 3: "contagion"}, emma=[REP] * 20, start={"oxygen": 9})
    round_of(g, {})
    for d in list(g.pending()):
        g.act(d.seat, "call vote" if d.seat == 0 else "no vote")
    assert "vote seat 3 with fervor" in texts(g, 0) and "vote seat 3 with fervor" not in texts(g, 1)
    act(g, (0, "vote seat 3 with fervor"), (1, "abstain"), (2, "abstain"), (3, "abstain"), (4, "abstain"))
    assert not g.exiled[3]
    g = game(5, agendas={0: "zealot", 3: "contagion"}, emma=[REP] * 20, start={"oxygen": 9})
    round_of(g, {})
    for d in list(g.pending()):
        g.act(d.seat, "call vote" if d.seat == 0 else "no vote")
    act(g, (0, "vote seat 3 with fervor"), (1, "vote seat 3"), (2, "abstain"), (3, "abstain"), (4, "vote seat 1"))
    assert g.exiled[3] and g.oxygen == 11
