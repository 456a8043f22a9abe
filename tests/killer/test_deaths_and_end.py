"""Rule tests for This Game Is Killer, sections 5 (deaths, K-V*) and 6 (end of game and winners, K-W*)."""

from __future__ import annotations

import pytest

import treachery
from treachery.engine import IllegalAction

from .rulekit import K2_DEAL, K2_MOVES, alive, game, log_count, player, reveal
from .util import P1, P2, P3, P4, P5, kinds, log_texts, machine, play

CARD_DECISIONS = {"first_card", "second_card", "ongoing_position", "reveal", "keep_ongoing", "tracker_scan",
                  "thaw_guess", "look", "sweep", "sweep_more", "sweep_scan", "tracker", "target", "location"}


def _rules_of(g, text):
    return [e["rules"] for e in g.log_for(None) if e["text"] == text]


def _play_out(seed, players):
    """Plays a whole game on default answers, checking after every answer that the dead stay dead and never act."""
    g = treachery.new_game("killer", players=players, seed=seed)
    dead: set[int] = set()
    kinds_seen = set()
    for _ in range(2000):
        pending = g.pending()
        if not pending:
            break
        for decision in pending:
            assert decision.seat not in dead, "a dead crew member was asked to act"  # K-V4
            kinds_seen.add(decision.kind)
            g.act(decision.seat, decision.default_id)
        now = {p["seat"] for p in g.view(None)["players"] if not p["alive"]}
        assert dead <= now, "a dead crew member came back"  # K-V14
        dead = now
    assert g.over
    return g, dead, kinds_seen


# ---- 5 deaths ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 5, 8])
def test_K_V1_K_V4_K_V14_K_W10_alive_or_dead_the_dead_stay_out(players):
    """K-V1, K-V4, K-V14, K-W10: no votes, trials or damage (only card, reveal and ongoing decisions exist; status
    is a plain alive flag); the dead are never asked to act, never come back and never win."""
    for seed in range(6):
        g, dead, kinds_seen = _play_out(seed, players)
        assert kinds_seen <= CARD_DECISIONS
        assert all(isinstance(p["alive"], bool) for p in g.view(None)["players"])
        assert not set(g.result()["winners"]) & dead


def test_K_V2_deaths_by_destroy_by_action_and_by_alien():
    """K-V2: crew members die by DESTROY (Reactor Overload), by a killing Action (Meat Cleaver) and by the alien,
    all in one round."""
    g = game(5, {P1: ["ER1", "CH3"], P2: ["GA2", "GA1"], P3: ["ER3", "BR2"], P4: ["GA3", "BR3"],
                 P5: ["CH2", "SB1"]})
    play(g, (P1, "position ER1"), (P2, "position GA2"), (P3, "action ER3"), (P4, "position GA3"),
         (P5, "position CH2"), (P5, "action SB1"), (P4, "action BR3"), (P3, "position BR2"),
         (P2, "action GA1"), (P2, "seat 3"), (P1, "action CH3"))
    reveal(g, "ch")
    assert alive(g) == [False, True, True, False, False]
    assert "K-E9" in _rules_of(g, "P1 dies as the Engine Room is destroyed.")[0]
    assert "K-E35" in _rules_of(g, "P4 is killed by P2's Meat Cleaver.")[0]
    assert "K-V6" in _rules_of(g, "The alien kills P5 in the Cargo Hold.")[0]


def test_K_V3_killing_actions_are_meat_cleaver_and_the_coward():
    """K-V3: besides DESTROY and the alien, the killing Actions are Meat Cleaver (its target) and The Coward (its
    own player); no other card kills."""
    g = game(4, {P1: ["ER3", "AC1"], P2: ["GA3", "GA1"], P3: ["GA2", "AL1"], P4: ["ER1", "BR3"]},
             removed=["ml", "sb"])
    play(g, (P1, "position ER3"), (P2, "position GA3"), (P3, "position GA2"), (P4, "position ER1"),
         (P4, "action BR3"), (P3, "action AL1"), (P2, "action GA1"), (P2, "seat 2"), (P1, "action AC1"))
    reveal(g, "ch")
    assert alive(g) == [False, True, False, True]
    assert "K-E64" in _rules_of(g, "P1, the Coward, was caught sharing a Location and dies.")[0]
    assert "K-E35" in _rules_of(g, "P3 is killed by P2's Meat Cleaver.")[0]


def test_K_V4_dead_crew_get_no_cards_no_turns_and_cannot_win():
    """K-V4: a dead crew member's status turns red: no cards, no turns (skipped in both passes), never a winner."""
    g = game(4, K2_DEAL, hands={2: {P1: ["BR3", "SB2"], P3: ["BR2", "AL1"], P4: ["ER1", "CH3"]}})
    play(g, *K2_MOVES)
    reveal(g, "ga")
    view = g.view(None)
    assert not view["players"][P2]["alive"] and view["players"][P2]["cards_in_hand"] == 0
    seats = []
    for seat, text in ((P1, "position BR3"), (P3, "position BR2"), (P4, "position ER1"), (P4, "action CH3"),
                       (P3, "action AL1"), (P1, "action SB2")):
        seats.append(kinds(g)[0][0])
        play(g, (seat, text))
    assert P2 not in seats
    reveal(g, "sb")
    assert g.over and g.result()["winners"] == [P1, P3, P4]


@pytest.mark.rule("K-E8", "K-E57")
def test_K_V5_deaths_in_one_step_are_simultaneous():
    """K-V5 (with K-E8, K-E57): all 5a deaths happen at once: P1 dies in the Cutting Torch's DESTROY, yet P1's Meat
    Cleaver still kills P2, whose Space Suit only saved them from the DESTROY."""
    g = game(4, {P1: ["GA2", "GA1"], P2: ["GA3", "AL1"], P3: ["BR2", "CH2"], P4: ["ER1", "BR3"]},
             start={"round": 2, "hunted": ["ga"]})
    play(g, (P1, "position GA2"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action BR3"), (P3, "action CH2"), (P3, "location ga"), (P2, "action AL1"), (P1, "action GA1"),
         (P1, "seat 1"))
    reveal(g, "al")
    assert alive(g) == [False, False, True, True]
    assert "P2 is killed by P1's Meat Cleaver." in log_texts(g)


def test_K_V6_alien_kills_the_highest_priority_others_live():
    """K-V6: the alien kills the single crew member with the highest Priority at its Location; the others live."""
    g2 = game(4, {P1: ["SB2", "BR3"], P2: ["SB1", "CH2"], P3: ["SB3", "AL1"], P4: ["ER1", "GA1"]})
    play(g2, (P1, "position SB2"), (P2, "position SB1"), (P3, "position SB3"), (P4, "position ER1"),
         (P4, "action GA1"), (P3, "action AL1"), (P2, "action CH2"), (P1, "action BR3"))
    reveal(g2, "sb")
    assert alive(g2) == [True, True, False, True]
    assert log_count(g2, "The alien kills") == 1


def test_K_V7_candidates_are_at_the_aliens_current_location():
    """K-V7: the alien's candidates are the living On-Board crew with a Position whose CURRENT Location is its
    Location: P2 (GA3) crawled away, so P1 (GA1) is taken at the Galley."""
    g = game(4, {P1: ["GA1", "BR3"], P2: ["GA3", "AC2"], P3: ["BR2", "AL1"], P4: ["ER1", "CH2"]},
             removed=["ml", "sb"])
    play(g, (P1, "position GA1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action CH2"), (P3, "action AL1"), (P2, "action AC2"), (P2, "location ch"), (P1, "action BR3"))
    reveal(g, "ga")
    assert alive(g) == [False, True, True, True]


def test_K_V8_active_barricade_means_nobody_is_killed():
    """K-V8: if an active Barricade (from an earlier round) names the alien's Location, nobody is killed there."""
    g = game(4, removed=["ga", "sb"], start={"round": 2, "ongoing": {P4: {"card": "CH1", "location": "br"}}},
             hands={2: {P1: ["BR3", "AL1"], P2: ["BR2", "CH3"], P3: ["BR1", "ML2"], P4: ["ER1", "AC1"]}})
    play(g, (P4, "keep"))
    play(g, (P1, "position BR3"), (P2, "position BR2"), (P3, "position BR1"), (P4, "position ER1"),
         (P3, "action ML2"), (P2, "action CH3"), (P1, "action AL1"))
    reveal(g, "br")
    assert alive(g) == [True] * 4
    assert "The Barricade holds: the alien kills nobody at the Bridge." in log_texts(g)


@pytest.mark.rule("K-E67")
def test_K_V9_uncaught_coward_is_not_a_candidate():
    """K-V9 (with K-E67): an uncaught Coward alone at the alien's Location is not a candidate; a plain lone crew
    member there would be killed."""
    deal = {P1: ["AC1", "CH3"], P2: ["GA3", "CH2"], P3: ["BR2", "AL1"], P4: ["ER1", "BR3"]}
    g = game(4, deal, removed=["ml", "sb"])
    play(g, (P1, "action AC1"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action BR3"), (P3, "action AL1"), (P2, "action CH2"), (P1, "position CH3"))
    reveal(g, "ch")
    assert alive(g) == [True] * 4
    g = game(4, deal, removed=["ml", "sb"])
    play(g, (P1, "position CH3"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action BR3"), (P3, "action AL1"), (P2, "action CH2"), (P1, "action AC1"))
    assert alive(g) == [True] * 4
    g = game(4, {P1: ["CH3", "SB1"], P2: ["GA3", "CH2"], P3: ["BR2", "AL1"], P4: ["ER1", "BR3"]})
    play(g, (P1, "position CH3"), (P2, "position GA3"), (P3, "position BR2"), (P4, "position ER1"),
         (P4, "action BR3"), (P3, "action AL1"), (P2, "action CH2"), (P1, "action SB1"))
    reveal(g, "ch")
    assert alive(g) == [False, True, True, True]


@pytest.mark.parametrize("first,victim", [(P1, P2), (P2, P2), (P3, P4), (P4, P4)])
def test_K_V11_priority_tie_goes_clockwise_from_first_crew_member(first, victim):
    """K-V11: a tie for the deciding Priority (P2 at AL3 and P4 evacuated from GA3 to the Airlock) is broken by
    seat order: the tied crew member met first going clockwise from the First Crew Member dies."""
    deal = {P1: ["BR2", "SB1"], P2: ["AL3", "BR3"], P3: ["ER1", "AL2"], P4: ["GA3", "CH2"]}
    g = game(4, deal, first=first)
    ring = [(first + i) % 4 for i in range(4)]
    for seat in ring:
        play(g, (seat, f"position {deal[seat][0]}"))
    for seat in reversed(ring):
        play(g, (seat, f"action {deal[seat][1]}"))
        if seat == P3:
            play(g, (P3, "location ga"))
    reveal(g, "al")
    assert [s for s in range(4) if not alive(g)[s]] == [victim]


@pytest.mark.rule("K-E88", "K-E50")
def test_K_V10_K_V12_highest_effective_priority_then_flamethrower():
    """K-V10, K-V12: the victim is the highest effective Priority; if that victim played Flamethrower the alien
    dies instead (K-E88), with Adrenaline Shot nobody dies (K-E50), otherwise the victim dies."""
    g = game(4, {P1: ["GA3", "CH3"], P2: ["GA1", "BR3"], P3: ["BR2", "ER1"], P4: ["SB1", "AL1"]})
    play(g, (P1, "position GA3"), (P2, "position GA1"), (P3, "position BR2"), (P4, "position SB1"),
         (P4, "action AL1"), (P3, "action ER1"), (P3, "seat 1"), (P2, "action BR3"), (P1, "action CH3"))
    reveal(g, "ga")
    assert not g.over and alive(g) == [True, False, True, True]  # Rig the Hatch made P2 the victim


def test_K_V13_no_candidate_no_kill():
    """K-V13: with nobody at the alien's Location, the alien kills nobody this round."""
    g = game(4, K2_DEAL)
    play(g, *K2_MOVES)
    reveal(g, "sb")
    assert alive(g) == [True] * 4
    assert "Nobody is in the Shuttle Bay: the alien kills nobody." in log_texts(g)


@pytest.mark.rule("K-W6")
def test_K_V15_killing_only_pays_by_making_you_last_on_board():
    """K-V15 (with K-W6): eliminating another player brings nothing except being the last On Board: after P1's Meat
    Cleaver kills P2, P1 alone wins by a LAST ON BOARD card next round."""
    g = game(3, {P1: ["GA3", "GA1"], P2: ["GA2", "AL1"]}, start={"dead": [P3]},
             hands={2: {P1: ["ER1", "SB3"]}})
    play(g, (P1, "position GA3"), (P2, "position GA2"), (P2, "action AL1"), (P1, "action GA1"), (P1, "seat 1"))
    reveal(g, "br")
    assert alive(g) == [True, False, False]
    assert not g.over and player(g, P1)["last_on_board_deadline"] == 2
    play(g, (P1, "position ER1"), (P1, "action SB3"))
    assert g.over and g.result()["winners"] == [P1]


# ---- 6 end of game -----------------------------------------------------------------------------------------------


def test_K_W1_K_W13_each_player_wins_or_loses_alone_as_equals():
    """K-W1, K-W13: every player wins or loses on their own (the survivors win, the dead lose; everyone is crew);
    winners are an unranked list."""
    g = game(4, {P1: ["GA1", "BR3"], P2: ["BR2", "GA2"], P3: ["GA3", "CH2"], P4: ["ER1", "SB1"]})
    play(g, (P1, "position GA1"), (P2, "position BR2"), (P3, "position GA3"), (P4, "position ER1"),
         (P4, "action SB1"), (P3, "action CH2"), (P2, "action GA2"), (P1, "action BR3"))
    reveal(g, "ga")
    assert machine(g.result()) == {"winners": [P2, P4], "sides": {0: "crew", 1: "crew", 2: "crew", 3: "crew"},
                          "reason": "alien destroyed"}


@pytest.mark.rule("K-T32")
def test_K_W2_alien_destroyed_ends_game_at_once_survivors_win():
    """K-W2 (with K-T32): when the alien's Location is destroyed the game ends at once (no alien attack, no
    Clean Up, no further decision); every surviving crew member wins."""
    g = game(4, {P1: ["GA1", "BR3"], P2: ["SB2", "GA2"], P3: ["SB3", "CH2"], P4: ["ER1", "SB1"]})
    play(g, (P1, "position GA1"), (P2, "position SB2"), (P3, "position SB3"), (P4, "position ER1"),
         (P4, "action SB1"), (P3, "action CH2"), (P2, "action GA2"), (P1, "action BR3"))
    reveal(g, "ga")
    assert g.over and g.pending() == [] and g.view(None)["step"] == "over"
    assert g.result()["winners"] == [P2, P3, P4]
    assert log_count(g, "The alien kills") == 0 and g.view(None)["round"] == 1
    assert any("K-W2" in e["rules"] for e in g.log_for(None) if e["text"].startswith("The alien was in"))


def test_K_W3_flamethrower_win_for_surviving_crew_only():
    """K-W3: the Flamethrower kill ends the game the same way: surviving crew win; one killed at 5a does not."""
    g = game(4, {P1: ["GA3", "CH3"], P2: ["GA1", "BR3"], P3: ["SB1", "ER1"], P4: ["BR2", "SB2"]})
    play(g, (P1, "position GA3"), (P2, "position GA1"), (P3, "position SB1"), (P4, "position BR2"),
         (P4, "action SB2"), (P3, "action ER1"), (P3, "seat 3"), (P2, "action BR3"), (P1, "action CH3"))
    reveal(g, "ga")
    assert g.over and g.result()["reason"] == "flamethrower"
    assert g.result()["winners"] == [P1, P2, P4]


def test_K_W4_K_E47_frozen_crew_freeze_to_death_when_alien_dies():
    """K-W4, K-E47: "surviving crew" are living On-Board crew; a Frozen crew member freezes to death and loses when
    the alien dies."""
    g = game(4, {P1: ["GA1", "BR3"], P2: ["BR2", "GA2"], P4: ["ER1", "AL1"]}, removed=["ac", "sb"],
             start={"round": 2, "frozen": [P3]})
    play(g, (P3, "location ga"), (P1, "position GA1"), (P2, "position BR2"), (P4, "position ER1"),
         (P4, "action AL1"), (P2, "action GA2"), (P1, "action BR3"))
    reveal(g, "ga")
    assert g.over and g.result()["winners"] == [P2, P4]
    assert not player(g, P3)["alive"]
    assert "P3 is still in Cold Storage and freezes to death." in log_texts(g)


def test_K_W5_alien_dies_with_nobody_on_board_nobody_wins():
    """K-W5: if the alien dies but nobody is alive and On Board, nobody wins."""
    g = game(3, {P1: ["GA3", "BR3"], P2: ["BR2", "AC2"], P3: ["GA1", "GA2"]}, removed=["ml", "sb"])
    play(g, (P1, "position GA3"), (P2, "position BR2"), (P3, "position GA1"), (P3, "action GA2"),
         (P2, "action AC2"), (P2, "location ga"), (P1, "action BR3"))
    reveal(g, "ga")
    assert g.over and g.result()["reason"] == "alien destroyed"
    assert g.result()["winners"] == [] and alive(g) == [False] * 3


def test_K_W6_last_on_board_wins_alone_frozen_freeze():
    """K-W6: the only On-Board crew member wins alone with a LAST ON BOARD Action; the game ends at once; the
    Frozen freeze to death; all others lose."""
    g = game(4, {P1: ["BR3", "AL3"]}, removed=["ac", "sb"],
             start={"round": 4, "dead": [P2, P4], "frozen": [P3], "countdown": {P1: 4}})
    play(g, (P3, "location br"), (P1, "position BR3"), (P1, "action AL3"))
    assert g.over and g.result()["winners"] == [P1] and g.result()["reason"] == "last on board"
    assert alive(g) == [True, False, False, False]
    assert "P3 is still in Cold Storage and freezes to death." in log_texts(g)


def test_K_W7_tragic_defeat_frozen_freeze():
    """K-W7: when nobody is On Board at 5g the game ends in tragic defeat: everybody loses, the Frozen freeze."""
    g = game(4, {P1: ["GA3", "BR3"], P2: ["GA1", "CH3"], P3: ["ER1", "GA2"]}, removed=["ac", "sb"],
             start={"round": 2, "frozen": [P4]})
    play(g, (P4, "location br"), (P1, "position GA3"), (P2, "position GA1"), (P3, "position ER1"),
         (P3, "action GA2"), (P2, "action CH3"), (P1, "action BR3"))
    reveal(g, "er")
    assert g.over and machine(g.result()) == {"winners": [], "sides": {0: "crew", 1: "crew", 2: "crew", 3: "crew"},
                                     "reason": "tragic defeat"}
    assert alive(g) == [False] * 4
    assert "P4 is still in Cold Storage and freezes to death." in log_texts(g)


@pytest.mark.rule("K-V3")
def test_K_W8_last_crew_member_must_win_by_end_of_next_round():
    """K-W8 (with K-V3): the last On-Board crew member (alone after round 1) keeps playing but dies at 5f of round
    2 if they have not won, which is a tragic defeat."""
    g = game(3, {P1: ["GA3", "GA1"], P2: ["GA2", "AL1"]}, start={"dead": [P3]},
             hands={2: {P1: ["ER1", "CH3"]}})
    play(g, (P1, "position GA3"), (P2, "position GA2"), (P2, "action AL1"), (P1, "action GA1"), (P1, "seat 1"))
    reveal(g, "br")
    assert player(g, P1)["last_on_board_deadline"] == 2 and not g.over
    play(g, (P1, "position ER1"), (P1, "action CH3"))
    reveal(g, "ch")
    assert g.over and g.result()["reason"] == "tragic defeat" and g.result()["winners"] == []
    assert "P1 did not win in time and dies, last on board." in log_texts(g)


@pytest.mark.rule("K-T47", "K-V3")
def test_K_W9_round_cap_everybody_dies_frozen_too():
    """K-W9 (with K-T47, K-V3): if round 20 ends without a winner, every crew member dies, Frozen ones included;
    everybody loses."""
    g = game(4, {P1: ["BR2", "AL1"], P2: ["ML2", "CH3"], P3: ["AC1", "CH2"]}, removed=["ga", "sb"],
             start={"round": 20, "frozen": [P4]})
    play(g, (P4, "location ch"), (P1, "position BR2"), (P2, "position ML2"), (P3, "position AC1"),
         (P3, "action CH2"), (P2, "action CH3"), (P1, "action AL1"))
    reveal(g, "al")
    assert g.over and machine(g.result()) == {"winners": [], "sides": {0: "crew", 1: "crew", 2: "crew", 3: "crew"},
                                     "reason": "round cap"}
    assert alive(g) == [False] * 4
    assert "Game over (round cap): nobody won." in [e["text"] for e in g.log_for(None)]  # K-W13: no winner named


def test_K_W10_dead_crew_never_win():
    """K-W10: a crew member who died earlier is not among the winners when the survivors win."""
    g = game(4, K2_DEAL, hands={2: {P1: ["BR3", "SB2"], P3: ["BR2", "AL1"], P4: ["ER1", "CH3"]}})
    play(g, *K2_MOVES)
    reveal(g, "ga")
    play(g, (P1, "position BR3"), (P3, "position BR2"), (P4, "position ER1"), (P4, "action CH3"),
         (P3, "action AL1"), (P1, "action SB2"))
    reveal(g, "sb")
    assert g.result()["winners"] == [P1, P3, P4]


def test_K_W11_flamethrower_at_5c_comes_before_the_5f_deadline():
    """K-W11: end checks run in order: a lone crew member at their deadline whose Flamethrower kills the alien at 5c
    wins before the 5f deadline could kill them."""
    g = game(3, {P1: ["GA3", "CH3"]}, start={"round": 3, "dead": [P2, P3], "countdown": {P1: 3}})
    play(g, (P1, "position GA3"), (P1, "action CH3"))
    reveal(g, "ga")
    assert g.over and g.result()["reason"] == "flamethrower" and g.result()["winners"] == [P1]
    assert player(g, P1)["alive"]


def test_K_W11_flamethrower_in_round_20_wins_before_round_cap():
    """K-W11: in round 20 a Flamethrower kill at 5c ends the game before the 6e round cap."""
    g = game(3, {P1: ["GA3", "BR3"], P2: ["ER1", "CH3"], P3: ["GA1", "GA2"]}, start={"round": 20})
    play(g, (P1, "position GA3"), (P2, "position ER1"), (P3, "position GA1"), (P3, "action GA2"),
         (P2, "action CH3"), (P1, "action BR3"))
    reveal(g, "er")
    assert g.result()["reason"] == "flamethrower" and g.result()["winners"] == [P2]


def test_K_W11_tragic_defeat_before_round_cap_without_flamethrower():
    """K-W11: in round 20, if the last crew member falls to the alien, the game is a tragic defeat (5g) rather than a
    round-cap defeat (6e)."""
    g = game(3, {P1: ["GA3", "BR3"], P2: ["ER1", "AL1"], P3: ["GA1", "GA2"]}, start={"round": 20})
    play(g, (P1, "position GA3"), (P2, "position ER1"), (P3, "position GA1"), (P3, "action GA2"),
         (P2, "action AL1"), (P1, "action BR3"))
    reveal(g, "er")
    assert g.over and g.result()["reason"] == "tragic defeat"
    assert not any("K-W9" in e["rules"] for e in g.log_for(None))


def test_K_W12_game_end_skips_the_rest_and_reveals_everything():
    """K-W12: when the game ends every remaining step is skipped and all hidden state is shown to everyone: the
    Hunting Row slots, the deck and every hand."""
    g = game(4, {P1: ["GA1", "BR3"], P2: ["BR2", "GA2"], P3: ["GA3", "CH2"], P4: ["ER1", "SB1"]},
             row=["sb", "ch", "er", "al", "ga", "br"])
    play(g, (P1, "position GA1"), (P2, "position BR2"), (P3, "position GA3"), (P4, "position ER1"),
         (P4, "action SB1"), (P3, "action CH2"), (P2, "action GA2"), (P1, "action BR3"))
    reveal(g, "ga")
    view = g.view(P2)
    assert [s.get("location") for s in view["hunting_row"]] == ["Shuttle Bay", "Cargo Hold", "Engine Room",
                                                                "Airlock", "Galley", "Bridge"]
    assert len(view["deck"]) == view["deck_size"] == 10
    assert set(view["hands"]) == {0, 1, 2, 3}
    assert any(t.startswith("Everything revealed.") for t in log_texts(g, P3))
    with pytest.raises(IllegalAction):
        g.act(P1, "slot 1")


def test_K_W12_last_on_board_end_reveals_deck_and_row():
    """K-W12: a LAST ON BOARD win mid-round also skips the rest (no reveal decision) and shows the hidden state."""
    g = game(3, {P1: ["BR2", "GA1"]}, start={"round": 3, "dead": [P2, P3], "countdown": {P1: 3}})
    play(g, (P1, "action BR2"))
    view = g.view(P3)
    assert g.pending() == [] and view["step"] == "over"
    assert all("location" in s for s in view["hunting_row"])
    assert view["hands"][P1] == ["GA1"]
