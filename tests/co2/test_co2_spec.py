"""SPEC hooks: outcome columns, heuristic, trajectory, and the generic analysis layer on CO2."""
from __future__ import annotations

import ccg
from ccg.core import Rng, get_spec


def _finished(players=4, seed=1, **kw):
    s = ccg.new_game("co2", players=players, seed=seed, **kw)
    r = Rng(seed)
    while not s.is_terminal():
        a = s.legal_actions()
        s.apply(a[r.below(len(a))])
    return s


def test_spec_fields():
    spec = get_spec("co2")
    assert (spec.min_players, spec.max_players, spec.default_players) == (1, 5, 4)
    assert spec.state_class.hidden_information
    players = {c.get("players") for c in spec.conformance_configs}
    assert players == {1, 2, 3, 4, 5}
    variants = {c.get("variant", "random") for c in spec.conformance_configs}
    assert variants == {"random", "beginner", "normal", "expert", "extreme"}
    assert any(c.get("auction") for c in spec.conformance_configs)
    assert any(c.get("draft") for c in spec.conformance_configs)


def test_outcome_heuristic_trajectory():
    spec = get_spec("co2")
    s = _finished()
    out = spec.outcome(s)
    for k in ("final_ppm", "planet_lost", "green_plants", "fossil_plants", "decade_reached", "cep_price"):
        assert k in out
    assert out["final_ppm"] == s.ppm and out["planet_lost"] == s.lost
    assert out["green_plants"] + out["fossil_plants"] <= 27
    h = [spec.heuristic(s, p) for p in range(4)]
    assert all(isinstance(x, float) for x in h)
    t = spec.trajectory(s)
    assert t["decade"][0] == 0 and t["ppm"][-1] == s.ppm and len(t["vp_0"]) == len(t["decade"])
    live = ccg.new_game("co2", players=2, seed=3)
    assert isinstance(spec.heuristic(live, 0), float)


def test_simulate_with_trajectories():
    games, traj = ccg.simulate("co2", players=3, n_games=4, seed=2, trajectories=True, variant="expert",
                               agents=["random"] * 3)
    assert len(games) == 4 and "final_ppm" in games.columns
    assert set(traj.metric) >= {"ppm", "green", "fossil", "cep_price", "vp", "coins"}


def test_simulate_is_reproducible_and_rules_override_changes_outcomes():
    fast = ["random"] * 2
    a = ccg.simulate("co2", players=2, n_games=3, seed=5, agents=fast)
    b = ccg.simulate("co2", players=2, n_games=3, seed=5, agents=fast)
    assert a.equals(b)
    c = ccg.simulate("co2", players=2, n_games=3, seed=5, agents=fast, rules={"ppm.coal": 0, "ppm.oil": 0, "ppm.gas": 0})
    assert (c.final_ppm == 0).all() and not c.planet_lost.any()


def test_clone_copies_every_slot_and_shares_no_mutable_field():
    """The hand-written Co2State._copy must not forget a field (a new slot fails here)."""
    from ccg.games.co2.serial import LIST_FIELDS, NESTED_FIELDS, SCALAR_FIELDS
    from ccg.games.co2.state import FIELDS

    s = ccg.new_game("co2", players=4, seed=5)
    for _ in range(60):
        s.apply(s.legal_actions()[0])
    c = s.clone()
    for slot in FIELDS:
        assert getattr(c, slot) == getattr(s, slot), slot
    for f in LIST_FIELDS + NESTED_FIELDS + ("tasks", "trajectory_rows"):
        assert getattr(c, f) is not getattr(s, f), f
    for f in NESTED_FIELDS:
        assert all(a is not b for a, b in zip(getattr(c, f), getattr(s, f))), f
    assert set(FIELDS) == {"components", "first_space", "rules", "action_table", "tasks",
                                      "trajectory_rows", *LIST_FIELDS, *NESTED_FIELDS, *SCALAR_FIELDS}


def test_clone_copies_each_field_into_its_own_slot():
    """``_copy`` copies the fields one by one: a line copying one field's value into another's slot fails here.
    Every field holds a value of its own, of its type (compiled, Co2State checks the types of its fields)."""
    from ccg.games.co2.state import FIELDS

    for flags in ((True, False), (False, True)):  # the two yes/no fields (over, lost): both ways round
        s = ccg.new_game("co2", players=4, seed=5)
        for i, slot in enumerate(FIELDS):
            old = getattr(s, slot)
            if isinstance(old, bool):
                setattr(s, slot, flags[("over", "lost").index(slot)])
            elif isinstance(old, list):
                setattr(s, slot, [[i]] * len(old) if slot in ("lobby", "packs", "un_won") else [i, -i])
            elif isinstance(old, int):
                setattr(s, slot, 1000 + i)
            elif isinstance(old, (dict, tuple)):
                setattr(s, slot, type(old)(old))  # shared, read-only data: a new object, the same in the clone
        c = s.clone()
        for slot in FIELDS:
            assert getattr(c, slot) == getattr(s, slot), slot
            if not isinstance(getattr(s, slot), (list, int)):
                assert getattr(c, slot) is getattr(s, slot), slot  # the bound data: shared
