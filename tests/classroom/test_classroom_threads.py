"""The server's worker threads draw boards while another thread loads the debrief (and with it pandas).

plotly reads ``sys.modules["pandas"]`` without importing it; a board drawn while pandas is half imported
failed with "partially initialized module 'pandas'" (a CI run's server log). The race needs a fresh
interpreter, so it runs in a subprocess: one thread draws CO2 boards without pause while the main thread
imports the debrief module, as a teacher's debrief request does in the server.
"""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap

RACE = textwrap.dedent("""
    import json, sys, threading, time
    import ccg
    import ccg.classroom.web  # what `ccg classroom serve` loads before its threads start
    from ccg.plot import board

    state = ccg.new_game("co2", seed=1)
    errors, drawn, stop = [], [0], threading.Event()

    def draw():
        while not stop.is_set():
            try:
                board(state, None).to_plotly_json()
            except Exception as exc:
                errors.append(repr(exc))
                return
            drawn[0] += 1

    def wait_for(boards):  # drawn boards, not a fixed pause: a busy machine draws slowly
        deadline = time.monotonic() + 120
        while drawn[0] < boards and not errors and time.monotonic() < deadline:
            time.sleep(0.01)

    thread = threading.Thread(target=draw)
    thread.start()
    wait_for(1)
    before = drawn[0]
    from ccg.classroom import debrief  # noqa: F401  (the teacher's debrief: pandas and its figures)
    wait_for(before + 1)
    stop.set()
    thread.join()
    print(json.dumps({"errors": errors, "drawn": drawn[0]}))
""")


def test_boards_drawn_while_the_debrief_loads_do_not_fail():
    out = subprocess.run([sys.executable, "-c", RACE], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["errors"] == []
    assert result["drawn"] >= 2  # the drawing thread ran before and after the import
