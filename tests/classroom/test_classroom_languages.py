"""The classroom pages in the reader's language: Accept-Language, the switch (remembered in a cookie), the
table's language the teacher sets, ``serve --lang``; everything a page is sent speaks it."""
from __future__ import annotations

import re
import subprocess
import sys

import httpx
import pytest
from classroom_server import Page, served, teacher_cookie

from ccg.classroom import LiveTable, open_store
from ccg.classroom.pages import COOKIE
from ccg.classroom.teacher import create_tables


@pytest.fixture
def lesson(tmp_path):
    store = open_store(tmp_path / "lesson")
    table = store.create_table("co2", ["student", "student", "random", "random"], seed=1, lesson="7B")
    yield store, table
    store.close()


def _html_lang(text: str) -> str:
    return re.search(r'<html lang="([^"]+)"', text).group(1)


def test_the_student_page_follows_the_browser_and_the_switch_wins_and_is_remembered(lesson):
    store, _table = lesson
    with served(store) as base:
        english = httpx.get(base + "/").text
        assert _html_lang(english) == "en" and "Join your table" in english
        czech = httpx.get(base + "/", headers={"Accept-Language": "cs-CZ,cs;q=0.9,en;q=0.5"}).text
        assert _html_lang(czech) == "cs" and "Připoj se ke svému stolu" in czech and "Join your table" not in czech
        chinese = httpx.get(base + "/", headers={"Accept-Language": "zh-TW"}).text
        assert _html_lang(chinese) == "zh-Hant" and "加入你的桌" in chinese
        # the switch: every language offered, each link in its own name; the chosen one is kept in a cookie
        assert all(f"data-lang='{c}'" in czech for c in ("en", "cs", "pl", "zh_Hant")) and "polski" in czech
        r = httpx.get(base + "/?lang=pl", headers={"Accept-Language": "cs"})
        assert _html_lang(r.text) == "pl" and "Dołącz do swojego stołu" in r.text
        assert r.headers["set-cookie"].startswith(f"{COOKIE}=pl")
        again = httpx.get(base + "/", headers={"Accept-Language": "cs", "Cookie": f"{COOKIE}=pl"}).text
        assert _html_lang(again) == "pl" and 'data-lang-chosen="1"' in again
        # an unknown choice is passed over, never an error page
        odd = httpx.get(base + "/?lang=xx", headers={"Accept-Language": "cs"})
        assert odd.status_code == 200 and _html_lang(odd.text) == "cs" and "set-cookie" not in odd.headers


def test_a_seat_page_and_its_answers_speak_the_pages_language(lesson):
    store, table = lesson
    mover = LiveTable(store, table.id).state.current_player
    with served(store) as base, Page(base, "/ws/student?page_lang=cs") as page:
        got = page.join(table.seats[mover].code)
        assert "Jsi na tahu" in got["header"] and "Hraješ za" in got["header"]
        assert "Tvůj cíl společnosti (tajný)" in got["secrets"] and "Tvé karty Lobby (tajné)" in got["secrets"]
        assert "Poslední tahy" in got["log"] and "zatím žádné tahy" in got["log"]
        page.send(type="play", action=got["actions"][0][0], seen=got["version"])
        assert page.kind("said")["text"].startswith("Zahrál jsi")
        assert "Modrý" in got["scores"] or "Fialový" in got["scores"]  # the seats' colours in Czech


def test_the_teacher_sets_a_tables_language_and_its_students_are_sent_it(lesson):
    store, table = lesson
    ids = create_tables(store, {"game": "co2", "tables": 2, "players": 2, "students": 2, "lang": "pl-PL"})
    assert [store.table_language(t) for t in ids] == ["pl", "pl"] and store.table_language(table.id) is None
    assert store.table_languages() == {ids[0]: "pl", ids[1]: "pl"}
    with pytest.raises(Exception, match="language"):
        create_tables(store, {"game": "co2", "tables": 1, "lang": "klingon"})
    assert len(store.tables()) == 3  # the bad form created nothing
    code = store.table(ids[0]).seats[0].code
    with served(store) as base:
        with Page(base, "/ws/student?page_lang=en") as page:
            page.send(type="join", code=code, name=None)
            assert page.kind("joined")["lang"] == "pl"  # the page then reloads itself in Polish
        with Page(base, "/ws/student?page_lang=en") as page:
            page.send(type="join", code=table.seats[0].code, name=None)
            assert page.kind("joined")["lang"] is None
        r = httpx.get(base + "/?table_lang=pl", headers={"Accept-Language": "cs"})
        assert _html_lang(r.text) == "pl" and "set-cookie" not in r.headers  # not a choice of the device
        chosen = httpx.get(base + "/?table_lang=pl", headers={"Cookie": f"{COOKIE}=zh_Hant"}).text
        assert _html_lang(chosen) == "zh-Hant"  # the device's own choice wins
        # the dashboard in Czech, the tables' languages shown in their own names
        jar = teacher_cookie(base, store.teacher_key())
        dash = httpx.get(base + "/teacher", headers={"Cookie": jar, "Accept-Language": "cs"}).text
        assert _html_lang(dash) == "cs" and "Učitelský přehled" in dash and "name=\"lang\"" in dash
        with Page(base, "/ws/teacher?page_lang=cs", cookie=jar, origin=base) as teacher:
            overview = teacher.kind("overview")
            assert "kdo je na tahu" in overview["html"] and "polski" in overview["html"]
            assert overview["bots"] == "vypnuti"
            teacher.send(type="pause", paused=True, table=ids[0])
            assert teacher.kind("said")["text"] == "pozastaven 1 stůl"


def test_serve_refuses_an_unknown_language_with_exit_status_2(tmp_path):
    out = subprocess.run([sys.executable, "-m", "ccg", "classroom", "serve", "--dir", str(tmp_path / "s"),
                          "--lang", "klingon", "--port", "0"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "klingon" in out.stderr and "cs" in out.stderr, out.stderr
