"""Failover time (not a test): two ``treachery serve`` processes on one PostgreSQL with room leases; the owner
of a room in play is killed with -9 and the time until the other serves the room is measured.

    PYTHONPATH=src:. .venv/bin/python bench/failover_server.py --lease 1.5 --runs 5
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from tests.server.conftest import Server, make_room, scratch_pg, start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lease", type=float, default=1.5, help="seconds of a room lease (TREACHERY_OWNER_LEASE)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    env = {"TREACHERY_OWNER_LEASE": str(args.lease)}
    seconds = []
    for _ in range(args.runs):
        with scratch_pg() as url:
            a, b = Server(url, env=env).start(), Server(url, env=env).start()
            try:
                code, host, _ = make_room(a, "killer", 6, 1, takeover_seconds=None)
                start(a, code, host)
                t0 = time.monotonic()
                a.kill()
                while b.api("GET", f"/api/rooms/{code}")[0] != 200:
                    time.sleep(0.02)
                seconds.append(time.monotonic() - t0)
            finally:
                a.stop()
                b.stop()
    print(json.dumps({"lease_s": args.lease, "runs": args.runs, "failover_s": [round(s, 2) for s in seconds],
                      "median_s": round(statistics.median(seconds), 2), "max_s": round(max(seconds), 2),
                      "load_average": os.getloadavg()[0]}))


if __name__ == "__main__":
    main()
