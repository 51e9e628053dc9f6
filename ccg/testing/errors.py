"""How a conformance check fails: :class:`ConformanceError`, raised by :func:`require`.

The checks never use ``assert``: Python drops ``assert`` statements under ``python -O``, and a conformance
suite that passes everything there would prove nothing.
"""
from __future__ import annotations

__all__ = ["ConformanceError", "require"]


class ConformanceError(AssertionError):
    """A game broke a promise of the protocol; the message says which. (A subclass of AssertionError, so
    pytest reports it as a failed check, not as an error in the test.)"""


def require(condition: object, message: str) -> None:
    """Raise :class:`ConformanceError` with ``message`` unless ``condition`` is true; runs under ``python -O`` too."""
    if not condition:
        raise ConformanceError(message)
