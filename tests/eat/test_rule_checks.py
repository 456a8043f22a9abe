"""Rule facts that mutation testing found unchecked: each test fails if the cited rule's code is broken."""

from __future__ import annotations

import pytest

from .util import A, B, C, D, E, F, act, answer, auto, dead, has, kinds, open_trial, pending, scenario, texts, vote


@pytest.mark.rule("W-X2", "W-T16")
def test_W_X2_a_skipped_draw_is_one_the_survivor_has() -> None:
    """Big Lou draws 2 Food and 1 Sanity, nothing else: Sprained Ankle offers only those draws to skip."""
    g = scenario(4, chars={A: "CH03"}, pers={A: "P05"}, round=2, held={A: ["QU06"]})
    auto(g, "skip_draw")
    assert texts(g, A) == ["skip food", "skip sanity"]
    assert pending(g)[A].default["text"] == "skip sanity"  # no wild draw: the last fixed draw (F, S, B order)
    # Clouded Mind as well: two skips, and only one Sanity draw to give up
    g = scenario(4, chars={A: "CH03"}, pers={A: "P05"}, round=2, held={A: ["QU06"]}, haunts={A: "GH05"})
    auto(g, "skip_draw")
    assert texts(g, A) == ["skip food+food", "skip food+sanity"]
    act(g, A, "skip food+sanity")
    auto(g, "select")
    assert [code[0] for code in g.view(A)["hand"]] == ["F"]  # the one Food draw left


@pytest.mark.rule("W-V40", "W-V41")
def test_W_V40_a_vote_death_that_leaves_food_at_exactly_zero_ends_the_trial() -> None:
    meat = scenario(5, round=3, phase="trial", food=-9).meat(C)
    for food, another_trial in ((-meat, False), (-meat - 1, True)):
        g = scenario(5, round=3, phase="trial", food=food)
        open_trial(g)
        vote(g, {A: C, B: C, C: A, D: C, E: C})
        assert dead(g, C) and g.food == food + meat
        assert (kinds(g)[0][1] == "rules") is another_trial  # a new trial opens with the Leader's rules
        assert (g.round == 3) is another_trial


@pytest.mark.rule("W-V39", "W-Q16", "W-E23", "W-E52", "W-V38")
def test_W_V39_when_nobody_votes_only_the_legal_targets_tie() -> None:
    """P1 has Sunstroke (may be voted for, may not vote); P2..P4 hide: no vote is cast, and the hidden
    Survivors are not targets, so P1 alone is tied at 0 and eaten. P1 is a Born Leader holding the Conch: had
    anyone else tied, P1 would be asked to name who is eaten (W-V38)."""
    g = scenario(4, round=3, phase="trial", food=-15, pers={A: "P11"}, held={A: ["QU14"]},
                 keep={B: "F08", C: "S07", D: "B11"})
    open_trial(g)
    answer(g, "poll")
    answer(g, "vote_window", {B: "reveal keep", C: "reveal keep", D: "reveal keep"})
    assert dead(g, A) and not any(dead(g, s) for s in (B, C, D))
    assert "born_leader" not in {kind for _, kind in kinds(g)}


@pytest.mark.rule("W-X2", "W-T13", "W-T16")
def test_W_X2_a_skipped_any_deck_draw_is_neither_declared_nor_drawn() -> None:
    """Big Lou (2 Food, 1 Sanity) as a Scavenger (+1 any-deck draw) with Sprained Ankle: skipping the any-deck draw
    leaves nothing to declare and three fixed draws; skipping a Food draw keeps the any-deck draw to declare."""
    g = scenario(4, chars={A: "CH03"}, pers={A: "P12"}, round=2, held={A: ["QU06"]})
    assert pending(g)[A].default["text"] == "skip any"  # W-X2: a wild draw first
    act(g, A, "skip any")
    assert A not in dict(kinds(g))
    auto(g, "select")
    assert sorted(code[0] for code in g.view(A)["hand"]) == ["F", "F", "S"]
    g = scenario(4, chars={A: "CH03"}, pers={A: "P12"}, round=2, held={A: ["QU06"]})
    act(g, A, "skip food")
    assert dict(kinds(g))[A] == "wild_decks"
    auto(g, "select")
    assert len(g.view(A)["hand"]) == 3


@pytest.mark.rule("W-Q10", "W-E37")
def test_W_Q10_cursed_map_with_an_empty_quest_deck_changes_nothing() -> None:
    g = scenario(6, leader=B, round=5, phase="afternoon", ghosts=[D, F], play={F: "GI07"},
                 quests={"box": ["QU01", "QU02", "QU04", "QU05", "QU06", "QU07", "QU08", "QU10"],
                         "selection": ["QU03", "QU09", "QU12"], "deck": []})
    assert has(g, "Cursed Map: the Quest deck is empty, so nothing happens.")
    view = g.view(None)
    assert view["quest_selection"] == ["QU03", "QU09", "QU12"] and view["quest_deck_size"] == 0
    assert "QU09" not in view["box"] and not g.over
    assert texts(g, B) == ["quest qu03", "quest qu09", "quest qu12"]
