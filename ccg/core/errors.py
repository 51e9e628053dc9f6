"""Errors raised by the engine. All are ValueErrors so callers can catch one type."""


class IllegalActionError(ValueError):
    """An action that is not legal in the current position.

    The state it was applied to is left exactly as it was.
    """


class InvalidPositionError(ValueError):
    """A saved position (JSON, position string, record) failed validation.

    The message names the offending field. Nothing is half-loaded.
    """


class BrokenInvariantError(InvalidPositionError):
    """A position that breaks a law of its game (``GameState.check_invariants``).

    ``field`` names the state field (or fields) that disagree; the message says which law is broken.
    Raised by explicit checks, so it is raised under ``python -O`` too.
    """

    def __init__(self, field: str, problem: str):
        self.field = field
        self.problem = problem
        super().__init__(f"{field}: {problem}")


def require(ok: bool, field: str, problem: str) -> None:
    """Raise :class:`BrokenInvariantError` naming ``field`` unless ``ok`` (a law of the rules holds)."""
    if not ok:
        raise BrokenInvariantError(field, problem)
