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


def test_persona_presets_are_the_ends_of_each_persona_and_play():
    from ccg.agents import make_agent, persona_presets

    assert persona_presets("co2") == ["strategist:cooperation=0", "strategist:cooperation=1"]
    assert persona_presets("chicago_express") == ["strategist:investor=0", "strategist:investor=1"]
    assert persona_presets("toy") == []
    for spec in persona_presets("catan"):
        assert make_agent(spec, 1).name == "strategist"


def test_table_menus_offer_the_persona_presets():
    from ccg.ui import Table

    t = Table("co2", seats=["human", "strategist:cooperation=0", "strategist", "random"], seed=1, autoplay=False)
    def values(box):
        return [o[1] if isinstance(o, tuple) else o for o in box.options]

    for box in t.seat_boxes:
        assert "strategist:cooperation=1" in values(box)
    assert t.seat_boxes[1].value == "strategist:cooperation=0"
    assert all("strategist:cooperation=0" in values(d) for d in t.wi_agents)
