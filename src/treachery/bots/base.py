"""The bot protocol: a bot sees exactly what a person in its seat would (K-H24), never the state."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any, Protocol

from ..engine import Decision, Game, Option

_NO_VIEW: dict[str, Any] = {}


class Bot(Protocol):
    """A bot may set a class attribute ``needs_view = False`` when it never reads the view.

    A search bot sets ``searches = True`` and is then called ``choose(view, decision, samples=...)``:
    ``samples(seed)`` returns a complete game drawn from what the seat cannot rule out
    (:meth:`Game.determinized`), never the game itself.
    """

    def choose(self, view: dict[str, Any], decision: Decision) -> Option:
        """One of ``decision.options``, chosen from ``view`` (that seat's view) alone."""
        ...


class LazyView(dict):  # type: ignore[type-arg]
    """A seat's view, built on its first read: a bot that answers without reading it (a decision with one
    option, say) costs no view. It must be the view of the moment the bot was asked, so :func:`ask` builds it
    before the answer is applied whenever the bot kept a reference to it, read or not.

    A dict that fills itself from ``game.view(seat)`` on first use: once filled, ``view[key]`` is a plain dict
    read (only ``__missing__`` and the other readers below are Python code)."""

    __slots__ = ("_game", "_seat", "_built")

    def __init__(self, game: Game, seat: int) -> None:
        super().__init__()
        self._game: Game | None = game
        self._seat = seat
        self._built = False

    def _fill(self) -> bool:
        """Builds the view into this dict, once; True if it did just now."""
        if self._built:
            return False
        game = self._game
        if game is None:
            raise RuntimeError("a bot read its view after answering the decision it was given for")
        self._built = True
        self._game = None
        super().update(game.view(self._seat))
        return True

    def settle(self) -> None:
        """Called as the bot answers: a view it kept is built now, from the state it was asked in."""
        self._fill()

    def __missing__(self, key: str) -> Any:
        if self._fill():
            return self[key]
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        self._built or self._fill()
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        self._built or self._fill()
        return super().__contains__(key)

    def __iter__(self) -> Iterator[str]:
        self._built or self._fill()
        return super().__iter__()

    def __len__(self) -> int:
        self._built or self._fill()
        return super().__len__()

    def keys(self):  # type: ignore[no-untyped-def]
        self._built or self._fill()
        return super().keys()

    def values(self):  # type: ignore[no-untyped-def]
        self._built or self._fill()
        return super().values()

    def items(self):  # type: ignore[no-untyped-def]
        self._built or self._fill()
        return super().items()

    def __eq__(self, other: object) -> bool:
        self._built or self._fill()
        if isinstance(other, LazyView):
            other._built or other._fill()
        return super().__eq__(other)

    def __repr__(self) -> str:
        self._built or self._fill()
        return super().__repr__()

    __hash__ = None  # type: ignore[assignment]


def ask(bot: Bot, game: Game, seat: int, decision: Decision, wants_view: bool = True) -> Option:
    """The option ``bot`` picks for ``seat``, having seen only that seat's view (and, for a search bot,
    samples of what the seat cannot see). The view is built only if the bot reads it."""
    if not wants_view:
        view: Any = _NO_VIEW
        references = 0
    else:
        view = LazyView(game, seat)
        references = sys.getrefcount(view)
    if getattr(bot, "searches", False):
        choice = bot.choose(view, decision, samples=lambda seed: game.determinized(seat, seed))  # type: ignore[call-arg]
    else:
        choice = bot.choose(view, decision)
    if wants_view and sys.getrefcount(view) > references:  # the bot kept its view: fix it as of this decision
        view.settle()
    return choice
