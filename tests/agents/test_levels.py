"""Strategist levels (``strategist:level=1`` … ``level=5``): parsing and bad input, each level playing as its level
says, the choices of the Table, the classroom dashboard and the command line reaching the agent, and a small
ladder that could fail (the long ladder is benchmarks/levels_ladder.py, BENCHMARKS.md "Levels")."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

import ccg
from ccg.agents import StrategistAgent, make_agent
from ccg.agents.levels import LEVELS, level_of, level_presets, with_level

ROOT = Path(__file__).resolve().parents[2]


def benchmark_module(name: str) -> ModuleType:
    """A script of ``benchmarks/`` imported by path (it is not a package)."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", ROOT / "benchmarks" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("level", LEVELS)
def test_a_level_is_parsed_kept_and_shown(level):
    agent = make_agent(f"strategist:level={level}:investor=0.2", 3)
    assert isinstance(agent, StrategistAgent) and agent.level == level and agent.persona == {"investor": 0.2}
    assert agent.spawn(9).level == level and f"level={level}" in agent.label
    assert make_agent("strategist", 3).level is None


@pytest.mark.parametrize("text", ["level=0", "level=6", "level=x", "level=2.5", "level=true", "level=-1"])
def test_a_bad_level_is_a_clear_error(text):
    with pytest.raises(ValueError, match=r"level must be a whole number from 1 \(easiest\) to 5 \(strongest\)"):
        make_agent(f"strategist:{text}", 1)


def test_with_level_sets_strategist_seats_only():
    assert with_level("strategist:cooperation=0.8", 2) == "strategist:cooperation=0.8:level=2"
    assert with_level("strategist:level=5", 2) == "strategist:level=5"  # a seat's own level stays
    assert with_level("random", 2) == "random"
    with pytest.raises(ValueError, match="level"):
        with_level("strategist", 9)


def _positions(game: str, players: int, n: int, seed: int = 4):
    """Positions with a choice along one strategist game."""
    state = ccg.new_game(game, players=players, seed=seed)
    players_ = [make_agent("strategist", 100 + p) for p in range(players)]
    out = []
    while not state.is_terminal() and len(out) < n:
        if len(state.legal_actions()) > 1:
            out.append(state.clone())
        state.apply(players_[state.current_player].act(state))
    return out


def _differs(spec: str, positions, seed: int = 7) -> float:
    """The share of ``positions`` where an agent of ``spec`` plays another move than the plain strategist."""
    different = 0
    for k, state in enumerate(positions):
        plain = make_agent("strategist", seed + k).act(state)
        other = make_agent(spec, seed + k).act(state)
        different += plain != other
    return different / len(positions)


def test_levels_below_the_strategist_play_its_moves_with_more_noise_the_lower_they_are():
    positions = _positions("chicago_express", 3, 60)
    assert _differs("strategist:level=5", positions) == 0  # level 5 is the plain strategist
    share = {level: _differs(f"strategist:level={level}", positions) for level in (1, 4)}
    assert share[1] > 0.3 and share[1] > share[4] > 0  # 0.6 of its moves random at level 1, one in ten at level 4


def test_level_5_is_the_plain_strategist_in_every_game():
    assert level_of("co2", 5).noise == 0 and level_of("catan", 5).noise == 0
    assert _differs("strategist:level=5", _positions("catan", 3, 12)) == 0
    assert _differs("strategist:level=5", _positions("co2", 2, 12)) == 0


def test_the_table_offers_the_levels_and_a_chosen_level_reaches_the_seat():
    from ccg.ui import Table

    t = Table("chicago_express", seats=["human", "human", "human"], players=3, seed=2, teacher=True)
    options = [value for _, value in t.seat_boxes[2].options]
    assert all(spec in options for spec in level_presets())
    t.seat_boxes[2].value = "strategist:level=2"
    agent = t.controller.seating.agents[2]
    assert isinstance(agent, StrategistAgent) and agent.level == 2


def test_the_notebook_classroom_offers_the_levels_and_seats_the_chosen_bot():
    from ccg.ui.classroom import Classroom

    room = Classroom("chicago_express", players=3, humans=1, bot="strategist:level=3")
    offered = [value for _, value in room.seat_boxes[1].options]  # (label in the app's language, agent spec)
    assert all(spec in offered for spec in level_presets())
    table = room.table
    assert table is not None
    agent = table.controller.seating.agents[1]
    assert isinstance(agent, StrategistAgent) and agent.level == 3


def test_the_dashboard_level_reaches_the_bots_and_a_bad_level_creates_nothing(tmp_path):
    pytest.importorskip("sqlalchemy")
    from ccg.classroom.bots import bot_seed
    from ccg.classroom.store import StoreError, TableStore
    from ccg.classroom.teacher import create_tables

    store = TableStore(f"sqlite:///{tmp_path / 'c.db'}")
    ids = create_tables(store, {"game": "co2", "tables": 1, "players": 3, "students": 1, "bot": "strategist",
                                "level": "2"})
    kinds = [seat.kind for seat in store.table(ids[0]).seats]
    assert kinds == ["student", "strategist:level=2", "strategist:level=2"]
    assert make_agent(kinds[1], bot_seed(1, 1, 0)).level == 2  # what the bot runner builds for the seat
    before = len(store.tables())
    for bad, words in (("6", "level must be a whole number"), ("x", "level must be a whole number")):
        with pytest.raises(StoreError, match=words):
            create_tables(store, {"game": "co2", "tables": 1, "players": 3, "students": 1, "level": bad})
    with pytest.raises(StoreError, match="applies to strategist bots"):
        create_tables(store, {"game": "co2", "tables": 1, "players": 3, "students": 1, "bot": "random", "level": "2"})
    assert len(store.tables()) == before


def test_the_command_line_level_reaches_the_agents(capsys):
    from ccg.cli import main
    from ccg.cli.play import _agents

    assert _agents("strategist,random,strategist:level=5", 2) == ["strategist:level=2", "random", "strategist:level=5"]
    assert _agents(None, 3, players=2) == ["strategist:level=3"] * 2
    assert main(["tournament", "chicago_express", "--agents", "strategist:level=1,strategist", "--level", "4",
                 "--games", "2", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "strategist:level=1" in out and "strategist:level=4" in out
    assert main(["simulate", "co2", "--level", "0", "--games", "1", "--no-progress"]) == 2
    assert "level must be a whole number" in capsys.readouterr().err


def test_a_short_ladder_level_5_beats_level_1():
    """Eight two-player Chicago Express games, seats rotated: level 5 must take the head-to-head with the 95 %
    interval above an even share, and rate above level 1 (the long ladder: benchmarks/levels_ladder.py)."""
    pytest.importorskip("openskill")
    ladder = benchmark_module("levels_ladder")
    match = ladder.play_match("chicago_express", 5, 1, n_games=8, players=2, seed=31, workers=1)
    row = ladder.head_to_head([match]).iloc[0]
    assert row["games"] == 8 and row["ci_low"] > 0.5
    rating = ladder.ratings([match]).set_index("level")
    assert rating.loc[5, "mu"] > rating.loc[1, "mu"]


def test_noise_draws_from_the_agents_own_stream():
    """Two level-1 agents with one seed play the same moves (the noise is seeded, not global)."""
    state = _positions("co2", 2, 5)[-1]
    assert make_agent("strategist:level=1", 5).act(state) == make_agent("strategist:level=1", 5).act(state)
