"""The games: each package registers itself with the engine when first used."""

from ..engine import add_loader


def _load_killer() -> None:
    from . import killer  # noqa: F401


def register_all() -> None:
    add_loader("killer", _load_killer)
