"""No user-facing string bypasses gettext in the modules that are translated.

SCANNED lists the modules whose shown text is wrapped; add a module here once its strings go through
``_()``/``pgettext``/``term``.
SCANNED_EVERY_LITERAL lists the modules (the move descriptions, the printables and lessons, the bots' reasons)
whose every sentence is shown text.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from ccg.i18n.scan import hidden_from_extraction, untranslated, untranslated_in_source

ROOT = Path(__file__).resolve().parents[2]
SCANNED = sorted((ROOT / "ccg" / "i18n").glob("*.py")) + [
    ROOT / "ccg" / "classroom" / f"{name}.py"
    for name in ("pages", "views", "student", "dashboard", "hub", "web", "teacher", "debrief")] + sorted(
    (ROOT / "ccg" / "ui").glob("*.py")) + sorted(  # the classroom's pages and debrief, the Table, the board drawings
    (ROOT / "ccg" / "plot").rglob("*.py"))
# modules whose every sentence is for a user: each literal of two words or more must go through gettext
SCANNED_EVERY_LITERAL = [ROOT / "ccg" / "core" / "describe.py"] + sorted((ROOT / "ccg" / "games").glob("*/describe.py")) + [
    ROOT / "ccg" / "classroom" / name for name in ("printables.py", "lessons.py")] + [  # the printed pages
    ROOT / "ccg" / "agents" / "explain.py"]  # the bots' reasons


@pytest.mark.parametrize("path", SCANNED, ids=lambda p: str(p.relative_to(ROOT)))
def test_translated_modules_show_no_untranslated_text(path):
    assert not untranslated([path]), "\n".join(map(str, untranslated([path])))


@pytest.mark.parametrize("path", SCANNED_EVERY_LITERAL, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_move_descriptions_say_nothing_outside_gettext(path):
    found = untranslated([path], every_literal=True)
    assert not found, "\n".join(map(str, found))


def test_every_game_with_descriptions_is_scanned():
    from ccg.core.registry import get_spec, list_games

    modules = {get_spec(g).describe for g in list_games()} - {None}
    scanned = {".".join(p.relative_to(ROOT).with_suffix("").parts) for p in SCANNED_EVERY_LITERAL}
    assert modules and modules <= scanned


def test_the_every_literal_scan_finds_returned_sentences_and_leaves_ids_alone():
    source = '''
"""A module docstring, not shown."""
from ccg.i18n import N_, _, pgettext
RULES = {"propose": "CO2-6.1"}                                # ids: single words
WORDS = ("2 CEP from the market", N_("3 resources"))          # 5: found once
def describe(s, a):
    """A docstring, not shown."""
    if a.kind == "end of turn":                               # a comparison
        return "End your turn", "CO2-5.4"                     # 9: found
    if s.rules["market price"] > 1:                           # a subscript
        raise ValueError(f"no such action {a}")               # an exception
    text = f"Buy 1 CEP at the market for ${s.price}"          # 12: found
    return pgettext("co2", "Sell 1 CEP at {price}").format(price=s.price), RULES[a.kind]
'''
    found = untranslated_in_source(source, "m.py", every_literal=True)
    assert [(f.line, f.text) for f in found] == [
        (5, "2 CEP from the market"), (9, "End your turn"), (12, "Buy 1 CEP at the market for $")]
    assert untranslated_in_source(source, "m.py") == []  # the default scan looks at widgets and keywords only


def test_the_scan_finds_widget_texts_titles_and_status_lines_outside_gettext():
    source = '''
import ipywidgets as w
from ccg.i18n import _, pgettext, term
def build(state, n):
    a = w.Button(description="Play on")                      # 5: found
    b = w.HTML(f"<b>{n}</b> legal actions")                   # 6: found
    c = w.Label(value="Seat " + str(n))                       # 7: found
    fig.update_layout(title="CO2 ppm")                        # 8: found
    status.value = "Waiting for the bots" if n else "Done"    # 9: found twice
    notify("Game over: %s wins" % n)                          # 10: found (a text call)
    d = w.Button(description=_("Play on"))                    # translated
    e = w.HTML(pgettext("co2", "Summit"))                     # translated
    f = w.Label(value=term("co2", "region", "africa"))        # translated
    g = w.HTML("<br>"), w.Label("—"), w.HTML(f"{n}")          # no prose
    h = w.Button(description="Reset")  # i18n: not prose
    trace(name=state.ids[0], x=[1, 2])                        # not a literal
'''
    found = untranslated_in_source(source, "m.py", text_calls=frozenset({"notify"}))
    assert [(f.line, f.text) for f in found] == [
        (5, "Play on"), (6, "<b></b> legal actions"), (7, "Seat "), (8, "CO2 ppm"), (9, "Done"),
        (9, "Waiting for the bots"), (10, "Game over: %s wins"),
    ]
    assert str(found[0]) == "m.py:5: untranslated user-facing text 'Play on'"


def test_the_scan_reads_module_files(tmp_path):
    module = tmp_path / "panel.py"
    module.write_text('import ipywidgets as w\nplay = w.Button(description="Play")\n', encoding="utf-8")
    assert [(f.line, f.text) for f in untranslated([module])] == [(2, "Play")]


def test_no_message_hides_from_the_extractor_inside_an_f_string(tmp_path):
    """Babel does not read inside f-strings: ``f"<b>{_('Aim')}</b>"`` would stay English in every language."""
    found = hidden_from_extraction(sorted((ROOT / "ccg").rglob("*.py")))
    assert not found, "\n".join(f"{f.path}:{f.line}: {f.text!r} is marked inside an f-string" for f in found)
    module = tmp_path / "hidden.py"
    module.write_text("from ccg.i18n import _\nx = f\"<b>{_('Aim')}</b>\"\ny = '<b>' + _('Plan') + '</b>'\n")
    assert [(f.line, f.text) for f in hidden_from_extraction([module])] == [(2, "Aim")]
