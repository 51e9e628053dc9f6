"""Catan and untrusted input: layouts travel as data, nothing shared is handed out, determinizations are valid."""
from __future__ import annotations

import builtins
import json
import os
import random

import pytest

import ccg
from ccg.core import InvalidPositionError
from ccg.games.catan.data import VP_CARD

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_editing_a_saved_layout_changes_nothing_shared():
    """s.to_dict()["state"]["layout"]["extra"] = 1 once changed s, every later game and every save."""
    s = ccg.new_game("catan", seed=1)
    text = s.to_json()
    layout = s.to_dict()["state"]["layout"]
    layout["extra"] = 1
    layout["hexes"][0]["terrain"] = "desert"
    assert s.to_json() == text
    assert ccg.load_state(text).to_json() == text
    assert ccg.load_state(ccg.new_game("catan", seed=2).to_json()).board.layout == s.board.layout
    with pytest.raises(TypeError):
        s.board.layout["hexes"].append({})


def test_deeply_nested_layouts_are_value_errors_naming_the_option(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text('{"hexes": ' + "[" * 50_000 + "]" * 50_000 + "}", encoding="utf-8")
    with pytest.raises(ValueError, match="option 'layout'.*deeper than"):
        ccg.new_game("catan", layout=str(deep))
    huge = tmp_path / "huge.json"
    huge.write_text('{"hexes": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    with pytest.raises(ValueError, match="option 'layout'"):
        ccg.new_game("catan", layout=str(huge))
    nested: list = []
    for _ in range(100_000):
        nested = [nested]
    with pytest.raises(ValueError, match="hexes"):
        ccg.new_game("catan", layout={"hexes": nested})
    for path in ("/tmp", "/dev/zero", str(tmp_path / "missing.json")):
        with pytest.raises(ValueError, match="option 'layout'"):
            ccg.new_game("catan", layout=path)


def test_a_layout_file_is_read_once_and_the_position_carries_the_data(tmp_path, monkeypatch):
    s = ccg.new_game("catan", seed=3)
    f = tmp_path / "mine.json"
    f.write_text(json.dumps(s.to_dict()["state"]["layout"]), encoding="utf-8")
    mine = ccg.new_game("catan", seed=3, layout=str(f))
    assert isinstance(mine.to_dict()["options"]["layout"], dict)
    f.unlink()
    text = mine.to_json()

    def refuse(*a, **k):
        raise AssertionError("a file was opened")

    monkeypatch.setattr(builtins, "open", refuse)
    monkeypatch.setattr(os, "open", refuse)
    assert ccg.load_state(text).to_json() == text
    d = json.loads(text)
    d["options"]["layout"] = os.path.join(ROOT, "pyproject.toml")
    with pytest.raises(InvalidPositionError, match="carries the layout itself, never a file path"):
        ccg.load_state(json.dumps(d))


def _nine_public_vp_with_hidden_cards():
    """The first seeded random game that reaches an active player other than seat 0 showing 9 public VP and
    holding hidden development cards while VP cards are unseen by seat 0 (the line of play
    where the leak was found)."""
    for seed in range(1, 200):
        s = ccg.new_game("catan", players=4, seed=seed)
        r = random.Random(seed)
        while not s.is_terminal():
            p = s.active
            if (p != 0 and s.seat_to_move == p and s.public_vp(p) == 9 and sum(s.dev[p * 5:p * 5 + 5])
                    and VP_CARD in s.deck):
                return s
            s.apply(r.choice(s.legal_actions()))
    raise AssertionError("no random game reached the position")


@pytest.mark.parametrize("seed", [11, 15, 16, 17, 18, 22, 23, 24, 26])
def test_determinize_never_gives_the_active_player_a_win(seed):
    """The active player shows 9 public VP; the seat determinizing knows he has not won (CAT-11.2), so no
    deal may give him a VP card."""
    s = _nine_public_vp_with_hidden_cards()
    d = s.determinize(0, seed)
    d.check_invariants()
    assert d.vp(d.active) < d.vp_to_win
    assert ccg.load_state(d.to_json()).to_json() == d.to_json()
    assert d.observation(0) == s.observation(0)


def _reach(cfg: dict, phase: str, seed: int = 0):
    s = ccg.new_game("catan", seed=seed, **cfg)
    rng = random.Random(seed)
    while not s.is_terminal():
        if s.phase_name == phase:
            return s
        s.apply(rng.choice(s.legal_actions()))
    raise AssertionError(f"no {phase} phase reached")


@pytest.mark.parametrize("cfg, phase, edit, message", [
    ({"players": 4}, "discard", lambda d: d["discard"].__setitem__(d["cur"], 40), "more discards than cards"),
    ({"players": 4}, "discard", lambda d: d.update(phase="main", cur=d["active"]), "discards are owed only"),
    ({"players": 5}, "special_building", lambda d: d.__setitem__("cur", (d["cur"] + 1) % 5), "clockwise"),
    ({"players": 4}, "main", lambda d: d.__setitem__("cur", (d["active"] + 1) % 4), "active player acts"),
    ({"players": 4}, "main", lambda d: d.__setitem__("offer", [1] + [0] * 6 + [1] + [0] * 4),
     "offer is open only"),
    ({"players": 4}, "setup_settlement", lambda d: d.__setitem__("cur", (d["cur"] + 1) % 4), "set-up placements"),
])
def test_turn_bookkeeping_is_checked_on_load(cfg, phase, edit, message):
    """Mutated positions that once loaded and then ran out of legal actions or broke invariants later."""
    s = _reach(cfg, phase)
    d = json.loads(s.to_json())
    edit(d["state"])
    with pytest.raises(InvalidPositionError, match=message):
        ccg.load_state(json.dumps(d))
