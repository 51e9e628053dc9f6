"""Chicago Express's moves in words: ``describe(state, action) -> (sentence, rule id)`` (ccg/core/describe.py).

Companies by their rulebook names (PRR, B&O, NYC, C&O, Wabash), hexes by their map id with the city's name
where the map has one (``D3 (Fort Wayne)``) and its terrain otherwise (``the forest hex N5``).
"""
from __future__ import annotations

from ccg.core import Action

from . import actions as A
from .auction import lowest_bid
from .board import BOARD, CHICAGO, COMPANIES, FOREST, INDUSTRIAL, TERRAINS
from .build import cost, hex_income
from .develop import present
from .phases import AUCTION, BUILD, CHOOSE, OPENING, WABASH_AUCTION

METER_WORDS = {"auction": "Auction", "build": "Build track", "development": "Development"}
FORGO_RULES = {"auction": "CE-5.7", "build": "CE-4.4", "development": "CE-4.4"}


def hex_words(h: int) -> str:
    """``Chicago``, ``D3 (Fort Wayne)`` or ``the forest hex N5``."""
    name = BOARD.names[h]
    if name:
        return name if BOARD.terrain[h] == CHICAGO else f"{BOARD.ids[h]} ({name})"
    return f"the {TERRAINS[BOARD.terrain[h]]} hex {BOARD.ids[h]}"


def a_company(c: int) -> str:
    """``a PRR``, ``an NYC`` (said "en-why-see")."""
    return f"{'an' if COMPANIES[c] == 'NYC' else 'a'} {COMPANIES[c]}"


def a_share(c: int) -> str:
    return f"{a_company(c)} share"


def company_list(companies: list[int]) -> str:
    names = [COMPANIES[c] for c in companies]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def choose(s, a: Action) -> tuple[str, str]:
    """CE-4.2: the action chosen this turn (its pointer moves, CE-4.3)."""
    k = a.kind
    if k == "auction":
        c = A.LOWER_COMPANY[a.args[0].lower()]
        return (f"Auction {a_share(c)}: you bid first, at least ${s.minimum_price(c)}; the money goes to "
                f"{COMPANIES[c]}'s treasury", "CE-5.1")
    if k == "build":
        c = A.LOWER_COMPANY[a.args[0].lower()]
        return (f"Build track for {COMPANIES[c]}: place up to {s.rules['build.max_trains']} of its trains, paid "
                f"from its treasury of ${s.treasury[c]}", "CE-6.1")
    if k == "develop":
        return develop(s, BOARD.index[a.args[0]])
    if k == "forgo":
        meter = a.args[0]
        return (f"Forgo the {METER_WORDS[meter]} action: its pointer moves on, nothing else happens",
                FORGO_RULES[meter])
    raise ValueError(f"Chicago Express has no action {a} when choosing")


def develop(s, h: int) -> tuple[str, str]:
    where, companies = hex_words(h), present(s, h)
    k = BOARD.industry_of[h]
    if BOARD.terrain[h] == INDUSTRIAL and k >= 0:
        old = s.industry[k]
        new = min(old + s.industry_step[k], s.industry_max[k])
        return (f"Develop {where}: its industry value rises from {old} to {new}, so {company_list(companies)} "
                f"gain{'s' if len(companies) == 1 else ''} +{new - old} income", "CE-8.3")
    if BOARD.terrain[h] == FOREST:
        return (f"Develop {where}: put a house there; {company_list(companies)} gets "
                f"${s.rules['forest_bonus']} into its treasury", "CE-8.9")
    return (f"Develop {where}: put a house there, so {company_list(companies)} "
            f"gain{'s' if len(companies) == 1 else ''} +{BOARD.house[h]} income", "CE-8.2")


def bidding(s, a: Action) -> tuple[str, str]:
    c = COMPANIES[s.auc_company]
    phase = s.phase
    if phase == OPENING:
        what, rule = f"the opening auction's {c} share", "CE-3.3"
    elif phase == WABASH_AUCTION:
        what, rule = "the first Wabash share", "CE-10.5"
    else:
        what, rule = f"the {c} share", "CE-5.4"
    if a.kind == "pass":
        if s.auc_leader < 0 and s.auc_active.bit_count() == 1:  # the last seat in, and nobody has bid
            if phase == OPENING:
                opener = "you get" if s.auc_opener == s.current_player else f"seat {s.auc_opener}, who opened, gets"
                return f"Pass on {what}: nobody bid, so {opener} the share free", "CE-3.5"
            return f"Pass on {what}: nobody bid, so the share stays on {c}'s board", \
                "CE-10.6" if phase == WABASH_AUCTION else "CE-5.6"
        return f"Pass: drop out of the bidding for {what} for good", rule
    amount = a.args[0]
    if s.auc_leader < 0:
        note = f"the minimum is ${s.auc_min}"
    elif amount == lowest_bid(s):
        note = f"the smallest raise over the highest bid of ${s.auc_high}"
    else:
        note = f"raising the highest bid of ${s.auc_high}"
    return f"Bid ${amount} for {what}, {note}; the winner pays into {c}'s treasury", rule


def place(s, a: Action) -> tuple[str, str]:
    c = A.LOWER_COMPANY[a.args[0].lower()]
    h = BOARD.index[a.args[1]]
    name, where = COMPANIES[c], hex_words(h)
    if BOARD.terrain[h] == CHICAGO:
        return (f"Place {a_company(c)} train on Chicago for ${cost(s, h)}: {name} reaches Chicago, its income rises "
                f"and it pays a Chicago dividend", "CE-6.13")
    gain = hex_income(s, h)
    income = f"income +{gain}" if gain else "no income change"
    return f"Place {a_company(c)} train on {where} for ${cost(s, h)} from its treasury: {income}", "CE-6.14"


def describe(s, a: Action) -> tuple[str, str]:
    """``a`` (legal in ``s``) in words, and the rule that allows it."""
    phase = s.phase
    if phase == CHOOSE:
        return choose(s, a)
    if phase in (OPENING, AUCTION, WABASH_AUCTION):
        return bidding(s, a)
    if phase == BUILD:
        if a.kind == "stop":
            c = COMPANIES[s.build_company]
            placed = s.build_placed
            if not placed:
                return f"Stop building for {c} without placing a train, which forgoes the action", "CE-6.2"
            return (f"Stop building for {c} after {placed} train{'s' if placed != 1 else ''}", "CE-6.2")
        return place(s, a)
    raise ValueError(f"Chicago Express has no description for {a} in phase {phase}")
