"""A player's turn (CO2-5 to CO2-7, CO2-12): the action, the free steps, then ``end``.

Compound turns are small actions: ``propose``/``install``/``build`` (the action
with its parameters), ``scientist`` (pick one, then ``to``), ``buy``/``sell``,
``lobby``/``claim`` (the card step), ``sellgoal`` and ``end``. What is legal when
is ``actions.turn_actions``; this module plays an action.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from . import economy
from .data import GRANTS, SOURCES
from .flags import TurnFlag
from .scientists import FREE_STEP, LOBBY_MOVE, LOBBY_SECONDARY, RESEARCH_GRANT, parse_location
from .tasks import (
    AfterTurn,
    Control,
    Displace,
    Gain,
    InstallDone,
    Leave,
    LobbyPick,
    PayCep,
    ProjectExp,
    Research,
    ReturnProject,
    ScientistTo,
    Summits,
    push,
)

if TYPE_CHECKING:
    from .state import Co2State

_SUMMITS, _AFTER_TURN = Summits(), AfterTurn()  # records are immutable: one value serves every turn's end


def apply_turn(s: Co2State, task, a) -> None:
    """Play one action of the turn (``a`` is legal: ``actions.turn_actions``)."""
    p = task.seat
    k = a.kind
    flags = s.turn_flags
    if k == "end":
        s.tasks.pop()
        push(s, ProjectExp(p), _SUMMITS, _AFTER_TURN)  # CO2-5.4 (CO2-5.4.1 first, note)
    elif k == "propose":
        propose(s, p, SOURCES.index(a.args[0]), s.components.regions.index(a.args[1]), GRANTS.index(a.args[2]))
    elif k == "install":
        ps = s.components.regions.index(a.args[0]) * 3 + GRANTS.index(a.args[1])
        flags[TurnFlag.ACTION_TAKEN] = 1
        # CO2-6.2.2, CO2-EX-11: an opponent's scientist is displaced, your own may stay (CO2-6.2.6, CO2-8.6); the
        # displacement, payment and flip run as one sequence, no free step between (CO2-5.3.4, CO2-8.4.4)
        tasks: list = [Displace(p, ps)] if s.occupant[ps] not in (-1, p) else []
        tasks += [PayCep(p)] * s.rules["install.cep"]  # CO2-6.2.3 before the reward
        push(s, *tasks, InstallDone(p, ps))
    elif k == "build":
        build(s, p, a)
    elif k == "scientist":
        flags[TurnFlag.SCIENTIST_MOVED] = 1  # CO2-7.1
        push(s, ScientistTo(p, parse_location(s, a.args[0]), FREE_STEP))
    elif k == "buy":  # CO2-7.2.3, CO2-13.3 (b)
        flags[TurnFlag.MARKET_VISIT] = 1
        flags[TurnFlag.BOUGHT] = 1
        before = s.price
        s.coins[p] -= s.price
        if economy.market_take(s):
            s.cep[p] += 1
        if s.price != before:
            flags[TurnFlag.PRICE_CHANGED] = 1
    elif k == "sell":  # CO2-7.2.5
        flags[TurnFlag.MARKET_VISIT] = 2
        flags[TurnFlag.SOLD] = 1
        s.cep[p] -= 1
        s.market += 1  # CO2-13.1 (a)
        s.coins[p] += s.price
        if s.price > s.rules["market.price_min"]:
            s.price -= 1
            flags[TurnFlag.PRICE_CHANGED] = 1
    elif k == "lobby":
        play_lobby(s, p, a.args[0], a.args[1])
    elif k == "claim":  # CO2-12.3.2
        flags[TurnFlag.CARD_PLAYED] = 1
        u = a.args[0]
        s.resources[p] -= 1
        s.supply_resources += 1
        s.un_display.remove(u)
        s.un_won[p].append(u)
        s.vp[p] += s.components.un_goals[u][1]
    elif k == "sellgoal":
        economy.sell_company_goal(s, p)


def propose(s: Co2State, p: int, src: int, r: int, g: int) -> None:
    """CO2-6.1: place a project tile and take the space's grant; the project belongs to the region, so no owner
    is recorded (CO2-6.1.2)."""
    ps = r * 3 + g
    s.project_supply[src] -= 1
    s.projects[ps] = src
    s.installed[ps] = 0
    flags = s.turn_flags
    flags[TurnFlag.ACTION_TAKEN] = 1
    flags[TurnFlag.PROPOSED_REGION] = r
    flags[TurnFlag.PROPOSED_GRANT] = g
    grant = GRANTS[g]
    if grant == "money":  # CO2-6.1.3.1: CEP in the region's pile, at least 1
        s.coins[p] += s.region_cep[r] or s.rules["grant.money_min"]
    elif grant == "resources":  # CO2-6.1.3.2
        economy.take_resources(s, p, s.rules["grant.resources"])
    else:  # CO2-6.1.3.3 research cooperation (an extra move, note)
        push(s, Research(p, RESEARCH_GRANT))


def install_done(s: Co2State, task) -> None:
    install_reward(s, task.seat, task.project)


def return_project(s: Co2State, task) -> None:
    """Build step 8 (CO2-6.3.5): the project tile goes back to the supply."""
    ps = task.project
    src = s.projects[ps]
    s.projects[ps] = -1
    s.installed[ps] = 0
    s.project_supply[src] += 1


class Reward(NamedTuple):
    """What a player takes: coins from the bank, resources from the common supply, CEP from the market."""

    coins: int = 0
    resources: int = 0
    cep: int = 0


# CO2-6.2.4.1 … CO2-6.2.4.5: the installation reward of each source (printed rule text, not component data:
# components.toml, CO2-DATA-09)
INSTALL_REWARDS = {
    "reforestation": Reward(cep=2),
    "solar": Reward(resources=3),
    "fusion": Reward(coins=5, resources=1),
    "biomass": Reward(coins=3, resources=1, cep=1),
    "recycling": Reward(coins=5, cep=1),
}
# the rewards a lobby card's main effect may give, by their name in the component file (data.REWARDS): cards
# 07-09 (CO2-12.1.5.2) and 10-14 (CO2-12.1.5.3); "move" (a scientist move) is no take, see ``give_reward``
LOBBY_REWARDS = {
    "coins2": Reward(coins=2),
    "coins3": Reward(coins=3),
    "resource1": Reward(resources=1),
    "cep1": Reward(cep=1),
}


def take_reward(s: Co2State, p: int, reward: Reward) -> None:
    """Seat ``p`` takes ``reward``: coins, resources (CO2-1.3), then CEP one at a time from the market (CO2-6.2.5,
    to hand: CO2-13.3 (a)); a CEP price change is flagged for the turn (CO2-7.2.5)."""
    before = s.price
    s.coins[p] += reward.coins
    if reward.resources:
        economy.take_resources(s, p, reward.resources)
    for _ in range(reward.cep):
        if economy.market_take(s):
            s.cep[p] += 1
    if s.price != before:
        s.turn_flags[TurnFlag.PRICE_CHANGED] = 1


def install_reward(s: Co2State, p: int, ps: int) -> None:
    """CO2-6.2.4: flip the tile and take its source's reward."""
    s.installed[ps] = 1
    src = s.projects[ps]
    s.turn_flags[TurnFlag.INSTALLED_SOURCE] = src
    take_reward(s, p, INSTALL_REWARDS[SOURCES[src]])


def build(s: Co2State, p: int, a) -> None:
    """CO2-6.3.5 steps 1-8 (displacement at step 7, the digest's reading)."""
    components = s.components
    src = SOURCES.index(a.args[0])
    r = components.regions.index(a.args[1])
    ps = r * 3 + GRANTS.index(a.args[2])
    tile = components.plants[src][s.plants_built[src]]
    cost = tile.coins
    if len(a.args) == 4:  # lobby 15-19
        card = a.args[3]
        cost = max(0, cost - s.rules["lobby.build_discount"])
        spend_card(s, p, card, main=True)
    # step 1: pay; the region's resource pays for one (CO2-6.3.4, automatic)
    s.coins[p] -= cost
    need = tile.resources
    if need > 0 and s.region_resources[r] > 0:
        s.region_resources[r] -= 1
        s.supply_resources += 1
        need -= 1
    s.resources[p] -= need
    s.supply_resources += need
    s.plants_built[src] += 1
    # step 2: leftmost empty space, else replace the leftmost fossil plant (CO2-6.3.6)
    o = s.first_space[r]
    kinds = s.space_kind
    i = next((j for j in range(o, o + components.spaces[r]) if kinds[j] == -1), -1)
    if i < 0:
        i = next(j for j in range(o, o + components.spaces[r]) if kinds[j] < economy.GREEN0)
        f = kinds[i]
        s.ppm -= (s.rules["ppm.coal"], s.rules["ppm.oil"], s.rules["ppm.gas"])[f]
        s.fossil_out[f] += 1
        before = s.price
        # CO2-13.6 (a); reading (note): at the regional limit the CEP is not taken from the market
        if s.region_cep[r] < components.spaces[r] and economy.market_take(s):
            s.region_cep[r] += 1
        if s.price != before:
            s.turn_flags[TurnFlag.PRICE_CHANGED] = 1
    kinds[i] = economy.GREEN0 + src
    s.space_owner[i] = p  # step 3
    s.vp[p] += tile.vp  # step 4
    s.turn_flags[TurnFlag.ACTION_TAKEN] = 1
    # steps 5-8
    push(s, Gain(p, src, 1), Control(p, r), Leave(p, ps), ReturnProject(-1, ps))  # step 5: CO2-9.2.2


def spend_card(s: Co2State, p: int, card: int, main: bool) -> None:
    """Remove a played lobby card (CO2-12.1.1); solo draws a new one and a main use reveals a UN goal."""
    s.lobby[p].remove(card)
    s.lobby_played.append(card)
    s.turn_flags[TurnFlag.CARD_PLAYED] = 1
    if s.num_players == 1:
        if s.lobby_deck:  # CO2-17.3.6
            s.lobby[p].append(s.lobby_deck.pop())
            s.lobby[p].sort()
        if main and s.un_deck:  # CO2-17.3.7
            s.un_display.append(s.un_deck.pop())


def give_reward(s: Co2State, p: int, reward: str) -> None:
    """A lobby card's reward by its name in the component file (CO2-12.1.5.2, CO2-12.1.5.3)."""
    if reward == "move":  # a scientist move (cards 07-09)
        push(s, Research(p, LOBBY_MOVE))
    else:
        take_reward(s, p, LOBBY_REWARDS[reward])


def play_lobby(s: Co2State, p: int, card: int, part: str) -> None:
    """CO2-12.1.2: exactly one part of the card."""
    e = s.components.lobby[card]
    spend_card(s, p, card, main=part == "main")
    if part == "main":
        m = e["main"]
        if m == "propose_region":
            s.coins[p] += s.rules["lobby.propose_coins"]
        elif m in ("propose_grant", "install"):
            if len(e["reward"]) == 1:
                give_reward(s, p, e["reward"][0])
            else:  # card 12: choose one of the two
                push(s, LobbyPick(p, card))
        elif m == "summit":
            push(s, Gain(p, e["source"], 1))  # cards 20-24 (CO2-12.1.5.5, CO2-9.2.5)
        elif m == "buy":
            s.vp[p] += s.rules["lobby.buy_vp"]
        elif m == "sell":
            s.coins[p] += s.rules["lobby.sell_coins"]
    elif part == "resource":  # CO2-12.1.4 secondary effects
        economy.take_resources(s, p, 1)
    elif part == "coins":
        s.coins[p] += s.rules["lobby.secondary_coins"]
    elif part == "cep":
        give_reward(s, p, "cep1")
    else:  # "take or move a scientist" (reading: hire, or one move)
        push(s, Research(p, LOBBY_SECONDARY))


