"""``StrategistAgent.explain``: the move ``act`` plays, its best alternatives and the value terms between them,
as data and sentences, built from the seat's view only — for every game."""
from __future__ import annotations

import pytest
from test_fair_by_construction import twin_worlds

import ccg
from ccg.agents import make_agent
from ccg.agents.explain import Explanation
from ccg.i18n import format_percent, lang

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


def _level_decisions(level: int, n: int, seed: int = 3):
    """``n`` positions of a Chicago Express game between strategists where the seat to move has a choice, with a
    level-``level`` agent for it."""
    state = ccg.new_game("chicago_express", players=3, seed=seed)
    players = [make_agent("strategist", p) for p in range(3)]
    out = []
    while not state.is_terminal() and len(out) < n:
        if len(state.legal_actions()) > 1 and state.ply % 3 == 0:
            out.append((state.clone(), make_agent(f"strategist:level={level}", 40 + len(out))))
        state.apply(players[state.current_player].act(state))
    return out


RANDOM_SENTENCE = "At level {level} this bot plays a random move on {share} of its decisions"


def test_a_levels_random_move_is_explained_as_random(monkeypatch):
    """ccg.agents.levels: a level below 5 plays part of its moves at random. Such a move's "why?" says so plainly
    and names the move the plan would have played; it gives no plan's reasons for it."""
    from ccg.agents import strategist
    from ccg.agents.levels import Level

    monkeypatch.setattr(strategist, "level_of", lambda game, level: Level(1.0))  # every decision at random
    for state, agent in _level_decisions(2, 6):
        e = agent.explain(state)
        assert e.chosen.action == str(agent.act(state)) and e.at_random
        text = str(e)
        assert RANDOM_SENTENCE.format(level=2, share="100%") in text
        plan = e.reasons[1]
        legal = [state.describe_action(a) for a in state.legal_actions()]
        assert plan == "By chance its plan would have played the same move." or any(
            plan == f"Its plan would have played “{words}”." for words in legal), plan
        assert "Rather than" not in text and "more to this plan" not in text
    with lang("cs"):  # in the reader's language, the share written its way
        share = format_percent(1.0)
        assert f"Na úrovni 2 hraje tento bot u {share} svých rozhodnutí náhodný tah" in str(agent.explain(state))


def test_a_levels_planned_move_is_explained_by_its_plan_and_both_kinds_occur():
    """Unpatched, level 1 (60 % noise) plays both kinds of move in a few decisions; the sentence about chance
    comes exactly with the random ones, and a level-5 bot (no noise) never says it."""
    kinds = []
    for state, agent in _level_decisions(1, 12):
        e = agent.explain(state)
        assert e.chosen.action == str(agent.act(state))
        said = RANDOM_SENTENCE.format(level=1, share="60%") in str(e)
        assert said == e.at_random
        if not e.at_random:  # the plan's reasons, one per alternative weighed
            assert e.alternatives and [r.startswith("Rather than") for r in e.reasons] == [True] * len(e.alternatives)
        kinds.append(e.at_random)
    assert True in kinds and False in kinds, kinds
    for state, agent in _level_decisions(5, 4):
        e = agent.explain(state)
        assert not e.at_random and "random move" not in str(e)
