"""The student's page and the teacher's dashboard in the reader's language.

The HTML files in ``static/`` hold ``{{name}}`` slots; :func:`render` fills them with the texts below,
translated (gettext, ``ccg.i18n``) and HTML-escaped, sets ``<html lang>`` and the language switch, and
hands the page's scripts their own texts as a JSON block (``#ccg-texts``: data, not code, so the
Content-Security-Policy needs no inline script).

A page's language (:func:`page_language`): the one chosen with the switch (``?lang=``, then remembered
in the ``ccg_lang`` cookie), else the table's language (``?table_lang=``, which a student's page asks for
once it has joined a table the teacher set a language for), else the browser's Accept-Language, else the
server's ``--lang``.
"""
from __future__ import annotations

import functools
import html
import json
import re
from pathlib import Path
from urllib.parse import quote

from starlette.requests import HTTPConnection

from ..core.glossary import game_title
from ..i18n import N_, _, choose_language, get_language, html_lang, lang, language_names, negotiate
from .lessons import game_choices

__all__ = ["COOKIE", "page_language", "render"]

STATIC = Path(__file__).with_name("static")
COOKIE = "ccg_lang"

# texts in the HTML files' {{slots}}
STUDENT = {
    "title": N_("Your table"),
    "join_title": N_("Join your table"),
    "code_label": N_("Join code (on your card)"),
    "name_label": N_("Your name (optional)"),
    "join": N_("Join"),
    "your_move": N_("Your move"),
    "pick_one": N_("pick one"),
    "search": N_("search moves…"),
    "play": N_("Play"),
    "language": N_("Language"),
}
TEACHER = {
    "title": N_("Teacher's dashboard"),
    "language": N_("Language"),
    "lesson": N_("lesson"),
    "all_lessons": N_("all lessons"),
    "pause_all": N_("Pause all"),
    "resume_all": N_("Resume all"),
    "new_tables": N_("New tables"),
    "game": N_("game"),
    "tables": N_("tables"),
    "seats": N_("seats"),
    "students": N_("students"),
    "bots": N_("bots"),
    "bot_level": N_("bots' level"),
    "level_as_typed": N_("as in ‘bots’"),
    "level_easiest": N_("1 (easiest)"),
    "level_strongest": N_("5 (strongest)"),
    "seat_kinds": N_("seat kinds"),
    "seat_kinds_hint": N_("optional, e.g. student, student, greedy, mcts"),
    "first_seed": N_("first seed"),
    "rules": N_("rules"),
    "rules_hint": N_("optional, e.g. ppm.lose=450"),
    "table_language": N_("language of the tables"),
    "create": N_("Create tables"),
    "seats_help": N_("Seats: the first ‘students’ seats are students, the others play the ‘bots’ agent "
                     "(strategist, greedy, random, mcts, e.g. mcts:200) — or list every seat's kind in "
                     "‘seat kinds’."),
    "join_codes": N_("Join codes"),
    "show_codes": N_("Show join codes"),
    "hide": N_("Hide"),
    "codes_hidden": N_("Hidden (the dashboard may be on the projector)."),
    "reveal_title": N_("Reveal a table's secrets"),
    "hide_secrets": N_("Hide secrets"),
    "secrets_hidden_until": N_("Secrets stay hidden until you press ‘reveal’ on a table."),
    "debrief": N_("Debrief"),
    "show_debrief": N_("Show the debrief of this lesson"),
    "printables": N_("Printable material"),
    "material": N_("Lesson material (role cards, plan, questions, exit ticket)"),
}
# texts the pages' scripts show
STUDENT_SCRIPT = {
    "reconnecting": N_("reconnecting…"),
    "pick_first": N_("⚠ Pick a move in the list first."),
    "not_sent": N_("⚠ the move was not sent: reconnecting…"),
}
TEACHER_SCRIPT = {
    "reconnecting": N_("reconnecting…"),
    "not_sent": N_("⚠ not sent: reconnecting…"),
    "bots": N_("bots: {state}"),
    "all_lessons": N_("all lessons"),
    "codes_hidden": N_("Hidden (the dashboard may be on the projector)."),
    "secrets_hidden": N_("Secrets hidden."),
    "confirm_restart": N_("Start this table's game again from the first move?"),
    "confirm_delete": N_("Delete this table and its game?"),
    "ask_reseat": N_("Who plays this seat: ‘student’ (a new join code) or a bot (strategist, greedy, random, "
                     "mcts:200)?"),
}
PAGES = {"student.html": (STUDENT, STUDENT_SCRIPT), "teacher.html": (TEACHER, TEACHER_SCRIPT)}
_SLOT = re.compile(r"\{\{(\w+)\}\}")


def page_language(conn: HTTPConnection, default: str | None = None) -> str:
    """The language of the page ``conn`` asks for (see the module docstring); an unknown ``?lang=`` is passed over."""
    default = default or get_language()
    chosen = conn.query_params.get("lang")
    table = conn.query_params.get("table_lang")
    accept = conn.headers.get("accept-language")
    fallback = negotiate(table, default=negotiate(accept, default)) if table else negotiate(accept, default)
    try:
        return choose_language(chosen or None, conn.cookies.get(COOKIE), None, default=fallback)
    except ValueError:
        return choose_language(None, conn.cookies.get(COOKIE), None, default=fallback)


def _switch(code: str, name: str) -> str:
    """The language switch: a link per language, the current one marked."""
    links = []
    for other, own_name in language_names().items():
        mark = " aria-current='true' class='ccg-lang-current'" if other == code else ""
        links.append(f"<a href='?lang={quote(other)}' lang='{html_lang(other)}' data-lang='{other}'{mark}>"
                     f"{html.escape(own_name)}</a>")
    return f"<nav class='ccg-langs' aria-label='{html.escape(name)}'>" + " · ".join(links) + "</nav>"


def _escape(text: str) -> str:
    """Text for an element or a double-quoted attribute (the slots sit in no single-quoted one)."""
    return html.escape(text, quote=False).replace('"', "&quot;")


@functools.lru_cache(maxsize=32)
def render(name: str, code: str, chosen: bool = False) -> str:
    """The page ``name`` of ``static/`` in language ``code`` (``chosen``: the device chose it with the switch);
    built once per process (a class arriving at once asks for the same few pages)."""
    slots, script = PAGES[name]
    with lang(code):
        texts = {k: _escape(_(v)) for k, v in slots.items()}
        texts["html_lang"] = html_lang(code)
        texts["lang"] = code
        texts["chosen"] = "1" if chosen else "0"
        texts["switch"] = _switch(code, _(slots["language"]))
        texts["games"] = "".join(f"<option value='{g}'>{html.escape(game_title(g))}</option>" for g in game_choices())
        texts["languages"] = "".join(
            f"<option value='{c}'{' selected' if c == code else ''}>{html.escape(n)}</option>"
            for c, n in language_names().items())
        data = json.dumps({k: _(v) for k, v in script.items()}, ensure_ascii=False).replace("<", "\\u003c")
        texts["script_texts"] = f"<script type='application/json' id='ccg-texts'>{data}</script>"
    page = (STATIC / name).read_text(encoding="utf-8")
    return _SLOT.sub(lambda m: texts[m.group(1)], page)
