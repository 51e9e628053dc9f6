"""Board clicks: the CO2 view's points carry the locations of Action.where (ccg.ui.board convention)."""
from __future__ import annotations

import ccg
import ccg.plot
from ccg.core import Rng
from ccg.ui.board import location_of

# player-table and card items (annotations or off-board), not points of the board
TABLE_ONLY = {"auction", "coins", "goal", "hand", "lobby", "resources", "start_player", "un", "vp"}


def test_every_board_location_of_an_action_is_clickable():
    s = ccg.new_game("co2", players=4, seed=3)
    r = Rng(3)
    seen = 0
    for _ in range(60):
        if s.is_terminal():
            break
        fig = ccg.plot.board(s)
        clickable = {location_of(t, i) for t in fig.data if t.customdata is not None for i in range(len(t.customdata))}
        legal = s.legal_actions()
        for a in legal:
            missing = set(a.where) - clickable - TABLE_ONLY
            assert not missing, (str(a), missing)
            seen += len(a.where)
        s.apply(legal[r.below(len(legal))])
    assert seen > 50


def test_gauge_marks_both_thresholds():
    s = ccg.new_game("co2", players=4, seed=3)
    text = " ".join(a.text for a in ccg.plot.board(s).layout.annotations)
    assert f"<b>{s.rules['ppm.catastrophe']}</b><br>catastrophes" in text
    assert f"<b>{s.rules['ppm.lose']}</b><br>planet lost" in text
