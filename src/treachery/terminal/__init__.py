"""Terminal rendering with Rich: a seat's board, hand, log and decision menu; transcripts and report tables.

Everything shown for a seat comes from ``view(seat)`` and ``log_for(seat)``; nothing here reads game state.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..bots import Bot
from ..bots.base import answer_hold
from ..bots.seating import choose, needs_view
from ..engine import Decision, Game, Option, game_class
from ..engine.core import final_facts
from .explain import card_notes, end_roles, role_card


def seat_name(seat: int, game_name: str | None = None) -> str:
    """A seat as every game's texts name it: P1 for seat 0."""
    return game_class(game_name).seat_label(seat) if game_name else f"P{seat + 1}"


# ---- per-game renderers -----------------------------------------------------------------------------
# A game may ship ``terminal/<game>.py`` with ``board(view, width)``, ``hand(view)`` and
# ``option_label(view, option)``; a game without one is shown from its view's core (docs/engine.md).


def _renderer(game_name: str, what: str) -> Callable[..., Any] | None:
    try:
        module = importlib.import_module(f"{__name__}.{game_name}")
    except ModuleNotFoundError:
        return None
    return getattr(module, what, None)


def board(game_name: str, view: dict[str, Any], width: int = 80) -> RenderableType:
    render = _renderer(game_name, "board")
    return render(view, width) if render else core_board(game_name, view)  # type: ignore[no-any-return]


def hand(game_name: str, view: dict[str, Any]) -> RenderableType | None:
    render = _renderer(game_name, "hand")
    return render(view) if render else core_private(view)  # type: ignore[no-any-return]


def core_board(game_name: str, view: dict[str, Any]) -> RenderableType:
    """Any game's board from its view's core: the round as players name it, and each seat's state and badges."""
    core = view["core"]
    seats = Table(box=box.SIMPLE, show_header=False, padding=(0, 1))
    seats.add_column(style="bold")
    seats.add_column()
    seats.add_column()
    for entry in core["seats"]:
        seats.add_row(seat_name(entry["seat"], game_name) + (" (you)" if entry["seat"] == view.get("seat") else ""),
                      Text(entry["state"], style="" if entry["in"] else "dim red"), ", ".join(entry["badges"]))
    return Panel(seats, title=f"{game_class(game_name).title} · {core['time']['label']}", title_align="left")


def core_private(view: dict[str, Any]) -> RenderableType | None:
    """What only this seat knows, from its view's core (None for a spectator)."""
    private = view["core"]["private"]
    if not private:
        return None
    lines = Text()
    for fact in private:
        value = fact["value"]
        shown = ", ".join(map(str, value)) or "none" if isinstance(value, list) else str(value)
        lines.append(f"{fact['label']}: ", style="bold")
        lines.append(shown + "\n")
    lines.rstrip()
    return Panel(lines, title="Only you see this", title_align="left")


# ---- log, decisions, results -----------------------------------------------------------------------


def log_lines(events: Iterable[dict[str, Any]], rules: bool = False) -> RenderableType:
    """Events grouped by round; private lines (written to "you") stand out."""
    out: list[RenderableType] = []
    current = None
    for event in events:
        if event["round"] != current:
            current = event["round"]
            out.append(Rule(f"round {current}", style="dim", align="left"))
        text = Text(event["text"], style="green" if event["text"].startswith("You") else "")
        if rules and event.get("rules"):
            text.append(f"  [{', '.join(event['rules'])}]", style="dim")
        out.append(Padding(text, (0, 0, 0, 2), expand=False))
    return Group(*out)


def option_label(game_name: str, view: dict[str, Any], option: Option) -> str:
    render = _renderer(game_name, "option_label")
    return render(view, option) if render else str(option["label"])  # type: ignore[no-any-return]


def decision_menu(decision: Decision, labels: Sequence[str] | None = None,
                  game_name: str | None = None) -> RenderableType:
    table = Table.grid(padding=(0, 2))
    table.add_column(justify="right", style="bold cyan")
    table.add_column()
    for number, option in enumerate(decision.options, 1):
        label = Text(labels[number - 1] if labels else option["label"])
        if option["id"] == decision.default_id and len(decision.options) > 1:
            label.append("  (Enter)", style="dim")
        table.add_row(str(number), label)
    prompt = Text(f"{seat_name(decision.seat, game_name)}, your move: ", style="bold")
    prompt.append(decision.prompt)
    return Group(prompt, table)


def result_text(result: dict[str, Any] | None, seat: int | None = None, game_name: str | None = None) -> Text:
    if result is None:
        return Text("The game is not over.", style="yellow")
    winners = result.get("winners", [])
    text = Text()
    if seat is not None:
        won = seat in winners
        text.append("You won! " if won else "You lost. ", style="bold green" if won else "bold red")
    if result.get("summary"):
        text.append(f"{result['summary']}\n")
    said = ", ".join(seat_name(s, game_name) for s in winners) or "nobody"
    text.append(f"Winners: {said}. ", style="bold")
    text.append(f"Reason: {result.get('reason', '?')}.")
    return text


def result_panel(result: dict[str, Any] | None, seat: int | None = None, game_name: str | None = None) -> Group:
    """The end: you won or lost, why in a sentence, and every seat's role and side."""
    parts: list[RenderableType] = [result_text(result, seat, game_name)]
    roles = end_roles(result or {}, lambda s: seat_name(s, game_name))
    if roles is not None:
        parts.append(roles)
    return Group(*parts)


def transcript(console: Console, game: Game, seat: int | None, header: str, rules: bool = False) -> None:
    """A finished (or stopped) game as ``seat`` saw it, or the public log, then the result."""
    console.print(Text(header, style="bold"))
    console.print(log_lines(game.log_for(seat), rules=rules))
    console.print()
    text = result_text(game.result(), seat, game.name)
    if game.over:
        rounds, deaths = final_facts(game)
        text.append(f" Rounds: {rounds}. Out at the end: {deaths} of {game.players}.")
    console.print(text)
    roles = end_roles(game.result() or {}, lambda s: seat_name(s, game.name))
    if roles is not None:
        console.print(roles)


# ---- playing in the terminal --------------------------------------------------------------------------


class Quit(Exception):
    """The person at the keyboard left the game."""


def read_choice(console: Console, decision: Decision, read: Callable[[str], str] = input) -> Option:
    """Asks for an option number until one is valid. Enter takes the default; ``q`` raises Quit."""
    count = len(decision.options)
    default_number = next((i for i, o in enumerate(decision.options, 1) if o["id"] == decision.default_id), 1)
    while True:
        console.print(f"[bold]Choose 1-{count}[/] (Enter = {default_number}, q = quit): ", end="")
        try:
            answer = read("").strip().lower()
        except EOFError:
            console.print()
            raise Quit("input ended") from None
        if answer in ("q", "quit", "exit"):
            raise Quit("you quit")
        if answer == "":
            return decision.options[default_number - 1]
        if answer.isdigit() and 1 <= int(answer) <= count:
            return decision.options[int(answer) - 1]
        console.print(f"[red]{answer!r} is not a choice: type a number from 1 to {count}, or q to quit.[/]")


PICK_OVER = 12  # a decision with more options than this, split into parts by its game, is asked one part at a time


def _next_parts(decision: Decision, parts: dict[int, list[dict[str, str]]],
                chosen: list[dict[str, str]]) -> list[dict[str, str]]:
    """The distinct next parts of the options that fit ``chosen`` (as the web table's picker offers them)."""
    out: list[dict[str, str]] = []
    for option in decision.options:
        mine = parts[option["id"]]
        if len(mine) > len(chosen) and all((c["group"], c["value"]) == (p["group"], p["value"])
                                           for c, p in zip(chosen, mine, strict=False)):
            part = mine[len(chosen)]
            if all((part["group"], part["value"]) != (o["group"], o["value"]) for o in out):
                out.append(part)
    return out


def read_parts(console: Console, decision: Decision, parts: dict[int, list[dict[str, str]]],
               read: Callable[[str], str] = input) -> Option:
    """Asks a decision whose options are combinations one part at a time (Eat: the card to Play, then the card to
    Keep): each step a short numbered list, ``b`` goes back a step, Enter at the first step takes the default."""
    chosen: list[dict[str, str]] = []
    while True:
        for option in decision.options:  # complete: the chosen parts are all of one option's
            mine = parts[option["id"]]
            if len(mine) == len(chosen) and all((c["group"], c["value"]) == (p["group"], p["value"])
                                                for c, p in zip(chosen, mine, strict=True)):
                return option
        offered = _next_parts(decision, parts, chosen)
        table = Table.grid(padding=(0, 2))
        table.add_column(justify="right", style="bold cyan")
        table.add_column()
        group = None
        for number, part in enumerate(offered, 1):
            if part["group"] != group:
                group = part["group"]
                table.add_row("", Text(group, style="bold"))
            table.add_row(str(number), part["label"])
        if chosen:
            console.print(Text("So far: " + ", ".join(f"{c['group']} {c['label']}" for c in chosen), style="cyan"))
        console.print(table)
        extra = "b = back" if chosen else f"Enter = {decision.default['label']}"
        console.print(f"[bold]Choose 1-{len(offered)}[/] ({extra}, q = quit): ", end="")
        try:
            answer = read("").strip().lower()
        except EOFError:
            console.print()
            raise Quit("input ended") from None
        if answer in ("q", "quit", "exit"):
            raise Quit("you quit")
        if answer == "" and not chosen:
            return decision.default
        if answer == "b" and chosen:
            chosen.pop()
        elif answer.isdigit() and 1 <= int(answer) <= len(offered):
            chosen.append(offered[int(answer) - 1])
        else:
            console.print(f"[red]{answer!r} is not a choice: type a number from 1 to {len(offered)}"
                          f"{', b to go back' if chosen else ''}, or q to quit.[/]")


def play_in_terminal(
    console: Console,
    game: Game,
    seat: int,
    bots: Sequence[Bot],
    read: Callable[[str], str] = input,
) -> None:
    """Runs ``game`` with a person in ``seat`` and bots everywhere else, until it ends (or Quit is raised).

    Each time the person must decide they see the board and their hand from ``view(seat)``, what they saw
    happen since last time from ``log_for(seat)``, and the decision as a numbered menu; a decision with a
    single option is taken for them and said. When the person and bots decide at once (sealed choices),
    the person answers first, then the bots. A bot whose thinking time depends on its seat's secrets (a search)
    answers no sooner than its hold (:func:`treachery.bots.base.answer_hold`), so the wait tells nothing.
    """
    name = game.name
    wants_view = [needs_view(b) for b in bots]
    shown = 0
    console.print(Rule(f"{game.title} · {game.players} players · you are {seat_name(seat, name)}"))
    shown_card = None
    while not game.over:
        pending = game.pending()
        mine = [d for d in pending if d.seat == seat]
        if not mine:
            for decision in pending:
                asked = time.monotonic()
                option = choose(game, list(bots), wants_view, decision.seat, decision)
                hold = answer_hold(bots[decision.seat], decision, game.players)
                time.sleep(max(0.0, asked + hold - time.monotonic()))
                game.act(decision.seat, option)
            continue
        decision = mine[0]
        if len(decision.options) == 1:  # nothing to decide: say what happens and go on
            option = decision.options[0]
            game.act(seat, option, decision.id)
            console.print(Text(f"→ {option['label']} (your only choice)", style="cyan"))
            continue
        view = game.view(seat)
        log = game.log_for(seat)
        console.print()
        if len(log) > shown:
            console.print(Panel(log_lines(log[shown:]), title="What happened", title_align="left",
                                border_style="dim"))
            shown = len(log)
        console.print(board(name, view, console.width))
        card = game.role_card(seat)
        if card != shown_card:  # your role card, again whenever it changes (a Character chosen, your fate)
            shown_card = card
            panel = role_card(card)
            if panel is not None:
                console.print(panel)
        cards = hand(name, view)
        if cards is not None:
            console.print(cards)
        labels = [option_label(name, view, o) for o in decision.options]
        notes = card_notes(game, [*labels, *map(str, view.get("hand") or [])], decision)
        if notes is not None:
            console.print(notes)
        parts = game.option_parts(decision) if len(decision.options) > PICK_OVER else {}
        if parts:  # a long list of combinations: one part at a time
            prompt = Text(f"{seat_name(decision.seat, name)}, your move: ", style="bold")
            prompt.append(decision.prompt)
            console.print(prompt)
            option = read_parts(console, decision, parts, read)
        else:
            console.print(decision_menu(decision, labels, name))
            option = read_choice(console, decision, read)
        game.act(seat, option, decision.id)
        console.print(Text(f"→ {labels[decision.options.index(option)]}", style="bold cyan"))
    log = game.log_for(seat)
    console.print()
    if len(log) > shown:
        console.print(Panel(log_lines(log[shown:]), title="What happened", title_align="left",
                            border_style="dim"))
    console.print(board(name, game.view(seat), console.width))
    console.print(Panel(result_panel(game.result(), seat, name), title="Game over", title_align="left",
                        border_style="green" if seat in (game.result() or {}).get("winners", []) else "red"))


# ---- reports ----------------------------------------------------------------------------------------------


def simulation_table(summaries: dict[int, dict[str, Any]], title: str) -> RenderableType:
    """Outcomes per player count (a win rate and interval per side), then how the games ended."""
    sides: list[str] = []
    for s in summaries.values():
        sides += [side for side in s["sides"] if side not in sides]
    table = Table(title=title, box=box.SIMPLE_HEAVY, title_justify="left")
    for heading in ("players", "games", *(h for side in sides for h in (f"{side} win", "95% CI")), "winners", "rounds",
                    "seats out"):
        table.add_column(heading, justify="right", no_wrap=True)
    reasons: list[str] = []
    for s in summaries.values():
        reasons += [r for r in s["reasons"] if r not in reasons]
    ends = Table(title="How the games ended (share of games)", box=box.SIMPLE_HEAVY, title_justify="left")
    ends.add_column("players", justify="right", no_wrap=True)
    for reason in reasons:
        ends.add_column(reason, justify="right")
    for players, s in sorted(summaries.items()):
        cells = []
        for side in sides:
            rate = s["sides"].get(side)
            if rate is None:  # that side is not dealt at this player count
                cells += ["—", "—"]
                continue
            low, high = rate["win_ci95"]
            cells += [f"{rate['win_rate']:.1%}", f"{low:.1%}-{high:.1%}"]
        table.add_row(str(players), str(s["games"]), *cells, f"{s['mean_winners']:.2f}", f"{s['mean_rounds']:.2f}",
                      f"{s['mean_deaths']:.2f}")
        ends.add_row(str(players), *(f"{s['reasons'].get(r, 0) / s['games']:.1%}" for r in reasons))
    return Group(table, ends, shape_table(summaries))


def shape_table(summaries: dict[int, dict[str, Any]]) -> RenderableType:
    """The games' shape beside who won: how many rounds they lasted, and how often each of the game's key events
    happened (the share of games with at least one, and the mean count per game)."""
    lengths = Table(title="Rounds played (share of games ending in each round)", box=box.SIMPLE_HEAVY,
                    title_justify="left")
    lengths.add_column("players", justify="right", no_wrap=True)
    lengths.add_column("rounds")
    labels: list[str] = []
    for s in summaries.values():
        labels += [label for label in s.get("events", {}) if label not in labels]
    events = Table(title="Key events: share of games with one (mean per game)", box=box.SIMPLE_HEAVY,
                   title_justify="left")
    events.add_column("players", justify="right", no_wrap=True)
    for label in labels:
        events.add_column(label, justify="right")
    for players, s in sorted(summaries.items()):
        games = s["games"] or 1
        lengths.add_row(str(players), "  ".join(f"{r}: {n / games:.0%}" for r, n in s.get("rounds", {}).items()))
        cells = []
        for label in labels:
            stats = s["events"].get(label)
            cells.append("—" if stats is None else f"{stats['share']:.0%} ({stats['per_game']:.2f})")
        events.add_row(str(players), *cells)
    return Group(lengths, events) if labels else lengths


def _rate(value: float) -> str:
    if value >= 100_000:
        return f"{value / 1000:.0f}k"
    return f"{value / 1000:.1f}k" if value >= 10_000 else f"{value:,.0f}"


def bench_table(report: dict[str, Any]) -> Table:
    """One column per player count, one row per measurement; "÷ yard" rows divide by the yardstick steps/s
    measured alongside that player count."""
    yardstick = report.get("yardstick_steps_per_s")
    rows = report["rows"]
    table = Table(title=f"{report['game']}: random play on one core", box=box.SIMPLE_HEAVY, title_justify="left",
                  padding=(0, 1), pad_edge=False, collapse_padding=True)
    table.add_column("players", no_wrap=True, min_width=15)
    for row in rows:
        table.add_column(str(row["players"]), justify="right", no_wrap=True, min_width=6)

    def line(label: str, cell: Callable[[dict[str, Any]], str], style: str = "") -> None:
        table.add_row(Text(label, style=style), *(cell(r) for r in rows))

    def over_yard(key: str, digits: int = 3) -> Callable[[dict[str, Any]], str]:
        return lambda r: f"{r[key] / r['yardstick_steps_per_s']:.{digits}f}" if yardstick else "—"

    line("act dec/s", lambda r: _rate(r["act_decisions_per_s"]), "bold")
    line("  ÷ yard", over_yard("act_decisions_per_s"))
    line("act games/s", lambda r: _rate(r["act_games_per_s"]), "bold")
    line("  ÷ yard", over_yard("act_games_per_s", 4))
    line("act_fast dec/s", lambda r: _rate(r["fast_decisions_per_s"]), "bold")
    line("  ÷ yard", over_yard("fast_decisions_per_s"))
    line("  ÷ act", lambda r: f"{r['fast_decisions_per_s'] / r['act_decisions_per_s']:.2f}")
    line("clone+act dec/s", lambda r: _rate(r["clone_decisions_per_s"]), "bold")
    line("  ÷ yard", over_yard("clone_decisions_per_s"))
    line("  ÷ act", lambda r: f"{r['clone_decisions_per_s'] / r['act_decisions_per_s']:.2f}")
    line("view/s", lambda r: _rate(r["views_per_s"]), "bold")
    if yardstick:
        line("yardstick/s", lambda r: _rate(r["yardstick_steps_per_s"]), "dim")
    line("decisions/game", lambda r: f"{r['decisions_per_game']:.1f}")
    return table


def bench_comparison(report: dict[str, Any]) -> Table:
    """The compiled engine and the Python sources side by side (``run_side_by_side``): per player count, each
    path's rate over the yardstick measured in its own process, and compiled over Python."""
    compiled, python = report["sides"]["compiled"]["rows"], report["sides"]["python"]["rows"]
    table = Table(title=f"{report['game']}: compiled and Python, ÷ the yardstick of each run", box=box.SIMPLE_HEAVY,
                  title_justify="left", padding=(0, 1), pad_edge=False, collapse_padding=True)
    table.add_column("players", no_wrap=True, min_width=15)
    for row in compiled:
        table.add_column(str(row["players"]), justify="right", no_wrap=True, min_width=6)

    def ratio(row: dict[str, Any], key: str) -> float | None:
        yard = row.get("yardstick_steps_per_s")
        return row[key] / yard if yard else None

    for label, key in (("act", "act_decisions_per_s"), ("act_fast", "fast_decisions_per_s"),
                       ("clone+act", "clone_decisions_per_s"), ("view", "views_per_s")):
        for kind, rows in (("compiled", compiled), ("Python", python)):
            cells = [ratio(r, key) for r in rows]
            table.add_row(Text(f"{label} ÷ yard, {kind}", style="bold" if kind == "compiled" else ""),
                          *("—" if c is None else f"{c:.3f}" for c in cells))
        table.add_row(Text(f"  {label} compiled ÷ Python", style="dim"),
                      *(f"{c[key] / p[key]:.2f}" for c, p in zip(compiled, python, strict=True)))
    return table
