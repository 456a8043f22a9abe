"""The discussion asked as parts: ready or call a vote, else what to say (and about whom, and which card)."""

from __future__ import annotations

import random

from tests.option_parts import picker_steps, step_choices, walk


def test_M_T39_M_H33_the_discussion_offers_the_vote_and_three_kinds_of_claim_first() -> None:
    seen = 0
    for game, decision in walk("menace", [4, 6, 8], range(3)):
        if decision.kind != "discussion":
            assert decision.kind == "vote"  # a crowded Zealot's vote: tests below
            continue
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


def test_M_E95_M_X17_a_crowded_zealots_vote_is_whom_then_whether_with_fervor() -> None:
    seen = 0
    for game, decision in walk("menace", [7, 8], range(12)):
        if decision.kind != "vote":
            continue
        seen += 1
        parts = game.option_parts(decision)
        first = step_choices(parts, ())
        assert {g for g, _ in first} == {"Vote"} and len(first) <= 9
        for option in decision.options:
            whom, how = parts[option["id"]]
            assert (how["value"] == "fervor") == ("Zealot" in option["label"])
            assert whom["value"] == "abstain" if "bstain" in option["label"] else whom["value"] in option["label"]
    assert seen > 0


def test_one_option_per_kind_held_in_id_order() -> None:
    """The Menace offers one option per kind of card (or Wound) held, in id order: _distinct_ids gives exactly
    ``sorted({base + item for item in items})`` for hands of every size, with repeats, in any order."""
    from treachery.games.menace.rules import _distinct_ids

    rng = random.Random(7)
    for _ in range(5_000):
        items = [rng.randrange(16) for _ in range(rng.randrange(0, 10))]
        base = rng.randrange(200)
        assert _distinct_ids(base, items) == sorted({base + item for item in items})
