"""``ccg.testing``, the conformance suite a game author runs: its API, and that its checks catch broken games.

Each broken game below is the toy game (tests/toy_game.py) with one promise broken; the check that guards
that promise must fail on it, while the toy game itself passes.
"""
from __future__ import annotations

import dataclasses
import json
import os
import random
import subprocess
import sys

import pytest
import toy_game

import ccg.testing
from ccg.core import register, registry


def _variant(name: str, spec_fields=None, **hooks):
    """The toy game under another name with some hooks replaced (registered by the ``broken_games`` fixture)."""
    cls = type(f"Toy_{name}", (toy_game.ToyState,), {"__slots__": (), "game": name, **hooks})

    def retype(state):
        state.__class__ = cls
        return state

    cls._copy = lambda self: retype(toy_game.ToyState._copy(self))
    cls._from_state_dict = classmethod(lambda c, d, n, o: retype(toy_game.ToyState._from_state_dict.__func__(c, d, n, o)))
    return dataclasses.replace(toy_game.SPEC, name=name, state_class=cls,
                               create=lambda p, s, o: retype(toy_game.create(p, s, o)), **(spec_fields or {}))


def _global_die(self, action):
    if action.kind == "roll":  # the die from the global generator: not part of the position
        self.turn_total += random.randint(2, 6)
    else:
        toy_game.ToyState._apply(self, action)


def _unsorted(self, seat, rng):
    """Deals the unseen cards from a pool in the order the hidden truth left it: the order leaks."""
    unseen = [c for p, c in enumerate(self.cards) if p != seat] + self.deck
    rng.shuffle(unseen)
    for p in range(self.num_players):
        if p != seat:
            self.cards[p] = unseen.pop()
    self.deck = unseen


BROKEN = {
    "nothing_handed_out_is_live": _variant("toy_live", _state_dict=lambda self: {
        **toy_game.ToyState._state_dict(self), "banked": self.banked}),
    "determinism_in_process_with_disturbed_globals": _variant("toy_global_random", _apply=_global_die),
    "observation_hides_and_determinize_is_consistent": _variant(
        "toy_shows_cards", _observe=lambda self, seat: toy_game.ToyState._state_dict(self)),
    "determinize_does_not_depend_on_the_hidden_truth": _variant("toy_unsorted_pool", _resample_hidden=_unsorted),
    # a page of secrets that shows every seat's card, not only its own
    "a_seats_secrets_and_board_come_from_its_observation": _variant(
        "toy_secrets_leak", {"secret_view": lambda state, seat: [("cards", str(state.cards))]}),
}


@pytest.fixture(autouse=True, scope="module")
def broken_games():
    """The broken games registered for this module's tests only: the registry is restored afterwards, so they
    never reach another module's parametrisation (``ccg.testing.cases()`` of every registered game)."""
    registry.list_games()  # the installed games discovered first: they stay registered afterwards
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(registry, "_MODULES", dict(registry._MODULES))
        mp.setattr(registry, "_SPECS", dict(registry._SPECS))
        for spec in BROKEN.values():
            register(spec)
        yield


@pytest.mark.parametrize("check", sorted(BROKEN))
def test_a_check_fails_on_the_game_that_breaks_its_promise(check):
    name = BROKEN[check].name
    with pytest.raises(AssertionError):
        ccg.testing.run_case((check, (name, {"players": 2})))
    ccg.testing.run_case((check, ("toy", {"players": 2})))  # the unbroken game passes the same check


def test_check_game_runs_every_check_on_the_given_configurations():
    seen: list[str] = []
    ccg.testing.check_game("toy", configs=[{"players": 3}], checks=["notation_round_trips", "replayable_is_decided_on_load"],
                           progress=seen.append)
    assert seen == ["notation_round_trips-toy[players=3]", "replayable_is_decided_on_load-toy[players=3]"]
    with pytest.raises(AssertionError, match=r"nothing_handed_out_is_live-toy_live\[players=2\]: a returned"):
        ccg.testing.check_game("toy_live", checks=["nothing_handed_out_is_live"])


def test_cases_cover_every_check_and_declared_configuration():
    cases = ccg.testing.cases(["toy"])
    assert len(cases) == len(ccg.testing.CHECKS) * len(toy_game.SPEC.conformance_configs)
    assert {c for c, _ in cases} == set(ccg.testing.CHECKS)
    with pytest.raises(ValueError, match="unknown conformance checks"):
        ccg.testing.cases(["toy"], checks=["no_such_check"])


def test_a_game_that_does_not_load_fails_its_own_cases():
    register("toy_without_spec", "json")  # a module that defines no SPEC (the fixture removes it afterwards)
    cases = [c for c in ccg.testing.cases() if c[1][0] == "toy_without_spec"]
    assert len(cases) == len(ccg.testing.CHECKS)
    with pytest.raises(AssertionError, match="toy_without_spec cannot be loaded: AttributeError"):
        ccg.testing.run_case(cases[0])


_OPTIMIZED_DRIVER = r'''
import json, sys
assert False, "not reached under python -O"
import ccg.testing
from ccg.core import register
from test_testing import BROKEN

out = {"optimize": sys.flags.optimize, "failed": {}}
for check, spec in sorted(BROKEN.items()):
    register(spec)  # in this interpreter only
    try:
        ccg.testing.run_case((check, (spec.name, {"players": 2})))
    except ccg.testing.ConformanceError as e:
        out["failed"][check] = str(e)
ccg.testing.check_game("toy", configs=[{"players": 2}], checks=sorted(BROKEN))  # the unbroken game passes
print(json.dumps(out))
'''


def test_the_checks_catch_broken_games_under_python_optimized():
    """``python -O`` drops ``assert``: every check still fails on the game that breaks its promise, with
    ConformanceError and its message (run in a fresh interpreter: nothing is registered in this one)."""
    here = os.path.dirname(os.path.abspath(__file__))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([here, os.environ.get("PYTHONPATH", "")]))
    run = subprocess.run([sys.executable, "-O", "-c", _OPTIMIZED_DRIVER], capture_output=True, text=True,
                         env=env, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout.splitlines()[-1])
    assert out["optimize"] == 1
    assert sorted(out["failed"]) == sorted(BROKEN), f"passed under -O although broken: {set(BROKEN) - set(out['failed'])}"
    assert out["failed"]["nothing_handed_out_is_live"] == "a returned container was live"
    assert out["failed"]["observation_hides_and_determinize_is_consistent"] == (
        "determinize changed what the seat can see")
