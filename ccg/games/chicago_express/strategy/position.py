"""Reading the position: the one place where the strategist touches the engine's internal fields.

Everything else in the strategy package asks these functions, in the rulebook's
terms (shares in circulation, treasury, income, meters, houses in the supply), so
a rename of the engine's fields changes this file only.
"""
from __future__ import annotations

from ..actions import PASS, STOP, bid
from ..auction import OPENING_ORDER, lowest_bid
from ..board import BOARD, CHICAGO, CITY, COMPANIES, DETROIT, FOREST, INDUSTRIAL, MOUNTAIN, WABASH
from ..build import COST_BY_OCC, hex_income
from ..phases import AUCTION, BUILD, CHOOSE, OPENING, WABASH_AUCTION

__all__ = [
    "AUCTION", "BOARD", "BUILD", "CHICAGO", "CHOOSE", "CITY", "COMPANIES", "COST_BY_OCC", "DETROIT", "FOREST",
    "INDUSTRIAL", "MOUNTAIN", "OPENING", "PASS", "STOP", "WABASH", "WABASH_AUCTION", "bid", "lowest_bid",
    "phase", "players", "mover", "cash", "shares_held", "shares_in_circulation", "shares_for_sale",
    "income", "treasury", "trains_left", "in_play", "meters", "meter_lengths", "industry", "industry_max",
    "house_supply", "houses_end", "companies_end", "chicago_income", "max_placements", "network", "networks",
    "occupancy",
    "occupied", "houses", "placement_income", "placement_cost", "auction_company", "auction_leader",
    "auction_high", "build_company", "build_placed", "reached_chicago", "board_key", "house_value",
    "industry_step", "minimum_price", "forest_bonus", "opening_still_to_sell", "snapshot",
]


def phase(s) -> int:
    return s.phase


def players(s) -> int:
    return s.num_players


def mover(s) -> int:
    return s.mover


def cash(s) -> list[int]:
    return s.cash


def shares_held(s) -> list[int]:
    """Flat list: seat p's shares of company c at ``p * 5 + c``."""
    return s.shares


def shares_in_circulation(s, c: int) -> int:
    """CE-0.5: the company's shares held by players."""
    return s.num_shares_out(c)


def shares_for_sale(s) -> list[int]:
    """Shares still on each company's board (CE-0.5)."""
    return s.shares_left


def income(s) -> list[int]:
    return s.income


def treasury(s) -> list[int]:
    return s.treasury


def trains_left(s) -> list[int]:
    return s.trains_left


def in_play(s, c: int) -> bool:
    """The four eastern companies always; Wabash once it has entered (CE-10.4)."""
    return c != WABASH or s.wabash_in


def meters(s) -> list[int]:
    """Pointer positions of Auction, Build track, Development (CE-1.5)."""
    return s.meters


def meter_lengths(s) -> tuple[int, int, int]:
    return s.meter_lengths


def industry(s) -> list[int]:
    """Industry-track values of Detroit, Wheeling, Pittsburgh (CE-1.7)."""
    return s.industry


def industry_max(s) -> tuple[int, int, int]:
    return s.industry_max


def industry_step(s) -> tuple[int, int, int]:
    return s.industry_step


def house_supply(s) -> int:
    return s.house_supply


def houses_end(s) -> int:
    """CE-11.2 c: the game ends when the supply holds this many houses or fewer."""
    return s.rules["end.houses_left"]


def companies_end(s) -> int:
    """CE-11.2 a, b: this many companies out of trains (or shares) end the game."""
    return s.rules["end.companies"]


def chicago_income(s) -> int:
    """CE-7.5, CE-10.2: the income raise for reaching Chicago."""
    return s.rules["chicago_income"]


def max_placements(s) -> int:
    """CE-6.2: trains one build action may place."""
    return s.rules["build.max_trains"]


def network(s, c: int) -> int:
    """Bit mask of the hexes holding company c's trains."""
    return s.network[c]


def networks(s) -> list[int]:
    """Per company, the bit mask of the hexes holding its trains (read-only)."""
    return s.network


def occupancy(s) -> list[int]:
    """Per hex, the bit mask of companies with a train there."""
    return s.hex_companies


def occupied(s) -> int:
    """Bit mask of hexes holding any train."""
    return s.train_mask


def houses(s) -> int:
    """Bit mask of developed hexes."""
    return s.house_mask


def placement_income(s, h: int) -> int:
    """CE-7.1, CE-7.2, CE-7.3, CE-7.4: what a train on hex h adds to its company's income now (Chicago: 0 here, CE-7.5)."""
    return hex_income(s, h)


def placement_cost(s, h: int) -> int:
    """CE-6.9: the cost of one more train on hex h now."""
    return COST_BY_OCC[h][s.hex_companies[h]]


def house_value(h: int) -> int:
    return BOARD.house[h]


def minimum_price(s, c: int) -> int:
    """CE-5.2: the minimum bid of the next share of company c."""
    return s.minimum_price(c)


def forest_bonus(s) -> int:
    """CE-8.9: dollars the bank pays the company on a developed forest."""
    return s.rules["forest_bonus"]


def opening_still_to_sell(s) -> tuple[int, ...]:
    """CE-3.1: the companies whose opening share is still to be auctioned (the current one included)."""
    return OPENING_ORDER[s.opening:] if s.phase == OPENING else ()


def auction_company(s) -> int:
    return s.auction_company


def auction_leader(s) -> int:
    """The seat holding the highest bid, or -1."""
    return s.auction_leader


def auction_high(s) -> int:
    return s.auction_high_bid


def build_company(s) -> int:
    return s.build_company


def build_placed(s) -> int:
    return s.build_placed


def reached_chicago(s) -> list[int]:
    return s.chicago


def snapshot(s):
    """An independent copy of the position (to work something out for it later, whatever happens to s)."""
    return s.clone()


def board_key(s) -> tuple:
    """Everything a route plan depends on: the networks, houses and industry values."""
    return (*s.network, s.house_mask, *s.industry)
