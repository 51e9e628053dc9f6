"""data/board.json is read by ``BoardFile`` (msgspec) and the cross-field checks: a broken file names the field."""
from __future__ import annotations

import copy
import json

import pytest

from ccg.games.chicago_express import board
from ccg.games.chicago_express.board import BOARD, Board


def _shipped() -> dict:
    with open(board._PATH, encoding="utf-8") as f:
        return json.load(f)


def _broken(edit) -> dict:
    data = _shipped()
    edit(data)
    return data


def _set(path: tuple, value):
    def edit(data):
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return edit


def _drop(path: tuple):
    def edit(data):
        node = data
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]
    return edit


BROKEN = [
    # a wrong type deep inside
    (_set(("hexes", "A3", "cost"), "1"), r"hexes\.A3\.cost: Expected `int`, got `str`"),
    (_set(("companies", 2, "trains"), 1.5), r"companies\[2\]\.trains: Expected `int`, got `float`"),
    # a missing field
    (_drop(("companies", 2, "start")), r"companies\[2\]: Object missing required field `start`"),
    (_drop(("industry", "wheeling")), r"industry: Object missing required field `wheeling`"),
    # out of range / not one of the names
    (_set(("companies", 1, "shares"), 0), r"companies\[1\]\.shares: Expected `int` >= 1"),
    (_set(("hexes", "A3", "income"), -1), r"hexes\.A3\.income: Expected `int` >= 0"),
    (_set(("hexes", "A3", "terrain"), "swamp"), r"hexes\.A3\.terrain: Invalid enum value 'swamp'"),
    (_set(("hexes", "A3", "colour"), "red"), r"hexes\.A3: Object contains unknown field `colour`"),
    # rules relating fields
    (_set(("hexes", "A3", "neighbours"), ["A2"]), r"hexes\.A4\.neighbours\[\d+\]: neighbour A3 unknown or not symmetric"),
    (_set(("companies", 0, "start"), "A3"), r"companies\[0\]\.start: PRR's start hex must be a start hex"),
    (_set(("companies", 0, "start"), "Z99"), r"companies\[0\]\.start: unknown hex Z99"),
    (_set(("industry", "detroit", "hex"), "A3"), r"industry\.detroit\.hex: industry detroit's hex must be marked"),
    (_set(("hexes", "A3", "house"), None), r"hexes\.A3\.house: must be null for industrial hexes"),
]


def test_the_shipped_board_loads():
    assert len(Board(_shipped()).ids) == len(BOARD.ids) == 160


@pytest.mark.parametrize("edit, message", BROKEN)
def test_a_broken_board_file_names_the_field_and_loads_nothing(edit, message, tmp_path):
    before = copy.deepcopy(vars(BOARD))
    data = _broken(edit)
    with pytest.raises(ValueError, match=r"^chicago_express board data: " + message):
        Board(data)
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match=message):
        board.load(str(path))
    assert board.BOARD is BOARD and vars(BOARD) == before  # the shipped board is untouched


def test_a_board_that_is_not_an_object_is_refused():
    with pytest.raises(ValueError, match="chicago_express board data: Expected `object`, got `array`"):
        Board([])  # type: ignore[arg-type]
