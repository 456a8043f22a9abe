"""Data derived from a long-lived object is worked out once and never handed to another object."""

from __future__ import annotations

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
