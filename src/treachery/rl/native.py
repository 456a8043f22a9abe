"""Compiled observation encoders (optional): the encoder modules built with mypyc, for speed.

    treachery compile-encoders            # build them (needs the 'native' extra and a C compiler)
    treachery compile-encoders --status   # say whether this installation uses them

The encoders are plain typed Python; mypyc turns the same source into C extension modules that do the same
work in about half the time (PettingZoo steps of The Menace Among Us go from about 0.9 to about 1.2 times
tic-tac-toe's rate: bench/README.md). The build goes to ``<sys.prefix>/treachery-native/<python tag>/``,
never into the source tree, with a manifest of the hashes of the sources it was built from.
``treachery.rl.encoders`` uses the build only while every hash matches the sources beside it (and the
interpreter is the one that built it), so an edited encoder never runs stale: it runs as Python until it is
built again. ``TREACHERY_NATIVE=0`` in the environment turns the build off.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ENCODERS = Path(__file__).resolve().parent / "encoders"


def _compiled_modules() -> tuple[str, ...]:
    """The modules of treachery.rl.encoders that are compiled: the base and each registered game's own encoder
    (``encoders/<game>.py``, optional), found by the registry rather than listed by hand."""
    from ..engine import games

    return ("base", *(name for name in games() if (ENCODERS / f"{name}.py").is_file()))


MODULES = _compiled_modules()
MANIFEST = "manifest.json"


def build_dir() -> Path:
    return Path(sys.prefix) / "treachery-native" / sys.implementation.cache_tag


def source_hashes(sources: Path = ENCODERS) -> dict[str, str]:
    return {name: hashlib.sha256((sources / f"{name}.py").read_bytes()).hexdigest() for name in MODULES}


def usable_build(sources: Path = ENCODERS, build: Path | None = None) -> Path | None:
    """The build directory when it holds a build of exactly these sources, else None."""
    build = build_dir() if build is None else build
    if os.environ.get("TREACHERY_NATIVE", "1") == "0":
        return None
    try:
        manifest = json.loads((build / MANIFEST).read_text())
    except (OSError, ValueError):
        return None
    if manifest.get("sources") != source_hashes(sources) or manifest.get("python") != sys.version:
        return None  # built from other sources, or by another interpreter: the Python modules run instead
    return build


def activate(package_path: list[str]) -> bool:
    """Puts a usable build ahead of the sources on ``treachery.rl.encoders``' search path (call it before
    the package imports any compiled module). Returns whether it did."""
    build = usable_build()
    if build is None:
        return False
    library = str(build / "lib")  # mypyc's shared library, a top-level module
    if library not in sys.path:
        sys.path.append(library)
    package_path.insert(0, str(build / "encoders"))
    return True


def compiled() -> bool:
    """Whether the encoders running in this process are the compiled ones."""
    from .encoders import base

    return not (base.__file__ or "").endswith(".py")


def status() -> str:
    where = usable_build()
    if where is not None and compiled():
        return f"compiled encoders: in use ({where})"
    return ("compiled encoders: not in use, the encoders run as Python (build them with treachery "
            "compile-encoders)")


def build(force: bool = False) -> Path | None:
    """Compiles the encoder modules with mypyc into :func:`build_dir`, replacing an earlier build; returns the
    directory, or None when the build there is of these very sources already (and ``force`` is false)."""
    if not force and usable_build() is not None:
        return None
    try:
        import mypyc  # noqa: F401
        import setuptools  # noqa: F401
    except ModuleNotFoundError as missing:
        raise RuntimeError(f"building the compiled encoders needs the 'native' extra ({missing.name} is not "
                           "installed): pip install -e '.[native]'") from missing
    package = Path(__file__).resolve().parents[1]
    target = build_dir()
    hashes = source_hashes()
    with tempfile.TemporaryDirectory(prefix="treachery-native-") as work:
        # mypyc compiles in place, so it works on a copy of the package: the source tree stays clean.
        shutil.copytree(package, Path(work) / "treachery", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        files = [f"treachery/rl/encoders/{name}.py" for name in MODULES]
        done = subprocess.run([sys.executable, "-m", "mypyc", *files], cwd=work, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"mypyc failed:\n{done.stdout[-4000:]}{done.stderr[-4000:]}")
        if target.exists():
            shutil.rmtree(target)
        (target / "lib").mkdir(parents=True)
        (target / "encoders").mkdir()
        for library in Path(work).glob("*__mypyc*"):
            if library.is_file():
                shutil.copy2(library, target / "lib")
        for module in (Path(work) / "treachery" / "rl" / "encoders").iterdir():
            if module.suffix in (".so", ".pyd"):
                shutil.copy2(module, target / "encoders")
    if len(list((target / "encoders").iterdir())) != len(MODULES):
        raise RuntimeError(f"mypyc did not leave one extension module per encoder module in {target}")
    (target / MANIFEST).write_text(json.dumps({"sources": hashes, "python": sys.version}, indent=1) + "\n")
    return target
