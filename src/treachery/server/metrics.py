"""Prometheus metrics at /metrics: what an operator watches (prometheus-client, one registry per process)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

REGISTRY = CollectorRegistry()

ROOMS = Gauge("treachery_rooms", "Rooms this process holds in memory", registry=REGISTRY)
CONNECTIONS = Gauge("treachery_connections", "WebSocket connections to this process's rooms", registry=REGISTRY)
ACTIONS = Counter("treachery_actions", "Actions made durable (seats, bots and timeouts)", registry=REGISTRY)
ACT_SECONDS = Histogram(
    "treachery_act_seconds", "From an act received to its answer and the frames it caused queued to every seat",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5), registry=REGISTRY)
REFUSALS = Counter("treachery_refusals", "HTTP calls and WebSocket connections refused, by error code", ["code"],
                   registry=REGISTRY)
LEASE_MOVES = Counter("treachery_lease_moves", "Room leases that changed hands here: claimed (taken over), first "
                      "(a new room left open, served here), lost, released (handed over on SIGTERM)", ["how"],
                      registry=REGISTRY)
FORWARDED = Counter("treachery_forwarded", "Client messages and HTTP calls sent to the owning process over Redis",
                    ["kind"], registry=REGISTRY)
RELAYED = Gauge("treachery_relayed_connections", "Connections held here whose room another process owns",
                registry=REGISTRY)
