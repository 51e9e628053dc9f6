"""The classroom lesson (``SPEC.lesson``): a shared carbon budget — build for points, or abate for everyone?"""
from __future__ import annotations

from ccg.core import Lesson

LESSON = Lesson(
    title="Carbon Budget — who spends the shared budget?",
    aim="Students see a carbon budget as a commons: fossil projects score the most points for the builder, "
        "every unit comes out of one budget, and if it runs out everyone loses.",
    plan=(
        (5, "Role cards out, students join with their codes. Show the budget gauge on the projector."),
        (5, "Read the role card: build (points, and fossil cards take from the budget) or abate (the budget "
            "gains 1)."),
        (20, "Play. The dashboard shows each table's budget; pause once to ask who is abating."),
        (10, "Debrief: which tables kept within the budget, who took most from it, beside the bots' games."),
        (5, "Exit ticket."),
    ),
    role="You are the {name} country. You win with the most victory points — but if the shared carbon budget "
         "falls below 0 everyone loses, you too (CB-6.1).",
    you_know=("Your hand of 3 project cards (CB-1.3).", "Which cards you abated (CB-4.1)."),
    everyone_knows=("The budget, every card built and each country's points.",
                    "How many cards each country holds and has abated, and the climate shocks so far (CB-5.1)."),
    questions=(
        "Why is it tempting to build a fossil card even when the budget is low?",
        "Which table kept within the budget? What did its players do differently from the bots?",
        "Who took most from the budget? Did they win?",
    ),
    exit_ticket=(
        ("What happens to every country when the budget runs out?",
         ("Only the last builder loses", "Everyone loses", "Nothing")),
        ("Why is the carbon budget a 'commons' in this game?", ()),
        ("Name one rule change that would make abating more attractive.", ()),
    ),
)
