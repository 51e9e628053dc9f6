"""Exact chance outcomes on the ccg protocol: ``state.chance_outcomes(action)``."""
from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction

import pytest
from env_helpers import config_id, encoded_configurations

import ccg
from ccg.core import Rng
from ccg.core.chance import LIMIT, ScriptedRng, enumerate_draws

# every CO2 configuration (short games), and Catan base, variable, Oil Springs and the 5-6 extension
CONFIGS = [c for c in encoded_configurations() if c[0] == "co2" or (c[0] == "catan" and c[1] in (
    {"players": 4}, {"players": 4, "layout": "variable"}, {"players": 4, "scenario": "oil_springs"},
    {"players": 6, "scenario": "oil_springs"}))]
# where chance must show up: Catan always; CO2 only solo (its stacks are shuffled at setup, CO2-17.3.3)
MUST_DRAW = {"catan": lambda cfg: True, "co2": lambda cfg: cfg.get("players") == 1}


def _body(state) -> dict:
    d = state._state_dict()
    return json.loads(json.dumps(d))


@pytest.mark.parametrize("item", CONFIGS, ids=[config_id(c) for c in CONFIGS])
def test_outcomes_are_exact_and_contain_the_real_result(item):
    """Probabilities sum to 1, outcomes are distinct positions that keep the invariants, the parent is
    untouched, and the result of really playing the action (the state's own generator) is one of them."""
    name, cfg = item
    state = ccg.new_game(name, seed=4, **cfg)
    rng = Rng(9)
    chance_seen = 0
    while not state.is_terminal() and state.ply < 300:
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        before = state.to_json()
        outs = state.chance_outcomes(action)
        assert state.to_json() == before
        assert outs is not None, f"{action} is not enumerable"
        assert abs(sum(o.probability for o in outs) - 1) < 1e-9
        assert len({o.label for o in outs}) == len(outs)
        real = state.child(action)
        if len(outs) == 1:
            assert outs[0].probability == 1.0 and outs[0].state.to_json() == real.to_json()
        else:
            chance_seen += 1
            bodies = [_body(o.state) for o in outs]
            assert len({json.dumps(b, sort_keys=True) for b in bodies}) == len(outs)
            for o in outs:
                o.state.check_invariants()
                assert o.probability > 0 and not o.state._replayable
            if action.kind != "buy":  # a drawn card's outcome reorders the deck: compared below
                assert _body(real) in bodies
        state.apply(action)
    assert (chance_seen > 0) == MUST_DRAW[name](cfg), f"{chance_seen} chance actions met"


def test_catan_roll_has_the_two_dice_distribution():
    state = ccg.new_game("catan", players=4, seed=2)
    rng = Rng(3)
    while state.legal_actions() != [ccg.Action("roll")] and "roll" not in map(str, state.legal_actions()):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    outs = state.chance_outcomes("roll")
    got = {o.state.dice: Fraction(o.probability).limit_denominator(36) for o in outs}
    want = Counter(a + b for a in range(1, 7) for b in range(1, 7))
    assert got == {s: Fraction(k, 36) for s, k in want.items()}
    assert [o.label for o in outs][:2] == ["rolled 2", "rolled 3"]


def _find(name, cfg, seed, want):
    state = ccg.new_game(name, seed=seed, **cfg)
    rng = Rng(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        for a in legal:
            if want(state, a):
                return state, a
        state.apply(legal[rng.below(len(legal))])
    raise AssertionError("no such action in the game")


def test_catan_steal_takes_each_type_in_proportion_to_the_victims_hand():
    state, action = _find("catan", {"players": 4}, 5, lambda s, a: a.kind == "robber" and len(a.args) == 2)
    v = action.args[1]
    hand = state.hand[v * 5:v * 5 + 5]
    outs = state.chance_outcomes(action)
    assert sorted(round(o.probability * sum(hand)) for o in outs) == sorted(c for c in hand if c)


def test_catan_development_draw_follows_the_deck():
    state, action = _find("catan", {"players": 4}, 6, lambda s, a: a.kind == "buy")
    outs = state.chance_outcomes(action)
    deck = Counter(state.deck)
    p = state.seat_to_move
    for o in outs:
        t = next(t for t in range(5) if o.state.dev[p * 5 + t] > state.dev[p * 5 + t])
        assert o.probability == pytest.approx(deck[t] / len(state.deck))
        assert o.label.startswith("draw ")
    assert len(outs) == len(deck)


def test_chicago_express_never_draws():
    state = ccg.new_game("chicago_express", players=3, seed=1)
    rng = Rng(2)
    while not state.is_terminal():
        before = state.rng.state
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        assert state.rng.state == before


def test_scripted_rng_answers_from_its_script():
    r = ScriptedRng(5, (3, 1))
    assert [r.below(6), r.below(2), r.below(9)] == [3, 1, 0] and r.sizes == [6, 2, 9]
    with pytest.raises(Exception, match="raw random bits"):
        r.random()


def test_a_game_without_a_chance_module_is_enumerated_from_its_generator():
    """The toy game's die (no SPEC.chance): 6 faces, 6 distinct results, 1/6 each."""
    state = ccg.new_game("toy", seed=1)
    outs = state.chance_outcomes("roll")
    assert len(outs) == 6 and all(o.probability == pytest.approx(1 / 6) for o in outs)
    assert all(o.label.startswith("draws ") for o in outs)


def test_shuffles_and_raw_bits_are_not_enumerable(monkeypatch):
    """An action that shuffles 8 cards has 8! draw sequences, one asking for raw bits cannot be
    scripted: both give None (the action then plays with the state's own generator)."""
    state = ccg.new_game("toy", seed=1)
    cls = type(state)
    real = cls._apply

    def shuffling(self, action):
        self.rng.shuffle(list(range(8)))
        real(self, action)

    monkeypatch.setattr(cls, "_apply", shuffling)
    assert enumerate_draws(state, state.legal_actions()[0], limit=LIMIT) is None

    def raw(self, action):
        self.rng.random()
        real(self, action)

    monkeypatch.setattr(cls, "_apply", raw)
    assert state.chance_outcomes("roll") is None


def test_greedy_can_value_chance_exactly():
    """GreedyAgent(exact=True) rates a roll by its 11 outcomes: its choice equals the best action by
    Σ probability × heuristic computed here by hand, and the sampled Greedy stays available."""
    from ccg.agents import GreedyAgent, make_agent
    from ccg.agents.evaluation import heuristic_for

    state, _ = _find("catan", {"players": 4}, 8, lambda s, a: a.kind == "roll" and len(s.legal_actions()) > 1)
    agent = GreedyAgent(exact=True, seed=3)
    seat = state.current_player
    h = heuristic_for("catan")
    root = state.determinize(seat, Rng(3).next64())
    values = {}
    for a in state.legal_actions():
        outs = root.chance_outcomes(a)
        values[str(a)] = sum(o.probability * h(o.state, seat) for o in outs)
    best = max(values.values())
    assert values[str(agent.act(state))] == pytest.approx(best)
    assert make_agent("greedy:exact=true", 1).exact is True
    with pytest.raises(ValueError, match="exact"):
        GreedyAgent(exact="yes")


def test_catan_fast_roll_agrees_with_the_generic_enumeration():
    from ccg.games.catan.chance import outcomes as catan_outcomes

    for seed in (1, 2):
        state, action = _find("catan", {"players": 4, "scenario": "oil_springs"}, seed,
                              lambda s, a: a.kind == "roll" and s.turn > 3)
        fast = catan_outcomes(state, action)
        generic = enumerate_draws(state, action)
        assert [o.label for o in fast] == [o.label for o in generic]
        assert sorted(json.dumps(_body(o.state), sort_keys=True) for o in fast) == \
            sorted(json.dumps(_body(o.state), sort_keys=True) for o in generic)
        assert [o.probability for o in fast] == pytest.approx([o.probability for o in generic])
