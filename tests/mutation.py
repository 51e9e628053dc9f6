"""Mutated saved positions: a loader either refuses them or returns a state that plays on.

``base_positions(game)`` gives mid-game JSON of every conformance configuration (cached);
``mutate(data, picks)`` applies one plausible edit to a position's JSON (a number nudged, a list
element dropped, duplicated, swapped or replaced, a field removed or retyped), drawing its choices
through ``Picks`` (Hypothesis' ``data.draw`` in the tests); ``loads_and_plays(text)`` is the property.
"""
from __future__ import annotations

import json
from functools import lru_cache

from hypothesis import strategies as st

import ccg
from ccg.core import InvalidPositionError, Rng, get_spec

PLIES_AFTER_LOAD = 200


@lru_cache(maxsize=None)
def base_positions(game: str) -> tuple[str, ...]:
    """Positions of random games of every conformance configuration, early, middle and late."""
    out = []
    for k, cfg in enumerate(get_spec(game).conformance_configs):
        for seed in range(2):
            state = ccg.new_game(game, seed=1000 * k + seed, **cfg)
            rng = Rng(77 + seed)
            marks = {7, 41, 150, 400, 900}
            while not state.is_terminal() and state.ply <= 900:
                if state.ply in marks:
                    out.append(state.to_json())
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
            if state.is_terminal():
                out.append(state.to_json())
    return tuple(out)


def _nodes(value, path=()):
    """Every (container path, key) of a JSON tree, depth first."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield path, k
            yield from _nodes(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield path, i
            yield from _nodes(v, path + (i,))


def _at(data, path):
    for k in path:
        data = data[k]
    return data


_ODD = (None, True, False, -1, 0, 1, 2, 7, 99, 10**6, -(10**6), 2**64, "x", "", [], {}, 1.5)


class Picks:
    """The choices a mutation makes, drawn by Hypothesis (``Picks.of(data.draw)``) or any other source."""

    def __init__(self, integer, one):
        self.integer = integer  # (lo, hi) -> int in lo..hi
        self.one = one  # (sequence) -> one element

    @classmethod
    def of(cls, draw) -> "Picks":
        return cls(lambda lo, hi: draw(st.integers(lo, hi)), lambda seq: draw(st.sampled_from(seq)))


def _replacement(old, pick: Picks):
    if isinstance(old, bool):
        return pick.one([not old, 0, 1, None])
    if isinstance(old, int):
        kind = pick.integer(0, 2)
        if kind == 0:
            return pick.one([old + 1, old - 1, -old, old * 2, old + 10])
        return pick.integer(-3, 60) if kind == 1 else pick.one(_ODD)
    if isinstance(old, str):
        return pick.one([old.upper(), old + "x", old[:-1], None, 0, ""])
    if isinstance(old, list) and old:
        return pick.one([old[:-1], old + old[-1:], old[::-1], []])
    return pick.one(_ODD)


def mutate(data: dict, pick: Picks) -> str:
    """Apply one edit to ``data`` in place; returns a description (for failure reports)."""
    nodes = list(_nodes(data["state"], ("state",)))
    if pick.integer(0, 9) == 0:  # now and then the header (options, rng, history …)
        nodes = [n for n in _nodes(data) if not n[0][:1] == ("state",) and n != ((), "state")]
    path, key = nodes[pick.integer(0, len(nodes) - 1)]
    parent = _at(data, path)
    old = parent[key]
    how = pick.one(["replace", "replace", "replace", "remove", "duplicate", "swap", "copy"])
    where = "/".join(map(str, path + (key,)))
    if how == "remove":
        if isinstance(parent, dict):
            del parent[key]
        else:
            parent.pop(key)
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(key, json.loads(json.dumps(old)))
    elif how in ("swap", "copy") and isinstance(parent, list) and len(parent) > 1:
        other = pick.integer(0, len(parent) - 1)
        if how == "swap":
            parent[key], parent[other] = parent[other], parent[key]
        else:
            parent[key] = json.loads(json.dumps(parent[other]))
        where += f" with [{other}]"
    else:
        how = "replace"
        parent[key] = _replacement(old, pick)
    return f"{how} {where}"


def _expect(ok: bool, what: str) -> None:
    """A property check that also runs under ``python -O`` (where ``assert`` is stripped)."""
    if not ok:
        raise AssertionError(what)


def loads_and_plays(text: str, seed: int, plies: int = PLIES_AFTER_LOAD) -> bool:
    """False if the loader refuses ``text``; otherwise play ``plies`` random plies, invariants after each."""
    try:
        state = ccg.load_state(text)
    except InvalidPositionError as e:
        _expect(str(e).startswith("invalid position"), f"a refusal that does not say so: {e}")
        return False
    str(state)
    _expect(ccg.load_state(state.to_json()).to_json() == state.to_json(), "a loaded position does not round-trip")
    for seat in range(state.num_players):
        json.dumps(state.observation(seat))
    rng = Rng(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        _expect(bool(legal), f"no legal action at ply {state.ply}")
        state.apply(legal[rng.below(len(legal))])
        state.check_invariants()
    str(state)
    state.scores()
    state.winners()
    return True
