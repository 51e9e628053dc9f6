"""Position strings are untrusted input: each either loads a valid position or raises a clear ValueError."""
import base64
import json
import zlib

import ui_toy_plot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ccg
from ccg.ui import Table

ui_toy_plot.install()


def _position(seed: int, moves: int, game: str = "toy") -> ccg.GameState:
    s = ccg.new_game(game, players=3, seed=seed)
    for i in range(moves):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply(legal[(seed + i) % len(legal)])
    return s


def _encode(text: str) -> str:
    return base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


def _check(text) -> None:
    """Loads a consistent position, or raises ValueError (never another exception)."""
    try:
        state = ccg.from_position_string(text)
    except ValueError as e:
        assert str(e)  # a message a person can read
        return
    state.check_invariants()  # not half-loaded
    again = ccg.from_position_string(ccg.to_position_string(state))
    assert again == state
    state.legal_actions()


@given(seed=st.integers(0, 2**40), moves=st.integers(0, 60))
@settings(max_examples=40, deadline=None)
def test_round_trip(seed, moves):
    s = _position(seed, moves)
    code = ccg.to_position_string(s)
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    back = ccg.from_position_string(code)
    assert back == s and back.to_json() == s.to_json()
    assert back.legal_actions() == s.legal_actions()


@given(st.one_of(st.text(max_size=200), st.binary(max_size=200).map(lambda b: base64.urlsafe_b64encode(b).decode())))
@settings(max_examples=150, deadline=None)
def test_random_strings(text):
    _check(text)


@given(seed=st.integers(0, 1000), moves=st.integers(0, 30), data=st.data())
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_mutated_strings(seed, moves, data):
    code = ccg.to_position_string(_position(seed, moves))
    how = data.draw(st.sampled_from(["flip", "cut", "insert"]))
    i = data.draw(st.integers(0, len(code) - 1))
    if how == "flip":
        code = code[:i] + data.draw(st.sampled_from("AZaz09-_=+/ !")) + code[i + 1:]
    elif how == "cut":
        code = code[:i]
    else:
        code = code[:i] + data.draw(st.text(max_size=5)) + code[i:]
    _check(code)


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 2**65) | st.floats(allow_nan=True) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


@given(seed=st.integers(0, 1000), moves=st.integers(0, 30), data=st.data())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_mutated_fields(seed, moves, data):
    """Valid compression and JSON, but a field changed, removed or added (in the header or the game state)."""
    d = json.loads(_position(seed, moves).to_json())
    target = d if data.draw(st.booleans()) else d["state"]
    keys = sorted(target)
    key = data.draw(st.sampled_from(keys + ["extra"]))
    action = data.draw(st.sampled_from(["set", "drop"]))
    if action == "drop" and key in target:
        del target[key]
    else:
        target[key] = data.draw(_JSON_VALUES)
    _check(_encode(json.dumps(d)))


@given(seed=st.integers(0, 200), data=st.data())
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
def test_bad_paste_leaves_the_table_unchanged(seed, data):
    t = Table("toy", seats=["human", "human"], seed=seed)
    t.play("roll")
    before = (t.position.value, len(t.tree), t.tree.cursor)
    code = ccg.to_position_string(t.state)
    i = data.draw(st.integers(0, len(code) - 1))
    t.paste.value = code[:i] + "~" + code[i + 1:]
    t.paste_button.click()
    assert (t.position.value, len(t.tree), t.tree.cursor) == before
    assert "⚠" in t.message
