"""The encoder protocol every observation encoder follows, and the small helpers dedicated encoders share."""

from __future__ import annotations

from array import array
from collections.abc import Iterable, MutableSequence, Sequence
from typing import Any

import numpy as np
from mypy_extensions import mypyc_attr

from ...engine import Game


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (treachery.rl.native), still open to new encoders
class Encoder:
    """Turns one seat's view into a fixed-size float32 vector; holds no rules and reads nothing but the view.

    ``size`` is the vector length and ``low``/``high`` its bounds (the observation Box). ``eliminated`` may
    say, from any seat's view (so from public facts only), that a seat has left the game for good: it takes
    no further decision and cannot be among the winners. Such a seat is terminated at once with the
    loser's reward (PettingZoo's dead-agent rule). The default is that nobody is eliminated: every seat
    stays in until the end, which is always correct, only less informative. A game whose eliminated seats
    may still win keeps that default.
    """

    name = "base"
    size: int = 0
    low: float = -np.inf
    high: float = np.inf

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        raise NotImplementedError

    def eliminated(self, view: dict[str, Any], seat: int) -> bool:
        return False

    @property
    def declares_eliminations(self) -> bool:
        return type(self).eliminated is not Encoder.eliminated

    def encode_game(self, game: Game, seat: int | None, tail: int = 0) -> np.ndarray:
        """The observation of ``seat`` in ``game``: ``encode(game.view(seat))``, followed by ``tail`` zeros that
        the caller fills (the environment's decision block: no second copy of the vector). An encoder may
        override it with a faster path that writes the same vector straight from the game; it must then show
        exactly what the view shows, and its tests must prove both paths equal over many games."""
        vector = self.encode(game.view(seat))
        return np.concatenate((vector, np.zeros(tail, dtype=np.float32))) if tail else vector

    def eliminated_seats(self, game: Game) -> set[int]:
        """The seats ``eliminated`` declares out, from the public view (an override may read public facts
        from the game directly)."""
        view = game.view(None)
        return {seat for seat in range(game.players) if self.eliminated(view, seat)}


class Layout:
    """Named blocks of a vector laid out one after another; ``describe()`` is the layout as a table."""

    def __init__(self) -> None:
        self.blocks: list[tuple[str, int, int]] = []
        self.size = 0

    def add(self, name: str, size: int) -> int:
        """Reserves ``size`` entries for ``name`` and returns where they start."""
        at = self.size
        self.blocks.append((name, at, size))
        self.size += size
        return at

    def describe(self) -> str:
        return "\n".join(f"{at:>6} {size:>5}  {name}" for name, at, size in self.blocks)


class Vocabulary:
    """Names (card names, codes, step names) to their one-hot index; unknown names share the last index, so a
    new name never breaks the vector's size."""

    def __init__(self, names: Iterable[str]) -> None:
        self.index: dict[str, int] = {}
        for name in names:
            self.index.setdefault(name, len(self.index))
        self.size = len(self.index) + 1

    def __getitem__(self, name: str) -> int:
        return self.index.get(name, self.size - 1)


class Vector:
    """Collects the entries of one observation and writes them into a float32 vector with a few numpy calls
    (setting and clipping entries one by one from Python is the slow part of encoding)."""

    __slots__ = ("hot", "at", "values")

    def __init__(self) -> None:
        self.hot: list[int] = []
        self.at: list[int] = []
        self.values: list[float] = []

    def flag(self, index: int, on: Any = True) -> None:
        if on:
            self.hot.append(index)

    def seat(self, at: int, seat: int | None) -> None:
        """One-hot of a seat; None or a negative seat (nobody) sets nothing."""
        if seat is not None and seat >= 0:
            self.hot.append(at + seat)

    def seats(self, at: int, seats: Iterable[int]) -> None:
        self.hot.extend(at + s for s in seats if s >= 0)

    def scaled(self, index: int, value: float | None, scale: float) -> None:
        """``value / scale``, clipped to the encoder's range by :meth:`array`; None sets nothing."""
        if value:
            self.at.append(index)
            self.values.append(value / scale)

    def counts(self, at: int, vocabulary: Vocabulary, names: Sequence[str], scale: float) -> None:
        """How many times each name occurs, ``/ scale`` (at most 1)."""
        tally: dict[int, int] = {}
        for name in names:
            index = vocabulary[name]
            tally[index] = tally.get(index, 0) + 1
        for index, count in tally.items():
            self.at.append(at + index)
            self.values.append(count / scale)

    def names(self, at: int, vocabulary: Vocabulary, names: Iterable[str]) -> None:
        """A multi-hot set of names."""
        self.hot.extend(at + vocabulary[name] for name in names)

    def name(self, at: int, vocabulary: Vocabulary, name: str | None) -> None:
        if name is not None:
            self.hot.append(at + vocabulary[name])

    def array(self, size: int, low: float = 0.0) -> np.ndarray:
        """The vector, every scaled number clipped to ``[low, 1]``. Written into a Python float32 ``array`` and
        handed to numpy without a copy: for the few dozen entries an observation sets, item assignment
        there is several times cheaper than numpy's fancy indexing from lists plus a clip over the vector."""
        vector = zeros(size)
        self.write(vector, low)
        return np.frombuffer(vector, dtype=np.float32)

    def write(self, vector: MutableSequence[float], low: float = 0.0) -> None:
        """Sets these entries in ``vector`` (the rest stay as they are), scaled numbers clipped to ``[low, 1]``."""
        for index in self.hot:
            vector[index] = 1.0
        for index, value in zip(self.at, self.values, strict=True):
            vector[index] = 1.0 if value > 1.0 else (low if value < low else value)


@mypyc_attr(allow_interpreted_subclasses=True)
class SharedPartEncoder(Encoder):
    """An encoder whose fast path writes the entries every seat is shown alike (``shared_entries``) apart from
    the seat's own (``own_entries``), and keeps the shared part for the game's ``state_version``: seats asked
    about the same state one after another (a simultaneous decision, whose sealed answers change nothing)
    pay only for their own entries. The two parts set disjoint entries, or set the same flag alike."""

    # (game, its state_version, tail, the shared part): the game itself is held, not its id, so that a new
    # game can never pass for it
    _kept: tuple[Game, int, int, array[float]] | None = None

    def shared_entries(self, game: Game, v: Vector) -> None:
        raise NotImplementedError

    def own_entries(self, game: Game, seat: int | None, v: Vector) -> None:
        raise NotImplementedError

    def encode_game(self, game: Game, seat: int | None, tail: int = 0) -> np.ndarray:
        version, kept = game.state_version, self._kept
        if kept is None or kept[0] is not game or kept[1] != version or kept[2] != tail:
            shared = Vector()
            self.shared_entries(game, shared)
            filled = zeros(self.size + tail)
            shared.write(filled, self.low)
            kept = self._kept = (game, version, tail, filled)
        vector = kept[3][:]
        own = Vector()
        self.own_entries(game, seat, own)
        own.write(vector, self.low)
        return np.frombuffer(vector, dtype=np.float32)


class Tallies:
    """How many of each kind a list holds, as ``count / scale`` entries of a vector, kept by the list's content:
    the same hands, decks and piles come back step after step, and a lookup of their tuple is cheaper than a
    fresh count. ``index_of`` maps a kind number to its vocabulary index."""

    MEMO = 16384  # distinct (block, list) pairs kept; a bound on memory, not on correctness

    def __init__(self, index_of: Sequence[int]) -> None:
        self.index_of = list(index_of)
        self._memo: dict[tuple[int, float, tuple[int, ...]], tuple[list[int], list[float]]] = {}

    def add(self, v: Vector, at: int, kinds: Iterable[int], scale: float) -> None:
        key = (at, scale, tuple(kinds))
        entries = self._memo.get(key)
        if entries is None:
            tally: dict[int, int] = {}
            index_of = self.index_of
            for kind in key[2]:
                index = at + index_of[kind]
                tally[index] = tally.get(index, 0) + 1
            entries = (list(tally), [count / scale for count in tally.values()])
            if len(self._memo) >= self.MEMO:
                self._memo.clear()
            self._memo[key] = entries
        v.at.extend(entries[0])
        v.values.extend(entries[1])


_ZEROS: dict[int, array[float]] = {}


def zeros(size: int) -> array[float]:
    """A fresh float32 ``array`` of ``size`` zeros (copied from a kept one: a single memcpy)."""
    kept = _ZEROS.get(size)
    if kept is None:
        kept = _ZEROS[size] = array("f", bytes(4 * size))
    return kept[:]
