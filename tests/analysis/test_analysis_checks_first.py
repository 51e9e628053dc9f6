"""The command line and the analysis API check their arguments before they work (untrusted input).

Output files are checked before the first game (format from the file's ending, directory, writable);
every bad argument is one ``error:`` line with exit status 2; a dead process pool says what to do.
"""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pandas as pd
import pytest

import ccg
from ccg.analysis import backends
from ccg.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture
def no_games(monkeypatch):
    """Any game that starts fails the test: the error must come before the first game."""
    def refuse(*a, **k):
        raise AssertionError("a game ran")

    monkeypatch.setattr(backends, "run_chunk", refuse)


@pytest.mark.parametrize("argv", [
    ["simulate", "toy", "--games", "50", "--out", "/nonexistent/dir/x.parquet"],
    ["simulate", "toy", "--games", "50", "--trajectories", "/nonexistent/dir/t.parquet"],
    ["simulate", "toy", "--games", "50", "--out", "results.txt"],
    ["sweep", "toy", "--grid", "rules.target=10,15", "--out", "/nonexistent/s.parquet"],
    ["tournament", "toy", "--agents", "random,random", "--out", "/nonexistent/t.csv"],
    ["simulate", "co2", "--games", "2", "--option", "components=/tmp"],
    ["simulate", "co2", "--games", "2", "--option", "components=/dev/null"],
    ["simulate", "catan", "--games", "2", "--option", "layout=/tmp"],
    ["simulate", "no_such_game", "--games", "2"],
])
def test_bad_arguments_are_one_line_before_any_game(argv, capsys, no_games):
    assert main([*argv, "--no-progress"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and ": error: " in err and "Traceback" not in err, err


def test_the_directory_is_checked_in_a_subprocess_too():
    out = subprocess.run([sys.executable, "-m", "ccg", "simulate", "chicago_express", "--games", "1000",
                          "--out", "/nonexistent/dir/x.parquet", "--no-progress"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr
    assert "does not exist" in out.stderr and not out.stdout


def test_api_checks_out_before_playing(no_games, tmp_path):
    with pytest.raises(ValueError, match="does not exist"):
        ccg.simulate("toy", n_games=50, out=str(tmp_path / "missing" / "x.parquet"))
    with pytest.raises(ValueError, match=r"\.parquet \(or \.pq\) or \.csv"):
        ccg.sweep("toy", {"rules.target": [10, 15]}, n_games=5, progress=False, out=str(tmp_path / "x.json"))
    from ccg.analysis.frames import check_output

    (tmp_path / "folder.parquet").mkdir()
    with pytest.raises(ValueError, match="not a regular file"):
        check_output(str(tmp_path / "folder.parquet"), "out")


def test_csv_is_written_as_csv_and_parquet_as_parquet(tmp_path, capsys):
    csv = tmp_path / "games.csv"
    assert main(["simulate", "toy", "--games", "4", "--out", str(csv), "--no-progress"]) == 0
    text = csv.read_text(encoding="utf-8")
    assert text.startswith("game,seed,players,") and not text.startswith("PAR1")
    df = pd.read_csv(csv)
    assert len(df) == 4 and df["winners"].astype(str).str.fullmatch(r"[0-9 ]*").all()
    table = tmp_path / "table.csv"
    assert main(["tournament", "toy", "--agents", "random,random", "--games", "2", "--out", str(table),
                 "--no-progress"]) == 0
    assert list(pd.read_csv(table).columns[:2]) == ["entry", "agent"]
    pytest.importorskip("pyarrow")
    pq = tmp_path / "games.parquet"
    assert main(["simulate", "toy", "--games", "3", "--out", str(pq), "--no-progress"]) == 0
    assert pq.read_bytes()[:4] == b"PAR1" and len(pd.read_parquet(pq)) == 3


def test_scheduler_is_given_a_short_timeout(monkeypatch, capsys, no_games):
    """An unreachable scheduler answers within a few seconds: the client gets a short connect timeout."""
    distributed = pytest.importorskip("dask.distributed")
    seen = {}

    def client(address, timeout=None, **kw):
        seen.update(address=address, timeout=timeout)
        raise OSError(f"Timed out trying to connect to {address} after {timeout} s")

    monkeypatch.setattr(distributed, "Client", client)
    assert main(["simulate", "toy", "--games", "2", "--scheduler", "tcp://10.255.255.1:8786", "--no-progress"]) == 2
    assert seen["timeout"] is not None and seen["timeout"] <= 5
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot reach a Dask scheduler" in err


def test_an_unreachable_scheduler_is_one_error_line(capsys):
    pytest.importorskip("dask.distributed")
    assert main(["simulate", "toy", "--games", "2", "--scheduler", "tcp://127.0.0.1:1", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "tcp://127.0.0.1:1" in err


def test_new_game_with_a_list_is_a_value_error():
    with pytest.raises(ValueError, match="named by text"):
        ccg.new_game(["co2"])


def test_a_script_without_a_main_guard_is_told_what_to_do(tmp_path):
    script = tmp_path / "run_without_guard.py"
    script.write_text(textwrap.dedent("""
        import ccg
        ccg.simulate("chicago_express", n_games=4, agents=["random"] * 4, backend="processes", workers=1)
    """), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": ROOT}  # the ccg of this checkout
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=ROOT, timeout=300, env=env)
    assert out.returncode != 0
    last = out.stderr.strip().splitlines()[-1]
    assert "WorkersFailed" in last and "__name__ == \"__main__\"" in last, out.stderr[-2000:]
