"""Games kept with the tests (never shipped): each subpackage is a game written to docs/engine.md, registered by
tests/conftest.py under its package name so that every shared suite picks it up like the shipped games."""
