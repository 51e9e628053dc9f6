"""Progressive runs: the running estimate, the precision stop, Stop, callbacks, the warm pool, readable CSV."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

import ccg
from ccg.analysis import labels
from ccg.analysis import pool as warm
from ccg.analysis.estimate import MIN_GAMES, RunningEstimate, check_precision
from ccg.analysis.jobs import GameJob, locate_game
from ccg.analysis.progressive import Progressive
from ccg.analysis.stats import wilson
from ccg.ui.whatif import continuations, what_if

RANDOM3 = ["random"] * 3


def first_precise(rows, players, precision, headline=None) -> int:
    """By hand: the first game count (from MIN_GAMES on) whose headline interval is within ± precision."""
    est = RunningEstimate(players, headline)
    for n, row in enumerate(rows, 1):
        est.add(row)
        if n >= MIN_GAMES and est.headline_half_width() <= precision:
            return n
    return len(rows)


def test_a_precision_target_keeps_the_first_games_up_to_the_first_narrow_enough_interval():
    full = ccg.simulate("toy", players=3, n_games=120, seed=5, agents=RANDOM3)
    short = ccg.simulate("toy", players=3, n_games=120, seed=5, agents=RANDOM3, precision=0.12)
    n = first_precise(full.to_dict("records"), 3, 0.12)
    assert MIN_GAMES <= n < 120, "the target must be reachable below the cap for this test to mean anything"
    assert len(short) == n and short.equals(full.head(n))
    assert short.attrs["stopped_by"] == "precision" and full.attrs["stopped_by"] == "cap"


def test_the_headline_may_be_one_seat_or_a_yes_no_outcome():
    full = ccg.simulate("toy", players=3, n_games=150, seed=2, agents=RANDOM3)
    rows = full.to_dict("records")
    seat = ccg.simulate("toy", players=3, n_games=150, seed=2, agents=RANDOM3, precision=0.12, headline=1)
    assert len(seat) == first_precise(rows, 3, 0.12, headline=1)
    with pytest.raises(ValueError, match="headline 'nope' is not a yes/no outcome"):
        ccg.simulate("toy", players=3, n_games=20, seed=2, agents=RANDOM3, precision=0.12, headline="nope")
    with pytest.raises(ValueError, match="headline must be a seat"):
        ccg.simulate("toy", players=3, n_games=20, seed=2, agents=RANDOM3, precision=0.12, headline=3)


@pytest.mark.parametrize("bad", [0, -0.1, 0.6, True, "0.1"])
def test_a_bad_precision_is_refused_before_any_game(bad):
    with pytest.raises(ValueError, match="precision must be a number above 0"):
        ccg.simulate("toy", players=3, n_games=5, agents=RANDOM3, precision=bad)
    with pytest.raises(ValueError, match="precision must be"):
        check_precision(bad)


def test_on_partial_reports_growing_games_and_the_last_report_is_the_result():
    seen = []
    df = ccg.simulate("toy", players=3, n_games=30, seed=1, agents=RANDOM3,
                      on_partial=lambda p: seen.append((p.games, p.finished, p.estimate.games)))
    counts = [g for g, _, _ in seen]
    assert counts == sorted(counts) and len(set(counts)) > 1  # several reports, games only grow
    assert seen[-1] == (30, True, 30) and len(df) == 30
    assert all(g == e for g, _, e in seen)  # the estimate counts exactly the games reported


def test_sweep_stops_each_cell_on_its_own():
    grid = {"rules.target": [5, 9]}
    full = ccg.sweep("toy", grid, n_games=100, seed=3, agents=RANDOM3, players=3, progress=False)
    short = ccg.sweep("toy", grid, n_games=100, seed=3, agents=RANDOM3, players=3, progress=False, precision=0.15)
    for cell in (0, 1):
        rows = full[full.cell == cell].drop(columns=["rules.target", "cell"]).to_dict("records")
        assert (short.cell == cell).sum() == first_precise(rows, 3, 0.15)


def test_stop_keeps_the_games_finished_in_order():
    job = GameJob("toy", 3, {}, tuple(RANDOM3), 4, locate=locate_game("toy"))
    run = Progressive([(job, 50)], "serial", chunk_size=1)
    for _ in range(7):
        run.poll()
    final = run.stop()
    assert final.finished and final.reason == "stopped" and final.games == 7
    assert [r["game"] for r in final.rows] == list(range(7))
    assert final.frame().equals(ccg.simulate("toy", players=3, n_games=7, seed=4, agents=RANDOM3))
    assert run.poll() is not None and run.poll().games == 7  # a stopped run stays stopped


def test_the_thread_and_process_backends_stream_the_same_games():
    job = GameJob("toy", 3, {}, tuple(RANDOM3), 8, locate=locate_game("toy"))
    rows = {}
    for mode in ("serial", "thread", "processes"):
        run = Progressive([(job, 24)], mode, workers=2, chunk_size=2, precision=0.2)
        reports = list(run)
        rows[mode] = reports[-1].rows
        assert reports[-1].finished
    assert rows["serial"] == rows["thread"] == rows["processes"]


def test_what_if_streams_on_the_warm_pool_and_equals_the_serial_run():
    s = ccg.new_game("toy", players=3, seed=1)
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    serial = what_if(s, 12, seed=3, seat=0, agents=RANDOM3)
    pooled = what_if(s, 12, seed=3, seat=0, agents=RANDOM3, backend="processes", workers=2)
    assert pooled.equals(serial) and s.ply == 3 and list(serial.start_ply) == [3] * 12
    reports = []
    short = what_if(s, 60, seed=3, seat=0, agents=RANDOM3, precision=0.15, on_partial=lambda p: reports.append(p.games))
    assert short.equals(what_if(s, len(short), seed=3, seat=0, agents=RANDOM3))  # the first games of the longer run
    assert short.attrs["stopped_by"] in ("precision", "cap") and reports[-1] == len(short)


def test_the_warm_pool_is_made_once_and_reused():
    first = warm.process_pool(2)
    assert warm.pool_ready(2, timeout=120)
    pids = set(first._processes)  # the worker processes (pid -> Process)
    ccg.simulate("toy", players=3, n_games=6, seed=1, agents=RANDOM3, backend="processes", workers=2)
    what_if(ccg.new_game("toy", players=3, seed=1), 4, agents=RANDOM3, backend="processes", workers=2)
    one = warm.process_pool(1)  # another size: its own pool, the first one keeps running
    assert one is not first and one.submit(os.getpid).result() not in pids
    again = warm.process_pool(2)
    assert again is first and set(again._processes) == pids and len(pids) == 2
    assert pids <= set(warm.worker_pids())


def test_the_warm_pool_ends_with_the_interpreter(tmp_path):
    script = tmp_path / "pool_exit.py"
    script.write_text(textwrap.dedent("""
        import os
        from ccg.analysis import pool
        if __name__ == "__main__":
            assert pool.pool_ready(2, timeout=120)
            print(" ".join(str(pool.process_pool(2).submit(os.getpid).result()) for _ in range(4)), flush=True)
    """))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=180,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert out.returncode == 0, out.stderr[-2000:]
    for pid in {int(p) for p in out.stdout.split()}:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            continue
        # a zombie awaiting its parent's reaper is gone too
        with open(f"/proc/{pid}/stat") as f:
            assert f.read().split()[2] == "Z", f"worker {pid} outlived the interpreter"


def test_estimates_count_ties_as_fractions_and_narrow_with_more_games():
    est = RunningEstimate(2)
    est.add({"winners": (0, 1), "lost": False})
    est.add({"winners": (0,), "lost": True})
    est.add({"winners": (), "lost": True})
    wins = est.win_shares()
    assert [w.count for w in wins] == [1.5, 0.5, 1.0]
    assert (wins[0].low, wins[0].high) == wilson(1.5, 3)
    assert [(r.name, r.count, r.games) for r in est.outcome_rates()] == [("lost", 2, 3)]
    wide = est.headline_half_width()
    for _ in range(30):
        est.add({"winners": (0,), "lost": False})
        est.add({"winners": (1,), "lost": False})
    assert est.headline_half_width() < wide


def test_readable_column_names_for_the_csv():
    assert labels.readable_name("score_0", "co2") == "score: seat 0"
    assert labels.readable_name("score_2", "co2", ["Ann", "Bo", "Cy"]) == "score: seat 2 (Cy)"
    assert labels.readable_name("crossed_500", "co2") == "CO2 peak at or above the losing level"
    assert labels.readable_name("plants_reforestation", "co2") == "plants built: reforestation"
    assert labels.readable_name("vp_1", "catan") == "victory points: seat 1"
    assert labels.readable_name("some_new_thing_3", "co2") == "some new thing: seat 3"
    df = ccg.simulate("co2", players=2, n_games=2, seed=1, agents=["random"] * 2)
    text = labels.to_csv(df, "co2")
    header = text.splitlines()[0]
    for raw in ("score_0", "crossed_500", "plants_reforestation", "n_winners"):
        assert raw not in header
    assert "score: seat 0" in header and "planet lost" in header
    assert len(header.split(",")) == len(df.columns)


def test_continuations_check_their_arguments_first():
    s = ccg.new_game("toy", players=3, seed=1)
    with pytest.raises(ValueError, match="agents needs one entry per seat"):
        continuations(s, 5, agents=["random"])
    with pytest.raises(ValueError, match="n_games"):
        continuations(s, -1)
    with pytest.raises(ValueError, match="seed must be a whole number"):
        continuations(s, 5, seed="x")
