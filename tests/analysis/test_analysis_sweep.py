"""sweep: grid validation before anything runs, tidy rows, identical results on every backend."""
from __future__ import annotations

import pandas as pd
import pytest

import ccg
import ccg.analysis
from ccg.agents import GreedyAgent
from ccg.analysis import backends
from ccg.analysis.runner import game_seed
from ccg.ui.whatif import what_if

GRID = {"rules.target": [10, 25], "players": [2, 3]}


def test_sweep_rows_cells_and_seeds():
    df = ccg.sweep("toy", GRID, n_games=3, seed=5, progress=False)
    assert len(df) == 12
    assert list(df.columns[:4]) == ["rules.target", "players", "cell", "game"]
    cells = df.groupby("cell")[["rules.target", "players"]].first()
    assert cells.values.tolist() == [[10, 2], [10, 3], [25, 2], [25, 3]]
    row = df[(df.cell == 2) & (df.game == 1)].iloc[0]
    assert row.seed == game_seed(5, (2, 1), 2)[0]
    # a higher target makes longer games
    assert df[df["rules.target"] == 25].actions.mean() > df[df["rules.target"] == 10].actions.mean()


def test_sweep_results_do_not_depend_on_chunking():
    a = ccg.sweep("toy", GRID, n_games=5, seed=2, progress=False, chunk_size=1)
    b = ccg.sweep("toy", GRID, n_games=5, seed=2, progress=False, chunk_size=50)
    pd.testing.assert_frame_equal(a, b)


@pytest.fixture
def no_games(monkeypatch):
    """Any game that starts fails the test: the error must come before the first game."""
    def refuse(*a, **k):
        raise AssertionError("a game ran")

    monkeypatch.setattr(backends, "run_chunk", refuse)


@pytest.mark.parametrize("grid, message", [
    ({"rules.targt": [10]}, "unknown rule of toy.*'target'"),
    ({"rules.target": [1]}, "at least 5"),
    ({"rules.target": ["x"]}, "whole number"),
    ({"players": [2, 9]}, "2–4 players"),
    ({"colour": ["red"]}, "unknown grid key for toy 'colour'"),
    ({"rules.target": []}, "no values"),
    ({"rules": [{"target": 10}]}, "vary one rule per key"),
    ({"agents": [["random", "mcst"]]}, "unknown agent"),
    ({"agents": [["random"]]}, "one entry per seat"),
])
def test_bad_grids_fail_before_any_game_runs(grid, message, no_games):
    with pytest.raises(ValueError, match=message):
        ccg.sweep("toy", grid, n_games=2, progress=False)


def test_bad_arguments():
    with pytest.raises(ValueError, match="both in the grid"):
        ccg.sweep("toy", {"players": [2]}, players=3, progress=False)
    with pytest.raises(ValueError, match="backend must be one of"):
        ccg.sweep("toy", GRID, backend="gpu", progress=False)
    with pytest.raises(ValueError, match="workers"):
        ccg.sweep("toy", GRID, backend="processes", workers=0, progress=False)
    with pytest.raises(ValueError, match="unknown game"):
        ccg.sweep("chess", GRID)


def test_unpicklable_agents_fail_before_any_worker_starts(no_games):
    lambda_greedy = GreedyAgent(heuristic=lambda state, seat: 0.0)
    with pytest.raises(ValueError, match="worker processes.*picklable.*lambdas"):
        ccg.simulate("toy", n_games=2, agents=[lambda_greedy, "random"], backend="processes", workers=2)


def test_agents_defined_in_a_notebook_fail_clearly_on_the_process_pool(no_games, monkeypatch):
    """A heuristic defined in a notebook cell lives in ``__main__``, which pool workers cannot import."""
    import sys
    import types

    notebook = types.ModuleType("__main__")  # an interactive __main__: no __file__

    def cell_heuristic(state, seat):
        return 0.0

    cell_heuristic.__module__ = "__main__"
    cell_heuristic.__qualname__ = "cell_heuristic"
    notebook.cell_heuristic = cell_heuristic
    monkeypatch.setitem(sys.modules, "__main__", notebook)
    agents = [GreedyAgent(heuristic=cell_heuristic), "random"]
    with pytest.raises(ValueError, match="defined in a notebook"):
        ccg.simulate("toy", n_games=2, agents=agents, backend="processes", workers=2)


def test_agents_grid_compares_strategies():
    df = ccg.sweep("toy", {"agents": ["random,random", "mcts:20,random"]}, n_games=4, seed=1, progress=False)
    assert list(df.agents.unique()) == ["random,random", "mcts:20,random"]


def test_a_grid_of_personas_says_which_persona_played_every_game():
    lineups = [["strategist:cooperation=0"] * 2, ["strategist:cooperation=1"] * 2]
    df = ccg.sweep("co2", {"agents": lineups}, n_games=2, seed=3, players=2, progress=False)
    assert list(df.agents) == ["strategist:cooperation=0,strategist:cooperation=0"] * 2 + [
        "strategist:cooperation=1,strategist:cooperation=1"] * 2
    assert list(df.cell) == [0, 0, 1, 1] and not df.truncated.any()
    with pytest.raises(ValueError, match="cooperation"):
        ccg.sweep("co2", {"agents": [["strategist:cooperation=2"] * 2]}, n_games=1, players=2, progress=False)


def test_serial_processes_and_dask_give_identical_rows():
    distributed = pytest.importorskip("dask.distributed", reason="needs the dask extra (pip install -e '.[dask]')")
    grid = {"rules.target": [10, 20], "players": [2, 3]}
    serial = ccg.sweep("toy", grid, n_games=6, seed=7, progress=False)
    procs = ccg.sweep("toy", grid, n_games=6, seed=7, progress=False, backend="processes", workers=2, chunk_size=4)
    pd.testing.assert_frame_equal(serial, procs)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        dask = ccg.sweep("toy", grid, n_games=6, seed=7, progress=False, client=client, chunk_size=3)
        # Dask sends a lambda heuristic by value (cloudpickle); the process pool would refuse it
        lambda_greedy = [GreedyAgent(heuristic=lambda state, seat: float(state.banked[seat])), "random"]
        lambda_rows = ccg.simulate("toy", n_games=4, agents=lambda_greedy, seed=5, client=client)
        # the user's client as the default of every Dask run, the What-if's included (progressive, 1 game a task)
        ccg.analysis.use_client(client)
        try:
            default = ccg.sweep("toy", grid, n_games=6, seed=7, progress=False, backend="dask")
            start = ccg.new_game("toy", players=2, seed=3)
            on_dask = what_if(start, 8, agents=["random"] * 2, seed=2, seat=1, backend="dask", precision=0.3)
        finally:
            ccg.analysis.use_client(None)
    pd.testing.assert_frame_equal(serial, default)
    pd.testing.assert_frame_equal(on_dask, what_if(start, 8, agents=["random"] * 2, seed=2, seat=1, precision=0.3))
    pd.testing.assert_frame_equal(serial, dask)
    pd.testing.assert_frame_equal(lambda_rows, ccg.simulate("toy", n_games=4, agents=lambda_greedy, seed=5))


def test_sweep_writes_the_same_rows_to_parquet(tmp_path):
    pytest.importorskip("pyarrow", reason="needs the dask extra's pyarrow (pip install -e '.[dask]')")
    grid = {"rules.target": [10, 20], "players": [2, 3]}
    path = tmp_path / "sweep.parquet"
    rows = ccg.sweep("toy", grid, n_games=2, seed=7, progress=False, out=str(path))
    pd.testing.assert_frame_equal(pd.read_parquet(path), rows)
