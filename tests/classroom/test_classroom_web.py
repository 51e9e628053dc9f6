"""The classroom web application through its own websocket protocol: join, play, secrets, the dashboard, hygiene."""
from __future__ import annotations

import json
import re

import httpx
import plotly.io
import pytest
import sqlalchemy as sa
from classroom_server import Page, served, teacher_cookie
from websockets.exceptions import InvalidStatus

from ccg.classroom import LiveTable, open_store
from ccg.classroom.hub import POSITION_CHANGED, RECONNECTING
from ccg.classroom.student import seat_page
from ccg.classroom.web import COOKIE, JOIN_TRIES


@pytest.fixture
def lesson(tmp_path):
    store = open_store(tmp_path / "lesson")
    table = store.create_table("co2", ["student", "student", "random", "random"], seed=1, lesson="7B")
    yield store, table
    store.close()


def _expected(store, tid, seat) -> dict:
    """The page the seat must be sent: ``seat_page`` of the stored game (JSON as sent)."""
    live = LiveTable(store, tid)
    page = seat_page(live.state, seat, seats=live.info.seats, table=live.info.name, paused=live.paused,
                     moves=live.moves)
    return json.loads(plotly.io.json.to_json_plotly(page))


def test_a_student_page_is_exactly_the_seats_view_and_follows_every_move(lesson):
    """Secrets belong to their seat: what a seat's socket gets is ``seat_page(state, seat)`` (observation and
    ``ccg.plot.board(state, seat)``), and every device at the table gets the new page after a move."""
    store, table = lesson
    live = LiveTable(store, table.id)
    mover = live.state.current_player
    other = 1 - mover
    with served(store) as base, Page(base) as a, Page(base) as b, Page(base) as twin:
        pa = a.join(table.seats[mover].code, "Ann")
        pb = b.join(table.seats[other].code)
        twin.join(table.seats[mover].code)
        for client, got, seat in ((a, pa, mover), (b, pb, other)):
            want = _expected(store, table.id, seat)
            board = want.pop("board")
            assert {k: got[k] for k in want} == want
            drawn = client.kind("board")
            assert drawn["board"] == board and drawn["version"] == got["version"], "ccg.plot.board(state, seat)"
            assert f"card {live.state.goal[seat]}:" in got["secrets"]
            assert f"card {live.state.goal[1 - seat]}:" not in json.dumps(got)
        assert store.table(table.id).seats[mover].name == "Ann"
        assert pa["your_turn"] and pa["actions"] and not pb["actions"]
        a.send(type="play", action=pa["actions"][0][0], seen=pa["version"])
        assert a.kind("said")["text"].startswith("You played")
        for page in (a, b, twin):
            assert page.page(version=1)["version"] == 1
        assert store.table(table.id).version == 1
        # the twin's click was made on the position before: refused, nothing played
        twin.send(type="play", action=pa["actions"][0][0], seen=0)
        assert twin.kind("said")["text"] == "⚠ " + POSITION_CHANGED
        assert store.table(table.id).version == 1


def test_two_devices_of_one_seat_clicking_at_once_give_one_move(lesson):
    store, table = lesson
    mover = LiveTable(store, table.id).state.current_player
    with served(store) as base, Page(base) as a, Page(base) as b:
        pa, pb = a.join(table.seats[mover].code), b.join(table.seats[mover].code)
        a.send(type="play", action=pa["actions"][0][0], seen=0)
        b.send(type="play", action=pb["actions"][-1][0], seen=0)
        notes = [a.kind("said")["text"], b.kind("said")["text"]]
        assert sum(n.startswith("You played") for n in notes) == 1, notes
        assert store.table(table.id).version == 1 and len(store.moves(table.id)) == 1


def test_bad_codes_and_names_are_refused_and_join_attempts_are_limited(lesson):
    store, table = lesson
    with served(store) as base, Page(base) as p:
        p.send(type="join", code="NOPE99")
        assert "no seat has the code" in p.kind("join-error")["text"]
        p.send(type="join", code=table.seats[0].code, name="\u202eTeacher\u202c")
        assert "direction characters are not allowed" in p.kind("join-error")["text"]
        p.send(type="join", code=table.seats[0].code, name="x" * 41)
        assert "at most 40 characters" in p.kind("join-error")["text"]
        assert store.table(table.id).seats[0].name == ""
        p.join(table.seats[0].code, "Ｂｅｎ")  # full-width letters: NFKC makes them plain
        assert store.table(table.id).seats[0].name == "Ben"
        for _ in range(JOIN_TRIES):
            p.send(type="join", code="WRONG2")
            p.kind("join-error")
        p.send(type="join", code=table.seats[1].code)  # even the right code waits now
        assert "Too many wrong codes" in p.kind("join-error")["text"]
        p.send(type="nonsense")
        p.ws.send("not json")
        assert "should not" in p.kind("said")["text"]


def test_pages_carry_the_security_headers_and_load_nothing_from_outside(lesson):
    store, _ = lesson
    with served(store) as base:
        for path in ("/", "/static/classroom.js", "/static/plotly.min.js", "/teacher", "/nowhere"):
            r = httpx.get(base + path)
            csp = r.headers["content-security-policy"]
            assert "default-src 'self'" in csp and "script-src 'self';" in csp and "http" not in csp, path
            assert r.headers["referrer-policy"] == "no-referrer"
        for path in ("/", "/static/classroom.js"):
            text = httpx.get(base + path).text
            assert not re.search(r"(src|href)=['\"](https?:)?//", text), "no outside origin"
            assert "fontawesome" not in text.lower() and "cdn" not in text.lower()
        js = httpx.get(base + "/static/plotly.min.js")
        assert js.status_code == 200 and len(js.content) > 1_000_000 and b"plotly" in js.content[:2000].lower()
        assert httpx.get(base + "/static/..%2Fstore.py").status_code == 404


def test_the_teachers_key_becomes_a_strict_cookie_and_leaves_the_address(lesson):
    store, table = lesson
    key = store.teacher_key()
    with served(store) as base:
        assert httpx.get(base + "/teacher").status_code == 403
        bad = httpx.get(base + "/teacher", params={"key": "wrong"}, follow_redirects=False)
        assert bad.status_code == 403 and "set-cookie" not in bad.headers
        r = httpx.get(base + "/teacher", params={"key": key}, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/teacher", "the key leaves the address bar"
        cookie = r.headers["set-cookie"]
        assert cookie.startswith(COOKIE + "=") and key not in cookie
        assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower()
        jar = cookie.split(";", 1)[0]
        assert "Teacher's dashboard" in httpx.get(base + "/teacher", headers={"Cookie": jar}).text
        with pytest.raises(InvalidStatus):  # no cookie: the dashboard's socket is refused
            Page(base, "/ws/teacher").kind("overview", wait=5)
        with pytest.raises(InvalidStatus):  # another site's page with the cookie: refused too
            Page(base, "/ws/teacher", cookie=jar, origin="http://evil.example").kind("overview", wait=5)
        with Page(base, "/ws/teacher", cookie=jar) as t:
            first = t.kind("overview")
            assert "Table 1" in first["html"] and first["codes"] is None
            assert table.seats[0].code not in json.dumps(first), "join codes stay hidden until asked for"
            t.send(type="codes", show=True)
            shown = t.until(lambda m: m.get("type") == "overview" and m["codes"])
            assert table.seats[0].code in shown["codes"] and f"{base}/#{table.seats[0].code}" in shown["codes"]
        printed = httpx.get(base + "/teacher/print", params={"lesson": "7B"}, headers={"Cookie": jar})
        assert "role-cards.html" in printed.text
        assert httpx.get(base + "/teacher/print", params={"lesson": "7B"}).status_code == 403


@pytest.mark.parametrize("spec", ["mcts:-1", "mcts:0", "mcts:nosuch=1", "greedy:depth=abc", "mcts:seconds=-1"])
def test_a_bad_bot_spec_is_refused_on_the_dashboard_and_nothing_is_stored(lesson, spec):
    store, _ = lesson
    with served(store) as base, Page(base, "/ws/teacher", cookie=teacher_cookie(base, store.teacher_key())) as t:
        t.kind("overview")
        t.send(type="create", game="co2", tables=2, players=4, students=2, bot=spec, lesson="8A")
        note = t.kind("said")
        assert note["error"] and "seats[2]" in note["text"], note
        assert store.tables(lesson="8A") == []


def test_the_teacher_creates_pauses_reseats_restarts_and_deletes_tables(lesson):
    store, table = lesson
    with served(store) as base, Page(base, "/ws/teacher", cookie=teacher_cookie(base, store.teacher_key())) as t, \
            Page(base) as student:
        t.kind("overview")
        t.send(type="create", game="co2", tables=2, seats="student, greedy, student, random", seed=5, lesson="8A",
               rules="ppm.lose=450")
        assert "created 2 tables" in t.kind("said")["text"]
        made = store.tables(lesson="8A")
        assert [s.kind for s in made[0].seats] == ["student", "greedy", "student", "random"]
        assert made[0].options["rules"]["ppm.lose"] == 450
        t.send(type="create", game="co2", tables=1, seats="student, student", rules="ppm.nothing=1", lesson="8B")
        assert "ppm.nothing" in t.kind("said")["text"] and store.tables(lesson="8B") == []

        student.join(table.seats[0].code)
        t.send(type="pause", paused=True, table=table.id)
        assert "paused 1 table" in t.kind("said")["text"] and store.table(table.id).paused
        assert student.until(lambda m: m.get("type") == "page" and m["paused"])["actions"] == []
        t.send(type="pause", paused=False, lesson="7B")
        assert "resumed 1 table" in t.kind("said")["text"]

        t.send(type="reseat", table=table.id, seat=1, kind="mcts:0")
        assert "seats[1]" in t.kind("said")["text"] and store.table(table.id).seats[1].is_student
        t.send(type="reseat", table=table.id, seat=1, kind="greedy")
        assert "bot greedy" in t.kind("said")["text"] and store.table(table.id).seats[1].kind == "greedy"

        live = LiveTable(store, table.id)
        live.play(live.state.current_player, live.state.legal_actions()[0]) if live.state.current_player == 0 else None
        t.send(type="restart", table=table.id)
        assert "starts again" in t.kind("said")["text"]
        new = [x for x in store.tables(lesson="7B")]
        assert len(new) == 1 and new[0].id != table.id and new[0].version == 0
        assert new[0].seats[0].code == table.seats[0].code, "the students keep their codes"
        moved = student.until(lambda m: m.get("type") == "page" and m["table"] == new[0].id)
        assert moved["version"] == 0, "the student's page follows the restarted table"

        t.send(type="delete", table=new[0].id)
        assert "deleted" in t.kind("said")["text"] and store.tables(lesson="7B") == []
        assert "closed" in student.kind("left")["text"]
        t.send(type="delete", table=new[0].id)
        assert "no table with id" in t.kind("said")["text"]


def test_store_errors_show_reconnecting_and_clear_by_themselves(lesson, monkeypatch):
    """No raw database error reaches a page: the store failing shows "reconnecting…", which clears when it is back."""
    store, table = lesson
    real = store.versions
    broken = {"now": False}

    def versions(*args, **kwargs):
        if broken["now"]:
            raise sa.exc.OperationalError("SELECT secret_sql FROM /srv/path", {}, Exception("connection failed: "
                                                                                            "port 5432"))
        return real(*args, **kwargs)

    monkeypatch.setattr(store, "versions", versions)
    with served(store) as base, Page(base) as p, \
            Page(base, "/ws/teacher", cookie=teacher_cookie(base, store.teacher_key())) as t:
        p.join(table.seats[0].code)
        t.kind("overview")
        broken["now"] = True
        for page in (p, t):
            msg = page.until(lambda m: m.get("type") == "status")
            assert msg["store"] == "reconnecting" and msg["text"] == RECONNECTING
        broken["now"] = False
        for page in (p, t):
            assert page.until(lambda m: m.get("type") == "status")["store"] == "ok"
        for page in (p, t):
            text = json.dumps(page.seen)
            for leak in ("OperationalError", "secret_sql", "/srv/path", "5432", "Traceback", "File \""):
                assert leak not in text


def test_a_server_error_reaches_the_browser_as_one_plain_line(lesson, monkeypatch):
    """No traceback, path or raw error text in a response: the server logs it, the browser reads one line."""
    import ccg.classroom.printables as printables

    store, _ = lesson

    def broken(*args, **kwargs):
        raise RuntimeError("cannot open /srv/secret/classroom.sqlite")

    monkeypatch.setattr(printables, "lesson_pages", broken)
    with served(store) as base:
        r = httpx.get(base + "/teacher/print", headers={"Cookie": teacher_cookie(base, store.teacher_key())})
        assert r.status_code == 500 and r.text == "Something went wrong on the server; try again."
        assert r.headers["content-security-policy"] and r.headers["referrer-policy"] == "no-referrer"
