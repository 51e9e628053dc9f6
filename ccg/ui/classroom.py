"""A classroom app: choose the game (optionally), the seats (humans, bots fill the rest), play at one table.

Served by Voila from ``widgets/``; the app notebook only configures it, e.g.::

    Classroom(max_seats=5)          # the default lesson's game (ccg.core.teaching.DEFAULT_GAME)

or, for the what-if lab, with a choice of games (a name, or ``(label, game, options)``)::

    Classroom([("CO2", "co2", {}), ("Catan — Oil Springs", "catan", {"scenario": "oil_springs"})], tab="What if?")

What the page shows of the game comes from its ``GameSpec`` (:mod:`ccg.core.teaching`): its gauge
(``SPEC.gauge``, read from what the viewing seat sees), its own line for a finished game (``SPEC.result``),
the title and the seat's role briefing of its lesson (``SPEC.lesson``). ``gauge=Gauge(field, …)`` shows
another number instead: ``SPEC.trajectory(state)`` if it has the field, else the top-level field of the
position's data (``state.to_dict()["state"]``); shown for a seat, it reads only that seat's observation in
a game with hidden information.

What the app exposes: the seat views of the human seats chosen at "New game" (boards, player
tables, what-if charts and the seat's position string, all built from ``observation(seat)``); the
table runs in student mode (no referee view, no full position string, seats fixed once the game
starts). A teacher who wants the referee view uses ``ccg.ui.Table(..., teacher=True)`` in a notebook.
What a student can start is capped: ``max_what_if_games`` games per what-if run (a run blocks
nothing — it can be stopped — but a hundred thousand games would still take hours).
"""
from __future__ import annotations

import html
import importlib
from typing import Any, Sequence

import ipywidgets as W

from ..agents.base import DEFAULT_AGENT, make_agent
from ..agents.levels import level_presets
from ..core.glossary import game_title
from ..core.registry import get_spec
from ..core.state import GameState
from ..core.teaching import DEFAULT_GAME, Lesson, generic_lesson
from ..core.teaching import Gauge as GameGaugeReading
from ..i18n import get_language, gettext, normalize, pgettext
from ..i18n import lang as in_language
from ..plot import seat_names
from .seating import seat_kind_text
from .table import HUMAN, Table, agent_names


class GaugeBar:
    """A large gauge: a title, the value, and a bar with a safe, a danger and a lost zone.

    Drawn as HTML (one ipywidgets.HTML updated in place): a Plotly Indicator FigureWidget
    next to the board stopped the board's in-place redraws in Voila (seen with plotly 7.1).
    """

    def __init__(self, title: str, maximum: float, danger: float | None = None, minimum: float = 0.0,
                 limit: float | None = None, height: int = 110) -> None:
        self.title = title
        self.minimum, self.maximum = float(minimum), float(maximum)
        self.danger = danger
        self.limit = limit
        self.note = ""
        self.height = height
        self.html = W.HTML()
        self.box = W.Box([self.html]).add_class("ccg-gauge")
        self.widget = self.box
        self._draw(None)

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
        title = gettext(self.title)  # a title that is a catalog message ("CO₂ (ppm)") reads in the current language
        color = "#2b7a0b" if value is None or pos < d else ("#b35806" if pos < lost else "#b2182b")
        marks = "".join(
            f"<div style='position:absolute;left:{self._pct(m)}%;top:0;bottom:0;border-left:3px solid {c}'></div>"
            for m, c in ((self.danger, "#e08214"), (self.limit, "#b2182b")) if m is not None)
        note = f" <span style='font-size:12px;color:#555'>{html.escape(self.note)}</span>" if self.note else ""
        self.html.value = (
            f"<div class='ccg-gauge-body' style='font-family:sans-serif;padding:6px 12px'>"
            f"<div style='font-size:16px'>{html.escape(title)}</div>"
            f"<div class='ccg-gauge-value' style='font-size:44px;font-weight:bold;color:{color}'>{shown}</div>"
            f"<div style='position:relative;height:26px;width:560px;border-radius:4px;background:{zones}'>{marks}"
            f"<div style='position:absolute;left:{pos}%;top:-6px;bottom:-6px;width:6px;margin-left:-3px;"
            f"background:#222;border-radius:3px'></div></div>"
            f"<div style='width:560px;display:flex;justify-content:space-between;font-size:12px'>"
            f"<span>{self.minimum:g}</span><span>{self.maximum:g}{note}</span></div></div>")

    def update(self, state: GameState, seat: int | None = None) -> None:
        """Redraw from ``state`` as ``seat`` sees it (None: the referee)."""
        raise NotImplementedError


class Gauge(GaugeBar):
    """A gauge of one number field of the position (instead of the gauge the game declares)."""

    def __init__(self, field: str, maximum: float, danger: float | None = None, minimum: float = 0.0,
                 title: str | None = None, limit: float | None = None, height: int = 110) -> None:
        self.field = field
        super().__init__(title or field, maximum, danger, minimum, limit, height)

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

    def update(self, state: GameState, seat: int | None = None) -> None:
        self._draw(self.value(state, seat))


class GameGauge(GaugeBar):
    """The gauge the game declares (``SPEC.gauge``), read from what ``seat`` sees; hidden while the game (or its
    position: Catan without Oil Springs) has none."""

    def __init__(self, height: int = 110) -> None:
        super().__init__("", maximum=1.0, height=height)
        self.box.layout.display = "none"

    def reading(self, state: GameState, seat: int | None = None) -> GameGaugeReading | None:
        """The game's gauge for ``state`` as ``seat`` sees it, or None."""
        gauge = get_spec(state.game).gauge
        return None if gauge is None else gauge(state, seat)

    def update(self, state: GameState, seat: int | None = None) -> None:
        found = self.reading(state, seat)
        self.box.layout.display = "none" if found is None else None
        if found is None:
            return
        self.title, self.note = found.label, found.note
        self.minimum, self.maximum = 0.0, float(found.maximum)
        self.danger, self.limit = found.danger, found.limit
        self._draw(float(found.value))


GameChoice = tuple[str, str, dict[str, Any]]


def lesson_of(game: str) -> Lesson:
    """The game's lesson (``SPEC.lesson``) in the current language; a generic one for a game without its own."""
    spec = get_spec(game)
    lesson = generic_lesson(spec.title) if spec.lesson is None else importlib.import_module(spec.lesson).LESSON
    if not isinstance(lesson, Lesson):
        raise ValueError(f"{spec.lesson}.LESSON of game {game!r} is not a ccg.core.teaching.Lesson")
    return lesson.translated()


def result_line(state: GameState, seat: int | None) -> str:
    """The game's own sentence for a finished game (``SPEC.result``: "the planet is lost: everyone loses"), or ""."""
    result = get_spec(state.game).result
    return (result(state, seat) or "") if result is not None and state.is_terminal() else ""


def _choices(game: str | Sequence[Any], options: dict[str, Any]) -> list[GameChoice]:
    if isinstance(game, str):
        return [(game_title(game), game, dict(options))]
    if options:
        raise ValueError("game options go inside each (label, game, options) choice when there are several games")
    out: list[GameChoice] = []
    for item in game:
        if isinstance(item, str):
            out.append((game_title(item), item, {}))
        else:
            label, name, opts = item
            get_spec(name)
            out.append((str(label), name, dict(opts)))
    if not out:
        raise ValueError("Classroom needs at least one game")
    return out


class Classroom:
    """Game choice (when several), seat set-up, the game's gauge and lesson, a Table (bots fill empty seats).

    A game starts at once with the first ``humans`` seats human and bots elsewhere, so the app is
    playable on load; ``bot`` is the bots' agent (default the strategist, ``ccg.agents.DEFAULT_AGENT``;
    a level such as ``"strategist:level=2"``, a persona such as ``"strategist:cooperation=0.8"`` or ``"random"``
    by name; the seats' menus offer the levels 1–5); "New game" restarts with the chosen game, seats, player count and seed.
    ``tab`` opens the table on one of its tabs (e.g. "What if?"); ``lang`` is the app's language (default
    ``ccg.i18n``'s current one). ``gauge``: True shows the gauge the game declares (``SPEC.gauge``), a
    :class:`Gauge` another number, False none. The heading is ``title``, else the title of the game's lesson;
    under the gauge the first human seat reads its role briefing (``SPEC.lesson``) and, once the game is
    over, the game's own line for how it ended (``SPEC.result``).
    """

    def __init__(self, game: str | Sequence[Any] = DEFAULT_GAME, max_seats: int = 5, players: int | None = None,
                 humans: int = 1, bot: str = DEFAULT_AGENT, seed: int = 1, gauge: Gauge | bool = True,
                 title: str | None = None, tab: str | None = None, max_what_if_games: int = 200,
                 lang: str | None = None, **options: Any) -> None:
        self.lang = get_language() if lang is None else normalize(lang)
        with in_language(self.lang):
            self._build(game, max_seats, players, humans, bot, seed, gauge, title, tab, max_what_if_games, options)

    def _build(self, game: str | Sequence[Any], max_seats: int, players: int | None, humans: int, bot: str, seed: int,
               gauge: Gauge | bool, title: str | None, tab: str | None, max_what_if_games: int,
               options: dict[str, Any]) -> None:
        self.choices = _choices(game, options)
        if not isinstance(gauge, (bool, Gauge)):
            raise ValueError(f"gauge must be True (the game's own), False or a Gauge, got {gauge!r}")
        self.gauge: GaugeBar | None = GameGauge() if gauge is True else (gauge or None)
        self.tab, self.humans = tab, humans
        self.max_what_if_games = max_what_if_games
        self.max_seats = max_seats
        self.game = W.Dropdown(options=[(label, i) for i, (label, _, _) in enumerate(self.choices)], value=0,
                               description=gettext("game"), layout=W.Layout(width="260px")).add_class("ccg-game")
        self.game.layout.display = "" if len(self.choices) > 1 else "none"
        self.players = W.IntSlider(value=2, min=1, max=2, description=gettext("players")).add_class("ccg-players")
        self.seed = W.IntText(value=seed, description=gettext("seed"), layout=W.Layout(width="180px")).add_class("ccg-seed")
        top = max(min(get_spec(name).max_players, max_seats) for _, name, _ in self.choices)
        if not isinstance(bot, str):
            raise ValueError(f"bot must be an agent name such as 'strategist' or 'random', got {bot!r}")
        make_agent(bot, 0)  # a bad name or persona is a clear error before anything is built
        bot = bot.strip().lower()
        choices = [HUMAN, *agent_names(), *level_presets()]  # the levels a student can choose, 1 easiest
        if bot not in choices:  # a persona by name joins the menu
            choices.append(bot)
        self.bot = bot
        self.seat_boxes = [W.Dropdown(options=[(seat_kind_text(c), c) for c in choices], value=HUMAN if p < humans else bot, description=gettext("seat {seat}").format(seat=p),
                                      layout=W.Layout(width="200px")).add_class("ccg-seat") for p in range(top)]
        self.start_button = W.Button(description=gettext("New game"), button_style="success").add_class("ccg-new-game")
        self.start_button.on_click(lambda _: self.start())
        self.players.observe(lambda _: self._show_seats(), "value")
        self._fit_players(players)
        self.game.observe(lambda _: self._change_game(), "value")
        setup = W.VBox([W.HBox([self.game, self.players, self.seed, self.start_button]),
                        W.HBox(self.seat_boxes, layout=W.Layout(flex_flow="row wrap"))])
        self.area = W.Box(layout=W.Layout(width="100%"))
        head = W.HTML(f"<h2>{html.escape(title or lesson_of(self.choices[0][1]).title)}</h2>")
        self.role = W.HTML().add_class("ccg-role")  # the first human seat's briefing of the game's lesson
        self.result = W.HTML().add_class("ccg-result")  # the game's own line once it is over (SPEC.result)
        parts = [head, setup] + ([self.gauge.box] if self.gauge is not None else []) + [self.result, self.role, self.area]
        self.widget = W.VBox(parts).add_class("ccg-classroom")
        self.table: Table | None = None
        self.start()

    def seats(self) -> list[str]:
        """The seats chosen for the next game (human or an agent name), one per player."""
        return [b.value for b in self.seat_boxes[: self.players.value]]

    def start(self) -> Table:
        """Start a new game with the chosen game, seats and seed; returns its Table."""
        with in_language(self.lang):  # a click on New game comes without the app's language
            return self._start()

    def _start(self) -> Table:
        _, name, options = self.choices[self.game.value]
        old = self.table
        table = self.table = Table(name, seats=self.seats(), seed=self.seed.value, teacher=False,
                                   whatif_limit=self.max_what_if_games, lang=self.lang, **options)
        gauge = self.gauge

        def show(state: GameState) -> None:  # after every redraw, as the seat shown sees it
            if gauge is not None:
                gauge.update(state, table.view_seat)
            line = result_line(state, table.view_seat)
            self.result.value = f"<b>{html.escape(line)}</b>" if line else ""

        self.table.on_change(show)
        self.role.value = self._role_html(name, table.view_seat)
        if self.tab is not None:
            self.table.tabs.selected_index = self.table.tab_titles.index(self.tab)
        self.area.children = [self.table.widget]
        if old is not None:
            old.close()
        return self.table

    def _role_html(self, game: str, seat: int | None) -> str:
        """The lesson's role briefing of ``seat`` (the first human's), folded; "" without a human seat."""
        if seat is None:
            return ""
        lesson = lesson_of(game)
        names = seat_names(game)
        name = (pgettext("seat colour", names[seat]) if names and seat < len(names)
                else gettext("seat {seat}").format(seat=seat))
        summary = gettext("Your role")
        return (f"<details class='ccg-role'><summary>{html.escape(summary)}</summary>"
                f"{html.escape(lesson.role.format(name=name))}</details>")

    def _change_game(self) -> None:
        self._fit_players(self.players.value)
        self.start()

    def _fit_players(self, players: int | None) -> None:
        spec = get_spec(self.choices[self.game.value][1])
        hi = min(spec.max_players, self.max_seats)
        value = min(max(players or spec.default_players, spec.min_players), hi)
        self.players.min, self.players.max = 1, hi  # widen first: min may not pass max
        self.players.min, self.players.value = spec.min_players, value
        self._show_seats()

    def _show_seats(self) -> None:
        for p, box in enumerate(self.seat_boxes):
            box.layout.display = "" if p < self.players.value else "none"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
