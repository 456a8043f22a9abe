"""The worked scenarios W-K1..W-K34 of the specification, one test each (variations inside)."""

from __future__ import annotations

import pytest

import treachery

from .util import (
    A,
    B,
    C,
    D,
    E,
    F,
    answer,
    auto,
    dead,
    has,
    log,
    open_trial,
    pending,
    player,
    scenario,
    texts,
    vote,
)


@pytest.mark.rule("W-V9", "W-V13", "W-V16", "W-V17", "W-V20", "W-V22", "W-V23", "W-V40", "W-V47", "W-V50", "W-V51",
                  "W-V54", "W-V55", "W-V56", "W-V59", "W-T2", "W-T8", "W-T10", "W-T15", "W-T31", "W-T39", "W-W8",
                  "W-Q5", "W-Q21", "W-E14", "W-D4")
def test_W_K1_knife_fight_example_1_target_answers_with_a_knife() -> None:
    g = scenario(5, chars={A: "CH01", B: "CH02", C: "CH06", D: "CH11", E: "CH05"}, round=2, phase="trial",
                 food=-3, sanity=6, build=9, target=17, keep={A: "F03", C: "B03"}, straws=[C])
    open_trial(g)
    answer(g, "poll", {A: "attack seat 2"})
    assert sorted(pending(g)) == [B, C, D, E]
    answer(g, "knife_response")
    assert has(g, "P3 must reveal their Keep card: Machete (B03)")
    assert has(g, "knife fight")
    assert dead(g, C)
    assert (g.food, g.sanity, g.target) == (3, 4, 15)
    assert has(g, "P1's Fishing Knife (F03) is discarded") and 22 in g.discards[2]
    assert not has(g, "Votes:")
    assert has(g, "a trial was held this round, so the raft cannot sail")
    auto(g, "select")
    assert g.round == 3 and g.leader == B
    assert player(g, C)["status"] == "ghost" and len(g.hands[C]) == 3
    auto(g, "evening")
    answer(g, "evening")
    assert has(g, "Evening, the Survivors eat: Food -4")


@pytest.mark.rule("W-V12", "W-V14", "W-V15", "W-V20", "W-V21", "W-V22", "W-V23", "W-V41", "W-V42", "W-Q8", "W-Q17",
                  "W-E18", "W-D33", "W-D4")
def test_W_K2_knife_fight_example_2_second_knife_before_the_reveal() -> None:
    g = scenario(6, chars={A: "CH01", B: "CH02", C: "CH04", D: "CH11", E: "CH12", F: "CH08"}, round=3,
                 phase="trial", food=-4, sanity=9, build=10, target=20,
                 keep={A: "F03", C: "S06", D: "B03", E: "S01", F: "B11"}, straws=[E])
    open_trial(g)
    answer(g, "poll", {A: "attack seat 2"})
    answer(g, "knife_response", {D: "attack seat 4"})
    assert sorted(pending(g)) == [B, C, E, F]
    answer(g, "knife_response")
    assert not has(g, "P3 must reveal")
    assert has(g, "Knife fight between P1, P3, P4, P5")
    assert player(g, E)["status"] == "fallen"
    assert (g.food, g.sanity, g.target) == (-1, 7, 18)
    assert has(g, "Family Photo's Last Will: Sanity +2 -> 11")
    assert g.keep[A] == -1 and g.keep[D] == -1
    assert g.keep[C] == 15 and not g.keep_up[C]  # S06 Lucky Charm stays face down
    assert not has(g, "Votes:")
    assert [d.kind for d in g.pending()] == ["rules"] and g.leader == A  # trial 2 at once


@pytest.mark.rule("W-V19", "W-T6", "W-V61", "W-Q3", "W-T5", "W-T8", "W-T9", "W-T10", "W-T24", "W-Q2")
def test_W_K3_single_attack_on_an_empty_keep_slot_kills_the_leader() -> None:
    g = scenario(5, chars={A: "CH09"}, round=4, phase="trial", food=-2, sanity=7, build=12, target=17,
                 keep={C: "B03"})
    open_trial(g)
    answer(g, "poll", {C: "attack seat 0"})
    answer(g, "knife_response")
    assert dead(g, A)
    assert (g.food, g.sanity, g.target) == (3, 4, 15)
    assert has(g, "P3's Machete (B03) is discarded")
    assert has(g, "The Conch passes at once to P2")
    auto(g, "select")
    assert g.round == 5 and g.leader == C
    assert player(g, A)["status"] == "ghost"
    assert g.ghosts() == [A]


@pytest.mark.rule("W-V18", "W-E15", "W-E16", "W-Q6", "W-Q7", "W-V24", "W-V25", "W-V34", "W-T11", "W-T39", "W-E9",
                  "W-Q27")
def test_W_K4_shield_blocks_and_shielded_survivor_cannot_be_targeted() -> None:
    g = scenario(5, chars={A: "CH01", B: "CH02", C: "CH03", D: "CH04", E: "CH11"}, round=3, phase="trial",
                 food=-1, sanity=8, build=6, target=17, keep={B: "B03", C: "S01", D: "B04", E: "F03"})
    open_trial(g)
    answer(g, "poll", {B: "attack seat 3"})
    answer(g, "knife_response")
    assert has(g, "P4 must reveal their Keep card: Cabin Door (B04)")
    assert g.keep[B] == -1 and g.keep_up[D] and g.shielded[D]
    assert all(p["status"] == "survivor" for p in g.view(None)["players"])
    assert [t for t in texts(g, E) if t.startswith("attack")] == ["attack seat 0", "attack seat 1", "attack seat 2"]
    answer(g, "poll", {A: "call vote"})
    answer(g, "vote_window")
    answer(g, "vote", {A: "vote seat 2", B: "vote seat 2", C: "vote seat 1", D: "vote seat 2", E: "vote seat 1"})
    assert dead(g, C)
    assert (g.food, g.sanity, g.target) == (4, 6, 15)
    assert has(g, "face-up Cabin Door (B04) is discarded")
    auto(g, "select")
    assert has(g, "P5 pick up their Keep cards") and g.hands[E][0] == 2  # E picks up his Fishing Knife first


@pytest.mark.rule("W-E26", "W-E10", "W-V19", "W-V51", "W-D43")
def test_W_K5_attacked_target_reveals_a_last_will() -> None:
    g = scenario(6, chars={B: "CH06"}, round=2, phase="trial", food=-3, sanity=8, build=4, target=20,
                 keep={B: "B01", C: "F03"})
    open_trial(g)
    answer(g, "poll", {C: "attack seat 1"})
    answer(g, "knife_response")
    assert dead(g, B)
    assert (g.build, g.food, g.sanity, g.target) == (6, 3, 5, 18)
    assert has(g, "P3's Fishing Knife (F03) is discarded") and not has(g, "Votes:")
    assert g.round == 3  # trial over


def _k6(**kw: object) -> object:
    return scenario(5, chars={A: "CH01", B: "CH02", C: "CH04", D: "CH11", E: "CH08"}, round=3, phase="trial",
                    food=-1, sanity=9, build=8, target=17, **kw)  # type: ignore[arg-type]


K6_VOTES = {A: C, B: D, C: D, D: C, E: B}


@pytest.mark.rule("W-V35", "W-V36", "W-Q4", "W-V44", "W-V47")
def test_W_K6_tied_vote_base_game_every_survivor_draws() -> None:
    g = _k6(straws=[E])
    open_trial(g)
    vote(g, K6_VOTES)
    assert has(g, "Straws (tie-break) among P1, P2, P3, P4, P5: P5 draws the short straw")
    assert dead(g, E)
    assert (g.food, g.sanity, g.target) == (1, 6, 15)


@pytest.mark.rule("W-V37", "W-S15")
def test_W_K7_follow_the_leader_only_the_tied_draw() -> None:
    g = _k6(straws=[D], options={"follow_the_leader": True})
    open_trial(g)
    vote(g, K6_VOTES)
    answer(g, "tie_choice", default="only tied")
    assert has(g, "among P3, P4: P4 draws the short straw")
    assert (g.food, g.sanity, g.target) == (3, 6, 15)


@pytest.mark.rule("W-V38", "W-E63", "W-D101")
def test_W_K8_born_leader_names_the_tied_victim() -> None:
    g = _k6(pers={A: "P11"})
    open_trial(g)
    vote(g, K6_VOTES)
    assert texts(g, A) == ["seat 2", "seat 3"]
    answer(g, "born_leader", default="seat 2")
    assert not has(g, "Straws")
    assert dead(g, C)
    assert (g.food, g.sanity, g.target) == (3, 6, 15)


def _k9(choice: str) -> object:
    g = scenario(6, chars={A: "CH01", B: "CH02", C: "CH04", D: "CH11", E: "CH12", F: "CH08"}, round=4,
                 phase="trial", food=-2, sanity=10, build=12, target=20, options={"phone_booth": True},
                 keep={A: "F03", B: "B11", C: "S06", D: "B03", F: "B04"}, straws=[E] if choice == "all" else [D])
    open_trial(g)
    answer(g, "poll", {A: "attack seat 2"})
    answer(g, "knife_response", {D: "attack seat 4"})
    answer(g, "knife_response")
    answer(g, "phone_booth", default="all survivors" if choice == "all" else "only knives")
    return g


@pytest.mark.rule("W-V62", "W-V63", "W-V64", "W-V65", "W-E23", "W-E13")
def test_W_K9_phone_booth_all_survivors_with_exemptions() -> None:
    g = _k9("all")
    assert sorted(pending(g)) == [B, C, E, F]
    answer(g, "exemption", {B: "reveal keep", C: "reveal keep", F: "reveal keep"})
    assert has(g, "among P1, P4, P5: P5 draws the short straw")
    assert dead(g, E)
    assert (g.food, g.sanity, g.target) == (1, 6, 18)
    assert has(g, "P1's Fishing Knife (F03) is discarded") and has(g, "P4's Machete (B03) is discarded")
    assert has(g, "P2 reveals Vine Rope (B11) (Hide)")
    lines = log(g)
    up = lines.index(next(x for x in lines if "P3 reveals Lucky Charm (S06) (Shield)" in x))
    gone = lines.index(next(x for x in lines if "P3's face-up Lucky Charm (S06) is discarded" in x))
    assert up < lines.index(next(x for x in lines if "P5 draws the short straw" in x)) < gone
    assert has(g, "P6's face-up Cabin Door (B04) is discarded")
    assert not has(g, "Votes:")


@pytest.mark.rule("W-V62", "W-V63", "W-V66", "W-Q21")
def test_W_K9_phone_booth_only_knife_revealers() -> None:
    g = _k9("only")
    assert not [d for d in g.pending() if d.kind == "exemption"]
    assert has(g, "among P1, P4: P4 draws the short straw")


@pytest.mark.rule("W-V1", "W-V2", "W-V41", "W-W3", "W-Q9", "W-W11", "W-W12", "W-W13", "W-T36", "W-V31")
def test_W_K10_trial_loop_until_two_survivors_fallen_get_no_result() -> None:
    g = scenario(5, chars={B: "CH07", C: "CH02"}, round=4, phase="trial", ghosts=[E], food=-8, sanity=7,
                 build=14, target=15)
    open_trial(g)
    vote(g, {A: B, C: B, D: B, B: C})
    assert (g.food, g.sanity, g.target) == (-6, 4, 13)
    open_trial(g)
    vote(g, {A: C, D: C, C: A})
    assert (g.food, g.sanity, g.target) == (-3, 2, 11)
    assert g.over
    result = g.result()
    assert result is not None
    assert result["winners"] == [E] and result["reason"] == "trial with 2 survivors"
    assert result["sides"] == {A: "survivor", B: "fallen", C: "fallen", D: "survivor", E: "ghost"}


@pytest.mark.rule("W-E17", "W-V11", "W-V40", "W-T37", "W-W8", "W-D27")
def test_W_K11_a_stash_ends_the_trial_and_no_raft_win_that_round() -> None:
    g = scenario(4, round=5, phase="trial", food=-2, sanity=6, build=16, target=14, keep={B: "F05"})
    open_trial(g)
    answer(g, "poll", {B: "reveal keep"})
    assert g.food == 0 and not g.over
    assert not has(g, "Votes:") and g.keep[B] == -1 and 4 in g.discards[0]
    assert g.round == 6 and all(p["status"] == "survivor" for p in g.view(None)["players"])


def _k12(sanity: int, **kw: object) -> object:
    g = scenario(6, chars={D: "CH11"}, round=6, phase="evening", ghosts=[F], food=3, sanity=sanity, **kw)
    answer(g, "evening")
    return g


@pytest.mark.rule("W-V55", "W-W1", "W-W6", "W-E4", "W-W12", "W-T30")
def test_W_K12_sanity_reaches_zero_in_death_step_5() -> None:
    g = _k12(3)
    assert (g.sanity, g.food) == (1, -2)
    target = g.target
    open_trial(g)
    vote(g, {A: D, B: D, C: D, D: A, E: D})
    assert g.food == 2 and g.sanity == 0 and g.target == target  # step 6 never applied
    result = g.result()
    assert result is not None and result["winners"] == [F]
    assert result["sides"][D] == "fallen"


@pytest.mark.rule("W-V51", "W-V52", "W-V53", "W-E18", "W-E55")
def test_W_K13_vengeful_spirit_without_a_last_will() -> None:
    """W-V52 W-D72 W-W6"""
    g = _k12(4, haunts={D: "GH08"})
    open_trial(g)
    vote(g, {A: D, B: D, C: D, D: A, E: D})
    assert g.over and g.sanity == 0 and g.food == -2


def test_W_K13_vengeful_spirit_with_a_last_will() -> None:
    g = _k12(4, haunts={D: "GH08"}, keep={D: "S01"})
    target = g.target
    open_trial(g)
    vote(g, {A: D, B: D, C: D, D: A, E: D})
    assert not g.over
    lines = log(g)
    assert any("Last Will: Sanity +2 -> 4" in x for x in lines)
    assert any("Vengeful Spirit: Sanity -2 -> 2" in x for x in lines)
    assert (g.food, g.sanity, g.target) == (2, 1, target - 2)
    assert "P12" in g.box and g.haunt[D] == -1


@pytest.mark.rule("W-T9", "W-W2", "W-W14", "W-D6", "W-W16", "W-S14", "W-D7")
def test_W_K14_quest_clock_runs_out() -> None:
    g = scenario(6, round=11, phase="morning", fallen=[E], ghosts=[F],
                 quests={"box": ["QU01", "QU02", "QU03"], "selection": ["QU04", "QU05"], "deck": []})
    result = g.result()
    assert g.over and result is not None and result["reason"] == "quests"
    assert result["winners"] == [F] and result["sides"][E] == "fallen"
    assert g.leader == B  # the Conch passed first
    for k, deck in ((0, 9), (2, 7)):
        fresh = treachery.new_game("eat", players=6, seed=1, options={"dwindling_resources": k})
        assert fresh.view(None)["quest_deck_size"] == deck


def _k15(navigator: bool) -> object:
    g = scenario(6, round=6, phase="evening", ghosts=[F], food=6, sanity=7, build=17,
                 held={C: ["QU11"]} if navigator else {})
    answer(g, "evening")
    return g


@pytest.mark.rule("W-W4", "W-W9", "W-W10", "W-E51", "W-T38", "W-Q30", "W-D86")
def test_W_K15_raft_victory_counting_a_navigator() -> None:
    g = _k15(True)
    assert g.target == 18 and (g.sanity, g.food) == (5, 1)
    result = g.result()
    assert result is not None and result["reason"] == "raft" and result["winners"] == [A, B, C, D, E]
    assert result["sides"][F] == "ghost"


@pytest.mark.rule("W-T39", "W-T40")
def test_W_K15_without_navigator_round_7_begins() -> None:
    g = _k15(False)
    assert not g.over and g.round == 7


@pytest.mark.rule("W-T7", "W-T10", "W-T15", "W-T24", "W-T25", "W-T26", "W-T31", "W-Q26", "W-E67")
def test_W_K16_return_of_the_dead_and_ghost_turn_order() -> None:
    g = scenario(6, chars={D: "CH06"}, round=4, phase="trial", ghosts=[F], food=-1, sanity=9,
                 decks={"ghost": ["GI03", "GI03", "GI03", "GI09", "GI09", "GI01"]})
    open_trial(g)
    vote(g, {A: D, B: D, C: D, D: A, E: D})
    auto(g, "select")
    assert g.round == 5 and g.leader == B
    assert player(g, D)["status"] == "ghost"
    assert len(g.hands[D]) == 3 and len(g.hands[F]) == 3
    auto(g, "evening")
    lines = log(g)
    d_turn = next(i for i, x in enumerate(lines) if x.startswith("P4's Ghost plays"))
    f_turn = next(i for i, x in enumerate(lines) if x.startswith("P6's Ghost plays"))
    quest = next(i for i, x in enumerate(lines) if x.startswith("P2 chooses"))
    reveals = [x[:2] for x in lines[quest:] if " reveals " in x and "Keep" not in x]
    assert d_turn < f_turn < quest
    assert reveals == ["P2", "P3", "P5", "P1"]
    answer(g, "evening")
    assert has(g, "Evening, the Survivors eat: Food -4")


@pytest.mark.rule("W-E28", "W-E29", "W-E24", "W-E43", "W-E30", "W-D65", "W-D66", "W-D104", "W-T32", "W-X5", "W-X6")
def test_W_K17_haunt_replacement_skeptic_and_ward() -> None:
    g = scenario(6, pers={A: "P14"}, leader=B, round=5, phase="afternoon", ghosts=[D, F], haunts={C: "GH01"},
                 keep={E: "S03"}, play={D: "GH02", F: "GH06"}, sanity=10, food=8,
                 quests={"selection": ["QU01", "QU02", "QU03"]})
    answer(g, "ghost_target", default="seat 2")
    assert texts(g, F) == ["seat 1", "seat 2", "seat 4"]
    answer(g, "ghost_target", default="seat 4")
    assert g.haunt[C] == 41 + 1 - 1 + 1 - 1 + 1  # GH02 Night Terrors (type 42)
    assert 41 in g.discards[3]  # Gnawing Hunger to the Ghost discard
    assert g.haunt[E] == -1 and g.keep[E] == -1 and 46 in g.discards[3]
    assert has(g, "is a Ward")
    auto(g, "evening")
    answer(g, "evening")
    assert has(g, "Evening, the nerves fray: Sanity -3")
    assert has(g, "Evening, the Survivors eat: Food -4")


@pytest.mark.rule("W-V28", "W-V32", "W-V33", "W-E22", "W-E23", "W-E60", "W-D70", "W-D98")
def test_W_K18_vote_weights_loud_and_hide() -> None:
    g = scenario(6, pers={A: "P08"}, phase="trial", round=3, food=-9, haunts={C: "GH06"}, keep={B: "S02", D: "S07"})
    open_trial(g)
    answer(g, "poll")
    answer(g, "vote_window", {B: "reveal keep", D: "reveal keep"})
    assert D not in pending(g)
    assert "vote seat 3" not in texts(g, A)
    answer(g, "vote", {A: "vote seat 2", B: "vote seat 4", C: "vote seat 4", E: "vote seat 2", F: "vote seat 4"})
    assert has(g, "P1 -> P3 (3)") and has(g, "P5 -> P3 (2)") and has(g, "P2 -> P5 (2)")
    assert dead(g, C) and not dead(g, E)


def _k19() -> object:
    return scenario(5, round=4, phase="evening", ghosts=[E], haunts={C: "GH02"}, cold_nights=1, sanity=4, food=1,
                    keep={B: "S09"})


@pytest.mark.rule("W-T30", "W-T32", "W-E39", "W-W1", "W-D63")
def test_W_K19_evening_sanity_is_checked_before_food() -> None:
    g = _k19()
    answer(g, "evening")
    result = g.result()
    assert g.sanity == 0 and g.food == 1 and result is not None
    assert result["winners"] == [E]


@pytest.mark.rule("W-E20", "W-T29", "W-T35", "W-D41")
def test_W_K19_variation_prayer_beads() -> None:
    g = _k19()
    answer(g, "evening", {B: "reveal keep"})
    assert (g.sanity, g.food) == (2, -3)
    assert [d.kind for d in g.pending()] == ["rules"]


@pytest.mark.rule("W-T31", "W-T32", "W-T34", "W-E21", "W-E56", "W-E64", "W-D84", "W-D91", "W-D92", "W-D105")
def test_W_K20_evening_food_adjustments() -> None:
    g = scenario(6, pers={A: "P01", B: "P02", E: "P15"}, round=3, phase="evening", ghosts=[F], food=4, sanity=8,
                 haunts={C: "GH01"}, held={D: ["QU09"]}, keep={C: "F06"})
    answer(g, "evening", {C: "reveal keep"})
    assert g.sanity == 6
    assert has(g, "Evening, the Survivors eat: Food -6 -> -2")
    assert g.food == -1 and g.trial_held


@pytest.mark.rule("W-T17", "W-T18", "W-E67")
def test_W_K21_an_empty_draw_pile_is_refilled_from_its_discards() -> None:
    g = scenario(4, chars={A: "CH11", B: "CH05", C: "CH10", D: "CH07"}, pers={A: "P05", B: "P06", C: "P07", D: "P14"},
                 piles={"food": {"draw": ["F01"], "discard": ["F02", "F03", "F04", "F05", "F06"]}})
    answer(g, "wild_decks", {C: "decks 0f 0s 1b", D: "decks 0f 2s 0b"})
    assert g.hands[A][0] == 0 and g.hands[A][1] in (1, 2, 3, 4, 5) and g.hands[A][2] >= 20
    view = g.view(None)
    assert view["draw_piles"]["food"] == 4 and view["discard_piles"]["food"] == 0
    lines = log(g)
    assert any("The Food draw pile ran out: its 5 discards" in x for x in lines)


@pytest.mark.rule("W-E25", "W-E44", "W-E45", "W-E46", "W-E47", "W-E5", "W-E59", "W-D76", "W-T25", "W-T26")
def test_W_K22_quest_dodge_and_a_permanent_effect_the_same_afternoon() -> None:
    g = scenario(4, pers={A: "P12", B: "P14", C: "P07", D: "P04"}, round=2, phase="afternoon", food=3, sanity=8,
                 build=5, quests={"selection": ["QU01", "QU09", "QU14"]},
                 play={A: "F01", B: "S01", C: "B01", D: "F02"}, keep={B: "S08"}, straws=[C])
    answer(g, "quest", default="quest qu01")
    assert (g.build, g.sanity) == (9, 7)
    answer(g, "dodge", {B: "reveal keep"})
    assert has(g, "Straws (Quest) among P1, P3, P4: P3 draws the short straw")
    assert g.held[C] == [0]
    assert (g.food, g.sanity, g.build) == (7, 9, 13)


@pytest.mark.rule("W-E34", "W-E40", "W-H13", "W-H16", "W-T27", "W-D58", "W-D64")
def test_W_K23_poltergeist_and_possession() -> None:
    g = scenario(6, pers={C: "P12"}, round=4, phase="afternoon", ghosts=[E, F], play={E: "GI04", F: "GI10",
                 B: "S01", C: "F01"}, keep={C: "B03"}, quests={"selection": ["QU05", "QU10", "QU14"]})
    answer(g, "ghost_target", default="seat 1")
    assert has(g, "P2's Play card goes unseen to the Sanity discard pile")
    assert not any("Family Photo" in x for x in log(g))
    answer(g, "ghost_target", default="seat 2")
    assert has(g, "Possession: P3's Play and Keep cards swap places")
    assert has(g, "Your Play card is now Machete (B03) and your Keep card Coconuts (F01)", C)
    build = g.build
    auto(g, "evening")
    lines = log(g)
    assert not any(x.startswith("P2 reveals") for x in lines)
    assert any("P3 reveals Machete (B03)" in x for x in lines)
    assert g.keep[C] == 0 and g.build >= build + 2


@pytest.mark.rule("W-E44", "W-E3", "W-E4", "W-W15", "W-Q25", "W-D79")
def test_W_K24_ghosts_win_while_nobody_is_a_ghost() -> None:
    g = scenario(4, round=3, phase="afternoon", sanity=3, build=7, quests={"selection": ["QU04", "QU05", "QU06"]})
    answer(g, "quest", default="quest qu04")
    result = g.result()
    assert g.build == 12 and g.sanity == 0
    assert result is not None and result["winners"] == [] and result["reason"] == "sanity"


@pytest.mark.rule("W-V20", "W-V15", "W-V22")
def test_W_K25_a_responder_names_the_original_attacker() -> None:
    g = scenario(5, phase="trial", round=3, food=-9, keep={A: "F03", B: "S04", C: "B03"}, straws=[A])
    open_trial(g)
    answer(g, "poll", {A: "attack seat 2"})
    answer(g, "knife_response", {C: "attack seat 0", B: "attack seat 2"})
    answer(g, "knife_response")
    assert has(g, "Knife fight between P1, P2, P3")
    assert dead(g, A)
    assert g.keep[B] == -1 and g.keep[C] == -1
    assert not has(g, "Votes:")


@pytest.mark.rule("W-E58", "W-V49", "W-D94")
def test_W_K26a_brawler_redraws() -> None:
    g = scenario(5, pers={A: "P04"}, phase="trial", round=3, food=-9, keep={A: "F03", C: "B03"}, straws=[A, C])
    open_trial(g)
    answer(g, "poll", {A: "attack seat 2"})
    answer(g, "knife_response")
    assert has(g, "P1 is a Brawler: the straws are drawn again")
    assert dead(g, C) and not dead(g, A)


@pytest.mark.rule("W-V46", "W-V48", "W-D74", "W-C5")
def test_W_K26b_cursed_luck_holds_two_straws() -> None:
    g = scenario(5, haunts={C: "GH10"}, phase="trial", round=3, food=-9)
    counts = {s: 0 for s in range(4)}
    for _ in range(5000):
        counts[g._straws([A, B, C, D], "test")] += 1
    for seat, share in ((A, 0.2), (B, 0.2), (C, 0.4), (D, 0.2)):
        assert abs(counts[seat] / 5000 - share) < 0.03


@pytest.mark.rule("W-E57", "W-E62", "W-E26", "W-V24", "W-D93", "W-D100")
def test_W_K27_pacifist_and_paranoid() -> None:
    g = scenario(6, pers={C: "P03", E: "P10"}, round=3, phase="trial", food=-9,
                 keep={A: "F03", B: "S04", C: "B03", D: "B03", E: "F01"})
    open_trial(g)
    assert not [t for t in texts(g, C) if t.startswith("attack")]
    answer(g, "poll", {A: "attack seat 2"})
    answer(g, "knife_response")
    assert g.keep[A] == -1 and g.keep_up[C] and g.shielded[C]
    assert "attack seat 2" not in texts(g, D)
    answer(g, "poll", {B: "attack seat 4"})
    answer(g, "knife_response")
    assert has(g, "P5 is Paranoid") and g.keep[B] == -1 and not g.keep_up[E] and g.paranoid_used[E]
    assert player(g, E)["paranoid_used"]
    answer(g, "poll", {D: "attack seat 4"})
    answer(g, "knife_response")
    assert has(g, "P5 must reveal their Keep card: Coconuts (F01)")
    assert dead(g, E) and g.keep[D] == -1
    assert not has(g, "Votes:") and not has(g, "Stash")


@pytest.mark.rule("W-V50", "W-V51", "W-V52", "W-V53", "W-V54", "W-V55", "W-V56", "W-V57", "W-E66", "W-Q14", "W-D71",
                  "W-D80", "W-D103")
def test_W_K28_full_death_event_with_all_steps() -> None:
    g = scenario(6, chars={E: "CH04"}, pers={E: "P01", A: "P13"}, round=4, phase="trial", food=-5, sanity=9,
                 target=20, haunts={E: "GH07"}, keep={E: "F04"}, held={B: ["QU05"]})
    assert g.meat(E) == 4
    open_trial(g)
    vote(g, {A: E, B: E, C: E, D: E, E: A, F: E})
    lines = log(g)
    order = [next(i for i, x in enumerate(lines) if key in x) for key in (
        "Last Will: Food +2 -> -3", "Rotten Flesh leaves P5", "Personality Glutton goes to the Box",
        "is eaten (meat 4): Food +4 -> 1", "Grief: Sanity -3 -> 6", "Raft target drops to 18",
        "The Butcher: Food +1 -> 2", "The Gravedigger: Sanity +1 -> 7")]
    assert order == sorted(order)
    assert (g.food, g.sanity, g.target) == (2, 7, 18)


@pytest.mark.rule("W-E65", "W-D106")
def test_W_K29_martyr() -> None:
    g = scenario(5, chars={E: "CH08"}, pers={E: "P16"}, round=3, phase="trial", food=-1, sanity=8, build=10,
                 target=17)
    open_trial(g)
    vote(g, {A: E, B: E, C: E, D: E, E: A})
    assert (g.build, g.food, g.sanity, g.target) == (12, 1, 8, 15)
    knifed = scenario(5, chars={E: "CH08"}, pers={E: "P16"}, round=3, phase="trial", food=-1, sanity=8, build=10,
                      target=17, keep={A: "F03"})
    open_trial(knifed)
    answer(knifed, "poll", {A: "attack seat 4"})
    answer(knifed, "knife_response")
    assert (knifed.build, knifed.food, knifed.sanity) == (10, 1, 5)


@pytest.mark.rule("W-S2", "W-S3", "W-S4", "W-S6", "W-S13", "W-S16", "W-D5", "W-T12", "W-T13")
def test_W_K30_setup_and_a_hungry_first_night() -> None:
    g = scenario(7, chars={A: "CH08"}, pers={A: "P05", B: "P06", C: "P07", D: "P12", E: "P14", F: "P04", 6: "P08"})
    view = g.view(None)
    assert (view["food"], view["sanity"], view["build"], view["raft_target"]) == (6, 8, 0, 23)
    assert view["box_at_setup"] == 3 and len(view["quest_selection"]) == 3 and view["quest_deck_size"] == 9
    assert g.round == 1 and g.leader == A and not has(g, "The Conch passes") and not has(g, "A new Quest")
    assert A in pending(g) and pending(g)[A].kind == "wild_decks"
    answer(g, "wild_decks", default=None)
    assert has(g, "P1 2 Food 1 Sanity 1 Build")  # one of each, plus the wild declared Food
    night = scenario(7, pers={A: "P05", B: "P06", C: "P07", D: "P12", E: "P14", F: "P04", 6: "P08"},
                     phase="evening", food=6, sanity=8)
    answer(night, "evening")
    assert (night.sanity, night.food) == (6, -1) and night.trial_held


@pytest.mark.rule("W-V32", "W-Q12", "W-Q16", "W-T6")
def test_W_K31a_everybody_else_hides_and_the_leader_votes_for_himself() -> None:
    g = scenario(5, chars={A: "CH01"}, round=6, phase="trial", ghosts=[D, E], target=13, food=-2, sanity=8,
                 keep={B: "F08", C: "S07"})
    open_trial(g)
    answer(g, "poll")
    answer(g, "vote_window", {B: "reveal keep", C: "reveal keep"})
    assert list(pending(g)) == [A] and texts(g, A) == ["vote seat 0"]
    answer(g, "vote", default="vote seat 0")
    assert (g.food, g.sanity, g.target) == (2, 5, 11) and has(g, "The Conch passes at once to P2")


@pytest.mark.rule("W-V39", "W-Q16", "W-V41")
def test_W_K31b_nobody_can_be_voted_for() -> None:
    g = scenario(5, chars={A: "CH01"}, round=6, phase="trial", ghosts=[D, E], target=13, food=-2, sanity=8,
                 keep={A: "B11", B: "F08", C: "S07"})
    open_trial(g)
    answer(g, "poll")
    answer(g, "vote_window", default="reveal keep")
    assert has(g, "Nobody can be voted for")
    assert g.food == -2 and [d.kind for d in g.pending()] == ["rules"] and not g.over


@pytest.mark.rule("W-E37", "W-E38", "W-D61", "W-D62", "W-X7")
def test_W_K32_ill_wind_lapses_after_cursed_map() -> None:
    g = scenario(6, leader=B, round=5, phase="afternoon", ghosts=[D, F], play={D: "GI08", F: "GI07"},
                 quests={"box": ["QU01", "QU02", "QU05"], "selection": ["QU03", "QU09", "QU12"],
                         "deck": ["QU04", "QU06", "QU07", "QU08", "QU10"]})
    answer(g, "ghost_target", default="quest qu09")
    assert g.view(None)["ill_wind"] == "QU09"
    answer(g, "ghost_target", default="quest qu09")
    view = g.view(None)
    assert view["quest_selection"] == ["QU03", "QU04", "QU12"] and view["quest_deck_size"] == 4
    assert "QU09" in view["box"] and view["ill_wind"] is None
    assert texts(g, B) == ["quest qu03", "quest qu04", "quest qu12"]


@pytest.mark.rule("W-T16", "W-T22", "W-Q15", "W-D69", "W-D81")
def test_W_K33_draw_reductions_down_to_an_empty_hand() -> None:
    g = scenario(4, chars={A: "CH06"}, pers={A: "P05"}, round=2, haunts={A: "GH05"}, held={A: ["QU06"]})
    auto(g, "select")
    assert g.hands[A] == [] and A not in pending(g)
    with_keep = scenario(4, chars={A: "CH06"}, pers={A: "P05"}, round=2, haunts={A: "GH05"}, held={A: ["QU06"]},
                         keep={A: "F01"})
    auto(with_keep, "select")
    assert with_keep.hands[A] == [0] and texts(with_keep, A) == ["play f01", "keep f01"]


@pytest.mark.rule("W-E46", "W-Q28", "W-V67")
def test_W_K34_quest_straws_after_dodges() -> None:
    g = scenario(5, phase="afternoon", ghosts=[D, E], keep={B: "S08", C: "B08"}, round=4)
    auto(g, "dodge")
    answer(g, "dodge", {B: "reveal keep", C: "reveal keep"})
    assert has(g, "P1 is the only one left and takes the Quest without a draw")
    assert len(g.held[A]) == 1
    g2 = scenario(5, phase="afternoon", ghosts=[D, E], keep={A: "S08", B: "S08", C: "B08"}, round=4)
    auto(g2, "dodge")
    answer(g2, "dodge", default="reveal keep")
    assert has(g2, "Nobody is left to draw") and g2.held == [[], [], [], [], []]
