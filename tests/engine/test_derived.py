"""Data derived from a long-lived object is worked out once and never handed to another object."""

from __future__ import annotations

import treachery
from treachery.engine.derived import kept_for


class _Owner:
    def __init__(self, name: str) -> None:
        self.name = name


def test_derived_once_per_owner_and_never_for_another_object_with_its_id() -> None:
    calls: list[str] = []

    def derive(owner: _Owner) -> str:
        calls.append(owner.name)
        return owner.name.upper()

    cache: dict[int, tuple[_Owner, str]] = {}
    first = _Owner("a")
    assert kept_for(cache, first, derive) == "A"
    assert kept_for(cache, first, derive) == "A"
    assert calls == ["a"]
    # an entry whose id is another object's (as if the owner had died and its id been reused) is not handed out
    other = _Owner("b")
    cache[id(other)] = (first, "A")
    assert kept_for(cache, other, derive) == "B"
    assert calls == ["a", "b"] and cache[id(other)] == (other, "B")


def test_options_by_text_is_one_table_per_options_tuple_and_stays_bounded() -> None:
    from treachery.bots import base

    game = treachery.new_game("menace", players=5, seed=1)
    options = game.pending()[0].options
    table = base.options_by_text(options)
    assert table == {option["text"]: option for option in options}
    assert base.options_by_text(options) is table  # the same tuple: the table kept for it
    copy = tuple(options)[::-1][::-1]  # an equal tuple that is another object: its own table, the same contents
    assert copy is not options and base.options_by_text(copy) is not table and base.options_by_text(copy) == table
    for index in range(base._BY_TEXT_LIMIT + 1):  # many other tuples: the tables are dropped, never piled up
        base.options_by_text(({"id": index, "text": f"option {index}"},))  # type: ignore[typeddict-item]
    assert len(base._BY_TEXT) <= base._BY_TEXT_LIMIT
