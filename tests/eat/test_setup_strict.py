"""Scripted straws apply exactly or stop with an error naming the key; Quest and trial straws have scripts of their
own; a game can start at a trial's vote."""

from __future__ import annotations

import pytest

from treachery.engine import SetupOverrideError

from .util import A, B, C, D, E, answer, auto, dead, kinds, open_trial, pending, scenario, texts


@pytest.mark.rule("W-E46", "W-V46")
def test_W_E46_quest_straws_use_their_own_script_and_leave_the_trials_alone() -> None:
    g = scenario(5, phase="afternoon", round=4, quest_straws=[C], straws=[B])
    auto(g, "dodge")
    answer(g, "dodge")
    assert [len(q) for q in g.held] == [0, 0, 1, 0, 0]  # P3 drew the short straw for the Quest
    assert g.straw_script == [B] and g.quest_straw_script == []  # the trial's script is untouched


@pytest.mark.rule("W-V36")
@pytest.mark.rule("W-V46", "W-V44")
def test_W_V46_a_scripted_loser_who_is_not_drawing_names_the_key() -> None:
    """Tie-break straws: P5 hides before the vote, so it does not draw (W-V36); a script naming P5 is an error."""
    g = scenario(5, phase="trial", round=3, food=-9, keep={E: "B11"}, straws=[E])
    open_trial(g)
    answer(g, "poll")
    answer(g, "vote_window", {E: "reveal keep"})
    with pytest.raises(SetupOverrideError, match=r"setup straws: the scripted loser P5 is not drawing"):
        answer(g, "vote", {A: "vote seat 1", B: "vote seat 0", C: "vote seat 1", D: "vote seat 0"})
    g = scenario(5, phase="afternoon", round=4, quest_straws=[D], ghosts=[D])
    auto(g, "dodge")
    with pytest.raises(SetupOverrideError, match=r"setup quest_straws: the scripted loser P4 is not drawing"):
        answer(g, "dodge")


@pytest.mark.rule("W-V27", "W-V28")
def test_W_V28_a_game_can_start_at_a_trials_vote() -> None:
    g = scenario(5, phase="vote", round=3, food=-3, keep={B: "F08"})
    assert kinds(g) == [(s, "vote_window") for s in (A, B, C, D, E)]
    assert texts(g, B) == ["pass", "reveal keep"] and texts(g, A) == ["pass"]
    answer(g, "vote_window")
    assert sorted(pending(g)) == [A, B, C, D, E] and kinds(g)[0][1] == "vote"
    answer(g, "vote", {s: "vote seat 2" for s in (A, B, D, E)} | {C: "vote seat 0"})
    assert dead(g, C) and g.food >= 0 and g.trials == 1  # one trial, opened at its vote
