"""``ccg.simulate``: many seeded games, one DataFrame row per game."""
from __future__ import annotations

import warnings
from typing import Any, Sequence

import pandas as pd

from ..agents.base import make_agent
from ..core.registry import check_players, get_spec, new_game
from .runner import game_seeds, play


def _progress(iterable, total: int, enabled: bool, desc: str):
    if not enabled:
        return iterable
    from tqdm.auto import tqdm

    return tqdm(iterable, total=total, desc=desc)


def simulate(
    game: str,
    players: int | None = None,
    n_games: int = 100,
    agents: Sequence[Any] | None = None,
    seed: int = 0,
    max_actions: int | None = None,
    progress: bool = False,
    **options: Any,
) -> pd.DataFrame:
    """Play ``n_games`` seeded games of ``game`` and return one row per game.

    ``agents`` is one entry per seat: a name ('random'), an Agent instance
    (re-seeded per game) or an Agent class; default all random. Every game's
    seed comes from ``seed`` through numpy's SeedSequence, so results do not
    depend on the order or place games run in.

    Columns: game, seed, players, score_<seat>, winners (tuple of seats),
    n_winners, actions, truncated (the ``max_actions`` safety net was hit:
    the game has no result), and the game's own outcome columns.
    """
    spec = get_spec(game)
    players = check_players(spec, players)
    if isinstance(n_games, bool) or not isinstance(n_games, int) or n_games < 0:
        raise ValueError(f"n_games must be a whole number >= 0, got {n_games!r}")
    agents = list(agents) if agents is not None else ["random"] * players
    if len(agents) != players:
        raise ValueError(f"agents needs one entry per seat ({players}), got {len(agents)}")
    limit = spec.max_actions if max_actions is None else max_actions
    rows = []
    for index, (game_seed, agent_seeds) in _progress(
        enumerate(game_seeds(seed, n_games, players)), n_games, progress, f"{game} games"
    ):
        seats = [make_agent(a, s) for a, s in zip(agents, agent_seeds)]
        state = new_game(game, players=players, seed=game_seed, **options)
        result = play(state, seats, limit)
        rows.append(result_row(index, game_seed, result, spec))
    df = pd.DataFrame(rows)
    if n_games and df["truncated"].any():
        warnings.warn(
            f"{int(df['truncated'].sum())} of {n_games} games hit the {limit}-action safety net and have no result",
            RuntimeWarning,
            stacklevel=2,
        )
    return df


def result_row(index: int, game_seed: int, result, spec) -> dict:
    state = result.state
    row: dict[str, Any] = {"game": index, "seed": game_seed, "players": state.num_players}
    finished = state.is_terminal()
    scores = state.scores()
    for p in range(state.num_players):
        row[f"score_{p}"] = scores[p]
    won = tuple(state.winners()) if finished else ()
    row["winners"] = won
    row["n_winners"] = len(won)
    row["actions"] = result.actions
    row["truncated"] = result.truncated
    if spec.outcome is not None:
        row.update(spec.outcome(state))
    return row
