"""Options and decisions: what a seat may choose, as plain JSON-ready values."""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr


def _readonly(*args: Any, **kwargs: Any) -> None:
    raise TypeError("options are read-only")


@mypyc_attr(native_class=False)  # compiled (treachery.native) yet a plain dict subclass, its read-only methods aliases
class Option(dict):  # type: ignore[type-arg]
    """One legal choice: ``{'id': int, 'text': str, 'label': str}``.

    ``id`` is stable within its game's catalogue, ``text`` is a short form that parses back
    (``"action GA3"``), ``label`` is what people read. Options are shared from the catalogue,
    so they are read-only.
    """

    __slots__ = ()

    def __init__(self, id: int, text: str, label: str) -> None:
        super().__init__(id=id, text=text, label=label)

    __setitem__ = _readonly  # type: ignore[assignment]
    __delitem__ = _readonly  # type: ignore[assignment]
    update = _readonly  # type: ignore[assignment]
    pop = _readonly  # type: ignore[assignment]
    popitem = _readonly  # type: ignore[assignment]
    clear = _readonly  # type: ignore[assignment]
    setdefault = _readonly  # type: ignore[assignment]

    @property
    def id(self) -> int:
        return self["id"]  # type: ignore[no-any-return]

    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (Option, (self["id"], self["text"], self["label"]))

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(self["id"])


# Compiled as a native class: the rules build one per decision and read its fields often. serializable (with
# allow_interpreted_subclasses, which mypyc 2.4 needs to run __init__ then) keeps it picklable as part of a game.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Decision:
    """A choice pending for one seat.

    Several decisions pending at once are simultaneous: each seat answers in secret and they
    resolve together once all are in.
    """

    __slots__ = ("seat", "kind", "options", "ids", "id", "prompt", "default_id", "rules", "timeout_option")

    def __init__(
        self,
        seat: int,
        kind: str,
        options: tuple[Option, ...],
        id: int,
        prompt: str,
        default_id: int,
        rules: tuple[str, ...] = (),
        ids: tuple[int, ...] | None = None,
        timeout_option: Option | None = None,
    ) -> None:
        self.seat = seat
        self.kind = kind
        self.options = options
        self.ids = ids if ids is not None else tuple(o["id"] for o in options)
        self.id = id
        self.prompt = prompt
        self.default_id = default_id
        self.rules = rules
        # What a timeout does when the rules let only a timeout do it (an empty ballot where abstaining is not
        # a choice): the default, but not among the options a seat may pick.
        self.timeout_option = timeout_option

    @property
    def default(self) -> Option:
        """The option taken on timeout, as the game's rules declare (see ``timeout_only``)."""
        if self.timeout_option is not None:
            return self.timeout_option
        for option in self.options:
            if option["id"] == self.default_id:
                return option
        return self.options[0]

    @property
    def timeout_only(self) -> bool:
        """True when the default is what a timeout leaves, not an option the seat may choose."""
        return self.timeout_option is not None

    def to_dict(self) -> dict[str, Any]:
        """The decision as JSON: the one form every transport (server frames, agent documents, OpenSpiel) sends."""
        return {
            "id": self.id,
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [dict(o) for o in self.options],
            "default": self.default_id,
            "timeout_only": self.timeout_option is not None,
            "rules": list(self.rules),
        }

    def __repr__(self) -> str:
        return f"Decision(seat={self.seat}, kind={self.kind!r}, options={[o['text'] for o in self.options]})"
