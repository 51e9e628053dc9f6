"""Golden playthroughs (tests/golden.py): every conformance configuration plays its recorded file exactly."""
from __future__ import annotations

import difflib
import json

import pytest
from conformance import config_id, configurations
from golden import GOLDEN_DIR, PLIES, file_name, render

import ccg

CONFIGS = configurations()
REGENERATE = "if the change is deliberate, regenerate with `make golden` and review `git diff tests/golden`"


def test_every_configuration_has_a_golden_file_and_no_file_is_stale():
    expected = {file_name(name, cfg) for name, cfg in CONFIGS}
    present = {p.name for p in GOLDEN_DIR.glob("*.txt")}
    assert expected - present == set(), f"configurations without a golden file: {sorted(expected - present)}; run `make golden`"
    assert present - expected == set(), f"golden files of no configuration: {sorted(present - expected)}"


@pytest.mark.parametrize("item", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_the_seeded_game_plays_as_recorded(item):
    name, cfg = item
    recorded = (GOLDEN_DIR / file_name(name, cfg)).read_text(encoding="utf-8")
    now = render(name, cfg)
    if now != recorded:
        diff = difflib.unified_diff(recorded.splitlines(), now.splitlines(), "recorded", "now", n=2, lineterm="")
        pytest.fail(f"{name} {cfg}: the playthrough reads differently; {REGENERATE}\n" + "\n".join(list(diff)[:40]))


@pytest.mark.parametrize("item", CONFIGS[:3], ids=[config_id(c) for c in CONFIGS[:3]])
def test_the_recorded_moves_are_legal_notation_that_replays(item):
    """The file is readable as a record: its chosen moves, parsed from the text, replay to the same plies."""
    name, cfg = item
    lines = (GOLDEN_DIR / file_name(name, cfg)).read_text(encoding="utf-8").splitlines()
    head = dict(line.split(" ", 1) for line in lines[1:4])
    assert head["game"] == name and json.loads(head["config"]) == cfg
    state = ccg.new_game(name, seed=int(head["seed"]), **cfg)
    moves = [line for line in lines if line.startswith("ply ")]
    assert len(moves) == min(PLIES, len(moves)) and moves
    for line in moves:
        ply, rest = line[len("ply "):].split(": seat ", 1)
        seat, rest = rest.split(" chooses ", 1)
        action = rest
        assert (state.ply, state.current_player) == (int(ply), int(seat))
        state.apply(action)
