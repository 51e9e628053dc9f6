"""Chicago Express's moves in words: ``describe(state, action) -> (sentence, rule id)`` (ccg/core/describe.py).

Companies by their rulebook names (PRR, B&O, NYC, C&O, Wabash), hexes by their map id with the city's name
where the map has one (``D3 (Fort Wayne)``) and its terrain otherwise (``the forest hex N5``).
The sentences are gettext messages (context ``chicago_express``) in the current language (:mod:`ccg.i18n`):
whole sentences with named placeholders, so a translation may order them freely; city and terrain names come
from :func:`ccg.core.glossary.term`. The companies keep the short names printed on their shares in every edition.
"""
from __future__ import annotations

from ccg.core import Action
from ccg.core.glossary import term
from ccg.i18n import format_list, format_money, npgettext, pgettext

from . import actions as A
from .auction import lowest_bid
from .board import BOARD, CHICAGO, COMPANIES, FOREST, INDUSTRIAL, TERRAINS
from .build import cost, hex_income
from .develop import present
from .phases import AUCTION, BUILD, CHOOSE, OPENING, WABASH_AUCTION

FORGO_RULES = {"auction": "CE-5.7", "build": "CE-4.4", "development": "CE-4.4"}


def hex_words(h: int) -> str:
    """``Chicago``, ``D3 (Fort Wayne)`` or ``the forest hex N5``."""
    name = BOARD.names[h]
    if name:
        city = term("chicago_express", "city", name)
        return city if BOARD.terrain[h] == CHICAGO else f"{BOARD.ids[h]} ({city})"
    terrain = term("chicago_express", "terrain", TERRAINS[BOARD.terrain[h]]).lower()
    return pgettext("chicago_express", "the {terrain} hex {id}").format(terrain=terrain, id=BOARD.ids[h])


def an(c: int) -> bool:
    """Whether English says ``an`` before the company's short name (``an NYC``, said "en-why-see")."""
    return COMPANIES[c] == "NYC"


def company_list(companies: list[int]) -> str:
    return format_list([COMPANIES[c] for c in companies])


def choose(s, a: Action) -> tuple[str, str]:
    """CE-4.2: the action chosen this turn (its pointer moves, CE-4.3)."""
    k = a.kind
    if k == "auction":
        c = A.LOWER_COMPANY[a.args[0].lower()]
        text = (pgettext("chicago_express", "Auction an {company} share: you bid first, at least {minimum}; the money "
                                            "goes to {company}'s treasury") if an(c) else
                pgettext("chicago_express", "Auction a {company} share: you bid first, at least {minimum}; the money "
                                            "goes to {company}'s treasury"))
        return text.format(company=COMPANIES[c], minimum=format_money(s.minimum_price(c))), "CE-5.1"
    if k == "build":
        c = A.LOWER_COMPANY[a.args[0].lower()]
        trains = s.rules["build.max_trains"]
        text = npgettext("chicago_express",
                         "Build track for {company}: place up to {count} of its trains, paid from its treasury of "
                         "{funds}",
                         "Build track for {company}: place up to {count} of its trains, paid from its treasury of "
                         "{funds}", trains)
        return text.format(company=COMPANIES[c], count=trains, funds=format_money(s.treasury[c])), "CE-6.1"
    if k == "develop":
        return develop(s, BOARD.index[a.args[0]])
    if k == "forgo":
        meter = a.args[0]
        text = pgettext("chicago_express", "Forgo the {action} action: its pointer moves on, nothing else happens")
        return text.format(action=term("chicago_express", "action", meter)), FORGO_RULES[meter]
    raise ValueError(f"Chicago Express has no action {a} when choosing")


def develop(s, h: int) -> tuple[str, str]:
    where, companies = hex_words(h), present(s, h)
    names = company_list(companies)
    k = BOARD.industry_of[h]
    if BOARD.terrain[h] == INDUSTRIAL and k >= 0:
        old = s.industry[k]
        new = min(old + s.industry_step[k], s.industry_max[k])
        text = npgettext("chicago_express",
                         "Develop {where}: its industry value rises from {old} to {new}, so {companies} gains +{gain} "
                         "income",
                         "Develop {where}: its industry value rises from {old} to {new}, so {companies} gain +{gain} "
                         "income", len(companies))
        return text.format(where=where, old=old, new=new, companies=names, gain=new - old), "CE-8.3"
    if BOARD.terrain[h] == FOREST:
        text = pgettext("chicago_express", "Develop {where}: put a house there; {companies} gets {bonus} into its treasury")
        return text.format(where=where, companies=names, bonus=format_money(s.rules["forest_bonus"])), "CE-8.9"
    text = npgettext("chicago_express", "Develop {where}: put a house there, so {companies} gains +{gain} income",
                     "Develop {where}: put a house there, so {companies} gain +{gain} income", len(companies))
    return text.format(where=where, companies=names, gain=BOARD.house[h]), "CE-8.2"


def bidding(s, a: Action) -> tuple[str, str]:
    """A bid or a pass in an auction: the opening auctions (CE-3), an Auction action (CE-5), Wabash's (CE-10.5)."""
    c = COMPANIES[s.auction_company]
    phase = s.phase
    rule = {OPENING: "CE-3.3", WABASH_AUCTION: "CE-10.5"}.get(phase, "CE-5.4")
    if a.kind == "pass":
        if s.auction_leader < 0 and s.auction_active.bit_count() == 1:  # the last seat in, and nobody has bid
            if phase == OPENING:
                if s.auction_opener == s.current_player:
                    text = pgettext("chicago_express", "Pass on the opening auction's {company} share: nobody bid, so "
                                                       "you get the share free")
                else:
                    text = pgettext("chicago_express", "Pass on the opening auction's {company} share: nobody bid, so "
                                                       "seat {seat}, who opened, gets the share free")
                return text.format(company=c, seat=s.auction_opener), "CE-3.5"
            if phase == WABASH_AUCTION:
                text = pgettext("chicago_express", "Pass on the first Wabash share: nobody bid, so the share stays on "
                                                   "{company}'s board")
                return text.format(company=c), "CE-10.6"
            text = pgettext("chicago_express", "Pass on the {company} share: nobody bid, so the share stays on "
                                               "{company}'s board")
            return text.format(company=c), "CE-5.6"
        if phase == OPENING:
            text = pgettext("chicago_express", "Pass: drop out of the bidding for the opening auction's {company} "
                                               "share for good")
        elif phase == WABASH_AUCTION:
            text = pgettext("chicago_express", "Pass: drop out of the bidding for the first Wabash share for good")
        else:
            text = pgettext("chicago_express", "Pass: drop out of the bidding for the {company} share for good")
        return text.format(company=c), rule
    amount = a.args[0]
    if s.auction_leader < 0:
        note = pgettext("chicago_express", "the minimum is {minimum}").format(minimum=format_money(s.auction_minimum))
    elif amount == lowest_bid(s):
        note = pgettext("chicago_express", "the smallest raise over the highest bid of {high}").format(
            high=format_money(s.auction_high_bid))
    else:
        note = pgettext("chicago_express", "raising the highest bid of {high}").format(high=format_money(s.auction_high_bid))
    if phase == OPENING:
        text = pgettext("chicago_express", "Bid {amount} for the opening auction's {company} share, {note}; the winner "
                                           "pays into {company}'s treasury")
    elif phase == WABASH_AUCTION:
        text = pgettext("chicago_express", "Bid {amount} for the first Wabash share, {note}; the winner pays into "
                                           "{company}'s treasury")
    else:
        text = pgettext("chicago_express", "Bid {amount} for the {company} share, {note}; the winner pays into "
                                           "{company}'s treasury")
    return text.format(amount=format_money(amount), company=c, note=note), rule


def place(s, a: Action) -> tuple[str, str]:
    c = A.LOWER_COMPANY[a.args[0].lower()]
    h = BOARD.index[a.args[1]]
    price = format_money(cost(s, h))
    if BOARD.terrain[h] == CHICAGO:
        text = (pgettext("chicago_express", "Place an {company} train on Chicago for {cost}: {company} reaches Chicago, "
                                            "its income rises and it pays a Chicago dividend") if an(c) else
                pgettext("chicago_express", "Place a {company} train on Chicago for {cost}: {company} reaches Chicago, "
                                            "its income rises and it pays a Chicago dividend"))
        return text.format(company=COMPANIES[c], cost=price), "CE-6.13"
    gain = hex_income(s, h)
    income = (pgettext("chicago_express", "income +{gain}").format(gain=gain) if gain else
              pgettext("chicago_express", "no income change"))
    text = (pgettext("chicago_express", "Place an {company} train on {where} for {cost} from its treasury: {change}")
            if an(c) else
            pgettext("chicago_express", "Place a {company} train on {where} for {cost} from its treasury: {change}"))
    return text.format(company=COMPANIES[c], where=hex_words(h), cost=price, change=income), "CE-6.14"


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
                text = pgettext("chicago_express", "Stop building for {company} without placing a train, which "
                                                   "forgoes the action")
            else:
                text = npgettext("chicago_express", "Stop building for {company} after {count} train",
                                 "Stop building for {company} after {count} trains", placed)
            return text.format(company=c, count=placed), "CE-6.2"
        return place(s, a)
    raise ValueError(f"Chicago Express has no description for {a} in phase {phase}")
