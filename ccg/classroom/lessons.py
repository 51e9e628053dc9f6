"""The words of each game's lesson: aim, the 45-minute plan, role briefings, discussion questions, exit ticket.

Plain data, one :class:`Lesson` per game, rendered by :mod:`ccg.classroom.printables`; the texts are English,
marked for the catalogs (``N_``), and ``Lesson.translated()`` gives them in the current language. Rule ids
point at ``docs/rules/*.md`` so a teacher can look up what a briefing claims.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..i18n import N_, NP_, gettext, pgettext

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
    context: str | None = None  # the game, the texts' gettext context (so the glossary check applies to them)

    def translated(self) -> Lesson:
        """The lesson in the current language (``ccg.i18n``): its texts are English, marked for the catalogs."""
        def one(text: str) -> str:
            return pgettext(self.context, text) if self.context else gettext(text)

        def tr(texts: tuple[str, ...]) -> tuple[str, ...]:
            return tuple(one(t) for t in texts)

        return replace(self, title=one(self.title), aim=one(self.aim),
                       plan=tuple((minutes, one(text)) for minutes, text in self.plan), role=one(self.role),
                       you_know=tr(self.you_know), everyone_knows=tr(self.everyone_knows), questions=tr(self.questions),
                       exit_ticket=tuple((one(q), tr(choices)) for q, choices in self.exit_ticket))


LESSONS: dict[str, Lesson] = {
    "co2": Lesson(
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
    ),
    "catan": Lesson(
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
    ),
    "chicago_express": Lesson(
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
    ),
}


def lesson_for(game: str) -> Lesson:
    """The lesson text of ``game`` (a generic one for games without their own)."""
    found = LESSONS.get(game)
    if found is not None:
        return found
    return Lesson(
        title=f"{game}", aim=N_("Play at one table per group; discuss what happened."),
        plan=((5, N_("Join with the codes.")), (30, N_("Play.")), (10, N_("Debrief and exit ticket."))),
        role=N_("You are {name}."), you_know=(N_("What your device shows only you."),), everyone_knows=(N_("The board."),),
        questions=(N_("What decided the game?"),), exit_ticket=((N_("What did you learn?"), ()),) * 3,
    )
