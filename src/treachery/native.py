"""Compiled builds (optional): groups of treachery's own modules built with mypyc, for speed.

    treachery compile            # build every group: the engine and games, and the observation encoders
    treachery compile --status   # say which groups this installation uses
    treachery compile-encoders   # the encoders alone

The modules are plain typed Python; mypyc turns the same source into C extension modules that do the same work
faster. A group's build goes to ``<sys.prefix>/treachery-compiled/<python tag>/<group>/``, never into the source
tree, with a manifest of the hashes of the sources it was built from. Each package of a group calls
:func:`activate` first thing, which puts the build ahead of the sources on the package's search path only while
every hash matches the sources (and the interpreter is the one that built it): an edited module never runs stale,
the whole group runs as Python until it is built again. ``TREACHERY_NATIVE=0`` in the environment turns every
build off. Only the standard library is imported here: the engine imports this module before anything else.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent  # the treachery package
MANIFEST = "manifest.json"

# (the catalogue too: its option ids are Final, and the compiled rules read a compiled module's Finals as C statics,
# an interpreted module's as attribute lookups)
_GAME_MODULES = ("catalogue", "rules", "view", "bots", "sampler")
# The games shipped in the package (subpackages of treachery.games), found from the files: the engine imports
# this module before any game is registered.
_GAMES = sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").is_file())
# Each group is one mypyc build (one shared library): its modules, named relative to the treachery package.
# Encoders: the base and each game's own encoder (encoders/<game>.py, optional).
GROUPS: dict[str, tuple[str, ...]] = {
    "encoders": ("rl.encoders.base", *(f"rl.encoders.{game}" for game in _GAMES
                                       if (PACKAGE / "rl" / "encoders" / f"{game}.py").is_file())),
    "engine": ("engine.decision", "engine.derived", "engine.game", "engine.multiset", "engine.rng", "engine.words",
               *(f"games.{game}.{name}" for game in _GAMES for name in _GAME_MODULES
                 if (PACKAGE / "games" / game / f"{name}.py").is_file()),  # (the Menace's view is in its rules)
               "bots.base", "bots.playout", "search.ismcts"),
}


def build_root() -> Path:
    # (treachery-native/<tag>/ held the encoders' build alone, in an older layout; it is no longer read)
    return Path(sys.prefix) / "treachery-compiled" / sys.implementation.cache_tag


def build_dir(group: str = "encoders") -> Path:
    return build_root() / group


def _source(module: str, package: Path = PACKAGE) -> Path:
    return package.joinpath(*module.split(".")).with_suffix(".py")


def source_hashes(group: str = "encoders", package: Path = PACKAGE) -> dict[str, str]:
    return {module: hashlib.sha256(_source(module, package).read_bytes()).hexdigest() for module in GROUPS[group]}


def usable_build(group: str = "encoders", build: Path | None = None, package: Path = PACKAGE) -> Path | None:
    """The group's build directory when it holds a build of exactly these sources, else None."""
    build = build_dir(group) if build is None else build
    if os.environ.get("TREACHERY_NATIVE", "1") == "0":
        return None
    try:
        manifest = json.loads((build / MANIFEST).read_text())
        hashes = source_hashes(group, package)
    except (OSError, ValueError):
        return None
    if manifest.get("sources") != hashes or manifest.get("python") != sys.version:
        return None  # built from other sources, or by another interpreter: the Python modules run instead
    return build


def group_of(package_name: str) -> str | None:
    """The group compiling modules of the package ``treachery.<...>`` (None: no module of it is compiled)."""
    relative = package_name.partition(".")[2]
    for group, modules in GROUPS.items():
        if any(module.rpartition(".")[0] == relative for module in modules):
            return group
    return None


def activate(package_path: list[str], package_name: str) -> bool:
    """Puts a usable build of the package's group ahead of its sources on the package's search path (call it in
    the package's ``__init__`` before it imports any compiled module). Returns whether it did."""
    group = group_of(package_name)
    build = usable_build(group) if group is not None else None
    if build is None:
        return False
    library = str(build / "lib")  # mypyc's shared library, a top-level module
    if library not in sys.path:
        sys.path.append(library)
    package_path.insert(0, str(build.joinpath(*package_name.split(".")[1:])))
    return True


def compiled(group: str = "encoders") -> bool:
    """Whether the group's first module, as imported in this process, is the compiled one."""
    module = importlib.import_module(f"treachery.{GROUPS[group][0]}")
    return not (module.__file__ or "").endswith(".py")


def status(group: str = "encoders") -> str:
    where = usable_build(group)
    what = "compiled encoders" if group == "encoders" else f"compiled {group}"
    if where is not None and compiled(group):
        return f"{what}: in use ({where})"
    return f"{what}: not in use, the modules run as Python (build them with treachery compile)"


_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify
setup(name="treachery_native", script_args=["build_ext", "--inplace"],
      ext_modules=mypycify(["--ignore-missing-imports", *sys.argv[1:]], opt_level="2", debug_level="0",
                           multi_file=True))
"""


def build(group: str = "encoders", force: bool = False) -> Path | None:
    """Compiles the group's modules with mypyc into :func:`build_dir`, replacing an earlier build; returns the
    directory, or None when the build there is of these very sources already (and ``force`` is false)."""
    if not force and usable_build(group) is not None:
        return None
    for needed in ("mypyc", "setuptools"):
        if importlib.util.find_spec(needed) is None:
            raise RuntimeError(f"building compiled modules needs the 'native' extra ({needed} is not "
                               "installed): pip install -e '.[native]'")
    target = build_dir(group)
    modules = GROUPS[group]
    hashes = source_hashes(group)
    with tempfile.TemporaryDirectory(prefix="treachery-native-") as work:
        # mypyc compiles in place, so it works on a copy of the package: the source tree stays clean.
        shutil.copytree(PACKAGE, Path(work) / "treachery", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        files = [str(_source(module, Path("treachery"))) for module in modules]
        # one C file per module (multi_file) at -O2: the build takes minutes, not tens of minutes, on a busy machine
        done = subprocess.run([sys.executable, "-c", _SETUP, *files], cwd=work, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"mypyc failed:\n{done.stdout[-4000:]}{done.stderr[-4000:]}")
        if target.exists():
            shutil.rmtree(target)
        (target / "lib").mkdir(parents=True)
        for library in Path(work).glob("*__mypyc*"):
            if library.is_file():
                shutil.copy2(library, target / "lib")
        built = 0
        for module in modules:
            parts = module.split(".")
            where = Path(work, "treachery", *parts[:-1])
            for extension in where.glob(f"{parts[-1]}.*"):
                if extension.suffix in (".so", ".pyd"):
                    destination = target.joinpath(*parts[:-1])
                    destination.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(extension, destination)
                    built += 1
    if built != len(modules):
        raise RuntimeError(f"mypyc did not leave one extension module per module of {group} in {target}")
    (target / MANIFEST).write_text(json.dumps({"sources": hashes, "python": sys.version}, indent=1) + "\n")
    return target
