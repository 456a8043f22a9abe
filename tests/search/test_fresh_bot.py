"""The bots a search plays inside its samples: a heuristic bot that declares ``shares_rng`` draws from the search's
own generator (none seeded per bot), any other bot class is seeded from it; and Killer's bots keep the maps of a
card set's shared descriptions only (a view's own copies are worked out afresh)."""

from __future__ import annotations

import random

import pytest

import treachery
from tests.play_digest import shipped_games
from treachery.bots import heuristic_bot_class
from treachery.bots.base import bot_rng
from treachery.games.killer.bots import card_maps, view_card_maps
from treachery.search.ismcts import fresh_bot


@pytest.mark.parametrize("name", shipped_games())
def test_a_heuristic_bot_in_a_sample_draws_from_the_search_generator(name: str) -> None:
    heuristic = heuristic_bot_class(name)
    assert heuristic is not None and getattr(heuristic, "shares_rng", False)
    search_rng = random.Random(7)
    bot = fresh_bot(heuristic)(search_rng)
    assert bot.rng is search_rng  # type: ignore[attr-defined]
    seeded = heuristic(11)  # type: ignore[call-arg]
    assert seeded.rng is not search_rng and seeded.rng.random() == random.Random(11).random()  # type: ignore[attr-defined]


def test_a_bot_class_without_shares_rng_is_seeded_from_the_search_generator() -> None:
    made: list[int] = []

    class Seeded:
        def __init__(self, seed: int) -> None:
            made.append(seed)

    search_rng = random.Random(3)
    fresh_bot(Seeded)(search_rng)
    assert made == [random.Random(3).getrandbits(32)]


def test_bot_rng_takes_a_generator_or_a_seed() -> None:
    shared = random.Random(1)
    assert bot_rng(shared) is shared
    assert bot_rng(5).random() == random.Random(5).random()


def test_killer_card_maps_are_kept_for_shared_descriptions_only() -> None:
    game = treachery.new_game("killer", players=5, seed=2)
    lean = game.view(0, False, game.lean_view_keys)
    first, again = view_card_maps(lean), view_card_maps(game.view(1, False, game.lean_view_keys))
    # (compared part by part: compiled, a tuple handed back is boxed afresh at each call)
    assert all(a is b for a, b in zip(first, again, strict=True))  # the same shared descriptions: worked out once
    assert first == card_maps(lean)
    full = game.view(0)
    own, other = view_card_maps(full), view_card_maps(game.view(0))
    assert own == card_maps(full) and not any(a is b for a, b in zip(own, other, strict=True))  # copies: each time
