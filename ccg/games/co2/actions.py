"""Prebuilt Action values: one cache for any action, and per component set the tables of the turn's actions.

Actions are immutable and derived from kind + args, so legal-action lists are assembled from values
built once (``cached_action``, ``action_table``) instead of new objects on every call.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ccg.core import Action

from . import economy
from .data import GRANTS, SOURCES
from .flags import TurnFlag
from .scientists import origins

if TYPE_CHECKING:
    from .state import Co2State

_ACTIONS: dict = {}
_TABLES: dict[int, "ActionTable"] = {}


def cached_action(kind: str, args: tuple = (), where: tuple = ()) -> Action:
    """The one Action value of ``kind`` with ``args`` (built on first use)."""
    key = (kind, args)
    action = _ACTIONS.get(key)
    if action is None:
        action = _ACTIONS[key] = Action(kind, args, where)
    return action


# the flags read on every legal-action call, as plain ints: reading an IntEnum member costs about five
# times a module global, which is a few per cent of the engine's speed here
_ACTION_TAKEN, _SCIENTIST_MOVED, _MARKET_VISIT, _CARD_PLAYED, _PRICE_CHANGED, _MARKET_REFILLED = (
    int(f) for f in (TurnFlag.ACTION_TAKEN, TurnFlag.SCIENTIST_MOVED, TurnFlag.MARKET_VISIT, TurnFlag.CARD_PLAYED,
                     TurnFlag.PRICE_CHANGED, TurnFlag.MARKET_REFILLED))

BUY = cached_action("buy", (), ("market",))
SELL = cached_action("sell", (), ("market",))
SELL_GOAL = cached_action("sellgoal", (), ("goal",))
END = cached_action("end", (), ())


class ActionTable:
    """The turn's actions of one component set, indexed by project space (region * 3 + grant)."""

    __slots__ = ("propose", "propose_all", "lobby_info", "lobby_trigger", "install", "build", "build_card",
                 "sci_from", "lobby", "components")

    def __init__(self, components) -> None:
        self.components = components
        regions = components.regions

        def where(ps):
            return regions[ps // 3], regions[ps // 3] + "." + GRANTS[ps % 3]

        # propose[ps][agenda tile] -> list of (source, Action)
        self.propose = []
        self.propose_all = []
        for ps in range(18):
            region, space = where(ps)
            row = []
            for agenda in components.agendas:
                row.append([(src, Action("propose", (SOURCES[src], region, GRANTS[ps % 3]), (region, space)))
                            for src in agenda])
            self.propose.append(row)
            self.propose_all.append([[a for _, a in pairs] for pairs in row])
        self.install = [Action("install", (where(ps)[0], GRANTS[ps % 3]), where(ps)) for ps in range(18)]
        self.build = [[Action("build", (SOURCES[src], where(ps)[0], GRANTS[ps % 3]),
                              where(ps) + (f"track.{SOURCES[src]}",))
                       for ps in range(18)] for src in range(5)]
        self.build_card = {}
        for card, entry in components.lobby.items():
            if entry["main"] == "build":
                src = entry["source"]
                for ps in range(18):
                    self.build_card[(src, ps, card)] = Action(
                        "build", (SOURCES[src], where(ps)[0], GRANTS[ps % 3], card),
                        where(ps) + (f"track.{SOURCES[src]}", "lobby"))
        self.sci_from = {-1: Action("scientist", ("hand",), ("hand",))}
        for ps in range(18):
            self.sci_from[ps] = Action("scientist", (where(ps)[1],), where(ps))
        self.lobby = {}
        self.lobby_info = {}  # card -> (main Action, secondary Action)
        self.lobby_trigger = {}  # card -> (turn flag or -1, value, bitwise): when the main part is offered
        for card, entry in components.lobby.items():
            self.lobby_trigger[card] = lobby_trigger(entry)
            main, secondary = (Action("lobby", (card, "main"), ("lobby",)),
                               Action("lobby", (card, entry["secondary"]), ("lobby",)))
            self.lobby_info[card] = (main, secondary)
            self.lobby[(card, "main")] = main
            self.lobby[(card, entry["secondary"])] = secondary


def lobby_trigger(entry: dict) -> tuple[int, int, bool]:
    """The activity of this turn a main lobby needs (CO2-12.1.3): the turn flag (a plain int) and the value it
    must hold, or whether it must have that bit (summit topics, bought, sold); -1 for the build cards 15-19."""
    flag, value = _main_lobby_activity(entry)
    return (-1, 0, False) if flag is None else (int(flag), value, flag >= TurnFlag.SUMMIT_TOPICS)


def _main_lobby_activity(entry: dict) -> tuple:
    main = entry["main"]
    if main == "propose_region":  # cards 01-06 (CO2-12.1.5.1, CO2-6.1.6)
        return TurnFlag.PROPOSED_REGION, entry["region"]
    if main == "propose_grant":  # cards 07-09 (CO2-12.1.5.2, CO2-6.1.6)
        return TurnFlag.PROPOSED_GRANT, entry["grant"]
    if main == "install":  # cards 10-14 (CO2-12.1.5.3, CO2-6.2.7)
        return TurnFlag.INSTALLED_SOURCE, entry["source"]
    if main == "summit":  # cards 20-24 (CO2-12.1.5.5)
        return TurnFlag.SUMMIT_TOPICS, 1 << max(entry["source"], 0)
    if main == "buy":  # card 25 (CO2-12.1.5.6)
        return TurnFlag.BOUGHT, 1
    if main == "sell":  # card 26 (CO2-12.1.5.7)
        return TurnFlag.SOLD, 1
    return None, 0  # build cards: played within the build action (CO2-12.1.5.4)


def action_table(components) -> ActionTable:
    """The (shared) table of a component set."""
    table = _TABLES.get(id(components))
    if table is None or table.components is not components:
        table = _TABLES[id(components)] = ActionTable(components)
    return table


# ---- the legal actions of a turn ---------------------------------------------------------------------
# ---- the one action (CO2-6)
def main_actions(s: Co2State, p: int) -> list:
    """The turn's one action (CO2-5.2): propose, install or build."""
    table = s.action_table
    projects, out = s.projects, []
    # CO2-6.1 propose (CO2-6.1.1): a tile from the supply on an empty project space of a region whose agenda lists it
    # (CO2-6.1.5 note: two projects of one source in a region are allowed; CO2-6.1.4: also in full regions)
    supply = s.project_supply
    every = min(supply) > 0
    agenda = s.agenda
    for ps in range(18):
        if projects[ps] == -1:
            if every:
                out += table.propose_all[ps][agenda[ps // 3]]
            else:
                out += [a for src, a in table.propose[ps][agenda[ps // 3]] if supply[src] > 0]
    # CO2-6.2 install any proposed project (CO2-6.2.1): pay the install CEP; displacing needs the coin (CO2-8.4 note)
    need = s.rules["install.cep"]
    have = s.cep[p]
    if have < need:
        have += sum(s.region_cep[r] for r in range(6) if s.controller[r] == p)
    if have >= need:
        fee_ok = s.coins[p] >= s.rules["displace.coins"]
        installed, occupant = s.installed, s.occupant
        for ps in range(18):
            if projects[ps] >= 0 and not installed[ps]:
                o = occupant[ps]
                if o == -1 or o == p or fee_ok:
                    out.append(table.install[ps])
    # CO2-6.3 build
    out += build_actions(s, p)
    return out


def region_open(s: Co2State, r: int) -> bool:
    """An empty demand space or a fossil plant to replace (CO2-6.3.2)."""
    o = s.first_space[r]
    return any(k < economy.GREEN0 for k in s.space_kind[o:o + s.components.spaces[r]])


def build_actions(s: Co2State, p: int) -> list:
    out = []
    components = s.components
    table = s.action_table
    fee = s.rules["displace.coins"]
    disc = s.rules["lobby.build_discount"]
    cards = [] if s.turn_flags[_CARD_PLAYED] else [c for c in s.lobby[p] if components.lobby[c]["main"] == "build"]
    for src in range(5):
        if s.plants_built[src] >= len(components.plants[src]):
            continue
        tile = components.plants[src][s.plants_built[src]]  # CO2-6.3.1 only the top tile
        if s.expertise_of(p, src) < tile.resources:  # CO2-6.3.3 licence
            continue
        for ps in range(18):
            if s.projects[ps] != src or not s.installed[ps]:  # CO2-6.0: only on a proposed, then installed project
                continue
            r = ps // 3
            if not region_open(s, r):
                continue
            need = tile.resources - (1 if s.region_resources[r] > 0 and tile.resources > 0 else 0)  # CO2-6.3.4
            if s.resources[p] < need:
                continue
            extra = fee if s.occupant[ps] not in (-1, p) else 0
            if s.coins[p] >= tile.coins + extra:
                out.append(table.build[src][ps])
            for c in cards:  # CO2-12.1.5.4 lobby 15-19: pay $3 less (never below 0)
                if components.lobby[c]["source"] == src and s.coins[p] >= max(0, tile.coins - disc) + extra:
                    out.append(table.build_card[(src, ps, c)])
    return out


def lobby_actions(s: Co2State, p: int) -> list:
    """CO2-7.3: one lobby card or one UN goal.

    CO2-12.1.3 note (reading): a main lobby is linked to a matching activity of this turn, so it is
    offered once that activity happened (propose, install, summit move, buy, sell); the build cards
    15-19 change the price, so they are played as part of the build action (``build … <card>``)."""
    flags, components, out = s.turn_flags, s.components, []
    table = s.action_table
    for c in s.lobby[p]:
        main, secondary = table.lobby_info[c]
        flag, value, bitwise = table.lobby_trigger[c]
        if flag >= 0 and ((flags[flag] & value) if bitwise else flags[flag] == value):
            out.append(main)
        out.append(secondary)
    if s.resources[p] > 0 and s.un_display:
        built = economy.built_mask(s, p)
        for u in s.un_display:  # CO2-12.3.2
            need = 0
            for x in components.un_goals[u][0]:
                need |= 1 << x
            if built & need == need:
                out.append(cached_action("claim", (u,), ("un",)))
    return out


def turn_actions(s: Co2State, task) -> list:
    """The legal actions of a turn (CO2-5.2): the action until it is taken, each free step once at any time (CO2-5.3),
    the company goal's sale (CO2-12.2.2), and ``end`` once the action is taken."""
    p = task.seat
    flags = s.turn_flags
    out = []
    can_end = bool(flags[_ACTION_TAKEN])
    if not can_end:
        out = main_actions(s, p)
        can_end = not out  # CO2-5.2 note (engine reading): no legal action -> the turn may end
    if not flags[_SCIENTIST_MOVED]:  # CO2-5.3.1
        sci_from = s.action_table.sci_from
        out += [sci_from[x] for x in origins(s, p)]
    if not flags[_MARKET_VISIT]:  # CO2-5.3.2, CO2-7.2.2
        if s.coins[p] >= s.price and (s.market or s.bank_cep):  # CO2-7.2.3
            out.append(BUY)
        # CO2-7.2.5: sell from hand only, and only while the price has not changed this turn
        if s.cep[p] > 0 and not flags[_PRICE_CHANGED] and not flags[_MARKET_REFILLED]:
            out.append(SELL)
    if not flags[_CARD_PLAYED]:  # CO2-5.3.3, CO2-7.3.1
        out += lobby_actions(s, p)
    out += goal_sale(s, p)
    if can_end:
        out.append(END)
    return out


def goal_sale(s: Co2State, p: int) -> list:
    """CO2-12.2.2: the company goal may be sold for 8 coins at any time ([CZ] "kdykoli"). Reading: it is offered
    in every decision where its owner pays or bids (the turn, the forced CEP purchase, the auction's bid and
    payment, final scoring); coins are spent nowhere else, so a sale at another moment would change nothing."""
    return [SELL_GOAL] if s.goal_status[p] == 0 else []
