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
