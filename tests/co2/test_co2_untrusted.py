"""CO2 and untrusted input: component data travels as data; the loader refuses what would crash play later."""
from __future__ import annotations

import builtins
import json
import os
import tomllib

import pytest

import ccg
from ccg.core import InvalidPositionError, Rng
from ccg.games.co2.data import DEFAULT_PATH

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _mid_game(players=3, seed=5, plies=40, **kw):
    s = ccg.new_game("co2", players=players, seed=seed, **kw)
    rng = Rng(seed)
    for _ in range(plies):
        s.apply(s.legal_actions()[rng.below(len(s.legal_actions()))])
    return s


@pytest.fixture
def no_file_may_open(monkeypatch):
    """Loading a position must not open any file (the shipped components are read before)."""
    ccg.new_game("co2", players=2, seed=0)

    def refuse(*a, **k):
        raise AssertionError(f"a file was opened: {a[:1]}")

    monkeypatch.setattr(builtins, "open", refuse)
    monkeypatch.setattr(os, "open", refuse)


@pytest.mark.parametrize("path", ["/dev/zero", "/tmp", os.path.join(ROOT, "pyproject.toml"), "/no/such/file"],
                         ids=["dev-zero", "directory", "readable-file", "missing"])
def test_a_position_naming_a_component_path_is_refused_without_opening_it(path, no_file_may_open):
    d = json.loads(ccg.new_game("co2", players=2, seed=1).to_json())
    d["options"]["components"] = path
    with pytest.raises(InvalidPositionError, match="carries the component data itself, never a file path") as e:
        ccg.load_state(json.dumps(d))
    assert "build-system" not in str(e.value) and "No such file" not in str(e.value)  # nothing about the server
    record = {"game": "co2", "players": 2, "seed": 1, "options": {"components": path}, "actions": []}
    with pytest.raises(InvalidPositionError, match="never a file path"):
        ccg.replay(record)
    with pytest.raises(InvalidPositionError, match="never a file path"):
        ccg.from_position_string(ccg.core.positions._encode(d))


def test_a_users_component_file_is_read_once_and_saved_as_data(tmp_path):
    text = open(DEFAULT_PATH, encoding="utf-8").read().replace(
        'coins = 10\nresources = 2\nvp = 5', 'coins = 10\nresources = 2\nvp = 7')
    p = tmp_path / "my_co2.toml"
    p.write_text(text, encoding="utf-8")
    s = ccg.new_game("co2", players=3, seed=1, components=str(p))
    data = s.to_dict()["options"]["components"]
    assert isinstance(data, dict) and data["format"] == "ccg-co2-components"
    p.unlink()  # the position no longer needs the file
    again = ccg.load_state(s.to_json())
    assert again.components.plants[1][1].vp == 7 and again == s
    assert ccg.new_game("co2", players=3, seed=1, components=data) == s  # the data itself is an option too


@pytest.mark.parametrize("make, message", [
    (lambda t: "/tmp", "not a regular file"),
    (lambda t: "/dev/zero", "not a regular file"),
    (lambda t: (os.mkfifo(t / "fifo"), str(t / "fifo"))[1], "not a regular file"),
    (lambda t: (t / "big.toml").write_bytes(b"#" * 1_000_001) and str(t / "big.toml"), "larger than"),
    (lambda t: (t / "latin.toml").write_bytes(b'format = "caf\xe9"') and str(t / "latin.toml"), "not UTF-8"),
    (lambda t: (t / "deep.toml").write_text("a = " + "[" * 5000 + "]" * 5000) and str(t / "deep.toml"),
     "nested too deeply|not valid TOML"),
    (lambda t: os.path.join(ROOT, "pyproject.toml"), "unknown field"),
], ids=["directory", "dev-zero", "fifo", "too-big", "latin-1", "deep", "not-components"])
def test_bad_component_files_are_value_errors_naming_the_option(tmp_path, make, message):
    path = make(tmp_path)
    with pytest.raises(ValueError, match=f"option 'components'.*({message})"):
        ccg.new_game("co2", components=path)


def test_non_text_grants_name_the_field():
    with open(DEFAULT_PATH, "rb") as f:
        raw = tomllib.load(f)
    raw["board"]["grants"] = ["money", 1, "research"]
    with pytest.raises(ValueError, match=r"board\.grants\[1\]: Expected `str`, got `int`"):
        ccg.new_game("co2", components=raw)


@pytest.mark.parametrize("edit, field", [
    (lambda d: d["events"].__setitem__(0, 0), "events"),
    (lambda d: d["events"].__setitem__(0, 999), "events"),
    (lambda d: d["events"].__setitem__(1, d["events"][0]), "events"),
    (lambda d: d["un_display"].__setitem__(1, d["un_display"][0]), "un_display"),
    (lambda d: d.__setitem__("start", -1), "start"),
    (lambda d: d.__setitem__("start", 99), "start"),
    (lambda d: d["inst"].pop(), "inst"),
    (lambda d: d["goal"].__setitem__(1, d["goal"][0]), "goal"),
    (lambda d: d["agenda"].__setitem__(1, d["agenda"][0]), "agenda"),
    (lambda d: d["tasks"].insert(0, ["retproj", -1, 0]), "tasks"),
    (lambda d: d["tasks"].__setitem__(0, ["summits", -1]), "tasks"),
    (lambda d: d["tasks"].append(["income", 0, 10**9]), "tasks"),
    (lambda d: d["tasks"].append(["displace", 0, 3]), "tasks"),
    (lambda d: d["coins"].__setitem__(0, 10**9), "coins"),
    (lambda d: d["sci"].__setitem__(0, 50), "sci"),
    (lambda d: d["traj"].clear(), "traj"),
])
def test_the_loader_refuses_positions_that_would_crash_later(edit, field):
    s = _mid_game()
    d = json.loads(s.to_json())
    edit(d["state"])
    with pytest.raises(InvalidPositionError, match=field):
        ccg.load_state(json.dumps(d))


def test_a_shortened_project_list_no_longer_crashes_plies_later():
    s = _mid_game(players=4, seed=2, plies=10)
    d = json.loads(s.to_json())
    d["state"]["inst"] = d["state"]["inst"][:-3]
    with pytest.raises(InvalidPositionError, match=r"inst: Expected `array` of length >= 18"):
        ccg.load_state(json.dumps(d))


def _in_turns(players=3, seed=5):
    """A random game played until a turn is under way with at least one turn of the round behind it."""
    s = ccg.new_game("co2", players=players, seed=seed)
    rng = Rng(seed)
    while not (s.tasks[0].kind == "turn" and s.turns >= 1):
        s.apply(s.legal_actions()[rng.below(len(s.legal_actions()))])
    return s


def test_turn_order_is_checked_on_load():
    """CO2-5.1: the active player is reached from the start player by the turns played (clockwise); a position
    that contradicts it is refused, naming the fact. CO2-3.3: no turn after the decade's last round."""
    s = _in_turns()
    n = s.num_players
    assert s.active == (s.start + s.turns) % n
    ccg.load_state(s.to_json())  # the real position loads
    d = json.loads(s.to_json())
    d["state"]["start"] = (d["state"]["start"] + 1) % n  # the active player can no longer be reached
    with pytest.raises(InvalidPositionError, match=r"active: .*turn\(s\) after start player seat .*CO2-5.1"):
        ccg.load_state(json.dumps(d))
    d = json.loads(s.to_json())
    d["state"]["turns"] = (d["state"]["turns"] + 1) % n
    with pytest.raises(InvalidPositionError, match=r"turns go clockwise, CO2-5.1"):
        ccg.load_state(json.dumps(d))
    d = json.loads(s.to_json())
    d["state"]["round"] = ccg.games.co2.operations.rounds(s) + 1
    with pytest.raises(InvalidPositionError, match=r"round: .*past the decade's .*CO2-3.3"):
        ccg.load_state(json.dumps(d))


def test_start_player_moved_consistently_still_loads():
    """The check reads the relation, not the values: start, turns and active shifted together still load."""
    s = _in_turns(players=4, seed=3)
    d = json.loads(s.to_json())
    st = d["state"]
    k = (st["active"] + 1) % 4
    st["start"] = (k - st["turns"]) % 4
    st["active"] = k
    st["tasks"][0][1] = k
    assert st["tasks"] == [["turn", k]]  # nothing else on the stack names a seat
    assert ccg.load_state(json.dumps(d)).active == k
