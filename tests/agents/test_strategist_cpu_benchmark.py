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


def test_the_counted_process_plays_the_whole_games_asked_for_and_its_baseline_none():
    import ccg
    from ccg.agents import make_agent

    module = _benchmark()
    assert module.main(["--play", "1", "--games", "0"]) == "0"  # the set-up only: no decision
    counted = int(module.main(["--play", "1", "--games", "2", "--seed", "9000"]))
    expected = 0  # CASES[1] is Chicago Express: the same two games played here, move by move
    for g in range(2):
        state = ccg.new_game("chicago_express", players=4, seed=9000 + g)
        agents = [make_agent("strategist", 10 * g + p) for p in range(4)]
        while not state.is_terminal():
            state.apply(agents[state.current_player].act(state))
            expected += 1
    assert counted == expected > 0
