"""Chicago Express's words in the player's language, declared on its ``GameSpec`` (``glossary``): its title,
the names of its things by the engine's ids, and the titles of the sections of its rules
(docs/rules/chicago_express.md).

The translations follow the glossaries beside the catalogs (``ccg/locale/<lang>/glossary.tsv``); each message's
gettext context is the game, so the same English word may be translated differently per game.
"""
from __future__ import annotations

from ccg.core import Glossary
from ccg.i18n import lazy_pgettext as _p  # extracted with the keyword _p:1c,2

# the names' ids are the engine's own: board.py and data/board.json (COMPANIES, terrains, city names),
# actions.py (METERS)
TERMS = {
    "company": {  # CE-1.1
        "PRR": _p("chicago_express", "Pennsylvania Railroad"),
        "B&O": _p("chicago_express", "Baltimore & Ohio"),
        "NYC": _p("chicago_express", "New York Central"),
        "C&O": _p("chicago_express", "Chesapeake & Ohio"), "Wabash": _p("chicago_express", "Wabash"),
    },
    "action": {  # CE-1.5, CE-4 (the three meters)
        "auction": _p("chicago_express", "Auction"),
        "build": _p("chicago_express", "Build track"),
        "development": _p("chicago_express", "Development"),
    },
    "terrain": {  # CE-1.9
        "city": _p("chicago_express", "City"),
        "industrial": _p("chicago_express", "Industrial city"),
        "mountain": _p("chicago_express", "Mountain"),
        "forest": _p("chicago_express", "Forest"),
        "plain": _p("chicago_express", "Plain"),
        "start": _p("chicago_express", "Start hex"),
        "chicago": _p("chicago_express", "Chicago"),
    },
    "city": {  # the named hexes of the map (CE-1.1, CE-1.7, CE-1.9)
        "New York": _p("chicago_express", "New York"),
        "Philadelphia": _p("chicago_express", "Philadelphia"),
        "Baltimore": _p("chicago_express", "Baltimore"),
        "Washington": _p("chicago_express", "Washington"),
        "Fort Wayne": _p("chicago_express", "Fort Wayne"),
        "Detroit": _p("chicago_express", "Detroit"),
        "Wheeling": _p("chicago_express", "Wheeling"),
        "Pittsburgh": _p("chicago_express", "Pittsburgh"),
        "Chicago": _p("chicago_express", "Chicago"),
    },
    "term": {  # CE-0, CE-1
        "company": _p("chicago_express", "Company"),
        "share": _p("chicago_express", "Share"),
        "dividend": _p("chicago_express", "Dividend"),
        "dividend_phase": _p("chicago_express", "Dividend phase"),
        "chicago_phase": _p("chicago_express", "Chicago phase"),
        "income": _p("chicago_express", "Income"),
        "income_track": _p("chicago_express", "Income track"),
        "industry_track": _p("chicago_express", "Industry track"),
        "treasury": _p("chicago_express", "Treasury"),
        "cash": _p("chicago_express", "Cash"),
        "house": _p("chicago_express", "House"),
        "train": _p("chicago_express", "Train"),
        "track": _p("chicago_express", "Track"),
        "bid": _p("chicago_express", "Bid"),
        "pass": _p("chicago_express", "Pass"),
        "minimum_bid": _p("chicago_express", "Minimum bid"),
        "company_board": _p("chicago_express", "Company board"),
        "action_meter": _p("chicago_express", "Action meter"),
        "bank": _p("chicago_express", "Bank"),
        "hex": _p("chicago_express", "Hex"),
        "forgo": _p("chicago_express", "Forgo the action"),
        "shareholder": _p("chicago_express", "Shareholder"),
    },
}

# the sections a player reads; the digest's engine notes (conventions, board data, worked examples) are not here
RULE_TITLES = {
    "CE-1": _p("chicago_express", "Components"),
    "CE-2": _p("chicago_express", "Setup"),
    "CE-3": _p("chicago_express", "Opening auctions"),
    "CE-4": _p("chicago_express", "Turn structure"),
    "CE-5": _p("chicago_express", "Auction action"),
    "CE-6": _p("chicago_express", "Build track action"),
    "CE-7": _p("chicago_express", "Income increase from building"),
    "CE-8": _p("chicago_express", "Development action"),
    "CE-9": _p("chicago_express", "Dividend phase"),
    "CE-10": _p("chicago_express", "Chicago phase"),
    "CE-11": _p("chicago_express", "End of game and winner"),
}

GLOSSARY = Glossary(title=_p("chicago_express", "Chicago Express"), terms=TERMS, rule_titles=RULE_TITLES)
