"""``treachery report``: plots (PNG and SVG) and one self-contained HTML page from a results file.

Plots: win rate by side and player count with 95% Wilson intervals (one panel per setting), game-length
histograms (rounds) per player count, and, when the batch swept a setting, win rate per side across the sweep.
"""

from __future__ import annotations

import base64
import html
import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only: never a window, works without a display
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from ..sim.stats import wilson  # noqa: E402
from .parquet import read_results  # noqa: E402


@dataclass
class Cell:
    """One setting at one player count."""

    games: int = 0
    side_wins: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    rounds: list[int] = field(default_factory=list)
    decisions: int = 0
    role_seats: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    role_wins: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    sides: set[str] = field(default_factory=set)  # the sides that took part in some game of this cell
    reasons: dict[str, int] = field(default_factory=lambda: defaultdict(int))  # how the games ended
    events: dict[str, int] = field(default_factory=lambda: defaultdict(int))  # games with each key event
    event_totals: dict[str, int] = field(default_factory=lambda: defaultdict(int))  # its occurrences

    def rate(self, side: str) -> tuple[float, float, float]:
        """(rate, low, high); the bounds are clamped around the rate, which float rounding can leave outside."""
        wins = self.side_wins.get(side, 0)
        low, high = wilson(wins, self.games)
        rate = wins / max(1, self.games)
        return rate, min(low, rate), max(high, rate)


def cells(rows: list[dict[str, Any]]) -> tuple[dict[tuple[str, int], Cell], list[str], list[str], list[int]]:
    """Cells by (setting, players), with the settings in file order, the sides and the player counts."""
    table: dict[tuple[str, int], Cell] = {}
    settings: list[str] = []
    sides: set[str] = set()
    for row in rows:
        if row["setting"] not in settings:
            settings.append(row["setting"])
        cell = table.setdefault((row["setting"], row["players"]), Cell())
        cell.games += 1
        cell.rounds.append(row["rounds"])
        cell.decisions += row["decisions"]
        sides.update(row["sides"])
        cell.sides.update(row["sides"])
        for side in row["winning_sides"]:
            cell.side_wins[side] += 1
        for seat, role in enumerate(row["roles"]):
            cell.role_seats[role] += 1
            cell.role_wins[role] += int(seat in row["winners"])
        cell.reasons[row["reason"]] += 1
        events = row.get("events") or {}
        for label, times in (json.loads(events) if isinstance(events, str) else events).items():
            cell.events[label] += int(times > 0)
            cell.event_totals[label] += times
    counts = sorted({players for _, players in table})
    return table, settings, sorted(sides), counts


def _save(figure: Figure, out: Path, name: str) -> Path:
    png = out / f"{name}.png"
    figure.savefig(png, dpi=90, bbox_inches="tight")
    figure.savefig(out / f"{name}.svg", bbox_inches="tight")
    plt.close(figure)
    return png


def plot_win_rates(table: dict[tuple[str, int], Cell], settings: list[str], sides: list[str], counts: list[int],
                   title: str) -> Figure:
    shown = settings[:6]
    figure, axes = plt.subplots(1, len(shown), figsize=(4.6 * len(shown), 3.6), squeeze=False, sharey=True)
    for ax, setting in zip(axes[0], shown, strict=True):
        for offset, side in enumerate(sides):
            xs, ys, below, above = [], [], [], []
            for players in counts:
                cell = table.get((setting, players))
                if cell is None or side not in cell.sides:  # not dealt at this count: no point, not a zero
                    continue
                rate, low, high = cell.rate(side)
                xs.append(players + (offset - (len(sides) - 1) / 2) * 0.08)
                ys.append(rate)
                below.append(rate - low)
                above.append(high - rate)
            ax.errorbar(xs, ys, yerr=[below, above], marker="o", capsize=3, label=side)
        ax.axhline(0.5, color="grey", linewidth=0.8, linestyle=":")
        ax.set_ylim(0, 1)
        ax.set_xticks(counts)
        ax.set_xlabel("players")
        ax.set_title(setting if len(shown) > 1 else title, fontsize=9)
    axes[0][0].set_ylabel("side win rate (95% CI)")
    axes[0][-1].legend(fontsize=8)
    return figure


def plot_lengths(table: dict[tuple[str, int], Cell], settings: list[str], counts: list[int]) -> Figure:
    columns = min(4, len(counts))
    lines = -(-len(counts) // columns)
    figure, axes = plt.subplots(lines, columns, figsize=(3.4 * columns, 2.6 * lines), squeeze=False)
    for ax in axes.flat[len(counts):]:
        ax.set_visible(False)
    for ax, players in zip(axes.flat, counts, strict=False):
        rounds = [r for s in settings[:6] if (s, players) in table for r in table[(s, players)].rounds]
        bins = range(min(rounds), max(rounds) + 2) if rounds else 1
        for setting in settings[:6]:
            cell = table.get((setting, players))
            if cell is not None:
                ax.hist(cell.rounds, bins=bins, histtype="step" if len(settings) > 1 else "bar",
                        label=setting, align="left")
        ax.set_title(f"{players} players", fontsize=9)
        ax.set_xlabel("rounds")
    axes.flat[0].set_ylabel("games")
    if len(settings) > 1:
        axes.flat[0].legend(fontsize=7)
    figure.tight_layout()
    return figure


def plot_sweep(table: dict[tuple[str, int], Cell], settings: list[str], sides: list[str],
               counts: list[int]) -> Figure:
    figure, ax = plt.subplots(figsize=(max(5.0, 1.1 * len(settings) + 2), 3.8))
    xs = list(range(len(settings)))
    for players in counts:
        for side in sides:
            points = [table[(s, players)].rate(side) for s in settings
                      if (s, players) in table and side in table[(s, players)].sides]
            if len(points) != len(settings):
                continue
            ax.errorbar(xs, [p[0] for p in points], yerr=[[p[0] - p[1] for p in points], [p[2] - p[0] for p in points]],
                        marker="o", capsize=3, label=f"{side}, {players}p")
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle=":")
    ax.set_xticks(xs)
    ax.set_xticklabels(settings, rotation=20, ha="right", fontsize=8)
    ax.set_ylim(0, 1)
    ax.set_ylabel("side win rate (95% CI)")
    ax.legend(fontsize=7, ncol=2)
    return figure


def _table_html(table: dict[tuple[str, int], Cell], settings: list[str], sides: list[str],
                counts: list[int]) -> str:
    head = "".join(f"<th>{html.escape(side)} win</th><th>95% CI</th>" for side in sides)
    out = [f"<table><tr><th>setting</th><th>players</th><th>games</th>{head}<th>mean rounds</th>"
           "<th>mean decisions</th></tr>"]
    for setting in settings:
        for players in counts:
            cell = table.get((setting, players))
            if cell is None:
                continue
            rates = ""
            for side in sides:
                if side not in cell.sides:
                    rates += "<td>—</td><td></td>"
                    continue
                rate, low, high = cell.rate(side)
                flag = ' class="flag"' if rate > 0.65 else ""
                rates += f"<td{flag}>{rate:.1%}</td><td>{low:.1%}–{high:.1%}</td>"
            out.append(f"<tr><td>{html.escape(setting)}</td><td>{players}</td><td>{cell.games}</td>{rates}"
                       f"<td>{sum(cell.rounds) / cell.games:.2f}</td><td>{cell.decisions / cell.games:.1f}</td></tr>")
    out.append("</table>")
    return "\n".join(out)


def _roles_html(table: dict[tuple[str, int], Cell], settings: list[str], counts: list[int]) -> str:
    out = ["<table><tr><th>setting</th><th>players</th><th>role as dealt</th><th>seats</th><th>seat win rate</th>"
           "<th>95% CI</th></tr>"]
    for setting in settings:
        for players in counts:
            cell = table.get((setting, players))
            if cell is None:
                continue
            for role in sorted(cell.role_seats):
                seats, wins = cell.role_seats[role], cell.role_wins[role]
                low, high = wilson(wins, seats)
                out.append(f"<tr><td>{html.escape(setting)}</td><td>{players}</td><td>{html.escape(role)}</td>"
                           f"<td>{seats}</td><td>{wins / seats:.1%}</td><td>{low:.1%}–{high:.1%}</td></tr>")
    out.append("</table>")
    return "\n".join(out)


def _shape_html(table: dict[tuple[str, int], Cell], settings: list[str], counts: list[int]) -> str:
    """How the games ended, and how often each key event happened: share of games with one (mean per game)."""
    reasons = sorted({r for cell in table.values() for r in cell.reasons})
    labels = list(dict.fromkeys(label for cell in table.values() for label in cell.events))
    head = "".join(f"<th>ended: {html.escape(r)}</th>" for r in reasons)
    head += "".join(f"<th>{html.escape(label)}</th>" for label in labels)
    out = [f"<table><tr><th>setting</th><th>players</th>{head}</tr>"]
    for setting in settings:
        for players in counts:
            cell = table.get((setting, players))
            if cell is None:
                continue
            n = cell.games
            tds = "".join(f"<td>{cell.reasons.get(r, 0) / n:.1%}</td>" for r in reasons)
            tds += "".join(f"<td>{cell.events.get(label, 0) / n:.0%} ({cell.event_totals.get(label, 0) / n:.2f})</td>"
                           for label in labels)
            out.append(f"<tr><td>{html.escape(setting)}</td><td>{players}</td>{tds}</tr>")
    out.append("</table>")
    return "\n".join(out)


STYLE = ("body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}table{border-collapse:collapse;"
         "margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}td:first-child{text-align:left}"
         ".flag{background:#fdd;font-weight:bold}img{max-width:100%}")


def make_report(results: Path, out: Path) -> list[Path]:
    """Writes the plots and ``report.html`` into ``out``; returns the files written."""
    rows, meta = read_results(results)
    if not rows:
        raise ValueError(f"{results} holds no games")
    out.mkdir(parents=True, exist_ok=True)
    table, settings, sides, counts = cells(rows)
    title = f"{meta['game']}: {meta['games']} games per count, {meta['bots']} bots"
    pngs = [_save(plot_win_rates(table, settings, sides, counts, title), out, "win_rates"),
            _save(plot_lengths(table, settings, counts), out, "lengths")]
    if len(settings) > 1:
        pngs.append(_save(plot_sweep(table, settings, sides, counts), out, "sweep"))
    images = "".join(
        f'<p><img alt="{p.stem}" src="data:image/png;base64,{base64.b64encode(p.read_bytes()).decode()}"></p>'
        for p in pngs)
    page = (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>"
            f"<p>Batch seed {meta['seed']}; player counts {', '.join(map(str, meta['players']))}; "
            f"settings: {html.escape(', '.join(meta['settings']))}. A side's win rate counts the games in which "
            "some member of it won; intervals are 95% Wilson intervals; rates above 65% are highlighted.</p>"
            f"<h2>Win rates</h2>{_table_html(table, settings, sides, counts)}{images}"
            "<h2>Shape</h2><p>How the games ended, and each key event of the game: the share of games in which "
            f"it happened (its mean count per game).</p>{_shape_html(table, settings, counts)}"
            f"<h2>Roles as dealt</h2><p>Share of seats dealt each role that won (seats of one game are not "
            f"independent, so read the intervals as a guide).</p>{_roles_html(table, settings, counts)}"
            "</body></html>\n")
    page_path = out / "report.html"
    page_path.write_text(page, encoding="utf-8")
    return [*pngs, *(p.with_suffix(".svg") for p in pngs), page_path]

