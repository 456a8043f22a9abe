"""Seat an external agent program in a game, bots at the other seats.

For each decision of its seat the program is run once: it reads the seat's text (or JSON) on stdin and
writes its answer on stdout before the time limit. A timeout, a crash or a bad answer takes the
decision's default. The program's reasoning (``#`` lines) and stderr go to a private log file only.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Protocol

from .. import new_game
from ..bots.seating import choose, needs_view, resolve_bot_kind, seat_bots
from ..engine import Decision, Game
from .text import Asked, parse_answer, view_json, view_text


@dataclass
class AgentReport:
    """How a game with an agent went: the finished game and how the agent's answers fared."""

    game: Game
    seat: int
    decisions: int = 0
    timeouts: int = 0
    bad_answers: int = 0
    failures: int = 0  # the program could not be started or exited with an error
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)

    @property
    def won(self) -> bool:
        return self.seat in (self.game.result() or {}).get("winners", [])


@dataclass
class Answer:
    option_id: int
    source: str  # "agent", "timeout", "bad answer", "failed"
    reasoning: list[str]
    problem: str | None
    seconds: float
    stderr: str = ""


def ask_program(argv: list[str], text: str, decision: Decision | Asked, timeout: float) -> Answer:
    """Runs the agent once on ``text``; whatever goes wrong, the answer is the decision's default."""
    started = time.monotonic()
    try:
        process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True, start_new_session=True)
    except OSError as error:
        return Answer(decision.default_id, "failed", [], f"cannot run {argv[0]!r}: {error.strerror}", 0.0)
    try:
        out, err = process.communicate(text, timeout=timeout)
    except subprocess.TimeoutExpired:
        try:  # the whole process group: a shell's children too
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            process.kill()
        out, err = process.communicate()
        _, reasoning, _ = parse_answer(out or "", decision)
        return Answer(decision.default_id, "timeout", reasoning, f"no answer within {timeout:g} s",
                      time.monotonic() - started, err or "")
    seconds = time.monotonic() - started
    option_id, reasoning, problem = parse_answer(out, decision)
    if process.returncode != 0 and option_id is None:
        return Answer(decision.default_id, "failed", reasoning, f"exited with status {process.returncode}",
                      seconds, err)
    if option_id is None:
        return Answer(decision.default_id, "bad answer", reasoning, problem, seconds, err)
    return Answer(option_id, "agent", reasoning, None, seconds, err)


class AnswerCounts(Protocol):
    """What a report counts of an agent's answers (AgentReport here, OnlineReport for online rooms)."""

    decisions: int
    timeouts: int
    bad_answers: int
    failures: int
    notes: list[str]


def count_answer(report: AnswerCounts, answer: Answer, decision_id: int) -> None:
    """Counts one answer by where it came from; the first five problems are kept as notes."""
    report.decisions += 1
    report.timeouts += answer.source == "timeout"
    report.bad_answers += answer.source == "bad answer"
    report.failures += answer.source == "failed"
    if answer.problem and len(report.notes) < 5:
        report.notes.append(f"decision {decision_id}: {answer.problem}")


def log_answer(log: IO[str], decision_id: int, kind: str, round_no: Any, text: str, answer: Answer) -> None:
    """One answer in the agent's private log: the option taken, where it came from, the reasoning."""
    log.write(f"decision {decision_id} (round {round_no}, {kind}): {text!r} [{answer.source}, "
              f"{answer.seconds:.2f} s]\n")
    if answer.problem:
        log.write(f"  problem: {answer.problem}; the default {text!r} was taken\n")
    for line in answer.reasoning:
        log.write(f"  # {line}\n")
    for line in answer.stderr.splitlines():
        log.write(f"  stderr: {line}\n")
    log.flush()


def run_agent_game(game_name: str, players: int, command: str, seat: int = 0, seed: int = 0,
                   timeout: float = 5.0, bots: str | None = None, options: dict[str, Any] | None = None,
                   log_path: Path | None = None, json_input: bool = False) -> AgentReport:
    """Plays one whole game with ``command`` at ``seat`` and bots elsewhere; returns the report.

    Raises ValueError (or GameConfigError) for a bad game, player count, seat, timeout or command.
    """
    kind = resolve_bot_kind(game_name, bots)
    game = new_game(game_name, players=players, seed=seed, options=options)
    if not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"--seat must be 0 to {players - 1} for {players} players, got {seat}")
    if not timeout > 0:
        raise ValueError(f"--timeout must be positive seconds, got {timeout}")
    argv = shlex.split(command)
    if not argv:
        raise ValueError("--cmd is empty: give the agent program to run, e.g. --cmd 'python my_agent.py'")
    bots_at = seat_bots(game_name, kind, players, seed)  # the same seat-for-seat bots as play and simulate
    wants_view = [needs_view(b) for b in bots_at]
    report = AgentReport(game, seat)
    started = time.monotonic()
    log_file = open(log_path, "w", encoding="utf-8") if log_path else open(os.devnull, "w")  # noqa: SIM115
    with log_file as log:
        log.write(f"{game.title}: {players} players, seed {seed}, agent at seat {seat}, {kind} bots elsewhere; "
                  f"command {command!r}, {timeout:g} s per decision. This log is private to the agent's seat.\n")
        while not game.over:
            for decision in game.pending():  # simultaneous ones: each answers in secret, they resolve together
                if decision.seat != seat:
                    game.act(decision.seat, choose(game, bots_at, wants_view, decision.seat, decision)["id"])
                    continue
                text = (json.dumps(view_json(game, seat)) + "\n") if json_input else view_text(game, seat)
                answer = ask_program(argv, text, decision, timeout)
                count_answer(report, answer, decision.id)
                log_answer(log, decision.id, decision.kind, game.view(decision.seat).get("round", "?"),
                           game.catalogue_in_use[answer.option_id]["text"], answer)
                if answer.source == "agent":
                    game.act(seat, answer.option_id, decision_id=decision.id)
                else:  # no usable answer: the rules' default, as for any seat whose time runs out
                    game.timeout(seat, decision_id=decision.id)
        result = game.result() or {}
        log.write(f"Game over ({result.get('reason', '?')}): winners {result.get('winners', [])}; "
                  f"seat {seat} {'won' if report.won else 'lost'}.\n")
    report.seconds = time.monotonic() - started
    return report
