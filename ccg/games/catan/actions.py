"""Cached immutable Action objects that do not depend on the board (the board's own are in board.py)."""
from __future__ import annotations

from ccg.core.action import Action

from .data import GOODS

ROLL = Action("roll")
END = Action("end")
PASS = Action("pass")
BUY = Action("buy", ("dev",))
ACCEPT = Action("accept")
REJECT = Action("reject")
PROPOSE_OPEN = Action("propose")  # opens the domestic-trade table (one ply), see trade.py
CANCEL = Action("cancel")
SEQUESTER = Action("sequester")
PLAY_KNIGHT = Action("play", ("knight",))
PLAY_ROADS = Action("play", ("roadbuilding",))
PLAY_MONOPOLY = tuple(Action("play", ("monopoly", g)) for g in GOODS)
DISCARD_ACT = tuple(Action("discard", (g,)) for g in GOODS)
CONVERT = tuple(Action("convert", (g,)) for g in GOODS)
# OIL-6.2 note A11 flag oil.convert_mixed: 1 oil -> 1 card each of two different resources (i < j)
CONVERT_PAIRS = tuple(((i, j), Action("convert", (GOODS[i], GOODS[j]))) for i in range(5) for j in range(i + 1, 5))
# Year of Plenty: unordered pairs (i <= j) and singles (only offered when no pair is possible)
PLAY_PLENTY = {(i, j): Action("play", ("plenty", GOODS[i], GOODS[j])) for i in range(6) for j in range(i, 6)}
PLAY_PLENTY1 = tuple(Action("play", ("plenty", g)) for g in GOODS)
# maritime trade: (rate, give, get)
TRADE = {(k, g, t): Action("trade", (k, GOODS[g], GOODS[t])) for k in (2, 3, 4) for g in range(5) for t in range(5)
         if g != t}
# domestic offers: give gn of g for wn of w (a bounded set of shapes)
OFFER_SHAPES = ((1, 1), (1, 2), (2, 1))
OFFER = {(gn, g, wn, w): Action("offer", (gn, GOODS[g], wn, GOODS[w]))
         for gn, wn in OFFER_SHAPES for g in range(6) for w in range(6) if g != w}
# offers grouped for fast listing: OFFERS_BY[(gn, g)] = offers giving gn of g, all wants (oil last)
OFFERS_BY = {(gn, g): tuple(OFFER[(gn, g, wn, w)] for w in range(6) if w != g for (gn2, wn) in OFFER_SHAPES
                            if gn2 == gn) for gn in (1, 2) for g in range(6)}
