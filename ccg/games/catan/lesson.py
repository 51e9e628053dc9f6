"""The classroom lesson on Catan with Oil Springs (``SPEC.lesson``): use the oil, or sequester it?

Printed by the classroom (role cards, plan, questions, exit ticket); rule ids point at docs/rules/catan_oil_springs.md.
"""
from __future__ import annotations

from ccg.core.teaching import Lesson

LESSON = Lesson(
    title="Oil Springs — use the oil, or sequester it?",
    aim="Students weigh a private gain (oil speeds building) against a shared risk (every use of oil brings "
        "disasters closer for everyone) and see how sequestering changes the group's outcome.",
    plan=(
        (5, "Role cards out, students join with their codes. Show the board: oil springs, the disaster track."),
        (5, "Read the role card: resources, building costs, what oil does and what sequestering means."),
        (20, "Play. The dashboard shows each table's points; pause all once to ask who is sequestering."),
        (10, "Debrief: which tables had disasters, who used oil, who sequestered, beside the bots' games."),
        (5, "Exit ticket."),
    ),
    role="You are {name}, a settler on an island with oil. You win with the most victory points — but oil "
         "used by anyone moves the disaster marker (OIL-7.2), and at 5 a disaster strikes (OIL-7.3). "
         "Sequestering oil takes it out of play for good (OIL-9.1, OIL-9.3).",
    you_know=("Your hand of resource cards and oil.", "Your development cards (some hide victory points)."),
    everyone_knows=("The board, every settlement, city and road, the public victory points.",
                    "How much oil has been used and sequestered, and the disasters so far."),
    questions=(
        "Did you use your oil or sequester it? Why?",
        "What would happen if everyone sequestered? If nobody did?",
        "Is a rule that rewards sequestering fair to the players who need oil most?",
    ),
    exit_ticket=(
        ("Using oil helps …", ("only you", "everyone", "nobody")),
        ("Disasters caused by oil hurt …", ("only the player who used it", "everyone near them")),
        ("In one sentence: what does 'sequestering' mean here, and in the real world?", ()),
    ),
)
