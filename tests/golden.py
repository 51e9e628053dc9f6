"""Golden playthroughs: a seeded random line of play per conformance configuration, kept as text.

Each file under ``tests/golden/`` holds a game's configuration, the first ``STEPS`` actions of a
seeded random game with, after each, the seat that moved, how many actions were legal and a digest
of the whole position (``to_json``: state, generator, history), and a last line summing up the
whole game played to its end. ``tests/test_golden.py`` replays every file and compares: a change
that shifts the random stream, a rule or the position format shows up as the first step that differs.

After a deliberate change, regenerate the files and review the diff (``git diff tests/golden``):

    make golden            # or: .venv/bin/python tests/golden.py [GAME ...]
"""
from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

import ccg
from ccg.core import GameState, Rng, get_spec

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # run as a script: the test-only toy game lives beside this file
    sys.path.insert(0, str(HERE))

import toy_game  # noqa: E402,F401  (the test-only toy game registers itself; it has golden files too)
from conformance import configurations  # noqa: E402

GOLDEN_DIR = HERE / "golden"
STEPS = 150  # actions recorded per file: enough to cross setup into play, small enough to review
SEED = 2024
CHOOSER_SALT = 0x601D  # the random chooser's generator is Rng(SEED ^ CHOOSER_SALT), apart from the game's
HEADER = "# ply seat legal digest action   (the digest is of the position after the action)"


def digest(state: GameState) -> str:
    """A short fingerprint of the whole position (state, random generator, history)."""
    return hashlib.sha256(state.to_json().encode()).hexdigest()[:16]


def file_name(name: str, cfg: dict) -> str:
    """``<game>-<config>.txt``, the configuration flattened to safe characters (``players4-scenario_oil_springs``)."""
    def parts(prefix: str, value: object) -> list[str]:
        if isinstance(value, dict):
            return [p for k, v in value.items() for p in parts(f"{prefix}.{k}" if prefix else str(k), v)]
        return [f"{prefix}{value}" if isinstance(value, int) and not isinstance(value, bool) else f"{prefix}_{value}"]

    slug = "-".join(parts("", cfg)) or "default"
    return f"{name}-{re.sub(r'[^A-Za-z0-9_.-]', '_', slug).lower()}.txt"


def summary(state: GameState) -> str:
    return f"end ply {state.ply} scores {json.dumps(state.scores())} winners {state.winners()} digest {digest(state)}"


def play(name: str, cfg: dict) -> tuple[list[str], str]:
    """(a line per recorded step, the summary of the whole game played to its end)."""
    state = ccg.new_game(name, seed=SEED, **cfg)
    chooser = Rng(SEED ^ CHOOSER_SALT)
    limit = get_spec(name).max_actions
    steps = [f"start {digest(state)}"]
    while not state.is_terminal():
        if state.ply >= limit:
            raise AssertionError(f"{name} {cfg}: the game did not end within {limit} actions")
        legal = state.legal_actions()
        seat = state.current_player
        action = legal[chooser.below(len(legal))]
        state.apply(action)
        if state.ply <= STEPS:
            steps.append(f"{state.ply} {seat} {len(legal)} {digest(state)} {action}")
    return steps, summary(state)


def render(name: str, cfg: dict) -> str:
    steps, end = play(name, cfg)
    head = [f"# golden playthrough of {name}: regenerate with `make golden` after a deliberate change",
            f"game {name}", f"config {json.dumps(cfg, sort_keys=True)}", f"seed {SEED}", HEADER]
    return "\n".join(head + steps + [end]) + "\n"


def write(games: list[str] | None = None) -> list[Path]:
    """Regenerate the golden files (of ``games``, default all); returns the paths written."""
    GOLDEN_DIR.mkdir(exist_ok=True)
    written = []
    for name, cfg in configurations():
        if games and name not in games:
            continue
        path = GOLDEN_DIR / file_name(name, cfg)
        path.write_text(render(name, cfg), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for p in write(sys.argv[1:] or None):
        print(p.relative_to(HERE.parent))
