"""The Chicago Express strategist: legal, deterministic, validated, and the plan shown in scenarios."""
from __future__ import annotations

import json

import pytest
from ce_helpers import (
    BO,
    CO,
    NYC,
    PRR,
    after_openings,
    fund,
    give_share,
    names,
    path,
    refresh,
    route,
    set_income,
    take_share,
)
from from_sources import passed_from_sources

import ccg
from ccg.agents import GreedyAgent, StrategistAgent
from ccg.agents.strategist import default_weights, persona_params
from ccg.core.registry import get_spec
from ccg.games.chicago_express.strategy.clock import phases_left

GAME = "chicago_express"


def _play(agents, seed: int, check_every: int = 1):
    """A whole game; every action legal (the agent raises otherwise), the state never mutated, invariants held."""
    s = ccg.new_game(GAME, players=len(agents), seed=seed)
    actions = []
    while not s.is_terminal():
        agent = agents[s.current_player]
        before = s.to_json() if len(actions) % 7 == 0 else None
        a = agent.act(s)
        if before is not None:
            assert s.to_json() == before, "the strategist changed the state it was given"
        assert a in s.legal_actions()
        s.apply(a)
        if len(actions) % check_every == 0:
            s.check_invariants()
        actions.append(str(a))
        assert len(actions) < 5000
    return s, actions


def test_strategist_is_the_games_plan_with_an_investor_persona():
    assert get_spec(GAME).strategy == "ccg.games.chicago_express.strategy"
    param = persona_params()[GAME]["investor"]
    assert (param.lo, param.hi, param.default) == (0.0, 1.0, 0.5)
    assert set(default_weights(GAME)) >= {"auction_pace", "rivalry", "treasury_credit"}


@pytest.mark.parametrize("investor", [0.0, 1.0])
def test_whole_games_are_legal_with_invariants_held(investor):
    agents = [StrategistAgent(seed=i, investor=investor) if i % 2 == 0 else StrategistAgent(seed=i)
              for i in range(4)]
    s, actions = _play(agents, seed=5 + int(investor))
    assert s.end_reason and s.dividend_phases >= 1
    assert any(a.startswith("place") for a in actions) and any(a.startswith("bid") for a in actions)


def test_three_player_game_with_greedy_is_legal():
    s, _ = _play([StrategistAgent(seed=3), GreedyAgent(seed=1), StrategistAgent(seed=4, investor=0.2)], seed=9,
                 check_every=5)
    assert s.is_terminal()


def test_bad_weights_are_clear_errors():
    s = ccg.new_game(GAME, players=4, seed=1)
    with pytest.raises(ValueError, match="unknown chicago_express strategist weight"):
        StrategistAgent(weights={"rivaly": 1.0}).act(s)
    with pytest.raises(ValueError, match="finite numbers"):
        StrategistAgent(weights={"rivalry": float("nan")})


# ---- the clock (CE-11.2) -----------------------------------------------------------------------

def test_clock_counts_down_as_shares_run_out_and_ends_with_detroit():
    w = default_weights(GAME)
    s = after_openings()
    start = phases_left(s, w)
    assert 2.0 < start <= 8.0
    # PRR and B&O sold out, one NYC share left: the next auction can end the game (CE-11.2 b)
    give_share(s, 1, PRR, 2)
    give_share(s, 2, BO, 3)
    give_share(s, 3, NYC, 3)
    refresh(s)
    assert phases_left(s, w) == 1.0 < start
    s = after_openings()
    s.industry[0] = 8  # Detroit at its last value: the next dividend phase is the last (CE-11.2 d)
    refresh(s)
    assert phases_left(s, w) == 1.0


# ---- scenarios: the plan at work ---------------------------------------------------------------

def _two_builds_from_chicago():
    """Seat 0 holds 2 of PRR's 3 shares; PRR's track runs west to G2, six placements ($8) from Chicago,
    with $10 in its treasury; B&O, NYC and C&O have one holder each and empty treasuries."""
    s = after_openings()  # seat 0 got one share of each eastern company free (CE-3.5)
    take_share(s, 0, BO)
    give_share(s, 1, BO)
    take_share(s, 0, NYC)
    give_share(s, 2, NYC)
    take_share(s, 0, CO)
    give_share(s, 3, CO)
    give_share(s, 0, PRR)
    path(s, PRR, *route(s, PRR, "G2", via="I2"))
    fund(s, PRR, 10)
    refresh(s)
    assert len(route(s, PRR, "A2")) == 6
    return ccg.load_state(s.to_json())  # through the public loader, which validates the position


def _two_turns(s, agent):
    """Seat 0 plays two turns with ``agent``; the others forgo auctions (no dividend phase comes) and pass bids."""
    seen = []
    turns = 0
    while not s.is_terminal():
        if s.current_player != 0:
            legal = names(s.legal_actions())
            s.apply("pass" if "pass" in legal else "forgo auction" if "forgo auction" in legal else "forgo development")
            continue
        if s.phase == 1:  # choosing an action (CE-4.2)
            if turns == 2:
                break
            turns += 1
        a = agent.act(s)
        seen.append(str(a))
        s.apply(a)
    return s, seen


def test_strategist_takes_a_company_two_builds_from_chicago_there():
    """CE-10: reaching Chicago (+7 income, CE-10.2, and a Chicago dividend, CE-10.3) beats every
    development and auction on offer; the strategist builds PRR twice along the route and gets there."""
    s, seen = _two_turns(_two_builds_from_chicago(), StrategistAgent(seed=1))
    assert seen[0] == "build PRR" and seen[4] == "build PRR"
    assert s.chicago == [PRR] and s.wabash_in  # Wabash entered (CE-10.4)
    assert seen[7] == "place PRR A2"
    assert seen[8].startswith("bid")  # the builder who reached Chicago opens the first Wabash auction (CE-10.5)


def test_one_ply_greedy_does_not_find_the_way_to_chicago():
    """The same position: a build's first step adds no income, so one-ply Greedy develops instead."""
    s, seen = _two_turns(_two_builds_from_chicago(), GreedyAgent(seed=1))
    assert s.chicago == []
    assert not any(a == "build PRR" for a in seen)


def test_strategist_builds_the_company_it_holds_more_of_than_the_others():
    """Which company to build (CE-6.1): seat 0 holds one PRR and one NYC share; seat 1 holds two NYC.
    Building NYC pays seat 1 twice what it pays seat 0, so seat 0 builds PRR."""
    s = after_openings()
    for c in (BO, CO):
        take_share(s, 0, c)
        give_share(s, 2, c)
    give_share(s, 1, NYC, 2)
    fund(s, PRR, 12)
    fund(s, NYC, 12)
    s.meters[0] = 3  # the Auction meter is in the red (CE-4.2): build PRR, build NYC or forgo
    refresh(s)
    assert {"build PRR", "build NYC"} <= set(names(s.legal_actions()))
    for seed in range(3):
        assert str(StrategistAgent(seed=seed).act(s)) == "build PRR"


def _auction_price(detroit: int) -> int | None:
    """Four strategists bid for a second NYC share (income 16, seat 1 holds the first); the price, or None."""
    s = after_openings()
    take_share(s, 0, NYC)
    give_share(s, 1, NYC)
    set_income(s, NYC, 16)
    s.industry[0] = detroit
    refresh(s)
    s.apply("auction NYC")  # seat 0 puts it up; the minimum is ceil(16 / 2) = 8 (CE-5.2)
    agents = [StrategistAgent(seed=10 + i) for i in range(4)]
    held = s.num_shares_out(NYC)
    cash = sum(s.cash)
    while s.phase == 2:  # the share auction (CE-5.3, CE-5.4)
        s.apply(agents[s.current_player].act(s))
    return cash - sum(s.cash) if s.num_shares_out(NYC) > held else None


def test_a_share_is_worth_the_dividends_still_to_come():
    """CE-9.2, CE-11.2 d: with Detroit at 8 the next dividend phase is the last, so the share pays
    ceil(16 / 2) = $8 once (and takes as much from the first holder); early in the game it pays
    every phase, and the same share sells for more."""
    early = _auction_price(detroit=1)
    late = _auction_price(detroit=8)
    assert early is not None and early > 16
    assert late is None or late <= 16
    assert late is None or late < early


def test_weights_file_records_how_it_was_tuned():
    from ccg.games.chicago_express.strategy import WEIGHTS_FILE

    data = json.loads(WEIGHTS_FILE.read_text())
    tuned = [k for k, v in data["weights"].items() if "range" in v]
    assert len(tuned) >= 5
    assert "tuned" in data and data["tuned"]["command"].startswith("python benchmarks/tune_strategist.py chicago_express")


def test_a_company_whose_best_plan_is_background_growth_still_builds_along_its_best_route():
    """CE-6.10: money in a treasury is only worth the income it builds. When no route beats spreading out
    (the plan has no steps), a build follows the best route all the same, so a build with money is valued
    by that route rather than as a build that places nothing."""
    from ccg.games.chicago_express.strategy import position as P
    from ccg.games.chicago_express.strategy.values import Outlook

    agent = StrategistAgent(seed=1)
    planner = agent.planner(GAME)
    s = ccg.new_game(GAME, players=4, seed=31000)
    found = 0
    while not s.is_terminal() and found < 3:
        if P.phase(s) == P.CHOOSE:
            look = Outlook(s, planner.w, planner)
            for c in range(5):
                plan = look.plans[c]
                if plan is not None and not plan.steps and plan.route is not None and plan.route.steps:
                    assert plan.route.payout <= plan.payout  # background growth is the better estimate...
                    candidates = planner._candidates(look, c)  # ...but a build follows the route
                    assert candidates[0] is plan.route and all(x.steps for x in candidates)
                    found += 1
        s.apply(agent.act(s))
    assert found


def test_remembered_routes_and_payouts_give_what_a_cold_planner_gives():
    """Route searches and payout simulations are remembered by everything they read: along a whole game the
    tables warm from every earlier decision rate every seat's worth as after a cold start. (The planner's own
    plans are kept per rounded clock and rates, a deliberate approximation, so each rating starts without them.)"""
    from ccg.games.chicago_express.strategy import routes, search

    agents = [StrategistAgent(seed=70 + p) for p in range(4)]
    planner = agents[0].planner("chicago_express")
    s = ccg.new_game("chicago_express", players=4, seed=43)
    checked = 0
    while not s.is_terminal():
        view = s.determinize(s.current_player, s.ply)
        planner._plans.clear()
        warm = planner.values(view)
        tables = (search._SEARCHES, search._LAST, search._STEPS, routes._INCOMES, routes._PAYOUTS, routes._MADE,
                  routes._COPIES, routes._ROUTES)
        kept = [dict(table) for table in tables]
        for table in tables:
            table.clear()
        assert StrategistAgent(seed=1).planner("chicago_express").values(view) == warm
        for table, entries in zip(tables, kept):  # warm again for the rest of the game
            table.clear()
            table.update(entries)
        checked += 1
        s.apply(agents[s.current_player].act(s))
    assert checked > 100


def test_a_route_search_updated_after_one_train_equals_a_fresh_search():
    """CE-6: the cheapest routes are updated, not searched afresh, when the networks gain one train since the
    company's last search — the company's own (CE-6.3, routes may now start at the new hex), a rival's on a
    shared hex (dearer, CE-6.9) or on a forest or mountain (closed, CE-6.8). Weights, placement counts and
    predecessors (so every route and its ties) must equal a fresh search's."""
    from ccg.games.chicago_express.strategy import position as P
    from ccg.games.chicago_express.strategy import search

    seen = {"own": 0, "rival": 0, "rival closes": 0}
    for seed in (5, 6):
        agents = [StrategistAgent(seed=seed * 10 + p) for p in range(4)]
        mw = agents[0].planner(GAME).w["money_weight"]
        s = ccg.new_game(GAME, players=4, seed=seed)
        while not s.is_terminal():
            nets = tuple(P.networks(s))
            for c in range(5):
                last = search._LAST.get((c, mw))
                if last is not None and last[0] != nets:
                    added = [(k, b & ~a) for k, (a, b) in enumerate(zip(last[0], nets)) if a != b]
                    if len(added) == 1 and added[0][1].bit_count() == 1:
                        k, bit = added[0]
                        kind = "own" if k == c else "rival closes" if bit & P.BOARD.exclusive_mask else "rival"
                        seen[kind] += 1
                search._SEARCHES.clear()  # every search from the last one (or afresh when that is no base)
                got = search.cheapest_routes(s, c, mw)
                net = nets[c]
                fresh = search._search(net, search._blocked(c, net, P.occupied(s)),
                                       search._money_steps(P.occupancy(s), mw))
                assert got == fresh
            s.apply(agents[s.current_player].act(s))
    assert min(seen.values()) > 10, seen


def test_a_route_search_updated_after_several_trains_equals_a_fresh_search():
    """CE-6: when a company's routes were last searched a few trains ago (a placement decision works out the
    building company's plan only), the search is updated train by train — rivals' trains together — and
    must still equal a fresh search's weights, placement counts and predecessors."""
    from ccg.games.chicago_express.strategy import position as P
    from ccg.games.chicago_express.strategy import search

    seen = {"rivals": 0, "with own": 0}
    for seed in (5, 6):
        agents = [StrategistAgent(seed=seed * 10 + p) for p in range(4)]
        mw = agents[0].planner(GAME).w["money_weight"] + 0.25  # searches of its own: the players' do not update them
        s = ccg.new_game(GAME, players=4, seed=seed)
        ply = 0
        while not s.is_terminal():
            nets = tuple(P.networks(s))
            c = ply % 5  # each company searched every fifth position only
            last = search._LAST.get((c, mw))
            if last is not None:
                added = [(k, b & ~a) for k, (a, b) in enumerate(zip(last[0], nets)) if a != b]
                if sum(bits.bit_count() for _, bits in added) > 1:
                    seen["with own" if any(k == c for k, _ in added) else "rivals"] += 1
            search._SEARCHES.clear()
            got = search.cheapest_routes(s, c, mw)
            net = nets[c]
            assert got == search._search(net, search._blocked(c, net, P.occupied(s)),
                                         search._money_steps(P.occupancy(s), mw))
            s.apply(agents[s.current_player].act(s))
            ply += 1
    assert min(seen.values()) > 10, seen


def test_the_remembered_income_table_is_what_a_train_adds_now():
    """CE-7.1 to CE-7.4, CE-8.10: the route planner's income per hex, kept per houses and industry values,
    is what a placement adds now on every hex as the game develops (houses built, industry raised)."""
    from ccg.games.chicago_express.build import hex_income
    from ccg.games.chicago_express.strategy import position as P
    from ccg.games.chicago_express.strategy import routes

    agents = [StrategistAgent(seed=20 + p) for p in range(4)]
    s = ccg.new_game(GAME, players=4, seed=8)
    seen = set()
    while not s.is_terminal():
        income, targets = routes.incomes(s)
        assert income == [hex_income(s, h) for h in range(len(P.BOARD.ids))]
        assert targets == [h for h in routes._TARGET_HEXES if income[h] > 0]
        seen.add((P.houses(s), tuple(P.industry(s))))
        s.apply(agents[s.current_player].act(s))
    assert len(seen) >= 4  # houses built or industry raised three times at least


def test_candidate_routes_made_from_the_last_ones_equal_fresh_ones(monkeypatch, request):
    """CE-6: the candidate routes (cheapest routes to the best targets, on to Chicago) are made again only
    where a rival's train changed them; the rest are handed out again. At every position of a game they
    equal the routes made with nothing remembered."""
    if passed_from_sources(request):  # it replaces a strategy function: the sources only
        return
    from ccg.games.chicago_express.strategy import position as P
    from ccg.games.chicago_express.strategy import routes, search

    reused = []

    def counted(*args):
        found = search.changes(*args)
        reused.append(found is not None)
        return found

    monkeypatch.setattr(routes, "changes", counted)
    tables = (search._SEARCHES, search._LAST, search._STEPS, routes._INCOMES, routes._MADE, routes._COPIES,
              routes._ROUTES)
    agents = [StrategistAgent(seed=40 + p) for p in range(4)]
    w = agents[0].planner(GAME).w
    s = ccg.new_game(GAME, players=4, seed=9)
    while not s.is_terminal():
        for c in range(5):
            if not P.in_play(s, c):
                continue
            warm = routes.candidate_routes(s, c, w)
            kept = [dict(table) for table in tables]
            for table in tables:
                table.clear()
            assert routes.candidate_routes(s, c, w) == warm
            for table, entries in zip(tables, kept):
                table.clear()
                table.update(entries)
        s.apply(agents[s.current_player].act(s))
    assert sum(reused) > 50


def test_a_share_is_worth_the_same_to_a_seat_whatever_the_decision_asked_before():
    """CE-5.4, CE-5.5: a decision works out a share sale's payouts once and reads them for every seat; each
    seat's reservation price, at the clock now and after the sale, is what a fresh outlook gives."""
    from ccg.games.chicago_express.strategy import position as P
    from ccg.games.chicago_express.strategy.clock import phases_left
    from ccg.games.chicago_express.strategy.values import Outlook

    agents = [StrategistAgent(seed=60 + p) for p in range(4)]
    planner = agents[0].planner(GAME)
    s = ccg.new_game(GAME, players=4, seed=12)
    checked = 0
    while not s.is_terminal() and checked < 400:
        look = Outlook(s, planner.w, planner)
        for c in range(5):
            if not P.in_play(s, c):
                continue
            later = phases_left(s, planner.w, sold=c)
            for phases in (None, later):
                warm = [planner.reservation(look, q, c, phases) for q in range(look.n)]  # seats share the memo
                fresh = [planner.reservation(Outlook(s, planner.w, planner), q, c, phases) for q in range(look.n)]
                assert warm == fresh
                checked += 1
        s.apply(agents[s.current_player].act(s))
    assert checked == 400 and look.memo


def test_a_placement_decision_defers_the_other_companies_plans_without_changing_a_move(monkeypatch, request):
    """CE-6: a placement decision works out the building company's plan only and defers the others'; the
    planner's plans (kept per rounded clock) are then still the ones it hands out when every decision works
    out every plan, so whole games play the same moves either way."""
    if passed_from_sources(request):  # it replaces a strategy function: the sources only
        return
    from ccg.games.chicago_express.strategy import values

    def play() -> list:
        agents = [StrategistAgent(seed=70 + p) for p in range(4)]
        s = ccg.new_game(GAME, players=4, seed=7)  # a game where a later decision asks for deferred plans
        moves = []
        while not s.is_terminal():
            a = agents[s.current_player].act(s)
            moves.append(a)
            s.apply(a)
        return moves

    deferring = play()
    full_init = values.Outlook.__init__

    def every_plan(self, s, w, planner, phases=None, only=None):
        full_init(self, s, w, planner, phases)

    monkeypatch.setattr(values.Outlook, "__init__", every_plan)
    assert play() == deferring


def test_a_deferred_plan_is_worked_out_for_the_position_that_first_asked():
    """The planner keeps plans per rounded clock: the first position asking decides the plan. A deferred
    plan keeps that: asked for later under the same key, it is the plan of the first position's exact clock."""
    s = ccg.new_game(GAME, players=4, seed=3)
    planner = StrategistAgent(seed=1).planner(GAME)
    planner.defer_plan(s, 0, 3.001, 0.5, 0.25, 4.0)
    later = planner.plan(s, 0, 3.004, 0.5, 0.25, 4.0)  # the same key (the clock rounded to 3.00)
    first = StrategistAgent(seed=1).planner(GAME).plan(s, 0, 3.001, 0.5, 0.25, 4.0)
    own = StrategistAgent(seed=1).planner(GAME).plan(s, 0, 3.004, 0.5, 0.25, 4.0)
    assert later.payout == first.payout != own.payout


def test_a_plan_is_the_best_of_its_routes_each_simulated_in_full(monkeypatch, request):
    """CE-6, CE-7, CE-9: a plan takes a route's payout from another route's simulation when the two share every
    placement that simulation read (a route and the same route on to Chicago; routes through the same hex).
    Its payout, best route and Chicago route must be what simulating every candidate route in full gives."""
    if passed_from_sources(request):  # it replaces a strategy function: the sources only
        return
    from ccg.games.chicago_express.strategy import position as P
    from ccg.games.chicago_express.strategy import routes

    agents = [StrategistAgent(seed=80 + p) for p in range(4)]
    w = agents[0].planner(GAME).w
    s = ccg.new_game(GAME, players=4, seed=14)
    shared = 0
    simulated = []
    full = routes.simulate_route
    monkeypatch.setattr(routes, "simulate_route", lambda *args: simulated.append(1) or full(*args))
    while not s.is_terminal():
        for c in range(5):
            if not P.in_play(s, c):
                continue
            for phases, rate, first, inflow in ((1.4, 0.3, 0.1, 0.0), (3.7, 0.5, 0.4, 6.0)):
                routes._PAYOUTS.clear()
                simulated.clear()
                plan = routes.best_plan(s, c, w, phases, rate, first, inflow)
                calls = len(simulated)
                terms = (P.income(s)[c], float(P.treasury(s)[c]), inflow, first, rate, phases, P.trains_left(s)[c],
                         P.chicago_income(s), w["background_income"], w["background_cost"], 0)
                options = []
                for h, steps, onwards in routes.candidate_routes(s, c, w):
                    for option in (steps, onwards) if onwards else (steps,):
                        options.append((full(option, *terms)[0], option, h))
                shared += len(options) + 1 - calls  # and the plan without a route
                if not options:
                    continue
                top = max(v for v, _, _ in options)
                value, steps, _ = next(o for o in options if o[0] == top)
                assert (plan.route.steps, plan.route.payout) == (steps, value)
                assert plan.payout == max(top, full((), *terms)[0])
                chicago = [(v, o) for v, o, h in options if h == P.BOARD.chicago]
                if chicago:
                    assert (plan.chicago.payout, plan.chicago.steps) == chicago[-1]
                else:
                    assert plan.chicago is None
        s.apply(agents[s.current_player].act(s))
    assert shared > 100  # routes that took another's payout
