"""A classroom app: choose seats (humans, bots fill the rest), play at one table, watch a gauge.

Served by Voila from ``widgets/``; the app notebook only configures it, e.g. for CO2::

    Classroom("co2", max_seats=5, gauge=Gauge("ppm", maximum=550, danger=350, limit=500, title="CO₂ (ppm)"))

The gauge reads a number through the protocol: ``SPEC.trajectory(state)`` if it has the field,
else the top-level field of the position's data (``state.to_dict()["state"]``). Shown for a seat
(as in the classroom), it reads only that seat's observation in a game with hidden information.

What the app exposes: the seat views of the human seats chosen at "New game" (boards, player
tables, what-if charts and the seat's position string, all built from ``observation(seat)``); the
table runs in student mode (no referee view, no full position string, seats fixed once the game
starts). A teacher who wants the referee view uses ``ccg.ui.Table(..., teacher=True)`` in a notebook.
"""
from __future__ import annotations

from typing import Any

import ipywidgets as W
import html

from ..core.registry import get_spec
from ..core.state import GameState
from .table import HUMAN, Table, agent_names


class Gauge:
    """A large gauge of one number of the position: the value, and a bar with a safe, a danger and a lost zone.

    Drawn as HTML (one ipywidgets.HTML updated in place): a Plotly Indicator FigureWidget
    next to the board stopped the board's in-place redraws in Voila (seen with plotly 7.1).
    """

    def __init__(self, field: str, maximum: float, danger: float | None = None, minimum: float = 0.0,
                 title: str | None = None, limit: float | None = None, height: int = 110) -> None:
        self.field = field
        self.minimum, self.maximum = float(minimum), float(maximum)
        self.danger = danger
        self.limit = limit
        self.title = title or field
        self.height = height
        self.html = W.HTML()
        self.box = W.Box([self.html]).add_class("ccg-gauge")
        self.widget = self.box
        self._draw(None)

    def value(self, state: GameState, seat: int | None = None) -> float | None:
        """The number to show; with ``seat``, read from what that seat may see (hidden VP stay hidden)."""
        if seat is not None and state.hidden_information and not state.is_terminal():
            value = state.observation(seat)["state"].get(self.field)
            return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None
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

    def _pct(self, v: float) -> float:
        span = self.maximum - self.minimum or 1.0
        return max(0.0, min(100.0, 100.0 * (v - self.minimum) / span))

    def _draw(self, value: float | None) -> None:
        d = self._pct(self.danger) if self.danger is not None else 100.0
        lost = self._pct(self.limit) if self.limit is not None else 100.0
        zones = (f"linear-gradient(90deg, #b7e1a1 0%, #b7e1a1 {d}%, #fdd49e {d}%, #fdd49e {lost}%, "
                 f"#f4a582 {lost}%, #f4a582 100%)")
        pos = self._pct(value) if value is not None else 0.0
        shown = "–" if value is None else f"{value:g}"
        color = "#2b7a0b" if value is None or pos < d else ("#b35806" if pos < lost else "#b2182b")
        marks = "".join(
            f"<div style='position:absolute;left:{self._pct(m)}%;top:0;bottom:0;border-left:3px solid {c}'></div>"
            for m, c in ((self.danger, "#e08214"), (self.limit, "#b2182b")) if m is not None)
        self.html.value = (
            f"<div class='ccg-gauge-body' style='font-family:sans-serif;padding:6px 12px'>"
            f"<div style='font-size:16px'>{html.escape(self.title)}</div>"
            f"<div class='ccg-gauge-value' style='font-size:44px;font-weight:bold;color:{color}'>{shown}</div>"
            f"<div style='position:relative;height:26px;width:560px;border-radius:4px;background:{zones}'>{marks}"
            f"<div style='position:absolute;left:{pos}%;top:-6px;bottom:-6px;width:6px;margin-left:-3px;"
            f"background:#222;border-radius:3px'></div></div>"
            f"<div style='width:560px;display:flex;justify-content:space-between;font-size:12px'>"
            f"<span>{self.minimum:g}</span><span>{self.maximum:g}</span></div></div>")

    def update(self, state: GameState, seat: int | None = None) -> None:
        self._draw(self.value(state, seat))


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
        table = self.table = Table(self.game, seats=self.seats(), seed=self.seed.value, teacher=False, **self.options)
        if self.gauge is not None:
            self.table.on_change(lambda state: self.gauge.update(state, table.view_seat))
        self.area.children = [self.table.widget]
        return self.table

    def _show_seats(self) -> None:
        for p, box in enumerate(self.seat_boxes):
            box.layout.display = "" if p < self.players.value else "none"

    def _repr_mimebundle_(self, **kwargs: Any):
        return self.widget._repr_mimebundle_(**kwargs)
