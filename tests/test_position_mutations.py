"""Property: 1–3 random edits of a mid-game position give InvalidPositionError or a state that plays.

A state that loads must play: 200 random plies with every invariant checked after each. ``make test``
runs a fixed (derandomized) set of 150 examples per game; ``make fuzz`` draws 2,000 fresh
ones per game (``CCG_MUTATION_EXAMPLES`` overrides both).
"""
from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from mutation import Picks, base_positions, loads_and_plays, mutate

GAMES = ["catan", "chicago_express", "co2"]
_EXPLORE = os.environ.get("HYPOTHESIS_PROFILE") == "explore"
EXAMPLES = int(os.environ.get("CCG_MUTATION_EXAMPLES", "2000" if _EXPLORE else "150"))


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_mutated_position_is_refused_or_plays_on(game, data):
    positions = base_positions(game)
    text = positions[data.draw(st.integers(0, len(positions) - 1), label="position")]
    d = json.loads(text)
    picks = Picks.of(data.draw)
    for _ in range(data.draw(st.integers(1, 3), label="edits")):
        note(mutate(d, picks))
    loads_and_plays(json.dumps(d), seed=data.draw(st.integers(0, 2**16), label="play seed"))
