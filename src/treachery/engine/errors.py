"""Exceptions raised by the engine: every refusal names what was wrong and what is allowed."""


class IllegalAction(ValueError):
    """An action was refused; the game is left exactly as it was.

    ``code`` tells the kinds apart: ``malformed`` (not an option at all), ``game_over``,
    ``not_your_turn`` (no decision is pending for that seat), ``stale`` (answers a decision that
    is no longer pending), ``illegal`` (a real option, but not one allowed now).
    """

    def __init__(self, code: str, message: str, allowed: list[str] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.allowed = allowed or []


class GameConfigError(ValueError):
    """A game could not be created: unknown game, bad player count, bad options or setup."""


class SetupOverrideError(GameConfigError):
    """A setup override for a later moment (a later round's deck, hands or row, a reveal order, a scripted straw
    or pick) does not fit the game when that moment comes. Raised mid-step, so the game is not to be played on:
    overrides build test and scenario positions, and one that quietly fell back to chance would test nothing."""
