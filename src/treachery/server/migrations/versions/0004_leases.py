"""Several processes: each room's owner holds a lease (owner, epoch, expiry) that fences every write.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("room", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),  # the owning process's id
        sa.Column("epoch", sa.BigInteger, nullable=False),  # +1 at every change of owner: old owners are fenced
        sa.Column("expires_at", sa.Float, nullable=False),  # seconds since the epoch, on the database's clock
    )
    op.create_index("leases_expires_at", "leases", ["expires_at"])


def downgrade() -> None:
    op.drop_index("leases_expires_at", "leases")
    op.drop_table("leases")
