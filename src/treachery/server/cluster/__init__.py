"""Several ``treachery serve`` processes sharing one PostgreSQL: room ownership by fenced leases (lease.py)."""
