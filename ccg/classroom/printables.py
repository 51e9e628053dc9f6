"""Printable lesson material as HTML pages styled for print (A4), PDF through Chromium when asked.

Per lesson: one role briefing per student seat (table, colour, join code and address, the role,
what only the seat's device will show), the 45-minute plan, the discussion questions and an
exit ticket. The briefings carry no secret: goals and hands appear on the student's own device.
"""
from __future__ import annotations

import html
import shutil
from pathlib import Path
from typing import Sequence

from ..core.registry import get_spec
from ..core.teaching import Lesson, generic_lesson
from .lessons import lesson_for
from .store import TableInfo, TableStore, join_link
from .views import seat_colour, seat_name

__all__ = ["briefings_page", "exit_ticket_page", "lesson_pages", "plan_page", "questions_page", "write_lesson"]

PRINT_CSS = """<style>
@page { size: A4; margin: 14mm; }
body { font-family: Georgia, 'DejaVu Serif', serif; font-size: 12pt; color: #111; max-width: 180mm; margin: auto; }
h1 { font-size: 18pt; margin: 0 0 4mm; } h2 { font-size: 14pt; margin: 0 0 2mm; }
.card { border: 1.5pt solid #333; border-radius: 3mm; padding: 5mm 6mm; margin: 0 0 6mm; break-inside: avoid; }
.card + .card { }
.page-break { break-after: page; }
.code { font-family: 'DejaVu Sans Mono', monospace; font-size: 20pt; letter-spacing: 2pt; font-weight: bold; }
.swatch { display: inline-block; width: 10pt; height: 10pt; border: 0.5pt solid #000; vertical-align: middle; }
.small { font-size: 9.5pt; color: #333; }
ol.plan li { margin-bottom: 2mm; } .lines { border-bottom: 0.5pt solid #999; height: 9mm; }
.choice { margin-left: 6mm; }
@media screen { body { background: #eee; } .sheet { background: #fff; padding: 12mm; margin: 6mm 0; } }
</style>"""


def _page(title: str, body: str) -> str:
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"{PRINT_CSS}</head><body><div class='sheet'>{body}</div></body></html>")


def _lesson_of(tables: Sequence[TableInfo]) -> tuple[Lesson, str]:
    """The lesson of the first table's game (a lesson without tables: the generic one)."""
    if not tables:
        return generic_lesson("—"), "—"
    return lesson_for(tables[0].game), get_spec(tables[0].game).title


def briefings_page(tables: Sequence[TableInfo], lesson_label: str, base_url: str = "") -> str:
    """One card per student seat, four to an A4 page at most, each with its join code."""
    lesson, game = _lesson_of(tables)
    cards = []
    for t in tables:
        for s in t.seats:
            if not s.is_student:
                continue
            name = seat_name(t.game, s.seat)
            where = (f"<div>Open <b>{html.escape(join_link(base_url, s.code or ''))}</b></div>" if base_url else
                     "<div>Open the address your teacher shows, then type your code.</div>")
            know = "".join(f"<li>{html.escape(x)}</li>" for x in lesson_for(t.game).you_know)
            everyone = "".join(f"<li>{html.escape(x)}</li>" for x in lesson_for(t.game).everyone_knows)
            bots = [seat_name(t.game, b.seat) for b in t.seats if not b.is_student]
            cards.append(
                f"<div class='card briefing'><h2><span class='swatch' style='background:{seat_colour(t.game, s.seat)}'>"
                f"</span> {html.escape(name)} — {html.escape(t.name)}</h2>"
                f"<div>Your join code: <span class='code'>{html.escape(s.code or '')}</span></div>{where}"
                f"<p>{html.escape(lesson_for(t.game).role.format(name=name))}</p>"
                f"<div><b>Only your device shows you</b><ul>{know}</ul></div>"
                f"<div><b>Everyone can see</b><ul>{everyone}</ul></div>"
                + (f"<div class='small'>Bots play {html.escape(', '.join(bots))} at this table.</div>" if bots else "")
                + "</div>")
    if not cards:
        cards.append("<p>No student seats in this lesson yet: create tables on the teacher's dashboard.</p>")
    pages = ["".join(cards[i:i + 3]) for i in range(0, len(cards), 3)]
    body = "<div class='page-break'></div>".join(pages)
    return _page(f"Role cards — {lesson_label or lesson.title}",
                 f"<h1>{html.escape(lesson.title)} — role cards</h1>{body}")


def plan_page(tables: Sequence[TableInfo], lesson_label: str) -> str:
    lesson, game = _lesson_of(tables)
    total = sum(m for m, _ in lesson.plan)
    steps = "".join(f"<li><b>{m} min</b> — {html.escape(text)}</li>" for m, text in lesson.plan)
    n_tables = len(tables)
    students = sum(1 for t in tables for s in t.seats if s.is_student)
    return _page(f"Lesson plan — {lesson.title}", (
        f"<h1>{html.escape(lesson.title)}</h1><p class='small'>Lesson {html.escape(lesson_label or '-')} · "
        f"{html.escape(game)} · {n_tables} tables · {students} student seats · {total} minutes</p>"
        f"<h2>Aim</h2><p>{html.escape(lesson.aim)}</p><h2>Plan</h2><ol class='plan'>{steps}</ol>"
        "<h2>Before the lesson</h2><ul><li>Start the server: <code>ccg classroom serve --dir DIR --host 0.0.0.0</code>"
        " and open the teacher link it prints.</li><li>Create the tables on the dashboard; print the role cards.</li>"
        "</ul>"))


def questions_page(tables: Sequence[TableInfo], lesson_label: str) -> str:
    lesson, _ = _lesson_of(tables)
    items = "".join(f"<li>{html.escape(q)}</li>" for q in lesson.questions)
    return _page(f"Discussion — {lesson.title}",
                 f"<h1>{html.escape(lesson.title)} — discussion questions</h1><ol class='plan'>{items}</ol>")


def exit_ticket_page(tables: Sequence[TableInfo], lesson_label: str, copies: int = 2) -> str:
    """The exit ticket (3–5 questions), ``copies`` to a page."""
    lesson, _ = _lesson_of(tables)
    qs = []
    for i, (q, choices) in enumerate(lesson.exit_ticket, 1):
        answer = ("".join(f"<div class='choice'>☐ {html.escape(c)}</div>" for c in choices) if choices else
                  "<div class='lines'></div><div class='lines'></div>")
        qs.append(f"<div><b>{i}.</b> {html.escape(q)}{answer}</div>")
    one = (f"<div class='card exit-ticket'><h2>Exit ticket — {html.escape(lesson.title)}</h2>"
           f"<div>Name: ____________________ Table: ______</div>{''.join(qs)}</div>")
    return _page(f"Exit ticket — {lesson.title}", one * copies)


def lesson_pages(store: TableStore, lesson_label: str, base_url: str = "") -> dict[str, str]:
    """``{file name: HTML page}`` of a lesson's material."""
    tables = store.tables(lesson=lesson_label)
    slug = "".join(ch if ch.isalnum() else "-" for ch in (lesson_label or "lesson")).strip("-") or "lesson"
    return {
        f"{slug}-role-cards.html": briefings_page(tables, lesson_label, base_url),
        f"{slug}-plan.html": plan_page(tables, lesson_label),
        f"{slug}-discussion.html": questions_page(tables, lesson_label),
        f"{slug}-exit-ticket.html": exit_ticket_page(tables, lesson_label),
    }


def write_lesson(store: TableStore, lesson_label: str, out: Path, base_url: str = "", pdf: bool = False) -> list[Path]:
    """Write the lesson's pages into ``out`` (and their PDFs with ``pdf``); returns the files written."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, page in lesson_pages(store, lesson_label, base_url).items():
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
