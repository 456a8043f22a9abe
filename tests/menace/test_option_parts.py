"""The discussion asked as parts: ready or call a vote, else what to say (and about whom, and which card)."""

from __future__ import annotations

from tests.option_parts import picker_steps, step_choices, walk


def test_M_T39_M_H33_the_discussion_offers_the_vote_and_three_kinds_of_claim_first() -> None:
    seen = 0
    for game, decision in walk("menace", [4, 6, 8], range(3)):
        assert decision.kind == "discussion"
        seen += 1
        parts = game.option_parts(decision)
        first = step_choices(parts, ())
        assert len(first) <= 5
        assert {v for g, v in first if g == "Say"} == {"mine", "suspect", "played"}
        assert {v for g, v in first if g == "Vote"} <= {"call vote", "no vote"}
        for option in decision.options:
            steps = picker_steps(parts, option["id"])
            if option["text"].startswith("claim seat"):
                seat = int(option["text"].split()[2])
                assert [p["value"] for p in parts[option["id"]]][:2] == ["played", f"P{seat + 1}"] and len(steps) == 3
            elif option["text"] in ("call vote", "no vote"):
                assert len(steps) == 1  # one click, as before
    assert seen > 20
