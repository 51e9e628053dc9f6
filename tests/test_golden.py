"""Golden playthroughs (tests/golden.py): every conformance configuration replays its recorded file exactly."""
from __future__ import annotations

import json

import pytest
from conformance import config_id, configurations
from golden import GOLDEN_DIR, STEPS, digest, file_name, play

import ccg

CONFIGS = configurations()
REGENERATE = "if the change is deliberate, regenerate with `make golden` and review `git diff tests/golden`"


def read(path):
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    head = dict(line.split(" ", 1) for line in lines[:3])
    return head, lines[3:]


def test_every_configuration_has_a_golden_file_and_no_file_is_stale():
    expected = {file_name(name, cfg) for name, cfg in CONFIGS}
    present = {p.name for p in GOLDEN_DIR.glob("*.txt")}
    assert expected - present == set(), f"configurations without a golden file: {sorted(expected - present)}; run `make golden`"
    assert present - expected == set(), f"golden files of no configuration: {sorted(present - expected)}"


@pytest.mark.parametrize("item", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_replaying_the_recorded_actions_reaches_the_recorded_positions(item):
    name, cfg = item
    head, lines = read(GOLDEN_DIR / file_name(name, cfg))
    assert head["game"] == name and json.loads(head["config"]) == cfg
    state = ccg.new_game(name, seed=int(head["seed"]), **cfg)
    start, steps, end = lines[0], lines[1:-1], lines[-1]
    assert start == f"start {digest(state)}", f"{name} {cfg}: the starting position differs; {REGENERATE}"
    assert 0 < len(steps) <= STEPS and end.startswith("end ")
    for line in steps:
        ply, seat, legal, want, action = line.split(" ", 4)
        where = f"{name} {cfg} step {ply} ({action!r})"
        assert (state.current_player, len(state.legal_actions())) == (int(seat), int(legal)), \
            f"{where}: seat to move or number of legal actions differs; {REGENERATE}"
        state.apply(action)
        assert digest(state) == want, f"{where}: the position after it differs; {REGENERATE}"


@pytest.mark.parametrize("item", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_the_whole_seeded_game_ends_as_recorded(item):
    name, cfg = item
    _, lines = read(GOLDEN_DIR / file_name(name, cfg))
    steps, end = play(name, cfg)
    assert steps == lines[:-1], f"{name} {cfg}: the random line of play differs; {REGENERATE}"
    assert end == lines[-1], f"{name} {cfg}: the game's end differs ({end!r}); {REGENERATE}"
