"""The secret Play/Keep choice asked as parts: the card to Play, then the card to Keep, from your own hand."""

from __future__ import annotations

from tests.option_parts import MOST, step_choices, walk
from treachery.games.eat.cards import CARD_CODES


def test_W_X3_every_play_keep_choice_is_a_card_to_play_then_one_to_keep_from_your_hand() -> None:
    seen = 0
    for game, decision in walk("eat", [4, 7, 10], range(3)):
        if decision.kind != "select":
            assert decision.kind == "poll" and len(decision.options) > MOST
            continue
        seen += 1
        parts = game.option_parts(decision)
        hand = [CARD_CODES[c] for c in game.hands[decision.seat]]
        first = step_choices(parts, ())
        assert {group for group, _ in first} == {"Play"}
        if len(hand) == 1:  # W-T22: a single card goes to either slot
            assert sorted(v for _, v in first) == sorted([hand[0], "none"])
            continue
        assert sorted(v for _, v in first) == sorted(set(hand))
        for _, card in first:
            rest = list(hand)
            rest.remove(card)
            keep = step_choices(parts, (("Play", card),))
            assert {group for group, _ in keep} == {"Keep"} and sorted(v for _, v in keep) == sorted(set(rest))
    assert seen > 20


def test_W_X3_the_parts_are_named_by_the_cards_of_the_choice() -> None:
    for game, decision in walk("eat", [5], range(1)):
        if decision.kind == "select":
            parts = game.option_parts(decision)
            for option in decision.options:
                play, keep = parts[option["id"]]
                if play["value"] != "none" and keep["value"] != "none":
                    assert option["label"] == f"Play {play['label']}, keep {keep['label']}"
            return
    raise AssertionError("no Play/Keep choice in a whole game")
