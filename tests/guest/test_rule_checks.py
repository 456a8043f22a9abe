"""Rule facts that mutation testing found unchecked: each test fails if the cited rule's code is broken."""

from __future__ import annotations

from pathlib import Path

import pytest

import treachery
from treachery.games.guest.cards import DEFAULT_FILE
from treachery.games.guest.setup import GUEST, HUMAN

from .util import P1, P2, P3, P4, P5, G, H, kinds, play, settle, start


@pytest.mark.rule("G-E4", "G-T27")
def test_G_E4_a_life_support_whose_last_draw_is_a_vote_still_reaches_the_discard_pile() -> None:
    """The turn's draw takes the Bribe; Life Support draws both Amputates, then the Vote: no draw is left to lose,
    and the card still goes face up to the discard (once)."""
    game = start(5, [H, G, H, G, H], hands={P1: ["life_support"]}, top=["bribe", "amputate", "amputate", "vote"])
    play(game, (P1, "play life support"))
    settle(game)
    assert kinds(game) == [(P1, "ballot")] and sorted(game.hands[P1]) == [5, 5, 9]
    assert game.view(None)["discard_face_up"] == ["Life Support"]


@pytest.mark.timeout(30)  # a Voting Phase that asks nobody loops inside act(): fail in seconds
@pytest.mark.rule("G-V4", "G-V5", "G-V6")
def test_G_V4_a_drawn_vote_asks_each_living_player_for_a_ballot_in_turn() -> None:
    game = start(5, [H, G, H, G, H], commander=P3, top=["vote"])
    asked = []
    while game.pending() and game.pending()[0].kind == "ballot":
        seat = game.pending()[0].seat
        asked.append(seat)
        game.act(seat, next(o for o in game.pending()[0].options if o["text"] != f"vote P{seat + 1}"))
    assert asked == [P3, P3 + 1, P3 + 2, P1, P1 + 1]
    assert game.view(None)["vote"]["ballots"] == [P1 + 1, P1, P1, P1, P1]  # public, by voter seat


@pytest.mark.rule("G-S15")
@pytest.mark.parametrize(("text", "by_vote"), [("true", True), ("on", True), ("false", False), ("off", False)])
def test_G_S15_the_commander_by_vote_option_reads_its_text_forms(text: str, by_vote: bool) -> None:
    game = treachery.new_game("guest", players=5, seed=2, options={"commander_by_vote": text})
    assert game.by_vote is by_vote


@pytest.mark.rule("G-T2")
def test_G_T2_the_turn_passes_left_over_eliminated_players_round_to_the_last_seat() -> None:
    """With P2-P4 eliminated, the next living player on P1's left is P5: the search goes all the way round."""
    game = start(5, [H, G, H, H, G], eliminated=[P2, P3, P4], top=["bribe", "bribe", "bribe"])
    turns = []
    while len(turns) < 3:
        (decision,) = game.pending()
        if decision.kind == "play":
            turns.append(decision.seat)
        game.act(decision.seat, decision.default)
    assert turns == [P1, P5, P1]


@pytest.mark.rule("G-E34", "G-E37")
def test_G_E34_each_scripted_transplant_uses_its_own_entry() -> None:
    """Three Transplants in a row take the setup's three picks in order: swap, swap back, keep."""
    game = start(5, [H, G, H, H, G], hands={P1: ["transplant"] * 3}, deck=[], discard=[],
                 transplants=[True, True, False])
    for expected in ([G, H], [H, G], [H, G]):
        play(game, (P1, "play transplant P1 P2"))
        settle(game)
        assert [HUMAN if c == H else GUEST for c in expected] == game.character[:2]
    assert game.transplants_done == 3


@pytest.mark.rule("G-T26", "G-E50", "G-E51")
def test_G_T26_a_restriction_whose_card_was_cancelled_first_fizzles() -> None:
    """Two Restrictions on the same Amputate: the later one resolves first and cancels it, the earlier one then
    has no target left and fizzles; the Infection stays and all three cards reach the discard pile."""
    game = start(5, [H, G, H, G, H], hands={P1: ["amputate"], P2: ["restriction"], P3: ["restriction"]},
                 infections={P3: 1}, top=["bribe"])
    play(game, (P1, "play amputate P3"), (P1, "pass"), (P2, "play restriction 1"), (P1, "pass"), (P2, "pass"),
         (P3, "play restriction 1"))
    settle(game)
    said = [e["text"] for e in game.log_for(None)]
    assert said[-2:] == ["P3's Restriction cancels P1's Amputate.",
                         "P2's Restriction fizzles: its target is no longer legal."]
    assert game.infection[P3] == 1
    assert sorted(game.view(None)["discard_face_up"]) == ["Amputate", "Restriction", "Restriction"]


def _yellow_blaster(tmp_path: Path) -> str:
    """A card file in which Blaster Prototype is yellow (any window): with the standard cards nothing can eliminate
    a player while a card waits on the stack (Blaster is green), so a fizzle on an eliminated target needs one."""
    text = DEFAULT_FILE.read_text(encoding="utf-8")
    green = 'name = "Blaster Prototype"\ncolour = "green"'
    assert green in text
    path = tmp_path / "cards.toml"
    path.write_text(text.replace(green, 'name = "Blaster Prototype"\ncolour = "yellow"'), encoding="utf-8")
    return str(path)


@pytest.mark.rule("G-T26", "G-E21", "G-D29")
def test_G_T26_a_blaster_whose_target_is_gone_fizzles(tmp_path: Path) -> None:
    """A second Blaster answers the first, resolves first and eliminates P3; the first one then fizzles, and both
    reach the discard pile."""
    path = _yellow_blaster(tmp_path)
    game = start(5, [H, G, H, G, H], hands={P1: ["blaster"], P2: ["blaster"]}, top=["bribe"],
                 options={"card_file": path})
    play(game, (P1, "play blaster P3"), (P1, "pass"), (P2, "play blaster P3"))
    settle(game)
    said = [e["text"] for e in game.log_for(None)]
    assert said[-3:] == ["Blaster Prototype hits P3: eliminated.", "P3 shows their character: Human.",
                         "P1's Blaster Prototype fizzles: its target is no longer legal."]
    assert game.view(None)["discard_face_up"] == ["Blaster Prototype", "Blaster Prototype"]


@pytest.mark.rule("G-T26", "G-E43", "G-D29")
def test_G_T26_a_bribe_whose_voter_is_gone_fizzles(tmp_path: Path) -> None:
    """In the vote window P1 bribes P3's ballot; P2 answers with a (yellow) Blaster that eliminates P3 first, so the
    Bribe fizzles and counts nothing."""
    game = start(5, [H, G, H, G, H], hands={P1: ["bribe"], P2: ["blaster"]}, top=["vote", "bribe"],
                 options={"card_file": _yellow_blaster(tmp_path)})
    for seat in range(5):
        game.timeout(seat)  # every ballot empty
    play(game, (P1, "play bribe P3 to P2"), (P1, "pass"), (P2, "play blaster P3"))
    settle(game)
    said = [e["text"] for e in game.log_for(None)]
    assert "P1's Bribe fizzles: its target is no longer legal." in said
    assert said[said.index("P1's Bribe fizzles: its target is no longer legal.") + 1] == "Totals: no votes."
    assert not game.alive[P3]
