"""The ``ccg`` command line: simulate, sweep, tournament, games, describe.

Every sub-command validates its arguments before playing anything; a bad
argument prints one line ``ccg <command>: error: …`` to stderr and exits with
status 2. ``python -m ccg`` is the same program.
"""
from __future__ import annotations

import argparse
import sys
from typing import Any, Sequence

EPILOG_AGENTS = (
    "Agents: strategist (each game's own plan; the default), random, greedy, mcts. Settings follow a colon: "
    "strategist:cooperation=0.8 (CO2), strategist:sequester=0.3 (Oil Springs), strategist:investor=0.5 "
    "(Chicago Express), mcts:200 (200 iterations per move), mcts:seconds=0.5, "
    "mcts:iterations=500:rollout_depth=20:c=1.0, greedy:samples=8. Levels a student can choose: "
    "strategist:level=1 (easiest) to strategist:level=5 (strongest), or --level N for every strategist seat."
)


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors (exit status 2)."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _text_value(text: str) -> Any:
    low = text.strip().lower()
    if low in {"true", "yes", "on"}:
        return True
    if low in {"false", "no", "off"}:
        return False
    if low in {"none", "null"}:
        return None
    for kind in (int, float):
        try:
            return kind(low)
        except ValueError:
            pass
    return text.strip()


def _typed(default: Any, text: str) -> Any:
    """Parse ``text`` as the type of ``default`` where it is known (else guess)."""
    if isinstance(default, bool):
        value = _text_value(text)
        if not isinstance(value, bool):
            raise ValueError(f"expected true or false, got {text!r}")
        return value
    if isinstance(default, str):
        return text.strip()
    return _text_value(text)


def _pair(text: str, what: str) -> tuple[str, str]:
    if "=" not in text:
        raise ValueError(f"{what} must look like key=value, got {text!r}")
    key, value = text.split("=", 1)
    if not key.strip():
        raise ValueError(f"{what} must look like key=value, got {text!r}")
    return key.strip(), value


def _options(game: str, option_args: Sequence[str], rule_args: Sequence[str]) -> dict[str, Any]:
    """--option k=v and --rule name=value -> new_game keyword options (typed by the game's spec)."""
    from .core.registry import get_spec
    from .core.rules import unknown_name_error

    spec = get_spec(game)
    options: dict[str, Any] = {}
    for text in option_args:
        key, value = _pair(text, "--option")
        if key == "rules":
            raise ValueError("set rules with --rule name=value")
        if key not in spec.options:
            raise unknown_name_error(f"option for {game}", key, [k for k in spec.options if k != "rules"])
        options[key] = _typed(spec.options[key].default, value)
    rules: dict[str, Any] = {}
    for text in rule_args:
        key, value = _pair(text, "--rule")
        if key not in spec.rules:
            raise unknown_name_error(f"rule of {game}", key, spec.rules)
        rules[key] = _typed(spec.rules[key].default, value)
    if rules:
        options["rules"] = rules
    return options


def _grid(game: str, grid_args: Sequence[str]) -> dict[str, list]:
    """--grid key=v1,v2 (agents line-ups separated by '|') -> a sweep grid."""
    from .core.registry import get_spec

    spec = get_spec(game)
    grid: dict[str, list] = {}
    for text in grid_args:
        key, values = _pair(text, "--grid")
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
        grid[key] = [_typed(default, v) for v in values.split(",") if v.strip()]
    if not grid:
        raise ValueError("give at least one --grid key=value1,value2")
    return grid


def _agents(text: str | None, level: int | None = None, players: int | None = None) -> list[str] | None:
    """--agents as a list; with --level, every strategist seat without a level plays at that level (no
    --agents: ``players`` strategists of that level)."""
    from .agents.base import parse_agent_spec
    from .agents.levels import level_spec, with_level

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


def _players(args, grid: dict | None = None) -> int:
    """The player count --level's strategists fill when no --agents are given."""
    from .core.registry import get_spec

    if args.level is not None and args.agents is None and grid and "players" in grid:
        raise ValueError("--level without --agents fills one player count; with a players grid give --agents")
    return args.players or get_spec(args.game).default_players


def _level(p: argparse.ArgumentParser) -> None:
    p.add_argument("--level", type=int, metavar="N",
                   help="strategist level 1 (easiest) to 5 (strongest) for every strategist seat (see "
                        "ccg/agents/README.md, 'Levels')")


SCHEDULER_TIMEOUT = 3  # seconds to reach a Dask scheduler before giving up with a clear error


def _client(args) -> Any:
    if getattr(args, "scheduler", None):
        try:
            from dask.distributed import Client
        except ImportError:
            raise ValueError("--scheduler needs dask.distributed: pip install 'ccg[dask]'") from None
        try:
            return Client(args.scheduler, timeout=SCHEDULER_TIMEOUT)
        except Exception as e:  # OSError (unreachable, timed out), ValueError (a malformed address) …
            raise ValueError(f"--scheduler {args.scheduler}: cannot reach a Dask scheduler there "
                             f"({type(e).__name__}: {e})") from None
    return None


def _check_outputs(args) -> None:
    """Every output file is checked before a game is played (format from the ending, writable)."""
    from .analysis.frames import check_output

    for flag in ("out", "trajectories"):
        path = getattr(args, flag, None)
        if path is not None:
            check_output(path, f"--{flag}")


def _common(p: argparse.ArgumentParser, *, players: bool = True) -> None:
    if players:
        p.add_argument("--players", type=int, metavar="N", help="number of players (default: the game's usual count)")
    p.add_argument("--seed", type=int, default=0, metavar="S",
                   help="root seed; every game's seed is derived from it, so runs are reproducible (default 0)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option, e.g. --option variant=beginner (repeatable; see 'ccg describe GAME')")
    p.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                   help="a rule-parameter override, e.g. --rule ppm.coal=50 (repeatable)")
    p.add_argument("--max-actions", type=int, metavar="N",
                   help="safety net: stop a game after N actions and mark it truncated (default: the game's own limit)")
    p.add_argument("--backend", choices=["serial", "processes", "dask"], default="serial",
                   help="where games run: serial (default), a local process pool, or Dask")
    p.add_argument("--workers", type=int, metavar="N",
                   help="worker processes for --backend processes or a local Dask cluster (default: CPU count)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="address of a running Dask scheduler (e.g. tcp://10.0.0.5:8786); implies --backend dask")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def _precision(p: argparse.ArgumentParser) -> None:
    p.add_argument("--precision", type=float, metavar="PM",
                   help="stop once the headline's 95%% interval is within +-PM (e.g. 0.1); --games is then the cap. "
                        "The progress bar shows the running win shares")
    p.add_argument("--headline", metavar="SEAT|COLUMN",
                   help="what --precision applies to: a seat number or a yes/no outcome column such as planet_lost "
                        "(default: every seat's win share)")


def _headline(text: str | None):
    return int(text) if text is not None and text.isdigit() else text


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="ccg",
        description="Play, simulate and sweep climate-economics board games (CO2, Chicago Express, Catan).",
        epilog="Run 'ccg COMMAND --help' for the options of a command.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    sub.add_parser("games", help="list the installed games", description="List the installed games.")
    from .classroom.cli import add_parser as add_classroom_parser

    add_classroom_parser(sub)

    d = sub.add_parser("describe", help="players, options and rule parameters of a game",
                       description="Show a game's player counts, options and rule parameters (the names --option, "
                                   "--rule and --grid accept).")
    d.add_argument("game", help="game name (see 'ccg games')")

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
    _level(s)
    _common(s)
    s.add_argument("--out", metavar="FILE.parquet",
                   help="write the games to Parquet (.parquet, needs pyarrow) or CSV (.csv)")
    s.add_argument("--trajectories", metavar="FILE.parquet",
                   help="also record the game's per-step/per-phase metrics to this file (.parquet or .csv)")
    _precision(s)

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
    _level(w)
    _common(w)
    w.add_argument("--chunk-size", type=int, metavar="N", help="games per task sent to a worker (default: automatic)")
    w.add_argument("--out", metavar="FILE.parquet",
                   help="write the games to Parquet (.parquet, needs pyarrow) or CSV (.csv)")
    _precision(w)

    t = sub.add_parser(
        "tournament", help="win rates of agents, seats rotated, with 95%% confidence intervals",
        description="Play agents against each other with seats rotated; print each agent's win rate with a 95%% "
                    "Wilson interval (shared wins count as fractions).",
        epilog=EPILOG_AGENTS + " Example: ccg tournament chicago_express --agents mcts:200,greedy,greedy --games 60",
    )
    t.add_argument("game", help="game name (see 'ccg games')")
    t.add_argument("--agents", required=True, metavar="A,B,...", help="one agent per seat (this sets the player count)")
    t.add_argument("--games", type=int, default=100, metavar="N", help="number of games (default 100)")
    _level(t)
    _common(t, players=False)
    t.add_argument("--out", metavar="FILE.csv", help="write the win-rate table as CSV (.csv) or Parquet (.parquet)")
    return parser


def _summary(df, by: list[str] | None = None) -> str:
    import pandas as pd

    if not len(df):
        return "no games played"
    seats = [c for c in df.columns if c.startswith("score_") and c[6:].isdigit()]

    def stats(g) -> pd.Series:
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


def _run(args, parser: argparse.ArgumentParser) -> int:
    import ccg

    if args.command == "games":
        for name in ccg.list_games():
            print(name)
        return 0
    if args.command == "classroom":
        from .classroom.cli import run as run_classroom

        return run_classroom(args)
    if args.command == "describe":
        info = ccg.describe(args.game)
        print(f"{info['title']} ({info['game']}): {info['players'][0]}–{info['players'][1]} players, "
              f"default {info['default_players']}")
        for k, o in info["options"].items():
            if k != "rules":
                choices = f" {list(o['choices'])}" if o["choices"] else ""
                print(f"  option {k} = {o['default']!r}{choices}: {o['doc']}")
        for k, r in info["rules"].items():
            print(f"  rule {k} = {r['default']!r}: {r['doc']}")
        return 0
    for name in ("games", "workers", "max_actions", "chunk_size"):
        value = getattr(args, name, None)
        if value is not None and value < (0 if name == "games" and args.command != "tournament" else 1):
            lowest = 0 if name == "games" and args.command != "tournament" else 1
            raise ValueError(f"--{name.replace('_', '-')} must be at least {lowest}, got {value}")
    backend = "dask" if args.scheduler else args.backend
    options = _options(args.game, args.option, args.rule)
    _check_outputs(args)
    common = dict(seed=args.seed, max_actions=args.max_actions, backend=backend, workers=args.workers,
                  progress=not args.no_progress)
    if args.command == "simulate":
        client = _client(args)
        try:
            result = ccg.simulate(args.game, players=args.players, n_games=args.games, agents=_agents(args.agents, args.level, _players(args)),
                                  client=client, trajectories=bool(args.trajectories), out=args.out,
                                  precision=args.precision, headline=_headline(args.headline), **common, **options)
        finally:
            if client is not None:
                client.close()
        games = result.games if args.trajectories else result
        if args.trajectories:
            from .analysis.frames import write_frame

            write_frame(result.trajectories, args.trajectories)
        print(_summary(games))
        if games.attrs.get("stopped_by") == "precision":
            print(f"stopped after {len(games)} of {args.games} games: the 95% interval is within +-{args.precision:g}")
        if args.out:
            print(f"{len(games)} games written to {args.out}")
        return 0
    if args.command == "sweep":
        grid = _grid(args.game, args.grid)
        client = _client(args)
        try:
            df = ccg.sweep(args.game, grid, n_games=args.games, agents=_agents(args.agents, args.level, _players(args, grid)),
                           players=args.players,
                           client=client, chunk_size=args.chunk_size, out=args.out, precision=args.precision,
                           headline=_headline(args.headline), **common, **options)
        finally:
            if client is not None:
                client.close()
        print(_summary(df, list(grid)))
        if args.out:
            print(f"{len(df)} games written to {args.out}")
        return 0
    if args.command == "tournament":
        client = _client(args)
        try:
            table = ccg.tournament(args.game, _agents(args.agents, args.level), n_games=args.games, client=client,
                                   **common, **options)
        finally:
            if client is not None:
                client.close()
        print(table.round(3).to_string(index=False))
        if args.out:
            from .analysis.frames import write_frame

            write_frame(table, args.out)
        return 0
    parser.print_help()
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``ccg`` command (and ``python -m ccg``); returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help (0) or a bad argument (2), already printed
        return int(exc.code or 0)
    if args.command is None:
        parser.print_help()
        return 2
    from .analysis.backends import WorkersFailed

    prog = f"ccg {args.command}"
    try:
        return _run(args, parser)
    except (ValueError, ImportError) as exc:  # a bad argument: one line, status 2
        message = " ".join(str(exc).split())
        print(f"{prog}: error: {message}", file=sys.stderr)
        return 2
    except WorkersFailed as exc:
        print(f"{prog}: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # pragma: no cover - interactive
        print("interrupted", file=sys.stderr)
        return 130
