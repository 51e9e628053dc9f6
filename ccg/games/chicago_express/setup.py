"""Setup (CE-2): a fresh game up to the first opening auction (CE-3.1, CE-3.2)."""
from __future__ import annotations

from . import auction
from .board import BOARD, COMPANIES, INDUSTRIES
from .params import rules_for
from .phases import OPENING
from .state import CEState


def blank(players: int, seed: int, options: dict) -> CEState:
    """A state with the base fields and the rule values set (the game fields still to fill)."""
    s = CEState.__new__(CEState)
    s._init_base(players, seed, options)
    rules = s.rules = rules_for(options)
    if rules["banker"] >= players:
        raise ValueError(f"rule 'banker' must be a seat 0..{players - 1}, got {rules['banker']}")
    s.meter_lengths = (rules["meter.auction"], rules["meter.build"], rules["meter.development"])
    s.industry_step = tuple(rules[f"industry.{name}.step"] for name in INDUSTRIES)
    s.industry_max = tuple(rules[f"industry.{name}.max"] for name in INDUSTRIES)
    return s


def create(players: int, seed: int, options: dict) -> CEState:
    """CE-2 setup, then the first opening auction (CE-3) opened by the banker."""
    s = blank(players, seed, options)
    rules = s.rules
    banker = rules["banker"]
    s.cash = [rules[f"cash.{players}"]] * players  # CE-2.6
    s.shares = [0] * (players * 5)
    s.treasury = [0] * 5  # CE-2.7
    s.income = [rules[f"start_income.{c}"] for c in COMPANIES[:4]] + [0]  # CE-2.4
    s.income_base = s.income[:]
    s.trains_left = list(BOARD.trains)  # CE-2.3: the other trains and all shares on the company boards
    s.shares_left = list(BOARD.shares)
    s.network = [0] * 5
    s.adjacent = [0] * 5
    s.hex_companies = [0] * len(BOARD.ids)
    s.train_mask = 0
    for c in range(4):  # CE-2.2: one train on each eastern start hex
        h = BOARD.start[c]
        s.network[c] = 1 << h
        s.adjacent[c] = BOARD.nb_mask[h]
        s.hex_companies[h] = 1 << c
        s.train_mask |= 1 << h
        s.trains_left[c] -= 1
    s.house_mask = 0
    s.house_supply = rules["houses"]  # CE-2.5
    s.industry = [rules[f"industry.{name}.start"] for name in INDUSTRIES]
    s.meters = [0, 0, 0]  # CE-2.1
    s.wabash_in = False
    s.chicago = []
    s.pending_chicago = -1
    s.build_company = -1
    s.build_placed = 0
    s.dividend_phases = 0
    s.end_reason = None
    s.bank_paid_out = s.bank_received = 0
    s.opening = 0
    s.start_player = -1
    s.mover = banker
    auction.start(s, 0, banker, auction.opening_minimum(s, 0), OPENING)  # CE-2.8, CE-3.1, CE-3.2
    return s
