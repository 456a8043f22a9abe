"""The same batch on a Ray cluster: the same work units as the process pool, so the same rows.

``address`` is handed to ``ray.init``: "auto" joins the cluster this machine belongs to, "ray://HOST:PORT" or
"HOST:PORT" a remote one, and "local" starts a private instance for this job alone (stopped afterwards).
Every node needs treachery installed; the job (card data included) travels as one object in Ray's store.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

Rows = list[dict[str, Any]]


def run_on_ray(job: Any, work: list[tuple[int, int, int, int]], address: str, run_chunk: Callable[..., Rows],
               on_progress: Callable[[int], None] | None = None, num_cpus: int | None = None) -> list[Rows]:
    """Rows per work unit, in the order of ``work``: ``run_chunk(job, *unit)`` on the cluster's workers. The
    simulator hands its job and chunk runner in, so this module needs nothing of it (no import cycle)."""
    import ray

    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    started = not ray.is_initialized()
    if started:
        settings: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
        try:
            if address == "local":
                ray.init(num_cpus=num_cpus, **settings)
            else:
                ray.init(address=address, **settings)
        except (ConnectionError, RuntimeError, ValueError) as error:
            raise ValueError(f"--ray {address}: cannot start or join a Ray cluster: {error}") from None
    try:
        chunk = ray.remote(run_chunk)
        job_ref = ray.put(job)
        refs = [chunk.remote(job_ref, *unit) for unit in work]
        position = {ref: i for i, ref in enumerate(refs)}
        parts: list[Rows] = [[] for _ in work]
        waiting = list(refs)
        try:
            while waiting:
                done, waiting = ray.wait(waiting, num_returns=1)
                for ref in done:
                    i = position[ref]
                    parts[i] = ray.get(ref)
                    if on_progress:
                        on_progress(work[i][3])
        except BaseException:
            for ref in waiting:
                ray.cancel(ref, force=True)
            raise
        return parts
    finally:
        if started:
            ray.shutdown()
