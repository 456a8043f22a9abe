"""The bot protocol: a bot sees exactly what a person in its seat would (K-H24), never the state."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
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


class LazyView(Mapping[str, Any]):
    """A seat's view, built on its first read: a bot that answers without reading it (a decision with one
    option, say) costs no view. It must be the view of the moment the bot was asked, so :func:`ask` builds it
    before the answer is applied whenever the bot kept a reference to it, read or not."""

    __slots__ = ("_game", "_seat", "_built")

    def __init__(self, game: Game, seat: int) -> None:
        self._game: Game | None = game
        self._seat = seat
        self._built: dict[str, Any] | None = None

    def _view(self) -> dict[str, Any]:
        built = self._built
        if built is None:
            if self._game is None:
                raise RuntimeError("a bot read its view after answering the decision it was given for; "
                                   "keep what it needs while choosing")
            built = self._built = self._game.view(self._seat)
        return built

    def settle(self) -> None:
        """Called as the bot answers: a view it kept is built now, from the state it was asked in."""
        self._view()
        self._game = None

    def __getitem__(self, key: str) -> Any:
        return self._view()[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self._view().get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self._view()

    def __iter__(self) -> Iterator[str]:
        return iter(self._view())

    def __len__(self) -> int:
        return len(self._view())

    def __eq__(self, other: object) -> bool:
        return self._view() == (other._view() if isinstance(other, LazyView) else other)

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
