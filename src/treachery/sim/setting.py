"""One setting of a batch: the game's options, start values and card data that its games are played with.

A setting travels to worker processes (and Ray workers) as data: the card file's text, not its path, so a
worker on another machine plays the same cards. Each worker writes that text once to a local file named by
its hash and hands the game that path (``card_file``), which is how the games load card data.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Setting:
    """``label`` tags results ("default", "start.target=20"); ``overrides`` are the (key, value) pairs that made
    it; ``card_text`` is a whole card file (None: the game's own); ``start`` goes to ``setup={"start": ...}``."""

    label: str = "default"
    overrides: tuple[tuple[str, Any], ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    start: dict[str, Any] = field(default_factory=dict)
    card_text: str | None = None
    card_source: str = "default"  # what to call the card data in reports: "default" or the user's file name

    def game_options(self) -> dict[str, Any]:
        """The options to start a game with, ``card_file`` pointing at this setting's card data if it has any."""
        if self.card_text is None:
            return dict(self.options)
        return {**self.options, "card_file": str(card_file_for(self.card_text))}

    def game_setup(self) -> dict[str, Any] | None:
        return {"start": dict(self.start)} if self.start else None


def card_file_for(text: str) -> Path:
    """A local file holding ``text``, named by its hash: written once per machine, then reused (and the games'
    card caches, keyed by path, stay valid because the same text always gets the same path)."""
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]
    folder = Path(tempfile.gettempdir()) / "treachery-cards"
    path = folder / f"{digest}.toml"
    if not path.is_file():
        folder.mkdir(parents=True, exist_ok=True)
        partial = folder / f"{digest}.{os.getpid()}.part"
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)  # atomic: a concurrent worker reads a whole file or writes the same bytes
    return path
