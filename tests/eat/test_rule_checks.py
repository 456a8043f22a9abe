"""Rule facts that mutation testing found unchecked: each test fails if the cited rule's code is broken."""

from __future__ import annotations

import pytest

from .util import A, B, C, D, E, act, answer, auto, dead, kinds, open_trial, pending, scenario, texts, vote


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
