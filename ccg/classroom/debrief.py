"""The debrief of a lesson: the class's finished games from the store, beside the same game played by bots.

``class_games(store, lesson)`` replays the lesson's finished tables of one game; ``bot_games(like, n)`` plays the
same game, options and rules with ``ccg.agents`` bots. The tables and figures are what the game declares in its
debrief module (``SPEC.debrief``, the protocol in :mod:`ccg.analysis.debrief`): ``paths`` (its ``PATH``, CO2's
ppm by decade), ``outcomes`` (its ``SHARE`` with 95 % Wilson intervals, CO2's planet lost), ``seat_results``
(its seat metrics beside the score, who played and who won) and the figures of each. A game without a debrief
module still gets the seat table (score, won); the figures it does not declare are left out.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import pandas as pd
import plotly.graph_objects as go

from ..agents.base import make_agent
from ..analysis.debrief import debrief_module, game_table, path_table, seat_table, share_table
from ..core.positions import replay
from ..core.registry import new_game
from ..core.state import GameState, to_move
from ..i18n import N_, _, format_number, format_percent, gettext, pgettext
from .store import TableInfo, TableStore
from .views import seat_colour, seat_name

__all__ = ["ClassGame", "bot_games", "class_games", "figures", "outcome_figure", "outcomes", "path_figure",
           "paths", "scatter_figure", "seat_results", "summary"]


@dataclass(frozen=True)
class ClassGame:
    """One finished game: where it was played (``info``: None for a bots' game), its record and final state."""

    label: str
    source: str          # "class" or "bots"
    record: dict
    state: GameState
    seats: tuple[str, ...]   # who played each seat: a student's name, "student", or "bot <agent>"
    info: TableInfo | None = None


def class_games(store: TableStore, lesson: str | None = None, game: str | None = None) -> list[ClassGame]:
    """The finished tables of ``lesson`` (every lesson: None) that play ``game``, replayed from the store.

    ``game=None``: the game of the lesson's first finished table (a debrief compares games of one game; the
    other games' tables are left out)."""
    out = []
    for info in store.tables(lesson=lesson):
        if not info.finished:
            continue
        game = info.game if game is None else game
        if info.game != game:
            continue
        record = store.record(info.id)
        seats = tuple((s.name or "student") if s.is_student else f"bot {s.kind}" for s in info.seats)
        out.append(ClassGame(info.name, "class", record, replay(record), seats, info))
    return out


def bot_games(like: ClassGame | dict, n_games: int = 20, agent: str = "strategist", seed: int = 1000,
              max_actions: int | None = None) -> list[ClassGame]:
    """``n_games`` games of the same game, players, options and rules as ``like``, every seat a bot."""
    record = like.record if isinstance(like, ClassGame) else like
    out = []
    for k in range(n_games):
        state = new_game(record["game"], players=record["players"], seed=seed + k, **record["options"])
        agents = [make_agent(agent, seed * 31 + k * 7 + p) for p in range(state.num_players)]
        limit = max_actions or 100_000
        while not state.is_terminal() and state.ply < limit:
            state.apply(agents[to_move(state)].act(state))
        out.append(ClassGame(f"bots {k + 1}", "bots", state.record(), state, (f"bot {agent}",) * state.num_players))
    return out


def _declared(games: Sequence[ClassGame], name: str) -> Any:
    """The game's ``name`` declaration (PATH, SHARE, SCATTER) in its debrief module, or None."""
    module = debrief_module(games[0].state.game) if games else None
    return getattr(module, name, None) if module is not None else None


# ---------------------------------------------------------------------- tables of results
def paths(games: Sequence[ClassGame]) -> pd.DataFrame:
    """One row per game and recorded point of the game's ``PATH``: label, source, point, at, value."""
    return path_table(games)


def outcomes(games: Sequence[ClassGame]) -> pd.DataFrame:
    """Per source (class, bots): how many games had the game's ``SHARE`` metric, with 95 % Wilson intervals
    (no games: an empty table)."""
    if not games:
        return pd.DataFrame(columns=["source", "games", "hits", "share", "ci_low", "ci_high"])
    return share_table(games)


def seat_results(games: Sequence[ClassGame]) -> pd.DataFrame:
    """One row per seat: label, source, seat, colour, player, score, won, then the game's seat metrics."""
    table = seat_table(games)
    if table.empty:
        return table
    table.insert(3, "colour", [seat_name(g.state.game, p) for g in games for p in range(g.state.num_players)])
    table.insert(4, "player", [g.seats[p] for g in games for p in range(g.state.num_players)])
    return table


def summary(games: Sequence[ClassGame]) -> pd.DataFrame:
    """One row per game: label, source, who played, winners, then the game's own metrics."""
    table = game_table(games)
    if not table.empty:
        table.insert(2, "players", [", ".join(g.seats) for g in games])
    return table


# ---------------------------------------------------------------------- figures
# the sources of the games as the figures name them (the tables' "source" column keeps the ids)
SOURCE_NAMES = {"class": N_("the class"), "bots": N_("bots")}


def source_name(source: str) -> str:
    """A games' source (``class``, ``bots``) in the current language."""
    return gettext(SOURCE_NAMES[source]) if source in SOURCE_NAMES else source


def _game_text(games: Sequence[ClassGame], text: str) -> str:
    """A text the game's debrief module declares (a title, a line's name), in the current language: the game's
    own catalog entry (its name is the context) where it marks the text with ``NP_``."""
    return pgettext(games[0].state.game, text) if games else text


def path_figure(games: Sequence[ClassGame]) -> go.Figure:
    """Each class table's ``PATH`` (coloured), the bots' games behind it (grey), the game's reference lines."""
    if not games:
        return go.Figure(layout=dict(title=_("No finished game in this lesson yet.")))
    declared = _declared(games, "PATH")
    if declared is None:
        raise ValueError("the game declares no PATH in its debrief module")
    column, title = declared
    title = _game_text(games, title)
    table = paths(games)
    fig = go.Figure()
    for label, group in table[table["source"] == "bots"].groupby("label", sort=False):
        fig.add_trace(go.Scatter(x=group["point"], y=group["value"], mode="lines", line=dict(color="#bbb", width=1),
                                 name=source_name("bots"), legendgroup="bots", showlegend=label == "bots 1",
                                 hoverinfo="skip"))
    for label, group in table[table["source"] == "class"].groupby("label", sort=False):
        fig.add_trace(go.Scatter(x=group["point"], y=group["value"], mode="lines+markers", name=str(label),
                                 hovertext=[f"{label}: {a}, {format_number(v)}" for a, v in zip(group["at"], group["value"])],
                                 hoverinfo="text"))
    lines = getattr(debrief_module(games[0].state.game), "path_lines", None)
    for k, (name, value) in enumerate((lines(games[0].state) if lines else {}).items()):
        fig.add_hline(y=value, line=dict(color="#c0392b" if k == 0 else "#c77700", width=2 if k == 0 else 1,
                                         dash=None if k == 0 else "dot"), annotation_text=_game_text(games, name))
    fig.update_layout(title=_("{what}: the class's tables (colours) and the bots' games (grey)").format(what=title),
                      xaxis=dict(title=_("0 = set-up; the last point is the end of the game"), dtick=1),
                      yaxis_title=title, height=420, margin=dict(l=60, r=20, t=60, b=50))
    return fig


def outcome_figure(table: pd.DataFrame, title: str = "") -> go.Figure:
    """The share of games with the ``SHARE`` metric (an :func:`outcomes` table), class vs bots, with 95 % intervals."""
    metric = table.columns[2]
    fig = go.Figure(go.Bar(
        x=[source_name(s) for s in table["source"]], y=table["share"],
        text=[_("{hits} of {games}").format(hits=format_number(hits), games=format_number(n))
              for hits, n in zip(table[metric], table["games"])],
        error_y=dict(type="data", symmetric=False, array=table["ci_high"] - table["share"],
                     arrayminus=table["share"] - table["ci_low"]), marker_color=["#1f77b4", "#999"][:len(table)]))
    fig.update_layout(title=_("{what} (share of games, Wilson interval {level})").format(
                          what=title or metric, level=format_percent(0.95)),
                      yaxis=dict(range=[0, 1.05], title=_("share of games")), height=340,
                      margin=dict(l=60, r=20, t=60, b=40))
    return fig


def scatter_figure(seats: pd.DataFrame, x: str, y: str, title: str = "", game: str | None = None) -> go.Figure:
    """One point per seat (a :func:`seat_results` table), ``y`` against ``x`` (the game's ``SCATTER``): the bots'
    seats grey, the class's named and in their seat colours (``game``'s board drawing)."""
    fig = go.Figure()
    if seats.empty:
        return fig
    bots = seats[seats["source"] == "bots"]
    fig.add_trace(go.Scatter(x=bots[x], y=bots[y], mode="markers", name=_("bots' games"),
                             marker=dict(color="#bbb", size=7), hoverinfo="skip"))
    cls = seats[seats["source"] == "class"]
    colours = [seat_colour(game, p) for p in cls["seat"]] if game is not None else "#1f77b4"
    fig.add_trace(go.Scatter(
        x=cls[x], y=cls[y], mode="markers+text", name=source_name("class"), text=cls["player"], textposition="top center",
        marker=dict(size=12, color=colours, line=dict(color="#111", width=1)),
        hovertext=[f"{lbl}, {c}: {pl} — {y} {vy}, {x} {vx}" for lbl, c, pl, vx, vy in
                   zip(cls["label"], cls["colour"], cls["player"], cls[x], cls[y])], hoverinfo="text"))
    fig.update_layout(title=title or f"{y} against {x}", xaxis_title=x, yaxis_title=y, height=420,
                      margin=dict(l=60, r=20, t=60, b=50))
    return fig


def figures(games: Sequence[ClassGame]) -> list[go.Figure]:
    """Every figure the game's debrief module declares (PATH, SHARE, SCATTER), in that order."""
    if not games:
        return []
    out = []
    if _declared(games, "PATH") is not None:
        out.append(path_figure(games))
    share = _declared(games, "SHARE")
    if share is not None:
        out.append(outcome_figure(outcomes(games), _game_text(games, share[1])))
    scatter = _declared(games, "SCATTER")
    if scatter is not None:
        x, y, title = scatter
        out.append(scatter_figure(seat_results(games), x, y, _game_text(games, title), game=games[0].state.game))
    return out
