"""The classroom lesson on Catan with Oil Springs (``SPEC.lesson``): use the oil, or sequester it?

Printed by the classroom (role cards, plan, questions, exit ticket); rule ids point at docs/rules/catan_oil_springs.md.
"""
from __future__ import annotations

from ccg.core.teaching import Lesson
from ccg.i18n import NP_

LESSON = Lesson(
    context="catan",
    title=NP_("catan", "Oil Springs — use the oil, or sequester it?"),
    aim=NP_("catan", "Students weigh a private gain (oil speeds building) against a shared risk (every use of oil brings "
        "disasters closer for everyone) and see how sequestering changes the group's outcome."),
    plan=(
        (5, NP_("catan", "Role cards out, students join with their codes. Show the board: the oil spring hexes, the disaster track.")),
        (5, NP_("catan", "Read the role card: resources, building costs, what oil does and what sequestering means.")),
        (20, NP_("catan", "Play. The dashboard shows each table's points; pause all once to ask who is sequestering.")),
        (10, NP_("catan", "Debrief: which tables had disasters, who used oil, who sequestered, beside the bots' games.")),
        (5, NP_("catan", "Exit ticket.")),
    ),
    role=NP_("catan", "You are {name}, a settler on an island with oil. You win with the most victory points — but oil "
         "used by anyone moves the disaster marker (OIL-7.2), and at 5 a disaster strikes (OIL-7.3). "
         "Sequestering oil takes it out of play for good (OIL-9.1, OIL-9.3)."),
    you_know=(NP_("catan", "Your hand of resource cards and oil."), NP_("catan", "Your development cards (some hide victory points).")),
    everyone_knows=(NP_("catan", "The board, every settlement, city and road, the public victory points."),
                    NP_("catan", "How much oil has been used and sequestered, and the disasters so far.")),
    questions=(
        NP_("catan", "Did you use your oil or sequester it? Why?"),
        NP_("catan", "What would happen if everyone sequestered? If nobody did?"),
        NP_("catan", "Is a rule that rewards sequestering fair to the players who need oil most?"),
    ),
    exit_ticket=(
        (NP_("catan", "Using oil helps …"), (NP_("catan", "only you"), NP_("catan", "everyone"), NP_("catan", "nobody"))),
        (NP_("catan", "Disasters caused by oil hurt …"), (NP_("catan", "only the player who used it"), NP_("catan", "everyone near them"))),
        (NP_("catan", "In one sentence: what does 'sequestering' mean here, and in the real world?"), ()),
    ),
)
