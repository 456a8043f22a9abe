"""What a Menace player reads: player words everywhere (P1 for seat 0, M-S2 keeps seats 0-based in data only), the
role card from the player's own Agenda and Character, and the end summary."""

from __future__ import annotations

import random

import treachery
from tests.player_texts import check_player_texts


def test_M_S2_every_player_text_is_in_player_words() -> None:
    check_player_texts("menace", [4, 6, 8], range(3))


def test_M_S2_seats_read_P1_for_seat_0_in_labels_and_log() -> None:
    g = treachery.new_game("menace", players=4, seed=1)
    labels = {o["text"]: o["label"] for o in type(g).catalogue}
    assert labels["target seat 0"] == "Choose P1" and labels["vote seat 3"] == "Vote to Exile P4"
    assert labels["claim seat 1 played panic"] == "Say: P2 played Panic!"


def test_M_S12_the_role_card_shows_the_characters_to_choose_from_then_the_agenda_and_abilities() -> None:
    g = treachery.new_game("menace", players=5, seed=1)
    view = g.view(0)
    card = g.role_card(0)
    assert card is not None and card["title"] == view["my_agenda"] and card["side"] in ("Crew", "Menace")
    assert [c["name"].split(",")[0] for c in card["choices"]] == view["dealt"]
    assert all(c["text"] for c in card["choices"])  # each Character's two abilities, worded
    for seat in range(5):
        d = g.pending_for(seat)[0]
        g.act(seat, d.options[0])
    card = g.role_card(0)
    assert card is not None and "choices" not in card and card["character"].startswith(g.view(0)["players"][0]
                                                                                          ["character"])
    assert len(card["abilities"]) == 3  # the Agenda's own ability and the Character's two
    others = {a for s, a in enumerate(g.cards.agenda_names) if a != view["my_agenda"]}
    assert not any(name in str(card) for name in others)  # only your own Agenda


def test_M_W1_the_end_says_why_and_every_seats_agenda() -> None:
    g = treachery.new_game("menace", players=5, seed=2)
    rng = random.Random(2)
    while not g.over:
        d = rng.choice(g.pending())
        g.act(d.seat, rng.choice(d.options))
    result = g.result()
    assert result is not None and "side wins" in result["reason"]  # the machine reason is kept
    assert result["summary"].endswith(".") and "side wins" in result["summary"]
    for seat in range(5):
        assert g.cards.agenda_names[g.agenda[seat]] in result["roles"][seat]


def test_M_T17_an_ability_whose_cost_is_not_met_says_why() -> None:
    """M-T17: Surveillance costs 1 Energy; at Energy 0 the turn does not offer it, and the table says why."""
    g = treachery.new_game("menace", players=4, seed=1, setup={
        "characters": ["kestrel", "rotti", "andrew", "malumil"], "leader": 0, "start": {"energy": 0, "oxygen": 4}})
    (decision,) = g.pending_for(0)
    assert decision.kind == "turn" and "use surveillance" not in [o["text"] for o in decision.options]
    closed = {c["label"]: c["why"] for c in g.unavailable(decision)}
    assert closed["Use Surveillance"] == "It costs 1 Energy; Energy is 0."


def test_a_card_name_ending_in_an_exclamation_mark_ends_its_sentence() -> None:
    """"Panic!" at the end of a log sentence is not followed by a full stop ("played Panic!", never "Panic!.")."""
    game = treachery.new_game("menace", players=5, seed=3)
    game._event(1, "P2 played Panic!.", ("M-T1",))
    game._event(1, "P2 played Panic! → P3 draws.", ("M-T1",))
    assert [e["text"] for e in game.log_for(None)[-2:]] == ["P2 played Panic!", "P2 played Panic! → P3 draws."]
    ended = 0
    for seed in range(40):
        game = treachery.new_game("menace", players=6, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            for decision in game.pending():
                game.act(decision.seat, rng.choice(decision.options))
        texts = [e["text"] for seat in (None, *range(6)) for e in game.log_for(seat)]
        assert not any("!." in text for text in texts)
        ended += sum(text.endswith("Panic!") for text in texts)
    assert ended  # the games did log Panic! at a sentence's end
