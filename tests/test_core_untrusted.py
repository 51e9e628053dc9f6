"""Untrusted input in the core: user files read safely, JSON depth-checked, options read-only, records honest."""
from __future__ import annotations

import copy
import json
import os
import pickle

import pytest

import ccg
from ccg.core import InvalidPositionError


def test_only_regular_files_are_read(tmp_path):
    from ccg.core.files import read_text_file

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)  # opening it for reading would block forever
    for path, message in [(tmp_path, "not a regular file"), (fifo, "not a regular file"),
                          ("/dev/zero", "not a regular file"), (tmp_path / "missing.json", "cannot open"),
                          ("", "not a file path"), (42, "expected a file path")]:
        with pytest.raises(ValueError, match=f"option 'layout': .*{message}"):
            read_text_file(path, "layout")


def test_reads_are_capped_and_decoded(tmp_path):
    from ccg.core.files import read_text_file

    big = tmp_path / "big.json"
    big.write_bytes(b" " * 2000)
    with pytest.raises(ValueError, match="larger than 1,000 bytes"):
        read_text_file(big, "layout", limit=1000)
    latin = tmp_path / "latin.json"
    latin.write_bytes("{\"name\": \"caf\xe9\"}".encode("latin-1"))
    with pytest.raises(ValueError, match="not UTF-8"):
        read_text_file(latin, "layout")
    ok = tmp_path / "ok.json"
    ok.write_text('{"a": 1}', encoding="utf-8")
    assert read_text_file(ok, "layout") == '{"a": 1}'


def test_json_nesting_is_checked_before_decoding():
    from ccg.core.files import MAX_DEPTH, loads_json, too_deep

    deep = "[" * 100_000 + "]" * 100_000
    assert too_deep(deep) and not too_deep('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}')
    with pytest.raises(ValueError, match=f"deeper than {MAX_DEPTH}"):
        loads_json(deep, "layout")
    with pytest.raises(ValueError, match="not valid JSON"):
        loads_json('{"a": NaN}', "layout")
    with pytest.raises(InvalidPositionError, match="nested deeper"):
        ccg.load_state('{"format": "ccg-state", "state": ' + deep + "}")


def test_frozen_data_is_read_only_but_behaves_like_json():
    from ccg.core.frozen import FrozenDict, FrozenList, freeze, thaw

    data = freeze({"rules": {"x": [1, 2]}, "n": 3})
    assert isinstance(data, dict) and type(data["rules"]["x"]) is FrozenList
    assert data == {"rules": {"x": [1, 2]}, "n": 3} and json.loads(json.dumps(data)) == data
    for edit in (lambda: data.__setitem__("n", 4), lambda: data["rules"].pop("x"), lambda: data["rules"]["x"].append(3),
                 lambda: data.update(n=1), lambda: data["rules"]["x"].sort()):
        with pytest.raises(TypeError, match="read-only"):
            edit()
    assert pickle.loads(pickle.dumps(data)) == data and type(pickle.loads(pickle.dumps(data))) is FrozenDict
    assert copy.deepcopy(data) is data and freeze(data) is data
    plain = thaw(data)
    plain["rules"]["x"].append(3)
    assert data["rules"]["x"] == [1, 2] and type(plain) is dict


def test_options_are_shared_read_only_and_handed_out_as_copies():
    s = ccg.new_game("chicago_express", players=3, seed=1, rules={"meter.build": 6})
    child = s.child(s.legal_actions()[0])
    with pytest.raises(TypeError):
        s.options["rules"]["meter.build"] = 99
    for handed in (s.to_dict()["options"], s.record()["options"], s.observation(0)["options"]):
        handed["rules"]["meter.build"] = 99  # an edited copy, e.g. to save a variant
    assert s.options["rules"]["meter.build"] == 6 and child.options["rules"]["meter.build"] == 6
    assert ccg.load_state(s.to_json()) == s and ccg.load_state(child.to_json()) == child


def test_an_edited_observation_leaves_the_save_loadable():
    """Chicago Express: editing what observation() returns once made the game's save unloadable."""
    s = ccg.new_game("chicago_express", players=4, seed=2)
    obs = s.observation(1)
    obs["options"]["rules"] = {"meter.auction": 999}
    obs["state"]["cash"][0] = -5
    assert ccg.load_state(s.to_json()).to_json() == s.to_json()
    assert s.options == {} and s.cash[0] >= 0


def test_record_refuses_a_state_marked_as_edited():
    s = ccg.new_game("toy", seed=3)
    s.apply("roll")
    assert s.replayable and ccg.replay(s.record()) == s
    s.banked[0] += 5  # edited by hand …
    s.mark_edited()  # … and said so
    assert not s.replayable
    with pytest.raises(ValueError, match="edited"):
        s.record()
    loaded = ccg.load_state(s.to_json())
    assert not loaded.replayable and loaded.to_json() == s.to_json()


def test_a_hand_edited_json_claiming_replayable_is_not_replayable():
    """CO2: edit a VP in the JSON, keep "replayable": true — the loader replays and finds out."""
    s = ccg.new_game("co2", players=3, seed=4)
    for _ in range(20):
        s.apply(s.legal_actions()[0])
    d = json.loads(s.to_json())
    d["state"]["vp"][1] += 7
    assert d["replayable"] is True
    edited = ccg.load_state(json.dumps(d))
    assert edited.vp[1] == s.vp[1] + 7 and not edited.replayable
    with pytest.raises(ValueError):
        edited.record()
    assert ccg.load_state(s.to_json()).replayable  # the untouched position still replays


def test_a_game_is_named_by_text():
    for name in (["co2"], {"co2": 1}, 3, None):
        with pytest.raises(ValueError, match="named by text"):
            ccg.new_game(name)


def test_chicago_express_start_player_and_detroit_are_checked_on_load():
    """Mutations that loaded and then broke invariants plies later (CE-3.7, CE-9.5)."""
    s = ccg.new_game("chicago_express", players=3, seed=1)
    while s.opening == 0:
        s.apply(s.legal_actions()[-1])
    d = json.loads(s.to_json())
    d["state"]["start_player"] = -1
    with pytest.raises(InvalidPositionError, match="names the start player"):
        ccg.load_state(json.dumps(d))
    while s.phase != 1 or not s.dividend_phases:  # CHOOSE, after a dividend phase
        s.apply(s.legal_actions()[0])
    d = json.loads(s.to_json())
    d["state"]["dividend_phases"] += 4
    with pytest.raises(InvalidPositionError, match="Detroit"):
        ccg.load_state(json.dumps(d))
