"""Batch results as Parquet: one row per game, the job's parameters in the file's metadata."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from ..sim.runner import BatchResult

SCHEMA = pa.schema([
    ("game", pa.string()),
    ("setting", pa.string()),  # "default" or the swept values, like "start.target=20"
    ("overrides", pa.string()),  # JSON object of every --set / --sweep value in force
    ("cards", pa.string()),  # "default" or the user's card file name
    ("options", pa.string()),  # JSON object of the game options
    ("players", pa.int16()),
    ("index", pa.int32()),  # game number within the batch: seed = game_seed(batch seed, index)
    ("seed", pa.uint64()),
    ("bots", pa.list_(pa.string())),  # bot kind per seat
    ("roles", pa.list_(pa.string())),  # side per seat as dealt
    ("sides", pa.list_(pa.string())),  # side per seat at the end
    ("winners", pa.list_(pa.int16())),
    ("winning_sides", pa.list_(pa.string())),
    ("decisions", pa.int32()),
    ("rounds", pa.int32()),
    ("deaths", pa.int16()),
    ("reason", pa.string()),
    ("events", pa.string()),  # JSON object: how often each of the game's key events happened
])
OPTIONAL = {"events"}  # columns that files written before them lack


def table_of(result: BatchResult) -> pa.Table:
    job = result.job
    by_label = {s.label: s for s in job.settings}
    columns: dict[str, list[Any]] = {name: [] for name in SCHEMA.names}
    for row in result.rows:
        setting = by_label[row["setting"]]
        fixed = {"game": job.game, "overrides": json.dumps(dict(setting.overrides), sort_keys=True),
                 "cards": setting.card_source, "options": json.dumps(setting.options, sort_keys=True)}
        fixed["events"] = json.dumps(row["events"])
        for name in SCHEMA.names:
            columns[name].append(fixed[name] if name in fixed else row[name])
    meta = {"game": job.game, "seed": job.seed, "games": job.games, "players": list(job.player_counts),
            "bots": job.bots.label, "settings": [s.label for s in job.settings]}
    return pa.table(columns, schema=SCHEMA).replace_schema_metadata({"treachery": json.dumps(meta)})


def write_results(result: BatchResult, path: Path) -> None:
    pq.write_table(table_of(result), path, compression="zstd")


def read_results(path: Path) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The rows (dicts) and the job's parameters; ValueError if ``path`` is not a results file."""
    try:
        table = pq.read_table(path)
    except (OSError, pa.ArrowInvalid) as error:
        raise ValueError(f"cannot read {path} as Parquet: {error}") from None
    raw = (table.schema.metadata or {}).get(b"treachery")
    missing = [name for name in SCHEMA.names if name not in table.column_names and name not in OPTIONAL]
    if raw is None or missing:
        raise ValueError(f"{path} is not a treachery results file (written by simulate --out)")
    rows = table.to_pylist()
    for row in rows:
        row["events"] = json.loads(row.get("events") or "{}")
    return rows, json.loads(raw)
