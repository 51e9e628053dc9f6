"""The words of each game's lesson: aim, the 45-minute plan, role briefings, discussion questions, exit ticket.

Plain data, one :class:`Lesson` per game, rendered by :mod:`ccg.classroom.printables`. Rule ids
point at ``docs/rules/*.md`` so a teacher can look up what a briefing claims.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["LESSONS", "Lesson", "lesson_for"]


@dataclass(frozen=True)
class Lesson:
    title: str
    aim: str
    plan: tuple[tuple[int, str], ...]          # (minutes, what happens); adds up to 45
    role: str                                  # the briefing every seat gets ({name} = the seat's colour)
    you_know: tuple[str, ...]                  # what the seat's device will show only them
    everyone_knows: tuple[str, ...]
    questions: tuple[str, ...]
    exit_ticket: tuple[tuple[str, tuple[str, ...]], ...]   # (question, choices; empty = write a sentence)


LESSONS: dict[str, Lesson] = {
    "co2": Lesson(
        title="CO₂ — who pays for the permits?",
        aim="Students feel CO₂ as a shared stock: each company gains from cheap fossil power, the atmosphere "
            "pays, and unless enough companies invest in green power the planet is lost for everyone.",
        plan=(
            (5, "Hand out the role cards. Students open the address on their card and type their join code. "
                "Show the CO₂ gauge on the projector: catastrophes from 350 ppm, the planet is lost at 500."),
            (5, "Read the role card aloud together: what every company wants, what is secret (the company goal "
                "and the lobby cards), how a turn works. First moves with the teacher watching the dashboard."),
            (20, "Play. Tables play on their own; bots take the empty seats. Walk round; the dashboard shows "
                 "stalled tables. Pause all at about minute 28 for a two-minute 'where is the gauge?' check."),
            (10, "Debrief on the projector (notebooks/23_debrief.ipynb): each table's CO₂ path by decade beside "
                 "the bots' games, which tables saved the planet, who gained points without paying permits."),
            (5, "Exit ticket."),
        ),
        role="You run the {name} energy company. You win with the most victory points (VP) at the end — but if "
             "CO₂ reaches the red line, the planet is lost and every company loses, you too (CO2-14.3).",
        you_know=(
            "Your company goal: a secret card that scores extra VP at the end if you reach it (CO2-12.2).",
            "Your lobby cards: secret cards you may play once for a bonus (CO2-12.1).",
        ),
        everyone_knows=(
            "The CO₂ level, the regions, every plant and project, the market price of permits (CEP).",
            "Each decade new fossil plants appear where demand is not met by green plants, raising CO₂ "
            "(CO2-4.3.4); the region's controller pays a permit for each (CO2-4.3.5a).",
            "Installing a green project costs a permit (CO2-6.2.3); building green plants gains VP and lowers CO₂ "
            "when one replaces a fossil plant (CO2-6.3.6).",
        ),
        questions=(
            "Why did nobody want to be the first to pay for a green project?",
            "Which table kept CO₂ lowest? What did its players do differently from the bots?",
            "Who gained VP without paying permits? Is that clever, unfair, or both?",
            "What would change if the rules made the polluter pay more? Who pays in the real world?",
            "A secret goal pulls you one way, the planet another: what did you choose, and why?",
        ),
        exit_ticket=(
            ("What happens to every company when CO₂ reaches 500 ppm?",
             ("Only the last player loses", "Everyone loses", "Nothing, the game goes on")),
            ("Why is the atmosphere a 'commons' in this game?", ()),
            ("A company that gains points while others pay for clean power is called a …",
             ("free rider", "first mover", "monopolist")),
            ("Name one rule change that would make cooperation easier.", ()),
        ),
    ),
    "catan": Lesson(
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
    ),
    "chicago_express": Lesson(
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
    ),
}


def lesson_for(game: str) -> Lesson:
    """The lesson text of ``game`` (a generic one for games without their own)."""
    found = LESSONS.get(game)
    if found is not None:
        return found
    return Lesson(
        title=f"{game}", aim="Play at one table per group; discuss what happened.",
        plan=((5, "Join with the codes."), (30, "Play."), (10, "Debrief and exit ticket.")),
        role="You are {name}.", you_know=("What your device shows only you.",), everyone_knows=("The board.",),
        questions=("What decided the game?",), exit_ticket=(("What did you learn?", ()),) * 3,
    )
