"""Engine-level properties of the Menace package: clone independence, the timeout stream, card files, caches."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import treachery
from treachery import GameConfigError
from treachery.engine import Rng
from treachery.games.menace import catalogue as opt
from treachery.games.menace.cards import CARD_FILE
from treachery.games.menace.rules import Menace

from .kit import game, kinds, log, round_of


def _random_walk(seed: int, steps: int, players: int = 6) -> Menace:
    g = treachery.new_game("menace", players=players, seed=seed)
    assert isinstance(g, Menace)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.over:
            break
        d = g.pending()[0]
        g.act(d.seat, d.options[rng.randrange(len(d.options))])
    return g


def test_clone_copies_every_list_play_can_change() -> None:
    """clone() copies each mutable list of the state (and each inner list); only the fixed setup plan, the
    per-catalogue caches and _pending (only ever replaced) may be shared."""
    shared_ok = {"_pending", "_cache", "_talk_cache", "plan", "options", "setup", "_result"}
    for seed, steps in ((4, 30), (5, 80), (6, 140)):
        g = _random_walk(seed, steps)
        copy = g.clone()
        for name, value in g.__getstate__().items():
            if name in shared_ok:
                continue
            if isinstance(value, (list, dict)):
                assert getattr(copy, name) is not value, f"clone shares {name!r}"
                if isinstance(value, list) and name != "stack":  # flow frames are never changed once pushed
                    for a, b in zip(getattr(copy, name), value, strict=True):
                        if isinstance(b, list):
                            assert a is not b, f"clone shares an inner list of {name!r}"
        assert copy.rng is not g.rng and copy.timeouts is not g.timeouts


def test_clone_then_play_leaves_the_original_unchanged() -> None:
    g = _random_walk(7, 60)
    before = (g.view(None), g.log_for(None), [(d.seat, d.kind, d.ids) for d in g.pending()], g.rng.state)
    copy = g.clone()
    rng = random.Random(1)
    while not copy.over:
        d = copy.pending()[0]
        copy.act(d.seat, d.options[rng.randrange(len(d.options))])
    assert (g.view(None), g.log_for(None), [(d.seat, d.kind, d.ids) for d in g.pending()], g.rng.state) == before


def test_M_X2_to_M_X15_random_defaults_come_from_their_own_stream() -> None:
    """Computing a timeout default never draws from the game's main stream: a twin whose timeout stream is
    reseeded plays on identically (same shuffles, same log), while its defaults may differ."""
    for seed in range(6):
        a = treachery.new_game("menace", players=4 + seed % 5, seed=seed)
        b = a.clone()
        assert isinstance(b, Menace)
        b.timeouts = Rng(987654321 + seed)
        rng = random.Random(seed)
        defaults_differ = False
        while not a.over:
            da, db = a.pending()[0], b.pending()[0]
            assert (da.seat, da.kind, da.ids) == (db.seat, db.kind, db.ids)
            defaults_differ |= da.default_id != db.default_id
            choice = da.options[rng.randrange(len(da.options))]
            a.act(da.seat, choice)
            b.act(db.seat, choice)
            assert a.rng.state == b.rng.state
        assert a.log_for(None) == b.log_for(None)
    if hasattr(Menace.__init__, "__code__"):  # (the compiled build, treachery compile, keeps no code object)
        assert Menace.__init__.__code__.co_names.count("derived") == 1


def test_M_X3_turn_default_is_draw_else_a_random_card_from_hand() -> None:
    g = game(5, hands={0: ["raise-morale", "raise-morale", "airlock-breach"]}, decks={0: []})
    d = g.pending()[0]
    assert d.kind == "turn" and d.default["text"].startswith("play ")
    g = game(5)
    assert g.pending()[0].default["text"] == "draw"


@pytest.mark.rule("M-H33", "M-V17")
def test_discussion_options_match_the_plain_enumeration() -> None:
    """The cached discussion tuples equal the legal options built from scratch (M-H33, M-V17)."""
    for seed in range(12):
        g = _random_walk(seed, 400, players=4 + seed % 5)
        if g.over or g.pending()[0].kind != "discussion":
            continue
        living = [s for s in range(g.players) if g.alive[s]]
        shown = sorted({c for c, _ in g.shown})
        for d in g.pending():
            ids = [opt.NO_VOTE, opt.CLAIM_GOOD, opt.CLAIM_NEUTRAL, opt.CLAIM_BAD, opt.CLAIM_DREW]
            if not g.deescalate and not g.exiled[d.seat] and 6 not in g.wounds[d.seat]:
                ids.append(opt.CALL_VOTE)
            for other in living:
                if other != d.seat:
                    ids += [opt.ACCUSE + other * 11 + c for c in shown] + [opt.SUSPECT + other]
            assert list(d.ids) == sorted(ids) and [o["id"] for o in d.options] == sorted(ids)


def _card_file(tmp_path: Path, old: str, new: str) -> str:
    text = CARD_FILE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "cards.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return str(path)


def test_M_D2_a_card_file_renames_cards_and_changes_raise_morale(tmp_path: Path) -> None:
    path = _card_file(tmp_path, 'name = "Raise Morale"\ncount = 50\ncategory = "Good"\noxygen_effect = 3',
                      'name = "Pep Talk"\ncount = 50\ncategory = "Good"\noxygen_effect = 4')
    g = treachery.new_game("menace", players=4, seed=1, options={"card_file": path}, setup={
        "characters": ["dax", "sela", "imre", "juno"], "leader": 0,
        "hands": {s: ["raise-morale", "basic-repair", "basic-repair"] for s in range(4)},
        "emma": ["airlock-breach"] * 20, "start": {"oxygen": 8}})
    assert "Place Pep Talk face down" in [o["label"] for o in g.pending()[0].options]
    assert g.view(0)["hand"][-1] == "Pep Talk"
    round_of(g, {0: "play raise-morale"})  # Pep Talk +4, one EmMA Airlock Breach -1 (T = 2, P = 1)
    assert g.oxygen == 11 and "Revealed: Pep Talk." in log(g)
    plain = treachery.new_game("menace", players=4, seed=1)
    assert plain.catalogue_in_use[opt.PLAY]["label"] == "Place Raise Morale face down"  # the default is untouched


@pytest.mark.parametrize(("old", "new", "words"), [
    ('oxygen_effect = 3', 'oxygen_effekt = 3', ["'raise-morale'", "'oxygen_effect'"]),
    ('count = 50', 'count = "fifty"', ["'raise-morale'", "'count'", "whole number"]),
    ('category = "Good"', 'category = "Great"', ["'category'", "Good, Neutral, Bad"]),
    ('abilities = ["bloodwork", "first-aid"]', 'abilities = ["bloodwork"]', ["'rotti'", "'abilities'"]),
    ('cards = { raise-morale = 5, basic-repair = 2 }', 'cards = { raise-morale = 6, basic-repair = 2 }',
     ["'rotti'", "'cards'", "7 cards"]),
    ('key = "explosion"', 'key = "explosions"', ["[[bda]]", "explosion"]),
])
def test_a_broken_card_file_is_refused_naming_the_field(tmp_path: Path, old: str, new: str,
                                                         words: list[str]) -> None:
    path = _card_file(tmp_path, old, new)
    with pytest.raises(GameConfigError) as problem:
        treachery.new_game("menace", players=4, options={"card_file": path})
    for word in words:
        assert word in str(problem.value)


def test_card_file_option_is_checked(tmp_path: Path) -> None:
    with pytest.raises(GameConfigError, match="card_file"):
        treachery.new_game("menace", players=4, options={"card_file": 3})
    with pytest.raises(GameConfigError, match="could not be read"):
        treachery.new_game("menace", players=4, options={"card_file": str(tmp_path / "missing.toml")})
    with pytest.raises(GameConfigError, match="card_file"):
        treachery.new_game("menace", players=4, options={"colour": True})


def test_replay_and_pickle_with_caches() -> None:
    import pickle

    g = _random_walk(3, 120)
    again = treachery.replay("menace", g.players, g.seed, g.options, g.setup, g.record()["actions"])
    assert again.view(None) == g.view(None)
    assert pickle.loads(pickle.dumps(g)).view(2) == g.view(2)
    assert kinds(g) == kinds(g.clone())


def test_M_D2_games_from_one_card_file_share_its_cards_and_caches(tmp_path: Path) -> None:
    """A batch of games from one user card file loads it once: the caches do not grow per game."""
    from treachery.games.menace import rules

    path = _card_file(tmp_path, 'name = "Raise Morale"', 'name = "Cheer Up"')
    first = treachery.new_game("menace", players=4, seed=1, options={"card_file": path})
    caches = len(rules._CACHES)
    for seed in range(2, 40):
        game = treachery.new_game("menace", players=4, seed=seed, options={"card_file": path})
        assert game.cards is first.cards and game.catalogue_in_use is first.catalogue_in_use
    assert len(rules._CACHES) == caches
    assert "Cheer Up" in first.cards.bda_names


def test_a_decisions_options_are_its_ids_and_shared_per_set_of_ids() -> None:
    """A decision's options are the catalogue's for its ids in that order, and the same ids give the same options
    tuple (the bots keep their option tables per tuple)."""
    g = _random_walk(5, 10)
    rng = random.Random(5)
    catalogue = g.catalogue_in_use
    for _ in range(2000):
        ids = [rng.randrange(len(catalogue)) for _ in range(rng.randint(1, 12))]
        first = g._decision(0, "turn", ids, "", None, ())
        again = g._decision(1, "turn", list(ids), "", None, ())
        assert list(first.ids) == ids and [o["id"] for o in first.options] == ids
        assert first.options is again.options and first.ids == again.ids
    # the last catalogue id, and sets that differ only in length or order
    last = len(catalogue) - 1
    assert [o["id"] for o in g._decision(0, "turn", [last, 0], "", None, ()).options] == [last, 0]
    assert g._decision(0, "turn", [0], "", None, ()).ids == (0,)
    assert g._decision(0, "turn", [0, 0], "", None, ()).ids == (0, 0)
    assert g._decision(0, "turn", [2, 1], "", None, ()).ids == (2, 1)


def test_M_E5_M_E3_oxygen_and_energy_moves_are_worded_as_before_from_the_kept_heads() -> None:
    """Oxygen and Energy lines are built from heads kept by track and values: each reads as the plain wording,
    values beyond the kept range too, and a "!." inside the reason still loses its "." as every log line does."""
    g = _random_walk(7, 5)
    rng = random.Random(7)
    for _ in range(2000):
        track = rng.choice(("Oxygen", "Energy"))
        before, value = rng.randint(-3, 70), rng.randint(-3, 70)
        why = rng.choice(("Reroute", "cost of Panic!", "Panic!. Then more", "P2's Punctured Lung"))
        g._log_move(track, before, value, why, ("M-E5",))
        expected = f"{track} {before} → {value} ({why}).".replace("!.", "!")
        assert g._log[-1] == (None, g.round, expected, ("M-E5",))
    g._oxygen(-1, "Reroute", ("M-E60",))
    assert g._log[-1][2].startswith("Oxygen ") and " → " in g._log[-1][2]
