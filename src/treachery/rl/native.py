"""Compiled observation encoders (optional): the encoder modules built with mypyc, for speed.

    treachery compile-encoders            # build them (needs the 'native' extra and a C compiler)
    treachery compile-encoders --status   # say whether this installation uses them

The encoders are plain typed Python; mypyc turns the same source into C extension modules that do the same
work in about half the time (PettingZoo steps of The Menace Among Us go from about 0.9 to about 1.2 times
tic-tac-toe's rate: bench/README.md). They are the ``encoders`` group of :mod:`treachery.native`, which builds
every compiled group the same way (outside the source tree, with a manifest of the sources' hashes) and uses a
build only while every hash matches the sources beside it and the interpreter is the one that built it.
``TREACHERY_NATIVE=0`` in the environment turns the build off.
"""

from __future__ import annotations

from pathlib import Path

from .. import native as _native
from ..native import MANIFEST

GROUP = "encoders"
MODULES = tuple(module.rpartition(".")[2] for module in _native.GROUPS[GROUP])  # the encoder modules compiled
ENCODERS = Path(__file__).resolve().parent / "encoders"

__all__ = ["ENCODERS", "MANIFEST", "MODULES", "activate", "build", "build_dir", "compiled", "source_hashes",
           "status", "usable_build"]


def build_dir() -> Path:
    return _native.build_dir(GROUP)


def source_hashes(sources: Path = ENCODERS) -> dict[str, str]:
    return _native.source_hashes(GROUP, sources.parents[1])


def usable_build(sources: Path = ENCODERS, build: Path | None = None) -> Path | None:
    """The build directory when it holds a build of exactly these sources, else None."""
    return _native.usable_build(GROUP, build, sources.parents[1])


def activate(package_path: list[str]) -> bool:
    """Puts a usable build ahead of the sources on ``treachery.rl.encoders``' search path."""
    return _native.activate(package_path, "treachery.rl.encoders")


def compiled() -> bool:
    """Whether the encoders running in this process are the compiled ones."""
    return _native.compiled(GROUP)


def status() -> str:
    return _native.status(GROUP)


def build(force: bool = False) -> Path | None:
    return _native.build(GROUP, force)
