"""A whole class plays: tables in a store, one device per student, the teacher's dashboard, a debrief.

>>> from ccg.classroom import open_store
>>> store = open_store("classroom-data")          # a folder: SQLite (WAL) file inside; or a database URL
>>> t = store.create_table("co2", ["student", "strategist", "strategist", "strategist"], seed=1, lesson="7B")
>>> t.seats[0].code                                # the join code printed on seat 0's card

``ccg classroom serve --dir DIR`` serves the student and teacher pages (one Starlette app) and runs the bots.

The names below load their module (and SQLAlchemy) when first used, so importing a part of the classroom
(its lessons, its pages) does not open the store's machinery.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .live import LiveTable
    from .store import (
        STUDENT,
        GameOverError,
        JoinCodeError,
        NotYourTurnError,
        PausedError,
        PositionChanged,
        SeatInfo,
        StoreError,
        TableInfo,
        TableStore,
        open_store,
        store_url,
    )

__all__ = [
    "GameOverError", "JoinCodeError", "LiveTable", "NotYourTurnError", "PausedError", "PositionChanged", "STUDENT",
    "SeatInfo", "StoreError", "TableInfo", "TableStore", "open_store", "store_url",
]

_HOME = {name: ".store" for name in __all__ if name != "LiveTable"} | {"LiveTable": ".live"}


def __getattr__(name: str) -> Any:
    if name in _HOME:
        return getattr(importlib.import_module(_HOME[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
