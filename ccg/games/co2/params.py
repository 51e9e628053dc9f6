"""Rule parameters of CO2: every number a teacher might question (defaults = the printed rules)."""
from __future__ import annotations

from ccg.core import RuleParam

RULES: dict[str, RuleParam] = {
    "ppm.coal": RuleParam(40, "CO2 added by a coal plant (ppm)", 0, 200, source="CO2-0.3"),
    "ppm.oil": RuleParam(30, "CO2 added by an oil plant (ppm)", 0, 200, source="CO2-0.3"),
    "ppm.gas": RuleParam(20, "CO2 added by a gas plant (ppm)", 0, 200, source="CO2-0.3"),
    "ppm.catastrophe": RuleParam(350, "events cause catastrophes at this CO2 level or more", 0, 2000,
        source="CO2-0.5, CO2-4.4.2"),
    "ppm.lose": RuleParam(500, "everyone loses when CO2 reaches this level at the end of a Supply phase", 0, 5000,
        source="CO2-14.3"),
    "market.price_start": RuleParam(3, "starting CEP market price", 0, 50, source="CO2-2.13"),
    "market.price_min": RuleParam(1, "lowest CEP market price", 0, 50, source="CO2-7.2.5"),
    "market.price_max": RuleParam(8, "highest CEP market price", 1, 50, source="CO2-7.2.4"),
    "market.cep_start": RuleParam(2, "CEP in the market at the start", 0, 40, source="CO2-2.13"),
    "market.refill": RuleParam(2, "CEP added from the bank when the market pile empties", 1, 10, source="CO2-7.2.4"),
    "cep.total": RuleParam(40, "CEP tokens in the game", 10, 200, source="CO2-1.4"),
    "cep.player_start": RuleParam(2, "CEP each player starts with", 0, 5, source="CO2-2.3.4"),
    "resources.total": RuleParam(25, "resource cubes in the common supply", 5, 200, source="CO2-1.3"),
    "coins.start.1": RuleParam(3, "starting coins of the start player", 0, 50, source="CO2-2.3.3"),
    "coins.start.2": RuleParam(4, "starting coins of the 2nd player", 0, 50, source="CO2-2.3.3"),
    "coins.start.3": RuleParam(4, "starting coins of the 3rd player", 0, 50, source="CO2-2.3.3"),
    "coins.start.4": RuleParam(5, "starting coins of the 4th player", 0, 50, source="CO2-2.3.3"),
    "coins.start.5": RuleParam(5, "starting coins of the 5th player", 0, 50, source="CO2-2.3.3"),
    "decades": RuleParam(5, "decades in a game of 1-4 players", 1, 10, source="CO2-3.1"),
    "decades.5p": RuleParam(6, "decades in a 5-player game", 1, 10, source="CO2-3.1"),
    "rounds.2p": RuleParam(5, "rounds per decade with 2 players", 1, 10, source="CO2-3.3"),
    "rounds.3p": RuleParam(4, "rounds per decade with 3 players", 1, 10, source="CO2-3.3"),
    "rounds.4p": RuleParam(3, "rounds per decade with 4 players", 1, 10, source="CO2-3.3"),
    "rounds.5p": RuleParam(2, "rounds per decade with 5 players", 1, 10, source="CO2-3.3"),
    "solo.turns": RuleParam(6, "turns per decade in the solo game", 1, 12, source="CO2-17.3.5"),
    "income.paid_places": RuleParam(2, "income ranks paid on each expertise track (3+ players)", 1, 5,
        source="CO2-4.2.2"),
    "income.paid_places_2p": RuleParam(1, "income ranks paid with 2 players", 1, 5, source="CO2-4.2.2"),
    "income.scale": RuleParam(1, "multiplier on the printed track income", 0, 5, source="CO2-4.2.3"),
    "scientists.max": RuleParam(4, "scientists a player can have", 1, 4, source="CO2-8.1"),
    "install.cep": RuleParam(1, "CEP paid to install a project", 0, 5, source="CO2-6.2.3"),
    "displace.coins": RuleParam(1, "coins paid to the owner of a displaced scientist", 0, 5, source="CO2-8.4.1"),
    "grant.resources": RuleParam(2, "resources from the resources grant", 0, 5, source="CO2-6.1.3.2"),
    "grant.money_min": RuleParam(1, "coins from the money grant when the region has no CEP", 0, 5,
        source="CO2-6.1.3.1"),
    "lobby.hand": RuleParam(5, "lobby cards dealt to each player", 0, 5, source="CO2-2.18"),
    "lobby.build_discount": RuleParam(3, "coins saved by lobby cards 15-19", 0, 20, source="CO2-12.1.5.4"),
    "lobby.buy_vp": RuleParam(2, "VP from lobby card 25", 0, 10, source="CO2-12.1.5.6"),
    "lobby.sell_coins": RuleParam(3, "extra coins from lobby card 26", 0, 10, source="CO2-12.1.5.7"),
    "lobby.propose_coins": RuleParam(3, "coins from lobby cards 01-06", 0, 10, source="CO2-12.1.5.1"),
    "lobby.secondary_coins": RuleParam(2, "coins from a secondary lobby", 0, 10, source="CO2-12.1.4"),
    "goal.discard_coins": RuleParam(8, "coins for discarding a company goal", 0, 30, source="CO2-12.2.2"),
    "un.displayed": RuleParam(10, "UN goals displayed with 3+ players", 0, 13, source="CO2-2.16"),
    "un.displayed_2p": RuleParam(7, "UN goals displayed with 2 players", 0, 13, source="CO2-2.16"),
    "event.vp_loss": RuleParam(2, "VP lost in a catastrophe by a player without a resource", 0, 20, source="CO2-4.4.2"),
    "end.green_regions": RuleParam(2, "regions full of green plants that end the game", 1, 6, source="CO2-14.1.2"),
    "end.safe_decade": RuleParam(4, "from this decade on, returning below the catastrophe level ends the game", 1, 10,
        source="CO2-14.1.3"),
    "final.bonus_vp": RuleParam(3, "VP for most resources and for most UN goals", 0, 20, source="CO2-15.3.3"),
    "final.coins_per_vp": RuleParam(2, "coins per VP at the end", 1, 10, source="CO2-15.3.2"),
}


def check_rule_values(values: dict) -> None:
    """Cross-checks between parameters (each is range-checked on its own already)."""
    if values["market.price_min"] > values["market.price_max"]:
        raise ValueError("rule 'market.price_min' must not exceed 'market.price_max'")
    if not values["market.price_min"] <= values["market.price_start"] <= values["market.price_max"]:
        raise ValueError("rule 'market.price_start' must lie between 'market.price_min' and 'market.price_max'")
    if values["ppm.catastrophe"] > values["ppm.lose"]:
        raise ValueError("rule 'ppm.catastrophe' must not exceed 'ppm.lose'")
