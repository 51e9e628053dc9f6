"""The classroom lesson on Chicago Express (``SPEC.lesson``): investors and railroads.

Printed by the classroom (role cards, plan, questions, exit ticket).
"""
from __future__ import annotations

from ccg.core.teaching import Lesson

LESSON = Lesson(
    title="Chicago Express — investors and railroads",
    aim="Students see how shared ownership shapes decisions: shareholders of one railroad cooperate, "
        "rivals compete, and money follows the network that is built.",
    plan=(
        (5, "Role cards out, students join with their codes."),
        (5, "Read the role card: auctions of shares, building track, dividends."),
        (20, "Play; the dashboard shows each table's progress."),
        (10, "Debrief: who invested where, which railroad paid the most dividends."),
        (5, "Exit ticket."),
    ),
    role="You are investor {name}. You win with the most money at the end of the game.",
    you_know=("Nothing is secret in this game: everything is on the board.",),
    everyone_knows=("Every share, every railroad's track and treasury, everyone's cash.",),
    questions=("Why would you build track for a company whose shares you hold with a rival?",
               "Did anyone buy a share only to stop someone else?"),
    exit_ticket=(("A shareholder earns money when the company …", ("pays dividends", "builds track")),
                 ("Why is a railroad worth more when it reaches Chicago?", ()),
                 ("Name one way investors cooperated in your game.", ())),
)
