"""The board drawing (``SPEC.plot``): the shared budget, each seat's VP and cards, and the seat's own hand.

Drawn from ``state.observation(seat)`` (``seat=None``: the referee's view of everything), so a seat's board
shows nothing it may not see. The cards of the hand carry their id in ``customdata``, the ``where`` of the
moves that play them: a click on a card narrows the Table's moves to that card.
"""
from __future__ import annotations

import plotly.graph_objects as go

from ccg.core import GameState

from .private import card_text

SEAT_NAMES = ("Amber", "Blue", "Coral", "Green")
SEAT_COLOURS = ("#d89b00", "#2a6fdb", "#e4572e", "#2e8b57")


def board(state: GameState, seat: int | None = None) -> go.Figure:
    data = state.observation(seat)["state"] if seat is not None else state.to_dict()["state"]
    n = state.num_players
    start = state.rules["budget"]  # type: ignore[attr-defined]  # public: the rules of the game
    fig = go.Figure()
    # CB-1.2: the shared budget
    fig.add_trace(go.Bar(x=[max(data["budget"], 0)], y=["budget"], orientation="h", name="carbon budget",
                         marker_color="#4caf50" if data["budget"] > 2 else "#c0392b",
                         hovertext=[f"carbon budget: {data['budget']} units left of {start} (CB-1.2)"],
                         hoverinfo="text", customdata=[None]))
    # CB-3: each seat's VP and what it took from the budget
    names = [SEAT_NAMES[p] for p in range(n)]
    sizes = data["hand_sizes"] if "hand_sizes" in data else [len(h) for h in data["hands"]]
    fig.add_trace(go.Bar(x=data["vp"], y=names, orientation="h", name="VP", marker_color=list(SEAT_COLOURS[:n]),
                         hovertext=[f"{names[p]}: {data['vp'][p]} VP, took {data['emitted'][p]} units, "
                                    f"{sizes[p]} cards in hand" for p in range(n)],
                         hoverinfo="text", customdata=[None] * n))
    hand = data["hands"][seat] if seat is not None else []
    if hand:
        fig.add_trace(go.Scatter(x=list(range(1, len(hand) + 1)), y=["your hand"] * len(hand), mode="markers+text",
                                 text=hand, textposition="middle center", name="your hand",
                                 marker=dict(size=34, symbol="square", color=["#555" if c[0] == "F" else "#8bc34a"
                                                                               for c in hand]),
                                 customdata=hand, hovertext=[card_text(c) for c in hand], hoverinfo="text"))
    status = "everyone loses: the budget ran out" if data["lost"] else (
        "game over" if data["over"] else f"{SEAT_NAMES[data['to_move']]} to play")
    fig.update_layout(title=f"Carbon Budget — round {data['round']}, {status}", width=640, height=360,
                      barmode="overlay", showlegend=False, margin=dict(l=90, r=20, t=50, b=40),
                      xaxis=dict(title="units / VP", range=[0, max([start, 10, *data["vp"]]) + 1]))
    return fig
