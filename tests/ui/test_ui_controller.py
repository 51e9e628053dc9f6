"""The Table's game logic without widgets (ccg.ui.controller.TableController): moves, play-until, seats and
views, variations, pasted positions, what-if requests. No widget is built or displayed here."""
from __future__ import annotations

import os

import pytest
import ui_toy_plot

import ccg
from ccg.core import InvalidPositionError
from ccg.ui.controller import REFEREE, TO_MOVE, TableController

ui_toy_plot.install()
TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_the_controller_loads_without_any_widget_library():
    from conformance import run_python

    script = ("import sys\nimport ccg.ui.controller as c\n"
              "t = c.TableController('co2', seats=['random'] * 3, seed=1)\n"
              "print(t.state.ply > 0, sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'anywidget')))")
    assert run_python(script, "0", cwd=TESTS) == "True []"


def test_play_lets_the_bots_answer_and_bot_move_plays_for_the_human():
    c = TableController("toy", seats=["human", "random"], seed=5)
    assert c.state.current_player == 0 and c.state.ply == 0
    while c.state.current_player == 0 and not c.state.is_terminal():
        c.play("hold" if c.state.turn_total >= 6 else "roll")
    assert c.state.is_terminal() or c.state.current_player == 0  # seat 1 moved by itself
    quiet = TableController("toy", seats=["human", "random"], seed=5, autoplay=False)
    quiet.bot_move()
    assert quiet.state.ply == 1 and quiet.tree.cursor.seat == 0


def test_play_until_n_moves_and_until_a_milestone():
    c = TableController("toy", seats=["human", "human"], seed=3, autoplay=False)
    assert c.play_until("n", 3) == 3 and c.state.ply == 3 and c.message == (
        "played 3 moves: seat 0 (human): roll; seat 0 (human): hold; seat 1 (human): roll")  # the toy has no words
    assert ("to the next turn", "key:turn") in c.until_options()
    before = c.milestones()["turn"]
    played = c.play_until("key:turn")
    assert played >= 1 and c.milestones()["turn"] != before
    back = c.tree.state_at(c.tree.cursor.parent)
    assert back.to_move == before  # it stopped at the first move that changed the milestone
    assert c.play_until("end") > 0 and c.state.is_terminal()


def test_play_until_refuses_an_unknown_mode_or_milestone_and_plays_nothing():
    c = TableController("toy", seats=["human", "human"], seed=3, autoplay=False)
    for mode, match in (("key:decade", "no milestone 'decade'"), ("forever", "mode must be one of")):
        with pytest.raises(ValueError, match=match):
            c.play_until(mode)
    assert c.state.ply == 0 and len(c.tree) == 1


@pytest.mark.parametrize("game", ["co2", "catan", "chicago_express"])
def test_play_to_the_next_milestone_never_serialises_the_position(monkeypatch, game):
    c = TableController(game, seats=["random"] * 3, players=3 if game != "chicago_express" else 4, seed=2,
                        autoplay=False, helper="random")
    key = next(mode for _, mode in c.until_options() if mode.startswith("key:"))
    calls = ui_toy_plot.count_serialisation(monkeypatch, type(c.state))
    played = sum(c.play_until(key) for _ in range(3))
    assert played >= 3 and calls == []


def test_students_see_their_seats_only_and_cannot_change_seats():
    c = TableController("toy", seats=["human", "random"], seed=2)
    assert c.seating.view_options() == [("seat 0", 0)] and c.view_seat == 0
    with pytest.raises(ValueError, match="teacher"):
        c.set_view(REFEREE)
    with pytest.raises(ValueError, match="seats are set"):
        c.change_seat(1, "human")
    assert c.seating.seat_kind(1) == "random" and c.seating.human_seats() == [0]
    with pytest.raises(ValueError, match="teacher"):
        TableController("toy", seats=["human", "random"], view=1)  # a bot's hand


def test_a_teacher_changes_seats_and_views():
    c = TableController("toy", seats=["human", "human"], seed=3, teacher=True)
    assert c.seating.view == TO_MOVE and c.view_seat == c.state.current_player
    c.set_view(REFEREE)
    assert c.view_seat is None and c.position_string == c.full_position_string
    c.change_seat(0, "random")  # seat 0 is a bot now: it moves by itself until seat 1 is to move
    assert c.state.is_terminal() or c.state.current_player == 1
    assert c.seating.seat_kind(0) == "random" and c.seating.agents[0] is not None


def test_seats_not_chosen_get_the_strategist_and_hot_seat_views_follow_the_human_to_move():
    c = TableController("toy", seats=["human", None], players=3, seed=1, autoplay=False)
    assert [c.seating.seat_kind(p) for p in range(3)] == ["human", "strategist", "strategist"]
    hot = TableController("toy", seats=["human", "human", "random"], seed=4, autoplay=False)
    assert [v for _, v in hot.seating.view_options()] == [TO_MOVE, 0, 1]
    with pytest.raises(ValueError, match="3 entries for 2 seats"):
        TableController("toy", seats=["human"] * 3, players=2)


def test_location_and_search_narrow_the_actions():
    c = TableController("toy_where", seats=["human", "human"], seed=3)
    c.play("roll")
    assert [str(a) for a in c.shown_actions()] == ["roll", "hold"]
    c.select_location("bank0")
    assert c.location == "bank0" and [str(a) for a in c.shown_actions()] == ["hold"]
    assert c.shown_actions("ro") == []
    c.select_location("bank1")  # no legal action touches it: the filter is dropped, the message says why
    assert c.location is None and "bank1" in c.message and [str(a) for a in c.shown_actions("ro")] == ["roll"]


def test_variations_promote_and_delete():
    c = TableController("toy", seats=["human", "human"], seed=3, autoplay=False)
    c.play("roll")
    first = c.tree.cursor
    c.play_until("n", 2)
    c.go(first)
    other = next(a for a in c.state.legal_actions() if a != first.variations[0].move)
    c.play(other)
    assert c.branch_node() is c.tree.cursor
    rows = c.variation_rows()
    assert rows[0] == ("start", c.tree.root.id)
    marked = [label for label, node_id in rows if node_id == c.tree.cursor.id]
    assert marked == [f"\u00a0\u00a0↳ ▶ 2. s{c.tree.cursor.seat} {other}"]  # indented under its move, at the cursor
    c.promote()
    assert c.tree.cursor.is_mainline() and c.branch_node() is None
    c.delete()
    assert c.tree.cursor is first and len(first.variations) == 1
    c.to_start()
    c.delete()
    assert "Nothing to delete" in c.message and c.tree.cursor is c.tree.root


def test_pasting_a_position_of_the_tree_jumps_and_another_replaces_the_tree():
    c = TableController("toy", seats=["human", "human"], seed=3, teacher=True, autoplay=False)
    c.play_until("n", 4)
    tree, size = c.tree, len(c.tree)
    c.load_position(ccg.to_position_string(tree.state_at(tree.line()[2])))
    assert c.tree is tree and c.state.ply == 2 and "kept" in c.message
    other = ccg.new_game("toy", players=2, seed=99)
    c.load_position(ccg.to_position_string(other))  # not in the tree: the table asks first, nothing changes
    assert c.tree is tree and c.state.ply == 2 and "Replace the tree" in c.message and f"{size} positions" in c.message
    c.replace_tree()
    assert c.tree is not tree and len(c.tree) == 1 and c.state == other and f"{size} positions" in c.message
    assert c.previous_trees == [tree] and c.pending_position is None
    c.restore_previous_tree()  # the old tree stays reachable, and the new one is kept in its place
    assert c.tree is tree and len(c.tree) == size and c.previous_trees[0].state == other
    with pytest.raises(ValueError, match="No pasted position"):
        c.replace_tree()


def test_a_bad_or_foreign_position_changes_nothing():
    c = TableController("toy", seats=["human", "human"], seed=3, autoplay=False)
    c.play("roll")
    tree, message = c.tree, c.message
    code = ccg.to_position_string(c.state)
    foreign = ccg.to_position_string(ccg.new_game("toy", players=3, seed=1))
    for text in (code[: len(code) // 2], "not a position", foreign):
        with pytest.raises(InvalidPositionError):
            c.load_position(text)
        assert c.tree is tree and c.state.ply == 1 and c.message == message


def test_a_what_if_request_is_the_viewing_seats_and_capped():
    c = TableController("toy", seats=["human", "random"], seed=2, whatif_limit=20)
    job = c.what_if_request(20, ["random", "random"], 4)
    assert job.seat == 0 and job.state == c.state and job.state is not c.state  # hidden cards: the seat's run
    for bad in (21, -1, True, 2.5):
        with pytest.raises(ValueError, match="from 0 to 20"):
            c.what_if_request(bad, ["random"] * 2, 4)
    teacher = TableController("toy", seats=["human", "random"], seed=2, teacher=True, view=None)
    assert teacher.what_if_request(3, ["random"] * 2, 4).seat is None  # the referee's what-if

