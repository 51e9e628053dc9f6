"""The titles of the rules' sections (docs/rules/*.md) in the current language, so a UI that cites a
rule id (``CO2-6.3.7``) can name it for a player: ``rule_title("CO2-6.3.7")`` → ``Build a power plant``.

Only the sections a player reads are here; the digests' engine notes (conventions, board data, worked
examples, state machine) are not.
"""
from __future__ import annotations

import re

from babel.support import LazyProxy

from .context import lazy_pgettext as _p  # extracted with the keyword _p:1c,2

RULE_TITLES: dict[str, LazyProxy] = {
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
_RULE_ID = re.compile(r"^(CO2|CE|CAT|OIL)-\d+(\.\d+)*$")


def rule_title(rule_id: str) -> str:
    """The title of the section holding a rule (``CO2-6.3.7`` → the title of ``CO2-6.3``), translated.

    A malformed id or one outside every listed section raises ``ValueError``.
    """
    if not isinstance(rule_id, str) or not _RULE_ID.match(rule_id):
        raise ValueError(f"a rule id looks like 'CO2-6.3.7', 'CE-5.2' or 'OIL-8.4', got {rule_id!r}")
    key = rule_id
    while key not in RULE_TITLES:
        if "." not in key:
            raise ValueError(f"no titled section holds rule {rule_id!r}")
        key = key.rsplit(".", 1)[0]
    return str(RULE_TITLES[key])
