"""check_invariants catches each kind of corruption; the loader names the bad field."""
from __future__ import annotations

import json

import pytest
from ce_helpers import NYC, PRR, after_openings, put

import ccg
from ccg.core import BrokenInvariantError, InvalidPositionError


def _broken(mutate):
    s = after_openings()
    put(s, NYC, "R2")
    s.check_invariants()
    mutate(s)
    return s


@pytest.mark.parametrize("mutate, message", [
    (lambda s: s.cash.__setitem__(1, s.cash[1] + 1), "money not conserved"),
    (lambda s: s.treasury.__setitem__(0, 5), "money not conserved"),
    (lambda s: s.trains_left.__setitem__(NYC, s.trains_left[NYC] + 1), "trains not conserved"),
    (lambda s: s.shares_left.__setitem__(PRR, 3), "shares not conserved"),
    (lambda s: setattr(s, "house_supply", 19), "houses not conserved"),
    (lambda s: s.income.__setitem__(NYC, 99), "income 99"),
    (lambda s: [put(s, PRR, h) for h in ("R4", "R3", "R2")], "forest/mountain with two companies"),
    (lambda s: put(s, PRR, "A2"), "not connected"),
    (lambda s: [put(s, PRR, h) for h in ("R4", "R3", "S3")], "another company's start hex"),
    (lambda s: s.meters.__setitem__(0, 9), "meter past its red area"),
])
def test_ce_invariants_detect_corruption(mutate, message):
    s = _broken(mutate)
    with pytest.raises(BrokenInvariantError, match=message):
        s.check_invariants()


def test_ce_loader_names_bad_fields():
    s = after_openings()
    good = json.loads(s.to_json())
    cases = [
        (("state", "trains", "NYC"), ["S3", "ZZ9"], "trains.NYC"),
        (("state", "meters"), [9, 0, 0], "meters"),
        (("state", "phase"), "lunch", "phase"),
        (("state", "cash"), [30, 30, -1, 30], "cash"),
        (("state", "houses"), ["S4"], "house"),
    ]
    for path, value, needle in cases:
        d = json.loads(json.dumps(good))
        node = d
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        with pytest.raises(InvalidPositionError, match=needle):
            ccg.load_state(json.dumps(d))


def test_ce_loader_fuzz_only_clear_errors_and_playable_positions():
    """Random field corruption: either an InvalidPositionError, or a position that plays on and stays valid."""
    from ce_agents import biased_action

    from ccg.core import Rng

    rng = Rng(17)
    texts = []
    for seed in range(4):
        s = ccg.new_game("chicago_express", players=2 + seed, seed=seed)
        while not s.is_terminal():
            if rng.below(12) == 0:
                texts.append(s.to_json())
            s.apply(biased_action(s, rng))
    values = [None, 0, 1, -1, 5, 99, "PRR", "A2", "x", True, [], [0], ["A2"], [0, 0, 0], {}]

    def leaves(d, pre=()):
        if isinstance(d, dict):
            for k, v in d.items():
                yield from leaves(v, pre + (k,))
        elif isinstance(d, list):
            for i, v in enumerate(d):
                yield from leaves(v, pre + (i,))
        if pre:
            yield pre

    for text in texts[:25]:
        paths = list(leaves(json.loads(text)["state"]))
        for _ in range(20):
            d = json.loads(text)
            p = paths[rng.below(len(paths))]
            node = d["state"]
            for k in p[:-1]:
                node = node[k]
            node[p[-1]] = values[rng.below(len(values))]
            try:
                st = ccg.load_state(json.dumps(d))
            except InvalidPositionError:
                continue
            for a in st.legal_actions()[:4]:
                st.child(a).check_invariants()
