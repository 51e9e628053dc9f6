"""``ccg games``, ``ccg describe``, ``ccg simulate``, ``ccg sweep`` and ``ccg tournament``.

Each command validates its arguments before playing anything. The analysis stack (pandas, the
process pools) is imported when a command runs, so ``ccg --help`` does not pay for it.
"""
from __future__ import annotations

import argparse
from typing import Any, Callable, Sequence

from ..core.option_text import key_value, options_from_text, typed_value
from ..core.registry import get_spec, list_games
from .parsing import CommandFailed, add_common, add_precision

__all__ = ["add_parsers"]

EPILOG_AGENTS = (
    "Agents: strategist (each game's own plan; the default), random, greedy, mcts. Settings follow a colon: "
    "strategist:cooperation=0.8 (CO2), strategist:sequester=0.3 (Oil Springs), strategist:investor=0.5 "
    "(Chicago Express), mcts:200 (200 iterations per move), mcts:seconds=0.5, "
    "mcts:iterations=500:rollout_depth=20:c=1.0, greedy:samples=8. Levels a student can choose: "
    "strategist:level=1 (easiest) to strategist:level=5 (strongest), or --level N for every strategist seat."
)

SCHEDULER_TIMEOUT = 3  # seconds to reach a Dask scheduler before giving up with a clear error


# ---- the parsers -------------------------------------------------------------------------------------
def add_parsers(sub: Any) -> None:
    """Add the game and analysis commands to the ``ccg`` parser's sub-commands."""
    games = sub.add_parser("games", help="list the installed games", description="List the installed games.")
    games.set_defaults(run=run_games)
    _add_describe(sub)
    _add_simulate(sub)
    _add_sweep(sub)
    _add_tournament(sub)


def _add_describe(sub: Any) -> None:
    d = sub.add_parser("describe", help="players, options and rule parameters of a game",
                       description="Show a game's player counts, options and rule parameters (the names --option, "
                                   "--rule and --grid accept).")
    d.add_argument("game", help="game name (see 'ccg games')")
    d.set_defaults(run=run_describe)


def _add_simulate(sub: Any) -> None:
    s = sub.add_parser(
        "simulate", help="play many seeded games, one row per game",
        description="Play many seeded games and write one row per game (seed, scores, winners, actions, the "
                    "game's outcome columns).",
        epilog=EPILOG_AGENTS + " Example: ccg simulate co2 --players 4 --games 1000 "
                               "--agents mcts,random,random,random --out results.parquet",
    )
    s.add_argument("game", help="game name (see 'ccg games')")
    s.add_argument("--games", type=int, default=100, metavar="N", help="number of games (default 100)")
    s.add_argument("--agents", metavar="A,B,...",
                   help="one agent per seat, comma-separated (default: strategist in every seat)")
    add_common(s)
    s.add_argument("--out", metavar="FILE.parquet",
                   help="write the games to Parquet (.parquet, needs pyarrow) or CSV (.csv)")
    s.add_argument("--trajectories", metavar="FILE.parquet",
                   help="also record the game's per-step/per-phase metrics to this file (.parquet or .csv)")
    add_precision(s)
    _add_level(s)
    s.set_defaults(run=run_simulate)


def _add_sweep(sub: Any) -> None:
    w = sub.add_parser(
        "sweep", help="cross rule parameters and options, many games per combination",
        description="Play --games seeded games in every combination of the --grid values; one row per game with "
                    "the grid values as columns.",
        epilog="Grid keys: players, any option (e.g. variant), rules.<name> for a rule parameter (see 'ccg describe "
               "GAME'), and agents (line-ups separated by '|', e.g. --grid 'agents=mcts,random|random,random' or "
               "--grid 'agents=strategist:cooperation=0,strategist:cooperation=0|strategist:cooperation=1,"
               "strategist:cooperation=1' for two-player CO2). "
               + EPILOG_AGENTS + " Example: ccg sweep co2 --grid rules.ppm.coal=30,40,50 --grid players=3,4 "
                                 "--games 200 --backend processes --out sweep.parquet",
    )
    w.add_argument("game", help="game name (see 'ccg games')")
    w.add_argument("--grid", action="append", default=[], metavar="KEY=V1,V2,...",
                   help="a grid dimension (repeatable); every combination of values is one cell")
    w.add_argument("--games", type=int, default=100, metavar="N", help="games per grid cell (default 100)")
    w.add_argument("--agents", metavar="A,B,...", help="one agent per seat for every cell (default: strategist in every seat)")
    add_common(w)
    w.add_argument("--chunk-size", type=int, metavar="N", help="games per task sent to a worker (default: automatic)")
    w.add_argument("--out", metavar="FILE.parquet",
                   help="write the games to Parquet (.parquet, needs pyarrow) or CSV (.csv)")
    add_precision(w)
    _add_level(w)
    w.set_defaults(run=run_sweep)


def _add_tournament(sub: Any) -> None:
    t = sub.add_parser(
        "tournament", help="win rates of agents, seats rotated, with 95%% confidence intervals",
        description="Play agents against each other with seats rotated; print each agent's win rate with a 95%% "
                    "Wilson interval (shared wins count as fractions).",
        epilog=EPILOG_AGENTS + " Example: ccg tournament chicago_express --agents mcts:200,greedy,greedy --games 60",
    )
    t.add_argument("game", help="game name (see 'ccg games')")
    t.add_argument("--agents", required=True, metavar="A,B,...", help="one agent per seat (this sets the player count)")
    t.add_argument("--games", type=int, default=100, metavar="N", help="number of games (default 100)")
    add_common(t, players=False)
    t.add_argument("--out", metavar="FILE.csv", help="write the win-rate table as CSV (.csv) or Parquet (.parquet)")
    _add_level(t)
    t.set_defaults(run=run_tournament)


# ---- the commands --------------------------------------------------------------------------------------
def run_games(args: argparse.Namespace) -> int:
    for name in list_games():
        print(name)
    return 0


def run_describe(args: argparse.Namespace) -> int:
    spec = get_spec(args.game)
    print(f"{spec.title} ({spec.name}): {spec.min_players}–{spec.max_players} players, "
          f"default {spec.default_players}")
    for k, o in spec.options.items():
        if k != "rules":
            choices = f" {list(o.choices)}" if o.choices else ""
            print(f"  option {k} = {o.default!r}{choices}: {o.doc}")
    for k, r in spec.rules.items():
        print(f"  rule {k} = {r.default!r}: {r.doc}")
    return 0


def run_simulate(args: argparse.Namespace) -> int:
    from ..analysis.frames import write_frame  # the analysis stack (pandas) loads when a command runs
    from ..analysis.simulate import simulate

    common = _prepare(args)
    result = _with_client(args, lambda client: simulate(
        args.game, players=args.players, n_games=args.games, agents=_agents(args.agents, args.level, _players(args)), client=client,
        trajectories=bool(args.trajectories), out=args.out, precision=args.precision,
        headline=_headline(args.headline), **common))
    games = result.games if args.trajectories else result
    if args.trajectories:
        write_frame(result.trajectories, args.trajectories)
    print(_summary(games))
    if games.attrs.get("stopped_by") == "precision":
        print(f"stopped after {len(games)} of {args.games} games: the 95% interval is within +-{args.precision:g}")
    if args.out:
        print(f"{len(games)} games written to {args.out}")
    return 0


def run_sweep(args: argparse.Namespace) -> int:
    from ..analysis.sweep import sweep  # the analysis stack (pandas) loads when a command runs

    common = _prepare(args)
    grid = grid_from_text(args.game, args.grid)
    df = _with_client(args, lambda client: sweep(
        args.game, grid, n_games=args.games, agents=_agents(args.agents, args.level, _players(args, grid)),
        players=args.players, client=client,
        chunk_size=args.chunk_size, out=args.out, precision=args.precision, headline=_headline(args.headline),
        **common))
    print(_summary(df, list(grid)))
    if args.out:
        print(f"{len(df)} games written to {args.out}")
    return 0


def run_tournament(args: argparse.Namespace) -> int:
    from ..analysis.frames import write_frame  # the analysis stack (pandas) loads when a command runs
    from ..analysis.tournament import tournament

    common = _prepare(args)
    table = _with_client(args, lambda client: tournament(args.game, _agents(args.agents, args.level) or [], n_games=args.games,
                                                         client=client, **common))
    print(table.round(3).to_string(index=False))
    if args.out:
        write_frame(table, args.out)
    return 0


# ---- what the commands share -----------------------------------------------------------------------------
def _prepare(args: argparse.Namespace) -> dict[str, Any]:
    """Check the counts, options and output files (before anything is played); the keyword arguments every
    analysis function takes."""
    _check_counts(args)
    options = options_from_text(args.game, args.option, args.rule)
    _check_outputs(args)
    backend = "dask" if args.scheduler else args.backend
    return dict(seed=args.seed, max_actions=args.max_actions, backend=backend, workers=args.workers,
                progress=not args.no_progress, **options)


def _check_counts(args: argparse.Namespace) -> None:
    for name in ("games", "workers", "max_actions", "chunk_size"):
        value = getattr(args, name, None)
        lowest = 0 if name == "games" and args.command != "tournament" else 1
        if value is not None and value < lowest:
            raise ValueError(f"--{name.replace('_', '-')} must be at least {lowest}, got {value}")


def _check_outputs(args: argparse.Namespace) -> None:
    """Every output file is checked before a game is played (format from the ending, writable)."""
    from ..analysis.frames import check_output  # the analysis stack (pandas) loads when a command runs

    for flag in ("out", "trajectories"):
        path = getattr(args, flag, None)
        if path is not None:
            check_output(path, f"--{flag}")


def _with_client(args: argparse.Namespace, call: Callable[[Any], Any]) -> Any:
    """``call(client)`` with the Dask client of ``--scheduler`` (None without), closed afterwards; workers that
    failed become :class:`CommandFailed`."""
    from ..analysis.progressive import WorkersFailed  # the analysis stack loads when a command runs

    client = _client(args)
    try:
        return call(client)
    except WorkersFailed as exc:
        raise CommandFailed(str(exc)) from exc
    finally:
        if client is not None:
            client.close()


def _client(args: argparse.Namespace) -> Any:
    if not args.scheduler:
        return None
    try:
        from dask.distributed import Client  # optional: the dask extra
    except ImportError:
        raise ValueError("--scheduler needs dask.distributed: pip install 'ccg[dask]'") from None
    try:
        return Client(args.scheduler, timeout=SCHEDULER_TIMEOUT)
    except Exception as e:  # OSError (unreachable, timed out), ValueError (a malformed address) …
        raise ValueError(f"--scheduler {args.scheduler}: cannot reach a Dask scheduler there "
                         f"({type(e).__name__}: {e})") from None


def grid_from_text(game: str, grid_args: Sequence[str]) -> dict[str, list[Any]]:
    """--grid key=v1,v2 (agents line-ups separated by '|') -> a sweep grid, typed by the game's spec."""
    spec = get_spec(game)
    grid: dict[str, list[Any]] = {}
    for text in grid_args:
        key, values = key_value(text, "--grid")
        if key in grid:
            raise ValueError(f"--grid {key} is given twice")
        if key == "agents":
            grid[key] = [v.strip() for v in values.split("|") if v.strip()]
            continue
        default: Any = None
        if key.startswith("rules.") and key[6:] in spec.rules:
            default = spec.rules[key[6:]].default
        elif key in spec.options:
            default = spec.options[key].default
        grid[key] = [typed_value(default, v) for v in values.split(",") if v.strip()]
    if not grid:
        raise ValueError("give at least one --grid key=value1,value2")
    return grid


def _agents(text: str | None, level: int | None = None, players: int | None = None) -> list[str] | None:
    """--agents as a list; with --level, every strategist seat without a level plays at that level (no
    --agents: ``players`` strategists of that level)."""
    from ..agents.base import parse_agent_spec  # the agents load when a command runs, not for --help
    from ..agents.levels import level_spec, with_level

    if text is None:
        if level is None:
            return None
        return [level_spec(level)] * (players or 1)
    agents = [a.strip() for a in text.split(",")]
    if level is not None:
        if not any(parse_agent_spec(a)[0] == "strategist" for a in agents):
            raise ValueError(f"--level applies to strategist seats, and --agents {text!r} has none")
        agents = [with_level(a, level) for a in agents]
    return agents


def _players(args: argparse.Namespace, grid: dict | None = None) -> int:
    """The player count --level's strategists fill when no --agents are given."""
    if args.level is not None and args.agents is None and grid and "players" in grid:
        raise ValueError("--level without --agents fills one player count; with a players grid give --agents")
    return args.players or get_spec(args.game).default_players


def _add_level(p: argparse.ArgumentParser) -> None:
    p.add_argument("--level", type=int, metavar="N",
                   help="strategist level 1 (easiest) to 5 (strongest) for every strategist seat (see "
                        "ccg/agents/README.md, 'Levels')")


def _headline(text: str | None) -> int | str | None:
    return int(text) if text is not None and text.isdigit() else text


def _summary(df: Any, by: list[str] | None = None) -> str:
    """Games, mean actions and each seat's win share (per grid cell with ``by``) as a text table."""
    import pandas as pd  # loads when a command runs

    if not len(df):
        return "no games played"
    seats = [c for c in df.columns if c.startswith("score_") and c[6:].isdigit()]

    def stats(g: Any) -> pd.Series:
        out = {"games": len(g), "mean actions": g.actions.mean(), "no winner": (g.n_winners == 0).mean()}
        for c in seats:
            seat = int(c[6:])
            present = g[c].notna().any()
            out[f"win seat {seat}"] = sum(1 / len(w) for w in g.winners if seat in w) / len(g) if present else float("nan")
        for c in g.columns:  # yes/no outcome columns of the game, e.g. planet_lost
            if c != "truncated" and g[c].dtype == bool:
                out[c] = g[c].mean()
        return pd.Series(out)

    if by:
        table = df.groupby(by, sort=False).apply(stats, include_groups=False)
    else:
        table = stats(df).to_frame("all games").T
    return table.round(3).to_string()
