"""What a teacher noticed first: names that read right, scales that agree, one title, clean notebooks."""
from __future__ import annotations

import json
import re
from pathlib import Path

import ccg
from ccg.agents.base import make_agent
from ccg.games.co2.hooks import GAUGE_TOP, gauge_top
from ccg.ui import Table

ROOT = Path(__file__).resolve().parents[2]


def test_seat_menus_and_the_status_name_agents_not_their_repr():
    bot = make_agent("strategist:cooperation=0.8", 1)
    t = Table("co2", seats=["human", bot, "random", "random"], seed=11)
    labels = [label for box in t.seat_boxes for label, _ in box.options]
    assert not [x for x in labels if "Agent(" in x or "object at" in x], labels
    assert t.seat_kind(1) == bot.label == "strategist(cooperation=0.8)"


def test_catan_names_its_pieces_and_the_desert_spring_and_frames_the_island():
    s = ccg.new_game("catan", players=4, seed=1, scenario="oil_springs")
    for _ in range(40):
        s.apply(s.legal_actions()[0])
    fig = ccg.plot.board(s)
    names = [t.name for t in fig.data if t.name]
    assert not [n for n in names if re.search(r"citys|metropoliss|settlementss", n)], names
    board = s.board
    labels = next(t for t in fig.data if t.uid == "catan-terrain-names").text
    desert_springs = [h for h in range(board.n_hex) if board.spring[h] and board.terrain[h] >= 5]
    assert desert_springs and all(labels[h].lower().startswith("desert") for h in desert_springs)
    sea = [sh for sh in fig.layout.shapes if sh.fillcolor == "#9fcbe8"]
    assert fig.layout.plot_bgcolor == "white" and len(sea) == 1  # the sea is a frame round the island only
    xs = [x for t in fig.data if t.uid and t.uid.startswith("catan-terrain-") and t.x for x in t.x if x is not None]
    assert sea[0].x1 - sea[0].x0 < 1.6 * (max(xs) - min(xs))


def test_chicago_express_keys_its_hex_labels():
    fig = ccg.plot.board(ccg.new_game("chicago_express", players=4, seed=1))
    title = fig.layout.title.text
    for part in ("−3</b> build cost", "+2</b> income", "⌂1</b> more income once a house"):
        assert part in title, part


def test_the_classroom_gauge_and_the_board_share_one_scale():
    """CO2's ``SPEC.gauge`` (the classroom's bar) and its board drawing read one scale (``gauge_top``)."""
    from ccg.classroom.views import seat_view

    state = ccg.new_game("co2", players=4, seed=1)
    gauge = seat_view(state, 0).gauge
    assert gauge["maximum"] == GAUGE_TOP == gauge_top(state.ppm) and gauge["value"] == state.ppm
    assert gauge_top(640) == 700 and gauge_top(0) == GAUGE_TOP  # past the top, the next hundred, as the board


def test_the_what_if_lab_shows_its_title_once_and_no_notebook_opens_with_a_test_marker():
    nb = json.loads((ROOT / "widgets" / "what_if_lab.ipynb").read_text())
    text = "".join("".join(c["source"]) for c in nb["cells"])
    assert "What-if lab" not in "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert text.count('title="What-if lab"') == 1
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in json.loads(path.read_text())["cells"]:
            assert not "".join(cell["source"]).startswith("# NBVAL"), path.name  # a tag, not a comment readers see


def test_delete_sits_apart_from_promote_and_the_status_counts_positions_in_good_english():
    t = Table("co2", seats=["human", "random", "random", "random"], seed=1, autoplay=False)
    rows = [child for child in t.history_tab.box.children if hasattr(child, "children")]
    with_promote = next(r for r in rows if t.promote_button in r.children)
    assert t.delete_button not in with_promote.children
    assert "1 position in the tree" in t.status.value
    t.play(t.shown_actions()[0])
    assert "2 positions in the tree" in t.status.value
