"""Rule tests for the rules the first pass left uncited: sheets, timers, delayed effects, Wounds, what is public."""

from __future__ import annotations

from typing import Any

import pytest

import treachery
from treachery import IllegalAction
from treachery.games.menace import bots
from treachery.games.menace.cards import ABILITY_KEYS, BDA_KEYS, CHARACTER_KEYS
from treachery.games.menace.rules import CARDS, Menace
from treachery.sim.runner import run_game

from .kit import act, game, kinds, log, no_talk, round_of, texts, vote

RM, AR, BR, AB, REP, BS, BRL, CMD, EXP, LEAK = ("raise-morale", "advanced-repair", "basic-repair", "airlock-breach",
                                                "replicate", "backstab", "brawl", "command", "explosion",
                                                "reactor-leak")


def seen(g: treachery.Game, seat: int | None) -> Any:
    mine = [d.to_dict() for d in g.pending() if d.seat == seat]
    for d in mine:
        d.pop("id")
    return g.view(seat), g.log_for(seat), mine, [(d.seat, d.kind) for d in g.pending()]


def same_for(a: treachery.Game, b: treachery.Game, seats: list[int | None]) -> None:
    for seat in seats:
        assert seen(a, seat) == seen(b, seat), f"seat {seat} can tell the twins apart"


def _sheet(key: str) -> tuple[list[str], dict[str, int]]:
    c = CHARACTER_KEYS.index(key)
    abilities = [ABILITY_KEYS[a] for a in CARDS.character_abilities[c]]
    cards = {BDA_KEYS[t]: n for t, n in enumerate(CARDS.character_cards[c]) if n}
    return abilities, cards


@pytest.mark.rule("M-D25", "M-D26", "M-D27", "M-D28", "M-D29", "M-D30", "M-D31", "M-D32", "M-D33", "M-D34")
@pytest.mark.parametrize(("rule", "key", "abilities", "cards"), [
    ("M-D24", "dax", ["overclock", "reroute"], {AR: 3, REP: 2, EXP: 2}),
    ("M-D25", "sela", ["cultivate", "greenhouse"], {BR: 2, REP: 2, BS: 2, "panic": 1}),
    ("M-D26", "kestrel", ["surveillance", "lockdown"], {BRL: 3, BR: 2, RM: 2}),
    ("M-D27", "ozzie", ["rush", "scavenge"], {BR: 3, AR: 2, REP: 2}),
    ("M-D28", "imre", ["scan", "analyze"], {BR: 2, AR: 1, REP: 2, BS: 2}),
    ("M-D29", "juno", ["trace", "reassign"], {RM: 3, BR: 2, REP: 2}),
    ("M-D30", "hollis", ["plot-course", "emergency-protocol"], {AR: 2, BR: 2, CMD: 1, BS: 2}),
    ("M-D31", "bettina", ["requisition", "inventory"], {RM: 3, BR: 2, CMD: 2}),
    ("M-D32", "rhee", ["target-lock", "suppressing-fire"], {RM: 2, BR: 1, REP: 2, BS: 2}),
    ("M-D33", "mags", ["hot-meal", "comfort-food"], {RM: 4, AR: 2, REP: 1}),
    ("M-D34", "vee", ["self-repair", "reboot"], {AR: 3, RM: 2, CMD: 2}),
    ("M-D35", "cass", ["trust-exercise", "de-escalate"], {RM: 4, CMD: 2, REP: 1}),
])
def test_M_D24_to_M_D35_designed_character_sheets(rule: str, key: str, abilities: list[str],
                                                  cards: dict[str, int]) -> None:
    """M-D24 M-D25 M-D26 M-D27 M-D28 M-D29 M-D30 M-D31 M-D32 M-D33 M-D34 M-D35: abilities and 7 cards each."""
    assert _sheet(key) == (abilities, cards), rule


def _cost(key: str) -> tuple[int, int, int]:
    a = ABILITY_KEYS.index(key)
    return CARDS.ability_oxygen[a], CARDS.ability_energy[a], CARDS.ability_discards[a]


def test_M_D4_costs_the_rulebook_leaves_open_and_M_D52_ability_prices() -> None:
    """M-D4: Bloodwork 1, Crunch 1, Moxie 1 Oxygen (gain 3, see M-K38), First Aid 2. M-D52: 2 only for the strong
    ones (First Aid, Laser Pistol, Trace, Overclock), otherwise 1 resource or a discard, or free."""
    assert _cost("bloodwork") == (1, 0, 0) and _cost("crunch") == (1, 0, 0) and _cost("moxie") == (1, 0, 0)
    assert _cost("first-aid") == (2, 0, 0)
    strong = {k for k in ABILITY_KEYS if max(_cost(k)) >= 2}
    assert strong == {"first-aid", "laser-pistol", "trace", "overclock", "self-repair"}  # Self-Repair: M-E81
    free = {k for k in ABILITY_KEYS if _cost(k) == (0, 0, 0)}
    assert free == {"delegate", "greenhouse", "scavenge", "reassign", "inventory", "reboot", "trust-exercise"}


def test_M_D4_moxie_gains_three() -> None:
    g = game(5, characters={1: "martella"}, start={"oxygen": 5}, hands={0: [BRL, RM]}, order=[BRL, BR, BR],
             wounds=["black-eye"])
    round_of(g, {0: f"play {BRL}", 1: "use moxie"})
    act(g, (0, "target seat 2"))
    before = g.oxygen
    no_talk(g)
    assert g.oxygen == before + 3


def test_M_D50_the_clock_needs_at_least_two_rounds() -> None:
    """M-D50: with the +5 ceiling, Energy 10 takes at least two Resolution Phases, even with only repairs."""
    hands = {s: [AR, AR, AR] for s in range(4)}
    g = game(4, hands=hands, decks={s: [AR] * 10 for s in range(4)}, emma=[AR] * 20, start={"oxygen": 15})
    round_of(g, {s: f"play {AR}" for s in range(4)})
    assert g.energy == 5 and not g.over  # 4 Advanced Repairs, capped at 0 + 5
    no_talk(g)
    round_of(g, {s: f"play {AR}" for s in range(4)})
    no_talk(g)
    assert g.over and g.energy == 10 and g.round == 2
    assert "Energy reached 10 at the end of a round" in g.result()["reason"]


def test_M_D51_heuristic_bots_give_both_sides_wins() -> None:
    """M-D51: the defaults are meant to be balanced enough that either side wins some bot games."""
    sides = set()
    rounds = []
    for seed in range(30):
        g, _ = run_game("menace", 6, seed, "heuristic")
        result = g.result()
        assert result is not None
        sides.add("crew" if "crew side wins" in result["reason"] else "menace")
        rounds.append(g.round)
    assert sides == {"crew", "menace"}
    assert max(rounds) >= 2
    assert bots.HEURISTIC_BOT is bots.MenaceBot


def test_M_H38_bots_claim_what_they_placed_and_the_menace_hides_its_bad_cards() -> None:
    """M-H38: bots speak only from the claim menu. A crew bot's "I played ..." names the kind of the first card
    it placed that round (or that it placed none); a bot of the Menace side never owns up to a Bad card."""
    import re

    said = re.compile(r'^P(\d+) says: "I (?:played an? (Good|Neutral|Bad) card|did not play a card)\."$')
    placed = re.compile(r"^You place (.+) face down\.$")
    claims = 0
    for seed in range(60):
        g, _ = run_game("menace", 6 + seed % 3, seed, "heuristic")
        agendas = [CARDS.agenda_names[a] for a in g.agenda]
        menace_side = {s for s, agenda in enumerate(agendas) if agenda in ("The Contagion", "The Butcher")}
        for event in g.log_for(None):
            found = said.match(event["text"])
            if not found:
                continue
            seat, kind = int(found[1]) - 1, (found[2] or "none").lower()
            mine = [placed.match(e["text"]) for e in g.log_for(seat) if e["round"] == event["round"]]
            first = next((m[1] for m in mine if m), None)
            actual = "none" if first is None else CARDS.categories[g.names.index(first)].lower()
            if seat in menace_side:
                assert kind != "bad"
            elif agendas[seat] != "The Coward":  # the Coward's side may change
                assert kind == actual, (seed, seat, event)
            claims += 1
    assert claims > 20


def test_M_D6_M_V19_M_V20_M_X19_timers_are_declared() -> None:
    """M-D6: turn 60 s, other single choices 30 s, Veto 10 s, discussion 120 s, defense 60 s, vote 30 s."""
    assert Menace.timers == {"turn": 60, "choice": 30, "veto": 10, "discussion": 120, "defense": 60, "vote": 30}
    assert Menace.decision_seconds == 30
    assert [Menace.seconds_for(k) for k in ("turn", "veto", "discussion", "vote", "brawl", "limit", "target")] == [
        60, 10, 120, 30, 30, 30, 30]


@pytest.mark.rule("M-T39")
def test_M_X19_M_V20_ready_is_the_timeout_and_closes_the_window_early() -> None:
    """M-X19: each living player's discussion answer defaults to Ready ("no vote"); once all are in the window
    closes (M-T39, M-V20); a call goes straight to the vote, the defense timer being the server's hold."""
    g = game(5, emma=[REP] * 20)
    round_of(g, {})
    assert all(d.kind == "discussion" and d.default["text"] == "no vote" for d in g.pending())
    no_talk(g, call=2)
    assert {k for _, k in kinds(g)} == {"vote"}
    vote(g, {})
    assert g.round == 2


def test_M_C24_one_mission_leader_token() -> None:
    g = game(5, leader=3, emma=[REP] * 20)
    assert g.view(None)["leader"] == 3
    round_of(g, {})
    no_talk(g)
    assert g.view(None)["leader"] == 4 and isinstance(g.view(2)["leader"], int)


def test_M_E1_M_T16_cards_wait_for_resolution_abilities_act_at_once() -> None:
    """M-E1: a placed Raise Morale changes nothing before the Resolution Phase. M-T16: Overclock acts at once,
    Moxie waits for End of Round."""
    g = game(5, characters={1: "dax", 2: "martella"}, hands={0: [RM, RM, RM]}, start={"oxygen": 8, "energy": 0},
             emma=[REP] * 20)
    act(g, (0, f"play {RM}"))
    assert g.oxygen == 8
    act(g, (1, "use overclock"))
    assert (g.oxygen, g.energy) == (6, 1)
    act(g, (2, "use moxie"))
    assert g.oxygen == 5 and g.moxie == 2
    act(g, (3, "draw"))
    assert g.oxygen == 5
    act(g, (4, "draw"))
    assert g.oxygen > 5 and "Revealed: Raise Morale." in log(g)  # only now, in the Resolution Phase


def test_M_E36_delayed_effect_survives_its_users_exile() -> None:
    g = game(5, characters={3: "sela"}, emma=[REP] * 20, start={"oxygen": 8})
    round_of(g, {3: "use greenhouse"})
    no_talk(g, call=0)
    vote(g, {0: "vote seat 3", 1: "vote seat 3", 2: "vote seat 3", 4: "vote seat 3"})
    assert g.exiled[3] and g.oxygen == 6  # The Zealot's Exile: -3, then Greenhouse +1 at End of Round
    assert g.round == 2 and "Oxygen 5 → 6 (Greenhouse)." in log(g)


def test_M_E100_M_E117_a_wound_applies_while_held_and_receiving_effects_stay() -> None:
    """Tremors raises costs while held and stops at once when removed; Adrenaline's draw is not undone."""
    g = game(5, characters={0: "mags", 1: "vee"}, start={"oxygen": 9, "energy": 5,
                                                         "wounds": {1: ["tremors", "adrenaline"]}})
    act(g, (0, "draw"))
    act(g, (1, "use self-repair"), (1, "remove tremors"))
    assert g.wounds[1] == [CARDS.wound_names.index("Adrenaline")] and g.energy == 3
    # Receiving Adrenaline draws 2; removing it later gives nothing back.
    g = game(5, characters={2: "vee"}, wounds=["adrenaline"], hands={0: [BRL, RM, RM]}, order=[BRL, BR, BR],
             start={"energy": 5})
    round_of(g, {0: f"play {BRL}"})
    act(g, (0, "target seat 2"))
    assert len(g.hands[2]) == 6 and "Adrenaline" in g.view(None)["players"][2]["wounds"]
    while kinds(g) == [(2, "limit")]:
        g.act(2, g.pending()[0].default)
    assert len(g.hands[2]) == 4
    no_talk(g)
    act(g, (1, f"play {RM}"), (2, "use self-repair"))
    assert g.wounds[2] == [] and len(g.hands[2]) == 4


def test_M_E100_tremors_costs_one_more_until_removed() -> None:
    g = game(5, characters={0: "mags", 1: "dax"}, start={"oxygen": 9, "wounds": {1: ["tremors", "black-eye"]}})
    act(g, (0, "use hot-meal"), (0, "target seat 1"), (0, f"discard {RM}"), (1, "remove tremors"))
    assert g.oxygen == 8
    act(g, (1, "use overclock"))
    assert g.oxygen == 6  # 2, no longer 3


@pytest.mark.parametrize(("rule", "wound"), [("M-E101", "flesh-wound"), ("M-E102", "bruised-ribs"),
                                             ("M-E103", "black-eye")])
def test_M_E101_M_E102_M_E103_wounds_without_effect(rule: str, wound: str) -> None:
    g = game(5, characters={0: "rhee"}, wounds=[wound], hands={0: [BRL, RM, RM]}, order=[BR, BR, BRL],
             start={"oxygen": 9, "energy": 3})
    round_of(g, {0: f"play {BRL}"})
    hands = [len(h) for h in g.hands]
    oxygen, energy = g.oxygen, g.energy
    act(g, (0, "target seat 2"))
    assert [len(h) for h in g.hands] == hands and (g.oxygen, g.energy) == (oxygen, energy), rule
    assert CARDS.wound_texts[g.wounds[2][0]] == "No further effect."
    no_talk(g)
    assert g.alive[2] and not g.skip_turn[2]


def test_M_E85_M_E86_agenda_ability_secret_until_it_triggers_then_announced() -> None:
    g = game(6, agendas={3: "saint"}, emma=[REP] * 20)
    assert g.view(0)["players"][3]["agenda"] is None
    assert not any("Saint" in t or "Sanctuary" in t for t in log(g, 0))
    round_of(g, {})
    no_talk(g, call=0)
    vote(g, {s: "vote seat 3" for s in (0, 1, 2, 4, 5)})
    assert not g.exiled[3] and g.view(0)["players"][3]["agenda"] == "The Saint"
    assert "Sanctuary: P4 is not Exiled." in log(g, 5)


def test_M_E90_M_Q7_the_coward_takes_the_menace_goal_after_the_switch() -> None:
    """After a Menace is Exiled the Coward is Menace-aligned: in the Advanced game it wins if the Menace side
    wins (Oxygen 0) and loses if the Crew side wins."""
    ag = ["contagion", "butcher", "coward", "saint", "vengeant", "zealot", "hero"]
    for energy, coward_wins in ((0, True), (10, False)):
        g = game(7, agendas=ag, advanced=True, emma=[AB] * 20 if energy == 0 else [REP] * 20,
                 start={"exiled": [0], "oxygen": 1 if energy == 0 else 9, "energy": energy})
        assert g.view(None)["coward_side"] == "menace"
        round_of(g, {})
        if not g.over:
            no_talk(g)
        assert g.over and g.view(None)["coward_side"] == "menace"
        assert (2 in g.result()["winners"]) is coward_wins


def test_M_H4_sheets_are_public_M_H19_table_facts_are_public() -> None:
    g = game(5, leader=1, characters={0: "dax"}, start={"oxygen": 6, "energy": 2, "round": 4})
    public = g.view(None)
    assert all(p["abilities"] and p["character"] for p in public["players"])  # M-H4
    assert (public["oxygen"], public["energy"], public["ceiling"], public["round"], public["leader"],
            public["turn"]) == (6, 2, 7, 4, 1, 1)  # M-H19


def test_M_H8_M_Q28_counts_are_public() -> None:
    g = game(5, emma=[REP] * 20)
    act(g, (0, "draw"), (1, f"play {RM}"))
    p = g.view(None)
    assert [x["hand_count"] for x in p["players"]][:2] == [4, 2] and p["players"][0]["deck_count"] == 9
    assert (p["emma_deck"], p["wound_deck"], p["discard_pile"]) == (20, 3, 0)
    assert p["players"][1]["face_down"] == 1


def test_M_H14_emma_order_and_M_H18_wound_deck_order_are_hidden() -> None:
    a = game(5, emma=[RM, AB, BR] + [REP] * 17, wounds=["tremors", "flesh-wound"])
    b = game(5, emma=[AB, BR, RM] + [REP] * 17, wounds=["flesh-wound", "tremors"])
    same_for(a, b, [None, 0, 1, 2, 3, 4])
    g = game(5, wounds=["tremors"], hands={0: [BRL, RM, RM]}, order=[BRL, BR, BR], characters={1: "mags"})
    round_of(g, {0: f"play {BRL}"})
    act(g, (0, "target seat 2"))
    no_talk(g)
    act(g, (1, "use hot-meal"), (1, "target seat 2"), (1, f"discard {RM}"))
    assert g.view(None)["wound_discard"] == ["Tremors"]  # M-H18: the Wound discard is public


def test_M_H23_pending_effects_are_public() -> None:
    g = game(5, characters={0: "martella", 1: "juno", 2: "cass", 3: "rhee"}, start={"oxygen": 12})
    act(g, (0, "use moxie"), (1, "use trace"), (2, "use de-escalate"), (3, "use target-lock"))
    effects = g.view(None)["effects"]
    assert (effects["moxie"], effects["trace"], effects["de_escalate"], effects["target_lock"]) == (0, True, True, 3)


def test_M_H27_individual_goal_progress_is_never_shown() -> None:
    g = game(6, advanced=True, emma=[REP] * 20)
    round_of(g, {})
    for seat in (None, 0, 3):
        v = g.view(seat)
        assert "result" not in v and not any("goal" in k for k in v)
    assert not any("goal" in t.lower() or "individual" in t.lower() for t in log(g, 0))


def test_M_H28_M_H29_M_V12_dead_players_see_only_public_and_take_no_actions() -> None:
    a = game(5, hands={2: [RM, AB, BR]}, start={"dead": [4]})
    b = game(5, hands={2: [AB, AB, RM]}, start={"dead": [4]})
    same_for(a, b, [4])  # M-H28: the dead seat learns nothing hidden
    round_of(a, {})
    assert 4 not in [s for s, _ in kinds(a)]  # M-H29, M-V12: no turn, no discussion
    with pytest.raises(IllegalAction):
        a.act(4, "no vote")
    assert "target seat 4" not in [o for d in a.pending() for o in (x["text"] for x in d.options)]


def test_M_V12_killed_players_cannot_be_chosen() -> None:
    g = game(5, characters={0: "rhee"}, start={"dead": [3], "energy": 3})
    act(g, (0, "use suppressing-fire"))
    assert "target seat 3" not in texts(g, 0) and "target seat 2" in texts(g, 0)


def test_M_V13_a_killed_players_cards_are_removed_and_their_placed_card_counts() -> None:
    g = game(5, leader=0, hands={1: [RM]}, decks={1: []}, characters={0: "andrew"},
             start={"wounds": {1: ["tremors"]}, "oxygen": 9}, emma=[REP] * 20)
    act(g, (0, "use delegate"), (0, "target seat 1"), (1, f"play {RM}"))
    assert kinds(g) == [(2, "turn")] and not g.alive[1]  # killed at the start of their own turn (M-V8)
    pub = g.view(None)["players"][1]
    assert (pub["hand_count"], pub["deck_count"], pub["character"]) == (0, 0, "Sela Quorin")
    assert "Tremors" in g.view(None)["wound_discard"] and pub["wounds"] == []
    assert g.played_count == 1  # the delegated card stays in the pool and counts toward P
    assert g.view(0)["players"][1]["agenda"] == "The Butcher" and "hand" not in pub


def test_M_H30_M_H37_spectators_and_other_seats_never_see_a_hand() -> None:
    a = game(5, hands={1: [RM, AB, BR]})
    b = game(5, hands={1: [AB, AB, AB]})
    same_for(a, b, [None, 0, 2, 3, 4])
    assert "hand" not in a.view(None) and "my_agenda" not in a.view(None)


def test_M_H31_no_card_ids_and_hidden_lists_carry_no_order() -> None:
    """Cards are shown as names only (no per-card ids to follow between zones); the own hand and own face-down
    cards are sorted, so their order tells nothing of draw or play order; logs are filtered per seat."""
    a = game(5, hands={0: [RM, AB, BR]})
    b = game(5, hands={0: [BR, RM, AB]})
    assert a.view(0)["hand"] == b.view(0)["hand"] == sorted(a.view(0)["hand"])
    act(a, (0, f"play {BR}"), (1, f"play {RM}"))
    act(b, (0, f"play {BR}"), (1, f"play {RM}"))
    assert a.view(0)["my_face_down"] == ["Basic Repair"]
    assert all(e["text"] != "You place Raise Morale face down." for e in a.log_for(0))
    v = a.view(0)
    assert not any("id" in k for k in v) and not any("id" in k for p in v["players"] for k in p)


def test_M_Q21_M_S25_a_menace_is_not_told_the_other_menace() -> None:
    a = game(5, agendas=["contagion", "butcher", "vengeant", "zealot", "hero"])
    b = game(5, agendas=["contagion", "zealot", "vengeant", "butcher", "hero"])
    same_for(a, b, [0])


def test_M_Q32_the_first_five_are_the_leader_and_the_next_four() -> None:
    g = treachery.new_game("menace", players=7, seed=3, setup={"leader": 3})
    assert sorted(d.seat for d in g.pending()) == [0, 3, 4, 5, 6]
    assert all(len(d.options) == 3 for d in g.pending())


def test_M_X20_automatic_steps_ask_nobody() -> None:
    """Backstab's target, Reactor Leak's targets, the EmMA fill, Wound draws: no decision between the last turn
    and the discussion."""
    g = game(5, hands={0: [BS, RM, RM], 1: [LEAK, RM, RM]}, order=[BS, LEAK, BR], emma=[BR] * 20,
             wounds=["flesh-wound", "black-eye", "bruised-ribs"])
    round_of(g, {0: f"play {BS}", 1: f"play {LEAK}"})
    assert {k for _, k in kinds(g)} == {"discussion"}
    assert len(g.wounds[0]) == 1 and len(g.wounds[1]) == 1
