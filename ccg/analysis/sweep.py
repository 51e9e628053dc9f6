"""``ccg.sweep``: cross options and rule parameters, play seeded games in every cell, one tidy frame.

Grid keys:

* ``"players"`` — player counts;
* ``"rules.<name>"`` — a rule parameter of the game (``ccg.describe(game)["rules"]``),
  e.g. ``"rules.ppm.coal"``; the cells' values are merged into ``rules={...}``;
* any other option of the game, e.g. ``"variant"``;
* ``"agents"`` — agent line-ups, each a list of specs or a comma-separated string.

Seeds: cell ``c`` (in the order of ``itertools.product`` over the grid's
values) and game ``i`` get ``SeedSequence(seed, spawn_key=(c, i))`` — the
children that ``SeedSequence(seed).spawn`` gives — so every row is the same
whatever the backend, the chunking or the number of workers.
"""
from __future__ import annotations

import itertools
from typing import Any, Callable, Mapping, Sequence

import pandas as pd

from ..agents.base import agent_label
from ..core.registry import check_players, get_spec, new_game
from ..core.rules import unknown_name_error, validate_options
from .backends import check_backend, run_progressive
from .estimate import check_headline, check_precision
from .frames import check_output, games_frame, warn_truncated, write_frame
from .jobs import GameJob, locate_game
from .progressive import Partial
from .simulate import check_agents, check_count


def grid_cells(game: str, grid: Mapping[str, Sequence[Any]], players: int | None = None,
               agents: Sequence[Any] | None = None, options: Mapping[str, Any] | None = None) -> list[dict]:
    """Validate ``grid`` and return one dict per cell: players, options, agents, columns.

    Raises ValueError naming the bad key or value before anything is played.
    """
    spec = get_spec(game)
    if not isinstance(grid, Mapping):
        raise ValueError(f"grid must be a dict of key -> list of values, got {type(grid).__name__}")
    options = dict(options or {})
    base_rules = dict(options.pop("rules", None) or {})
    keys = list(grid)
    values: list[list] = []
    for key in keys:
        values.append(_grid_values(spec, game, key, grid[key]))
        if key in options or (key == "players" and players is not None) or (key == "agents" and agents is not None):
            raise ValueError(f"{key!r} is given both in the grid and as a fixed argument")
    return [_cell(spec, game, dict(zip(keys, combo)), players, agents, options, base_rules)
            for combo in itertools.product(*values)]


def _grid_values(spec: Any, game: str, key: Any, vals: Any) -> list:
    """The checked values of one grid key (a lone value is a list of one)."""
    if isinstance(vals, (str, bytes)) or not isinstance(vals, Sequence) or isinstance(vals, Mapping):
        vals = [vals] if not isinstance(vals, (list, tuple, range)) else vals
    vals = list(vals)
    if not vals:
        raise ValueError(f"grid key {key!r} has no values")
    if not isinstance(key, str):
        raise ValueError(f"grid keys must be strings, got {key!r}")
    if key.startswith("rules."):
        name = key[len("rules."):]
        if name not in spec.rules:
            raise unknown_name_error(f"rule of {game} in grid key {key!r}:", name, spec.rules)
        return [spec.rules[name].check(name, v) for v in vals]
    if key == "players":
        return [check_players(spec, v) for v in vals]
    if key == "agents":
        return [tuple(v.split(",")) if isinstance(v, str) else tuple(v) for v in vals]
    if key == "rules":
        raise ValueError("grid key 'rules' is not allowed: vary one rule per key, e.g. 'rules.<name>'")
    if key in spec.options:
        return [spec.options[key].validate(key, v) for v in vals]
    known = ["players", "agents", *[k for k in spec.options if k != "rules"], *[f"rules.{r}" for r in spec.rules]]
    raise unknown_name_error(f"grid key for {game}", key, known)


def _cell(spec: Any, game: str, chosen: dict[str, Any], players: int | None, agents: Sequence[Any] | None,
          options: dict[str, Any], base_rules: dict[str, Any]) -> dict:
    """One cell of the grid (``chosen``: a value per grid key) merged into the fixed arguments, checked by
    starting a game with it."""
    cell_players = players
    cell_agents = agents
    cell_options = dict(options)
    rules = dict(base_rules)
    columns: dict[str, Any] = {}
    for key, value in chosen.items():
        if key.startswith("rules."):
            rules[key[len("rules."):]] = value
            columns[key] = value
        elif key == "players":
            cell_players = value
            columns[key] = value
        elif key == "agents":
            cell_agents = value
            columns[key] = ",".join(agent_label(a) for a in value)
        else:
            cell_options[key] = value
            columns[key] = value
    if rules:
        cell_options["rules"] = rules
    cell_players = check_players(spec, cell_players)
    try:
        cell_agents = check_agents(cell_agents, cell_players)
        cell_options = validate_options(spec.name, spec.options, cell_options)
        new_game(game, players=cell_players, seed=0, **cell_options)  # catches combinations a game rejects
    except ValueError as exc:
        raise ValueError(f"grid cell {columns}: {exc}") from None
    return {"players": cell_players, "options": cell_options, "agents": cell_agents, "columns": columns}


def sweep(
    game: str,
    grid: Mapping[str, Sequence[Any]],
    n_games: int = 100,
    agents: Sequence[Any] | None = None,
    seed: int = 0,
    client: Any = None,
    backend: str = "serial",
    workers: int | None = None,
    progress: bool = True,
    players: int | None = None,
    max_actions: int | None = None,
    chunk_size: int | None = None,
    out: str | None = None,
    precision: float | None = None,
    headline: int | str | None = None,
    on_partial: Callable[[Partial], Any] | None = None,
    **options: Any,
) -> pd.DataFrame:
    """Play ``n_games`` seeded games in every cell of ``grid``; one row per game.

    >>> ccg.sweep("co2", {"rules.ppm.coal": [30, 40, 50], "players": [3, 4]}, n_games=100, seed=1)

    Columns: the grid keys (one column each, e.g. ``rules.ppm.coal``), ``cell``,
    then the columns of :func:`ccg.simulate` (game index within the cell,
    seed, scores, winners, actions, truncated, outcome columns).
    ``backend``: "serial" (default), "processes" (a local process pool of
    ``workers``), or "dask" (``client=`` a ``dask.distributed.Client``; without
    one a temporary LocalCluster of ``workers`` processes). Games are chunked
    into tasks of ``chunk_size`` (default: about 8 tasks per worker, at most 50
    games) to amortise overhead. ``out=`` writes the frame to Parquet (``.parquet``, needs
    pyarrow: ``pip install 'ccg[dask]'``) or CSV (``.csv``), checked before any game is played. Fixed options (``players=``,
    ``agents=``, ``variant=``, ``rules={...}``) apply to every cell; without
    ``agents`` (fixed or in the grid) every seat is the strategist
    (``ccg.agents.DEFAULT_AGENT``). A grid over ``"agents"`` sweeps personas:
    ``{"agents": [["strategist:cooperation=0"] * 4, ["strategist:cooperation=1"] * 4]}``;
    its ``agents`` column names the line-up (one label per seat, joined by ",").
    ``precision=`` / ``headline=`` / ``on_partial=`` as in :func:`ccg.simulate`, per cell: each cell
    stops once its own headline interval is within ± ``precision`` (``n_games`` is the cap).
    """
    spec = get_spec(game)
    check_count("n_games", n_games)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, got {seed!r}")
    backend = check_backend(backend, client, workers)
    if chunk_size is not None:
        check_count("chunk_size", chunk_size, 1)
    limit = spec.max_actions if max_actions is None else check_count("max_actions", max_actions, 1)
    cells = grid_cells(game, grid, players, agents, options)
    precision = check_precision(precision)
    for c in cells:
        check_headline(headline, c["players"])
    if out is not None:
        check_output(out, "out")
    locate = locate_game(spec.name)
    jobs = [
        (GameJob(game, c["players"], c["options"], c["agents"], seed, (i,), limit, extra={**c["columns"], "cell": i},
                 locate=locate), n_games)
        for i, c in enumerate(cells)
    ]
    final = run_progressive(jobs, backend, client, workers, precision=precision, headline=headline,
                            chunk_size=chunk_size, progress=progress, desc=f"{game} sweep", on_partial=on_partial)
    df = games_frame(final.rows)
    if not len(df):
        df = pd.DataFrame(columns=[*(cells[0]["columns"] if cells else []), "cell", "game", "seed"])
    warn_truncated(df, limit)
    if out is not None:
        write_frame(df, out)
    return df
