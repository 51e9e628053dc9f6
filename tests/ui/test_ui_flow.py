"""The flow of a game at a Table: bots are never stopped on, humans never play for a bot, Undo, the status in words."""
from __future__ import annotations

import html

import pytest

import ccg
from ccg.agents.base import Agent, make_agent
from ccg.ui import Table, TableController
from ccg.ui.words import describe, explanation


def _bots_never_left_to_move(c: TableController) -> bool:
    s = c.state
    return s.is_terminal() or c.seating.agents[s.current_player] is None


@pytest.mark.parametrize("game,players", [("co2", 4), ("chicago_express", 4), ("catan", 4)])
def test_play_on_in_every_mode_stops_only_where_a_human_is_to_move(game, players):
    c = TableController(game, seats=["human", "random"], players=players, seed=3, helper="random")
    for mode in [m for _, m in c.until_options() if m != "end"]:
        for n in (1, 2, 5):
            c.play_until(mode, n)
            assert _bots_never_left_to_move(c), (mode, n, c.state.current_player)
            if c.state.is_terminal():
                return
            assert c.human_to_move()
            c.bot_move()
            assert _bots_never_left_to_move(c) and (c.state.is_terminal() or c.human_to_move())


def _a_bots_turn(t: Table):
    """A node of the current line where a bot seat is to move."""
    for node in t.tree.cursor.path():
        if node.parent is not None and t.controller.seating.agents[node.seat] is not None:
            return node.parent
    raise AssertionError("no bot moved on this line")


def test_a_human_cannot_play_for_a_bot_and_the_play_button_is_off_on_its_turn():
    t = Table("co2", seats=["human", "random", "random", "random"], seed=2)
    while not any(t.controller.seating.agents[n.seat] is not None for n in t.tree.cursor.path()):
        t.play(t.shown_actions()[0])
    t.go(_a_bots_turn(t))
    assert t.controller.seating.agents[t.state.current_player] is not None
    assert t.play_button.disabled and t.actions.disabled and not t.bot_button.disabled
    assert "is to move" in t.turn.value
    ply = t.state.ply
    with pytest.raises(ValueError, match="use Bot move or Play on"):
        t.controller.play(t.state.legal_actions()[0])
    t.play_button.click()  # a click in the page changes nothing
    assert t.state.ply == ply
    t.bot_move()  # the bot plays, then every bot after it: a human is to move again
    assert t.controller.human_to_move() and not t.play_button.disabled and not t.actions.disabled


def _before_last_human_move(t: Table):
    humans = [n for n in t.tree.cursor.path() if n.seat == 0]
    return humans[-1].parent if humans else None


def test_undo_goes_back_to_the_humans_previous_decision_in_one_click():
    t = Table("co2", seats=["human", "random", "random", "random"], seed=2)
    start = t.tree.cursor
    for _ in range(3):
        t.play(t.shown_actions()[0])
    while True:
        target = _before_last_human_move(t)
        if target is None:
            break
        t.undo_button.click()
        assert t.tree.cursor is target and t.state.current_player == 0 and t.message.startswith("undone: you (seat 0): ")
    assert t.tree.cursor is start and t.undo_button.disabled
    t.undo()
    assert "Nothing to undo" in t.message and t.tree.cursor is start


def test_the_status_line_tells_the_last_moves_in_words_and_never_keeps_an_old_message():
    t = Table("chicago_express", seats=["human"], players=4, seed=1)
    action = t.shown_actions()[0]
    words = t.controller.action_label(action)
    assert words == describe(t.state, action)
    t.play(action)
    assert "you (seat 0): " + words in t.message or "the last:" in t.message
    assert "strategist" in t.message  # the bots' answers are named with their moves
    for _ in range(3):
        t.back()
        assert t.message.startswith("back: ")
    assert "played" not in t.message
    t.forward()
    assert t.message.startswith("forward: ")
    t.to_start()
    assert t.message == "to the start: at the start"


class Explaining(Agent):
    """An agent that says why (duck-typed ``explain``), as the strategist does."""

    asked = 0

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.inner = make_agent("random", seed)

    def act(self, state):
        return self.inner.act(state)

    def explain(self, state):
        Explaining.asked += 1
        return {"move": str(state.legal_actions()[0]), "text": f"because ply {state.ply} asks for it"}


def test_a_bots_reasons_show_after_its_move_and_for_bot_move():
    Explaining.asked = 0
    t = Table("chicago_express", seats=["human", Explaining, Explaining, Explaining], seed=1, view=None, teacher=True,
              helper=Explaining)
    t.play(t.shown_actions()[0])
    assert Explaining.asked >= 1 and "why?" in t.status.value and "because ply" in t.status.value
    assert "why?" in t.log.value
    t.back()
    assert "why?" not in t.status.value  # the reasons belong to the step the status told
    assert explanation(make_agent("random", 1), t.state) is None  # an agent without explain says nothing
    t.to_end()
    t.bot_move()  # Bot move on the human's turn: the helper plays it and says why
    assert "why? (you (seat 0))" in t.status.value


def test_a_bots_reasons_stay_hidden_from_other_seats_when_the_game_has_secrets():
    Explaining.asked = 0
    t = Table("co2", seats=["human", Explaining, Explaining, Explaining], seed=1)
    assert t.state.hidden_information
    while Explaining.asked == 0:
        t.play(t.shown_actions()[0])
    assert Explaining.asked >= 1 and "why?" not in t.status.value and "why?" not in t.log.value


def test_a_game_without_words_shows_its_notation_and_every_game_its_words():
    s = ccg.new_game("toy", players=2, seed=1)
    a = s.legal_actions()[0]
    assert not s.describe_action_parts(a).described and describe(s, a) == str(a)
    for game in ("co2", "chicago_express", "catan"):
        s = ccg.new_game(game, players=4, seed=1)
        a = s.legal_actions()[0]
        assert describe(s, a) == s.describe_action(a) != str(a)


def test_the_selected_move_shows_its_notation_and_the_text_of_the_rule_that_allows_it():
    from ccg.core.rulebook import rules_text

    t = Table("chicago_express", seats=["human"], players=4, seed=1)
    action = t.shown_actions()[0]
    t.actions.value = action
    parts = t.state.describe_action_parts(action)
    assert parts.described and parts.text != str(action)  # words, not notation
    assert html.escape(str(parts)) in t.rule.value and f"<code>{html.escape(str(action))}</code>" in t.rule.value
    assert html.escape(rules_text(parts.rule)) in t.rule.value  # the rule's own words from docs/rules
    labels = [label for label, _ in t.actions.options]
    assert labels == [str(t.state.describe_action_parts(a)) for a in t.shown_actions()]
    t.notation.value = True
    assert [label for label, _ in t.actions.options] == [str(a) for a in t.shown_actions()]
