"""Greedy and MCTS on every registered game (plus the toy): their settings, reproducibility of the search,
heuristics, and strength on small seeded matches. The contract every agent keeps (legal, pure,
deterministic across processes, blind to hidden cards, strict parameters) is in test_agent_contract.py."""
from __future__ import annotations

import pytest

import ccg
from ccg.agents import Agent, GreedyAgent, MCTSAgent, RandomAgent, make_agent, parse_agent_spec
from ccg.core import Rng, get_spec

# every registered game, the test-only toy included: one that fails to start fails these tests
GAMES = ccg.list_games()


def positions(game: str, n: int = 3, seed: int = 0):
    """``n`` positions from one random game: the start and two later ones."""
    state = ccg.new_game(game, seed=seed)
    rng = Rng(seed)
    out = [state.clone()]
    plies = 0
    while not state.is_terminal() and len(out) < n:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        plies += 1
        if plies % 7 == 0 and not state.is_terminal():
            out.append(state.clone())
    return out


def toy_heuristic(state, seat):
    """Banked points (and the running turn total of the seat to move) over the best rival."""
    def value(p):
        return state.banked[p] + state.cards[p] + (state.turn_total if state.current_player == p else 0)
    return value(seat) - max(value(p) for p in range(state.num_players) if p != seat)


AGENTS = {
    "random": lambda seed: RandomAgent(seed=seed),
    "greedy": lambda seed: GreedyAgent(seed=seed),
    "mcts": lambda seed: MCTSAgent(iterations=25, rollout_depth=4, seed=seed),
}


@pytest.mark.parametrize("game", GAMES)
def test_mcts_is_reproducible_with_a_fixed_seed(game):
    state = positions(game, 2)[-1]
    a = [MCTSAgent(iterations=30, rollout_depth=4, seed=5).act(state) for _ in range(2)]
    assert a[0] == a[1]
    agent = MCTSAgent(iterations=30, rollout_depth=4, seed=5)
    twin = agent.spawn(5)
    assert repr(twin) == repr(agent)
    assert [agent.act(state) for _ in range(3)] == [twin.act(state) for _ in range(3)]


def test_spawn_keeps_configuration_and_changes_only_the_seed():
    agent = MCTSAgent(iterations=7, c=1.1, rollout_depth=None, seed=1)
    child = agent.spawn(9)
    assert (child.iterations, child.c, child.rollout_depth, child.seed) == (7, 1.1, None, 9)
    assert type(GreedyAgent(samples=3).spawn(2)) is GreedyAgent and GreedyAgent(samples=3).spawn(2).samples == 3


def test_mcts_decision_does_not_depend_on_opponents_hidden_cards():
    base = ccg.new_game("toy", players=3, seed=4)
    base.apply("roll")
    while base.current_player != 0 or not base.turn_total:
        base.apply("roll")
    # the toy game's determinization depends only on the observation (the conformance suite checks it)
    a = base.clone()
    b = base.clone()
    # swap seat 1's hidden card with one in the deck: same observation for seat 0
    b.cards[1], b.deck[0] = b.deck[0], b.cards[1]
    assert a.observation(0) == b.observation(0) and a.to_json() != b.to_json()
    for seed in range(4):
        agent_a = MCTSAgent(iterations=60, rollout_depth=None, heuristic=toy_heuristic, seed=seed)
        agent_b = MCTSAgent(iterations=60, rollout_depth=None, heuristic=toy_heuristic, seed=seed)
        assert agent_a.act(a) == agent_b.act(b)


def test_greedy_beats_random_on_the_toy_game_with_a_heuristic():
    table = ccg.tournament("toy", [GreedyAgent(heuristic=toy_heuristic), "random"], n_games=120, seed=11)
    greedy = table.iloc[0]
    assert greedy.ci_low > 0.5, table


# the test-only toys (tests/toy_game.py, tests/ui/ui_toy_plot.py: registered when their test modules load) have no
# heuristic worth beating
@pytest.mark.parametrize("game", [g for g in GAMES if not g.startswith("toy")])
def test_greedy_outscores_random_on_every_game(game):
    """Seats rotated at the smallest multi-player count: Greedy's mean score beats every Random seat's.
    Long games (over 1,000 random actions, e.g. Catan) get one rotation, short ones four."""
    players = max(2, get_spec(game).min_players)
    random_length = ccg.simulate(game, players=players, n_games=1, seed=3, agents=["random"] * players).actions[0]
    rotations = 4 if random_length < 1000 else 1
    table = ccg.tournament(game, ["greedy"] + ["random"] * (players - 1), n_games=rotations * players, seed=3)
    assert table.mean_score[0] > table.mean_score[1:].max(), table


def test_mcts_beats_random_on_the_toy_game():
    table = ccg.tournament("toy", [MCTSAgent(iterations=80, heuristic=toy_heuristic), "random"], n_games=100, seed=2)
    assert table.iloc[0].ci_low > 0.5, table


@pytest.mark.parametrize("evaluation", ["heuristic", "margin", "rank"])
@pytest.mark.parametrize("prior, normalise", [(True, "node"), (False, "search")])
def test_every_mcts_variant_plays_legally_and_reproducibly(evaluation, prior, normalise):
    state = positions("toy", 2, seed=3)[-1]
    picks = [MCTSAgent(iterations=40, evaluation=evaluation, prior=prior, normalise=normalise, seed=1).act(state)
             for _ in range(2)]
    assert picks[0] == picks[1] and picks[0] in state.legal_actions()


def test_mcts_seconds_budget_runs_at_least_one_iteration():
    state = ccg.new_game("toy", seed=1)
    state.apply("roll")
    while not state.turn_total:
        state.apply("roll")
    agent = MCTSAgent(iterations=None, seconds=0.02, seed=1)
    assert agent.act(state) in state.legal_actions() and agent.last_iterations >= 1


@pytest.mark.parametrize("bad, message", [
    (dict(iterations=0), "iterations"), (dict(iterations=None), "iterations"), (dict(seconds=-1), "seconds"),
    (dict(c=-0.1), "c must"), (dict(rollout_depth=-1), "rollout_depth"), (dict(seed=1.5), "seed"),
    (dict(evaluation="minimax"), "evaluation must be one of"), (dict(normalise="z"), "normalise must be one of"),
    (dict(prior=1), "prior must be true or false"),
])
def test_mcts_rejects_bad_settings(bad, message):
    with pytest.raises(ValueError, match=message):
        MCTSAgent(**bad)


def test_agent_specs_parse_and_fail_clearly():
    assert parse_agent_spec("MCTS:200") == ("mcts", {"iterations": 200})
    assert parse_agent_spec("mcts:seconds=0.5:rollout_depth=none") == ("mcts", {"seconds": 0.5, "rollout_depth": None})
    assert make_agent("mcts:12", 4).iterations == 12
    with pytest.raises(ValueError, match="unknown agent 'mcst'.*'mcts'"):
        make_agent("mcst", 0)
    with pytest.raises(ValueError, match="agent 'mcts:depth=3'"):
        make_agent("mcts:depth=3", 0)
    with pytest.raises(ValueError, match="expected name:key=value"):
        make_agent("random:5", 0)
    with pytest.raises(ValueError, match="seeds are given"):
        make_agent("mcts:seed=4", 0)
    with pytest.raises(ValueError):
        make_agent(3, 0)
    assert isinstance(make_agent(RandomAgent, 2), Agent)


def test_a_users_agent_class_can_be_registered_by_name():
    from custom_agents import FirstLegalAgent  # a module of its own: worker processes import it

    from ccg.agents import agent_names, base, register_agent

    try:
        register_agent("First", FirstLegalAgent, shorthand="skip")
        assert "first" in agent_names()
        agent = make_agent("first:1", 5)
        assert isinstance(agent, FirstLegalAgent) and (agent.skip, agent.seed) == (1, 5)
        serial = ccg.simulate("toy", n_games=4, agents=["first", "random"], seed=3)
        # spawned worker processes learn the name from the job, not from this process's registry
        pooled = ccg.simulate("toy", n_games=4, agents=["first", "random"], seed=3, backend="processes", workers=2)
        assert len(serial) == 4 and serial.equals(pooled)
        with pytest.raises(ValueError, match="needs an Agent subclass"):
            register_agent("broken", dict)
        with pytest.raises(ValueError, match="no agent class 'NoSuchAgent'"):
            register_agent("broken", "NoSuchAgent")
        with pytest.raises(ValueError, match="without ':'"):
            register_agent("a:b", FirstLegalAgent)
        assert "broken" not in agent_names()
    finally:
        base._NAMES.pop("first", None)
        base._SHORTHAND.pop("first", None)


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), plies=st.integers(0, 40), kind=st.sampled_from(sorted(AGENTS)))
def test_agents_are_legal_and_pure_on_random_toy_positions(seed, plies, kind):
    state = ccg.new_game("toy", players=3, seed=seed)
    rng = Rng(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    if state.is_terminal():
        return
    before = state.to_json()
    action = AGENTS[kind](seed).act(state)
    assert action in state.legal_actions() and state.to_json() == before


@pytest.mark.parametrize("game", [g for g in GAMES if get_spec(g).heuristics is not None])
def test_one_pass_heuristics_equal_the_per_seat_heuristic(game):
    """SPEC.heuristics (MCTS's fast path) must agree with SPEC.heuristic everywhere, finished games included."""
    spec = get_spec(game)
    state = ccg.new_game(game, seed=3)
    rng = Rng(3)
    checked = 0
    while True:
        if checked % 5 == 0 or state.is_terminal():
            one_pass = spec.heuristics(state)
            assert one_pass == pytest.approx([spec.heuristic(state, p) for p in range(state.num_players)])
        checked += 1
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])


@pytest.mark.parametrize("game", GAMES)
def test_mcts_early_stop_plays_the_move_of_the_full_budget(game):
    """Stopping once the most visited root action cannot be caught changes the cost, never the move."""
    for k, state in enumerate(positions(game, n=4, seed=5)):
        if len(state.legal_actions()) < 2:
            continue
        quick = MCTSAgent(iterations=300, rollout_depth=4, seed=k)
        full = MCTSAgent(iterations=300, rollout_depth=4, early_stop=False, seed=k)
        assert quick.act(state) == full.act(state)
        assert full.last_iterations == 300 and quick.last_iterations <= 300


def test_mcts_early_stop_saves_simulations_when_one_move_dominates():
    state = ccg.new_game("toy", seed=1)
    state.apply("roll")
    quick = MCTSAgent(iterations=2000, heuristic=toy_heuristic, seed=0)
    quick.act(state)
    assert quick.last_iterations < 2000
