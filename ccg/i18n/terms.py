"""The names a player reads for each game's things — regions, energy sources, companies, resources … —
in the current language, looked up by the ids the engines use.

The engines' notation and ids stay English (``africa``, ``PRR``, ``lumber``); a UI shows
``term("co2", "region", "africa")`` instead (``Afrika`` in Czech). Each message's gettext context is
the game, so the same English word may be translated differently per game (CO2's oil plant, Catan's oil).
The translations follow the glossaries beside the catalogs (``ccg/locale/<lang>/glossary.tsv``).
"""
from __future__ import annotations

from babel.support import LazyProxy

from .context import lazy_pgettext as _p  # extracted with the keyword _p:1c,2

# Ids are the engines' own: ccg/games/co2/data.py (REGION_IDS, SOURCES, FOSSILS, GRANTS, PRESETS),
# ccg/games/chicago_express/board.py and data/board.json (COMPANIES, terrains, city names),
# ccg/games/chicago_express/actions.py (METERS), ccg/games/catan/data.py (GOODS, TERRAINS, DEV_TYPES).
TERMS: dict[str, dict[str, dict[str, LazyProxy]]] = {
    "co2": {
        "game": {"co2": _p("co2", "CO2")},
        "region": {  # CO2-0.4
            "africa": _p("co2", "Africa"), "asia": _p("co2", "Asia"), "europe": _p("co2", "Europe"),
            "namerica": _p("co2", "North America"),
            "oceania": _p("co2", "Oceania"),
            "samerica": _p("co2", "South America"),
        },
        "source": {  # CO2-0.2, in canonical order
            "reforestation": _p("co2", "Reforestation"),
            "solar": _p("co2", "Solar"),
            "fusion": _p("co2", "Cold Fusion"),
            "biomass": _p("co2", "Biomass"), "recycling": _p("co2", "Recycling"),
        },
        "fossil": {"coal": _p("co2", "Coal"), "oil": _p("co2", "Oil"), "gas": _p("co2", "Gas")},  # CO2-0.3
        "grant": {  # CO2-6.1.3
            "money": _p("co2", "Money"),
            "resources": _p("co2", "Resources"),
            "research": _p("co2", "Research cooperation"),
        },
        "preset": {  # CO2-17.1
            "beginner": _p("co2", "Beginner"), "normal": _p("co2", "Normal"), "expert": _p("co2", "Expert"),
            "extreme": _p("co2", "Extreme"),
        },
        "action": {  # CO2-6
            "propose": _p("co2", "Propose a project"), "install": _p("co2", "Install a project"),
            "build": _p("co2", "Build a power plant"),
        },
        "term": {  # CO2-0.1 and the rules' headings
            "cep": _p("co2", "CEP"), "carbon_emission_permit": _p("co2", "Carbon emission permit"),
            "victory_points": _p("co2", "Victory points"),
            "resource": _p("co2", "Resource"),
            "expertise": _p("co2", "Expertise"),
            "scientist": _p("co2", "Scientist"), "summit": _p("co2", "Summit"), "topic": _p("co2", "Topic"),
            "project": _p("co2", "Project"), "proposed_project": _p("co2", "Proposed project"),
            "installed_project": _p("co2", "Installed project"), "green_plant": _p("co2", "Green plant"),
            "fossil_plant": _p("co2", "Fossil plant"), "power_plant": _p("co2", "Power plant"),
            "lobby_card": _p("co2", "Lobby card"), "lobbyist": _p("co2", "Lobbyist"), "un_goal": _p("co2", "UN goal"),
            "company_goal": _p("co2", "Company goal"), "event": _p("co2", "Event"), "market": _p("co2", "Market"),
            "market_price": _p("co2", "CEP market price"), "decade": _p("co2", "Decade"), "round": _p("co2", "Round"),
            "supply_phase": _p("co2", "Supply phase"), "operations_phase": _p("co2", "Operations phase"),
            "income": _p("co2", "Income"), "energy_supply": _p("co2", "Energy supply"),
            "regional_agenda": _p("co2", "Regional agenda"), "region_control": _p("co2", "Region control"),
            "free_step": _p("co2", "Free step"),
            "catastrophe": _p("co2", "Catastrophe"),
            "safe_zone": _p("co2", "Safe zone"),
            "co2_level": _p("co2", "Global CO2 level"), "coins": _p("co2", "Coins"), "bank": _p("co2", "Bank"),
            "start_player": _p("co2", "Start player"), "grant": _p("co2", "Grant"), "region": _p("co2", "Region"),
        },
    },
    "chicago_express": {
        "game": {"chicago_express": _p("chicago_express", "Chicago Express")},
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
    },
    "catan": {
        "game": {"catan": _p("catan", "Catan (with the Oil Springs scenario)")},
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
    },
}


def kinds(game: str) -> tuple[str, ...]:
    """The kinds of things :func:`term` names for a game (``region``, ``source`` …)."""
    return tuple(_game(game))


def _game(game: str) -> dict[str, dict[str, LazyProxy]]:
    if game not in TERMS:
        raise ValueError(f"no names for game {game!r}; games: {sorted(TERMS)}")
    return TERMS[game]


def term(game: str, kind: str, key: str) -> str:
    """The name of a game's thing in the current language: ``term("co2", "region", "africa")``.

    ``game`` is a registry name (``co2``, ``chicago_express``, ``catan``), ``kind`` one of
    :func:`kinds`, ``key`` the engine's id. Unknown names raise ``ValueError`` listing the known ones.
    """
    table = _game(game)
    if kind not in table:
        raise ValueError(f"{game} has no names of kind {kind!r}; kinds: {sorted(table)}")
    if key not in table[kind]:
        raise ValueError(f"{game} has no {kind} {key!r}; known: {sorted(table[kind])}")
    return str(table[kind][key])


def game_title(game: str) -> str:
    """The game's title in the current language."""
    return term(game, "game", game)
