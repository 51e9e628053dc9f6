"""A classroom app: choose seats (humans, bots fill the rest), play at one table, watch a gauge.

Served by Voila from ``widgets/``; the app notebook only configures it, e.g. for CO2::

    Classroom("co2", max_seats=5, gauge=Gauge("ppm", maximum=500, danger=350, title="CO₂ (ppm)"))

The gauge reads a number through the protocol: ``SPEC.trajectory(state)`` if it has the field,
else the top-level field of the position's data (``state.to_dict()["state"]``).
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W
import plotly.graph_objects as go

from ..core.registry import get_spec
from ..core.state import GameState
from .table import HUMAN, Table, agent_names


class Gauge:
    """A Plotly gauge of one number of the position (redrawn in place)."""

    def __init__(self, field: str, maximum: float, danger: float | None = None, minimum: float = 0.0,
                 title: str | None = None, height: int = 260) -> None:
        self.field = field
        self.minimum, self.maximum = minimum, maximum
        self.danger = danger
        steps = [dict(range=[minimum, danger if danger is not None else maximum], color="#d9f0d3")]
        if danger is not None:
            steps.append(dict(range=[danger, maximum], color="#fdd0a2"))
        self.widget = go.FigureWidget(go.Figure(go.Indicator(
            mode="gauge+number", value=minimum, title=dict(text=title or field),
            gauge=dict(axis=dict(range=[minimum, maximum]), bar=dict(color="#444"), steps=steps,
                       threshold=dict(line=dict(color="#d62728", width=5), thickness=0.9, value=maximum)),
        )))
        self.widget.update_layout(height=height, margin=dict(l=30, r=30, t=50, b=10))
        self.box = W.Box([self.widget]).add_class("ccg-gauge")  # never add_class on a FigureWidget

    def value(self, state: GameState) -> float | None:
        spec = get_spec(state.game)
        if spec.trajectory is not None:
            try:
                data = spec.trajectory(state)
            except Exception:  # a trajectory hook may need a finished game; fall back to the position data
                data = None
            if isinstance(data, dict) and isinstance(data.get(self.field), (int, float)):
                return float(data[self.field])
        value = state.to_dict()["state"].get(self.field)
        return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None

    def update(self, state: GameState) -> None:
        value = self.value(state)
        with self.widget.batch_update():
            self.widget.data[0].value = value if value is not None else self.minimum


class Classroom:
    """Seat set-up, a Table (bots fill empty seats) and an optional gauge, in one widget.

    A game starts at once with seat 0 human and bots elsewhere, so the app is playable on load;
    "New game" restarts with the chosen seats, player count and seed.
    """

    def __init__(self, game: str, max_seats: int = 5, players: int | None = None, humans: int = 1,
                 bot: str = "random", seed: int = 1, gauge: Gauge | None = None, title: str | None = None,
                 **options: Any) -> None:
        spec = get_spec(game)
        self.game, self.options, self.bot, self.gauge = game, options, bot, gauge
        hi = min(spec.max_players, max_seats)
        players = min(max(players or spec.default_players, spec.min_players), hi)
        self.players = W.IntSlider(value=players, min=spec.min_players, max=hi, description="players")
        self.seed = W.IntText(value=seed, description="seed", layout=W.Layout(width="180px"))
        choices = [HUMAN, *agent_names()]
        self.seat_boxes = [W.Dropdown(options=choices, value=HUMAN if p < humans else bot, description=f"seat {p}",
                                      layout=W.Layout(width="200px")) for p in range(hi)]
        self.start_button = W.Button(description="New game", button_style="success").add_class("ccg-new-game")
        self.start_button.on_click(lambda _: self.start())
        self.players.observe(lambda _: self._show_seats(), "value")
        setup = W.VBox([W.HBox([self.players, self.seed, self.start_button]), W.HBox(self.seat_boxes)])
        self.area = W.Box()
        head = W.HTML(f"<h2>{title or spec.title}</h2>")
        parts = [head, setup] + ([gauge.box] if gauge is not None else []) + [self.area]
        self.widget = W.VBox(parts).add_class("ccg-classroom")
        self._show_seats()
        self.table: Table | None = None
        self.start()

    def seats(self) -> list[str]:
        return [b.value for b in self.seat_boxes[: self.players.value]]

    def start(self) -> Table:
        """Start a new game with the chosen seats; returns its Table."""
        self.table = Table(self.game, seats=self.seats(), seed=self.seed.value, **self.options)
        if self.gauge is not None:
            self.table.on_change(self.gauge.update)
        self.area.children = [self.table.widget]
        return self.table

    def _show_seats(self) -> None:
        for p, box in enumerate(self.seat_boxes):
            box.layout.display = "" if p < self.players.value else "none"

    def _repr_mimebundle_(self, **kwargs: Any):
        return self.widget._repr_mimebundle_(**kwargs)
