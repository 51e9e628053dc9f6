"""The table store on SQLite and PostgreSQL: records, seats, one version-checked transaction per move."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import ccg
from ccg.agents import make_agent
from ccg.classroom import (
    JoinCodeError,
    LiveTable,
    NotYourTurnError,
    PausedError,
    PositionChanged,
    StoreError,
    open_store,
    store_url,
)
from ccg.classroom.bots import BotRunner
from ccg.classroom.store import CODE_ALPHABET, CODE_LENGTH

SEATS = ["student", "student", "random", "random"]


def _table(store, seed=1, seats=SEATS, **options):
    return store.create_table("co2", seats, seed=seed, options=options, lesson="7B")


def _play(live: LiveTable, n: int, seed: int = 0) -> None:
    """``n`` random moves through the store, whoever is to move."""
    agent = make_agent("random", seed)
    for _ in range(n):
        if live.state.is_terminal():
            return
        live.play(live.state.current_player, agent.act(live.state))


def test_a_table_holds_its_game_and_seats(store):
    t = _table(store, seed=5)
    assert (t.game, t.players, t.seed, t.version, t.finished, t.paused) == ("co2", 4, 5, 0, False, False)
    assert t.to_move == ccg.new_game("co2", players=4, seed=5).current_player
    assert [s.kind for s in t.seats] == SEATS
    codes = [s.code for s in t.seats]
    assert codes[2:] == [None, None], "bots get no join code"
    for code in codes[:2]:
        assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    assert codes[0] != codes[1]
    assert store.find_code(codes[1].lower()) == (t.id, 1), "codes are read case-insensitively"
    assert store.tables(lesson="7B")[0].id == t.id and store.tables(lesson="other") == []
    assert t.name == f"Table {t.id}" and store.lessons() == ["7B"]


def test_bad_tables_are_refused_and_store_nothing(store):
    with pytest.raises(ValueError, match="variant"):
        _table(store, variant="no such variant")
    with pytest.raises(ValueError, match="agent"):
        store.create_table("co2", ["student", "no-such-bot"], seed=1)
    with pytest.raises(StoreError, match="seats\\[1\\]"):
        store.create_table("co2", ["student", 3], seed=1)
    with pytest.raises(ValueError):
        store.create_table("no-such-game", ["student"], seed=1)
    assert store.tables() == []
    with pytest.raises(JoinCodeError):
        store.find_code("ZZZZZZ")
    with pytest.raises(StoreError, match="no table"):
        store.table(99)


def test_moves_replay_to_the_same_game(store):
    t = _table(store, seed=2)
    live = LiveTable(store, t.id)
    _play(live, 60, seed=3)
    assert store.table(t.id).version == live.state.ply == 60
    again = LiveTable(store, t.id)  # a new device (or a restarted kernel) replays the record
    assert again.state.to_json() == live.state.to_json()
    assert ccg.replay(store.record(t.id)).to_json() == live.state.to_json()
    assert [m.ply for m in store.moves(t.id)] == list(range(60))
    assert store.table(t.id).to_move == live.state.current_player


def test_a_stale_replica_gets_position_changed_and_catches_up(store):
    t = _table(store, seed=3)
    a, b = LiveTable(store, t.id), LiveTable(store, t.id)
    seat = a.state.current_player
    move = a.state.legal_actions()[0]
    a.play(seat, move)
    with pytest.raises(PositionChanged, match="position changed"):
        b.play(seat, b.state.legal_actions()[-1])
    assert store.table(t.id).version == 1, "the second click wrote nothing"
    assert b.state.ply == 1 and b.state.to_json() == a.state.to_json(), "the loser has caught up"


def test_simultaneous_clicks_give_one_move(store):
    """Two devices at the same seat click at once, twenty times over: one move each time, never two."""
    t = _table(store, seed=4)
    for round_ in range(20):
        replicas = [LiveTable(store, t.id) for _ in range(2)]
        seat = replicas[0].state.current_player
        barrier = threading.Barrier(2)
        outcome: list[str] = []

        def click(live: LiveTable, pick: int, seat=seat, barrier=barrier, outcome=outcome) -> None:
            legal = live.state.legal_actions()
            barrier.wait()
            try:
                live.play(seat, legal[pick % len(legal)])
                outcome.append("applied")
            except PositionChanged:
                outcome.append("changed")

        threads = [threading.Thread(target=click, args=(r, i)) for i, r in enumerate(replicas)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert sorted(outcome) == ["applied", "changed"], outcome
        assert store.table(t.id).version == round_ + 1
    ccg.replay(store.record(t.id)).check_invariants()


def test_a_seat_moves_only_on_its_turn_and_not_while_paused(store):
    t = _table(store, seed=6)
    live = LiveTable(store, t.id)
    seat = live.state.current_player
    other = (seat + 1) % 4
    with pytest.raises(NotYourTurnError):
        live.play(other, live.state.legal_actions()[0])
    with pytest.raises(ccg.IllegalActionError):
        live.play(seat, "no such move")
    assert store.set_paused(True) == 1
    stale = LiveTable(store, t.id)
    with pytest.raises(PausedError):
        live.play(seat, live.state.legal_actions()[0])  # the replica learns of the pause from the store
    with pytest.raises(PausedError):
        stale.play(seat, stale.state.legal_actions()[0])
    assert store.table(t.id).version == 0
    store.set_paused(False, [t.id])
    live.sync()
    live.play(seat, live.state.legal_actions()[0])
    assert store.table(t.id).version == 1


def test_bots_play_their_seats_and_wait_for_students(store):
    t = store.create_table("co2", ["student", "random", "random", "random"], seed=7)
    runner = BotRunner(store)
    runner.run(until_idle=True)
    live = LiveTable(store, t.id)
    assert live.state.is_terminal() or live.state.current_player == 0, "bots stop at the student's turn"
    played = live.state.ply
    assert played == sum(1 for m in store.moves(t.id) if m.by == "random")
    store.set_paused(True)
    assert runner.step() == 0
    store.set_paused(False)
    student = make_agent("random", 1)
    while not live.state.is_terminal():
        if live.state.current_player == 0:
            live.play(0, student.act(live.state))
        runner.run(until_idle=True)
        live.sync()
    final = store.table(t.id)
    assert final.finished and final.to_move is None
    ccg.replay(store.record(t.id)).check_invariants()


def test_bot_moves_depend_on_the_position_only(tmp_path):
    """Two runners on two stores play the same bot moves: a restarted runner goes on identically."""
    games = []
    for k in range(2):
        st = open_store(tmp_path / f"s{k}")
        t = st.create_table("co2", ["greedy"] * 4, seed=8)
        BotRunner(st).run(until_idle=True)
        games.append([m.action for m in st.moves(t.id)])
    assert games[0] == games[1] and len(games[0]) > 50


def test_two_bot_runners_on_one_store_never_double_a_move(store):
    tables = [store.create_table("co2", ["random"] * 4, seed=s).id for s in (11, 12)]
    runners = [BotRunner(store) for _ in range(2)]
    threads = [threading.Thread(target=r.run, kwargs={"until_idle": True}) for r in runners]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=600)  # a bound only a runner that never becomes idle reaches
    assert not any(th.is_alive() for th in threads), "a runner kept playing after every game had ended"
    for tid in tables:
        moves = store.moves(tid)
        assert [m.ply for m in moves] == list(range(len(moves)))
        state = ccg.replay(store.record(tid))
        assert state.is_terminal() and store.table(tid).finished
    assert sum(r.played for r in runners) == sum(len(store.moves(t)) for t in tables)


def test_the_teacher_key_is_drawn_once(store_url):
    a = open_store(store_url)
    key = a.teacher_key()
    b = open_store(store_url)
    assert b.teacher_key() == key and len(key) >= 16
    assert b.check_teacher_key(key) and not b.check_teacher_key(key[:-1] + ("y" if key.endswith("x") else "x")) and not b.check_teacher_key(None)


def test_sqlite_store_is_in_wal_mode(tmp_path):
    st = open_store(tmp_path)
    assert st.url == f"sqlite:///{(tmp_path / 'classroom.sqlite').resolve()}"
    with st.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


def test_store_urls():
    assert store_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert store_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert store_url("sqlite:///x.db") == "sqlite:///x.db"
    with pytest.raises(StoreError):
        store_url("  ")
    with pytest.raises(StoreError, match="CCG_CLASSROOM_URL"):
        env = os.environ.pop("CCG_CLASSROOM_URL", None)
        try:
            open_store()
        finally:
            if env is not None:
                os.environ["CCG_CLASSROOM_URL"] = env


CRASHER = textwrap.dedent("""
    import sys
    from ccg.classroom import open_store
    from ccg.classroom.bots import BotRunner
    print("ready", flush=True)
    BotRunner(open_store(sys.argv[1])).run()
""")


def test_a_killed_server_loses_nothing(store_url):
    """The bot runner is killed (SIGKILL) mid-game: the store holds every committed move and play resumes."""
    st = open_store(store_url)
    tid = st.create_table("co2", ["random"] * 4, seed=9).id
    proc = subprocess.Popen([sys.executable, "-c", CRASHER, store_url], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "ready"
        deadline = time.monotonic() + 600  # a bound only a runner that stopped committing reaches
        while st.table(tid).version < 40:  # the crash comes after 40 committed moves
            assert proc.poll() is None, "the bot runner died before it was killed"
            assert time.monotonic() < deadline, f"the bot runner committed {st.table(tid).version} moves, not 40"
            time.sleep(0.05)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
    committed = st.table(tid).version
    assert committed >= 40
    moves = st.moves(tid)
    assert len(moves) == committed, "the version and the move rows agree after the crash"
    live = LiveTable(st, tid)  # resumes from the store
    assert live.state.ply == committed
    BotRunner(st).run(until_idle=True)
    final = ccg.replay(st.record(tid))
    assert final.is_terminal() and st.table(tid).finished
    final.check_invariants()


def test_the_store_file_is_private(tmp_path):
    """Join codes and the teacher's key live in the store: the file is 0600 in a 0700 folder."""
    import stat

    folder = tmp_path / "lesson"
    store = open_store(folder)
    store.teacher_key()
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(folder / "classroom.sqlite").st_mode) == 0o600
    store.close()
    os.chmod(folder / "classroom.sqlite", 0o644)  # an older store, readable by everyone: narrowed on open
    open_store(folder).close()
    assert stat.S_IMODE(os.stat(folder / "classroom.sqlite").st_mode) == 0o600


@pytest.mark.parametrize("spec", ["mcts:-1", "mcts:0", "mcts:nosuch=1", "greedy:depth=abc", "mcts:seconds=-1",
                                  "nosuchbot"])
def test_a_bad_agent_spec_is_refused_when_the_table_is_created(tmp_path, spec):
    store = open_store(tmp_path / "s")
    with pytest.raises(StoreError, match=r"seats\[1\]"):
        store.create_table("co2", ["student", spec, "random", "random"], seed=1)
    assert store.tables() == []
    cli = subprocess.run([sys.executable, "-m", "ccg", "classroom", "new", "--dir", str(tmp_path / "s"),
                          "--students", "1", "--bot", spec], capture_output=True, text=True)
    assert cli.returncode == 2 and "seats[1]" in cli.stderr and "Traceback" not in cli.stderr
    assert store.tables() == []


def test_names_are_normalised_and_direction_characters_refused(store):
    table = _table(store)
    for bad in ("\u202eTeacher\u202c", "Ann\u200f", "a\x07b", "x" * 41):
        with pytest.raises(StoreError):
            store.touch_seat(table.id, 0, name=bad)
    store.touch_seat(table.id, 0, name="  Ｃｈｌｏé  ")
    assert store.table(table.id).seats[0].name == "Chloé"
    with pytest.raises(StoreError, match="direction"):
        store.create_table("co2", SEATS, lesson="7B\u202e")


def test_reseat_restart_and_delete(store):
    table = _table(store)
    live = LiveTable(store, table.id)
    _play(live, 3)
    info = store.reseat(table.id, 0, "greedy")
    assert info.seats[0].kind == "greedy" and info.seats[0].code is None and info.version == 3
    with pytest.raises(JoinCodeError):
        store.find_code(table.seats[0].code)
    info = store.reseat(table.id, 2, "student")
    assert info.seats[2].is_student and store.find_code(info.seats[2].code) == (table.id, 2)
    with pytest.raises(StoreError):
        store.reseat(table.id, 4, "student")
    with pytest.raises(StoreError, match="seats"):
        store.reseat(table.id, 1, "mcts:0")
    again = store.restart_table(table.id)
    assert again.id != table.id and again.version == 0 and store.moves(again.id) == []
    assert [s.kind for s in again.seats] == [s.kind for s in info.seats]
    assert store.find_code(info.seats[2].code) == (again.id, 2), "the codes follow the restarted table"
    with pytest.raises(StoreError):
        store.table(table.id)
    store.delete_table(again.id)
    assert store.tables() == [] and store.moves(again.id) == []
    with pytest.raises(StoreError):
        store.delete_table(again.id)
