"""The What-if tab in an event loop (as in a kernel): the chart is redrawn as games finish, the ± target
ends the run, Stop keeps the games played, and the CSV link carries readable column names."""
from __future__ import annotations

import asyncio
import base64
import re

import pandas as pd
import ui_toy_plot

from ccg.ui import Table
from ccg.ui import whatif_panel as panel_module
from ccg.ui.whatif import outcome_figure, what_if

ui_toy_plot.install()

RANDOM = ["random", "random"]


def watched_table(monkeypatch, games: int, precision: float) -> tuple[Table, list[str]]:
    """A table whose What-if chart records every title it is sent (redrawn on every report)."""
    monkeypatch.setattr(panel_module, "REDRAW_S", 0.0)
    t = Table("toy_where", seats=["human", "human"], seed=3)
    tab = t.whatif_tab
    tab.wi_games.value, tab.wi_precision.value = games, precision
    for box in tab.wi_agents:
        box.value = "random"
    titles: list[str] = []
    show = tab.wi_slot.show
    tab.wi_slot.show = lambda fig: (titles.append(fig.layout.title.text), show(fig))[1]
    return t, titles


def run_in_loop(t: Table, stop_after: int | None = None) -> None:
    tab = t.whatif_tab

    async def main() -> None:
        t.start_what_if()
        assert tab._task is not None
        while stop_after is not None and not tab._task.done():
            if tab._run is not None and tab._run.progress[0].rows and len(tab._run.progress[0].rows) >= stop_after:
                t.stop_what_if()
                break
            await asyncio.sleep(0.01)
        await tab._task

    asyncio.run(main())


def games_in(title: str) -> int:
    return int(re.search(r"\((\d+) games?", title).group(1))  # "(1 game so far", "(12 games so far"


def test_the_chart_is_redrawn_with_the_games_so_far_before_the_run_ends(monkeypatch):
    t, titles = watched_table(monkeypatch, 30, 0.0)
    run_in_loop(t)
    running = [x for x in titles if "so far" in x]
    assert running, titles
    counts = [games_in(x) for x in running]
    assert counts == sorted(counts) and counts[0] < 30 and len(set(counts)) > 1
    assert games_in(titles[-1]) == 30 and "so far" not in titles[-1]
    assert t.wi_note.value == "30 of 30 games" and not t.wi_button.disabled and t.wi_stop_button.disabled
    df = what_if(t.state, 30, agents=RANDOM, seed=3, seat=t.view_seat)
    assert t.last_what_if.equals(df)
    assert t.wi_chart.figure.data[0].y == outcome_figure(df, 2, headline=t.view_seat).data[0].y


def test_the_chart_names_outcomes_in_words():
    import ccg

    df = what_if(ccg.new_game("co2", players=2, seed=1), 3, agents=["random"] * 2, seed=1)
    fig = outcome_figure(df, 2, game="co2")
    flags = next(tr for tr in fig.data if tr.uid == "ccg-whatif-flags")
    assert "planet lost" in flags.x and "planet_lost" not in flags.x
    assert any(a.text == "CO2 at the end (ppm) (games)" for a in fig.layout.annotations)


def test_the_run_ends_once_the_interval_is_as_narrow_as_asked(monkeypatch):
    t, _ = watched_table(monkeypatch, 400, 0.15)
    run_in_loop(t)
    df = t.last_what_if
    assert df.attrs["stopped_by"] == "precision" and len(df) < 400
    assert t.wi_note.value == f"{len(df)} of 400 games (±0.15 reached)"
    assert df.equals(what_if(t.state, 400, agents=RANDOM, seed=3, seat=t.view_seat, precision=0.15))
    assert df.attrs["estimate"].headline_half_width() <= 0.15


def test_stop_keeps_the_games_finished(monkeypatch):
    t, _ = watched_table(monkeypatch, 5000, 0.0)
    run_in_loop(t, stop_after=3)
    df = t.last_what_if
    assert 3 <= len(df) < 5000 and t.wi_note.value == f"{len(df)} of 5000 games (stopped)"
    assert list(df.game) == list(range(len(df)))  # the first games, in order: a stopped run equals a shorter one
    assert df.equals(what_if(t.state, len(df), agents=RANDOM, seed=3, seat=t.view_seat))


def test_the_csv_link_has_readable_columns(monkeypatch):
    t, _ = watched_table(monkeypatch, 12, 0.0)
    t.run_what_if()
    link = t.wi_download.value
    assert "download='what-if-toy_where-move-0-seed-3.csv'" in link
    text = base64.b64decode(re.search(r"base64,([A-Za-z0-9+/=]+)'", link).group(1)).decode()
    header = text.splitlines()[0].split(",")
    assert "score: seat 0" in header and "moves played" in header and "score_0" not in header
    assert len(text.splitlines()) == 13
    assert pd.read_csv(__import__("io").StringIO(text))["score: seat 1"].tolist() == t.last_what_if.score_1.tolist()


def test_in_a_kernel_opening_the_tab_starts_the_warm_pool(monkeypatch):
    started = []
    monkeypatch.setattr(panel_module, "in_kernel", lambda: True)
    monkeypatch.setattr(panel_module.warm, "warm_up", lambda: started.append(1))
    t = Table("toy_where", seats=["human", "human"], seed=3)
    assert t.whatif_tab.backend == "processes" and started == []  # not for every table made
    t.tabs.selected_index = t.tab_titles.index("History")
    assert started == []
    t.tabs.selected_index = t.tab_titles.index("What if?")
    assert started == [1]


def test_in_a_kernel_run_what_if_uses_the_pool_and_gives_the_same_games(monkeypatch):
    t = Table("toy_where", seats=["human", "human"], seed=3)
    here = t.run_what_if(8, agents=RANDOM, seed=5)
    t.whatif_tab.backend = "processes"  # as in a kernel
    calls = []
    real = panel_module.what_if
    monkeypatch.setattr(panel_module, "what_if", lambda *a, **k: (calls.append(k.get("backend")), real(*a, **k))[1])
    pooled = t.run_what_if(8, agents=RANDOM, seed=5)
    assert calls == ["processes"] and pooled.equals(here)
