"""data/components.json is read by ``ComponentsFile`` (msgspec) and the cross-field checks: a broken file names
the field, and the shipped data stays as it was."""
from __future__ import annotations

import copy
import json
import os

import pytest

from ccg.games.catan import data
from ccg.games.catan.data import components, read_components


def _shipped() -> dict:
    with open(os.path.join(data.HERE, "data", "components.json"), encoding="utf-8") as f:
        return json.load(f)


def _edited(path: tuple, value=None, drop: bool = False) -> dict:
    d = _shipped()
    node = d
    for key in path[:-1]:
        node = node[key]
    if drop:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return d


BROKEN = [
    # a wrong type deep inside
    (("small", "harbour_slots", 3, 2), 7, r"small\.harbour_slots\[3\]\[2\]: Expected `str`, got `int`"),
    (("large", "dev_deck", "knight"), "20", r"large\.dev_deck\.knight: Expected `int`, got `str`"),
    # a missing field
    (("small", "bank"), None, r"small: Object missing required field `bank`"),
    (("oil_spring_tiles", "desert_numbers"), None, r"oil_spring_tiles: Object missing required field `desert_numbers`"),
    # out of range / not one of the names
    (("small", "tokens", 4), 13, r"small\.tokens\[4\]: Expected `int` <= 12"),
    (("pieces", "roads"), 0, r"pieces\.roads: Expected `int` >= 1"),
    (("small", "harbour_types", 0), "4:1", r"small\.harbour_types\[0\]: Invalid enum value '4:1'"),
    # rules relating fields, and the file against the rules code
    (("small", "tokens"), [5, 2, 6], r"small\.tokens: must hold 18 number tokens"),
    (("large", "terrain_counts", "forest"), 7, r"large\.positions: must list 31 hexes"),
    (("costs", "city"), {"grain": 3, "ore": 2}, r"costs\.city: must be \{'grain': 2, 'ore': 3\}"),
    (("resources",), ["brick", "lumber", "wool", "grain", "ore"], r"resources: must be \['lumber'"),
]


def test_the_shipped_components_load():
    assert read_components(_shipped()) == components()


@pytest.mark.parametrize("path, value, message", BROKEN)
def test_a_broken_components_file_names_the_field_and_loads_nothing(path, value, message):
    before = copy.deepcopy(components())
    broken = _edited(path, value, drop=value is None)
    with pytest.raises(ValueError, match=r"^catan components\.json: " + message):
        read_components(broken)
    assert components() == before  # the shipped data is untouched
