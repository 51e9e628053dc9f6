"""MCTS with the strategist as rollout policy and prior: legal play, determinism,
bad settings rejected, and proof that the rollouts and the prior really are the strategist's."""
from __future__ import annotations

import math
from pathlib import Path

import pytest
from conformance import run_python

import ccg
from ccg.agents import MCTSAgent, StrategistAgent, make_agent
from ccg.core import Rng

ROOT = str(Path(__file__).resolve().parents[2])
GAMES = ("co2", "catan", "chicago_express")


def strategist_position(game: str, plies: int, seed: int = 2):
    """A position after ``plies`` actions of four strategists, with at least two legal actions."""
    state = ccg.new_game(game, players=4, seed=seed)
    agents = [StrategistAgent(seed=seed * 10 + p) for p in range(4)]
    done = 0
    while not state.is_terminal() and (done < plies or len(state.legal_actions()) < 2):
        state.apply(agents[state.current_player].act(state))
        done += 1
    return state


@pytest.mark.parametrize("game", GAMES)
def test_whole_games_with_strategist_rollouts_and_prior_are_legal(game):
    lineup = [MCTSAgent(iterations=3, rollout_depth=3, rollout="strategist", seed=1),
              MCTSAgent(iterations=3, rollout_depth=3, rollout="strategist", prior="strategist", seed=2),
              StrategistAgent(seed=3), StrategistAgent(seed=4)]
    state = ccg.new_game(game, players=4, seed=7)
    moves = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        action = lineup[state.current_player].act(state)
        assert action in legal
        state.apply(action)
        moves += 1
        assert moves < 20000, "the game does not end"
    assert state.returns() is not None


_SCRIPT = """
import hashlib, ccg
from ccg.agents import make_agent
for game in ("catan", "co2"):  # hidden information (Catan's hands, CO2's decks): rollouts run on determinizations
    s = ccg.new_game(game, players=4, seed=5)
    agents = [make_agent(spec, 30 + p) for p, spec in enumerate(
        ["mcts:4:rollout=strategist:rollout_depth=4", "mcts:4:prior=strategist:rollout_depth=4", "strategist",
         "mcts:4:rollout=strategist:prior=strategist:rollout_depth=4"])]
    moves = []
    while not s.is_terminal() and len(moves) < 60:
        a = agents[s.current_player].act(s)
        moves.append(str(a))
        s.apply(a)
    print(game, hashlib.sha256("|".join(moves).encode()).hexdigest(), len(moves))
"""


def test_same_moves_in_two_processes_with_different_hash_seeds():
    outs = []
    for hash_seed in ("0", "4242"):
        outs.append(run_python(_SCRIPT, hash_seed, cwd=ROOT, timeout=300))
    assert outs[0] == outs[1]
    assert [line.split()[-1] for line in outs[0].splitlines()] == ["60", "60"]


@pytest.mark.parametrize("bad, message", [
    (dict(rollout="greedy"), "rollout must be one of random, strategist"),
    (dict(rollout=True), "rollout must be one of"),
    (dict(prior="strategists"), "prior must be true or false, or one of heuristic, none, strategist"),
    (dict(prior=1), "prior must be true or false"),
    (dict(prior_visits=0), "prior_visits must be a whole number >= 1"),
    (dict(prior_visits=2.5, prior="strategist"), "prior_visits"),
    (dict(clock="gpu", seconds=1), "clock must be one of wall, cpu"),
    (dict(persona="cooperation=0.8"), "persona applies to the strategist"),
    (dict(rollout="strategist", persona="cooperation"), "persona must be name=value pairs"),
    (dict(rollout="strategist", persona=["cooperation", 1]), "persona must be a mapping"),
    (dict(rollout="strategist", persona="cooperation=2"), "'cooperation' must be between 0 and 1"),
    (dict(prior="strategist", persona={"boldness": 1}), "strategist has no parameter 'boldness'"),
    (dict(value="planner"), "value must be one of heuristic, strategist"),
    (dict(candidates=0), "candidates must be a whole number >= 1"),
    (dict(candidates=3, prior=False), "candidates ranks children by their priors"),
    (dict(tree_depth=0), "tree_depth must be a whole number >= 1 or None"),
    (dict(tree_depth=1.5), "tree_depth must be a whole number"),
])
def test_bad_settings_are_rejected(bad, message):
    with pytest.raises(ValueError, match=message):
        MCTSAgent(**bad)


def test_specs_name_the_rollout_prior_and_persona():
    agent = make_agent("mcts:50:rollout=strategist:prior=strategist:persona=cooperation=0.8", 3)
    assert (agent.iterations, agent.rollout, agent.prior, agent.persona) == (50, "strategist", "strategist",
                                                                            {"cooperation": 0.8})
    again = agent.spawn(4)
    assert (again.rollout, again.prior, again.persona, again.seed) == ("strategist", "strategist",
                                                                       {"cooperation": 0.8}, 4)
    assert make_agent("mcts:prior=none", 0).prior is False and make_agent("mcts:prior=heuristic", 0).prior is True
    with pytest.raises(ValueError, match="rollout must be one of random, strategist, got 'smart'"):
        ccg.simulate("co2", agents=["mcts:rollout=smart"] + ["random"] * 3, n_games=1)
    # a persona parameter of another game is caught when the game is known: at the first move
    catan = MCTSAgent(iterations=2, rollout="strategist", persona={"cooperation": 0.5})
    with pytest.raises(ValueError, match="do not apply to catan"):
        catan.act(strategist_position("catan", 30))


def _planner_calls(monkeypatch, planner_type) -> list[str]:
    """Record every action the strategist planner chooses (while the test runs)."""
    calls: list[str] = []
    original = planner_type.choose

    def spy(self, state, seat, rng):
        action = original(self, state, seat, rng)
        calls.append(str(action))
        return action

    monkeypatch.setattr(planner_type, "choose", spy)
    return calls


def _strategist_line(planner, state, seed: int, depth: int) -> list[str]:
    """What the strategist plays from the search's first determinization, with the search's generator."""
    rng = Rng(seed)
    s = state.determinize(state.current_player, rng.next64())
    out = []
    for _ in range(depth):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        action = legal[0] if len(legal) == 1 else planner.choose(s, s.current_player, rng)
        if len(legal) > 1:
            out.append(str(action))
        s.apply(action)
    return out


@pytest.mark.parametrize("game, persona", [("co2", {"cooperation": 1.0}), ("chicago_express", {"investor": 0.0})])
def test_the_rollout_is_the_strategists_play_from_the_leaf(monkeypatch, game, persona):
    """One simulation, no tree below the root: the rollout is the strategist's line from the
    determinized position, choice by choice, with the persona given to MCTS."""
    state = strategist_position(game, 40)
    depth = 40
    expected = _strategist_line(StrategistAgent(**persona).planner(game), state, 9, depth)
    other = {k: 0.5 for k in persona}  # the same line with another persona differs: the persona is felt
    assert _strategist_line(StrategistAgent(**other).planner(game), state, 9, depth) != expected
    planner_type = type(StrategistAgent().planner(game))
    calls = _planner_calls(monkeypatch, planner_type)
    agent = MCTSAgent(iterations=1, rollout="strategist", rollout_depth=depth, persona=persona, seed=9)
    agent.act(state)
    assert calls == expected and len(calls) >= 10


def test_random_rollouts_never_ask_the_strategist(monkeypatch):
    state = strategist_position("chicago_express", 40)
    calls = _planner_calls(monkeypatch, type(StrategistAgent().planner("chicago_express")))
    MCTSAgent(iterations=20, rollout_depth=20, seed=1).act(state)
    assert calls == []


@pytest.mark.parametrize("game", ["catan", "chicago_express"])
def test_the_strategist_prior_makes_one_simulation_play_the_strategists_move(game):
    """After one simulation the strategist's move has 1 + prior_visits visits and every other 1, so the
    search plays it; with the heuristic prior the same search plays the first legal action."""
    for plies in range(20, 400, 7):
        state = strategist_position(game, plies)
        if state.is_terminal():
            continue
        rng = Rng(5)
        view = state.determinize(state.current_player, rng.next64())
        pick = StrategistAgent().planner(game).choose(view, state.current_player, rng)
        if pick != state.legal_actions()[0]:
            break
    else:
        pytest.fail("no position where the strategist's move is not the first legal action")
    assert MCTSAgent(iterations=1, prior="strategist", seed=5).act(state) == pick
    assert MCTSAgent(iterations=1, seed=5).act(state) == state.legal_actions()[0]


class _TickingClock:
    """A stand-in for the ``time`` module whose clocks advance 1 ms per reading: budgets become exact."""

    def __init__(self) -> None:
        self.now = 0.0

    def process_time(self) -> float:
        self.now += 0.001
        return self.now

    perf_counter = process_time


def test_cpu_clock_budget_stops_once_the_move_is_decided(monkeypatch):
    """A toy position where one move dominates: with the CPU clock the search ends when the time left
    could not change the move (the same move as spending the whole budget), and spends it all otherwise."""
    from test_agents_protocol import toy_heuristic

    import ccg.agents.mcts as mcts_module

    state = ccg.new_game("toy", seed=1)
    state.apply("roll")
    runs = {}
    for early in (True, False):
        monkeypatch.setattr(mcts_module, "time", _TickingClock())
        agent = MCTSAgent(iterations=None, seconds=2, clock="cpu", early_stop=early, heuristic=toy_heuristic, seed=0)
        runs[early] = (agent.act(state), agent.last_iterations)
    assert runs[True][0] == runs[False][0]
    assert runs[False][1] > 1800  # about 2 s / 1 ms: the whole budget
    assert 16 <= runs[True][1] < 0.8 * runs[False][1]


@pytest.mark.parametrize("game", GAMES)
def test_every_strategist_planner_values_every_seat(game):
    """``value=strategist`` needs the planner's worth of every seat: finite, one per seat, changing with
    the position, and a finished game's values are its scores."""
    planner = StrategistAgent().planner(game)
    early, late = strategist_position(game, 30), strategist_position(game, 150)
    for state in (early, late):
        values = planner.values(state)
        assert len(values) == state.num_players and all(math.isfinite(v) for v in values)
    assert planner.values(early) != planner.values(late)
    done = strategist_position(game, 100000)
    assert done.is_terminal() and len(planner.values(done)) == 4
    single = getattr(planner, "value", None)  # where a planner values one seat alone, it agrees with values()
    if single is not None:
        assert [single(late, p) for p in range(4)] == planner.values(late)
    if game != "co2":  # CO2's utility weighs the lost planet and rivalry into a finished game's value
        assert planner.values(done) == [float(x) for x in done.scores()]


def test_strategist_value_scores_the_leaves_with_the_planner(monkeypatch):
    """With ``value=strategist`` every leaf and prior is the planner's ``values``; the heuristic is not asked."""
    import ccg.agents.mcts as mcts_module

    state = strategist_position("chicago_express", 40)
    planner_type = type(StrategistAgent().planner("chicago_express"))
    seen = []
    original = planner_type.values

    def spy(self, s):
        out = original(self, s)
        seen.append(out)
        return out

    monkeypatch.setattr(planner_type, "values", spy)
    monkeypatch.setattr(mcts_module, "heuristic_for", lambda game: pytest.fail("the heuristic was asked"))
    monkeypatch.setattr(mcts_module, "heuristics_for", lambda game, h=None: pytest.fail("the heuristics were asked"))
    MCTSAgent(iterations=5, rollout_depth=2, value="strategist", seed=1).act(state)
    assert len(seen) >= 5 + len(state.legal_actions())  # a prior per root child and a value per leaf


def test_candidates_keep_the_search_on_the_best_priors():
    """``candidates=k``: after expansion the search only selects among the k children with the best
    priors (the strategist's move always among them), so the others keep their single prior visit."""
    state = strategist_position("co2", 60)
    while len(state.legal_actions()) < 6:
        state.apply(StrategistAgent(seed=1).act(state))
    agent = MCTSAgent(iterations=60, candidates=2, prior="strategist", early_stop=False, seed=3)
    roots = []
    original = agent._iterate
    agent._iterate = lambda root, s, h: (roots.append(root), original(root, s, h))[1]
    move = agent.act(state)
    root = roots[0]
    assert root.allowed is not None and len(root.allowed) == 2 and move in root.allowed
    for action, child in root.children.items():
        if action not in root.allowed:
            assert child.visits == 1  # its prior, never selected
    # two priors, the strategist's prior visits, and every simulation after the one that expanded the root
    assert sum(root.children[a].visits for a in root.allowed) == 2 + agent.prior_visits + 59


@pytest.mark.parametrize("depth", [1, 2])
def test_tree_depth_bounds_how_deep_the_tree_grows(depth):
    """``tree_depth=d``: no node more than d actions below the root is ever created; the simulations
    below are rollouts (with d=1 every simulation after the first goes through one root child)."""
    state = strategist_position("chicago_express", 20)
    agent = MCTSAgent(iterations=40, tree_depth=depth, rollout="strategist", prior="strategist", early_stop=False,
                      seed=2)
    roots = []
    original = agent._iterate
    agent._iterate = lambda root, s, h: (roots.append(root), original(root, s, h))[1]
    agent.act(state)
    root = roots[0]

    def deepest(node, level=0):
        return max([level] + [deepest(child, level + 1) for child in node.children.values()])

    assert deepest(root) == depth
    if depth == 1:
        priors = len(root.children) + agent.prior_visits
        assert sum(child.visits for child in root.children.values()) == priors + 39


def test_a_time_budget_is_kept_when_simulations_are_slow(monkeypatch):
    """``seconds=1`` with simulations of 0.3 s: three simulations (0.9 s), not a fourth that ends at 1.2 s."""
    import ccg.agents.mcts as mcts_module

    clock = _TickingClock()
    monkeypatch.setattr(mcts_module, "time", clock)
    state = strategist_position("chicago_express", 20)
    agent = MCTSAgent(iterations=None, seconds=1, clock="cpu", early_stop=False, rollout="strategist", seed=1)
    original = agent._iterate

    def slow(root, s, h):
        clock.now += 0.3
        return original(root, s, h)

    agent._iterate = slow
    agent.act(state)
    assert agent.last_iterations == 3 and clock.now < 1.0


def benchmark_module(name: str):
    """A script of ``benchmarks/`` imported by path (it is not a package)."""
    import importlib.util
    import sys

    folder = str(Path(ROOT) / "benchmarks")
    if folder not in sys.path:
        sys.path.insert(0, folder)  # the scripts import each other by name
    spec = importlib.util.spec_from_file_location(name, Path(folder) / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_benchmark_pools_the_chunks_of_one_row_played_at_several_seeds():
    """A long row played one seed per process is shown pooled: games, wins and CPU add up by seed."""
    bench = benchmark_module("mcts_rollouts")
    base = {"game": "co2", "kind": "target", "spec": "mcts:x", "players": 4, "fair": 0.25, "load": [1.0, 1.0],
            "date": "2026-12-01", "machine": "m"}
    rows = [{**base, "label": "L", "seed": 101, "games": 8, "wins": 3.0, "top": 4.0, "cpu_per_game": 10.0,
             "saved": 6, "wins_saved": 2.5},
            {**base, "label": "L", "seed": 102, "games": 24, "wins": 9.5, "top": 10.0, "cpu_per_game": 30.0,
             "saved": 20, "wins_saved": 8.0},
            {**base, "label": "other", "seed": 101, "games": 8, "wins": 1.0, "top": 1.0, "cpu_per_game": 5.0,
             "saved": 8, "wins_saved": 1.0}]
    (one,) = bench.pooled(rows)
    assert (one["games"], one["wins"], one["top"], one["seed"]) == (32, 12.5, 14.0, "101, 102")
    assert (one["saved"], one["wins_saved"]) == (26, 10.5)
    assert math.isclose(one["cpu_per_game"], (8 * 10 + 24 * 30) / 32)
    table = bench.render(rows, "cmd")
    assert "| **L, pooled** | `mcts:x` | 32 (101, 102) | 0.391 [" in table
    assert bench.pooled(rows[2:]) == [] and bench.pooled(rows[:1]) == []


def test_rollout_noise_pairs_its_rollouts():
    """The same move twice gets the same margins rollout by rollout (same determinization and dice),
    a move's rollouts do not depend on the move it is paired with, and the rollouts differ."""
    noise = benchmark_module("rollout_noise")
    state, strategist, seed = next(noise.strategist_positions("chicago_express", 1))
    seat = state.current_player
    planner = strategist.planner("chicago_express")
    pick = strategist.act(state)
    other = noise.second_candidate(planner, state, seat, pick)
    assert other is not None and other != pick and other in state.legal_actions()
    same_a, same_b = noise.paired_margins(planner, state, seat, (pick, pick), 3, seed)
    assert same_a == same_b and len(same_a) == 3
    a, b = noise.paired_margins(planner, state, seat, (pick, other), 3, seed)
    assert a == same_a  # the pick's rollouts do not depend on what it is paired with
    assert len(set(a)) > 1  # the rollouts differ from each other: each draws its own dice


def test_rollout_rates_searches_a_real_choice_with_both_rollouts(capsys):
    """``benchmarks/rollout_rates.py`` searches a mid-game position with more than one legal move, once per rollout
    kind, and reports the simulations each budget bought; a bad budget is refused before any search."""
    rates = benchmark_module("rollout_rates")
    state = rates.mid_game("chicago_express", 1, 20)
    assert len(state.legal_actions()) > 1 and not state.is_terminal()
    assert rates.simulations(state, "random", 0.05, 1) > 0 and rates.simulations(state, "strategist", 0.05, 1) > 0
    table = rates.main(["--game", "chicago_express", "--seeds", "1", "--seconds", "0.05"])
    row = next(line for line in table.splitlines() if line.startswith("| chicago_express"))
    random_count, strategist_count = (int(cell.strip().replace(",", "")) for cell in row.split("|")[3:5])
    assert random_count > 0 and strategist_count > 0
    with pytest.raises(SystemExit):
        rates.main(["--seeds", "0"])
    assert "--seeds must be at least 1" in capsys.readouterr().err
