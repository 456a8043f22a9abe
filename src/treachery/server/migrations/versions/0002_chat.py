"""Table talk: every chat message of a room, kept so it survives a restart.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("room", sa.String(32), sa.ForeignKey("rooms.code"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),  # the room's message number
        sa.Column("channel", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),  # None: a spectator
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.String(400), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("claim", sa.JSON, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("chat")
