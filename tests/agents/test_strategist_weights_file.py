"""A strategist weights file is read by ``WeightsFile`` (msgspec): a broken file names the field, loads nothing."""
from __future__ import annotations

import json

import pytest

from ccg.agents.strategist import default_weights, load_weights

GOOD = {"doc": "notes", "weights": {"vp": {"value": 1.0, "doc": "a victory point", "range": [0, 3]},
                                     "coin": {"value": 2, "doc": "a coin"}}}


def _write(tmp_path, data) -> str:
    path = tmp_path / "w.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return str(path)


def test_a_good_file_loads_with_floats_and_ranges(tmp_path):
    table = load_weights(_write(tmp_path, GOOD))
    assert table == {"vp": {"value": 1.0, "doc": "a victory point", "range": (0.0, 3.0)},
                     "coin": {"value": 2.0, "doc": "a coin", "range": None}}
    assert isinstance(table["coin"]["value"], float)


BROKEN = [
    ({"weights": {"vp": {"value": 1.0, "doc": "d"}, "coin": {"value": "x", "doc": "d"}}},
     r"weights\.coin\.value: Expected `float`, got `str`"),  # a wrong type deep inside
    ({"weights": {"vp": {"value": 1.0, "doc": "d", "range": [0, "3"]}}}, r"weights\.vp\.range\[1\]: Expected `float`"),
    ({"weights": {"vp": {"value": True, "doc": "d"}}}, r"weights\.vp\.value: Expected `float`, got `bool`"),
    ({"weights": {"vp": {"value": 1.0}}}, r"weights\.vp: Object missing required field `doc`"),  # a missing field
    ({"tuned": "x"}, r"Object missing required field `weights`"),
    ({"weights": {"vp": {"value": 5.0, "doc": "d", "range": [0, 3]}}}, r"weights\.vp\.range: must be \[lo, hi\]"),
    ({"weights": {"vp": {"value": 1.0, "doc": "d", "range": [0, 3, 4]}}}, r"weights\.vp\.range: Expected `array` of length 2"),
    ({"weights": {"vp": {"value": 1.0, "doc": "d", "rnage": [0, 3]}}}, r"weights\.vp: Object contains unknown field `rnage`"),
    ({"weights": {}}, r"weights: Expected `object` of length >= 1"),
    ([], r"Expected `object`, got `array`"),
    ('{"weights": {"vp": {"value": 1e999, "doc": "d"}}}', r"weights\[\.\.\.\]\[\.\.\.\]: Number out of range"),
    ('{"weights": ', r"not valid JSON"),
]


@pytest.mark.parametrize("data, message", BROKEN)
def test_a_broken_weights_file_names_the_field_and_loads_nothing(data, message, tmp_path):
    shipped = default_weights("co2")
    with pytest.raises(ValueError, match=r"^w\.json: (.*: )?" + message):
        load_weights(_write(tmp_path, data))
    assert default_weights("co2") == shipped
