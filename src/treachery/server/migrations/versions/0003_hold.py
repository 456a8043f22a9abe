"""Holding under abuse: a chat name fits a 40-character name with its seat label; kicked names are kept.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("chat") as batch:  # batch: SQLite rebuilds the table, PostgreSQL alters it
        batch.alter_column("name", type_=sa.String(64), existing_type=sa.String(40), existing_nullable=False)
    # the look-alike keys of the names the host kicked: they may not join this room again
    op.add_column("rooms", sa.Column("kicked", sa.JSON, nullable=True))


def downgrade() -> None:
    op.drop_column("rooms", "kicked")
    with op.batch_alter_table("chat") as batch:
        batch.alter_column("name", type_=sa.String(40), existing_type=sa.String(64), existing_nullable=False)
