"""No leaks (M-H*): twin games that differ only in what a seat may not know look identical to that seat."""

from __future__ import annotations

from typing import Any

import treachery

from .kit import act, game, kinds, no_talk, round_of, vote

RM, BR, AB, REP = "raise-morale", "basic-repair", "airlock-breach", "replicate"


def seen(g: treachery.Game, seat: int | None) -> Any:
    mine = [d.to_dict() for d in g.pending() if d.seat == seat]
    for d in mine:
        d.pop("id")
    return g.view(seat), g.log_for(seat), mine, [(d.seat, d.kind) for d in g.pending()]


def same_for(a: treachery.Game, b: treachery.Game, seats: list[int | None]) -> None:
    for seat in seats:
        assert seen(a, seat) == seen(b, seat), f"seat {seat} can tell the twins apart"


def test_M_H1_M_H2_M_S24_M_S25_agendas_are_secret_until_a_trigger() -> None:
    a = game(5, agendas=["contagion", "butcher", "vengeant", "zealot", "hero"], emma=[REP] * 20)
    b = game(5, agendas=["contagion", "zealot", "vengeant", "butcher", "hero"], emma=[REP] * 20)
    same_for(a, b, [None, 0, 2, 4])
    for g in (a, b):
        round_of(g, {})
    same_for(a, b, [None, 0, 2, 4])
    assert a.view(1)["my_agenda"] != b.view(1)["my_agenda"]


def test_M_H7_M_H8_M_H9_M_H26_hands_and_decks_are_secret() -> None:
    a = game(4, hands={1: [RM, BR, AB]}, decks={1: [AB, AB, RM]})
    b = game(4, hands={1: [BR, BR, RM]}, decks={1: [RM, BR, REP]})
    same_for(a, b, [None, 0, 2, 3])
    for g in (a, b):
        act(g, (0, "draw"), (1, "draw"))
    same_for(a, b, [None, 0, 2, 3])
    assert a.view(None)["players"][1]["hand_count"] == 4  # M-H8: counts are public


def test_M_H10_M_H22_face_down_cards_before_the_reveal() -> None:
    a = game(4, hands={1: [RM, AB, BR]})
    b = game(4, hands={1: [AB, RM, BR]})
    act(a, (0, "draw"), (1, f"play {RM}"))
    act(b, (0, "draw"), (1, f"play {AB}"))
    same_for(a, b, [None, 0, 2, 3])


def test_M_H11_M_T32_who_played_which_revealed_card() -> None:
    a = game(4, hands={1: [RM, AB, BR], 2: [AB, RM, BR]}, order=[AB, RM])
    b = game(4, hands={1: [AB, RM, BR], 2: [RM, AB, BR]}, order=[AB, RM])
    for g, (c1, c2) in ((a, (RM, AB)), (b, (AB, RM))):
        round_of(g, {1: f"play {c1}", 2: f"play {c2}"})
    assert kinds(a)[0][1] == "discussion"
    same_for(a, b, [None, 0, 3])


def test_M_H24_M_H25_M_V22_votes_are_sealed_until_all_are_in() -> None:
    g = game(5, emma=[REP] * 20)
    round_of(g, {})
    no_talk(g, call=0)
    before = {s: seen(g, s) for s in (None, 1, 2, 3, 4)}
    g.act(0, "vote seat 3")
    for s in (None, 1, 2, 3, 4):
        view, events, mine, _ = seen(g, s)
        assert (view, events, mine) == before[s][:3]
    vote(g, {1: "vote seat 3", 2: "vote seat 3"})
    shown = [e["text"] for e in g.log_for(4) if e["text"].startswith("Votes:")]
    assert shown and "P1 → P4; P2 → P4; P3 → P4" in shown[0]


def test_M_H21_M_H16_private_results_reach_only_their_owner() -> None:
    a = game(5, characters={0: "imre"}, hands={3: [AB, AB, AB]})
    b = game(5, characters={0: "imre"}, hands={3: [RM, RM, RM]})
    for g in (a, b):
        act(g, (0, "use analyze"), (0, "target seat 3"))
    same_for(a, b, [None, 1, 2, 4])
    assert seen(a, 0) != seen(b, 0)


def test_M_H6_dealt_characters_are_private() -> None:
    g = treachery.new_game("menace", players=5, seed=4, setup={"leader": 0})
    dealt = {s: g.view(s)["dealt"] for s in range(5)}
    assert all(len(d) == 3 for d in dealt.values())
    assert "dealt" not in g.view(None)
    assert all(set(dealt[0]).isdisjoint(dealt[s]) for s in range(1, 5))
    assert g.view(1)["dealt"] == dealt[1] and dealt[0] != dealt[1]


def test_M_H32_everything_is_shown_at_the_end() -> None:
    g = game(4, start={"oxygen": 1}, hands={0: [AB, RM, RM]}, order=[AB, BR])
    round_of(g, {0: f"play {AB}"})
    assert g.over
    assert all(p["agenda"] and "hand" in p for p in g.view(None)["players"])


def test_M_H33_the_last_discussions_claims_are_in_every_view() -> None:
    """M-H33: claims are table talk, public: every seat's view (and the spectator's) lists the last discussion's
    claims, as the log tells them, until the next discussion replaces them."""
    import random

    import treachery

    rng = random.Random(33)
    seen = 0
    for seed in range(10):
        g = treachery.new_game("menace", players=5, seed=seed)
        while not g.over:
            pending = g.pending()
            talk = pending[0].kind == "discussion"
            before = len(g.log_for(None))
            decision = rng.choice(pending)
            g.act(decision.seat, rng.choice(decision.ids))
            if talk and not any(d.kind == "discussion" for d in g.pending()):  # the discussion resolved
                said = [e["text"] for e in g.log_for(None)[before:] if " says: " in e["text"]]
                for seat in (None, *range(5)):
                    claims = g.view(seat)["claims"]
                    assert [f'P{c["seat"] + 1} says: "{c["text"]}"' for c in claims] == said
                seen += bool(said)
    assert seen > 5
