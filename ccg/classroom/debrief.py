"""The debrief of a lesson: the class's finished games from the store, beside the same rules played by bots.

``class_games(store, lesson)`` replays every finished table; ``ppm_paths``, ``outcomes`` and
``seat_results`` turn games into DataFrames (the CO2 path by decade, planet saved or lost, VP
gained against CEP paid per seat); ``bot_games(like, n)`` plays the same game, options and rules
with ``ccg.agents`` bots; the ``*_figure`` functions draw them with Plotly.

CEP paid (CO2-13.4): a seat pays the bank 1 CEP for each project it installs (CO2-6.2.3, rule
``install.cep``) and 1 CEP for each new fossil plant in a region it controls (CO2-4.3.5a,
CO2-4.3.5b). Documented choice: auction bids paid in CEP (CO2-17.2.4) are not counted.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import pandas as pd
import plotly.graph_objects as go

from ..agents.base import make_agent
from ..analysis.stats import wilson
from ..core.positions import replay
from ..core.registry import new_game
from ..core.state import GameState
from ..games.co2.debrief import cep_paid  # CEP each seat paid (CO2-6.2.3, CO2-4.3.5a): the game's own debrief
from ..i18n import N_, format_number, format_percent, gettext, pgettext
from .store import TableInfo, TableStore
from .views import seat_colour, seat_name

__all__ = ["ClassGame", "bot_games", "cep_paid", "class_games", "freeride_figure", "outcome_figure", "outcomes",
           "ppm_figure", "ppm_paths", "seat_results"]


@dataclass(frozen=True)
class ClassGame:
    """One finished game: where it was played (``info``: None for a bots' game), its record and final state."""

    label: str
    source: str          # "class" or "bots"
    record: dict
    state: GameState
    seats: tuple[str, ...]   # who played each seat: a student's name, "student", or "bot <agent>"
    info: TableInfo | None = None


def class_games(store: TableStore, lesson: str | None = None, game: str = "co2") -> list[ClassGame]:
    """The finished ``game`` tables of ``lesson`` (every lesson: None), replayed from the store.

    The debrief's measures (ppm, CEP) are CO2's, so other games' tables are left out by default."""
    out = []
    for info in store.tables(lesson=lesson):
        if not info.finished or (game is not None and info.game != game):
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
            state.apply(agents[state.current_player].act(state))
        out.append(ClassGame(f"bots {k + 1}", "bots", state.record(), state, (f"bot {agent}",) * state.num_players))
    return out


# ---------------------------------------------------------------------- tables of results
def ppm_paths(games: Sequence[ClassGame]) -> pd.DataFrame:
    """One row per game and recorded point: label, source, decade, ppm (setup = decade 0, then each decade's end)."""
    from ..games.co2.hooks import trajectory_frame

    rows = []
    for g in games:
        frame = trajectory_frame(g.state)
        for step, (at, ppm) in enumerate(zip(frame["at"], frame["ppm"])):
            rows.append({"label": g.label, "source": g.source, "point": step, "at": at, "ppm": int(ppm)})
    return pd.DataFrame(rows, columns=["label", "source", "point", "at", "ppm"])


def outcomes(games: Sequence[ClassGame]) -> pd.DataFrame:
    """Planet saved or lost per source (class, bots), with 95 % Wilson intervals on the lost share."""
    rows = []
    for source in dict.fromkeys(g.source for g in games):
        group = [g for g in games if g.source == source]
        lost = sum(1 for g in group if g.state.lost)
        lo, hi = wilson(lost, len(group))
        rows.append({"source": source, "games": len(group), "lost": lost, "saved": len(group) - lost,
                     "lost_share": lost / len(group), "ci_low": lo, "ci_high": hi,
                     "final_ppm_mean": sum(g.state.ppm for g in group) / len(group)})
    return pd.DataFrame(rows)


def seat_results(games: Sequence[ClassGame]) -> pd.DataFrame:
    """One row per seat: who, VP gained, CEP paid, planet lost, won."""
    rows = []
    for g in games:
        paid = cep_paid(g.record)
        won = g.state.winners()
        for p in range(g.state.num_players):
            rows.append({"label": g.label, "source": g.source, "seat": p, "colour": seat_name("co2", p),
                         "player": g.seats[p], "vp": g.state.vp[p], "cep_paid": paid[p],
                         "planet_lost": g.state.lost, "won": p in won})
    return pd.DataFrame(rows)


# ---------------------------------------------------------------------- figures
# the sources of the games as the figures name them (the tables' "source" column keeps the ids)
SOURCE_NAMES = {"class": N_("the class"), "bots": N_("bots")}


def source_name(source: str) -> str:
    """A games' source (``class``, ``bots``) in the current language."""
    return gettext(SOURCE_NAMES[source]) if source in SOURCE_NAMES else source


def ppm_figure(paths: pd.DataFrame, lose: int = 500, catastrophe: int = 350) -> go.Figure:
    """Each class table's CO2 path by decade (coloured), the bots' games behind it (grey)."""
    fig = go.Figure()
    for label, group in paths[paths["source"] == "bots"].groupby("label", sort=False):
        fig.add_trace(go.Scatter(x=group["point"], y=group["ppm"], mode="lines", line=dict(color="#bbb", width=1),
                                 name=source_name("bots"), legendgroup="bots", showlegend=label == "bots 1",
                                 hoverinfo="skip"))
    for label, group in paths[paths["source"] == "class"].groupby("label", sort=False):
        fig.add_trace(go.Scatter(x=group["point"], y=group["ppm"], mode="lines+markers", name=str(label),
                                 hovertext=[f"{label}: {a}, {format_number(v)} ppm" for a, v in zip(group["at"], group["ppm"])],
                                 hoverinfo="text"))
    fig.add_hline(y=lose, line=dict(color="#c0392b", width=2), annotation_text=pgettext("co2", "planet lost"))
    fig.add_hline(y=catastrophe, line=dict(color="#c77700", width=1, dash="dot"),
                  annotation_text=pgettext("co2", "catastrophes"))
    fig.update_layout(title=pgettext("co2", "CO₂ by decade: the class's tables (colours) and the bots' games (grey)"),
                      xaxis=dict(title=pgettext("co2", "decade (0 = setup; the last point is the end of the game)"),
                                 dtick=1),
                      yaxis_title=gettext("CO₂ (ppm)"), height=420, margin=dict(l=60, r=20, t=60, b=50))
    return fig


def outcome_figure(table: pd.DataFrame) -> go.Figure:
    """Share of games with the planet lost, class vs bots, with 95 % intervals."""
    fig = go.Figure(go.Bar(
        x=[source_name(s) for s in table["source"]], y=table["lost_share"],
        text=[pgettext("co2", "{lost} of {games}").format(lost=lost, games=n) for lost, n in zip(table["lost"],
                                                                                                    table["games"])],
        error_y=dict(type="data", symmetric=False, array=table["ci_high"] - table["lost_share"],
                     arrayminus=table["lost_share"] - table["ci_low"]), marker_color=["#1f77b4", "#999"][:len(table)]))
    fig.update_layout(title=pgettext("co2", "Planet lost (share of games, Wilson interval {level})").format(
        level=format_percent(0.95)), yaxis=dict(range=[0, 1.05], title=pgettext("co2", "share lost")), height=340,
        margin=dict(l=60, r=20, t=60, b=40))
    return fig


def freeride_figure(seats: pd.DataFrame) -> go.Figure:
    """VP gained against CEP paid, one point per seat: high and to the left is a free rider."""
    fig = go.Figure()
    bots = seats[seats["source"] == "bots"]
    fig.add_trace(go.Scatter(x=bots["cep_paid"], y=bots["vp"], mode="markers", name=pgettext("co2", "bots' games"),
                             marker=dict(color="#bbb", size=7), hoverinfo="skip"))
    cls = seats[seats["source"] == "class"]
    fig.add_trace(go.Scatter(
        x=cls["cep_paid"], y=cls["vp"], mode="markers+text", name=source_name("class"), text=cls["player"],
        textposition="top center", marker=dict(size=12, color=[seat_colour("co2", p) for p in cls["seat"]],
                                               line=dict(color="#111", width=1)),
        hovertext=[pgettext("co2", "{table}, {colour}: {player} — {vp} VP, paid {cep} CEP").format(
            table=lbl, colour=c, player=pl, vp=vp, cep=cep) for lbl, c, pl, vp, cep in
                   zip(cls["label"], cls["colour"], cls["player"], cls["vp"], cls["cep_paid"])], hoverinfo="text"))
    fig.update_layout(title=pgettext("co2", "Who free-rode? VP gained against CEP paid (CO2-13.4)"),
                      xaxis_title=pgettext("co2", "CEP paid"), yaxis_title=pgettext("co2", "VP at the end"), height=420,
                      margin=dict(l=60, r=20, t=60, b=50))
    return fig
