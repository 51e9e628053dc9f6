"""The classroom lesson on Chicago Express (``SPEC.lesson``): investors and railroads.

Printed by the classroom (role cards, plan, questions, exit ticket).
"""
from __future__ import annotations

from ccg.core.teaching import Lesson
from ccg.i18n import NP_

LESSON = Lesson(
    context="chicago_express",
    title=NP_("chicago_express", "Chicago Express — investors and railroads"),
    aim=NP_("chicago_express", "Students see how shared ownership shapes decisions: shareholders of one railroad cooperate, "
        "rivals compete, and money follows the network that is built."),
    plan=(
        (5, NP_("chicago_express", "Role cards out, students join with their codes.")),
        (5, NP_("chicago_express", "Read the role card: auctions of shares, building track, dividends.")),
        (20, NP_("chicago_express", "Play; the dashboard shows each table's progress.")),
        (10, NP_("chicago_express", "Debrief: who invested where, which railroad paid the most dividends.")),
        (5, NP_("chicago_express", "Exit ticket.")),
    ),
    role=NP_("chicago_express", "You are investor {name}. You win with the most money at the end of the game."),
    you_know=(NP_("chicago_express", "Nothing is secret in this game: everything is on the board."),),
    everyone_knows=(NP_("chicago_express", "Every share, every railroad's track and treasury, everyone's cash."),),
    questions=(NP_("chicago_express", "Why would you build track for a company whose shares you hold with a rival?"),
               NP_("chicago_express", "Did anyone buy a share only to stop someone else?")),
    exit_ticket=((NP_("chicago_express", "A shareholder earns money when the company …"), (NP_("chicago_express", "pays dividends"), NP_("chicago_express", "builds track"))),
                 (NP_("chicago_express", "Why is a railroad worth more when it reaches Chicago?"), ()),
                 (NP_("chicago_express", "Name one way investors cooperated in your game."), ())),
)
