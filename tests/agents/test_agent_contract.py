"""The contract of every registered agent on every game: legal and pure, reproducible across processes,
blind to what its seat cannot see (except through ``determinize``), strict about its parameters.

Each agent name has one cheap configuration here (``CONFIGS``); a new name must add one, and its
parameter checks to ``BAD_PARAMETERS``. Games are every registered game plus Oil Springs (the
scenario the ``sequester`` persona acts in). Agent-specific behaviour stays with its own tests
(``test_agents_protocol.py`` for MCTS and Greedy, ``tests/<game>/test_*_strategist.py``).
"""
from __future__ import annotations

import functools
import json
import os
import textwrap

import pytest
from conformance import run_python

import ccg
from ccg.agents import Agent, agent_names, make_agent, persona_params
from ccg.core import Rng, get_spec, registry

TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(TESTS)

# one cheap configuration per registered agent name
CONFIGS = {
    "random": "random",
    "greedy": "greedy",
    "mcts": "mcts:iterations=20:rollout_depth=4",
    "strategist": "strategist",
}
# one xdist worker runs this file, so the checked sequences are played once and shared by the tests
pytestmark = pytest.mark.xdist_group("agent_contract")
PREFIX = 60   # random actions before the second start position
CAP = 30      # actions each agent plays from each start position


def cases() -> dict[str, tuple[str, dict]]:
    """``{label: (game, options)}``: every game of the package, the tests' toy, and Catan with the Oil Springs
    scenario. (Other test modules register games of their own; the fresh processes must see the same list.)"""
    out = {name: (name, {}) for name in ccg.list_games() if name == "toy" or registry._MODULES[name].startswith("ccg.")}
    if "catan" in out:
        out["catan+oil_springs"] = ("catan", {"scenario": "oil_springs"})
    return out


CASES = cases()


def new(label: str, seed: int = 0):
    game, options = CASES[label]
    return ccg.new_game(game, seed=seed, **options)


def random_line(label: str, seed: int, plies: int):
    """The positions of a seeded random game, the start first, at most ``plies`` actions in."""
    state = new(label, seed)
    rng = Rng(seed)
    line = [state.clone()]
    while not state.is_terminal() and len(line) <= plies:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        line.append(state.clone())
    return line


def starts(label: str) -> list:
    """The start of a game and a position after some random play (halfway into a short game)."""
    line = random_line(label, 7, PREFIX)
    later = line[min(PREFIX, (len(line) - 1) // 2)]
    return [line[0], later]


def play_checked(state, spec: str, seed: int, cap: int | None) -> list[str]:
    """``spec`` in every seat plays ``cap`` actions (None: to the end); each is legal and the state untouched."""
    seats = [make_agent(spec, seed + p) for p in range(state.num_players)]
    moves: list[str] = []
    limit = get_spec(state.game).max_actions if cap is None else cap
    while not state.is_terminal() and len(moves) < limit:
        before = state.to_json()
        legal = state.legal_actions()
        action = seats[state.current_player].act(state)
        assert state.to_json() == before, f"{spec} changed the state it was given"
        assert action in legal, f"{spec} played {action}, which is not legal"
        moves.append(str(action))
        state.apply(action)
    return moves


@functools.cache
def sequences(label: str, name: str) -> tuple[tuple[str, ...], ...]:
    """The checked action sequences of agent ``name`` from each start position of ``label``."""
    return tuple(tuple(play_checked(s.clone(), CONFIGS[name], 11 * k, CAP)) for k, s in enumerate(starts(label)))


def persona_tables() -> dict[str, list[str]]:
    """For every game with persona parameters, a table of strategists at their bounds and default."""
    tables = {}
    for label, (game, _) in CASES.items():
        params = persona_params().get(game, {})
        for name, p in sorted(params.items()):
            if p.choices is not None:
                values = list(p.choices)
            else:
                values = [p.lo, p.hi, (p.lo + p.hi) / 2]
            tables[f"{label}:{name}"] = ["strategist"] + [f"strategist:{name}={v:g}" if not isinstance(v, str)
                                                         else f"strategist:{name}={v}" for v in values]
    return tables


def whole_persona_games() -> dict[str, list[str]]:
    """Whole games of each persona table (mixed seats), every action of them."""
    out = {}
    for key, specs in persona_tables().items():
        label = key.split(":")[0]
        state = new(label, 5)
        seats = [make_agent(specs[p % len(specs)], 30 + p) for p in range(state.num_players)]
        moves = []
        while not state.is_terminal() and len(moves) < get_spec(state.game).max_actions:
            action = seats[state.current_player].act(state)
            moves.append(str(action))
            state.apply(action)
        out[key] = moves
    return out


def fingerprint() -> dict:
    """Everything the cross-process test compares (run in fresh interpreters)."""
    return {"matrix": {f"{label}/{name}": sequences(label, name) for label in CASES for name in CONFIGS},
            "personas": whole_persona_games()}


# ---------------------------------------------------------------------------------------------
def test_every_registered_agent_has_a_contract_configuration():
    assert set(agent_names()) == set(CONFIGS) == set(BAD_PARAMETERS), (
        "add a cheap configuration and bad-parameter cases for every agent name")


@pytest.mark.parametrize("name", sorted(CONFIGS))
@pytest.mark.parametrize("label", sorted(CASES))
def test_plays_only_legal_actions_and_never_mutates(label, name):
    played = sequences(label, name)
    assert all(played), f"{name} played nothing from a start position of {label}"


_SCRIPT = textwrap.dedent(f"""
    import json, sys
    sys.path[:0] = [{TESTS!r}, {os.path.join(TESTS, "agents")!r}]
    import conftest  # registers the toy game, as in the test session
    import test_agent_contract as contract
    print(json.dumps(contract.fingerprint()))
""")


def test_same_actions_for_a_seed_in_fresh_processes_with_different_hash_seeds():
    runs = []
    for hash_seed in ("1", "2718"):
        runs.append(json.loads(run_python(_SCRIPT, hash_seed, cwd=ROOT)))
    assert runs[0] == runs[1], "two processes played different actions for the same seeds"
    here = {f"{label}/{name}": [list(seq) for seq in sequences(label, name)] for label in CASES for name in CONFIGS}
    assert runs[0]["matrix"] == here, "a fresh process played differently from this one"
    assert set(runs[0]["personas"]) == set(persona_tables()) and all(len(m) > 100 for m in runs[0]["personas"].values())


# ---- hidden information ----------------------------------------------------------------------
HIDDEN = sorted(label for label, (game, _) in CASES.items() if get_spec(game).state_class.hidden_information)


class OnlyDeterminize:
    """Wraps a state and lets an agent reach it only through the information-safe API."""

    ALLOWED = {"current_player", "legal_actions", "determinize", "num_players", "game", "is_terminal",
               "hidden_information"}

    def __init__(self, state):
        object.__setattr__(self, "_state", state)

    def __getattr__(self, name):
        if name not in self.ALLOWED:
            raise AssertionError(f"the agent read {name!r} of the real state")
        return getattr(self._state, name)


def hidden_positions(label: str) -> list:
    """Four positions spread over a random game where the seat to move holds a choice."""
    line = random_line(label, 3, 3 * PREFIX)
    choices = [s for s in line[1:] if not s.is_terminal() and len(s.legal_actions()) > 1]
    return choices[::max(1, len(choices) // 4)][:4]


def check_blind(spec: str, label: str) -> None:
    """The agent plays the same action in a position and in two others that differ only in what the
    seat to move cannot see (built by the state's own ``determinize``), and reaches the real state only
    through the information-safe API."""
    differed = False
    positions = hidden_positions(label)
    assert positions, f"no position with a choice in {label}"
    for k, real in enumerate(positions):
        seat = real.current_player
        worlds = [real] + [real.determinize(seat, 1000 + j) for j in (1, 2)]
        for w in worlds[1:]:
            assert w.observation(seat) == real.observation(seat)
            differed |= w._state_dict() != real._state_dict()
        picks = {str(make_agent(spec, 40 + k).act(w)) for w in worlds}
        assert len(picks) == 1, f"{spec} played {sorted(picks)} in positions seat {seat} cannot tell apart"
        assert str(make_agent(spec, 40 + k).act(OnlyDeterminize(real))) in picks
    assert differed, f"no test position of {label} had anything hidden from the seat to move"


@pytest.mark.parametrize("name", sorted(CONFIGS))
@pytest.mark.parametrize("label", HIDDEN)
def test_never_reads_what_its_seat_cannot_see(label, name):
    check_blind(CONFIGS[name], label)


class PeekingAgent(Agent):
    """Cheats: its choice depends on the whole position, hidden cards and the dice to come included
    (declared a referee, so it is handed the real state; test_fair_by_construction.py shows that without
    the declaration the same reading learns nothing)."""

    name = "peeking"
    referee = True

    def act(self, state):
        import hashlib

        legal = state.legal_actions()
        digest = hashlib.sha256(state._state.to_json().encode() if isinstance(state, OnlyDeterminize)
                                else state.to_json().encode()).digest()
        return legal[digest[0] % len(legal)]


@pytest.mark.parametrize("label", HIDDEN)
def test_the_blindness_check_catches_an_agent_that_peeks(label):
    with pytest.raises(AssertionError, match="cannot tell apart"):
        check_blind(PeekingAgent, label)


# ---- parameters ------------------------------------------------------------------------------
def _persona_cases() -> list[tuple[str, str]]:
    """(spec, the parameter its error must name) for every persona parameter: out of range, wrong type."""
    out = []
    for params in (p for _, p in sorted(persona_params().items())):
        for name, p in sorted(params.items()):
            if p.choices is not None:
                out.append((f"strategist:{name}=no_such_{name}", name))
                continue
            out += [(f"strategist:{name}={p.lo - 0.5:g}", name), (f"strategist:{name}={p.hi + 0.5:g}", name),
                    (f"strategist:{name}=plenty", name), (f"strategist:{name}=true", name)]
    return out


# name -> [(spec, the word the ValueError must contain)]: an unknown keyword, out of range, wrong type
BAD_PARAMETERS = {
    "random": [("random:depth=3", "depth")],
    "greedy": [("greedy:smples=3", "smples"), ("greedy:samples=0", "samples"), ("greedy:samples=many", "samples"),
               ("greedy:exact=1", "exact")],
    "mcts": [("mcts:iteratons=5", "iteratons"), ("mcts:iterations=0", "iterations"), ("mcts:c=-1", "c must"),
             ("mcts:rollout_depth=deep", "rollout_depth")],
    "strategist": [("strategist:cooperaton=0.8", "cooperaton"), ("strategist:weights=3", "weights"),
                   ("strategist:level=0", "level"), ("strategist:level=6", "level"), ("strategist:level=x", "level"),
                   *_persona_cases()],
}


@pytest.mark.parametrize("spec, word", [case for name in sorted(BAD_PARAMETERS) for case in BAD_PARAMETERS[name]])
def test_bad_parameters_are_a_clear_error_naming_them(spec, word):
    with pytest.raises(ValueError, match=word):
        make_agent(spec, 1)


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_a_seed_that_is_not_a_whole_number_is_refused(name):
    cls = type(make_agent(CONFIGS[name], 0))
    for bad in (1.5, "3", True):
        with pytest.raises(ValueError, match="seed"):
            cls(seed=bad)


def test_a_persona_of_another_game_is_refused_when_it_would_play():
    params = persona_params()
    checked = 0
    for label, (game, _) in CASES.items():
        own = set(params.get(game, {}))
        for their in params.values():
            for name, p in their.items():
                if name in own:
                    continue
                agent = make_agent(f"strategist:{name}={p.default}", 1)
                state = next(s for s in random_line(label, 1, 40) if len(s.legal_actions()) > 1)
                with pytest.raises(ValueError, match=f"{name}.*do not apply to {game}"):
                    agent.act(state)
                checked += 1
    assert checked >= 3
