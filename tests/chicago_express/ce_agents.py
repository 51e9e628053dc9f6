"""A seeded, rule-agnostic but westward-biased player for fuzzing (random play rarely reaches Chicago)."""
from __future__ import annotations

from ccg.core import Rng


def biased_action(state, rng: Rng):
    legal = state.legal_actions()
    names = [str(a) for a in legal]
    r = rng.random()
    if names[0].startswith("place") or names == ["stop"]:
        places = [a for a in legal if a.kind == "place"]
        if places and r < 0.85:
            return min(places, key=lambda a: (a.args[1][0], rng.random()))  # westmost column
        return legal[rng.below(len(legal))]
    if state.phase == 1:
        builds = [a for a in legal if a.kind == "build"]
        if builds and r < 0.55:
            return builds[rng.below(len(builds))]
        auctions = [a for a in legal if a.kind == "auction"]
        if auctions and r < 0.8:
            return auctions[rng.below(len(auctions))]
        return legal[rng.below(len(legal))]
    # auctions: bid the lowest allowed often, else pass or a random bid
    if len(legal) > 1 and r < 0.45:
        return legal[1]
    if r < 0.8:
        return legal[0]
    return legal[rng.below(len(legal))]


def play(state, seed: int, policy: str = "biased", check: bool = True, limit: int = 20_000):
    rng = Rng(seed)
    n = 0
    while not state.is_terminal():
        if policy == "biased":
            a = biased_action(state, rng)
        else:
            legal = state.legal_actions()
            a = legal[rng.below(len(legal))]
        state.apply(a)
        if check:
            state.check_invariants()
        n += 1
        assert n < limit
    return state
