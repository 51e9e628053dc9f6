"""The strategist's generic part: names, persona checks, weights files, the fallback plan."""
from __future__ import annotations

import json

import pytest

import ccg
from ccg.agents import StrategistAgent, make_agent
from ccg.agents.strategist import PersonaParam, load_weights


def test_strategist_is_a_registered_name():
    assert "strategist" in ccg.agents.agent_names()
    assert isinstance(make_agent("strategist", 3), StrategistAgent)


def test_fallback_plan_plays_legal_moves_of_a_game_without_a_strategy():
    s = ccg.new_game("toy", players=2, seed=4)
    agent = StrategistAgent(seed=2)
    for _ in range(30):
        if s.is_terminal():
            break
        before = s.to_json()
        a = agent.act(s)
        assert s.to_json() == before
        s.apply(a)


def test_persona_param_checks_range_and_type():
    p = PersonaParam(0.5, "doc", lo=0.0, hi=1.0)
    assert p.check("x", 1) == 1.0
    for bad in (1.5, -0.1, "high", True, float("nan")):
        with pytest.raises(ValueError, match="'x'"):
            p.check("x", bad)
    c = PersonaParam("builder", "doc", choices=("builder", "dividend"))
    assert c.check("style", "Dividend") == "dividend"
    with pytest.raises(ValueError, match="one of builder, dividend"):
        c.check("style", "banker")


def test_weights_files_are_checked(tmp_path):
    good = {"weights": {"vp": {"value": 1.0, "doc": "a victory point", "range": [0, 3]}}}
    path = tmp_path / "w.json"
    path.write_text(json.dumps(good))
    assert load_weights(path)["vp"]["range"] == (0.0, 3.0)
    for bad in ({"weights": {}}, {"weights": {"vp": {"value": "x", "doc": "d"}}},
                {"weights": {"vp": {"value": 5.0, "doc": "d", "range": [0, 3]}}}, []):
        path.write_text(json.dumps(bad))
        with pytest.raises(ValueError):
            load_weights(path)


def test_bad_weights_mapping_is_rejected():
    with pytest.raises(ValueError, match="weights"):
        StrategistAgent(weights={"vp": "lots"})
    with pytest.raises(ValueError, match="takes no strategist weights"):
        StrategistAgent(weights={"vp": 1.0}).planner("toy")
