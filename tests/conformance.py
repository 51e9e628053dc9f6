"""The conformance suite every registered game runs (see test_conformance.py).

Helpers here play seeded random games and check the protocol's promises.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

import ccg
from ccg.core import Action, IllegalActionError, Rng, get_spec, list_games

HERE = os.path.dirname(os.path.abspath(__file__))

BROKEN = "_broken"

# How many random games each configuration plays in the conformance run (`make fuzz` plays 12)
GAMES = int(os.environ.get("CCG_CONFORMANCE_GAMES", "3"))


def configurations() -> list[tuple[str, dict]]:
    """(game, new_game kwargs) for every registered game and each of its configurations."""
    out = []
    for name in list_games():
        try:
            configs = get_spec(name).conformance_configs
        except Exception as e:  # a game that does not even import fails its own tests, not everyone's
            out.append((name, {BROKEN: f"{type(e).__name__}: {e}"}))
            continue
        for cfg in configs:
            out.append((name, dict(cfg)))
    return out


def config_id(item) -> str:
    name, cfg = item
    return name + "[" + ",".join(f"{k}={v}" for k, v in cfg.items()) + "]"


def random_game(name: str, cfg: dict, seed: int, visit=None, limit: int | None = None):
    """Play one random game; call ``visit(state, legal, chosen)`` before each action. Returns the end state."""
    state = ccg.new_game(name, seed=seed, **cfg)
    rng = Rng(seed + 1_000_003)
    limit = limit or get_spec(name).max_actions
    n = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, f"non-terminal state with no legal actions at ply {state.ply}"
        action = legal[rng.below(len(legal))]
        if visit is not None:
            visit(state, legal, action)
        state.apply(action)
        n += 1
        assert n <= limit, f"random game did not end within {limit} actions"
    return state


def sample_states(name: str, cfg: dict, seed: int, every: int = 7, cap: int = 40):
    """A handful of mid-game states from one random game (clones)."""
    out = []

    def visit(state, legal, action):
        if state.ply % every == 3 and len(out) < cap:
            out.append(state.clone())

    end = random_game(name, cfg, seed, visit)
    out.append(end)
    return out


SUBPROCESS_SCRIPT = r"""
import hashlib, json, random, sys
import numpy as np
sys.path.insert(0, {here!r})
import conftest  # registers the test-only toy game
random.seed({disturb}); np.random.seed({disturb})
for _ in range({disturb} % 17):
    random.random(); np.random.random()
from conformance import random_game
state = random_game({name!r}, json.loads({cfg!r}), {seed})
print(hashlib.sha256(state.to_json().encode()).hexdigest())
"""


def run_python(script: str, hashseed: str, cwd: str | None = None, timeout: float = 600) -> str:
    """Run ``script`` in a fresh interpreter with ``PYTHONHASHSEED=hashseed``; its stdout (a failure shows stderr)."""
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=cwd,
                         timeout=timeout)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout.strip()


def fingerprint_in_subprocess(name: str, cfg: dict, seed: int, hashseed: str, disturb: int) -> str:
    script = SUBPROCESS_SCRIPT.format(here=HERE, disturb=disturb, name=name, cfg=json.dumps(cfg), seed=seed)
    return run_python(script, hashseed)


def foreign_actions(state) -> list[Action]:
    """Actions that are certainly not legal in ``state``."""
    legal = set(map(str, state.legal_actions()))
    candidates = [Action("no-such-move"), Action("bid", (-5,)), Action("place", ("ZZ99",))]
    return [a for a in candidates if str(a) not in legal]


def assert_illegal_changes_nothing(state, action) -> None:
    before = state.to_json()
    try:
        state.apply(action)
    except IllegalActionError as e:
        assert str(e), "an IllegalActionError must say why"
    else:
        raise AssertionError(f"{action} was accepted but is not legal")
    assert state.to_json() == before, f"rejecting {action} changed the state"


SCRAMBLED = "scrambled by the test"


def scramble(value) -> int:
    """Edit every dict and list inside ``value`` in place; returns how many containers were edited.

    Read-only containers (``ccg.core.frozen``) refuse with TypeError and count as safe.
    """
    containers, stack = [], [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            containers.append(v)
            stack.extend(v.values())
        elif isinstance(v, list):
            containers.append(v)
            stack.extend(v)
    edited = 0
    for c in containers:
        try:
            if isinstance(c, dict):
                for k in list(c):
                    if not isinstance(c[k], (dict, list)):
                        c[k] = SCRAMBLED
                c[SCRAMBLED] = [SCRAMBLED]
            else:
                for i, x in enumerate(c):
                    if not isinstance(x, (dict, list)):
                        c[i] = SCRAMBLED
                c.append(SCRAMBLED)
            edited += 1
        except TypeError:
            pass
    return edited


def public_results(state) -> list:
    """Everything the public protocol (and the analysis hooks) hands out for ``state``, freshly called."""
    from ccg.core import get_spec

    spec = get_spec(state.game)
    out = [state.to_dict(), state.history(), state.legal_actions(), state.scores(), state.winners(),
           state.returns(), state.options]
    out += [state.observation(p) for p in range(state.num_players)]
    if state.replayable:
        out.append(state.record())
    if spec.outcome is not None:
        out.append(spec.outcome(state))
    if spec.trajectory is not None:
        out.append(spec.trajectory(state))
    return out
