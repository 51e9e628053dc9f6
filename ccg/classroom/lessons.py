"""The words of each game's lesson: aim, the 45-minute plan, role briefings, discussion questions, exit ticket.

Plain data, one :class:`Lesson` per game, rendered by :mod:`ccg.classroom.printables`; the texts are English,
marked for the catalogs (``N_``), and ``Lesson.translated()`` gives them in the current language. Rule ids
point at ``docs/rules/*.md`` so a teacher can look up what a briefing claims.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..i18n import N_, gettext

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

    def translated(self) -> Lesson:
        """The lesson in the current language (``ccg.i18n``): its texts are English, marked for the catalogs."""
        def tr(texts: tuple[str, ...]) -> tuple[str, ...]:
            return tuple(gettext(t) for t in texts)

        return replace(self, title=gettext(self.title), aim=gettext(self.aim),
                       plan=tuple((minutes, gettext(text)) for minutes, text in self.plan), role=gettext(self.role),
                       you_know=tr(self.you_know), everyone_knows=tr(self.everyone_knows), questions=tr(self.questions),
                       exit_ticket=tuple((gettext(q), tr(choices)) for q, choices in self.exit_ticket))


LESSONS: dict[str, Lesson] = {
    "co2": Lesson(
        title=N_("CO₂ — who pays for the permits?"),
        aim=N_("Students feel CO₂ as a shared stock: each company gains from cheap fossil power, the atmosphere "
            "pays, and unless enough companies invest in green power the planet is lost for everyone."),
        plan=(
            (5, N_("Hand out the role cards. Students open the address on their card and type their join code. "
                "Show the CO₂ gauge on the projector: catastrophes from 350 ppm, the planet is lost at 500.")),
            (5, N_("Read the role card aloud together: what every company wants, what is secret (the company goal "
                "and the lobby cards), how a turn works. First moves with the teacher watching the dashboard.")),
            (20, N_("Play. Tables play on their own; bots take the empty seats. Walk round; the dashboard shows "
                 "stalled tables. Pause all at about minute 28 for a two-minute 'where is the gauge?' check.")),
            (10, N_("Debrief on the projector (notebooks/23_debrief.ipynb): each table's CO₂ path by decade beside "
                 "the bots' games, which tables saved the planet, who gained points without paying permits.")),
            (5, N_("Exit ticket.")),
        ),
        role=N_("You run the {name} energy company. You win with the most victory points (VP) at the end — but if "
             "CO₂ reaches the red line, the planet is lost and every company loses, you too (CO2-14.3)."),
        you_know=(
            N_("Your company goal: a secret card that scores extra VP at the end if you reach it (CO2-12.2)."),
            N_("Your lobby cards: secret cards you may play once for a bonus (CO2-12.1)."),
        ),
        everyone_knows=(
            N_("The CO₂ level, the regions, every plant and project, the market price of permits (CEP)."),
            N_("Each decade new fossil plants appear where demand is not met by green plants, raising CO₂ "
            "(CO2-4.3.4); the region's controller pays a permit for each (CO2-4.3.5a)."),
            N_("Installing a green project costs a permit (CO2-6.2.3); building green plants gains VP and lowers CO₂ "
            "when one replaces a fossil plant (CO2-6.3.6)."),
        ),
        questions=(
            N_("Why did nobody want to be the first to pay for a green project?"),
            N_("Which table kept CO₂ lowest? What did its players do differently from the bots?"),
            N_("Who gained VP without paying permits? Is that clever, unfair, or both?"),
            N_("What would change if the rules made the polluter pay more? Who pays in the real world?"),
            N_("A secret goal pulls you one way, the planet another: what did you choose, and why?"),
        ),
        exit_ticket=(
            (N_("What happens to every company when CO₂ reaches 500 ppm?"),
             (N_("Only the last player loses"), N_("Everyone loses"), N_("Nothing, the game goes on"))),
            (N_("Why is the atmosphere a 'commons' in this game?"), ()),
            (N_("A company that gains points while others pay for clean power is called a …"),
             (N_("free rider"), N_("first mover"), N_("monopolist"))),
            (N_("Name one rule change that would make cooperation easier."), ()),
        ),
    ),
    "catan": Lesson(
        title=N_("Oil Springs — use the oil, or sequester it?"),
        aim=N_("Students weigh a private gain (oil speeds building) against a shared risk (every use of oil brings "
            "disasters closer for everyone) and see how sequestering changes the group's outcome."),
        plan=(
            (5, N_("Role cards out, students join with their codes. Show the board: oil springs, the disaster track.")),
            (5, N_("Read the role card: resources, building costs, what oil does and what sequestering means.")),
            (20, N_("Play. The dashboard shows each table's points; pause all once to ask who is sequestering.")),
            (10, N_("Debrief: which tables had disasters, who used oil, who sequestered, beside the bots' games.")),
            (5, N_("Exit ticket.")),
        ),
        role=N_("You are {name}, a settler on an island with oil. You win with the most victory points — but oil "
             "used by anyone moves the disaster marker (OIL-7.2), and at 5 a disaster strikes (OIL-7.3). "
             "Sequestering oil takes it out of play for good (OIL-9.1, OIL-9.3)."),
        you_know=(N_("Your hand of resource cards and oil."), N_("Your development cards (some hide victory points).")),
        everyone_knows=(N_("The board, every settlement, city and road, the public victory points."),
                        N_("How much oil has been used and sequestered, and the disasters so far.")),
        questions=(
            N_("Did you use your oil or sequester it? Why?"),
            N_("What would happen if everyone sequestered? If nobody did?"),
            N_("Is a rule that rewards sequestering fair to the players who need oil most?"),
        ),
        exit_ticket=(
            (N_("Using oil helps …"), (N_("only you"), N_("everyone"), N_("nobody"))),
            (N_("Disasters caused by oil hurt …"), (N_("only the player who used it"), N_("everyone near them"))),
            (N_("In one sentence: what does 'sequestering' mean here, and in the real world?"), ()),
        ),
    ),
    "chicago_express": Lesson(
        title=N_("Chicago Express — investors and railroads"),
        aim=N_("Students see how shared ownership shapes decisions: shareholders of one railroad cooperate, "
            "rivals compete, and money follows the network that is built."),
        plan=(
            (5, N_("Role cards out, students join with their codes.")),
            (5, N_("Read the role card: auctions of shares, building track, dividends.")),
            (20, N_("Play; the dashboard shows each table's progress.")),
            (10, N_("Debrief: who invested where, which railroad paid the most dividends.")),
            (5, N_("Exit ticket.")),
        ),
        role=N_("You are investor {name}. You win with the most money at the end of the game."),
        you_know=(N_("Nothing is secret in this game: everything is on the board."),),
        everyone_knows=(N_("Every share, every railroad's track and treasury, everyone's cash."),),
        questions=(N_("Why would you build track for a company whose shares you hold with a rival?"),
                   N_("Did anyone buy a share only to stop someone else?")),
        exit_ticket=((N_("A shareholder earns money when the company …"), (N_("pays dividends"), N_("builds track"))),
                     (N_("Why is a railroad worth more when it reaches Chicago?"), ()),
                     (N_("Name one way investors cooperated in your game."), ())),
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
