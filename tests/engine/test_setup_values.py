"""The setup checks every game shares: seats and key names."""

from __future__ import annotations

import pytest

from treachery import GameConfigError
from treachery.engine.setup_values import reject_unknown_keys, seat_map, seat_of


def test_seats_are_ints_or_digit_strings_in_range() -> None:
    assert seat_of(2, 4) == 2 and seat_of("3", 4) == 3
    for bad in (4, -1, True, 1.0, "x", None, "1.5"):
        with pytest.raises(GameConfigError, match=r"seat must be 0\.\.3"):
            seat_of(bad, 4)


def test_seat_maps_and_unknown_keys_are_refused_clearly() -> None:
    assert seat_map({"0": "a", 2: "b"}, 3, "hands") == {0: "a", 2: "b"}
    with pytest.raises(GameConfigError, match="'hands' must map seat"):
        seat_map(["a"], 3, "hands")
    reject_unknown_keys({"first": 0}, ("first", "deck"))
    with pytest.raises(GameConfigError, match=r"unknown setup key\(s\) \['colour'\]; allowed: first, deck"):
        reject_unknown_keys({"colour": 1, "first": 0}, ("first", "deck"))
