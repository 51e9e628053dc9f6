"""The ccg command line: help, one-line errors with exit status 2, simulate/sweep/tournament output."""
from __future__ import annotations

import os
import re
import subprocess
import sys

import pandas as pd
import pytest

import ccg
from ccg.cli import build_parser, main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_python_dash_m_help_explains_every_option():
    out = subprocess.run([sys.executable, "-m", "ccg", "sweep", "--help"], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0
    for option in ("--grid", "--games", "--agents", "--players", "--seed", "--option", "--rule", "--backend",
                   "--workers", "--scheduler", "--chunk-size", "--out", "--no-progress", "rules.<name>"):
        assert option in out.stdout
    # every option of every command has a help text
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for name, p in sub.choices.items():
        for action in p._actions:
            assert action.help, f"ccg {name} {action.option_strings or action.dest} has no help"


def test_bad_argument_exits_2_with_one_clear_line():
    out = subprocess.run([sys.executable, "-m", "ccg", "simulate", "toy", "--games", "many"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "invalid int value: 'many'" in lines[0], out.stderr


@pytest.mark.parametrize("argv, message", [
    (["simulate", "chess"], "unknown game 'chess'"),
    (["simulate", "toy", "--agents", "random,mcst"], "unknown agent 'mcst'"),
    (["simulate", "toy", "--players", "9"], "2–4 players"),
    (["simulate", "toy", "--rule", "targt=3"], "unknown rule of toy 'targt'"),
    (["simulate", "toy", "--rule", "target=3"], "at least 5"),
    (["simulate", "toy", "--option", "colour=red"], "unknown option for toy 'colour'"),
    (["simulate", "toy", "--games", "-1"], "--games must be at least 0"),
    (["sweep", "toy"], "at least one --grid"),
    (["sweep", "toy", "--grid", "rules.target"], "--grid must look like key=value"),
    (["sweep", "toy", "--grid", "speed=1,2"], "unknown grid key for toy 'speed'"),
    (["tournament", "toy", "--agents", "random"], "players"),
])
def test_readable_errors(argv, message, capsys):
    assert main([*argv, "--no-progress"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err, err


def test_no_command_prints_help(capsys):
    assert main([]) == 2
    assert "COMMAND" in capsys.readouterr().out


def test_simulate_sweep_and_tournament_run(tmp_path, capsys):
    pytest.importorskip("pyarrow")
    out = tmp_path / "r.parquet"
    traj = tmp_path / "t.parquet"
    assert main(["simulate", "toy", "--players", "3", "--games", "5", "--agents", "greedy,random,random",
                 "--rule", "target=12", "--out", str(out), "--trajectories", str(traj), "--no-progress"]) == 0
    df = pd.read_parquet(out)
    assert len(df) == 5 and df.players.eq(3).all()
    assert set(pd.read_parquet(traj).metric) == {"score"}
    assert "win seat 2" in capsys.readouterr().out
    out2 = tmp_path / "s.parquet"
    assert main(["sweep", "toy", "--grid", "rules.target=10,15", "--grid", "agents=random,random|greedy,random",
                 "--games", "3", "--seed", "4", "--out", str(out2), "--no-progress"]) == 0
    sw = pd.read_parquet(out2)
    assert len(sw) == 12 and set(sw["rules.target"]) == {10, 15}
    assert set(sw.agents) == {"random,random", "greedy,random"}
    capsys.readouterr()
    assert main(["tournament", "toy", "--agents", "mcts:20,random", "--games", "4", "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "ci_low" in text and "mcts:20" in text


def test_simulate_without_agents_seats_strategists(tmp_path):
    import ccg

    out = tmp_path / "default.csv"
    assert main(["simulate", "co2", "--players", "2", "--games", "2", "--seed", "3", "--out", str(out),
                 "--no-progress"]) == 0
    strategists = ccg.simulate("co2", players=2, n_games=2, seed=3, agents=["strategist"] * 2)
    uniform = ccg.simulate("co2", players=2, n_games=2, seed=3, agents=["random"] * 2)
    played = pd.read_csv(out)
    assert list(played.actions) == list(strategists.actions) != list(uniform.actions)


def test_simulate_stops_at_the_precision_asked_and_shows_the_running_estimate(tmp_path, capsys):
    out = tmp_path / "p.csv"
    argv = ["simulate", "toy", "--players", "3", "--games", "150", "--agents", "random,random,random", "--seed", "5",
            "--precision", "0.12", "--out", str(out)]
    assert main(argv) == 0
    captured = capsys.readouterr()
    df = pd.read_csv(out)
    assert 10 <= len(df) < 150
    assert df.seed.tolist() == ccg.simulate("toy", players=3, n_games=150, seed=5, agents=["random"] * 3,
                                            precision=0.12).seed.tolist()
    assert f"stopped after {len(df)} of 150 games" in captured.out
    assert re.search(r"\d+ games: seat 0 \d\.\d\d±\d\.\d\d", captured.err), captured.err[-500:]  # the bar's estimate
    assert main(["simulate", "toy", "--players", "3", "--games", "5", "--precision", "2", "--no-progress"]) == 2
    assert "precision must be a number above 0" in capsys.readouterr().err
