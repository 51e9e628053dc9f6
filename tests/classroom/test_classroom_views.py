"""What a seat is shown depends on its observation only; the student's and teacher's pages, headless."""
from __future__ import annotations

import pytest

import ccg
from ccg.agents import make_agent
from ccg.classroom import LiveTable, open_store
from ccg.classroom.dashboard import Dashboard, table_rows
from ccg.classroom.student import StudentApp, seat_page
from ccg.classroom.views import public_move, seat_view
from ccg.plot import board

CONFIGS = [("co2", {"draft": True}), ("co2", {"variant": "expert", "auction": True}),
           ("catan", {"scenario": "oil_springs"}), ("chicago_express", {})]


@pytest.mark.parametrize("game,options", CONFIGS, ids=[f"{g}-{i}" for i, (g, _) in enumerate(CONFIGS)])
def test_a_seat_page_is_the_same_for_every_state_its_observation_allows(game, options):
    """Secrets belong to their seat: the page of a seat is identical for the real state and for
    ``determinize(seat, k)``, which replaces everything that seat cannot see."""
    state = ccg.new_game(game, players=4, seed=3, **options)
    agent = make_agent("random", 5)
    moves = []
    checked = differs = 0
    for ply in range(160):
        if state.is_terminal():
            break
        if ply % 40 == 0:
            for seat in range(4):
                page = seat_page(state, seat, moves=moves)
                for k in (1, 2):
                    other = state.determinize(seat, k)
                    assert seat_page(other, seat, moves=moves) == page, (game, ply, seat, k)
                    if ply == 40 and k == 1:  # the check can fail: the referee's board does change
                        differs += board(other, None).to_plotly_json() != board(state, None).to_plotly_json()
                checked += 1
        from ccg.classroom.store import MoveRow

        action = agent.act(state)
        moves.append(MoveRow(state.ply, state.current_player, str(action), 0.0, "student"))
        state.apply(action)
    assert checked >= 12
    assert differs > 0 or not state.hidden_information


def test_the_secret_draft_pick_is_hidden_from_the_other_seats():
    """CO2-2.18.1: the card kept in the draft is secret; the other seats read only that a card was kept."""
    state = ccg.new_game("co2", players=4, seed=2, draft=True)
    keep = next(a for a in state.legal_actions() if str(a).startswith("keep "))
    from ccg.classroom.store import MoveRow

    move = MoveRow(0, state.current_player, str(keep), 0.0, "student")
    mover = state.current_player
    card = str(keep).split()[1]
    for view_state in (None, state):  # the log's own rule, and the engine's where it has one
        assert str(keep) in public_move("co2", move, mover, view_state)
        assert str(keep) in public_move("co2", move, None, view_state), "the teacher reads everything"
        for seat in range(4):
            if seat != mover:
                line = public_move("co2", move, seat, view_state)
                assert card not in line.split(":", 1)[1] and "keep" in line, line
    after = state.child(keep)
    for seat in range(4):
        if seat != mover:
            assert card not in seat_view(after, seat, moves=[move]).log[0].split(":", 1)[1]


def test_the_own_secrets_are_in_words(tmp_path):
    state = ccg.new_game("co2", players=4, seed=1)
    view = seat_view(state, 2)
    text = " ".join(v for _, v in view.secrets)
    assert f"card {state.goal[2]}:" in text and all(f"card {c}:" in text for c in state.lobby[2])
    for other in (0, 1, 3):
        assert f"card {state.goal[other]}:" not in text
    assert view.gauge["value"] == state.ppm and view.gauge["limit"] == state.rules["ppm.lose"]
    catan = ccg.new_game("catan", players=4, seed=1)
    assert [k for k, _ in seat_view(catan, 1).secrets] == ["hand", "dev"]


@pytest.fixture
def lesson(tmp_path):
    store = open_store(tmp_path)
    table = store.create_table("co2", ["student", "student", "random", "random"], seed=1, lesson="7B")
    return store, table


def _texts(app: StudentApp) -> str:
    return " ".join([app.head.value, app.secrets.value, app.scores.value, app.log.value, *app.actions.options])


def test_a_student_joins_plays_and_is_told_when_the_position_changed(lesson):
    store, table = lesson
    live = LiveTable(store, table.id)
    mover = live.state.current_player
    assert mover in (0, 1), "seat 0 or 1 starts (seed 1)"
    code = table.seats[mover].code
    app, twin = StudentApp(store, code, name="Ann", poll=0), StudentApp(store, code, poll=0)
    assert store.table(table.id).seats[mover].name == "Ann"
    shown = _texts(app)
    assert f"card {live.state.goal[mover]}:" in shown
    other = 1 - mover
    assert f"card {live.state.goal[other]}:" not in shown and "referee" not in shown.lower()
    assert app.page() == seat_page(live.state, mover, seats=app.live.info.seats, table=table.name, moves=[])
    assert app.actions.options and app.move_box.layout.display == ""
    assert app.play(app.actions.options[0]) and store.table(table.id).version == 1
    assert not twin.play(twin.actions.options[0]), "the twin's screen was one move behind"
    assert "position changed" in twin.message and store.table(table.id).version == 1
    assert twin.live.version == 1
    other_app = StudentApp(store, table.seats[other].code, poll=0)
    other_app.sync()
    assert "move 1 " in other_app.head.value


def _two_devices(store, table):
    """The seat to move open on two devices, the opening position, and the moves after which that seat is
    still to move (a free step), so a choice made on the older position can stay legal."""
    mover = LiveTable(store, table.id).state.current_player
    code = table.seats[mover].code
    app, twin = StudentApp(store, code, poll=0), StudentApp(store, code, poll=0)
    state = app.live.state
    keeps_turn = [a for a in state.legal_actions() if state.child(a).current_player == mover]
    assert keeps_turn, "the opening position offers a move that keeps the turn"
    return app, twin, state, keeps_turn


def test_a_click_after_another_devices_move_arrived_chooses_again(lesson):
    """Two devices of one seat: the second device's choice dies with the position it was made on."""
    store, table = lesson
    app, twin, state, keeps_turn = _two_devices(store, table)
    stale = next(str(a) for a in state.child(keeps_turn[0]).legal_actions() if str(a) in twin.actions.options)
    twin.actions.value = stale
    assert app.play(str(keeps_turn[0])) and store.table(table.id).version == 1
    twin.sync()  # the twin's page polls and draws move 1 before its click is handled
    assert len(twin.actions.options) > 1 and twin.actions.value is None
    twin._play_selected()
    assert "Pick a move" in twin.message
    assert store.table(table.id).version == 1, "the twin's stale choice was never played"


def test_a_lone_move_is_not_played_by_a_click_made_on_the_position_before(lesson):
    """Two devices of one seat: when the other device's move arrives with one move shown, that move is not
    chosen for the student, so a click made on the older position plays nothing; the next click plays it."""
    store, table = lesson
    app, twin, state, keeps_turn = _two_devices(store, table)
    follow = str(state.child(keeps_turn[0]).legal_actions()[0])
    twin.search.value = follow  # the twin's filter will show exactly one move after the other device's move
    assert app.play(str(keeps_turn[0])) and store.table(table.id).version == 1
    twin.sync()  # the twin draws move 1 before its click (made on the opening position) is handled
    assert twin.actions.options == (follow,) and twin.actions.value is None
    twin._play_selected()
    assert "position changed" in twin.message and store.table(table.id).version == 1
    assert twin.actions.value == follow, "the lone move is chosen for the next click"
    twin._play_selected()
    assert store.table(table.id).version == 2 and f"You played {follow}" in twin.message


def test_a_lone_move_after_an_opponents_move_plays_with_one_click(tmp_path):
    """The guard is only for a page that showed its own move box: a seat whose turn comes plays a lone move
    with one click."""
    store = open_store(tmp_path)
    table = store.create_table("co2", ["student"] * 4, seed=1, lesson="7B")
    live = LiveTable(store, table.id)
    mover = live.state.current_player
    watchers = {seat: StudentApp(store, info.code, poll=0) for seat, info in enumerate(table.seats) if seat != mover}
    assert all(w.move_box.layout.display == "none" for w in watchers.values())
    for _ in range(60):  # the mover plays on until a move hands the turn over
        state = live.state
        hands_over = [a for a in state.legal_actions() if state.child(a).current_player != mover]
        if hands_over:
            break
        live.play(mover, state.legal_actions()[0], seen=live.version)
    assert hands_over, "the turn passes within 60 moves"
    after = state.child(hands_over[0])
    watcher = watchers[after.current_player]
    follow = str(after.legal_actions()[0])
    watcher.search.value = follow  # the filter will show exactly one move when the turn comes
    live.play(mover, hands_over[0], seen=live.version)
    version = live.version
    watcher.sync()
    assert watcher.actions.options == (follow,) and watcher.actions.value == follow
    watcher._play_selected()
    assert store.table(table.id).version == version + 1 and f"You played {follow}" in watcher.message


def test_a_bad_code_shows_the_form_again(lesson):
    store, _ = lesson
    app = StudentApp(store, "NOPE99", poll=0)
    assert app.live is None and "no seat has the code" in app.form.value and "<form method='get'" in app.form.value


def test_the_dashboard_needs_the_teachers_key(lesson):
    store, table = lesson
    locked = Dashboard(store, key="wrong", poll=0)
    assert not locked.allowed and table.seats[0].code not in locked.widget.value and "Table" not in locked.widget.value
    dash = Dashboard(store, key=store.teacher_key(), base_url="http://class:8866", poll=0)
    assert "Table 1" in dash.overview.value and table.seats[0].code in dash.codes.value
    assert "http://class:8866/voila/render/student.ipynb?code=" in dash.codes.value
    live = LiveTable(store, table.id)
    assert "(secret)" not in dash.overview.value and f"card {live.state.goal[0]}" not in dash.overview.value
    assert dash.reveal_table.value == table.id, "the first table is picked"
    assert f"card {live.state.goal[0]}" not in dash.reveal_text.value, "nothing is revealed before the button"
    revealed = dash.reveal(table.id)
    for seat in range(4):
        assert f"card {live.state.goal[seat]}:" in revealed, "reveal shows every seat's goal"
    assert dash.pause(True) == 1 and store.table(table.id).paused and "paused" in dash.overview.value
    assert dash.pause(False) == 1 and not store.table(table.id).paused
    ids = dash.create_tables("co2", 2, 4, 3, "random", seed=5, lesson="7C")
    assert [len([s for s in store.table(i).seats if s.is_student]) for i in ids] == [3, 3]
    assert "7C" in [v for _, v in dash.lesson.options]
    assert "role-cards.html" in dash.show_material("7C")


def test_stalled_tables(lesson):
    store, table = lesson
    live = LiveTable(store, table.id)
    now = live.updated
    row = table_rows([live], now=now + 1)[0]
    assert row.stalled and "not connected" in row.state, "nobody has joined the seat to move"
    store.touch_seat(table.id, live.state.current_player)
    live.refresh_info()
    assert not table_rows([live], now=now + 1)[0].stalled
    late = table_rows([live], now=now + 10_000)[0]
    assert late.stalled and "to move for" in late.state
    assert table_rows([live], now=now + 1)[0].milestone == "decade 1 · round 1"


def test_the_dashboard_form_takes_seat_kinds_and_rules(lesson):
    store, _ = lesson
    dash = Dashboard(store, key=store.teacher_key(), poll=0)
    dash.new_tables.value, dash.new_lesson.value = 1, "8A"
    dash.new_seats.value = "student, greedy, student"
    dash.new_rules.value = "ppm.coal=30, ppm.lose=450"
    dash._create_from_form()
    made = store.tables(lesson="8A")
    assert len(made) == 1 and [s.kind for s in made[0].seats] == ["student", "greedy", "student"]
    assert made[0].options["rules"]["ppm.coal"] == 30 and made[0].options["rules"]["ppm.lose"] == 450
    dash.new_rules.value = "ppm.nothing=1"
    dash._create_from_form()
    assert "ppm.nothing" in dash.message.value and len(store.tables(lesson="8A")) == 1, "a bad rule creates nothing"


def test_a_catan_student_sees_their_hand_and_plays(tmp_path):
    store = open_store(tmp_path)
    table = store.create_table("catan", ["student", "random", "random", "random"], seed=2,
                               options={"scenario": "oil_springs"})
    from ccg.classroom.bots import BotRunner

    BotRunner(store).run(until_idle=True)
    app = StudentApp(store, table.seats[0].code, poll=0)
    assert "hand" in app.secrets.value and "dev" in app.secrets.value
    live = LiveTable(store, table.id)
    assert live.state.current_player == 0, "the bots wait for the student"
    assert app.play(app.actions.options[0]) and store.table(table.id).version == live.state.ply + 1


def test_a_redraw_keeps_the_students_choice(lesson):
    store, table = lesson
    mover = LiveTable(store, table.id).state.current_player
    app = StudentApp(store, table.seats[mover].code, poll=0)
    choice = app.actions.options[-1]
    app.actions.value = choice
    app._shown_version = None  # what the ten-second heartbeat does
    app.sync()
    assert app.actions.value == choice
