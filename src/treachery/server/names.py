"""Display names: one visible form per name, and a key under which names that look alike are the same name.

A name is what the others read next to every chat line and seat, so two seats must never look the same. Names
are normalised (NFKC folds compatibility forms such as fullwidth letters; invisible format characters such as a
zero-width space or a word joiner are removed; runs of spaces become one) and then compared by a *look-alike
key*: case folded, every character replaced by one representative of its set of confusable characters (Unicode's
confusables, via the confusable-homoglyphs package), so Latin "Ann", Cyrillic "Аnn" and "ANN" share one key.
"""

from __future__ import annotations

import functools
import unicodedata

from confusable_homoglyphs import confusables


def normalise(name: str) -> str:
    """The name as it is kept and shown: NFKC, no format characters (category Cf), single spaces, trimmed."""
    folded = unicodedata.normalize("NFKC", name)
    visible = "".join(c for c in folded if unicodedata.category(c) != "Cf")
    return " ".join(visible.split())


@functools.cache
def _representative(char: str) -> str:
    """One character standing for every character confusable with ``char`` (the smallest code point of the set)."""
    found = confusables.confusables_data.get(char)
    if not found:
        return char
    glyphs = [g["c"].strip("\u200e\u200f") for g in found]  # the data wraps right-to-left glyphs in marks
    return min([char, *(g for g in glyphs if len(g) == 1)])


def look_alike_key(name: str) -> str:
    """Equal for two names that a reader could take for each other (after ``normalise``)."""
    return "".join(_representative(c) for c in normalise(name).casefold()).casefold()
