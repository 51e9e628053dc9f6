"""Positions are validated by explicit checks, so ``python -O`` (which strips ``assert``) loads nothing more.

A subprocess under ``python -O`` refuses a Catan position with 5 extra wood in the bank (a conservation
law of CAT-1.4) and runs the position-mutation suite of ``mutation.py`` (seeded edits of mid-game
positions of every game: each is refused or plays on with every invariant checked).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys

_DRIVER = r'''
import json, random, sys
assert False, "not reached under python -O"
import ccg
from ccg.core import InvalidPositionError
from mutation import Picks, base_positions, loads_and_plays, mutate

out = {"optimize": sys.flags.optimize}
state = json.loads(ccg.new_game("catan", seed=1).to_json())
state["state"]["bank"][0] += 5
try:
    ccg.load_state(json.dumps(state))
    out["extra_wood"] = "loaded"
except InvalidPositionError as e:
    out["extra_wood"] = str(e)
rng = random.Random(int(sys.argv[1]))
picks = Picks(rng.randint, rng.choice)
for game in ("catan", "chicago_express", "co2"):
    positions = base_positions(game)
    refused = played = 0
    for _ in range(int(sys.argv[2])):
        data = json.loads(rng.choice(positions))
        for _ in range(rng.randint(1, 3)):
            mutate(data, picks)
        if loads_and_plays(json.dumps(data), seed=rng.randint(0, 2**16), plies=40):
            played += 1
        else:
            refused += 1
    out[game] = [refused, played]
print(json.dumps(out))
'''


def test_mutation_suite_under_python_optimized():
    here = os.path.dirname(os.path.abspath(__file__))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([here, os.environ.get("PYTHONPATH", "")]))
    run = subprocess.run([sys.executable, "-O", "-c", _DRIVER, "7", "60"], capture_output=True, text=True,
                         env=env, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout.splitlines()[-1])
    assert out["optimize"] == 1
    assert out["extra_wood"].startswith("invalid position: breaks a rule invariant: bank[0]"), out["extra_wood"]
    for game in ("catan", "chicago_express", "co2"):
        refused, played = out[game]
        assert refused + played == 60
        assert refused > 0, f"{game}: no mutated position was refused"
