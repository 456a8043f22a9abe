"""Seating bots: which kind sits in which seat (one kind for the table, or one per side as
``side=kind,...``), each bot's seed, the default kind, and asking a seated bot.

A seat's side is its role as dealt (``Game.roles()``, named as in ``result()["sides"]``), read before the
first action; roles are dealt at random, so over a batch every side sits in every seat. The server, the terminal,
the agent runner and the simulator all seat bots through here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine import Game, game_class
from . import belief_bot_class, best_bot_class, bot_for, bot_kinds
from .base import Bot, ask

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def mix(z: int) -> int:
    """SplitMix64's output function (the engine's Rng uses the same one)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` in a game whose seed is ``seed``."""
    return mix((seed ^ ((seat + 1) * GOLDEN)) & MASK)


def available_kinds(game_name: str) -> list[str]:
    """The bot kinds a game can seat (``bots.bot_kinds``); an unknown game raises GameConfigError."""
    game_class(game_name)
    return list(bot_kinds(game_name))


def check_kind(game_name: str, kind: str) -> str:
    """``kind`` if the game can seat it (a listed kind, or a variant ``bot_for`` accepts such as ``ismcts:200``);
    else ValueError naming the kinds available."""
    kinds = available_kinds(game_name)
    if kind not in kinds:
        try:
            if kind.partition(":")[0] not in kinds:
                raise ValueError(kind)
            bot_for(game_name, kind, 0)
        except (ValueError, ImportError):
            raise ValueError(f"no {kind!r} bot for {game_name}; available: {', '.join(kinds)}") from None
    return kind


def default_kind(game_name: str) -> str:
    """The strongest kind measured (best) where the game has it, else random."""
    return "best" if "best" in available_kinds(game_name) else "random"


def batch_kind(game_name: str) -> str:
    """The kind a batch of games seats when told none (simulate, tune): ``best`` where it answers without
    searching, else the game's belief bot or, lacking one, its heuristic bot, so thousands of games stay a matter
    of seconds (``--bots best`` asks for the searching one)."""
    kind = default_kind(game_name)
    if kind == "best" and getattr(best_bot_class(game_name), "searches", False):
        return "belief" if belief_bot_class(game_name) is not None else "heuristic"
    return kind


def resolve_bot_kind(game_name: str, kind: str | None) -> str:
    """The bot kind to seat: ``kind`` if given and available (else ValueError naming what is), or the default."""
    return default_kind(game_name) if kind is None else check_kind(game_name, kind)


def seat_bots(game_name: str, kind: str | list[str], players: int, seed: int) -> list[Bot]:
    """One bot per seat (a bot may remember things within its game), each from its own derived seed;
    ``kind`` is one kind for every seat or a kind per seat."""
    kinds = [kind] * players if isinstance(kind, str) else kind
    return [bot_for(game_name, kinds[seat], bot_seed(seed, seat)) for seat in range(players)]


def needs_view(bot: Bot) -> bool:
    """Whether ``bot`` reads the view it is given. A bot says it does not with ``needs_view = False``
    (RandomBot picks from the options alone); anything else gets its seat's view, the safe default."""
    return bool(getattr(bot, "needs_view", True))


def choose(game: Game, bots: list[Bot], wants_view: list[bool], seat: int, decision: Any) -> Any:
    """The option ``seat``'s bot picks, having seen only its own view and the decision."""
    return ask(bots[seat], game, seat, decision, wants_view[seat])


@dataclass(frozen=True)
class BotPlan:
    """``default`` for every seat whose side is not named in ``by_side``; with ``solo``, one seat (the game seed
    modulo the players, so it rotates over a batch) plays ``solo`` instead: a ladder for games with one side."""

    default: str
    by_side: tuple[tuple[str, str], ...] = ()
    solo: str | None = None

    def kinds(self, roles: list[str], seed: int = 0) -> list[str]:
        named = dict(self.by_side)
        kinds = [named.get(role, self.default) for role in roles]
        if self.solo is not None:
            kinds[seed % len(kinds)] = self.solo
        return kinds

    @property
    def label(self) -> str:
        """The plan as written on the command line, sides sorted: ``heuristic`` or ``side=ismcts,random``."""
        solo = [f"one seat={self.solo}"] if self.solo is not None else []
        return ",".join(solo + [f"{side}={kind}" for side, kind in self.by_side] + [self.default])


def parse_bot_plan(game_name: str, text: str | None, sides: list[str]) -> BotPlan:
    """``"heuristic"``, or ``"side=heuristic,other_side=random"`` with an optional bare kind for the other sides.

    ``sides`` are the sides the game deals at the player counts asked for. Raises ValueError naming an
    unknown kind or side and what is allowed.
    """
    def checked(kind: str) -> str:
        return check_kind(game_name, kind)

    if text is None or not text.strip():
        return BotPlan(batch_kind(game_name))
    default: str | None = None
    by_side: dict[str, str] = {}
    for part in (p.strip() for p in text.split(",")):
        side, sep, kind = part.partition("=")
        if not sep:
            if default is not None:
                raise ValueError(f"--bots names two kinds for the other sides ({default!r} and {part!r})")
            default = checked(part)
            continue
        side, kind = side.strip(), kind.strip()
        if side not in sides:
            raise ValueError(f"--bots: {game_name} has no side {side!r} at these player counts; "
                             f"sides: {', '.join(sides)}")
        if side in by_side:
            raise ValueError(f"--bots names side {side!r} twice")
        by_side[side] = checked(kind)
    return BotPlan(default or batch_kind(game_name), tuple(sorted(by_side.items())))
