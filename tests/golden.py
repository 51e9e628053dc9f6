"""Golden playthroughs: a seeded random line of play per conformance configuration, written to be read.

Each file under ``tests/golden/`` shows, like OpenSpiel's playthroughs, the start of a seeded random game
of one configuration: at every ply the seat to move, its legal moves and the move chosen, and every
``EVERY`` plies the whole position as text (the referee's view, ``str(state)``) and each seat's observation
(``observation(seat)``, the JSON that is also the OpenSpiel observation string: its fields that the seat sees
otherwise than the referee, i.e. what is hidden from it; the rest it sees as the referee does); then the end of the game
played out (scores, winners, the final position and a digest of everything, generator and hidden cards
included). ``tests/test_golden.py`` plays every configuration again and compares the text, so a change
of rules, random stream or text shows in the diff as the first ply that reads differently.

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
PLIES = 60  # plies shown per file: enough to cross the set-up into play, small enough to review
EVERY = 20  # the whole position is shown at ply 0, every EVERY plies and at the end
LEGAL_SHOWN = 10  # legal moves listed per ply (the rest are counted)
SEED = 2024
CHOOSER_SALT = 0x601D  # the random chooser's generator is Rng(SEED ^ CHOOSER_SALT), apart from the game's


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


def _position(state: GameState) -> list[str]:
    return ["    " + line for line in str(state).splitlines()]


def _observations(state: GameState) -> list[str]:
    """Each seat's observation where it differs from the referee's position (what the seat cannot see)."""
    full = state.to_dict()["state"]
    lines = []
    for seat in range(state.num_players):
        seen = state.observation(seat)["state"]
        fields = [f"{k}={json.dumps(v, sort_keys=True, separators=(',', ':'))}" for k, v in seen.items()
                  if k not in full or json.dumps(v, sort_keys=True) != json.dumps(full[k], sort_keys=True)]
        fields += [f"{k}=(not shown)" for k in full if k not in seen]
        lines.append(f"    seat {seat} sees: " + ("; ".join(fields) if fields else "the whole position"))
    return lines


def _legal(legal: list) -> str:
    shown = ", ".join(str(a) for a in legal[:LEGAL_SHOWN])
    more = len(legal) - LEGAL_SHOWN
    return f"{shown}, … {more} more" if more > 0 else shown


def play(name: str, cfg: dict) -> list[str]:
    """The lines of the playthrough of ``name`` with ``cfg`` (see the module doc)."""
    state = ccg.new_game(name, seed=SEED, **cfg)
    chooser = Rng(SEED ^ CHOOSER_SALT)
    limit = get_spec(name).max_actions
    lines: list[str] = []
    while not state.is_terminal():
        if state.ply >= limit:
            raise AssertionError(f"{name} {cfg}: the game did not end within {limit} actions")
        legal = state.legal_actions()
        action = legal[chooser.below(len(legal))]
        if state.ply < PLIES:
            if state.ply % EVERY == 0:
                lines += ["", f"position at ply {state.ply}:", *_position(state),
                          f"observations at ply {state.ply} (the fields a seat sees otherwise than the referee):",
                          *_observations(state)]
            lines += [f"ply {state.ply}: seat {state.current_player} chooses {action}",
                      f"    legal ({len(legal)}): {_legal(legal)}"]
        state.apply(action)
    lines += ["", f"end at ply {state.ply}: scores {json.dumps(state.scores())}, winners {state.winners()}",
              *_position(state), f"digest of the final position (state, generator, history): {digest(state)}"]
    return lines


def render(name: str, cfg: dict) -> str:
    head = [f"# golden playthrough of {name}: regenerate with `make golden` after a deliberate change",
            f"game {name}", f"config {json.dumps(cfg, sort_keys=True)}", f"seed {SEED}",
            f"# the first {PLIES} plies: seat to move, move chosen, legal moves; the position and each seat's",
            f"# observation every {EVERY} plies"]
    return "\n".join(head + play(name, cfg)) + "\n"


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
