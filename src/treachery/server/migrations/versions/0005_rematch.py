"""Play again: a finished room keeps the code of the new room its host opened, so its link still leads there after
it leaves memory or the server restarts.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("rooms", sa.Column("rematch", sa.String(32), nullable=True))


def downgrade() -> None:
    op.drop_column("rooms", "rematch")
