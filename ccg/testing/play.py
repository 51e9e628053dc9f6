"""Seeded random play for the conformance suite: configurations, whole games, sampled positions."""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from typing import Any, Callable

from ..core import Action, GameState, Rng, game_module, get_spec, list_games, new_game
from .errors import require

__all__ = ["BROKEN", "Config", "config_id", "configurations", "fingerprint", "fingerprint_in_subprocess",
           "random_game", "run_python", "sample_states"]

# a (game, new_game kwargs) pair; a game that cannot even be loaded is listed with {BROKEN: why}
Config = tuple[str, dict[str, Any]]
Visit = Callable[[GameState, list[Action], Action], None]
BROKEN = "_broken"


def configurations(games: list[str] | None = None) -> list[Config]:
    """(game, new_game kwargs) for each of ``games`` (default: every registered game) and each of its
    ``SPEC.conformance_configs``. A game that fails to import is listed once as ``{BROKEN: why}``, so it
    fails its own checks instead of everyone's."""
    out: list[Config] = []
    for name in list_games() if games is None else games:
        try:
            configs = get_spec(name).conformance_configs
        except Exception as e:  # noqa: BLE001 - reported by the checks of this game
            out.append((name, {BROKEN: f"{type(e).__name__}: {e}"}))
            continue
        out.extend((name, dict(cfg)) for cfg in configs)
    return out


def config_id(item: Config) -> str:
    """A readable id of a configuration: ``co2[players=4,draft=True]``."""
    name, cfg = item
    return name + "[" + ",".join(f"{k}={v}" for k, v in cfg.items()) + "]"


def random_game(name: str, cfg: dict[str, Any], seed: int, visit: Visit | None = None,
                limit: int | None = None) -> GameState:
    """Play one seeded uniformly random game; ``visit(state, legal, chosen)`` runs before each action.

    Fails (ConformanceError) on a non-terminal position without legal actions and on a game longer
    than ``limit`` (default ``SPEC.max_actions``). Returns the final state."""
    state = new_game(name, seed=seed, **cfg)
    rng = Rng(seed + 1_000_003)
    limit = limit or get_spec(name).max_actions
    n = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        require(legal, f"non-terminal state with no legal actions at ply {state.ply}")
        action = legal[rng.below(len(legal))]
        if visit is not None:
            visit(state, legal, action)
        state.apply(action)
        n += 1
        require(n <= limit, f"random game did not end within {limit} actions")
    return state


class _Enough(Exception):
    """Raised by a visit that has the positions it wanted: the rest of the game is not played."""


def sample_states(name: str, cfg: dict[str, Any], seed: int, every: int = 7, cap: int = 40,
                  to_end: bool = True) -> list[GameState]:
    """Up to ``cap`` mid-game positions (clones, every ``every`` plies) of one random game, then its end;
    with ``to_end=False`` only the mid-game positions (the game stops at the ``cap``-th)."""
    out: list[GameState] = []

    def visit(state: GameState, legal: list[Action], action: Action) -> None:
        if state.ply % every == 3 and len(out) < cap:
            out.append(state.clone())
            if not to_end and len(out) == cap:
                raise _Enough

    try:
        end = random_game(name, cfg, seed, visit)
    except _Enough:
        return out
    return out + [end] if to_end else out


def fingerprint(state: GameState) -> str:
    """The SHA-256 of a position's JSON."""
    return hashlib.sha256(state.to_json().encode()).hexdigest()


_SUBPROCESS_SCRIPT = r"""
import json, random, sys
import numpy as np
sys.path[:0] = json.loads({path!r})
from ccg.core import register
register({name!r}, {module!r})  # a game registered at run time (not by an entry point) is found too
random.seed({disturb}); np.random.seed({disturb})
for _ in range({disturb} % 17):
    random.random(); np.random.random()
from ccg.testing.play import fingerprint, random_game
print(fingerprint(random_game({name!r}, json.loads({cfg!r}), {seed})))
"""


def run_python(script: str, hashseed: str, cwd: str | None = None, timeout: float = 600) -> str:
    """Run ``script`` in a fresh interpreter with ``PYTHONHASHSEED=hashseed``; its stdout (a failure shows stderr)."""
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=cwd,
                         timeout=timeout)
    require(out.returncode == 0, out.stderr[-3000:])
    return out.stdout.strip()


def fingerprint_in_subprocess(name: str, cfg: dict[str, Any], seed: int, hashseed: str, disturb: int) -> str:
    """:func:`fingerprint` of ``random_game(name, cfg, seed)`` played in a fresh interpreter whose hash seed
    is ``hashseed`` and whose global ``random`` / ``numpy.random`` generators were disturbed first."""
    script = _SUBPROCESS_SCRIPT.format(path=json.dumps(sys.path), name=name, module=game_module(name),
                                       disturb=disturb, cfg=json.dumps(cfg), seed=seed)
    return run_python(script, hashseed)
