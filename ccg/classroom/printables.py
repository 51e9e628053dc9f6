"""Printable lesson material as HTML pages styled for print (A4), PDF through Chromium when asked.

Per lesson: one role briefing per student seat (table, colour, join code and address, the role,
what only the seat's device will show), the 45-minute plan, the discussion questions and an
exit ticket. The briefings carry no secret: goals and hands appear on the student's own device.

Every page is in one language (``lang``: ``en``, ``cs``, ``pl``, ``zh_Hant``; default the current one): the
frame's words and the lesson's texts (:meth:`ccg.core.teaching.Lesson.translated`) come from the catalogs.
"""
from __future__ import annotations

import html
import shutil
from pathlib import Path
from typing import Sequence

from ..core.glossary import game_title
from ..core.teaching import Lesson, generic_lesson
from ..i18n import _, format_number, get_language, html_lang, lang, ngettext
from .lessons import lesson_for
from .store import TableInfo, TableStore, join_link
from .views import seat_colour, seat_name

__all__ = ["briefings_page", "exit_ticket_page", "lesson_pages", "plan_page", "questions_page", "write_lesson"]

# the pages' print style (A4), beside the classroom's other static files
PRINT_CSS = "<style>\n" + (Path(__file__).resolve().parent / "static" / "print.css").read_text(encoding="utf-8") + "</style>"


def _page(title: str, body: str) -> str:
    return (f"<!DOCTYPE html><html lang='{html_lang(get_language())}'><head><meta charset='utf-8'>"
            f"<title>{html.escape(title)}</title>{PRINT_CSS}</head><body><div class='sheet'>{body}</div></body></html>")


def _lesson_of(tables: Sequence[TableInfo]) -> tuple[Lesson, str]:
    """The lesson of the first table's game in the current language, and the game's title (a lesson
    without tables: the generic one)."""
    if not tables:
        return generic_lesson("—").translated(), "—"
    return lesson_for(tables[0].game).translated(), game_title(tables[0].game)


def briefings_page(tables: Sequence[TableInfo], lesson_label: str, base_url: str = "", language: str | None = None) -> str:
    """One card per student seat, four to an A4 page at most, each with its join code."""
    with lang(language):
        return _briefings_page(tables, lesson_label, base_url)


def _briefings_page(tables: Sequence[TableInfo], lesson_label: str, base_url: str) -> str:
    lesson, game = _lesson_of(tables)
    cards = []
    for t in tables:
        for s in t.seats:
            if not s.is_student:
                continue
            name = seat_name(t.game, s.seat)
            text = lesson_for(t.game).translated()
            where = (_("Open {address}").format(address=f"<b>{html.escape(join_link(base_url, s.code or ''))}</b>")
                     if base_url else html.escape(_("Open the address your teacher shows, then type your code.")))
            know = "".join(f"<li>{html.escape(x)}</li>" for x in text.you_know)
            everyone = "".join(f"<li>{html.escape(x)}</li>" for x in text.everyone_knows)
            bots = [seat_name(t.game, b.seat) for b in t.seats if not b.is_student]
            code = f"<span class='code'>{html.escape(s.code or '')}</span>"
            join = _("Your join code: {code}").format(code=code)
            private, public = html.escape(_("Only your device shows you")), html.escape(_("Everyone can see"))
            bots_line = html.escape(_("Bots play {seats} at this table.").format(seats=", ".join(bots)))
            cards.append(
                f"<div class='card briefing'><h2><span class='swatch' style='background:{seat_colour(t.game, s.seat)}'>"
                f"</span> {html.escape(name)} — {html.escape(t.name)}</h2>"
                f"<div>{join}</div><div>{where}</div>"
                f"<p>{html.escape(text.role.format(name=name))}</p>"
                f"<div><b>{private}</b><ul>{know}</ul></div>"
                f"<div><b>{public}</b><ul>{everyone}</ul></div>"
                + (f"<div class='small'>{bots_line}</div>" if bots else "")
                + "</div>")
    if not cards:
        cards.append("<p>" + html.escape(_("No student seats in this lesson yet: create tables on the dashboard."))
                     + "</p>")
    pages = ["".join(cards[i:i + 3]) for i in range(0, len(cards), 3)]
    body = "<div class='page-break'></div>".join(pages)
    heading = html.escape(_("{lesson} — role cards").format(lesson=lesson.title))
    return _page(_("Role cards — {lesson}").format(lesson=lesson_label or lesson.title), f"<h1>{heading}</h1>{body}")


def plan_page(tables: Sequence[TableInfo], lesson_label: str, language: str | None = None) -> str:
    with lang(language):
        lesson, game = _lesson_of(tables)
        total = sum(m for m, _text in lesson.plan)
        minutes = _("{minutes} min")
        steps = "".join(f"<li><b>{html.escape(minutes.format(minutes=m))}</b> — {html.escape(text)}</li>"
                        for m, text in lesson.plan)
        n_tables = len(tables)
        students = sum(1 for t in tables for s in t.seats if s.is_student)
        facts = " · ".join([
            _("Lesson {label}").format(label=lesson_label or "-"), game,
            ngettext("{count} table", "{count} tables", n_tables).format(count=format_number(n_tables)),
            ngettext("{count} student seat", "{count} student seats", students).format(count=format_number(students)),
            ngettext("{count} minute", "{count} minutes", total).format(count=format_number(total))])
        command = "<code>ccg classroom serve --dir DIR --host 0.0.0.0</code>"  # i18n: not prose
        return _page(_("Lesson plan — {lesson}").format(lesson=lesson.title), (
            f"<h1>{html.escape(lesson.title)}</h1><p class='small'>{html.escape(facts)}</p>"
            "<h2>" + html.escape(_("Aim")) + f"</h2><p>{html.escape(lesson.aim)}</p>"
            "<h2>" + html.escape(_("Plan")) + f"</h2><ol class='plan'>{steps}</ol>"
            "<h2>" + html.escape(_("Before the lesson")) + "</h2><ul><li>"
            + html.escape(_("Start the server: {command} and open the teacher link it prints.")).format(command=command)
            + "</li><li>" + html.escape(_("Create the tables on the dashboard; print the role cards.")) + "</li></ul>"))


def questions_page(tables: Sequence[TableInfo], lesson_label: str, language: str | None = None) -> str:
    with lang(language):
        lesson, _game = _lesson_of(tables)
        items = "".join(f"<li>{html.escape(q)}</li>" for q in lesson.questions)
        return _page(_("Discussion — {lesson}").format(lesson=lesson.title),
                     "<h1>" + html.escape(_("{lesson} — discussion questions").format(lesson=lesson.title))
                     + f"</h1><ol class='plan'>{items}</ol>")


def exit_ticket_page(tables: Sequence[TableInfo], lesson_label: str, copies: int = 2,
                     language: str | None = None) -> str:
    """The exit ticket (3–5 questions), ``copies`` to a page."""
    with lang(language):
        lesson, _game = _lesson_of(tables)
        qs = []
        for i, (q, choices) in enumerate(lesson.exit_ticket, 1):
            answer = ("".join(f"<div class='choice'>☐ {html.escape(c)}</div>" for c in choices) if choices else
                      "<div class='lines'></div><div class='lines'></div>")
            qs.append(f"<div><b>{i}.</b> {html.escape(q)}{answer}</div>")
        heading = _("Exit ticket — {lesson}").format(lesson=lesson.title)
        blanks = _("Name: {name} Table: {table}").format(name="____________________", table="______")
        one = (f"<div class='card exit-ticket'><h2>{html.escape(heading)}</h2>"
               f"<div>{html.escape(blanks)}</div>{''.join(qs)}</div>")
        return _page(heading, one * copies)


def lesson_pages(store: TableStore, lesson_label: str, base_url: str = "", language: str | None = None) -> dict[str, str]:
    """``{file name: HTML page}`` of a lesson's material, in ``language`` (default the current one)."""
    tables = store.tables(lesson=lesson_label)
    slug = "".join(ch if ch.isalnum() else "-" for ch in (lesson_label or "lesson")).strip("-") or "lesson"
    return {
        f"{slug}-role-cards.html": briefings_page(tables, lesson_label, base_url, language),
        f"{slug}-plan.html": plan_page(tables, lesson_label, language),
        f"{slug}-discussion.html": questions_page(tables, lesson_label, language),
        f"{slug}-exit-ticket.html": exit_ticket_page(tables, lesson_label, language=language),
    }


def write_lesson(store: TableStore, lesson_label: str, out: Path, base_url: str = "", pdf: bool = False,
                 language: str | None = None) -> list[Path]:
    """Write the lesson's pages into ``out`` (and their PDFs with ``pdf``) in ``language``; returns the files
    written."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, page in lesson_pages(store, lesson_label, base_url, language).items():
        path = out / name
        path.write_text(page, encoding="utf-8")
        written.append(path)
    if pdf:
        written += _pdfs(written)
    return written


def _pdfs(pages: list[Path]) -> list[Path]:
    """Print HTML files to PDF in Debian's Chromium through Playwright (no browser download)."""
    try:
        from playwright.sync_api import sync_playwright  # optional: only --pdf prints with Chromium
    except ImportError:
        raise ValueError("--pdf needs playwright (pip install playwright)") from None
    exe = shutil.which("chromium")
    if exe is None:
        raise ValueError("--pdf needs Debian's chromium (apt-get install chromium)")
    out = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=exe, args=["--headless", "--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page()
            for path in pages:
                page.goto(path.resolve().as_uri())
                target = path.with_suffix(".pdf")
                page.pdf(path=str(target), format="A4", print_background=True, prefer_css_page_size=True)
                out.append(target)
        finally:
            browser.close()
    return out
