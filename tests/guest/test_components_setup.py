"""Components (G-C*), setup (G-S*) and the designed card list (G-D1..G-D20)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import treachery
from treachery import GameConfigError
from treachery.games.guest.cards import (
    BLASTER,
    DEFAULT_FILE,
    EFFECTS,
    INFECTION,
    MADNESS,
    VOTE,
    load_cards,
)
from treachery.games.guest.setup import GUEST, HUMAN

from .util import P1, P2, P3, P4, P5, G, H, end_turn, kinds, logged, new, passes, start

CARDS = load_cards()
BY_EFFECT = {c.effect: c for c in CARDS.cards}


def _done_setup(players: int, seed: int = 0, **setup):  # type: ignore[no-untyped-def]
    game = new(players, seed=seed, **setup)
    for decision in game.pending():
        game.act(decision.seat, decision.default_id)
    return game


def test_G_C1_G_C2_G_D14_two_decks_and_the_commander_apart() -> None:
    """The Character deck and game deck are separate; the Commander is an office handed out after setup."""
    chars = CARDS.characters
    assert chars["human"]["count"] == 10 and chars["guest"]["count"] == 4 and chars["commander"]["count"] == 1
    game = new(5, seed=1)
    assert game.commander == -1  # not yet: it is handed out at the end of setup (G-C1)
    assert all(k != VOTE for hand in game.hands for k in hand)
    _ = [game.act(d.seat, d.default_id) for d in game.pending()]
    assert 0 <= game.commander < 5


def test_G_C3_G_C4_G_E57_two_sides_and_the_office_on_top() -> None:
    game = start(5, [H, G, H, G, H], commander=P2, top=["bribe"])
    assert game.character[P2] == GUEST and game.commander == P2  # the office sits on a secret character
    assert game.current_side(P1) == "Humans" and game.current_side(P2) == "Guests"


def test_G_C5_G_C6_G_C7_G_C8_G_D15_G_Q2_G_Q30_counts() -> None:
    printed = {"vote": 12, "blaster": 4, "misplace": 3, "life_support": 2, "transplant": 3, "amputate": 4,
               "adrenaline": 2}
    # G-C7's designed counts as balanced (docs/balance.md): Infection 6 -> 16, Suspicion 8 -> 2, Restriction 6 -> 2
    designed = {"infection": 16, "madness": 1, "bribe": 6, "immunity": 3, "suspicion": 2, "restriction": 2}
    assert {e: BY_EFFECT[e].count for e in printed} == printed
    assert {e: BY_EFFECT[e].count for e in designed} == designed
    assert sum(c.count for c in CARDS.cards) == 60 and sum(c.count for c in CARDS.cards if c.effect != "vote") == 48
    assert sum(v["count"] for v in CARDS.characters.values()) + 60 == 75


def test_G_C9_G_C10_G_Q3_colours() -> None:
    colours = {c.effect: c.colour for c in CARDS.cards}
    assert colours == {"vote": "blue", "blaster": "green", "misplace": "green", "life_support": "green",
                       "transplant": "green", "amputate": "yellow", "adrenaline": "yellow", "infection": "red",
                       "madness": "red", "bribe": "yellow", "immunity": "yellow", "suspicion": "yellow",
                       "restriction": "grey"}


def test_G_C11_G_C12_every_card_shows_name_text_colour() -> None:
    view = new(5).view(0)
    assert len(view["cards"]) == 13
    for card in view["cards"]:
        assert card["name"] and card["text"] and card["colour"] in ("blue", "green", "yellow", "grey", "red")
    assert "Goal" in BY_EFFECT["madness"].text


def test_G_C13_G_H8_infection_marker_is_public() -> None:
    game = start(5, [H, G, H, G, H], infections={P3: 2}, top=["bribe"])
    for seat in (None, P1, P3):
        assert game.view(seat)["players"][P3]["infection"] == 2


def test_G_C14_G_Q20_conversions_are_not_limited_by_the_box() -> None:
    chars = [G, G, G, G, H, H, H, H, H, H, H, H]
    game = start(12, chars, infections={P5: 2}, active=P5, top=["bribe"])
    passes(game, 12)
    assert game.character.count(GUEST) == 5  # a fifth Guest although the box holds four


def test_G_C15_G_H17_deck_and_discard_counts_always_shown() -> None:
    game = _done_setup(6, seed=2)
    view = game.view(P3)
    assert view["deck_size"] == len(game.deck) and view["discard_size"] == len(game.discard)
    assert "deck" not in view  # the order is known to nobody


def test_G_C16_G_V20_no_health_only_elimination() -> None:
    view = new(5).view(None)
    assert not any(key in view["players"][0] for key in ("health", "life", "damage"))
    game = start(5, [H, G, H, G, H], eliminated=[P3], top=["vote"], seed=1)
    assert P3 not in [d.seat for d in game.pending()]
    assert "vote P3" not in [o["text"] for o in game.pending()[0].options]


def test_G_S1_player_range() -> None:
    for bad in (4, 13):
        with pytest.raises(GameConfigError, match="5 to 12 players"):
            treachery.new_game("guest", players=bad)


def test_G_S2_G_T18_left_is_the_next_seat() -> None:
    game = start(5, [H, G, H, G, H], commander=P5, top=["bribe", "bribe"])
    end_turn(game)
    assert game.active == P1  # seat n's left is seat 1


@pytest.mark.parametrize("players", range(5, 13))
def test_G_S3_G_S4_G_H4_guests_per_count(players: int) -> None:
    game = new(players, seed=players)
    expected = 2 if players <= 7 else 3 if players <= 10 else 4
    assert game.character.count(GUEST) == expected and len(game.character) == players
    assert game.view(None)["start"]["guests"] == expected


def test_G_S4_G_S5_G_H1_each_sees_only_their_own_character() -> None:
    game = new(8, seed=5)
    for seat in range(8):
        view = game.view(seat)
        assert view["character"] == ("Guest" if game.character[seat] == GUEST else "Human")
        assert all("character" not in p for p in view["players"] if p["seat"] != seat)


def test_G_S6_G_S7_G_S12_G_S13_deal_and_votes() -> None:
    game = new(9, seed=3)
    assert all(len(h) == 3 for h in game.hands) and VOTE not in game.deck  # Votes set aside while dealing
    assert len(game.deck) == 48 - 27
    _ = [game.act(d.seat, d.default_id) for d in game.pending()]
    assert logged(game, "10 Votes are shuffled into the deck: 31 cards.")


def test_G_S8_G_S9_G_X2_setup_discard_is_simultaneous_and_secret() -> None:
    game = new(5, seed=4)
    pending = game.pending()
    assert len(pending) == 5 and {d.kind for d in pending} == {"setup_discard"}
    for decision in pending:
        hand = game.hands[decision.seat]
        assert sorted({o["text"] for o in decision.options}) == sorted(
            {f"discard {EFFECTS[k].replace('_', ' ')}" for k in hand})
        if INFECTION in hand:
            assert decision.default["text"] == "discard infection"
        elif MADNESS in hand:
            assert decision.default["text"] == "discard madness"
    for decision in pending:
        game.act(decision.seat, decision.default_id)
    assert game.view(None)["discard_face_down"] == 5
    assert all(game.view(s)["setup_discard"] for s in range(5))
    assert "setup_discard" not in game.view(None)


def test_G_S10_G_S11_G_Q10_status_cards_kept_at_setup() -> None:
    deal = {P1: ["suspicion", "suspicion", "immunity"], P2: ["infection", "infection", "bribe"], P3: ["bribe"] * 3,
            P4: ["madness", "blaster", "bribe"], P5: ["restriction", "restriction", "immunity"]}
    game = new(5, deal=deal, commander=P1, deck=["bribe"])
    for seat, card in ((P1, "suspicion"), (P2, "bribe"), (P3, "bribe"), (P4, "bribe"), (P5, "restriction")):
        game.act(seat, f"discard {card}")
    assert game.infection[P2] == 2 and game.hands[P2] == []
    assert game.view(None)["discard_face_up"] == ["Infection"]
    assert game.mad(P4)


def test_G_S14_G_S15_G_S16_commander_random_and_first() -> None:
    seen = set()
    for seed in range(12):
        game = _done_setup(5, seed=seed)
        seen.add(game.commander)
        assert game.active == game.commander
        assert logged(game, f"P{game.commander + 1} receives the Commander card and plays first.")
    assert len(seen) >= 3


def test_G_S17_starting_state() -> None:
    deal = {s: ["suspicion", "bribe", "restriction"] for s in (P1, P3)}
    deal[P4] = ["immunity", "bribe", "misplace"]
    deal[P2] = ["infection", "infection", "bribe"]
    deal[P5] = ["amputate", "transplant", "blaster"]
    game = new(5, deal=deal, commander=P1, deck=["vote"])
    for decision in game.pending():
        game.act(decision.seat, decision.default_id)
    view = game.view(None)
    assert [p["cards_in_hand"] for p in view["players"]] == [2, 1, 2, 2, 2]
    assert view["discard_face_down"] == 5


@pytest.mark.rule("G-D2", "G-D3", "G-D4", "G-D5", "G-D6", "G-D7", "G-D8", "G-D9", "G-D10", "G-D11", "G-D12")
def test_G_D1_to_G_D13_texts_are_ours_and_complete() -> None:
    """G-D2 Blaster, G-D3 Misplace, G-D4 Life Support, G-D5 Transplant, G-D6 Amputate, G-D7 Adrenaline,
    G-D8 Infection, G-D9 Madness, G-D10 Bribe, G-D11 Suspicion, G-D12 Diplomatic Immunity: every card has our
    own text, with the designed colour and count (the effects themselves are tested in test_cards)."""
    expected = {"blaster": ("green", 4), "misplace": ("green", 3), "life_support": ("green", 2),
                "transplant": ("green", 3), "amputate": ("yellow", 4), "adrenaline": ("yellow", 2),
                "infection": ("red", 16), "madness": ("red", 1), "bribe": ("yellow", 6), "suspicion": ("yellow", 2),
                "immunity": ("yellow", 3), "restriction": ("grey", 2), "vote": ("blue", 12)}
    assert {c.effect: (c.colour, c.count) for c in CARDS.cards} == expected
    assert BY_EFFECT["immunity"].vote_only and BY_EFFECT["bribe"].vote_only and BY_EFFECT["suspicion"].vote_only
    for card in CARDS.cards:
        assert len(card.text) > 10
    assert "3" in BY_EFFECT["life_support"].text or "three" in BY_EFFECT["life_support"].text


def test_G_D16_G_D17_deck_after_setup() -> None:
    for players, deck in ((5, 45), (6, 42), (7, 38), (8, 35), (9, 31), (10, 28), (11, 24), (12, 21)):
        game = _done_setup(players, seed=players)
        assert logged(game, f"Votes are shuffled into the deck: {deck} cards.")


def test_G_D18_G_D19_G_D20_designed_counts_reasoned() -> None:
    """The designed counts as balanced (docs/balance.md): Infection outnumbers the eight printed cures, Bribe is the
    commonest vote lever and Diplomatic Immunity rarer, two Restrictions, one Madness; the six still fill the
    30 places beside the printed cards, so the deck keeps its 48 (G-D17, G-S6)."""
    counts = Counter({c.effect: c.count for c in CARDS.cards})
    assert counts["infection"] == 16 > counts["amputate"] + counts["blaster"] == 8
    assert counts["bribe"] > counts["immunity"] > counts["suspicion"] == 2
    assert counts["restriction"] == 2 and counts["madness"] == 1
    designed = ("infection", "madness", "bribe", "immunity", "suspicion", "restriction")
    assert sum(counts[e] for e in designed) == 30 and sum(counts.values()) - counts["vote"] == 48


def test_G_D29_a_card_file_overrides_counts_texts_and_rules(tmp_path: Path) -> None:
    text = DEFAULT_FILE.read_text(encoding="utf-8")
    text = text.replace('name = "Suspicion"', 'name = "Rumour"').replace("suspicion_value = 1", "suspicion_value = 2")
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    game = start(5, [H, G, H, G, H], hands={P1: ["suspicion"]}, top=["vote"],
                 options={"card_file": str(path)})
    assert game.names[11] == "Rumour"
    game.timeout(P1)
    for seat in (P2, P3, P4, P5):
        game.timeout(seat)
    assert "Rumour on P3" in [o["label"] for o in game.pending()[0].options]
    game.act(P1, "play suspicion P3")
    passes(game, 5)
    assert game.suspicions[P3] == 2
    with pytest.raises(GameConfigError):
        treachery.new_game("guest", players=5, options={"card_file": str(tmp_path / "missing.toml")})
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('colour = "blue"', 'colour = "green"'), encoding="utf-8")
    with pytest.raises(GameConfigError, match="vote must be blue"):
        treachery.new_game("guest", players=5, options={"card_file": str(bad)})


def test_options_are_validated() -> None:
    with pytest.raises(GameConfigError, match="allowed: card_file, commander_by_vote"):
        treachery.new_game("guest", players=5, options={"variant": 1})
    with pytest.raises(GameConfigError, match="true or false"):
        treachery.new_game("guest", players=5, options={"commander_by_vote": "maybe"})


def test_setup_keys_are_validated() -> None:
    with pytest.raises(GameConfigError, match="2 Guests"):
        new(5, characters=[G, G, G, H, H])
    with pytest.raises(GameConfigError, match="unknown card"):
        new(5, deck=["joker"])
    with pytest.raises(GameConfigError, match="more cards than the game holds"):
        start(5, hands={P1: ["madness", "madness"]})
    with pytest.raises(GameConfigError, match="never held"):
        start(5, hands={P1: ["vote"]})
    with pytest.raises(GameConfigError, match="exactly 3"):
        new(5, deal={P1: ["bribe"]})


def test_kinds_helper_sanity() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["blaster"]}, top=["bribe"])
    assert kinds(game) == [(P1, "play")] and BLASTER in game.hands[P1]
    assert game.character[P3] == HUMAN
