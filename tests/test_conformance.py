"""Protocol conformance: every registered game, every configuration it declares."""
from __future__ import annotations

import json
import random

import numpy as np
import pytest
from conformance import (
    BROKEN,
    GAMES,
    assert_illegal_changes_nothing,
    config_id,
    configurations,
    fingerprint_in_subprocess,
    foreign_actions,
    public_results,
    random_game,
    sample_states,
    scramble,
)

import ccg
from ccg.core import IllegalActionError, InvalidPositionError, get_spec, rule_ids

CONFIGS = configurations()
params = pytest.mark.parametrize("item", CONFIGS, ids=[config_id(c) for c in CONFIGS], indirect=True)


@pytest.fixture
def item(request):
    name, cfg = request.param
    if BROKEN in cfg:
        pytest.fail(f"{name} cannot be loaded: {cfg[BROKEN]}")
    return request.param


@params
def test_random_games_end_and_keep_invariants(item):
    name, cfg = item
    for seed in range(GAMES):
        def visit(state, legal, action):
            state.check_invariants()
            assert state.current_player is not None and 0 <= state.current_player < state.num_players
            assert len(set(map(str, legal))) == len(legal), "two legal actions share a notation"
            for a in legal:
                assert isinstance(a.where, tuple) and all(isinstance(w, str) for w in a.where)

        end = random_game(name, cfg, seed, visit)
        end.check_invariants()
        assert end.is_terminal() and end.current_player is None and end.legal_actions() == []
        scores = end.scores()
        assert len(scores) == end.num_players
        won = end.winners()
        assert all(0 <= w < end.num_players for w in won) and len(set(won)) == len(won)


@params
def test_determinism_in_process_with_disturbed_globals(item):
    name, cfg = item
    random.seed(1)
    np.random.seed(1)
    a = random_game(name, cfg, 11).to_json()
    random.seed(99)
    np.random.seed(99)
    [random.random() for _ in range(5)]
    b = random_game(name, cfg, 11).to_json()
    assert a == b


@params
def test_determinism_across_processes(item):
    name, cfg = item
    first = fingerprint_in_subprocess(name, cfg, 5, hashseed="0", disturb=3)
    second = fingerprint_in_subprocess(name, cfg, 5, hashseed="4242", disturb=8)
    assert first == second
    import hashlib

    assert first == hashlib.sha256(random_game(name, cfg, 5).to_json().encode()).hexdigest()


@params
def test_json_round_trip_and_continuation(item):
    name, cfg = item
    for state in sample_states(name, cfg, 21):
        text = state.to_json()
        loaded = ccg.load_state(text)
        assert loaded.to_json() == text
        assert loaded == state
        assert ccg.from_position_string(ccg.to_position_string(state)).to_json() == text
        # both continue identically, chance included
        for _ in range(15):
            if state.is_terminal():
                break
            a = state.legal_actions()[-1]
            state.apply(a)
            loaded.apply(a)
        assert loaded.to_json() == state.to_json()


@params
def test_child_equals_clone_plus_apply_and_clones_are_independent(item):
    name, cfg = item
    for state in sample_states(name, cfg, 31, every=11, cap=12):
        before = state.to_json()
        for a in state.legal_actions()[:25]:
            c = state.clone()
            c.apply(a)
            assert state.child(a).to_json() == c.to_json()
            assert state.to_json() == before, "child/clone+apply changed the parent"
        if not state.is_terminal():
            c = state.clone()
            c.apply(c.legal_actions()[0])
            c.rng.next64()
            assert state.to_json() == before


@params
def test_replay_of_record_reproduces_position(item):
    name, cfg = item
    for state in sample_states(name, cfg, 41, every=13, cap=6):
        rec = state.record()
        json.dumps(rec)
        again = ccg.replay(rec)
        assert again.to_json() == state.to_json()
        assert ccg.replay(json.dumps(rec)).to_json() == state.to_json()


@params
def test_illegal_actions_raise_and_change_nothing(item):
    name, cfg = item
    states = sample_states(name, cfg, 51, every=9, cap=15)
    for i, state in enumerate(states):
        for a in foreign_actions(state):
            assert_illegal_changes_nothing(state, a)
        # a legal action of a different position is usually illegal here
        other = states[(i + 1) % len(states)]
        here = set(map(str, state.legal_actions()))
        for a in other.legal_actions()[:10]:
            if str(a) not in here:
                assert_illegal_changes_nothing(state, a)
        with pytest.raises(IllegalActionError):
            state.apply(12345)
        with pytest.raises(IllegalActionError):
            state.parse_action("definitely not a move")


@params
def test_notation_round_trips(item):
    name, cfg = item
    for state in sample_states(name, cfg, 61, every=5, cap=30):
        for a in state.legal_actions():
            assert state.parse_action(str(a)) == a
            assert state.parse_action("  " + str(a).upper() + " ") == a


@params
def test_every_legal_action_is_described_in_words_with_a_defined_rule(item):
    """``describe_action`` (ccg/core/describe.py): a game with ``SPEC.describe`` gives a sentence ending with a
    rule id of docs/rules for every legal action; a game without one gives the marked fallback."""
    name, cfg = item
    declared = get_spec(name).describe is not None
    ids = rule_ids()
    for state in sample_states(name, cfg, 67, every=5, cap=30):
        for a in state.legal_actions():
            d = state.describe_action_parts(a)
            assert d.notation == str(a) and d.described == declared, (name, str(a), str(d))
            if declared:
                assert d.rule in ids and str(d) == f"{d.text} ({d.rule})", (name, str(a), str(d))
                assert d.text.lower() != str(a).lower() and len(d.text.split()) >= 3, (name, str(a), str(d))
            else:
                assert d.rule == "" and str(a) in d.text, (name, str(a), str(d))


@params
def test_observation_hides_and_determinize_is_consistent(item):
    name, cfg = item
    spec = get_spec(name)
    differed = False
    for state in sample_states(name, cfg, 71, every=8, cap=12):
        for seat in range(state.num_players):
            obs = state.observation(seat)
            text = json.dumps(obs)
            assert '"rng"' not in text and '"seed"' not in text
            for k in range(3):
                d = state.determinize(seat, k)
                d.check_invariants()
                assert d.observation(seat) == obs, "determinize changed what the seat can see"
                if state.current_player == seat:
                    assert list(map(str, d.legal_actions())) == list(map(str, state.legal_actions()))
                if d._state_dict() != state._state_dict():
                    differed = True
                with pytest.raises(ValueError):
                    d.record()
        with pytest.raises(ValueError):
            state.observation(state.num_players)
    if spec.state_class.hidden_information:
        assert differed, "a game with hidden information never resampled anything"


@params
def test_malformed_positions_raise_clear_errors(item):
    name, cfg = item
    state = sample_states(name, cfg, 81, every=17, cap=2)[0]
    data = json.loads(state.to_json())
    bad = []
    for key in list(data):
        d = dict(data)
        del d[key]
        bad.append(d)
        d = dict(data)
        d[key] = [1, "x"]
        bad.append(d)
    body = data["state"]
    for key in list(body):
        d = json.loads(state.to_json())
        del d["state"][key]
        bad.append(d)
        d = json.loads(state.to_json())
        d["state"][key] = "nonsense"
        bad.append(d)
    d = json.loads(state.to_json())
    d["state"]["unknown_field"] = 1
    bad.append(d)
    for d in bad:
        with pytest.raises(InvalidPositionError):
            ccg.load_state(json.dumps(d))
    for text in ["", "{", "[]", "null", '{"format": "ccg-state"}', "\x00"]:
        with pytest.raises(InvalidPositionError):
            ccg.load_state(text)


@params
def test_determinize_does_not_depend_on_the_hidden_truth(item):
    """Two positions that look the same to a seat determinize identically for the same seed.

    Otherwise a search agent could read the hidden cards through the order of a shuffled pool.
    """
    name, cfg = item
    for state in sample_states(name, cfg, 91, every=10, cap=6):
        for seat in range(state.num_players):
            other = state.determinize(seat, 12345)  # same observation, other hidden cards
            assert other.observation(seat) == state.observation(seat)
            a = state.determinize(seat, 7)
            b = other.determinize(seat, 7)
            assert a._state_dict() == b._state_dict(), f"seat {seat}'s determinization leaks hidden information"


@params
def test_nothing_handed_out_is_live(item):
    """Editing whatever a public method returns changes neither the state, its clones, children nor new games."""
    name, cfg = item
    fresh = ccg.new_game(name, seed=3, **cfg).to_json()
    for state in sample_states(name, cfg, 101, every=23, cap=4):
        before = state.to_json()
        clone = state.clone()
        child = state.child(state.legal_actions()[0]) if not state.is_terminal() else state.clone()
        child_before = child.to_json()
        edited = sum(scramble(r) for r in public_results(state))
        edited += sum(scramble(r) for r in public_results(clone) + public_results(child))
        assert edited > 0
        assert state.to_json() == before and clone.to_json() == before, "a returned container was live"
        assert child.to_json() == child_before
        with pytest.raises(TypeError):
            state.options["rules"] = {}  # options are shared by clones and children: read-only
        assert ccg.load_state(before).to_json() == before
    assert ccg.new_game(name, seed=3, **cfg).to_json() == fresh, "a new game changed after edits of returned data"


@params
def test_determinizations_keep_invariants_and_round_trip(item):
    """At many random positions every seat's determinizations are valid positions (e.g. CAT-11.2)."""
    name, cfg = item
    for seed in (201, 202):
        for state in sample_states(name, cfg, seed, every=29, cap=20):
            for seat in range(state.num_players):
                for k in (0, 1):
                    d = state.determinize(seat, 1000 * seed + k)
                    d.check_invariants()
                    text = d.to_json()
                    again = ccg.load_state(text)
                    assert again.to_json() == text and not again.replayable


@params
def test_replayable_is_decided_on_load(item):
    """A position says it replays; the loader checks by replaying its history from the seed."""
    name, cfg = item
    state = sample_states(name, cfg, 111, every=31, cap=1)[0]
    text = state.to_json()
    loaded = ccg.load_state(text)
    assert loaded.replayable and ccg.replay(loaded.record()).to_json() == text
    d = json.loads(text)
    d["rng"] = (d["rng"] + 1) % 2**64  # a different future: still a valid position, but not this game's
    edited = ccg.load_state(json.dumps(d))
    assert d["replayable"] and not edited.replayable
    with pytest.raises(ValueError):
        edited.record()
    if state.history():
        d = json.loads(text)
        d["history"] = d["history"][:-1]
        assert not ccg.load_state(json.dumps(d)).replayable
    marked = state.clone()
    marked.mark_edited()
    assert not marked.replayable and not ccg.load_state(marked.to_json()).replayable
    with pytest.raises(ValueError):
        marked.record()


@params
def test_seat_views_show_only_what_the_seat_may_see(item):
    """A seat-view string loads as a position whose view for that seat is the seat's observation,
    and two positions that look the same to the seat give the same string (nothing hidden leaks)."""
    name, cfg = item
    for state in sample_states(name, cfg, 121, every=37, cap=5):
        for seat in range(state.num_players):
            code = ccg.to_seat_position_string(state, seat)
            loaded, shown = ccg.core.read_position_string(code)
            assert shown == seat and not loaded.replayable and loaded.history() == []
            mine, theirs = loaded.observation(seat), state.observation(seat)
            assert mine["state"] == theirs["state"] and mine["options"] == theirs["options"]
            assert loaded.rng.state != state.rng.state and loaded.seed != state.seed
            twin = state.determinize(seat, 4242)  # same observation, other hidden cards and future
            assert ccg.to_seat_position_string(twin, seat) == code
