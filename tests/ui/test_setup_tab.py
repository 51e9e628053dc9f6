"""The Table's teacher-only Setup tab (ccg/ui/setup_tab.py) over the public edit API."""
from __future__ import annotations

import pytest

import ccg
from ccg.ui import Table
from ccg.ui.setup_tab import NO_CHANCE, SetupTab


def _tab(game, **kw):
    t = Table(game, seed=3, teacher=True, autoplay=False, **kw)
    return t, SetupTab(t)


def test_setting_a_field_starts_an_edited_tree():
    t, tab = _tab("co2", players=3)
    before = t.state.to_dict()["state"]
    tab.seat.value = 1
    tab.field.value = "coins"
    tab.value.value = 20
    tab.set_button.click()
    after = t.state.to_dict()["state"]
    assert after["coins"][1] == 20 and after["coins"][0] == before["coins"][0]
    assert not t.state.replayable and len(t.tree) == 1
    assert "coins set to 20" in t.message


def test_a_rejected_edit_shows_the_reason_and_changes_nothing():
    t, tab = _tab("chicago_express", players=3)
    before = t.state.to_json()
    tab.seat.value = 2
    tab.field.value = "cash"
    tab.value.value = -3
    tab.set_button.click()
    assert t.state.to_json() == before
    assert "player 2&#x27;s cash would be -3" in tab.note.value or "player 2's cash would be -3" in tab.note.value
    assert tab.chance.options == (NO_CHANCE,) and tab.chance_button.disabled


def test_the_next_roll_set_in_the_tab_is_rolled():
    t, tab = _tab("catan", players=4)
    while t.state.legal_actions()[0].kind != "roll":
        t.play(t.state.legal_actions()[0])
    tab.refresh()
    tab.chance.value = "next roll: 11"
    tab.chance_button.click()
    t.play("roll")
    assert t.state.to_dict()["state"]["dice"] == 11


def test_unknown_chance_set_up_is_refused():
    t, tab = _tab("catan", players=3)
    with pytest.raises(ccg.InvalidPositionError, match="not a chance set-up here"):
        tab.set_chance("next roll: 13")


@pytest.mark.parametrize("teacher", [True, False])
def test_the_setup_tab_is_for_teachers_only(teacher):
    t = Table("co2", players=3, seed=1, teacher=teacher, autoplay=False)
    assert ("Setup" in t.tab_titles) == teacher
    assert (getattr(t, "setup", None) is not None) == teacher


def test_the_student_classroom_app_has_no_setup_tab():
    from ccg.ui.classroom import Classroom

    app = Classroom("co2", players=3, humans=1, seed=3)
    assert "Setup" not in app.table.tab_titles and app.table.setup is None


def test_doctest():
    import doctest

    import ccg.ui.setup_tab as module

    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
