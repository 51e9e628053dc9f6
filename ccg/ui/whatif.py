"""What if? Seeded continuations from one position, and a chart of their outcomes."""
from __future__ import annotations

from typing import Any, Callable, Sequence

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..agents.base import make_agent
from ..analysis.runner import game_seeds, play
from ..core.registry import get_spec
from ..core.rng import Rng
from ..core.state import GameState

BASE_COLUMNS = {"game", "seed", "players", "winners", "n_winners", "actions", "truncated", "start_ply"}


def what_if(
    state: GameState,
    n_games: int = 50,
    agents: Sequence[Any] | None = None,
    seed: int = 0,
    seat: int | None = None,
    reseed: bool = True,
    max_actions: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> pd.DataFrame:
    """Play ``n_games`` continuations of ``state`` (untouched) and return one row per game.

    Each continuation gets its own seed from ``seed``. With ``seat``, hidden information is
    resampled to what that seat knows (``state.determinize``) and future chance is drawn afresh,
    so nothing in the result depends on what the seat cannot see. Without a seat (the referee's
    what-if) ``reseed`` (default) draws future chance afresh per game, otherwise every game shares
    the position's own future. Columns are those of ``ccg.simulate`` (score per seat, winners,
    the game's outcome columns) plus ``start_ply``.
    """
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 0:
        raise ValueError(f"n_games must be a whole number >= 0, got {n_games!r}")
    if seat is not None and not reseed:
        raise ValueError("a seat's what-if cannot share the position's own future (the dice to come are secret): "
                         "use reseed=True, or seat=None for the referee")
    spec = get_spec(state.game)
    n = state.num_players
    agents = list(agents) if agents is not None else ["random"] * n
    if len(agents) != n:
        raise ValueError(f"agents needs one entry per seat ({n}), got {len(agents)}")
    limit = spec.max_actions if max_actions is None else max_actions
    rows = []
    for index, (game_seed, agent_seeds) in enumerate(game_seeds(seed, n_games, n)):
        if seat is not None:
            start = state.determinize(seat, game_seed)  # hidden information and future chance resampled
        else:
            start = state.clone()
            if reseed:
                start.rng = Rng(game_seed)
        seats = [make_agent(a, s) for a, s in zip(agents, agent_seeds)]
        result = play(start, seats, limit)
        row = _row(index, game_seed, result, spec)
        row["start_ply"] = state.ply
        rows.append(row)
        if progress is not None:
            progress(index + 1, n_games)
    return pd.DataFrame(rows)


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
    """The game's own outcome columns (SPEC.outcome), in their order."""
    return [c for c in df.columns if c not in BASE_COLUMNS and not c.startswith("score_")]


def outcome_figure(df: pd.DataFrame, players: int, title: str = "What if?") -> go.Figure:
    """Win share per seat, then the share of true for each yes/no outcome and a histogram per numeric outcome."""
    cols = outcome_columns(df)
    flags = [c for c in cols if len(df) and df[c].dropna().map(lambda v: isinstance(v, bool)).all()]
    numbers = [c for c in cols if c not in flags and len(df) and pd.api.types.is_numeric_dtype(df[c])][:3]
    titles = ["win share per seat"] + (["share of games"] if flags else []) + numbers
    fig = make_subplots(rows=1, cols=len(titles), subplot_titles=titles)
    shares = win_shares(df, players)
    fig.add_trace(go.Bar(x=list(shares.index), y=list(shares.values), name="win share", marker_color="#4c78a8",
                         uid="ccg-whatif-wins"), 1, 1)
    fig.update_yaxes(range=[0, 1], row=1, col=1)
    col = 2
    if flags:
        fig.add_trace(go.Bar(x=flags, y=[float(df[c].mean()) for c in flags], name="share", marker_color="#e45756",
                             uid="ccg-whatif-flags"), 1, col)
        fig.update_yaxes(range=[0, 1], row=1, col=col)
        col += 1
    for c in numbers:
        fig.add_trace(go.Histogram(x=list(df[c]), name=c, marker_color="#72b7b2", uid=f"ccg-whatif-{c}"), 1, col)
        col += 1
    fig.update_layout(title=f"{title} ({len(df)} games)", showlegend=False, height=300,
                      margin=dict(l=40, r=20, t=60, b=40))
    return fig
