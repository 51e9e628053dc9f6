"""The classroom lesson on CO2 (``SPEC.lesson``): the atmosphere as a commons — who pays for the permits?

Printed by the classroom (role cards, plan, questions, exit ticket); rule ids point at docs/rules/co2.md.
"""
from __future__ import annotations

from ccg.core.teaching import Lesson
from ccg.i18n import NP_

LESSON = Lesson(
    context="co2",
    title=NP_("co2", "CO₂ — who pays for the permits?"),
    aim=NP_("co2", "Students feel CO₂ as a shared stock: each company gains from cheap fossil power, the atmosphere "
        "pays, and unless enough companies invest in green power the planet is lost for everyone."),
    plan=(
        (5, NP_("co2", "Hand out the role cards. Students open the address on their card and type their join code. "
            "Show the CO₂ gauge on the projector: catastrophes from 350 ppm, the planet is lost at 500.")),
        (5, NP_("co2", "Read the role card aloud together: what every company wants, what is secret (the company goal "
            "and the lobby cards), how a turn works. First moves with the teacher watching the dashboard.")),
        (20, NP_("co2", "Play. Tables play on their own; bots take the empty seats. Walk between the tables; the dashboard shows "
             "stalled tables. Pause all at about minute 28 for a two-minute 'where is the gauge?' check.")),
        (10, NP_("co2", "Debrief on the projector (notebooks/23_debrief.ipynb): each table's CO₂ path by decade beside "
             "the bots' games, which tables saved the planet, who gained points without paying permits.")),
        (5, NP_("co2", "Exit ticket.")),
    ),
    role=NP_("co2", "You run the {name} energy company. You win with the most victory points (VP) at the end — but if "
         "CO₂ reaches the red line, the planet is lost and every company loses, you too (CO2-14.3)."),
    you_know=(
        NP_("co2", "Your company goal: a secret card that scores extra VP at the end if you reach it (CO2-12.2)."),
        NP_("co2", "Your lobby cards: secret cards you may play once for a bonus (CO2-12.1)."),
    ),
    everyone_knows=(
        NP_("co2", "The CO₂ level, the regions, every plant and project, the market price of permits (CEP)."),
        NP_("co2", "Each decade new fossil plants appear where demand is not met by green plants, raising CO₂ "
        "(CO2-4.3.4); the region's controller pays a permit for each (CO2-4.3.5a)."),
        NP_("co2", "Installing a green project costs a permit (CO2-6.2.3); building green plants gains VP and lowers CO₂ "
        "when one replaces a fossil plant (CO2-6.3.6)."),
    ),
    questions=(
        NP_("co2", "Why did nobody want to be the first to pay for a green project?"),
        NP_("co2", "Which table kept CO₂ lowest? What did its players do differently from the bots?"),
        NP_("co2", "Who gained VP without paying permits? Is that clever, unfair, or both?"),
        NP_("co2", "What would change if the rules made the polluter pay more? Who pays in the real world?"),
        NP_("co2", "A secret goal pulls you one way, the planet another: what did you choose, and why?"),
    ),
    exit_ticket=(
        (NP_("co2", "What happens to every company when CO₂ reaches 500 ppm?"),
         (NP_("co2", "Only the last player loses"), NP_("co2", "Everyone loses"), NP_("co2", "Nothing, the game goes on"))),
        (NP_("co2", "Why is the atmosphere a 'commons' in this game?"), ()),
        (NP_("co2", "A company that gains points while others pay for clean power is called a …"),
         (NP_("co2", "free rider"), NP_("co2", "first mover"), NP_("co2", "monopolist"))),
        (NP_("co2", "Name one rule change that would make cooperation easier."), ()),
    ),
)
