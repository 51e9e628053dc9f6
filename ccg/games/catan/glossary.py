"""The words of Catan with Oil Springs in the player's language, declared on its ``GameSpec`` (``glossary``): its
title, the names of its things by the engine's ids, and the titles of the sections of its rules
(docs/rules/catan_oil_springs.md).

The translations follow the glossaries beside the catalogs (``ccg/locale/<lang>/glossary.tsv``); each message's
gettext context is the game, so the same English word may be translated differently per game.
"""
from __future__ import annotations

from ccg.core import Glossary
from ccg.i18n import lazy_pgettext as _p  # extracted with the keyword _p:1c,2

# the names' ids are the engine's own: data.py (GOODS, TERRAINS, DEV_TYPES)
TERMS = {
    "resource": {  # CAT-1.2, OIL-3
        "lumber": _p("catan", "Lumber"),
        "brick": _p("catan", "Brick"),
        "wool": _p("catan", "Wool"),
        "grain": _p("catan", "Grain"),
        "ore": _p("catan", "Ore"), "oil": _p("catan", "Oil"),
    },
    "terrain": {  # CAT-1.1
        "forest": _p("catan", "Forest"),
        "hills": _p("catan", "Hills"),
        "pasture": _p("catan", "Pasture"),
        "fields": _p("catan", "Fields"),
        "mountains": _p("catan", "Mountains"), "desert": _p("catan", "Desert"),
    },
    "devcard": {  # CAT-1.5
        "knight": _p("catan", "Knight"),
        "vp": _p("catan", "Victory Point"),
        "roadbuilding": _p("catan", "Road Building"),
        "plenty": _p("catan", "Year of Plenty"), "monopoly": _p("catan", "Monopoly"),
    },
    "piece": {  # CAT-1.7, OIL-1.2
        "road": _p("catan", "Road"), "settlement": _p("catan", "Settlement"), "city": _p("catan", "City"),
        "metropolis": _p("catan", "Metropolis"),
    },
    "term": {  # CAT and OIL terms
        "victory_points": _p("catan", "Victory points"),
        "robber": _p("catan", "Robber"),
        "harbour": _p("catan", "Harbour"),
        "maritime_trade": _p("catan", "Maritime trade"), "domestic_trade": _p("catan", "Domestic trade"),
        "number_token": _p("catan", "Number token"), "dice": _p("catan", "Dice"),
        "development_card": _p("catan", "Development card"), "resource_card": _p("catan", "Resource card"),
        "longest_road": _p("catan", "Longest Road"), "largest_army": _p("catan", "Largest Army"),
        "oil_spring": _p("catan", "Oil spring"),
        "oil_token": _p("catan", "Oil token"),
        "disaster": _p("catan", "Disaster"),
        "disaster_track": _p("catan", "Disaster track"), "disaster_phase": _p("catan", "Disaster phase"),
        "sequestration": _p("catan", "Sequestration"), "sequestered_oil": _p("catan", "Sequestered oil"),
        "champion": _p("catan", "Champion of the Environment"), "flood": _p("catan", "Coastal flooding"),
        "pollution": _p("catan", "Industrial pollution"), "destroyed_hex": _p("catan", "Destroyed hex"),
        "special_building_phase": _p("catan", "Special Building Phase"),
        "pyrrhic_victory": _p("catan", "Pyrrhic Victory"),
        "coast": _p("catan", "Coast"),
    },
}

# the sections a player reads; the digest's engine notes (conventions, board data, worked examples) are not here
RULE_TITLES = {
    "CAT-1": _p("catan", "Components"),
    "CAT-2": _p("catan", "Board geometry and terms"),
    "CAT-3": _p("catan", "Setup"),
    "CAT-4": _p("catan", "Turn structure"),
    "CAT-5": _p("catan", "Production"),
    "CAT-6": _p("catan", "Rolling a 7 and the robber"),
    "CAT-7": _p("catan", "Trade"),
    "CAT-8": _p("catan", "Building"),
    "CAT-9": _p("catan", "Development cards"),
    "CAT-10": _p("catan", "Longest Road and Largest Army"),
    "CAT-11": _p("catan", "Victory points and end of game"),
    "CAT-12": _p("catan", "5-6 player extension"),
    "OIL-1": _p("catan", "Components and parameters"),
    "OIL-2": _p("catan", "Setup"),
    "OIL-3": _p("catan", "Oil as a holding"),
    "OIL-4": _p("catan", "Oil production"),
    "OIL-5": _p("catan", "Robber"),
    "OIL-6": _p("catan", "Using oil"),
    "OIL-7": _p("catan", "Disaster track and the per-turn oil limit"),
    "OIL-8": _p("catan", "Disaster phase"),
    "OIL-9": _p("catan", "Sequestration and the Champion of the Environment"),
    "OIL-10": _p("catan", "Victory points and end of game"),
    "OIL-11": _p("catan", "Variant for 5-6 players"),
    "OIL-12": _p("catan", "Open game"),
    "OIL-13": _p("catan", "Variable setup"),
    "OIL-14": _p("catan", "Additional rulings"),
}

GLOSSARY = Glossary(title=_p("catan", "Catan (with the Oil Springs scenario)"), terms=TERMS, rule_titles=RULE_TITLES)
