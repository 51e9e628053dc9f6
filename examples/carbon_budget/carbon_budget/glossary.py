"""Carbon Budget's words, declared on its ``GameSpec`` (``glossary``): its title, the names of its things by
the ids the engine uses, and the titles of the sections of its rules (``rules.md``), which head a rule's text in
ccg's rule help in another language than English.

The game ships no message catalogs, so its words are English in every language; a game with catalogs gives
``lazy_pgettext(game, "…")`` messages instead of plain text.
"""
from __future__ import annotations

from ccg.core import Glossary

TERMS = {
    "card": {"fossil": "Fossil card", "green": "Green card"},  # CB-1.1
    "action": {"build": "Build", "abate": "Abate"},  # CB-2.1
    "term": {  # CB-1.2, CB-3, CB-4.1, CB-5.1
        "budget": "Carbon budget", "victory_points": "Victory points", "abatement_pile": "Abatement pile",
        "shock": "Climate shock",
    },
}

RULE_TITLES = {
    "CB-1": "Components and set-up",
    "CB-2": "A turn",
    "CB-3": "Build",
    "CB-4": "Abate",
    "CB-5": "Climate shocks",
    "CB-6": "End of the game",
}

GLOSSARY = Glossary(title="Carbon Budget", terms=TERMS, rule_titles=RULE_TITLES)
