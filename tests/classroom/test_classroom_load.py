"""Load: 8 tables × 4 seats (plus a second device at every table's first seat) play to the end at once."""
from __future__ import annotations

from ccg.classroom.loadtest import run_class


def test_eight_tables_play_to_the_end_through_one_store(store_url):
    """No lost or doubled move, every move by the seat to move, invariants held after every move."""
    result = run_class(store_url, tables=8, seats=4, timeout=600)
    assert result.problems == []
    assert result.moves == result.applied > 8 * 100, "every committed move is in the store, once"
    assert result.devices == 8 * 5
    assert result.conflicts > 0, "the twin devices raced for moves, and lost cleanly"
