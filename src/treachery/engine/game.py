"""The game-agnostic core: the checked act() ladder, pending decisions, the per-seat log and records.

A game subclasses ``Game`` and fills in its flow. The base class owns what every game shares:
validating an answer before anything changes, sealing simultaneous answers until all are in,
filtering the event log per seat, and keeping the record that replays the game.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from .decision import Decision, Option
from .errors import IllegalAction
from .options import GameOption
from .rng import Rng
from .targets import option_targets
from .texts import card_texts, declared_texts, end_summary, option_labels, option_parts, role_card, unavailable

TIMEOUT: Final = "timeout"  # marks a recorded answer that a timeout gave: [seat, option_id, "timeout"]

# An event: (audience, round, text, rule ids). audience None = everyone, else the one seat that may see it.
Event = tuple[int | None, int, str, tuple[str, ...]]


def default_chat_channels(seat: int | None, over: bool = False) -> list[dict[str, Any]]:
    """One table for the seats (spectators read it) and the spectators' own channel, which seats read at the end."""
    return [{"id": "table", "label": "Table", "read": True, "write": seat is not None},
            {"id": "spectators", "label": "Spectators", "read": seat is None or over, "write": seat is None}]


# ``wanted in values`` for the rules' lists and the decisions' tuples of ints: compiled, a loop over native ints,
# where ``in`` compares boxed objects one by one (300-700 instructions a test).
def holds(values: list[int], wanted: int) -> bool:
    for value in values:
        if value == wanted:
            return True
    return False


def among(ids: tuple[int, ...], wanted: int) -> bool:
    for option_id in ids:
        if option_id == wanted:
            return True
    return False


# Compiled (treachery.native) as a native class: fields are slots, so a game's rules read their state without a
# dictionary lookup. A game that is not compiled (a test's, a fifth game's) may still subclass it; serializable lets
# ``Cls.__new__(Cls)`` make the blank copy ``_copy_state`` fills, and lets games pickle.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Game:
    """One running game. Subclasses implement ``_resolve``, ``view`` and ``_copy_state``."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    catalogue: ClassVar[tuple[Option, ...]] = ()
    decision_seconds: ClassVar[int | None] = None  # the table's default time per decision, if the rules set one
    declared_options: ClassVar[tuple[GameOption, ...]] = ()  # what a table may set; the engine checks them once
    # Decision kinds that are pass-or-play response windows: a table may pass them for a seat that asked it to
    # when passing is all that seat can do (a one-option decision of another kind is answered for it anyway).
    response_kinds: ClassVar[tuple[str, ...]] = ()
    # What the balance lab counts in a game (trials, ejections, deaths ...): a player-facing name -> the rule IDs
    # that mark one occurrence in the public log (each occurrence logs exactly one public event carrying one of
    # them, and no other event carries any).
    key_events: ClassVar[dict[str, tuple[str, ...]]] = {}
    # The top-level view keys ``_lean_view`` builds, each as ``_view`` has it, without the rest of the view: a
    # reader that reads only some of these (a bot's ``view_keys``) gets them alone. Empty: whole views only.
    lean_view_keys: ClassVar[frozenset[str]] = frozenset()

    # Per-game instance state shared by every game.
    players: int
    seed: int
    options: dict[str, Any]
    setup: dict[str, Any] | None
    # The catalogue this game plays with: the class's ``catalogue``, or the one a card file's own labels give.
    catalogue_in_use: tuple[Option, ...]
    over: bool
    _pending: list[Decision]
    _sealed: dict[int, int]
    _log: list[Event]
    _actions: list[tuple[int, int] | tuple[int, int, str]]
    _decision_counts: list[int]  # decisions asked of each seat so far (see _next_decision_id)
    _result: dict[str, Any] | None
    _summary_cache: dict[str, Any] | None  # the end's texts for players (end_summary): worked out when first asked

    @classmethod
    def action_count(cls) -> int:
        return len(cls.catalogue)

    @classmethod
    def seat_label(cls, seat: int) -> str:
        """A seat as the game's own texts name it: P1 for seat 0 unless the game numbers seats otherwise."""
        return f"P{seat + 1}"

    def option(self, key: str) -> Any:
        """The value of a declared option for this game: as given, else its declared default."""
        if key in self.options:
            return self.options[key]
        for declared in self.declared_options:
            if declared.key == key:
                return declared.default
        raise KeyError(f"{self.name} declares no option {key!r}")

    @classmethod
    def guide(cls) -> str:
        """The player guide (Markdown): the ``guide.md`` beside the game's rules, else a page from its facts."""
        from .guide import guide_markdown

        return guide_markdown(cls)

    @classmethod
    def texts(cls) -> dict[str, Any]:
        """What the game declares for its players (roles, sides, goals) in ``texts.toml``: public, like the rules."""
        return copy.deepcopy(declared_texts(cls))

    def card_texts(self) -> list[dict[str, str]]:
        """Every card and ability of this game's card set, ``[{"name", "kind", "text"}]``: the card reference."""
        return card_texts(self)

    def role_card(self, seat: int, view: dict[str, Any] | None = None) -> dict[str, Any] | None:
        """Who ``seat`` is, how it and its side win, what it can do: built only from what that seat knows
        (``view``: ``self.view(seat)`` when the caller has built it already)."""
        return role_card(self, seat, view)

    def option_labels(self, decision: Decision) -> dict[int, str]:
        """``{option_id: label}`` for the options of ``decision`` that this moment words better than the catalogue
        label (which is fixed per game): a Restriction names the card it would cancel. Public to the deciding seat."""
        return option_labels(self, decision)

    def option_parts(self, decision: Decision) -> dict[int, list[dict[str, str]]]:
        """``{option_id: [{"group", "value", "label"}, ...]}`` where ``decision``'s options are combinations (a card
        to Play and one to Keep, a card then its target): each option as its ordered parts, for a picker that asks
        one part at a time. Empty (a flat list) unless the game declares parts and some option has more than one.
        Every option then has parts and no option's parts begin another's; built from the deciding seat's knowledge
        only, so the parts say nothing the options do not."""
        return option_parts(self, decision)

    def option_targets(self, decision: Decision) -> dict[int, dict[str, str]]:
        """``{option_id: {"kind", "value"}}`` for ``decision``'s options that name one board element (a seat, a card
        in hand, a Hunting Row slot, a location), so a table can take a click on it as that option. Only offered
        options, no element named twice; built from the options alone (engine/targets.py)."""
        return option_targets(self, decision)

    def unavailable(self, decision: Decision) -> list[dict[str, str]]:
        """Moves a player may look for in ``decision`` but cannot take now, each ``{"label", "why"}``: the table
        says why instead of leaving them out silently. Only what the deciding seat already knows."""
        return unavailable(self, decision)

    def _init_base(self, players: int, seed: int, options: dict[str, Any], setup: dict[str, Any] | None) -> None:
        self.players = players
        self.seed = seed
        self.options = options
        self.setup = setup
        self.catalogue_in_use = self.catalogue
        self.over = False
        self._pending = []
        self._sealed = {}
        self._log = []
        self._actions = []
        self._decision_counts = [0] * players
        self._result = None
        self._summary_cache = None

    # ---- public API -----------------------------------------------------------------------------

    def pending(self) -> list[Decision]:
        """Decisions waiting for an answer; several at once are simultaneous. Empty exactly when over."""
        if not self._sealed:
            return self._pending[:]  # (compiled, a slice copies directly; list() takes the sequence protocol)
        return [d for d in self._pending if d.seat not in self._sealed]

    def pending_for(self, seat: int) -> list[Decision]:
        """The decisions waiting for ``seat``: all that seat may be shown of what is pending.

        ``pending()`` is the whole table's list; within a simultaneous group it drops the seats that have
        answered, so it must not be shown to players.
        """
        if seat in self._sealed:
            return []
        return [d for d in self._pending if d.seat == seat]

    @property
    def state_version(self) -> int:
        """How many answers have been applied to the state. A sealed answer waits (nothing changes until the
        last of its group is in), so while this number stays the same the state does too: anything derived
        from the state alone may be kept and keyed on it."""
        return len(self._actions) - len(self._sealed)

    def act(self, seat: Any, option: Any, decision_id: Any = None) -> None:
        """Answer the decision pending for ``seat``; anything illegal raises IllegalAction and changes nothing.

        ``option`` may be an Option, its integer id or its text form. ``decision_id``, when given,
        must name the decision currently pending for that seat (a server uses it to drop stale answers).
        (``seat`` and ``decision_id`` are typed Any: they are checked here, and compiled code would refuse a
        wrong type with a TypeError before the check could say what is wrong.)
        """
        if type(option) is Option and type(seat) is int and decision_id is None and not self.over:
            # The usual answer, an offered option for the seat's own decision, taken without the checked path's
            # steps; anything else goes on to them, which word every refusal (nothing has changed by then). The
            # option is found among the decision's own by identity: that proves it offered and gives its id in one
            # walk, without reading the option's fields.
            for decision in self._pending:
                if decision.seat == seat:
                    if not self._sealed or seat not in self._sealed:
                        offered = decision.options
                        for index in range(len(offered)):
                            if offered[index] is option:
                                self._commit(decision, decision.ids[index])
                                return
                    break
        option_id = self._option_id(option)
        decision = self._checked_decision(seat, decision_id)
        if not among(decision.ids, option_id):
            allowed = [o["text"] for o in decision.options]
            raise IllegalAction(
                "illegal",
                f"{self.catalogue_in_use[option_id]['text']!r} is not allowed for seat {seat} now "
                f"({decision.kind}); allowed: {', '.join(allowed)}",
                allowed,
            )
        self._commit(decision, option_id)

    def timeout(self, seat: Any, decision_id: Any = None) -> None:
        """The seat's time ran out: its pending decision takes the default the rules declare.

        This is the only way to a timeout-only default (``Decision.timeout_only``), which ``act`` refuses.
        """
        decision = self._checked_decision(seat, decision_id)
        self._commit(decision, decision.default_id, timed_out=True)

    def _checked_decision(self, seat: Any, decision_id: Any) -> Decision:
        decision = self._decision_for(seat)
        if decision_id is not None and decision_id != decision.id:
            raise IllegalAction(
                "stale", f"decision {decision_id} is no longer pending; seat {seat} now answers decision {decision.id}"
            )
        return decision

    def act_fast(self, seat: int, option_id: int) -> None:
        """Unchecked path for simulation: the caller promises ``option_id`` came from ``pending()`` for ``seat``."""
        for decision in self._pending:
            if decision.seat == seat:
                self._commit(decision, option_id)
                return
        raise IllegalAction("not_your_turn", f"seat {seat} has no decision pending")

    def result(self) -> dict[str, Any] | None:
        """``{'winners': [...], 'sides': {seat: side}, 'reason': str, 'summary': str, 'roles': {seat: str}}`` once
        the game is over, else None. ``reason`` is a stable machine word; ``summary`` says in player words why the
        game ended, and ``roles`` each seat's role as the end reveals it (for games that declare texts)."""
        if self._result is None:
            return None
        summary = self._summary_cache
        if summary is None:
            # Worked out once, when first asked (a simulation never asks); a view the summary builds meanwhile
            # sees the result without it, as the summary is being written.
            self._summary_cache = {}
            try:
                summary = self._summary_cache = end_summary(self)
            except BaseException:
                self._summary_cache = None  # not kept as an empty summary: the next call tries again
                raise
        return copy.deepcopy({**self._result, **summary})

    def winners(self) -> list[int]:
        """The winning seats, sorted, once the game is over (else empty): ``result()["winners"]`` without copying
        the whole result, for loops that only ask who won (simulation, search rollouts)."""
        return list(self._result["winners"]) if self._result is not None else []

    def outcome(self) -> tuple[list[int], dict[int, str], str] | None:
        """``(winners, sides, reason)`` of ``result()`` once the game is over, else None: the statistics' part of
        the result, copied without its texts."""
        result = self._result
        if result is None:
            return None
        return list(result["winners"]), dict(result["sides"]), result["reason"]

    def log_for(self, seat: int | None) -> list[dict[str, Any]]:
        """The events ``seat`` saw (None: the public log), each with a human text and its rule ids."""
        return [
            {"round": rnd, "text": text, "rules": list(rules)}
            for audience, rnd, text, rules in self._log
            if audience is None or audience == seat
        ]

    def log_since(self, seat: int | None, position: int = 0) -> tuple[list[dict[str, Any]], int]:
        """The events ``seat`` may see among those logged since ``position``, and the position to pass next time.

        ``position`` counts every event of the game, seen or not, so a server can send each seat only what is
        new without filtering the whole log again; start from 0.
        """
        log = self._log
        events = [
            {"round": rnd, "text": text, "rules": list(rules)}
            for audience, rnd, text, rules in log[position:]
            if audience is None or audience == seat
        ]
        return events, len(log)

    def record(self) -> dict[str, Any]:
        """The JSON game record that ``treachery.replay`` turns back into this exact game."""
        return {
            "game": self.name,
            "players": self.players,
            "seed": self.seed,
            "options": copy.deepcopy(self.options),
            "setup": copy.deepcopy(self.setup),
            "actions": [list(a) for a in self._actions],
        }

    def clone(self) -> Game:
        """An independent copy: acting on it never touches this game."""
        other = self._copy_state()
        other.players = self.players
        other.seed = self.seed
        other.options = self.options
        other.setup = self.setup
        other.catalogue_in_use = self.catalogue_in_use
        other.over = self.over
        other._pending = self._pending  # decisions are never mutated, only replaced
        other._sealed = dict(self._sealed)
        other._log = self._log[:]
        other._actions = self._actions[:]
        other._decision_counts = self._decision_counts[:]
        other._result = self._result
        other._summary_cache = self._summary_cache
        return other

    def view(self, seat: Any, core: bool = True, keys: frozenset[str] | None = None) -> dict[str, Any]:
        """Everything ``seat`` may know (None: the spectator view), JSON-ready, with the public-view core under
        ``"core"`` (``treachery.engine.core``): what every shared layer reads. A bad seat raises ValueError.
        ``core=False`` leaves the core out, for a reader that never looks at it (a bot that declares
        ``reads_core = False``): it costs about as much as the rest of the view. ``keys``: the only top-level keys
        the reader reads (a bot's ``view_keys``); a game that can build just those leaves the rest out, and the
        core too. (``seat`` is typed Any: checked here, see act.)"""
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
            raise ValueError(f"seat must be None or 0..{self.players - 1}, got {seat!r}")
        if keys is not None:
            part = self._view_keys(seat, keys)
            if part is not None:
                return part
        view = self._view(seat)
        if core:
            view["core"] = self._core(seat, view)
        return view

    def event_counts(self) -> dict[str, int]:
        """How often each of the game's ``key_events`` happened so far, counted in the public log: what the
        lab reports as a game's shape beside who won."""
        labels_of: dict[str, list[str]] = {}  # rule id -> the labels it marks (a string's hash is kept in it)
        for label, marks in self.key_events.items():
            for mark in marks:
                labels_of.setdefault(mark, []).append(label)
        counts = dict.fromkeys(self.key_events, 0)
        for audience, _, _, rules in self._log:
            if audience is None:
                found: list[str] | None = None
                for rule in rules:
                    labels = labels_of.get(rule)
                    if labels is not None:  # (an event citing two marks of one label is still one occurrence)
                        found = labels if found is None else found + [x for x in labels if x not in found]
                if found is not None:
                    for label in found:
                        counts[label] += 1
        return counts

    def roles(self) -> list[str]:
        """Each seat's role as dealt (read it before the first action): for harnesses and statistics only, never
        shown to a seat. By default every seat is the game's only role."""
        return [self.name] * self.players

    def determinized(self, seat: int, seed: int) -> Game:
        """A complete game consistent with everything ``seat`` has been shown, its hidden parts (other seats'
        roles and hands, deck orders, sealed answers) drawn at random from ``seed`` among what that seat
        cannot rule out. The sample gives ``seat`` the same view, log and options as this game, and depends
        only on what the seat knows: two games that look the same to the seat give the same sample for the
        same seed. Search bots plan over these samples. Games without a sampler raise NotImplementedError."""
        raise NotImplementedError(f"{self.name} has no sampler")

    def sampler(self, seat: Any) -> Callable[[int], Game]:
        """``determinized(seat, seed)`` as a function of the seed, for drawing many samples of this one position
        (a search does): each sample is the one ``determinized`` gives for that seed. Use it only while this game
        does not change; a game may work out what the seat knows once for all of them. A bad seat raises
        ValueError here or at the first draw."""
        return lambda seed: self.determinized(seat, seed)

    def chat_channels(self, seat: int | None) -> list[dict[str, Any]]:
        """Table talk: the channels ``seat`` (None: a spectator) may read and write now, each
        ``{"id", "label", "read", "write"}``. By default every seat talks at one table that spectators read, and
        spectators talk among themselves; games whose rules part the talk (the living and the dead) override it."""
        return default_chat_channels(seat, self.over)

    def claim_menu(self) -> list[dict[str, Any]]:
        """Structured table talk: the claims a seat may make, as a menu a client renders without knowing the game.

        Each entry is ``{"kind", "label", "fields": [...]}``; a field is ``{"name", "label", "seat": True}`` (another
        seat's number) or ``{"name", "label", "choices": [[value, label], ...]}``. Empty (the default): the game has
        no structured claims, only free chat. ``claim_text`` checks a claim against this menu and words it."""
        return []

    def claim_text(self, seat: int, claim: dict[str, Any], name_of: Callable[[int], str]) -> str:
        """The words of ``seat``'s claim, as every client shows them (``name_of`` names a seat for people); a claim
        the menu does not allow raises ValueError naming what is wrong."""
        raise ValueError(f"{self.title or self.name} has no structured claims; talk freely instead")

    def parse_option(self, text: str) -> Option:
        """The catalogue option whose text form is ``text`` (case-insensitive)."""
        wanted = " ".join(text.lower().split())
        for option in self.catalogue_in_use:
            if option["text"].lower() == wanted:
                return option
        raise IllegalAction("malformed", f"{text!r} is not an option of {self.name}")

    # ---- for subclasses ---------------------------------------------------------------------------

    def _resolve(self, answers: dict[int, int]) -> None:
        """Apply the answers (seat -> option id) to every pending decision, then run on to the next ones."""
        raise NotImplementedError

    def _resolve_one(self, decision: Decision, option_id: int) -> None:
        """Apply the answer to the only pending decision; games may override this hot path."""
        self._resolve({decision.seat: option_id})

    def _redraw_sealed(self, answers: dict[int, int], keep: int, rng: Rng) -> None:
        """For a sample (``determinized``): the sealed answers of the seats in ``answers`` — ``keep``'s own as it
        was, every other seat's drawn anew among the options its pending decision now offers."""
        sealed = {}
        for seat in sorted(answers):
            if seat == keep:
                sealed[seat] = answers[seat]
                continue
            decision = next(d for d in self._pending if d.seat == seat)
            sealed[seat] = decision.ids[rng.below(len(decision.ids))]
        self._sealed = sealed

    def _copy_state(self) -> Game:
        raise NotImplementedError

    def _view(self, seat: int | None) -> dict[str, Any]:
        """The game's own view for a checked ``seat``: built from what that seat may see, never trimmed."""
        raise NotImplementedError

    def _view_keys(self, seat: int | None, keys: frozenset[str]) -> dict[str, Any] | None:
        """For a checked ``seat``: the game's own view reduced to ``keys`` (those it holds), each value as the whole
        view has it, built without the rest; None: a whole view is built instead. By default: ``_lean_view``
        reduced to ``keys`` when they are among ``lean_view_keys``."""
        lean = self.lean_view_keys
        if not lean or not keys <= lean:
            return None
        view = self._lean_view(seat)
        # (all of them is what a heuristic bot asks for: nothing to take out)
        return view if keys == lean else {key: value for key, value in view.items() if key in keys}

    def _lean_view(self, seat: int | None) -> dict[str, Any]:
        """Every key of ``lean_view_keys`` that the whole view of ``seat`` has, built as ``_view`` builds it."""
        raise NotImplementedError

    def _round_and_out(self) -> tuple[int, int] | None:
        """What ``engine.core.final_facts`` reads from the public core (its round, and how many seats are not in),
        read from the state where a game can say it as its core would; None: built from the core itself."""
        return None

    def _core(self, seat: int | None, view: dict[str, Any]) -> dict[str, Any]:
        """The public-view core (``treachery.engine.core.view_core``), built from ``view``, the game's own view
        for the same seat, so it can say nothing that view does not."""
        raise NotImplementedError

    def _ask(self, decisions: list[Decision]) -> None:
        self._pending = decisions

    def _new_decision(
        self,
        seat: int,
        kind: str,
        option_ids: list[int],
        prompt: str,
        default_id: int | None = None,
        rules: tuple[str, ...] = (),
    ) -> Decision:
        ids = tuple(option_ids)
        catalogue = self.catalogue_in_use
        default = ids[0] if default_id is None else default_id
        counts = self._decision_counts  # (_next_decision_id inlined: this runs for every decision of a game)
        counts[seat] += 1
        return Decision(
            seat,
            kind,
            (catalogue[ids[0]],) if len(ids) == 1 else tuple([catalogue[i] for i in ids]),  # (compiled: a C loop)
            counts[seat] * self.players + seat,
            prompt,
            default,
            rules,
            ids,
            None if among(ids, default) else catalogue[default],  # a timeout-only default
        )

    def _next_decision_id(self, seat: int) -> int:
        """The id of a new decision for ``seat``: its k-th is ``k * players + seat``. Ids are unique at the table,
        yet each seat's own run of them counts only its own decisions: a seat is shown its decisions' ids, and a
        table-wide count would tell it how many decisions others were asked in between (an ability begun and
        taken back, say), which the rules keep hidden."""
        counts = self._decision_counts
        counts[seat] += 1
        return counts[seat] * self.players + seat

    def _reissue_id(self, decision: Decision) -> None:
        """For a sample (``determinized``) asking ``decision`` again: the next decision of its seat takes its id."""
        self._decision_counts[decision.seat] = decision.id // self.players - 1

    def _event(self, round_no: int, text: str, rules: tuple[str, ...], audience: int | None = None) -> None:
        self._log.append((audience, round_no, text, rules))

    def _finish(self, winners: list[int], sides: dict[int, str], reason: str) -> None:
        self.over = True
        self._pending = []
        self._sealed = {}
        self._result = {"winners": sorted(winners), "sides": dict(sides), "reason": reason}
        # result() adds the player-facing sentence and every seat's role as the end reveals it (reason stays the
        # machine word) when first asked: a simulation or a search rollout never reads them.

    # ---- internals --------------------------------------------------------------------------------

    def _option_id(self, option: Any) -> int:
        if type(option) is int and 0 <= option < len(self.catalogue_in_use):
            return option
        if type(option) is Option:
            return option["id"]  # type: ignore[no-any-return]
        if isinstance(option, bool):
            raise IllegalAction("malformed", f"{option!r} is not an option: give an option, its id or its text")
        if isinstance(option, int):
            option_id = option
        elif isinstance(option, dict):
            given = option.get("id")
            if not isinstance(given, int) or isinstance(given, bool):
                raise IllegalAction("malformed", "an option must carry an integer 'id'")
            option_id = given
        elif isinstance(option, str):
            option_id = self.parse_option(option)["id"]
        else:
            raise IllegalAction(
                "malformed", f"{type(option).__name__} is not an option: give an option, its id or its text"
            )
        if not 0 <= option_id < len(self.catalogue_in_use):
            raise IllegalAction(
                "malformed",
                f"option id {option_id} is outside {self.name}'s catalogue (0..{len(self.catalogue_in_use) - 1})",
            )
        return option_id

    def _decision_for(self, seat: Any) -> Decision:
        if self.over:
            raise IllegalAction("game_over", "the game is over; no action is allowed")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction("malformed", f"seat must be an integer from 0 to {self.players - 1}, got {seat!r}")
        for decision in self._pending:
            if decision.seat == seat:
                if seat in self._sealed:
                    raise IllegalAction("not_your_turn", f"seat {seat} has already answered; waiting for the others")
                return decision
        waiting = sorted({d.seat for d in self._pending})  # a simultaneous group whole: who answered stays unseen
        raise IllegalAction("not_your_turn", f"seat {seat} may not act now: waiting for seat(s) {waiting}")

    def _commit(self, decision: Decision, option_id: int, timed_out: bool = False) -> None:
        self._actions.append((decision.seat, option_id, TIMEOUT) if timed_out else (decision.seat, option_id))
        if len(self._pending) == 1:
            self._resolve_one(decision, option_id)
            return
        self._sealed[decision.seat] = option_id
        if len(self._sealed) == len(self._pending):
            answers = self._sealed
            self._sealed = {}
            self._resolve(answers)
