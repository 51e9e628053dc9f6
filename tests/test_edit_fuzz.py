"""Random named edits: a commit gives a valid, edited state or an InvalidPositionError, never anything else,
and the original state never changes."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ccg

CONFIGS = {
    "chicago_express": {"players": 3},
    "catan": {"players": 4, "scenario": "oil_springs"},
    "co2": {"players": 3},
}


def _position(game: str, seed: int, moves: int):
    s = ccg.new_game(game, seed=seed, **CONFIGS[game])
    for _ in range(moves):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply(legal[(seed * 7919 + s.ply) % len(legal)])
    return s


@pytest.mark.parametrize("game", sorted(CONFIGS))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 50), moves=st.integers(0, 60), data=st.data())
def test_random_edits_commit_or_are_rejected_by_name(game, seed, moves, data):
    s = _position(game, seed, moves)
    before = s.to_json()
    e = s.edit()
    fields = e.seat_fields()
    for _ in range(data.draw(st.integers(1, 4))):
        seat = data.draw(st.integers(0, s.num_players - 1))
        field = data.draw(st.sampled_from(fields))
        e.set_seat_field(seat, field, e.seat_field(seat, field) + data.draw(st.integers(-3, 3)))
    setups = sorted(e.chance_setups())
    if setups and data.draw(st.booleans()):
        e.chance_setups()[data.draw(st.sampled_from(setups))]()
    try:
        t = e.commit()
    except ccg.InvalidPositionError as err:
        assert "the edited position is invalid" in str(err)
    else:
        t.check_invariants()
        assert not t.replayable and (t.is_terminal() or t.legal_actions())
        assert ccg.load_state(t.to_json()).to_json() == t.to_json()
    assert s.to_json() == before
