"""Errors raised by the engine. All are ValueErrors so callers can catch one type."""


class IllegalActionError(ValueError):
    """An action that is not legal in the current position.

    The state it was applied to is left exactly as it was.
    """


class InvalidPositionError(ValueError):
    """A saved position (JSON, position string, record) failed validation.

    The message names the offending field. Nothing is half-loaded.
    """
