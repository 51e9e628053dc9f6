"""The strategists use the games' mechanics as people do: a CO2 company goal is kept when it is worth more than
its coins; a Chicago Express bidder jumps when a share is clearly worth most to it or its price will clearly climb, and never spends a build
action on placing nothing. (The rates over whole games are in benchmarks/mechanics_*.py and BENCHMARKS.md.)"""
from __future__ import annotations

import ccg
from ccg.agents import make_agent
from ccg.agents.strategist import StrategistAgent
from ccg.games.chicago_express.strategy.values import Outlook

CEP_GOAL, UN_GOAL = 31, 29  # CO2-12.2.3.5 (2 VP per CEP in hand, cap 16), CO2-12.2.3.3 (3 VP per UN goal)


def co2_sale_gain(goal: int, cep: int) -> float:
    """Utility change for the seat to move if it sells its company goal (CO2-12.2.2) at the start."""
    state = ccg.new_game("co2", seed=1)
    seat = state.current_player
    state.goal[seat] = goal
    state.cep[seat] = cep
    state.mark_edited()
    planner = StrategistAgent(seed=0).planner("co2")
    sold = state.child("sellgoal")
    return planner.valuer.utility(sold, seat) - planner.valuer.utility(state, seat)


def test_co2_keeps_a_company_goal_worth_more_than_its_coins():
    assert co2_sale_gain(CEP_GOAL, 8) < 0  # 8 CEP in hand: 16 VP at the end against 8 coins


def test_co2_sells_a_company_goal_worth_less_than_its_coins():
    assert co2_sale_gain(UN_GOAL, 0) > 0  # no UN goal yet, few expected: the 8 coins are worth more


def test_co2_strategist_does_not_sell_a_rich_goal_first():
    state = ccg.new_game("co2", seed=1)
    seat = state.current_player
    state.goal[seat] = CEP_GOAL
    state.cep[seat] = 8
    state.mark_edited()
    assert str(make_agent("strategist", 3).act(state)) != "sellgoal"


def chicago_auction(cash: list[int]):
    state = ccg.new_game("chicago_express", players=4, seed=1)
    state.cash[:] = cash
    state.mark_edited()
    return state


def test_chicago_express_jumps_when_a_share_is_clearly_worth_most_to_it():
    """CE-3.3: the others can pay at most $10, so the opener bids $11 at once instead of the minimum."""
    state = chicago_auction([30, 10, 10, 10])
    seat = state.current_player
    action = make_agent("strategist", 1).act(state)
    lowest = min(int(a.args[0]) for a in state.legal_actions() if a.kind == "bid")
    assert action.kind == "bid" and int(action.args[0]) == 11 > lowest, (seat, action)


def test_chicago_express_opens_part_way_up_among_equals():
    """CE-3.3: four seats with the same cash value the share alike, well above the minimum; the price will
    climb anyway, so the opener bids part of the way at once — above the minimum, below its worth."""
    state = chicago_auction([30, 30, 30, 30])
    seat = state.current_player
    planner = StrategistAgent(seed=0).planner("chicago_express")
    worth = planner.reservation(Outlook(state, planner.w, planner), seat, 0)  # no bid jitter: its mean worth
    action = make_agent("strategist", 1).act(state)
    lowest = min(int(a.args[0]) for a in state.legal_actions() if a.kind == "bid")
    assert action.kind == "bid" and lowest < int(action.args[0]) < worth, (lowest, action, worth)


def test_chicago_express_raises_by_the_minimum_near_its_worth():
    """Once the price is within a few dollars of the worths, the raises are the smallest legal bid."""
    state = chicago_auction([30, 30, 30, 30])
    state.apply(state.legal_actions()[[str(a) for a in state.legal_actions()].index("bid 20")])
    action = make_agent("strategist", 1).act(state)
    lowest = min(int(a.args[0]) for a in state.legal_actions() if a.kind == "bid")
    assert str(action) in ("pass", f"bid {lowest}"), action


def test_chicago_express_never_builds_to_place_nothing():
    """CE-6.2: a build action whose company places no train is an action spent for nothing."""
    zero = builds = 0
    for seed in (1, 2):
        state = ccg.new_game("chicago_express", players=4, seed=seed)
        agents = [make_agent("strategist", 10 * seed + p) for p in range(4)]
        while not state.is_terminal():
            action = agents[state.current_player].act(state)
            builds += action.kind == "build"
            zero += action.kind == "stop" and state.build_placed == 0
            state.apply(action)
    assert builds >= 20 and zero == 0
