"""Actions: small immutable values with a human notation and board locations."""
from __future__ import annotations

from typing import Any, NamedTuple


class Action(NamedTuple):
    """One decision of the seat whose turn it is.

    ``kind`` names the move ("bid", "place", "roll" …), ``args`` holds its
    parameters (ints or short strings), and ``where`` lists the board locations
    the action touches (hex ids, region names, track names) so that a UI can
    map a click to the candidate actions. ``where`` is derived from the other
    two fields, so equality is unaffected by it in practice.

    ``str(action)`` is the notation: ``kind`` followed by the args, separated
    by spaces, e.g. ``place PRR H5`` or ``bid 12``. A state's
    :meth:`~ccg.core.state.GameState.parse_action` turns it back.
    """

    kind: str
    args: tuple[Any, ...] = ()
    where: tuple[str, ...] = ()

    def __str__(self) -> str:
        if not self.args:
            return self.kind
        return self.kind + " " + " ".join(map(str, self.args))

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"
