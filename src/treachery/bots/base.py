"""The bot protocol: a bot sees exactly what a person in its seat would (K-H24), never the state."""

from __future__ import annotations

import random
from collections.abc import Callable, Generator
from typing import Any, Final, Protocol

from ..engine import Decision, Game, Option
from ..engine.derived import kept_for

_NO_VIEW: Final[dict[str, Any]] = {}


class Bot(Protocol):
    """A bot may set a class attribute ``needs_view = False`` when it never reads the view.

    A bot may set ``single_option_needs_view = False`` when, given a decision with a single option, it returns
    that option without reading the view or remembering anything: it is then given an empty view there.

    A bot may list in ``viewless_kinds`` the decision kinds it answers without reading the view (its answer
    there depends on the decision alone): it is given an empty view for them.

    A bot may list in ``view_keys`` the only top-level keys of the view it reads: a game that can build just those
    (``Game.view``'s ``keys``) gives it a view of those alone (and no core). It may narrow them further for some
    decision kinds in ``view_keys_by_kind`` (kind -> keys, each a subset of ``view_keys``).

    A bot that never reads the view's public core (``view["core"]``, what the shared layers read) may set
    ``reads_core = False``: its views are then built without it.

    A bot class whose constructor also takes a ``random.Random`` in place of its seed (and then draws from that
    generator) may set ``shares_rng = True``: a search that plays it inside its samples hands it the search's own
    generator rather than seeding a fresh one per bot (``search.ismcts.fresh_bot``; see :func:`bot_rng`).

    A search bot sets ``searches = True`` and is then called ``choose(view, decision, samples=...)``:
    ``samples(seed)`` returns a complete game drawn from what the seat cannot rule out
    (:meth:`Game.determinized`), never the game itself. A bot that reads the table's history sets
    ``reads_log = True`` and is called ``choose(view, decision, log=...)`` with its seat's log (what a person
    in the seat has been shown so far, K-H24), and with ``samples`` too when it also searches.

    A search bot may also offer ``choose_steps`` (the same arguments as ``choose``): a generator that yields
    between bits of its search and returns the option, so a caller that serves other people meanwhile (the
    server's event loop) can let them in while it thinks (:func:`ask_steps`). A bot that remembers what it did
    may offer ``recall(view, decision, option_id)``: told that it answered ``option_id`` here, it brings its
    memory up to date as answering would have, without deciding again (:func:`recall`).

    A bot whose thinking takes longer for some of its seat's secrets than for others (a search: how many options
    the seat has, how long the games drawn from what it holds run) declares ``hold(decision, players)``: seconds
    above its longest think for that decision at that table size, and 0 where it answers at once whatever it holds.
    A table that people watch shows its answer no sooner than that after asking (:func:`answer_hold`).
    """

    def choose(self, view: dict[str, Any], decision: Decision) -> Option:
        """One of ``decision.options``, chosen from ``view`` (that seat's view) alone."""
        ...


# The interpreter's getattr, called through a name: compiled, ``getattr(bot, name, default)`` looks the name up and,
# when the bot does not declare it, raises an AttributeError and clears it (a few thousand instructions, for each
# of the declarations below a bot leaves out, at every game's seating); the interpreter's looks it up without one.
_lookup: Final[Callable[[object, str, Any], Any]] = getattr


def declared(bot: object, name: str, default: Any) -> Any:
    """What ``bot`` (a bot or a bot class) declares as ``name``, or ``default``: ``getattr(bot, name, default)``."""
    return _lookup(bot, name, default)


def best_option(options: tuple[Option, ...], score: Callable[[Option], float], rng: random.Random) -> Option:
    """The option with the highest score; among equal scores, the one with the highest of a draw made for every
    option in turn (``max`` over (score, draw), as a loop: no key function or tuple per option)."""
    best = options[0]
    best_score = score(best)
    best_draw = rng.random()
    for option in options[1:]:
        value = score(option)
        draw = rng.random()
        if value > best_score or (value == best_score and draw > best_draw):
            best, best_score, best_draw = option, value, draw
    return best


# Options tuple -> its options by text (kept_for: the tuple is kept in the entry). The games keep one tuple per set
# of options and hand it to every decision that offers that set, so a bot that looks options up by text builds the
# table once per set, not once per decision. Bounded: cleared when full (the tables are only a shortcut).
_BY_TEXT: Final[dict[int, tuple[tuple[Option, ...], dict[str, Option]]]] = {}
_BY_TEXT_LIMIT: Final = 4096


def _texts(options: tuple[Option, ...]) -> dict[str, Option]:
    return {option["text"]: option for option in options}


def options_by_text(options: tuple[Option, ...]) -> dict[str, Option]:
    """``{option["text"]: option}`` for a decision's ``options`` (the same table for the same tuple: read it, never
    change it)."""
    if len(_BY_TEXT) >= _BY_TEXT_LIMIT:
        _BY_TEXT.clear()
    return kept_for(_BY_TEXT, options, _texts)


def best_scored(options: tuple[Option, ...], scores: list[float], rng: random.Random) -> Option:
    """``best_option`` with the scores worked out beforehand (``scores[i]`` is ``options[i]``'s): the same draws in
    the same order, so the same choice, without a call to a scoring function per option."""
    best = 0
    best_draw = rng.random()
    for index in range(1, len(options)):
        draw = rng.random()
        value, best_score = scores[index], scores[best]
        if value > best_score or (value == best_score and draw > best_draw):
            best, best_draw = index, draw
    return options[best]


def bot_rng(seed: int | random.Random) -> random.Random:
    """A bot's generator: its own, from ``seed``, or, for a bot made inside a search (``shares_rng``), the search's
    generator itself."""
    return seed if isinstance(seed, random.Random) else random.Random(seed)


def reads_core(bot: object) -> bool:
    """Whether ``bot`` (a bot or a bot class) reads its view's core; those that do not declare
    ``reads_core = False`` are given it, the safe default."""
    return bool(declared(bot, "reads_core", True))


def keys_by_kind(bot: object) -> dict[str, frozenset[str]]:
    """A bot's (or bot class's) ``view_keys_by_kind``: empty when it declares none."""
    return declared(bot, "view_keys_by_kind", None) or {}


def bot_view(game: Game, seat: int, core: bool, keys: frozenset[str] | None) -> dict[str, Any]:
    """``seat``'s view as a bot declared it reads it (the plain ``view(seat)`` when it declared nothing)."""
    if keys is not None:
        return game.view(seat, False, keys)
    return game.view(seat) if core else game.view(seat, False)


def _view_for(bot: Bot, game: Game, seat: int, decision: Decision, wants_view: bool) -> dict[str, Any]:
    if (not wants_view or (len(decision.ids) == 1 and not declared(bot, "single_option_needs_view", True))
            or decision.kind in declared(bot, "viewless_kinds", ())):
        return _NO_VIEW
    keys = keys_by_kind(bot).get(decision.kind, declared(bot, "view_keys", None))
    return bot_view(game, seat, reads_core(bot), keys)


def _extras(bot: Bot, game: Game, seat: int) -> dict[str, Any]:
    extra: dict[str, Any] = {}
    if declared(bot, "reads_log", False):
        extra["log"] = game.log_for(seat)
    if declared(bot, "searches", False):
        extra["samples"] = _samples(game, seat)
    return extra


def _samples(game: Game, seat: int) -> Callable[[int], Game]:
    """``game.sampler(seat)``, made at the first draw: a search bot that answers without searching reads
    nothing of the seat's knowledge."""
    draw: Callable[[int], Game] | None = None

    def samples(seed: int) -> Game:
        nonlocal draw
        if draw is None:
            draw = game.sampler(seat)
        return draw(seed)

    return samples


def ask(bot: Bot, game: Game, seat: int, decision: Decision, wants_view: bool = True) -> Option:
    """The option ``bot`` picks for ``seat``, having seen only that seat's view (and, for a search bot,
    samples of what the seat cannot see). A bot that declares ``single_option_needs_view = False`` answers a
    decision with a single option without a view: none is built (about half of the heuristic bots' decisions
    in Killer, the Guest and Eat)."""
    view = _view_for(bot, game, seat, decision, wants_view)
    extra = _extras(bot, game, seat)
    return bot.choose(view, decision, **extra) if extra else bot.choose(view, decision)


def ask_steps(bot: Bot, game: Game, seat: int, decision: Decision,
              wants_view: bool = True) -> Generator[None, None, Option]:
    """``ask`` as a generator: it yields between bits of a search bot's thinking (``choose_steps``) and returns
    the same option ``ask`` would. ``game`` must not change until it returns. Any other bot answers at once."""
    steps = declared(bot, "choose_steps", None)
    if steps is None:
        return ask(bot, game, seat, decision, wants_view)
    view = _view_for(bot, game, seat, decision, wants_view)
    return (yield from steps(view, decision, **_extras(bot, game, seat)))


def recall(bot: Bot, game: Game, seat: int, decision: Decision, option_id: int, wants_view: bool = True) -> None:
    """Brings ``bot`` up to date with its own earlier answer ``option_id`` to ``decision`` (a room rebuilt from
    its record): a bot with ``recall`` is told, any other is asked again, as it was the first time."""
    told = declared(bot, "recall", None)
    if told is None:
        ask(bot, game, seat, decision, wants_view)
        return
    view = _view_for(bot, game, seat, decision, wants_view)
    if declared(bot, "reads_log", False):
        told(view, decision, option_id, log=game.log_for(seat))
    else:
        told(view, decision, option_id)


SEARCH_HOLD: Final = 1.0  # seconds: the hold of a search bot that declares none (its budget is a second of one core)


def answer_hold(bot: Bot, decision: Decision, players: int) -> float:
    """Seconds that pass, at the least, from asking ``bot`` ``decision`` at a table of ``players`` to anyone
    seeing its answer, so that when it answers tells nothing of what its seat holds. A bot that answers in a
    fraction of a millisecond whatever it holds needs none (0); a search declares its bound (``hold``), or is held
    ``SEARCH_HOLD``."""
    hold = declared(bot, "hold", None)
    if hold is not None:
        return float(hold(decision, players))
    return SEARCH_HOLD if declared(bot, "searches", False) else 0.0


Asker = Callable[[Game, int, Decision], Option]


def asker(bot: Bot, wants_view: bool = True) -> Asker:
    """``ask`` for one seated bot, with what the bot declares read once: ``asker(bot)(game, seat, decision)`` is
    ``ask(bot, game, seat, decision, wants_view)``, for a loop that asks the same bot many times a game."""
    if not wants_view or declared(bot, "reads_log", False) or declared(bot, "searches", False):
        return lambda game, seat, decision: ask(bot, game, seat, decision, wants_view)
    single_alone = not declared(bot, "single_option_needs_view", True)
    viewless = declared(bot, "viewless_kinds", ())
    core = reads_core(bot)
    keys = declared(bot, "view_keys", None)
    by_kind = keys_by_kind(bot)
    choose = bot.choose

    def answer(game: Game, seat: int, decision: Decision) -> Option:
        if (single_alone and len(decision.ids) == 1) or decision.kind in viewless:
            return choose(_NO_VIEW, decision)
        return choose(bot_view(game, seat, core, by_kind.get(decision.kind, keys)), decision)

    return answer
