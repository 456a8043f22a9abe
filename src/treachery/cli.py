"""The ``treachery`` command: play in the terminal, replay a record, simulate bot games, bench the engine, seat an
AI agent program, serve games online."""

from __future__ import annotations

import importlib.util
import json
import secrets
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table
from typer.core import TyperGroup

from . import GameConfigError, games, new_game, replay_record
from .bots.seating import available_kinds, parse_bot_plan
from .engine import game_class
from .engine.options import check_options
from .sim import GameFailed, parse_player_range, play_out, resolve_bot_kind, seat_bots
from .sim.overrides import build_settings
from .sim.runner import BatchResult, Job, run_batch
from .terminal import Quit, bench_table, play_in_terminal, seat_name, simulation_table, transcript


class _OneLineErrors(TyperGroup):
    """Usage errors (an unknown flag, a value of the wrong type) as one line on stderr, not a boxed panel."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,  # type: ignore[override]
             complete_var: str | None = None, standalone_mode: bool = True, **extra: Any) -> Any:
        from typer._click.exceptions import ClickException, NoArgsIsHelpError  # typer 0.29 vendors click

        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except NoArgsIsHelpError as error:
            error.show()
            code = 0
        except ClickException as error:
            where = f"{error.ctx.command_path}: " if getattr(error, "ctx", None) else ""  # type: ignore[attr-defined]
            print(f"error: {where}{error.format_message()}", file=sys.stderr)
            code = error.exit_code
        if standalone_mode:
            sys.exit(code if isinstance(code, int) else 0)
        return code


app = typer.Typer(
    cls=_OneLineErrors,
    help="treachery: hidden-role party card games in the terminal, in simulation and on the bench.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _fail(message: str, code: int = 2) -> NoReturn:
    print(f"error: {message}", file=sys.stderr)
    raise typer.Exit(code)


@contextmanager
def _user_errors() -> Iterator[None]:
    """A bad game name, player count, range, seat or option ends the command with one line, not a traceback."""
    try:
        yield
    except (GameConfigError, ValueError) as error:
        _fail(str(error))


def parse_options(pairs: list[str] | None, game_name: str | None = None) -> dict[str, Any]:
    """``["variant=\"long\"", "rounds=3"]`` -> a game options dict; a value that is not JSON stays a string.

    With ``game_name`` the options are checked against that game's declared options (the engine's own check), so
    a bad ``--option`` is refused with one line naming the key and what is allowed, before anything runs."""
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--option takes key=value, got {pair!r}")
        try:
            options[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            options[key.strip()] = value
    if game_name is not None:
        try:
            options = check_options(game_name, game_class(game_name).declared_options, options)
        except GameConfigError as error:
            raise GameConfigError(f"--option: {error}") from None
    return options


def _console() -> Console:
    # Written to a file or a pipe, tables get room for a column per side instead of Rich's default 80.
    return Console(highlight=False, width=None if sys.stdout.isatty() else 132)


def _write_record(path: Path, record: dict[str, Any], console: Console) -> None:
    try:
        path.write_text(json.dumps(record, indent=1) + "\n")
    except OSError as error:
        _fail(f"cannot write the record to {path}: {error.strerror}", 1)
    console.print(f"Record written to {path} (replay it with: treachery replay {path})")


GameArg = Annotated[str, typer.Argument(help="Which game: " + ", ".join(games()) + ".")]
OptionsOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-o", help="A game option as key=value (repeatable); the value is read as JSON when it parses.")]
BotsOpt = Annotated[str | None, typer.Option("--bots", help="Bot kind: random, heuristic, best, ... "
                                             "[default: best where the game has it, else random].")]


@app.command()
def play(
    game_name: GameArg = "killer",
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")] = 5,
    seat: Annotated[int, typer.Option("--seat", help="Your seat, 0-based (seat 0 is P1).")] = 0,
    seed: Annotated[int | None, typer.Option("--seed", help="Game seed [default: random].")] = None,
    bots: BotsOpt = None,
    record: Annotated[Path | None, typer.Option("--record", help="Write the game record (JSON) here.")] = None,
    bots_only: Annotated[bool, typer.Option("--bots-only", help="Bots play every seat; print the transcript.")]
    = False,
    option: OptionsOpt = None,
) -> None:
    """Play one seat in the terminal against bots (or watch bots play with --bots-only)."""
    console = _console()
    if seed is None:
        seed = secrets.randbelow(1_000_000_000)  # said only at the end: the seed is hidden (K-H27)
    with _user_errors():
        kind = resolve_bot_kind(game_name, bots)
        game = new_game(game_name, players=players, seed=seed, options=parse_options(option, game_name))
        if not bots_only and not 0 <= seat < players:
            raise ValueError(f"--seat must be 0 to {players - 1} for {players} players, got {seat}")
    bots_at = seat_bots(game_name, kind, players, seed)  # the same bots, seat for seat, as simulate seats
    if bots_only:
        play_out(game, bots_at, fast=False)
        transcript(console, game, None, f"{game.title}: {players} players, seed {seed}, {kind} bots")
    else:
        try:
            play_in_terminal(console, game, seat, bots_at)
        except Quit as left:
            console.print(f"\n[bold]You left the game[/] ({left}) in round {game.view(None).get('round', '?')}.")
            if record is not None:
                _write_record(record, game.record(), console)
            raise typer.Exit(0 if str(left) == "you quit" else 1) from None
        console.print(f"Seed {seed}, {kind} bots; you were {seat_name(seat, game_name)}.")
    if record is not None:
        _write_record(record, game.record(), console)


@app.command()
def replay(
    path: Annotated[Path, typer.Argument(help="A game record written by play --record (JSON).")],
    seat: Annotated[int | None, typer.Option("--seat", help="Show the log as this seat saw it (0-based).")]
    = None,
    rules: Annotated[bool, typer.Option("--rules", help="Show the rule IDs behind each log line.")] = False,
    beliefs: Annotated[bool, typer.Option("--beliefs", help="Instead, show how --seat's belief over every seat's "
                                          "side moved, round by round (games with a belief model).")] = False,
) -> None:
    """Replay a recorded game and print its transcript and result."""
    try:
        data = json.loads(path.read_text())
    except OSError as error:
        _fail(f"cannot read {path}: {error.strerror}")
    except json.JSONDecodeError as error:
        _fail(f"{path} is not JSON: {error}")
    if not isinstance(data, dict):
        _fail(f"{path} is not a game record: expected a JSON object with game, players, seed and actions")
    with _user_errors():
        game = replay_record(data)
        if seat is not None and not 0 <= seat < game.players:
            raise ValueError(f"--seat must be 0 to {game.players - 1} for this {game.players}-player game, got {seat}")
        if beliefs and seat is None:
            raise ValueError("--beliefs needs --seat: a belief is one seat's")
    if beliefs and seat is not None:
        _print_beliefs(data, seat)
        return
    who = f"as {seat_name(seat, game.name)} saw it" if seat is not None else "public log"
    state = "" if game.over else " (unfinished)"
    header = (f"Replay of {game.title}{state}: {game.players} players, seed {game.seed}, "
              f"{len(data.get('actions', []))} actions; {who}")
    transcript(_console(), game, seat, header, rules=rules)


def _print_beliefs(record: dict[str, Any], seat: int) -> None:
    """Per round, the chance ``seat`` gives each other seat of being on each side (its own side it knows)."""
    from .bots.beliefs import belief_trail

    with _user_errors():
        trail = belief_trail(record, seat)
    table = Table(title=f"What seat {seat} believes, round by round (chance of each side)", box=box.SIMPLE_HEAVY,
                  title_justify="left")
    table.add_column("round", justify="right")
    players = int(record["players"])
    for other in range(players):
        table.add_column(f"seat {other}", justify="right")
    for round_no, held in trail:
        cells = [", ".join(f"{side} {p:.2f}" for side, p in sorted(held.side_odds(o).items()) if p >= 0.005)
                 for o in range(players)]
        table.add_row(str(round_no), *cells)
    _console().print(table)


def _side_names(game_name: str, counts: list[int]) -> list[str]:
    """The sides a game deals at these player counts (from a few deals each), for checking ``--bots side=kind``."""
    return sorted({role for n in counts for seed in range(4) for role in new_game(game_name, n, seed).roles()})


def _simulation_job(game_name: str, players: str | None, games_: int, seed: int, workers: int, bots: str | None,
                    option: list[str] | None, set_: list[str] | None, sweep: list[str] | None,
                    cards: Path | None) -> Job:
    """Everything a batch needs, checked here (one line and exit 2 on bad input), before any game runs."""
    with _user_errors():
        cls = game_class(game_name)
        counts = parse_player_range(players or f"{cls.min_players}-{cls.max_players}", game_name)
        if games_ < 1 or workers < 1:
            raise ValueError(f"--games and --workers must be at least 1, got {games_} and {workers}")
        plan = parse_bot_plan(game_name, bots, _side_names(game_name, counts))
        settings = build_settings(game_name, set_, sweep, cards, parse_options(option, game_name), counts)
    return Job(game_name, tuple(counts), games_, seed, plan, tuple(settings))


def _run_job(job: Job, workers: int, ray: str | None, console: Console) -> BatchResult:
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
               TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        where = f" on Ray ({ray})" if ray else ""
        task = progress.add_task(f"{job.game}, {job.bots.label} bots{where}",
                                 total=job.games * len(job.player_counts) * len(job.settings))
        try:
            return run_batch(job, workers, on_progress=lambda done: progress.advance(task, done), ray_address=ray)
        except GameFailed as failure:
            _fail(str(failure), 1)
        except ValueError as error:  # a Ray cluster that cannot be reached
            _fail(str(error), 1)
        except ImportError as missing:
            _fail(f"--ray needs the lab extra: pip install 'treachery[lab]' ({missing.name} is missing)", 1)


def _roles_table(summaries: dict[int, dict[str, Any]]) -> Table:
    table = Table(title="Roles as dealt: share of seats that won", box=box.SIMPLE_HEAVY, title_justify="left")
    for heading in ("players", "role", "seats", "seat win", "95% CI"):
        table.add_column(heading, justify="right", no_wrap=True)
    for players, summary in sorted(summaries.items()):
        for role, stats in summary["roles"].items():
            low, high = stats["win_ci95"]
            table.add_row(str(players), role, str(stats["seats"]), f"{stats['win_rate']:.1%}", f"{low:.1%}-{high:.1%}")
    return table


@app.command(name="simulate")
def simulate_command(
    game_name: GameArg = "killer",
    players: Annotated[str | None, typer.Option("--players", "-p", help="A player count N or a range A-B "
                                                "(default: every count the game takes).")] = None,
    games_: Annotated[int, typer.Option("--games", "-n", help="Games per player count.")] = 20000,
    seed: Annotated[int, typer.Option("--seed", help="Batch seed: same seed, same results.")] = 1,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes (Ray CPUs with --ray local).")]
    = 2,
    bots: Annotated[str | None, typer.Option("--bots", help="Bot kind for every seat (random, heuristic, ...), or "
                                             "per side as dealt: crew=heuristic,menace=random,KIND (KIND for the other "
                                             "sides; default: best where it plays without searching, else "
                                             "belief where the game has it, else heuristic).")] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write the results here as JSON.")] = None,
    out: Annotated[Path | None, typer.Option("--out", help="Write one row per game here as Parquet "
                                             "(read it with treachery report).")] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", help="Change a designed number: KEY=VALUE, like "
                                                   "survivor.F01.count=3 or start.target=20 (repeatable).")] = None,
    sweep: Annotated[list[str] | None, typer.Option("--sweep", help="Run a grid: KEY=V1,V2,... (repeatable: "
                                                    "every combination).")] = None,
    cards: Annotated[Path | None, typer.Option("--cards", help="Play with this card file (TOML, the game's "
                                               "cards.toml schema).")] = None,
    ray: Annotated[str | None, typer.Option("--ray", help="Run on Ray: auto, ADDRESS, or local (a private "
                                            "instance with --workers CPUs).")] = None,
    option: OptionsOpt = None,
) -> None:
    """Play many bot games per player count and setting, then report win rates per side, game lengths and roles."""
    console = _console()
    job = _simulation_job(game_name, players, games_, seed, workers, bots, option, set_, sweep, cards)
    if out is not None and importlib.util.find_spec("pyarrow") is None:
        _fail("--out needs the lab extra: pip install 'treachery[lab]' (pyarrow is missing)")
    result = _run_job(job, workers, ray, console)
    by_setting = {label: {n: t.summary() for n, t in totals.items()} for label, totals in result.totals().items()}
    for label, summaries in by_setting.items():
        where = "" if label == "default" else f", {label}"
        console.print(simulation_table(summaries, f"{game_name}: {games_} games per player count, seed {seed}, "
                                                  f"{job.bots.label} bots{where}"))
        console.print(_roles_table(summaries))
    console.print("<side> win = games in which some member of that side won; 95% CI = Wilson interval; "
                  "winners, rounds and seats out (at the end) are means per game.", style="dim")
    if out is not None:
        from .lab.parquet import write_results

        try:
            write_results(result, out)
        except OSError as error:
            _fail(f"cannot write {out}: {error}", 1)
        console.print(f"{len(result.rows)} games written to {out} (plots: treachery report {out})")
    if json_out is not None:
        first = job.settings[0]
        document = {"game": game_name, "options": first.options, "games": games_, "seed": seed,
                    "bots": job.bots.label, "players": list(job.player_counts),
                    "results": {str(n): s for n, s in by_setting[first.label].items()},
                    "settings": {label: {"overrides": dict(s.overrides), "cards": s.card_source,
                                         "results": {str(n): x for n, x in by_setting[label].items()}}
                                 for label, s in ((s.label, s) for s in job.settings)}}
        try:
            json_out.write_text(json.dumps(document, indent=1) + "\n")
        except OSError as error:
            _fail(f"cannot write {json_out}: {error.strerror}", 1)
        console.print(f"Results written to {json_out}")


@app.command()
def report(
    results: Annotated[Path, typer.Argument(help="A results file written by simulate --out (Parquet).")],
    out: Annotated[Path | None, typer.Option("--out", help="Folder for the plots and report.html "
                                             "(default: NAME-report beside the results).")] = None,
) -> None:
    """Plots (PNG and SVG) and one self-contained HTML page from a simulation's results."""
    try:
        from .lab.report import make_report
    except ImportError as missing:
        _fail(f"report needs the lab extra: pip install 'treachery[lab]' ({missing.name} is missing)", 1)
    if not results.is_file():
        _fail(f"no results file at {results}")
    folder = out or results.with_name(f"{results.stem}-report")
    with _user_errors():
        written = make_report(results, folder)
    console = _console()
    for path in written:
        console.print(f"wrote {path}")


@app.command()
def tune(
    game_name: GameArg,
    key: Annotated[str, typer.Option("--key", help="The designed number to search, as --set names it (an integer: "
                                     "start.oxygen, card.infection.count, ...).")],
    low: Annotated[int, typer.Option("--low", help="Smallest value to try.")],
    high: Annotated[int, typer.Option("--high", help="Largest value to try.")],
    side: Annotated[str, typer.Option("--side", help="The side whose win rate is aimed at.")],
    players: Annotated[str, typer.Option("--players", "-p", help="A player count N or a range A-B: each count is "
                                         "searched on its own.")],
    target: Annotated[float, typer.Option("--target", help="The win rate aimed at (0-1).")] = 0.5,
    games_: Annotated[int, typer.Option("--games", "-n", help="Games per value tried.")] = 400,
    seed: Annotated[int, typer.Option("--seed", help="Batch seed: every value is played on the same deals.")] = 1,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes.")] = 2,
    bots: Annotated[str | None, typer.Option("--bots", help="Bot kind, or per side as for simulate.")] = None,
    set_: Annotated[list[str] | None, typer.Option("--set", help="Another designed number held fixed: KEY=VALUE "
                                                   "(repeatable).")] = None,
    option: OptionsOpt = None,
) -> None:
    """Search one designed number for a side's target win rate, by bisection (one batch per value tried)."""
    from .sim.tune import tune as run_tune

    console = _console()
    with _user_errors():
        counts = parse_player_range(players, game_name)
        plan = parse_bot_plan(game_name, bots, _side_names(game_name, counts))
        if games_ < 1 or workers < 1:
            raise ValueError(f"--games and --workers must be at least 1, got {games_} and {workers}")
        options = parse_options(option)
    for count in counts:
        table = Table(title=f"{game_name}, {count} players: {side} win rate by {key} ({games_} games a value, "
                            f"{plan.label} bots, seed {seed})", box=box.SIMPLE_HEAVY, title_justify="left")
        for heading in ("value", f"{side} win", "95% CI", "mean rounds"):
            table.add_column(heading, justify="right", no_wrap=True)
        with _user_errors():
            tuning = run_tune(game_name, count, key, low, high, side, target, games_, seed, plan, workers, set_,
                              options, on_trial=lambda t: console.print(
                                  f"  {key}={t.value}: {side} {t.rate:.1%}", style="dim"))
        for trial in sorted(tuning.trials, key=lambda t: t.value):
            table.add_row(str(trial.value), f"{trial.rate:.1%}", f"{trial.ci95[0]:.1%}-{trial.ci95[1]:.1%}",
                          f"{trial.mean_rounds:.2f}")
        console.print(table)
        best = tuning.best
        where = "" if tuning.bracketed else f" (the target lies outside {low}..{high}: the nearer end)"
        console.print(f"{count} players: {key}={best.value} gives {side} {best.rate:.1%} "
                      f"({best.ci95[0]:.1%}-{best.ci95[1]:.1%}){where}")


@app.command()
def ladder(
    game_name: GameArg = "killer",
    players: Annotated[str | None, typer.Option("--players", "-p", help="A player count N or a range A-B "
                                                "(default: every count the game takes).")] = None,
    games_: Annotated[int, typer.Option("--games", "-n", help="Games per pairing and player count.")] = 400,
    seed: Annotated[int, typer.Option("--seed", help="Batch seed: same seed, same results.")] = 1,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes.")] = 2,
    kinds: Annotated[str | None, typer.Option("--kinds", help="Bot kinds to pair, comma-separated, like "
                                              "random,heuristic,ismcts:50 (default: every kind the game has).")] = None,
    mirrors: Annotated[bool, typer.Option("--mirrors", help="Also play each kind against itself (baselines).")]
    = False,
    versus: Annotated[str | None, typer.Option("--versus", help="Play every other seat with this one kind, each "
                                               "side by each of --kinds on the same seeds, and give the paired "
                                               "difference of neighbouring kinds (like best,heuristic,random).")]
    = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write the ladder here as JSON.")] = None,
    option: OptionsOpt = None,
) -> None:
    """Each side played by bot kind X against Y on every other side, for every pair of kinds: win rates per side."""
    from .sim.ladder import ladder_rows, run_ladder, run_versus

    console = _console()
    with _user_errors():
        cls = game_class(game_name)
        counts = parse_player_range(players or f"{cls.min_players}-{cls.max_players}", game_name)
        names = [k.strip() for k in kinds.split(",")] if kinds else available_kinds(game_name)
        for name in names:
            resolve_bot_kind(game_name, name)
        if len(names) < 2 or games_ < 1 or workers < 1:
            raise ValueError("the ladder needs two or more bot kinds, --games and --workers at least 1")
        sides = _side_names(game_name, counts)
        if versus is not None:
            resolve_bot_kind(game_name, versus)
        options = parse_options(option, game_name)
    if versus is not None:
        _print_versus(console, game_name, games_, seed, run_versus(
            game_name, counts, games_, seed, names, sides, versus, workers,
            on_start=lambda what: console.print(what, style="dim"), options=options), json_out, options)
        return
    results = run_ladder(game_name, counts, games_, seed, names, sides, workers,
                         on_start=lambda what: console.print(what, style="dim"), mirrors=mirrors, options=options)
    table = Table(title=f"{game_name} ladder: {games_} games per row, seed {seed}", box=box.SIMPLE_HEAVY,
                  title_justify="left")
    for heading in ("players", "side", "side's bots", "others' bots", "side win", "95% CI"):
        table.add_column(heading, justify="right", no_wrap=True)
    rows = ladder_rows(results)
    for row in rows:
        low, high = row["win_ci95"]
        table.add_row(str(row["players"]), row["side"], row["side_bots"], row["other_bots"],
                      f"{row['win_rate']:.1%}", f"{low:.1%}-{high:.1%}")
    console.print(table)
    if json_out is not None:
        json_out.write_text(json.dumps({"game": game_name, "games": games_, "seed": seed, "options": options,
                                        "rows": rows}, indent=1) + "\n")
        console.print(f"Ladder written to {json_out}")


def _print_versus(console: Console, game_name: str, games_: int, seed: int, rows: list[dict[str, Any]],
                  json_out: Path | None, options: dict[str, Any]) -> None:
    with_options = "".join(f", {key}={json.dumps(value)}" for key, value in options.items())
    table = Table(title=f"{game_name}: each side by each kind, the rest by {rows[0]['other_bots']}; {games_} games "
                  f"a row, seed {seed}{with_options}", box=box.SIMPLE_HEAVY, title_justify="left")
    for heading in ("players", "side", "side's bots", "games", "side win / difference", "95% CI"):
        table.add_column(heading, justify="right", no_wrap=True)
    for row in rows:
        rate, (low, high) = ((row["difference"], row["difference_ci95"]) if "difference" in row
                             else (row["win_rate"], row["win_ci95"]))
        table.add_row(str(row["players"]), row["side"], row["side_bots"], str(row["games"]), f"{rate:+.1%}"
                      if "difference" in row else f"{rate:.1%}", f"{low:+.1%} to {high:+.1%}" if "difference" in row
                      else f"{low:.1%}-{high:.1%}")
    console.print(table)
    if json_out is not None:
        json_out.write_text(json.dumps({"game": game_name, "games": games_, "seed": seed, "options": options,
                                        "rows": rows}, indent=1) + "\n")
        console.print(f"Ladder written to {json_out}")


@app.command()
def bench(
    game_name: GameArg = "killer",
    seconds: Annotated[float, typer.Option("--seconds", help="Seconds per player count (yardstick slices included).")]
    = 3.0,
    players: Annotated[str | None, typer.Option("--players", "-p", help="N or A-B [default: all].")] = None,
    yardstick: Annotated[Path | None, typer.Option("--yardstick", help="Path to the shared yardstick.py.")]
    = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write the report here as JSON.")] = None,
    engine: Annotated[str, typer.Option("--engine", help="both: the compiled build and the Python sources side "
                                        "by side (the default when a current build exists); python; or this "
                                        "(whatever this process runs).")] = "auto",
) -> None:
    """Engine speed on one core (act, act_fast, clone+act, view) as ratios to the shared yardstick."""
    from . import native
    from .sim.bench import DEFAULT_YARDSTICK, run_bench, run_side_by_side
    from .terminal import bench_comparison

    console = _console()
    with _user_errors():
        counts = parse_player_range(players, game_name) if players else None
        if seconds <= 0:
            raise ValueError(f"--seconds must be positive, got {seconds}")
        if engine not in ("auto", "both", "python", "this"):
            raise ValueError(f"--engine must be both, python or this, got {engine!r}")
    path = yardstick or DEFAULT_YARDSTICK
    built = native.usable_build("engine") is not None
    if engine == "both" and not built:
        _fail("--engine both needs a compiled build of these sources: run treachery compile first")
    if engine == "both" or (engine == "auto" and built):
        with console.status("benchmarking") as status:
            both = run_side_by_side(game_name, seconds, counts, path,
                                    on_progress=lambda what: status.update(f"bench: {what}"))
        for kind, side in both["sides"].items():
            table = bench_table(side)
            table.title = f"{table.title} ({kind})"
            console.print(table)
        console.print(bench_comparison(both))
        console.print("Each path ran in its own process (TREACHERY_NATIVE=1 / 0), one right after the other, each "
                      "rate over the yardstick measured in the same process next to it.")
        for kind, side in both["sides"].items():
            if side["yardstick_steps_per_s"]:
                console.print(f"yardstick steps/s, {kind} run: {side['yardstick_steps_per_s']:,.0f} (median)")
            else:
                console.print(f"[yellow]note:[/] no yardstick at {path}: ratios skipped (give --yardstick PATH)")
                break
        if json_out is not None:
            json_out.write_text(json.dumps(both, indent=1) + "\n")
            console.print(f"Report written to {json_out}")
        return
    if engine == "python" and native.compiled("engine"):
        _fail("this process runs the compiled engine: set TREACHERY_NATIVE=0 for --engine python")
    if engine == "auto":
        console.print("(no compiled build of these sources: the Python engine only; treachery compile builds one)")
    with console.status("benchmarking") as status:
        report = run_bench(game_name, seconds, counts, path, on_progress=lambda what: status.update(f"bench: {what}"))
    console.print(bench_table(report))
    if report["yardstick_steps_per_s"]:
        console.print(f"yardstick steps/s: {report['yardstick_steps_per_s']:,.0f} (median); ÷ yard = rate / the "
                      "yardstick measured alongside that player count; each rate is the best of 3 slices.")
    else:
        console.print(f"[yellow]note:[/] no yardstick at {path}: ratios skipped (give --yardstick PATH)")
    if json_out is not None:
        json_out.write_text(json.dumps(report, indent=1) + "\n")
        console.print(f"Report written to {json_out}")


@app.command(name="compile")
def compile_native(
    status: Annotated[bool, typer.Option("--status", help="Only say which compiled builds are in use.")] = False,
    force: Annotated[bool, typer.Option("--force", help="Build even if a build of these sources exists.")] = False,
    group: Annotated[list[str] | None, typer.Option(
        "--group", help="Only this group: engine (the kernel and every game's rules, views, bots and samplers) "
                        "or encoders; repeatable.")] = None,
) -> None:
    """Build treachery's engine, games and observation encoders with mypyc, so play, simulation and search run
    faster (needs the 'native' extra and a C compiler). A build is used only while its sources are unchanged and
    by the interpreter that made it; TREACHERY_NATIVE=0 turns builds off."""
    from . import native

    console = _console()
    groups = group or list(native.GROUPS)
    unknown = [g for g in groups if g not in native.GROUPS]
    if unknown:
        _fail(f"unknown group {unknown[0]!r}; groups: {', '.join(native.GROUPS)}")
    if status:
        for name in groups:
            console.print(native.status(name))
        return
    failed = []
    for name in groups:  # a group that fails to build runs as Python; the others are still built
        with console.status(f"compiling the {name} group with mypyc (minutes)"):
            try:
                where = native.build(name, force)
            except RuntimeError as error:
                console.print(f"[red]compiled {name}: not built[/] (it runs as Python): {error}")
                failed.append(name)
                continue
        if where is None:
            console.print(f"compiled {name}: up to date in {native.build_dir(name)}")
        else:
            console.print(f"compiled {name}: built in {where}; new processes use it")
    if failed:
        raise typer.Exit(1)


@app.command(name="compile-encoders")
def compile_encoders(
    status: Annotated[bool, typer.Option("--status", help="Only say whether the compiled encoders are in use.")]
    = False,
    force: Annotated[bool, typer.Option("--force", help="Build even if a build of these sources exists.")] = False,
) -> None:
    """Build the observation encoders with mypyc, so the research interfaces run faster (needs the 'native'
    extra and a C compiler). A build is used only while the encoders' sources are unchanged."""
    try:
        from .rl import native
    except ModuleNotFoundError as missing:
        _fail(str(missing))
    console = _console()
    if status:
        console.print(native.status())
        return
    with console.status("compiling the encoders with mypyc (about a minute)"):
        try:
            where = native.build(force)
        except RuntimeError as failed:
            _fail(str(failed))
    if where is None:
        console.print(f"compiled encoders: up to date in {native.build_dir()}")
    else:
        console.print(f"compiled encoders: built in {where}; new processes use them")


@app.command()
def agent(
    ctx: typer.Context,
    cmd: Annotated[str, typer.Option("--cmd", help="The agent program, e.g. \"python my_agent.py\": run once per "
                                     "decision, it reads the seat's view on stdin and answers on stdout.")],
    game_name: Annotated[str, typer.Option("--game", help="Which game: " + ", ".join(games()) + ".")] = "killer",
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")] = 5,
    seat: Annotated[int, typer.Option("--seat", help="The agent's seat, 0-based.")] = 0,
    seed: Annotated[int | None, typer.Option("--seed", help="Game seed [default: random].")] = None,
    timeout: Annotated[float, typer.Option("--timeout", help="Seconds per decision; a timeout takes the default.")]
    = 5.0,
    bots: BotsOpt = None,
    json_input: Annotated[bool, typer.Option("--json", help="Send the view as JSON (see view_schema) instead of "
                                             "text.")] = False,
    log: Annotated[Path | None, typer.Option("--log", help="Private log of the agent's answers and reasoning "
                                             "[default: agent-seat<N>-seed<S>.log].")] = None,
    record: Annotated[Path | None, typer.Option("--record", help="Write the game record (JSON) here.")] = None,
    option: OptionsOpt = None,
    url: Annotated[str | None, typer.Option("--url", help="Play in an online room of this server instead "
                                            "(http://HOST:PORT); needs --room.")] = None,
    room: Annotated[str | None, typer.Option("--room", help="The online room's code (with --url).")] = None,
    name: Annotated[str, typer.Option("--name", help="The agent's display name in the online room.")] = "Agent",
    token: Annotated[str | None, typer.Option("--token", help="Rejoin the online room's seat with the seat token "
                                              "printed when the agent first joined.")] = None,
) -> None:
    """Seat an AI agent program in a game against bots, or in an online room (--url, --room): one run of the
    program per decision, bounded in time."""
    from .agent import run_agent_game

    console = _console()
    online = url is not None or room is not None
    _refuse_flags_of_the_other_mode(ctx, online)
    if online:
        _agent_online(console, url, room, name, token, cmd, timeout, json_input, log)
        return
    if seed is None:
        seed = secrets.randbelow(1_000_000_000)
    log_path = log or Path(f"agent-seat{seat}-seed{seed}.log")
    with _user_errors():
        report = run_agent_game(game_name, players, cmd, seat=seat, seed=seed, timeout=timeout, bots=bots,
                                options=parse_options(option, game_name), log_path=log_path, json_input=json_input)
    result = report.game.result() or {}
    console.print(f"{report.game.title}: {players} players, seed {seed}. Game over ({result.get('reason', '?')}): "
                  f"{_winners(result, game_name)} won. The agent at {seat_name(seat, game_name)} "
                  f"{'won' if report.won else 'lost'}.")
    _agent_answers(console, report, ".", log_path)
    if record is not None:
        _write_record(record, report.game.record(), console)


# `treachery agent` flags that only one of its modes reads: the local game's, and the online room's.
_LOCAL_FLAGS = {"game_name": "--game", "players": "--players", "seat": "--seat", "seed": "--seed", "bots": "--bots",
                "record": "--record", "option": "--option"}
_ONLINE_FLAGS = {"name": "--name", "token": "--token"}


def _refuse_flags_of_the_other_mode(ctx: typer.Context, online: bool) -> None:
    """A flag the chosen mode would ignore is refused, so nobody believes it took effect."""
    flags = _LOCAL_FLAGS if online else _ONLINE_FLAGS
    given = [flag for param, flag in flags.items()
             if getattr(ctx.get_parameter_source(param), "name", "DEFAULT") != "DEFAULT"]
    if not given:
        return
    if online:
        _fail(f"{', '.join(given)}: these set up a local game; an online room has its own game, table and bots "
              "(drop them, or drop --url and --room to play locally)")
    _fail(f"{', '.join(given)}: only for an online room (with --url and --room)")


def _agent_online(console: Console, url: str | None, room: str | None, name: str, token: str | None, cmd: str,
                  timeout: float, json_input: bool, log: Path | None) -> None:
    """`treachery agent --url ... --room ...`: the agent takes a seat of an online room like any client."""
    from .agent.online import OnlineError, play_online

    if url is None or room is None:
        _fail("an online agent needs both --url (the server) and --room (the room's code)")
    log_path = log or Path(f"agent-{room[:8]}.log")
    def seated(label: str, seat_token: str) -> None:
        console.print(f"Seated in room {room} as {name!r} at {label}; to rejoin after a crash, add "
                      f"--token {seat_token}", soft_wrap=True)  # one line: a script can read the token

    try:
        report = play_online(url, room, name, cmd, token=token, timeout=timeout, json_input=json_input,
                             log_path=log_path, on_join=seated)
    except OnlineError as error:
        _fail(str(error), 1)
    except ValueError as error:
        _fail(str(error))
    result = report.result or {}
    game = report.game or None
    console.print(f"Room {room}, the agent at {seat_name(report.seat, game)}. Game over ({result.get('reason', '?')}): "
                  f"{_winners(result, game)} won. The agent {'won' if report.won else 'lost'}.")
    _agent_answers(console, report, f"; {report.reconnects} reconnections, {report.refused} answers refused.",
                   log_path)


def _winners(result: dict[str, Any], game_name: str | None) -> str:
    return ", ".join(seat_name(s, game_name) for s in result.get("winners", [])) or "nobody"


def _agent_answers(console: Console, report: Any, tail: str, log_path: Path) -> None:
    """How the agent's answers fared (both modes), its first problems, and where its private log is."""
    console.print(f"The agent answered {report.decisions} decisions in {report.seconds:.1f} s: "
                  f"{report.timeouts} timeouts, {report.bad_answers} bad answers, {report.failures} failed runs "
                  f"(each took the default){tail}")
    for note in report.notes:
        console.print(f"  {note}", style="dim")
    console.print(f"Private log: {log_path}")


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    db: Annotated[str, typer.Option("--db", help="Database URL: sqlite:///FILE or postgresql://USER@HOST/DB.")]
    = "sqlite:///treachery.db",
    dev: Annotated[bool, typer.Option("--dev", hidden=True, help="Accept seed and setup when creating rooms "
                                      "(tests only: a known seed reveals every hidden card).")] = False,
    bot_delay: Annotated[float, typer.Option("--bot-delay", help="Seconds a bot waits before each move, so people "
                                             "can follow the table (0: at once).")] = 0.8,
    redis: Annotated[str | None, typer.Option("--redis", help="Several processes serve any room: redis://HOST:PORT "
                                              "shared by every process, with --db postgresql://... "
                                              "(docs/deploy.md).")] = None,
    proxy_routes_rooms: Annotated[bool, typer.Option(
        "--proxy-routes-rooms", help="With --redis: the proxy in front sends all of a room's calls to one process "
        "(hash on the room code, docs/deploy.md), so a new room is left to the process its players reach.")] = False,
) -> None:
    """Run the online game server: rooms, seats and games over HTTP and WebSocket, kept in a database."""
    try:
        from .server import Settings
        from .server import serve as run_server
    except ImportError as missing:
        _fail(f"the server needs its extra: pip install 'treachery[server]' ({missing.name} is missing)", 1)
    if not 0 < port < 65536:
        _fail(f"--port must be 1 to 65535, got {port}")
    if not (db.startswith("sqlite") or db.startswith("postgres")):
        _fail(f"--db must be a sqlite:/// or postgresql:// URL, got {db!r}")
    if not 0 <= bot_delay <= 60:
        _fail(f"--bot-delay must be 0 to 60 seconds, got {bot_delay:g}")
    if redis is not None and not db.startswith("postgres"):
        _fail("--redis shares rooms between several processes, which needs --db postgresql://...: SQLite serves "
              "one process (leave out --redis)")
    if proxy_routes_rooms and redis is None:
        _fail("--proxy-routes-rooms is for several processes sharing the rooms: give --redis too (one process "
              "serves every room anyway)")
    if redis is not None and not (redis.startswith("redis://") or redis.startswith("rediss://")
                                  or redis.startswith("unix://")):
        _fail(f"--redis must be a redis://HOST:PORT URL, got {redis!r}")
    if redis is not None:
        try:
            import redis as _redis  # noqa: F401
        except ImportError:
            _fail("--redis needs the redis package: pip install 'treachery[server]'", 1)
    print(f"treachery serving on http://{host}:{port} (database {db.split('@')[-1]})", file=sys.stderr)
    try:
        run_server(host, port, db, Settings(dev=dev, bot_delay=bot_delay, redis_url=redis or "",
                                                   proxy_routes_rooms=proxy_routes_rooms))
    except ValueError as error:  # a setting the server refuses (e.g. several processes on SQLite)
        _fail(str(error))


if __name__ == "__main__":
    app()
