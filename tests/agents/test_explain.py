"""``StrategistAgent.explain``: the move ``act`` plays, its best alternatives and the value terms between them,
as data and sentences, built from the seat's view only — for every game."""
from __future__ import annotations

import pytest
from test_fair_by_construction import twin_worlds

import ccg
from ccg.agents import make_agent
from ccg.agents.explain import Explanation

GAMES = [("co2", {}), ("chicago_express", {}), ("catan", {}), ("catan", {"scenario": "oil_springs"})]
IDS = ["co2", "chicago_express", "catan", "catan+oil_springs"]


def decisions(game: str, options: dict, seed: int = 2, every: int = 17, limit: int = 8):
    """Positions of a strategist game where the seat to move has a choice, with that seat's agent."""
    state = ccg.new_game(game, seed=seed, **options)
    agents = [make_agent("strategist", 10 + p) for p in range(state.num_players)]
    out = []
    while not state.is_terminal() and len(out) < limit:
        agent = agents[state.current_player]
        if len(state.legal_actions()) > 1 and state.ply % every == 0:
            out.append((state.clone(), agent))
        state.apply(agent.act(state))
    assert len(out) >= 4
    return out


@pytest.mark.parametrize("game, options", GAMES, ids=IDS)
def test_explains_the_move_it_plays_with_alternatives_and_terms(game, options):
    described = 0
    for state, agent in decisions(game, options):
        e = agent.explain(state)
        assert isinstance(e, Explanation) and e.seat == state.current_player
        played = agent.act(state)
        assert e.chosen.action == str(played), "explain named another move than act plays"
        legal = {str(a) for a in state.legal_actions()}
        assert 1 <= len(e.alternatives) <= 3 and all(o.action in legal for o in e.alternatives)
        assert e.chosen.action not in {o.action for o in e.alternatives}
        assert len(e.reasons) == len(e.alternatives)
        for o in (e.chosen, *e.alternatives):
            assert o.terms and o.value == pytest.approx(sum(o.terms.values()))
        values = [o.value for o in e.alternatives]
        assert values == sorted(values, reverse=True), "alternatives are the best ones first"
        text = str(e)
        assert e.chosen.description in text and all(o.description in text for o in e.alternatives)
        described += e.chosen.description != e.chosen.action
    assert described, "the moves read as notation, not words"


@pytest.mark.parametrize("game, options", GAMES, ids=IDS)
def test_explaining_does_not_change_what_the_agent_plays(game, options):
    def line(explain: bool) -> list[str]:
        state = ccg.new_game(game, seed=4, **options)
        agents = [make_agent("strategist", p) for p in range(state.num_players)]
        moves = []
        while not state.is_terminal() and len(moves) < 60:
            agent = agents[state.current_player]
            if explain and len(state.legal_actions()) > 1:
                agent.explain(state)
            moves.append(str(agent.act(state)))
            state.apply(moves[-1])
        return moves

    assert line(True) == line(False)


@pytest.mark.parametrize("game, options", [g for g in GAMES if g[0] != "chicago_express"],
                         ids=[i for i in IDS if i != "chicago_express"])
def test_an_explanation_shows_only_what_the_seat_may_see(game, options):
    """Positions that differ only in what the seat to move cannot see get the same explanation."""
    for state, _ in decisions(game, options, limit=4):
        seat = state.current_player
        texts = {str(make_agent("strategist", 5).explain(w)) for w in twin_worlds(state, seat)}
        assert len(texts) == 1


def test_co2_selling_the_goal_is_explained_by_coins_against_the_goal():
    """CO2-12.2.2: the sale is weighed as coins now against the company goal's expected VP."""
    state = ccg.new_game("co2", seed=1)
    agents = [make_agent("strategist", p) for p in range(state.num_players)]
    found = []
    while not state.is_terminal() and state.ply < 200:
        e = agents[state.current_player].explain(state) if len(state.legal_actions()) > 1 else None
        sells = e is not None and e.chosen.action == "sellgoal"
        keeps = e is not None and any(o.action == "sellgoal" for o in e.alternatives)
        if sells or keeps:
            found.append(e)
            break
        state.apply(agents[state.current_player].act(state))
    assert found, "no goal sale was weighed"
    e = found[0]
    sale = e.chosen if e.chosen.action == "sellgoal" else next(o for o in e.alternatives if o.action == "sellgoal")
    other = e.alternatives[0] if sale is e.chosen else e.chosen
    assert sale.terms["company goal"] == 0.0 < other.terms["company goal"]
    assert sale.terms["coins"] > other.terms["coins"]
    assert "company goal" in str(e) and "coins" in str(e)


def test_explain_needs_a_move_to_explain():
    state = ccg.new_game("co2", seed=1)
    agents = [make_agent("strategist", p) for p in range(state.num_players)]
    while not state.is_terminal():
        state.apply(agents[state.current_player].act(state))
    with pytest.raises(ValueError, match="game is over"):
        agents[0].explain(state)
