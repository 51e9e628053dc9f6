"""CO2's words in the player's language, declared on its ``GameSpec`` (``glossary``): its title, the names of
its things by the engine's ids, and the titles of the sections of its rules (docs/rules/co2.md).

The translations follow the glossaries beside the catalogs (``ccg/locale/<lang>/glossary.tsv``); each message's
gettext context is the game, so the same English word may be translated differently per game.
"""
from __future__ import annotations

from ccg.core import Glossary
from ccg.i18n import lazy_pgettext as _p  # extracted with the keyword _p:1c,2

# the names' ids are the engine's own: data.py (REGION_IDS, SOURCES, FOSSILS, GRANTS, PRESETS; summits by their
# names in components.toml)
TERMS = {
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
    "summit": {  # CO2-10, CO2-DATA-11: the summit tiles, named after the climate conferences' cities
        "Rio de Janeiro": _p("co2", "Rio de Janeiro"), "Berlin": _p("co2", "Berlin"), "Kyoto": _p("co2", "Kyoto"),
        "Buenos Aires": _p("co2", "Buenos Aires"), "Bonn": _p("co2", "Bonn"), "Marrakesh": _p("co2", "Marrakesh"),
        "New Delhi": _p("co2", "New Delhi"), "Milan": _p("co2", "Milan"), "Montreal": _p("co2", "Montreal"),
        "Nairobi": _p("co2", "Nairobi"), "Bali": _p("co2", "Bali"), "Poznan": _p("co2", "Poznan"),
        "Copenhagen": _p("co2", "Copenhagen"), "Cancun": _p("co2", "Cancun"), "Durban": _p("co2", "Durban"),
        "Doha": _p("co2", "Doha"), "Warsaw": _p("co2", "Warsaw"), "Paris": _p("co2", "Paris"),
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
}

# the sections a player reads; the digest's engine notes (conventions, board data, worked examples) are not here
RULE_TITLES = {
    "CO2-1": _p("co2", "Components"),
    "CO2-2": _p("co2", "Setup"),
    "CO2-3": _p("co2", "Game structure: decades and rounds"),
    "CO2-4": _p("co2", "Supply phase"),
    "CO2-4.2": _p("co2", "Income"),
    "CO2-4.3": _p("co2", "Energy supply"),
    "CO2-4.4": _p("co2", "Event"),
    "CO2-5": _p("co2", "Operations phase and turn structure"),
    "CO2-6": _p("co2", "Actions"),
    "CO2-6.1": _p("co2", "Propose a project"),
    "CO2-6.2": _p("co2", "Install a project"),
    "CO2-6.3": _p("co2", "Build a power plant"),
    "CO2-7": _p("co2", "Free steps"),
    "CO2-7.2": _p("co2", "Market"),
    "CO2-7.3": _p("co2", "Play or score a card"),
    "CO2-8": _p("co2", "Scientists"),
    "CO2-9": _p("co2", "Expertise"),
    "CO2-10": _p("co2", "Summits"),
    "CO2-11": _p("co2", "Region control"),
    "CO2-12": _p("co2", "Cards"),
    "CO2-12.1": _p("co2", "Lobby cards"),
    "CO2-12.2": _p("co2", "Company goals"),
    "CO2-12.3": _p("co2", "UN goals"),
    "CO2-12.4": _p("co2", "Events"),
    "CO2-13": _p("co2", "CEP flows"),
    "CO2-14": _p("co2", "End of game"),
    "CO2-15": _p("co2", "Final scoring and winner"),
    "CO2-16": _p("co2", "Score track"),
    "CO2-17": _p("co2", "Variants"),
    "CO2-17.1": _p("co2", "Preset starting fossil plants"),
    "CO2-17.2": _p("co2", "First-player auction"),
    "CO2-17.3": _p("co2", "Solo variant"),
}

GLOSSARY = Glossary(title=_p("co2", "CO2"), terms=TERMS, rule_titles=RULE_TITLES)
