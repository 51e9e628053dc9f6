"""OpenSpiel games: OpenSpiel's own random-simulation test, serialization, chance, bots."""
from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from env_helpers import player_counts
from open_spiel.python.algorithms import ismcts, mcts

import ccg
import ccg.env.openspiel as osp

# Catan to 5 VP keeps a whole random game short enough for make test; one game is played under the printed
# rules too (catan-3p-printed). A whole random Catan game with serialization at every node takes long, so
# make test plays Catan at its fewest and most players and in Oil Springs; the other counts and the printed
# rules run in make fuzz (the conformance suite plays whole Catan games under the printed rules in make test).
SHORT = {"catan": {"rule.vp_to_win": 5, "rule.oil.vp_to_win": 5}}
SIMS = [(g, p, SHORT.get(g, {})) for g, p in player_counts()]
SIMS += [("catan", 4, dict(SHORT["catan"], scenario="oil_springs")), ("catan", 3, {})]
IDS = [f"{g}-{p}p" + ("-oil" if "scenario" in extra else "-printed" if g == "catan" and not extra else "")
       for g, p, extra in SIMS]
_CATAN_COUNTS = [p for g, p in player_counts() if g == "catan"]
FUZZ_ONLY = {f"catan-{p}p" for p in _CATAN_COUNTS[1:-1]} | {"catan-3p-printed"}
SIMS = [pytest.param(*sim, id=i, marks=pytest.mark.fuzz) if i in FUZZ_ONLY else pytest.param(*sim, id=i)
        for sim, i in zip(SIMS, IDS)]


def test_every_game_is_registered_on_import():
    assert osp.GAMES == ["python_ccg_catan", "python_ccg_chicago_express", "python_ccg_co2"]
    assert set(osp.GAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("game,players,extra", SIMS)
def test_openspiel_random_simulation_with_serialization(game, players, extra):
    """OpenSpiel's C++ RandomSimTest: legal actions sorted and unique strings, clones equal, serialize /
    deserialize round trips, chance outcomes sampled by their probabilities, observation and
    information-state tensors of the declared size at every node, returns within the utility range."""
    g = pyspiel.load_game(osp.PREFIX + game, dict({"players": players, "seed": players}, **extra))
    pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)


def test_game_type_and_info_follow_the_game():
    ce = pyspiel.load_game("python_ccg_chicago_express", {"players": 3})
    t = ce.get_type()
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC and ce.max_chance_outcomes() == 0
    assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    cat = pyspiel.load_game("python_ccg_catan", {"players": 5, "scenario": "oil_springs"})
    assert cat.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert cat.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    enc = ccg.new_game("catan", players=5, seed=0, scenario="oil_springs").legal_mask().shape[0]
    assert cat.num_distinct_actions() == enc and cat.num_players() == 5


def test_parameters_become_options_and_rule_overrides():
    g = pyspiel.load_game("python_ccg_co2(players=3,seed=5,variant=expert,auction=True,rule.ppm.coal=50)")
    s = g.initial
    assert (s.num_players, s.seed) == (3, 5)
    assert s.options == {"variant": "expert", "auction": True, "rules": {"ppm.coal": 50}}
    again = pyspiel.load_game(str(g))  # the full game string loads the same configuration
    assert again.initial.to_json() == s.to_json()
    with pytest.raises(ValueError, match="ppm.coal"):
        pyspiel.load_game("python_ccg_co2(players=3,rule.ppm.coal=-4)")
    with pytest.raises(ValueError, match="layout"):
        pyspiel.load_game("python_ccg_catan(layout=/etc/passwd)")
    with pytest.raises(pyspiel.SpielError, match="colour"):
        pyspiel.load_game("python_ccg_catan(colour=red)")


def _advance(state, n, rs):
    for _ in range(n):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rs.choice(actions, p=probs)))
        else:
            state.apply_action(int(rs.choice(state.legal_actions())))
    return state


def test_chance_nodes_carry_exact_outcomes():
    g = pyspiel.load_game("python_ccg_catan", {"players": 3, "seed": 2})
    state = g.new_initial_state()
    rs = np.random.RandomState(0)
    while not state.is_chance_node():
        _advance(state, 1, rs)
    outs = state.chance_outcomes()
    labels = [state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outs]
    assert labels == [f"rolled {d}" for d in range(2, 13)]
    assert [round(p * 36) for _, p in outs] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    child = state.child(outs[5][0])
    assert child.ccg_state.dice == 7 and not child.is_chance_node()


def test_serialization_round_trip_and_resampling_keep_the_information_state():
    g = pyspiel.load_game("python_ccg_co2", {"players": 3, "seed": 4})
    state = _advance(g.new_initial_state(), 60, np.random.RandomState(1))
    text = pyspiel.serialize_game_and_state(g, state)
    g2, s2 = pyspiel.deserialize_game_and_state(text)
    assert s2.ccg_state.to_json() == state.ccg_state.to_json() and s2.history() == state.history()
    seat = state.current_player()
    other = (seat + 1) % 3
    hidden = set()
    for k in range(5):
        r = state.resample_from_infostate(seat, lambda k=k: (k + 0.5) / 5)
        assert r.information_state_string(seat) == state.information_state_string(seat)
        assert np.array_equal(r.information_state_tensor(seat), state.information_state_tensor(seat))
        hidden.add(str(r.ccg_state.lobby[other]))
    assert len(hidden) > 1, "resampling never changed the other seat's hidden cards"


def test_openspiel_bots_play_legal_moves():
    ce = pyspiel.load_game("python_ccg_chicago_express", {"players": 2, "seed": 1})
    rs = np.random.RandomState(3)
    bot = mcts.MCTSBot(ce, 2, 20, mcts.RandomRolloutEvaluator(1, rs), random_state=rs)
    state = _advance(ce.new_initial_state(), 10, rs)
    assert bot.step(state) in state.legal_actions()
    co2 = pyspiel.load_game("python_ccg_co2", {"players": 2, "seed": 1})
    bot = ismcts.ISMCTSBot(co2, mcts.RandomRolloutEvaluator(1, rs), 2, 10, random_state=rs)
    state = _advance(co2.new_initial_state(), 30, rs)
    while len(state.legal_actions()) < 2:
        _advance(state, 1, rs)
    assert bot.step(state) in state.legal_actions()
