"""The generic protocol layer: registry, options, rule parameters, records, positions."""
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ccg
from ccg.core import Action, IllegalActionError, InvalidPositionError, RuleParam, resolve_rules
from ccg.core.rules import OptionSpec, validate_options


def test_list_games_includes_registered_and_sorted():
    names = ccg.list_games()
    assert names == sorted(names)
    assert "toy" in names


def test_unknown_game_suggests_close_names():
    with pytest.raises(ValueError, match="Did you mean 'toy'"):
        ccg.new_game("tyo")


@pytest.mark.parametrize("players", [1, 5, 2.0, "2", True])
def test_bad_player_counts(players):
    with pytest.raises(ValueError, match="players"):
        ccg.new_game("toy", players=players)


def test_unknown_option_is_named():
    with pytest.raises(ValueError, match="unknown option for toy 'scenari'"):
        ccg.new_game("toy", scenari="x")


def test_bad_seed():
    with pytest.raises(ValueError, match="seed"):
        ccg.new_game("toy", seed="abc")


def test_seed_none_draws_a_fresh_seed_that_replays():
    s = ccg.new_game("toy", seed=None)
    assert isinstance(s.seed, int)
    s.apply("roll")
    assert ccg.replay(s.record()).to_json() == s.to_json()


def test_rule_overrides_validated():
    with pytest.raises(ValueError, match="unknown rule 'targt'.*Did you mean 'target'"):
        ccg.new_game("toy", rules={"targt": 10})
    with pytest.raises(ValueError, match="at most 100"):
        ccg.new_game("toy", rules={"target": 1000})
    with pytest.raises(ValueError, match="whole number"):
        ccg.new_game("toy", rules={"target": "ten"})
    assert ccg.new_game("toy", rules={"target": 7}).target == 7


def test_rule_param_kinds():
    table = {
        "a": RuleParam(1, "int", lo=0, hi=5),
        "b": RuleParam(0.5, "float", lo=0.0),
        "c": RuleParam(True, "bool"),
        "d": RuleParam("x", "str", choices=("x", "y")),
    }
    assert resolve_rules(table, {"a": 3.0, "b": 2, "c": False, "d": "y"}) == {"a": 3, "b": 2.0, "c": False, "d": "y"}
    for bad in ({"a": True}, {"a": 6}, {"b": -1}, {"b": "1"}, {"c": 1}, {"d": "z"}, {"d": 3}):
        with pytest.raises(ValueError):
            resolve_rules(table, bad)
    with pytest.raises(ValueError, match="dict"):
        resolve_rules(table, [("a", 1)])


def test_option_choices():
    specs = {"variant": OptionSpec("a", "doc", choices=("a", "b"))}
    assert validate_options("g", specs, {"variant": "b"}) == {"variant": "b"}
    with pytest.raises(ValueError, match="one of"):
        validate_options("g", specs, {"variant": "c"})


def test_action_notation():
    a = Action("place", ("PRR", "H5"), ("H5",))
    assert str(a) == "place PRR H5" and repr(a) == "Action('place PRR H5')"
    assert str(Action("stop")) == "stop"


def test_apply_accepts_notation_and_rejects_with_reasons():
    s = ccg.new_game("toy", seed=3)
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="roll first"):
        s.apply("hold")
    assert s.to_json() == before
    with pytest.raises(IllegalActionError, match="Did you mean 'roll'"):
        s.apply("rol")
    s.apply("ROLL")
    assert s.ply == 1 and s.history() == ["roll"]


def test_terminal_state_rejects_everything():
    s = ccg.new_game("toy", seed=1, rules={"target": 5})
    while not s.is_terminal():
        s.apply(s.legal_actions()[-1])
    with pytest.raises(IllegalActionError, match="game is over"):
        s.apply("roll")
    assert s.current_player is None and s.legal_actions() == []


def test_returns_share_wins():
    s = ccg.new_game("toy", seed=1, rules={"target": 5})
    while not s.is_terminal():
        s.apply(s.legal_actions()[-1])
    r = s.returns()
    assert sum(r) == pytest.approx(1.0) and max(r) > 0


def test_record_replay_errors():
    s = ccg.new_game("toy", seed=2)
    s.apply("roll")
    rec = s.record()
    bad = dict(rec, actions=["hold", "hold", "hold"])
    with pytest.raises(InvalidPositionError, match="action"):
        ccg.replay(bad)
    with pytest.raises(InvalidPositionError, match="unknown field"):
        ccg.replay(dict(rec, extra=1))
    with pytest.raises(InvalidPositionError):
        ccg.replay(dict(rec, game="nope"))
    with pytest.raises(InvalidPositionError):
        ccg.replay("not json")


def test_load_rejects_other_versions_and_fields():
    s = ccg.new_game("toy", seed=2)
    d = json.loads(s.to_json())
    for patch in ({"version": 2}, {"format": "x"}, {"rng": -1}, {"rng": 2**64}, {"players": 9},
                  {"options": {"rules": {"target": 999}}}, {"history": [1]}, {"extra": True}):
        with pytest.raises(InvalidPositionError):
            ccg.load_state(json.dumps({**d, **patch}))


def test_loaded_state_breaking_invariants_is_rejected():
    s = ccg.new_game("toy", seed=2)
    d = json.loads(s.to_json())
    d["state"]["cards"][0] = d["state"]["cards"][1]  # a card twice
    with pytest.raises(InvalidPositionError, match="invariant"):
        ccg.load_state(json.dumps(d))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_random_text_never_loads_with_another_exception(text):
    for loader in (ccg.load_state, ccg.from_position_string):
        try:
            loader(text)
        except ValueError:
            pass


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_mutated_positions_load_or_raise_value_error(data):
    s = ccg.new_game("toy", seed=data.draw(st.integers(0, 50)))
    for _ in range(data.draw(st.integers(0, 30))):
        if s.is_terminal():
            break
        s.apply(s.legal_actions()[data.draw(st.integers(0, 1)) % len(s.legal_actions())])
    text = s.to_json()
    pos = data.draw(st.integers(0, len(text) - 1))
    mutated = text[:pos] + data.draw(st.sampled_from(["0", "9", "-", '"', "", "]", "true", "1e9"])) + text[pos + 1:]
    try:
        loaded = ccg.load_state(mutated)
    except ValueError:
        return
    loaded.check_invariants()
    assert ccg.load_state(loaded.to_json()).to_json() == loaded.to_json()


def test_hand_built_action_without_where_is_matched_by_kind_and_args():
    import ccg as _ccg

    s = _ccg.new_game("chicago_express", players=3, seed=1)
    legal = s.legal_actions()
    target = next(a for a in legal if a.kind == "bid")
    s.apply(Action(target.kind, target.args))  # no ``where``
    assert s.history() == [str(target)]


def test_rules_option_checks_names_values_and_cross_rule_constraints():
    from ccg.core import RuleParam, rules_option

    table = {"low": RuleParam(1, "the low end", lo=0, hi=10), "high": RuleParam(5, "the high end", lo=0, hi=10)}

    def ordered(values):
        if values["low"] > values["high"]:
            raise ValueError("rule 'low' must not exceed 'high'")

    option = rules_option(table, "overrides", ordered)
    assert option.default is None and option.validate("rules", None) is None
    given = {"low": 2}
    canonical = option.validate("rules", given)
    assert canonical == {"low": 2} and canonical is not given
    with pytest.raises(ValueError, match="unknown rule 'lwo'. Did you mean 'low'"):
        option.validate("rules", {"lwo": 2})
    with pytest.raises(ValueError, match="high"):
        option.validate("rules", {"high": 11})
    with pytest.raises(ValueError, match="must not exceed"):
        option.validate("rules", {"low": 7})


def test_clone_carries_each_base_field_into_its_own_slot():
    """``GameState.clone`` copies the fields a clone shares one by one: a line copying one field's value into
    another's slot fails here. Each field holds a value of its own (of its type: compiled, GameState checks
    the types of its fields); the generator is copied, not shared."""
    from ccg.core.state import BASE_FIELDS

    for replayable in (True, False):  # the one field with only two values: both ways round
        s = ccg.new_game("toy", seed=3)
        own = {"num_players": 1001, "seed": 1002, "options": ("options",), "_history": ("history",), "_ply": 1005,
               "_legal": ["legal"], "_replayable": replayable, "_view_seat": 1008}
        assert set(own) == set(BASE_FIELDS) - {"rng"}
        for field, value in own.items():
            setattr(s, field, value)
        c = s.clone()
        for field, value in own.items():
            assert getattr(c, field) == value, field  # (every value differs from the others)
        assert c.rng is not s.rng and c.rng.state == s.rng.state
