"""What if? Seeded continuations from one position, and a chart of their outcomes."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..agents.base import DEFAULT_AGENT, make_agent
from ..analysis.runner import PlayResult, game_seeds
from ..core.registry import get_spec
from ..core.rng import Rng
from ..core.state import GameState

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
) -> pd.DataFrame:
    """Play ``n_games`` continuations of ``state`` (untouched) and return one row per game.

    ``agents``: one entry per seat (names, Agents or Agent classes); default the strategist
    (``ccg.agents.DEFAULT_AGENT``) in every seat, ``["random"] * n`` for uniform play.
    Each continuation gets its own seed from ``seed``. With ``seat``, hidden information is
    resampled to what that seat knows (``state.determinize``) and future chance is drawn afresh,
    so nothing in the result depends on what the seat cannot see. Without a seat (the referee's
    what-if) ``reseed`` (default) draws future chance afresh per game, otherwise every game shares
    the position's own future. Columns are those of ``ccg.simulate`` (score per seat, winners,
    the game's outcome columns) plus ``start_ply``. ``stop()`` is asked after every move: when it
    answers True the games finished so far are returned (``df.attrs["stopped"]``).
    """
    rows = []
    stopped = False
    for row in iter_what_if(state, n_games, agents, seed, seat, reseed, max_actions):
        if row is not None:
            rows.append(row)
            if progress is not None:
                progress(len(rows), n_games)
        if stop is not None and len(rows) < n_games and stop():
            stopped = True
            break
    df = pd.DataFrame(rows)
    df.attrs["stopped"] = stopped
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
    """The games of :func:`what_if` move by move: None after each move, the game's row when it ends.

    A caller may stop at any item (the game in progress is dropped) or yield to an event loop between items.
    """
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 0:
        raise ValueError(f"n_games must be a whole number >= 0, got {n_games!r}")
    if seat is not None and not reseed:
        raise ValueError("a seat's what-if cannot share the position's own future (the dice to come are secret): "
                         "use reseed=True, or seat=None for the referee")
    spec = get_spec(state.game)
    n = state.num_players
    agents = list(agents) if agents is not None else [DEFAULT_AGENT] * n
    if len(agents) != n:
        raise ValueError(f"agents needs one entry per seat ({n}), got {len(agents)}")
    limit = spec.max_actions if max_actions is None else max_actions
    state = state.clone()  # the caller's position may move on while the games run
    for index, (game_seed, agent_seeds) in enumerate(game_seeds(seed, n_games, n)):
        if seat is not None:
            start = state.determinize(seat, game_seed)  # hidden information and future chance resampled
        else:
            start = state.clone()
            if reseed:
                start.rng = Rng(game_seed)
        seats = [make_agent(a, s) for a, s in zip(agents, agent_seeds)]
        moves, truncated = 0, False
        while not start.is_terminal():  # ccg.analysis.runner.play, one move per item
            if moves >= limit:
                truncated = True
                break
            start.apply(seats[start.current_player].act(start))
            moves += 1
            yield None
        row = _row(index, game_seed, PlayResult(start, moves, truncated), spec)
        row["start_ply"] = state.ply
        yield row


def _row(index: int, game_seed: int, result: Any, spec: Any) -> dict:
    """The columns of ``ccg.simulate``'s rows for one continuation."""
    state = result.state
    row: dict[str, Any] = {"game": index, "seed": game_seed, "players": state.num_players}
    for p, score in enumerate(state.scores()):
        row[f"score_{p}"] = score
    won = tuple(state.winners()) if state.is_terminal() else ()
    row.update(winners=won, n_winners=len(won), actions=result.actions, truncated=result.truncated)
    if spec.outcome is not None:
        row.update(spec.outcome(state))
    return row


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
    return pd.Series([s / total for s in shares] + [nobody / total], index=index, name="win share")


def outcome_columns(df: pd.DataFrame) -> list[str]:
    """The game's own outcome columns (SPEC.outcome), in their order, without the ones no game filled."""
    return [c for c in df.columns if c not in BASE_COLUMNS and not c.startswith("score_") and df[c].notna().any()]


def _is_flag(column: pd.Series) -> bool:
    values = column.dropna()
    return len(values) > 0 and bool(values.map(lambda v: isinstance(v, bool)).all())


def outcome_figure(df: pd.DataFrame, players: int, title: str = "What if?") -> go.Figure:
    """Win share per seat, then the share of true for each yes/no outcome and a histogram per numeric outcome.

    One chart per row, so the figure fits a narrow panel. Columns no game filled are left out (their
    mean would be NaN, which JSON cannot carry to the browser).
    """
    cols = outcome_columns(df) if len(df) else []
    flags = [c for c in cols if _is_flag(df[c])]
    numbers = [c for c in cols if c not in flags and pd.api.types.is_numeric_dtype(df[c])][:3]
    titles = ["win share per seat"] + (["share of games where …"] if flags else []) + [f"{c} (games)" for c in numbers]
    rows = len(titles)
    fig = make_subplots(rows=rows, cols=1, subplot_titles=titles, vertical_spacing=min(0.12, 0.5 / rows))
    shares = win_shares(df, players)
    fig.add_trace(go.Bar(x=list(shares.index), y=list(shares.values), name="win share", marker_color="#4c78a8",
                         uid="ccg-whatif-wins"), 1, 1)
    fig.update_yaxes(range=[0, 1], row=1, col=1)
    row = 2
    if flags:
        fig.add_trace(go.Bar(x=flags, y=[float(df[c].dropna().astype(bool).mean()) for c in flags], name="share",
                             marker_color="#e45756", uid="ccg-whatif-flags"), row, 1)
        fig.update_yaxes(range=[0, 1], row=row, col=1)
        row += 1
    for c in numbers:
        fig.add_trace(go.Histogram(x=[float(v) for v in df[c].dropna()], name=c, marker_color="#72b7b2",
                                   uid=f"ccg-whatif-{c}"), row, 1)
        row += 1
    fig.update_layout(title=dict(text=f"{title} ({len(df)} games)", font=dict(size=14)), showlegend=False,
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
