"""Rule ids in a move's words open the rule: links in the status line and the move log, the rule help box."""
from __future__ import annotations

import re

import pytest

import ccg
from ccg.core.rulebook import rule_ids
from ccg.ui import Table
from ccg.ui.rule_help import link_rules

LINK = re.compile(r"<span class='ccg-rule-link'[^>]*data-rule='([^']+)'[^>]*>([^<]+)</span>")


def test_link_rules_links_every_known_id_and_leaves_the_text_alone():
    text = "Sell 1 CEP at the market (CO2-7.2.5); bid (CE-5.2.) and CO2-99.9, B&amp;O, CAT-8"
    linked = link_rules(text)
    assert [m.group(1) for m in LINK.finditer(linked)] == ["CO2-7.2.5", "CE-5.2", "CAT-8"]  # CO2-99.9 is no rule
    assert re.sub(r"<[^>]+>", "", linked) == text  # the words read the same
    assert all(m.group(1) == m.group(2) for m in LINK.finditer(linked))


@pytest.mark.parametrize("game, kwargs", [("co2", {"players": 4}), ("chicago_express", {"players": 4}),
                                          ("catan", {"players": 4, "scenario": "oil_springs"})])
def test_every_move_in_the_log_and_the_status_links_its_rule(game, kwargs):
    t = Table(game, seats=["human"], seed=2, **kwargs)
    t.play_until("n", 6)
    log = t.inspect_tab.log.value
    linked = [m.group(1) for m in LINK.finditer(log)]
    moves = [n for n in t.tree.cursor.path()]
    assert len(linked) >= len(moves) > 0  # every described move cites its rule, and it is a link
    assert set(linked) <= rule_ids(game)
    assert LINK.search(t.status.value), t.status.value


def test_show_rule_shows_the_rules_text_and_an_unknown_id_says_why():
    t = Table("co2", seats=["human"], players=4, seed=1, autoplay=False)
    t.show_rule("CO2-5.4")
    assert t.rule_help.answered == "CO2-5.4" and t.rule_help.text == ccg.rules_text("CO2-5.4") and not t.rule_help.error
    t.show_rule("CO2-99")
    assert t.rule_help.answered == "CO2-99" and not t.rule_help.text and "CO2-99" in t.rule_help.error
    t.show_rule("")
    assert not t.rule_help.text and not t.rule_help.error
