"""Cards (CO2-12), final scoring and winners (CO2-15), variants (CO2-17)."""
from __future__ import annotations

import pytest
from co2_helpers import SRC, give, hand, names, new, put_plant, put_project, turn_of

from ccg.games.co2 import economy, flow, operations
from ccg.games.co2.scoring import winners
from ccg.games.co2.tasks import AuctionPay, AuctionStart, Bid, Final


# ---- CO2-12.1 lobby -------------------------------------------------------------------------------
def test_CO2_12_1_5_1_region_card_only_after_proposing_there():
    s = new()
    region_card = next(c for c, e in s.components.lobby.items() if e["main"] == "propose_region" and e["region"] == 0)
    hand(s, 0, [region_card])
    turn_of(s, 0)
    assert f"lobby {region_card} main" not in names(s)
    src = s.components.agendas[s.agenda[0]][0]
    from ccg.games.co2.data import SOURCES
    s.apply(f"propose {SOURCES[src]} {s.components.regions[0]} resources")
    c = s.coins[0]
    s.apply(f"lobby {region_card} main")
    assert s.coins[0] == c + 3 and region_card in s.lobby_played and region_card not in s.lobby[0]
    assert not any(x.startswith("lobby") for x in names(s))  # one card per turn


@pytest.mark.parametrize("kind", ["resource", "coins", "cep", "scientist"])
def test_CO2_12_1_4_secondary_effects(kind):
    s = new()
    card = next(c for c, e in s.components.lobby.items() if e["secondary"] == kind)
    hand(s, 0, [card])
    turn_of(s, 0)
    before = (s.resources[0], s.coins[0], s.cep[0])
    s.apply(f"lobby {card} {kind}")
    after = (s.resources[0], s.coins[0], s.cep[0])
    if kind == "scientist":
        assert s.current_player == 0 and "hire" in names(s)
        s.apply("hire")
        assert s.scientists[:4].count(-1) == 2
    else:
        delta = {"resource": (1, 0, 0), "coins": (0, 2, 0), "cep": (0, 0, 1)}[kind]
        assert tuple(a - b for a, b in zip(after, before)) == delta


def test_CO2_12_1_5_3_card_12_offers_a_choice():
    s = new()
    hand(s, 0, [12])
    put_project(s, "europe", "money", "biomass")
    turn_of(s, 0)
    s.apply("install europe money")
    s.apply("lobby 12 main")
    assert sorted(names(s)) == ["reward coins3", "reward resource1"]


@pytest.mark.parametrize("reward,delta", [("coins3", (3, 0, 0)), ("resource1", (0, 1, 0))])
def test_CO2_12_1_5_3_card_12_pays_the_chosen_reward(reward, delta):
    s = new()
    hand(s, 0, [12])
    put_project(s, "europe", "money", "biomass")
    turn_of(s, 0)
    s.apply("install europe money")
    before = (s.coins[0], s.resources[0], s.cep[0])
    s.apply("lobby 12 main")
    s.apply(f"reward {reward}")
    assert tuple(a - b for a, b in zip((s.coins[0], s.resources[0], s.cep[0]), before)) == delta
    s.check_invariants()


def test_CO2_12_1_5_every_lobby_reward_name_has_a_meaning():
    """A component file names lobby rewards (data.REWARDS); the rules code gives each one: a take or a move."""
    import re

    from ccg.games.co2.data import REWARDS
    from ccg.games.co2.turn import LOBBY_REWARDS, Reward

    assert set(LOBBY_REWARDS) | {"move"} == set(REWARDS)
    for name, reward in LOBBY_REWARDS.items():  # the name says what it gives: "coins3" is 3 coins
        what, amount = re.fullmatch(r"([a-z]+)(\d+)", name).groups()
        field = {"coins": "coins", "resource": "resources", "cep": "cep"}[what]
        assert reward == Reward(**{field: int(amount)}), name


def test_CO2_12_1_5_5_summit_card_after_own_summit_move():
    s = new()
    card = next(c for c, e in s.components.lobby.items() if e["main"] == "summit" and e["source"] == SRC["solar"])
    hand(s, 0, [card])
    put_project(s, "europe", "money", "solar", scientist_of=0)
    s.summit[0] = next(i for i, (_, t) in enumerate(s.components.summits) if len(t) == 2 and SRC["solar"] in t)
    turn_of(s, 0)
    assert f"lobby {card} main" not in names(s)
    s.apply("scientist europe.money")
    s.apply("to s1.solar")
    s.apply(f"lobby {card} main")
    assert s.expertise[SRC["solar"]] == 1


def test_CO2_12_1_5_6_and_7_market_cards():
    s = new()
    hand(s, 0, [25, 26])
    turn_of(s, 0)
    s.apply("buy")
    s.apply("lobby 25 main")
    assert s.vp[0] == 2
    turn_of(s, 0)
    c = s.coins[0]
    s.apply("sell")
    s.apply("lobby 26 main")
    assert s.coins[0] == c + s.price + 1 + 3  # the price before selling, plus 3


# ---- CO2-12.2 company goals ------------------------------------------------------------------------
def test_CO2_12_2_2_goal_sold_for_8_coins_any_time():
    s = turn_of(new(), 0)
    c = s.coins[0]
    s.apply("sellgoal")
    assert s.coins[0] == c + 8 and s.goal_status[0] == 1 and "sellgoal" not in names(s)


def test_CO2_12_2_3_goal_values_and_caps():
    s = new(players=3)
    p = 0
    for r in range(6):
        s.controller[r] = p
    s.goal[p] = 27
    assert economy.goal_value(s, p) == 16  # 6 regions x 4, cap 16
    put_plant(s, "asia", "solar", p)
    put_plant(s, "asia", "biomass", p)
    put_plant(s, "europe", "solar", p)
    s.goal[p] = 28
    assert economy.goal_value(s, p) == 6
    s.goal[p] = 30
    assert economy.goal_value(s, p) == 6  # 3 plants, not counting the first
    s.goal[p] = 33
    assert economy.goal_value(s, p) == 6  # 2 different sources
    s.goal[p] = 31
    give(s, p, cep=10)
    assert economy.goal_value(s, p) == 16  # 12 CEP x 2, cap 16
    s.goal[p] = 32
    s.expertise[p * 5 + 1] = 3
    s.expertise[1 * 5 + 1] = 3  # a tie counts
    s.expertise[2 * 5 + 2] = 1
    assert economy.goal_value(s, p) == 4  # 0 expertise is never "highest" (note)
    s.goal[p] = 29
    s.un_won[p] = [34, 35]
    assert economy.goal_value(s, p) == 6


def test_CO2_12_3_claim_un_goal():
    s = new()
    u = next(c for c, (srcs, vp) in s.components.un_goals.items() if c in s.un_display and len(srcs) == 2)
    srcs, vp = s.components.un_goals[u]
    put_plant(s, "asia", ["reforestation", "solar", "fusion", "biomass", "recycling"][srcs[0]], 0)
    turn_of(s, 0)
    give(s, 0, res=1)
    assert f"claim {u}" not in names(s)  # only one of the two sources built
    put_plant(s, "europe", ["reforestation", "solar", "fusion", "biomass", "recycling"][srcs[1]], 0)
    s.resources[0] = 0
    s.supply_resources += 1
    s.mark_edited()
    assert f"claim {u}" not in names(s)  # a resource is needed
    give(s, 0, res=1)
    s.apply(f"claim {u}")
    assert s.vp[0] == vp and s.resources[0] == 0 and u in s.un_won[0] and u not in s.un_display
    assert not any(x.startswith("lobby") for x in names(s))  # lobby or UN, never both


# ---- CO2-15 final scoring --------------------------------------------------------------------------
def final(s):
    """Run final scoring, every player scoring their goal (CO2-15.3.1) at each choice."""
    s.tasks = [Final(-1, 1)]
    flow.run(s)
    while not s.is_terminal():
        acts = s.legal_actions()
        s.apply("goal score" if "goal score" in map(str, acts) else acts[0])
    return s


def test_CO2_15_order_goal31_before_region_cep_and_sale_at_fixed_price():
    s = new(players=2)
    s.goal = [31, 29]
    s.controller[0] = 0
    s.price = 5
    s.expertise = [0] * 10
    coins = s.coins[:]
    cep_hand, cep_region = s.cep[0], s.region_cep[0]
    final(s)
    # goal 31 counted only the hand's 2 CEP (4 VP); all CEP sold at 5 without moving the price
    assert s.price == 5
    c0 = coins[0] + (cep_hand + cep_region) * 5
    assert s.vp[0] == 4 + c0 // 2 + 3 + 3  # goal, coins, both 3-VP bonuses (0 resources / 0 UN: tied)
    assert s.winners() == winners(s)


def test_CO2_15_3_1_goal_or_8_coins():
    s = new(players=2)
    s.goal = [29, 31]
    s.tasks = [Final(-1, 1)]
    flow.run(s)
    assert s.current_player is not None and sorted(names(s)) == ["goal coins", "goal score"]


def test_CO2_15_3_3_and_4_bonus_to_the_most_and_ties():
    s = new(players=3)
    give(s, 0, res=2)
    give(s, 1, res=2)
    s.un_won[2] = [34]
    s.goal_status = [1, 1, 1]
    s.coins = [0, 0, 0]
    s.cep = [0, 0, 0]
    s.bank_cep += 6
    final(s)
    assert s.vp == [3, 3, 3]


def test_CO2_15_4_tie_breaks():
    s = new(players=3)
    s.over = True
    s.vp = [10, 10, 10]
    put_plant(s, "asia", "solar", 0)
    put_plant(s, "asia", "solar", 1)
    assert winners(s) == [0, 1]  # most green plants
    s.expertise[0 * 5 + 0] = 1
    s.expertise[1 * 5 + 0] = 1
    s.expertise[1 * 5 + 1] = 2
    assert winners(s) == [1]  # reforestation tied, then solar
    s.expertise[0 * 5 + 1] = 2
    s.controller[0] = 0
    assert winners(s) == [0]  # then most regions
    s.controller[0] = -1
    assert winners(s) == [0, 1]  # otherwise shared


# ---- CO2-17 variants --------------------------------------------------------------------------------
def test_CO2_17_2_auction():
    s = new(players=3, seed=4, auction=True)
    from co2_helpers import finish_decade
    holder = s.start
    s.coins = [10, 10, 10]
    finish_decade(s)
    assert s.current_player == holder and "pass" not in names(s)  # the first bidder must open
    s.apply("bid 0")
    nxt = (holder + 1) % 3
    assert s.current_player == nxt and "pass" in names(s) and "bid 0" not in names(s)
    s.apply("bid 4")
    s.apply("pass")
    assert s.current_player == nxt
    s.apply("pay resource") if "pay resource" in names(s) else None
    while s.tasks[-1].kind == "auction_pay":
        s.apply("pay coin")
    assert s.coins[nxt] <= 6
    assert s.tasks[-1].kind == "auction_start"
    s.apply(f"start {holder}")
    assert s.start == holder
    s.check_invariants()


def test_CO2_17_2_bid_must_be_affordable():
    s = new(players=2, seed=1, auction=True)
    s.tasks.append(Bid(0, 0, -1, -1))
    s.mark_edited()
    top = max(a.args[0] for a in s.legal_actions() if a.kind == "bid")
    from ccg.games.co2.variants import auction_value
    assert top == auction_value(s, 0) == s.coins[0] + s.price * s.cep[0]


def test_CO2_12_2_2_goal_sold_in_the_auction_to_afford_a_bid():
    """CO2-12.2.2: the goal may be sold at any time ([CZ] "kdykoli"), so also while bidding (CO2-17.2) and paying."""
    s = new(players=2, seed=1, auction=True)
    s.tasks.append(Bid(0, 0, -1, -1))
    s.mark_edited()
    from ccg.games.co2.variants import auction_value
    value, coins, vp = auction_value(s, 0), s.coins[0], s.vp[:]
    assert "sellgoal" in names(s) and f"bid {value + 8}" not in names(s)
    s.apply("sellgoal")
    assert s.coins[0] == coins + 8 and s.goal_status[0] == 1 and s.vp == vp  # 8 coins, the goal is gone
    assert s.current_player == 0 and s.tasks[-1].kind == "bid"  # still this seat's bid
    assert f"bid {value + 8}" in names(s) and "sellgoal" not in names(s)  # the coins count; no second sale
    s.apply(f"bid {value + 8}")
    assert "sellgoal" in names(s)  # the other seat may sell too
    s.apply("pass")
    assert s.tasks[-1].kind == "auction_pay" and s.current_player == 0 and "sellgoal" not in names(s)
    s.check_invariants()


def test_CO2_12_2_2_goal_sold_while_paying_the_auction():
    s = new(players=2, seed=1, auction=True)
    s.tasks += [AuctionStart(1), AuctionPay(1, 2)]
    s.mark_edited()
    coins = s.coins[1]
    assert "sellgoal" in names(s)
    s.apply("sellgoal")
    assert s.coins[1] == coins + 8 and s.tasks[-1] == AuctionPay(1, 2)  # the payment still waits
    s.apply("pay coin")
    s.apply("pay coin")
    assert s.coins[1] == coins + 6 and s.tasks[-1].kind == "auction_start"


def test_CO2_2_18_1_draft():
    s = new(players=3, seed=2, draft=True)
    picks = 0
    while s.tasks[-1].kind == "draft":
        p = s.current_player
        assert len(s.packs[p]) == 5 - picks // 3
        s.apply(s.legal_actions()[-1])
        picks += 1
    assert picks == 15 and [len(h) for h in s.lobby] == [5, 5, 5] and s.packs == [[], [], []]
    s.check_invariants()


def test_CO2_17_3_solo_setup_projects_without_grants():
    s = new(players=1, seed=3)
    assert s.current_player == 0 and len(names(s)) == 6
    s.apply("region europe")
    coins, res = s.coins[0], s.resources[0]
    placed = 0
    while s.tasks[-1].kind == "solo_space":
        r, src = s.tasks[-1].region, s.tasks[-1].source
        assert src in s.components.agendas[s.agenda[r]]
        s.apply(s.legal_actions()[0])
        placed += 1
    assert placed == 5 - sum(1 for x in range(5) if x not in sum((list(s.components.agendas[a]) for a in s.agenda), []))
    assert (s.coins[0], s.resources[0]) == (coins, res) == (3, 0)
    assert sum(1 for x in s.projects if x >= 0) == placed
    assert operations.rounds(s) == 6


def test_CO2_17_3_6_and_7_solo_lobby_draw_and_un_reveal():
    s = new(players=1, seed=3)
    s.apply("region europe")
    while s.tasks[-1].kind != "turn":
        s.apply(s.legal_actions()[0])
    hand(s, 0, [25])
    s.apply("buy")
    deck = len(s.lobby_deck)
    s.apply("lobby 25 main")
    assert len(s.lobby[0]) == 5 and len(s.lobby_deck) == deck - 1
    assert len(s.un_display) == 1 and len(s.un_deck) == 12


def test_CO2_17_3_8_solo_catastrophe_removes_leftmost_un_goal():
    s = new(players=1, seed=3, rules={"ppm.catastrophe": 0})
    s.apply("region europe")
    while s.tasks[-1].kind != "turn":
        s.apply(s.legal_actions()[0])
    s.un_display = [s.un_deck.pop(), s.un_deck.pop()]
    left = s.un_display[1]
    from co2_helpers import finish_decade
    finish_decade(s)
    while s.tasks[-1].kind != "turn":
        s.apply(s.legal_actions()[0])
    assert s.un_display == [left]
