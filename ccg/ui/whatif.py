"""What if? Seeded continuations from one position, and a chart of their outcomes."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable, Iterator, Sequence

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..agents.base import DEFAULT_AGENT, make_agent
from ..analysis.backends import check_portable
from ..analysis.continuations import ContinuationJob
from ..analysis.estimate import RunningEstimate
from ..analysis.jobs import result_row
from ..analysis.labels import readable_name
from ..analysis.progressive import Partial, Progressive
from ..analysis.runner import PlayResult
from ..core.registry import get_spec
from ..core.state import GameState
from ..i18n import _, format_number, format_percent, gettext, ngettext

BASE_COLUMNS = {"game", "seed", "players", "winners", "n_winners", "actions", "truncated", "start_ply"}


@dataclass(frozen=True)
class WhatIfRequest:
    """What a what-if run plays: from ``state`` (a copy), ``n_games`` games, for ``seat``'s view (None: the referee)."""

    state: GameState
    n_games: int
    agents: list[Any]
    seed: int
    seat: int | None


def what_if(
    state: GameState,
    n_games: int = 50,
    agents: Sequence[Any] | None = None,
    seed: int = 0,
    seat: int | None = None,
    reseed: bool = True,
    max_actions: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    stop: Callable[[], bool] | None = None,
    precision: float | None = None,
    backend: str = "serial",
    workers: int | None = None,
    on_partial: Callable[[Partial], Any] | None = None,
) -> pd.DataFrame:
    """Play up to ``n_games`` continuations of ``state`` (untouched) and return one row per game.

    ``agents``: one entry per seat (names, Agents or Agent classes); default the strategist
    (``ccg.agents.DEFAULT_AGENT``) in every seat, ``["random"] * n`` for uniform play.
    Each continuation gets its own seed from ``seed``. With ``seat``, hidden information is
    resampled to what that seat knows (``state.determinize``) and future chance is drawn afresh,
    so nothing in the result depends on what the seat cannot see. Without a seat (the referee's
    what-if) ``reseed`` (default) draws future chance afresh per game, otherwise every game shares
    the position's own future. Columns are those of ``ccg.simulate`` (score per seat, winners,
    the game's outcome columns) plus ``start_ply``.

    ``precision``: stop once the 95 % interval of the headline (``seat``'s win share; every seat's
    without a seat) is within ± ``precision``, checked game by game in order from 10 games on.
    ``backend``: "serial" (this process), "thread", "processes" (the warm pool,
    :mod:`ccg.analysis.pool`) or "dask"; the games are the same on each. ``progress(done, n)`` and
    ``on_partial(partial)`` are called as games finish; ``stop()`` is asked between games: when it
    answers True the games finished so far are returned. ``df.attrs``: ``stopped`` (by ``stop``),
    ``stopped_by`` ("precision", "cap" or "stopped") and ``estimate`` (the running estimate).
    """
    run = continuations(state, n_games, agents, seed, seat, reseed, max_actions, precision, backend, workers)
    final = None
    try:
        while final is None or not final.finished:
            if stop is not None and stop():
                final = run.stop()
                break
            partial = run.poll(None if stop is None else 0.05)
            if partial is None:
                continue
            final = partial
            if progress is not None:
                progress(partial.games, n_games)
            if on_partial is not None:
                on_partial(partial)
    finally:
        run.close()
    return result_frame(final if final is not None else run.stop())


def continuations(
    state: GameState,
    n_games: int = 50,
    agents: Sequence[Any] | None = None,
    seed: int = 0,
    seat: int | None = None,
    reseed: bool = True,
    max_actions: int | None = None,
    precision: float | None = None,
    backend: str = "serial",
    workers: int | None = None,
) -> Progressive:
    """The what-if as a :class:`~ccg.analysis.progressive.Progressive` run (poll it, or iterate), checked first."""
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 0:
        raise ValueError(f"n_games must be a whole number >= 0, got {n_games!r}")
    if seat is not None and not reseed:
        raise ValueError("a seat's what-if cannot share the position's own future (the dice to come are secret): "
                         "use reseed=True, or seat=None for the referee")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, got {seed!r}")
    n = state.num_players
    agents = tuple(agents) if agents is not None else (DEFAULT_AGENT,) * n
    if len(agents) != n:
        raise ValueError(f"agents needs one entry per seat ({n}), got {len(agents)}")
    for a in agents:
        make_agent(a, 0)  # a clear error for a bad spec before anything runs
    job = ContinuationJob.of(state, agents, seed, seat, reseed, max_actions)
    if backend == "processes":
        check_portable([(job, 0, 0)])  # type: ignore[list-item]
    # one game per task: the chart moves game by game, Stop acts between games
    return Progressive([(job, n_games)], backend, workers=workers, chunk_size=1, precision=precision,
                       headline=seat)


def result_frame(final: Partial) -> pd.DataFrame:
    """The what-if's DataFrame from a finished run: its rows, and why and how it ended in ``attrs``."""
    df = pd.DataFrame(final.rows)
    df.attrs["stopped"] = final.reason == "stopped"
    df.attrs["stopped_by"] = final.reason
    df.attrs["estimate"] = final.estimate
    return df


def iter_what_if(
    state: GameState,
    n_games: int = 50,
    agents: Sequence[Any] | None = None,
    seed: int = 0,
    seat: int | None = None,
    reseed: bool = True,
    max_actions: int | None = None,
) -> Iterator[dict | None]:
    """The games of :func:`what_if` move by move in this process: None after each move, the game's row when it ends.

    A caller may stop at any item (the game in progress is dropped) or yield to an event loop between items.
    """
    run = continuations(state, n_games, agents, seed, seat, reseed, max_actions)
    job = run.jobs[0]
    spec = get_spec(state.game)
    for index in range(n_games):
        start, seats, game_seed = job.start(index)
        moves, truncated = 0, False
        while not start.is_terminal():  # ccg.analysis.runner.play, one move per item
            if moves >= job.max_actions:
                truncated = True
                break
            start.apply(seats[start.current_player].act(start))
            moves += 1
            yield None
        row = result_row(index, game_seed, PlayResult(start, moves, truncated), spec)
        row["start_ply"] = state.ply
        yield row


def win_shares(df: pd.DataFrame, players: int) -> pd.Series:
    """Share of games won by each seat (ties split equally), plus 'nobody' (everyone lost or unfinished)."""
    shares = [0.0] * players
    nobody = 0.0
    for won in df["winners"] if len(df) else []:
        if won:
            for p in won:
                shares[p] += 1.0 / len(won)
        else:
            nobody += 1.0
    total = max(len(df), 1)
    index = [f"seat {p}" for p in range(players)] + ["nobody"]
    return pd.Series([s / total for s in shares] + [nobody / total], index=index, name="win share")  # i18n: not prose


def outcome_columns(df: pd.DataFrame) -> list[str]:
    """The game's own outcome columns (SPEC.outcome), in their order, without the ones no game filled."""
    return [c for c in df.columns if c not in BASE_COLUMNS and not c.startswith("score_") and df[c].notna().any()]


def _is_flag(column: pd.Series) -> bool:
    values = column.dropna()
    return len(values) > 0 and bool(values.map(lambda v: isinstance(v, bool)).all())


def estimate_of(df: pd.DataFrame, players: int, headline: int | None = None) -> RunningEstimate:
    """The running estimate (win shares, yes/no outcome rates, 95 % intervals) of the games in ``df``."""
    est = RunningEstimate(players, headline)
    for row in df.to_dict("records") if len(df) else []:
        est.add({k: v for k, v in row.items() if not (isinstance(v, float) and v != v)})  # NaN: not filled
    return est


def _bars(shares: list, name: str, color: str, uid: str) -> go.Bar:
    """Bars of shares with their 95 % intervals as error bars (and in the hover text)."""
    return go.Bar(
        x=[s.name for s in shares], y=[s.share if s.games else 0.0 for s in shares], name=name, marker_color=color,
        uid=uid, error_y=dict(type="data", symmetric=False, array=[max(0.0, s.high - s.share) if s.games else 0.0
                                                                     for s in shares],
                              arrayminus=[max(0.0, s.share - s.low) if s.games else 0.0 for s in shares],
                              color="#333", thickness=1.2, width=4),
        hovertemplate=_("%{{x}}: %{{y:.2f}} ({level} interval %{{customdata}})").format(level=format_percent(0.95))
        + "<extra></extra>",
        customdata=[f"{s.low:.2f}–{s.high:.2f}" for s in shares])


def _seat_or_nobody(name: str) -> str:
    """A win share's name as a player reads it ("seat 2", "nobody" in the current language)."""
    if name == "nobody":
        return _("nobody")
    seat = name.removeprefix("seat ")
    return _("seat {seat}").format(seat=seat) if seat.isdigit() else name


def outcome_figure(df: pd.DataFrame, players: int, title: str | None = None, headline: int | None = None,
                   estimate: RunningEstimate | None = None, running: bool = False, game: str | None = None
                   ) -> go.Figure:
    """Win share per seat, then the share of true for each yes/no outcome and a histogram per numeric outcome.

    Shares carry their 95 % intervals as error bars; the title says the games so far and the ± of the
    headline (``headline``: a seat's win share; None: the widest seat's), "so far" while ``running``. With
    ``game`` the outcomes carry their readable names (:mod:`ccg.analysis.labels`). One chart per row, so the
    figure fits a narrow panel. Columns no game filled are left out (their mean would be NaN, which
    JSON cannot carry to the browser).
    """
    title = _("What if?") if title is None else title
    est = estimate if estimate is not None else estimate_of(df, players, headline)
    cols = outcome_columns(df) if len(df) else []
    flags = [c for c in cols if _is_flag(df[c])]
    numbers = [c for c in cols if c not in flags and pd.api.types.is_numeric_dtype(df[c])][:3]
    def name(column: str) -> str:
        return readable_name(column, game, translate=gettext) if game else column

    titles = [_("win share per seat ({level} intervals)").format(level=format_percent(0.95))] + ([_("share of games where …")] if flags else []) + [
        _("{outcome} (games)").format(outcome=name(c)) for c in numbers]
    rows = len(titles)
    fig = make_subplots(rows=rows, cols=1, subplot_titles=titles, vertical_spacing=min(0.12, 0.5 / rows))
    wins = [replace(s, name=_seat_or_nobody(s.name)) for s in est.win_shares()]
    fig.add_trace(_bars(wins, _("win share"), "#4c78a8", "ccg-whatif-wins"), 1, 1)
    fig.update_yaxes(range=[0, 1], row=1, col=1)
    row = 2
    if flags:
        rates = {s.name: s for s in est.outcome_rates()}
        shown = [replace(rates[c], name=name(c)) for c in flags if c in rates]
        fig.add_trace(_bars(shown, _("share"), "#e45756", "ccg-whatif-flags"), row, 1)
        fig.update_yaxes(range=[0, 1], row=row, col=1)
        row += 1
    for c in numbers:
        fig.add_trace(go.Histogram(x=[float(v) for v in df[c].dropna()], name=c, marker_color="#72b7b2",
                                   uid=f"ccg-whatif-{c}"), row, 1)
        row += 1
    pm = f", ±{format_number(est.headline_half_width(), digits=2)}" if len(df) else ""
    games = (ngettext("{count} game so far", "{count} games so far", len(df)) if running else
             ngettext("{count} game", "{count} games", len(df))).format(count=len(df))
    fig.update_layout(title=dict(text=f"{title} ({games}{pm})", font=dict(size=14)), showlegend=False,
                      height=80 + 190 * rows, margin=dict(l=45, r=15, t=70, b=30), font=dict(size=11))
    fig.update_annotations(font_size=12)  # the subplot titles
    return fig


def summary_table(df: pd.DataFrame) -> pd.DataFrame:
    """Mean, min and max of the scores, the game length and the numeric outcomes: one row per column."""
    cols = [c for c in df.columns if c.startswith("score_")] + ["actions"] + [
        c for c in outcome_columns(df) if pd.api.types.is_numeric_dtype(df[c]) or _is_flag(df[c])]
    if not len(df):
        return pd.DataFrame(columns=["mean", "min", "max"])
    values = df[cols].astype(float)
    return pd.DataFrame({"mean": values.mean(), "min": values.min(), "max": values.max()}).round(2)
