"""benchmarks/strategist_cpu.py: its arguments, and the game loop its machine-instruction count runs under valgrind."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "strategist_cpu.py"


def _benchmark():
    spec = importlib.util.spec_from_file_location("strategist_cpu_benchmark", BENCHMARK)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("argv, message", [
    (["--games", "0"], "--games must be at least 1, got 0"),
    (["--runs", "0"], "--runs must be at least 1, got 0"),
    (["--machine-instructions", "--runs", "2"], "counts one run"),
    (["--machine-instructions", "--instructions"], "counts one run"),
])
def test_bad_arguments_are_refused_with_the_reason(argv, message, capsys):
    with pytest.raises(SystemExit) as stop:
        _benchmark().main(argv)
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_without_valgrind_the_machine_count_says_what_to_install(monkeypatch, capsys):
    module = _benchmark()
    monkeypatch.setattr(module.shutil, "which", lambda name: None)
    with pytest.raises(SystemExit):
        module.main(["--machine-instructions"])
    assert "needs valgrind (Debian: apt-get install valgrind)" in capsys.readouterr().err


def test_the_counted_process_plays_whole_games_and_its_baseline_none(capsys):
    module = _benchmark()
    assert module.main(["--play", "1", "--games", "0"]) == "0"  # the set-up only: no decision
    decisions = int(module.main(["--play", "1", "--games", "1", "--seed", "9000"]))
    timed = module.measure("chicago_express", {}, 1, 9000)[2]
    assert decisions == timed > 0  # the same games as the CPU figures'
