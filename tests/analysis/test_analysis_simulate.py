"""simulate: compatible rows, trajectories (long frame) for every game, Parquet output."""
from __future__ import annotations

import pandas as pd
import pytest

import ccg
from ccg.analysis import Simulation, game_seeds
from ccg.analysis.frames import trajectories_frame
from ccg.analysis.jobs import GameJob, locate_game
from ccg.core import get_spec

# every registered game, the test-only toy included: one that fails to start fails these tests
GAMES = ccg.list_games()


def test_simulate_rows_use_the_documented_seeds():
    df = ccg.simulate("toy", players=3, n_games=4, seed=9)
    assert list(df.seed) == [s for s, _ in game_seeds(9, 4, 3)]
    assert list(df.columns[:6]) == ["game", "seed", "players", "score_0", "score_1", "score_2"]
    assert (df.n_winners >= 1).all() and not df.truncated.any()


def test_seats_nobody_chose_are_strategists_and_random_stays_by_name():
    default = ccg.simulate("co2", players=2, n_games=2, seed=4)
    assert default.equals(ccg.simulate("co2", players=2, n_games=2, seed=4, agents=["strategist"] * 2))
    uniform = ccg.simulate("co2", players=2, n_games=2, seed=4, agents=["random", "random"])
    assert not default[["actions", "final_ppm"]].equals(uniform[["actions", "final_ppm"]])


@pytest.mark.parametrize("game", GAMES)
def test_trajectories_long_frame(game):
    fast = ["random"] * get_spec(game).default_players  # the frame's shape, not the players, is tested here
    sim = ccg.simulate(game, n_games=2, seed=1, trajectories=True, agents=fast)
    assert isinstance(sim, Simulation)
    games, traj = sim
    assert len(games) == 2 and games.equals(ccg.simulate(game, n_games=2, seed=1, agents=fast))
    assert list(traj.columns[:3]) == ["game", "step", "ply"]
    assert list(traj.columns[-3:]) == ["metric", "seat", "value"]
    assert set(traj.game) == {0, 1}
    assert traj.value.dtype == float and str(traj.seat.dtype) == "Int64"
    players = games.players[0]
    assert traj.seat.dropna().between(0, players - 1).all()
    for _, g in traj.groupby("game"):
        assert g.step.is_monotonic_increasing and g.step.iloc[0] == 0
        plies = g.ply.dropna()
        assert plies.is_monotonic_increasing and (plies.empty or plies.iloc[0] == 0)


def _with_trajectory(monkeypatch, traj):
    import dataclasses

    spec = get_spec("toy")
    monkeypatch.setitem(ccg.core.registry._SPECS, "toy", dataclasses.replace(spec, trajectory=traj))


def test_default_trajectory_is_the_score_per_seat():
    games, traj = ccg.simulate("toy", players=2, n_games=1, seed=2, trajectories=True)
    last = traj[traj.ply == traj.ply.max()].sort_values("seat")
    assert list(last.metric.unique()) == ["score"]
    assert list(last.value) == [games.score_0[0], games.score_1[0]]


def test_per_step_trajectory_records_only_changes(monkeypatch):
    calls = []

    def traj(state):
        calls.append(state.ply)
        return {"phase": "play", "turn": state.to_move, "total": sum(state.banked), "banked_0": state.banked[0],
                "banked_1": state.banked[1]}

    _with_trajectory(monkeypatch, traj)
    games, t = ccg.simulate("toy", players=2, n_games=1, seed=3, trajectories=True)
    assert len(calls) == games.actions[0] + 1
    assert set(t.phase) == {"play"} and set(t.metric) == {"total", "banked"}
    assert set(t[t.metric == "banked"].seat) == {0, 1} and t[t.metric == "total"].seat.isna().all()
    assert "turn" in t.columns
    # a record whenever the seat to move or the banked points changed, never twice the same
    records = t[t.metric == "total"]
    assert len(records) == t.step.nunique() and records.value.is_monotonic_increasing


def test_table_trajectory_is_read_once_at_the_end(monkeypatch):
    calls = []

    def traj(state):  # the CO2 shape: the game's own table of its phases so far
        calls.append(state.ply)
        n = 1 + sum(state.banked) // 10
        return {"decade": list(range(n)), "ppm": [300 + 10 * i for i in range(n)], "vp_0": [0] * n, "vp_1": [i for i in range(n)]}

    _with_trajectory(monkeypatch, traj)
    games, t = ccg.simulate("toy", players=2, n_games=1, seed=3, trajectories=True)
    assert len(calls) == 2  # the start (to learn the shape) and the end
    assert t.ply.isna().all() and set(t.metric) == {"ppm", "vp"}
    assert t[t.metric == "ppm"].decade.tolist() == list(range(t.decade.max() + 1))


def test_simulate_writes_parquet(tmp_path):
    pytest.importorskip("pyarrow")
    path = tmp_path / "r.parquet"
    df = ccg.simulate("toy", n_games=3, seed=1, out=str(path))
    back = pd.read_parquet(path)
    assert list(back.columns) == list(df.columns)
    assert [tuple(w) for w in back.winners] == list(df.winners)


def test_simulate_validates_before_playing():
    with pytest.raises(ValueError, match="one entry per seat"):
        ccg.simulate("toy", players=2, agents=["random"], n_games=1)
    with pytest.raises(ValueError, match="unknown option"):
        ccg.simulate("toy", n_games=1, colour="red")
    with pytest.raises(ValueError, match="backend"):
        ccg.simulate("toy", n_games=1, backend="threads")


def _reference_frame(records) -> pd.DataFrame:
    """The long frame built the plain way (a dict per row), to check the column-wise builder against."""
    import re

    from ccg.analysis.jobs import INDEX_KEYS

    out = []
    for game, step, ply, metrics in records:
        labels = {k: v for k, v in metrics.items() if isinstance(v, str) or k in INDEX_KEYS}
        base = {"game": game, "step": step, "ply": ply, **labels}
        for name, value in metrics.items():
            if name in labels:
                continue
            if isinstance(value, (list, tuple)):
                out += [{**base, "metric": name, "seat": s, "value": float(v)} for s, v in enumerate(value)]
            elif isinstance(value, dict):
                out += [{**base, "metric": f"{name}.{k}", "seat": None, "value": float(v)} for k, v in value.items()]
            else:
                m = re.match(r"^(.+)_(\d+)$", name)
                v = float("nan") if value is None else float(value)
                out.append({**base, "metric": m.group(1) if m else name, "seat": int(m.group(2)) if m else None,
                            "value": v})
    df = pd.DataFrame(out)
    df["seat"] = df["seat"].astype("Int64")
    df["ply"] = df["ply"].astype("Int64")
    df["value"] = df["value"].astype(float)
    return df[[c for c in df.columns if c not in ("metric", "seat", "value")] + ["metric", "seat", "value"]]


def test_the_long_frame_equals_a_plain_row_by_row_build():
    records = [(0, 0, 0, {"turn": 1, "vp": [2, 3], "cash_0": 5, "cash_1": None, "phase": "build"}),
               (0, 1, 4, {"turn": 2, "vp": [2, 4], "cash_0": 6, "cash_1": 1, "market": {"a": 1, "b": 2}}),
               (1, 0, None, {"decade": 2, "ppm": 410})]
    pd.testing.assert_frame_equal(trajectories_frame(records), _reference_frame(records))
    for game in GAMES:  # every game's own records: per-step scalars (Catan), per-decade tables (CO2) …
        n = get_spec(game).default_players
        job = GameJob(game, n, {}, ("random",) * n, 3, trajectories=True, locate=locate_game(game))
        records = job.run(0, 2)[1]
        assert records, game
        pd.testing.assert_frame_equal(trajectories_frame(records), _reference_frame(records), obj=game)
