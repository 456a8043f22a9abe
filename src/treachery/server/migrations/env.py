"""Alembic environment: the server passes its own connection in ``config.attributes['connection']``."""

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the server always passes one
    raise RuntimeError("run migrations through treachery.server.store.migrate")
context.configure(connection=connection, target_metadata=None)
with context.begin_transaction():
    context.run_migrations()
