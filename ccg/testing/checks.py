"""The checks of the conformance suite: each ``check_*(name, cfg)`` plays seeded games of one configuration
and raises :class:`~ccg.testing.errors.ConformanceError` (with what broke) when the game breaks a promise of the protocol.

The promises are those of ``ccg/games/README.md`` (§5 and §11); every check is deterministic.
"""
from __future__ import annotations

import importlib
import json
import os
import random
from contextlib import contextmanager
from typing import Any, Iterator

import numpy as np

from ..core import (
    Action,
    GameState,
    IllegalActionError,
    InvalidPositionError,
    from_position_string,
    get_spec,
    load_state,
    new_game,
    read_position_string,
    replay,
    rule_ids,
    to_position_string,
    to_seat_position_string,
)
from ..core.secrets import move_seen_by, seat_secrets
from ..core.teaching import Gauge, Lesson
from ..plot import board_module
from .errors import ConformanceError, require
from .play import fingerprint, fingerprint_in_subprocess, random_game, sample_states

__all__ = ["CHECKS"]

Cfg = dict[str, Any]


def _games() -> int:
    """How many whole random games :func:`check_random_games_end_and_keep_invariants` plays
    (``CCG_CONFORMANCE_GAMES``, default 3; `make fuzz` plays 12)."""
    return int(os.environ.get("CCG_CONFORMANCE_GAMES", "3"))


@contextmanager
def _raises(kind: type[BaseException], what: str) -> Iterator[None]:
    """The body must raise ``kind`` (any other exception propagates)."""
    try:
        yield
    except kind:
        return
    raise ConformanceError(f"{what}: expected {kind.__name__}, nothing was raised")


# ---------------------------------------------------------------------- play and invariants
def check_random_games_end_and_keep_invariants(name: str, cfg: Cfg, games: int | None = None) -> None:
    """Random games end within ``SPEC.max_actions``; invariants hold after every action; the seat to move,
    the legal actions' notations and ``where``, the scores and winners are well formed."""
    for seed in range(_games() if games is None else games):
        def visit(state: GameState, legal: list[Action], action: Action) -> None:
            state.check_invariants()
            require(state.current_player is not None and 0 <= state.current_player < state.num_players,
                    f"a position to play has no valid seat to move: current_player={state.current_player!r}")
            require(len(set(map(str, legal))) == len(legal), "two legal actions share a notation")
            for a in legal:
                require(isinstance(a.where, tuple) and all(isinstance(w, str) for w in a.where),
                        f"{a}: Action.where must be a tuple of str, not {a.where!r}")

        end = random_game(name, cfg, seed, visit)
        end.check_invariants()
        require(end.is_terminal() and end.current_player is None and end.legal_actions() == [],
                "a finished game must have no seat to move and no legal actions")
        require(len(end.scores()) == end.num_players, f"scores() gave {len(end.scores())} scores for {end.num_players} seats")
        won = end.winners()
        require(all(0 <= w < end.num_players for w in won) and len(set(won)) == len(won), f"winners() gave {won}: not distinct seats")


def check_determinism_in_process_with_disturbed_globals(name: str, cfg: Cfg) -> None:
    """The same seed gives the same game whatever the global ``random`` / ``numpy.random`` generators hold."""
    random.seed(1)
    np.random.seed(1)
    a = random_game(name, cfg, 11).to_json()
    random.seed(99)
    np.random.seed(99)
    [random.random() for _ in range(5)]
    b = random_game(name, cfg, 11).to_json()
    require(a == b, "the game read a global random generator")


def check_determinism_across_processes(name: str, cfg: Cfg) -> None:
    """The same seed gives the same game in fresh interpreters with other hash seeds and disturbed globals."""
    first = fingerprint_in_subprocess(name, cfg, 5, hashseed="0", disturb=3)
    second = fingerprint_in_subprocess(name, cfg, 5, hashseed="4242", disturb=8)
    require(first == second, "the game depends on PYTHONHASHSEED (iteration over a set of strings, hash())")
    require(first == fingerprint(random_game(name, cfg, 5)), "a fresh process plays another game than this one")


# ---------------------------------------------------------------------- positions
def check_json_round_trip_and_continuation(name: str, cfg: Cfg) -> None:
    """Positions survive JSON and position strings, and the loaded copy plays on identically, chance included."""
    for state in sample_states(name, cfg, 21):
        text = state.to_json()
        loaded = load_state(text)
        require(loaded.to_json() == text, "a position loaded from its JSON saves to other JSON")
        require(loaded == state, "a position loaded from its JSON is not == the original")
        require(from_position_string(to_position_string(state)).to_json() == text,
                "a position read back from its position string differs")
        for _ in range(15):
            if state.is_terminal():
                break
            a = state.legal_actions()[-1]
            state.apply(a)
            loaded.apply(a)
        require(loaded.to_json() == state.to_json(), "a loaded position continued differently")


def check_child_equals_clone_plus_apply(name: str, cfg: Cfg) -> None:
    """``child(a)`` equals ``clone()`` then ``apply(a)``; neither changes the parent, nor does a clone's generator."""
    for state in sample_states(name, cfg, 31, every=11, cap=12):
        before = state.to_json()
        for a in state.legal_actions()[:25]:
            c = state.clone()
            c.apply(a)
            require(state.child(a).to_json() == c.to_json(), f"child({a}) differs from clone() + apply({a})")
            require(state.to_json() == before, "child/clone+apply changed the parent")
        if not state.is_terminal():
            c = state.clone()
            c.apply(c.legal_actions()[0])
            c.rng.next64()
            require(state.to_json() == before, "a clone shares state with its parent")


def check_replay_of_record_reproduces_position(name: str, cfg: Cfg) -> None:
    """``ccg.replay(state.record())`` (also from its JSON text) rebuilds the position exactly."""
    for state in sample_states(name, cfg, 41, every=13, cap=6):
        rec = state.record()
        json.dumps(rec)
        require(replay(rec).to_json() == state.to_json(), "replay(record()) rebuilds another position")
        require(replay(json.dumps(rec)).to_json() == state.to_json(),
                "replay of the record's JSON text rebuilds another position")


def check_malformed_positions_raise_clear_errors(name: str, cfg: Cfg) -> None:
    """A position with a field missing, of the wrong type or unknown, and text that is no position, raise
    InvalidPositionError (never another exception, never a position that loads)."""
    state = sample_states(name, cfg, 81, every=17, cap=1, to_end=False)[0]
    data = json.loads(state.to_json())
    bad = []
    for key in list(data):
        d = dict(data)
        del d[key]
        bad.append((f"without {key!r}", d))
        d = dict(data)
        d[key] = [1, "x"]
        bad.append((f"{key!r} set to [1, 'x']", d))
    for key in list(data["state"]):
        d = json.loads(state.to_json())
        del d["state"][key]
        bad.append((f"without state.{key}", d))
        d = json.loads(state.to_json())
        d["state"][key] = "nonsense"
        bad.append((f"state.{key} set to 'nonsense'", d))
    d = json.loads(state.to_json())
    d["state"]["unknown_field"] = 1
    bad.append(("with an unknown state field", d))
    for what, d in bad:
        with _raises(InvalidPositionError, f"a position {what}"):
            load_state(json.dumps(d))
    for text in ["", "{", "[]", "null", '{"format": "ccg-state"}', "\x00"]:
        with _raises(InvalidPositionError, f"the text {text!r}"):
            load_state(text)


def check_replayable_is_decided_on_load(name: str, cfg: Cfg) -> None:
    """A position says it replays; the loader checks by replaying its history from the seed."""
    state = sample_states(name, cfg, 111, every=31, cap=1, to_end=False)[0]
    text = state.to_json()
    loaded = load_state(text)
    require(loaded.replayable and replay(loaded.record()).to_json() == text,
            "a replayable position does not load as replayable or does not replay to itself")
    d = json.loads(text)
    d["rng"] = (d["rng"] + 1) % 2**64  # a different future: still a valid position, but not this game's
    edited = load_state(json.dumps(d))
    require(d["replayable"] and not edited.replayable,
            "a position whose generator was edited still loads as replayable")
    with _raises(ValueError, "record() of a position that does not replay"):
        edited.record()
    if state.history():
        d = json.loads(text)
        d["history"] = d["history"][:-1]
        require(not load_state(json.dumps(d)).replayable,
                "a position whose history lost its last move still loads as replayable")
    marked = state.clone()
    marked.mark_edited()
    require(not marked.replayable and not load_state(marked.to_json()).replayable,
            "an edited position (mark_edited) is still replayable")
    with _raises(ValueError, "record() of an edited position"):
        marked.record()


# ---------------------------------------------------------------------- actions
def _foreign_actions(state: GameState) -> list[Action]:
    """Actions that are certainly not legal in ``state``."""
    legal = set(map(str, state.legal_actions()))
    candidates = [Action("no-such-move"), Action("bid", (-5,)), Action("place", ("ZZ99",))]
    return [a for a in candidates if str(a) not in legal]


def _assert_illegal_changes_nothing(state: GameState, action: Action) -> None:
    before = state.to_json()
    try:
        state.apply(action)
    except IllegalActionError as e:
        require(str(e), "an IllegalActionError must say why")
    else:
        raise ConformanceError(f"{action} was accepted but is not legal")
    require(state.to_json() == before, f"rejecting {action} changed the state")


def check_illegal_actions_raise_and_change_nothing(name: str, cfg: Cfg) -> None:
    """Moves that are not legal (made up, or legal in another position) raise IllegalActionError saying why
    and change nothing; so do a number and unreadable notation."""
    states = sample_states(name, cfg, 51, every=9, cap=15)
    for i, state in enumerate(states):
        for a in _foreign_actions(state):
            _assert_illegal_changes_nothing(state, a)
        other = states[(i + 1) % len(states)]
        here = set(map(str, state.legal_actions()))
        for a in other.legal_actions()[:10]:
            if str(a) not in here:
                _assert_illegal_changes_nothing(state, a)
        with _raises(IllegalActionError, "apply(12345)"):
            state.apply(12345)  # bad input on purpose
        with _raises(IllegalActionError, "parse_action of nonsense"):
            state.parse_action("definitely not a move")


def check_notation_round_trips(name: str, cfg: Cfg) -> None:
    """``parse_action(str(a)) == a`` for every legal action, case and spacing forgiven."""
    for state in sample_states(name, cfg, 61, every=5, cap=30):
        for a in state.legal_actions():
            require(state.parse_action(str(a)) == a, f"parse_action({str(a)!r}) is not {a}")
            require(state.parse_action("  " + str(a).upper() + " ") == a,
                    f"parse_action of {str(a)!r} in capitals with spaces around is not {a}")


def check_secret_moves_agree_with_the_state(name: str, cfg: Cfg) -> None:
    """``SPEC.secret_moves`` names exactly the moves the state keeps secret (``_secret_action``), and a move
    log read without a state (``move_seen_by``) shows every seat what ``notation_seen_by`` shows it."""
    spec = get_spec(name)
    for state in sample_states(name, cfg, 63, every=3, cap=60):
        actor = state.current_player
        for a in state.legal_actions():
            declared = a.kind in spec.secret_moves and bool(a.args)
            require(state._secret_action(a) == declared, (
                f"{a}: the state says secret={state._secret_action(a)}, SPEC.secret_moves {spec.secret_moves}"))
            for seat in [None, *range(state.num_players)]:
                require(move_seen_by(name, str(a), actor, seat) == state.notation_seen_by(a, actor, seat),
                        f"{a}: move_seen_by and notation_seen_by show seat {seat} different things")


def check_every_legal_action_is_described(name: str, cfg: Cfg) -> None:
    """With ``SPEC.describe``, every legal action is a sentence (not its notation) and a rule id the game's
    digest defines, with one of ``SPEC.rule_prefixes``; without it, the marked fallback."""
    spec = get_spec(name)
    declared = spec.describe is not None
    require(not declared or spec.rule_prefixes, f"{name} describes its moves but declares no SPEC.rule_prefixes")
    ids = rule_ids(name)
    for state in sample_states(name, cfg, 67, every=5, cap=30):
        for a in state.legal_actions():
            d = state.describe_action_parts(a)
            where = (name, str(a), str(d))
            require(d.notation == str(a) and d.described == declared,
                    f"{where}: the description's notation or described flag is wrong")
            if declared:
                require(d.rule in ids and str(d) == f"{d.text} ({d.rule})",
                        f"{where}: the rule id is not in the game's digest or str() is not 'text (rule)'")
                require(d.text.lower() != str(a).lower() and len(d.text.split()) >= 3,
                        f"{where}: the description is no sentence (its notation, or under three words)")
            else:
                require(d.rule == "" and str(a) in d.text, f"{where}: the fallback description is not the marked notation")


# ---------------------------------------------------------------------- hidden information
def check_observation_hides_and_determinize_is_consistent(name: str, cfg: Cfg) -> None:
    """Observations hold no generator or seed; ``determinize(seat, k)`` keeps the seat's observation and its
    legal actions, passes the invariants, refuses ``record()``, and with hidden information resamples."""
    spec = get_spec(name)
    differed = False
    for state in sample_states(name, cfg, 71, every=8, cap=12):
        for seat in range(state.num_players):
            obs = state.observation(seat)
            text = json.dumps(obs)
            require('"rng"' not in text and '"seed"' not in text, "an observation holds the generator or seed")
            for k in range(3):
                d = state.determinize(seat, k)
                d.check_invariants()
                require(d.observation(seat) == obs, "determinize changed what the seat can see")
                if state.current_player == seat:
                    require(list(map(str, d.legal_actions())) == list(map(str, state.legal_actions())),
                            "determinize changed the legal actions of the seat to move")
                if d._state_dict() != state._state_dict():
                    differed = True
                with _raises(ValueError, "record() of a determinization"):
                    d.record()
        with _raises(ValueError, "observation of a seat that does not exist"):
            state.observation(state.num_players)
    if spec.state_class.hidden_information:
        require(differed, "a game with hidden information never resampled anything")


def check_determinize_does_not_depend_on_the_hidden_truth(name: str, cfg: Cfg) -> None:
    """Two positions that look the same to a seat determinize identically for the same seed (otherwise a
    search agent could read the hidden cards through the order of a shuffled pool)."""
    for state in sample_states(name, cfg, 91, every=10, cap=6):
        for seat in range(state.num_players):
            other = state.determinize(seat, 12345)  # same observation, other hidden cards
            require(other.observation(seat) == state.observation(seat), "determinize changed what the seat can see")
            a = state.determinize(seat, 7)
            b = other.determinize(seat, 7)
            require(a._state_dict() == b._state_dict(), f"seat {seat}'s determinization leaks hidden information")


def check_determinizations_keep_invariants_and_round_trip(name: str, cfg: Cfg) -> None:
    """At many random positions every seat's determinizations are valid positions that load and do not replay."""
    for seed in (201, 202):
        for state in sample_states(name, cfg, seed, every=29, cap=20):
            for seat in range(state.num_players):
                for k in (0, 1):
                    d = state.determinize(seat, 1000 * seed + k)
                    d.check_invariants()
                    text = d.to_json()
                    again = load_state(text)
                    require(again.to_json() == text and not again.replayable,
                            f"seat {seat}'s determinization does not round-trip through JSON or loads as replayable")


def check_seat_views_show_only_what_the_seat_may_see(name: str, cfg: Cfg) -> None:
    """A seat-view string loads as a position whose view for that seat is the seat's observation, and two
    positions that look the same to the seat give the same string."""
    for state in sample_states(name, cfg, 121, every=37, cap=5):
        for seat in range(state.num_players):
            code = to_seat_position_string(state, seat)
            loaded, shown = read_position_string(code)
            require(shown == seat and not loaded.replayable and loaded.history() == [],
                    f"seat {seat}'s position string reads back as another seat's, replayable or with a history")
            mine, theirs = loaded.observation(seat), state.observation(seat)
            require(mine["state"] == theirs["state"] and mine["options"] == theirs["options"],
                    f"seat {seat}'s position string does not hold what the seat observes")
            require(loaded.rng.state != state.rng.state and loaded.seed != state.seed,
                    f"seat {seat}'s position string holds the generator or the seed")
            twin = state.determinize(seat, 4242)  # same observation, other hidden cards and future
            require(to_seat_position_string(twin, seat) == code, f"seat {seat}'s position string leaks")


def check_a_seats_secrets_and_board_come_from_its_observation(name: str, cfg: Cfg) -> None:
    """What a seat's page shows of its secrets (``SPEC.secret_view``, or the generic reading) and its board
    (``SPEC.plot``) are (label, text) pairs and a figure, and its gauge (``SPEC.gauge``) a ``Gauge``, that stay
    the same in every position the seat cannot tell apart (its determinizations): nothing hidden from it leaks."""
    view = board_module(name)
    hidden = get_spec(name).state_class.hidden_information
    gauge = get_spec(name).gauge
    for state in sample_states(name, cfg, 131, every=41, cap=2, to_end=False):  # mid-game (the end may reveal all)
        for seat in range(state.num_players):
            mine = seat_secrets(state, seat)
            require(all(isinstance(k, str) and isinstance(v, str) for k, v in mine),
                    f"seat {seat}'s secrets must be (label, text) pairs of str, not {mine!r}")
            twin = state.determinize(seat, 99)
            require(seat_secrets(twin, seat) == mine, f"seat {seat}'s secrets show something it may not see")
            if gauge is not None:
                shown = gauge(state, seat)
                require(shown is None or isinstance(shown, Gauge), f"SPEC.gauge gave {shown!r}, not a Gauge")
                require(gauge(twin, seat) == shown, f"seat {seat}'s gauge shows something it may not see")
            if view is None or not (hidden or seat == 0):
                continue  # without hidden information every seat's twin is the position itself: one board is enough
            narrow = getattr(view, "NARROW_WIDTH", None)  # the narrow layout is sent with the board (ccg.ui)
            for width in ((None, narrow) if narrow else (None,)):
                kwargs = {} if width is None else {"width": width}
                figure = view.board(state, seat=seat, **kwargs).to_json()
                require(not hidden or view.board(twin, seat=seat, **kwargs).to_json() == figure, (
                    f"seat {seat}'s board{' (narrow layout)' if width else ''} shows something it may not see"))


def check_spec_declarations(name: str, cfg: Cfg) -> None:
    """The ``GameSpec`` declarations the generic layers read are well formed: the board drawing module has
    ``board``, rule prefixes are capitals, ``file_options`` are options of the game, the debrief module
    gives the metrics it lists for a finished game, the result line is text, the lesson fills 45 minutes."""
    spec = get_spec(name)
    view = board_module(name)
    require(view is None or callable(getattr(view, "board", None)), f"{spec.plot} has no board(state, seat)")
    for prefix in spec.rule_prefixes:
        require(prefix and prefix.isupper() and prefix.replace("_", "").isalnum() and "-" not in prefix,
                f"SPEC.rule_prefixes: {prefix!r} is not capitals, digits and _")
    unknown = set(spec.file_options) - set(spec.options)
    require(not unknown, f"SPEC.file_options names options the game does not have: {sorted(unknown)}")
    require(all(isinstance(k, str) and k == k.lower() for k in spec.secret_moves),
            f"SPEC.secret_moves must be lower-case move kinds, not {spec.secret_moves!r}")
    if spec.lesson is not None:
        lesson = importlib.import_module(spec.lesson).LESSON
        require(isinstance(lesson, Lesson), f"{spec.lesson}.LESSON is not a ccg.core.teaching.Lesson")
        require(sum(minutes for minutes, _ in lesson.plan) == 45, f"{spec.lesson}: the plan must fill 45 minutes")
        require(3 <= len(lesson.exit_ticket) <= 5 and "{name}" in lesson.role,
                f"{spec.lesson}: 3 to 5 exit-ticket questions and a role with {{name}}")
    if spec.result is not None:
        end = random_game(name, cfg, 141)
        line = spec.result(end, 0)
        require(line is None or (isinstance(line, str) and line), f"SPEC.result gave {line!r}")
    if spec.debrief is not None:
        module = importlib.import_module(spec.debrief)
        end = random_game(name, cfg, 141)
        seats = module.seat_metrics(end.record(), end)
        require(len(seats) == end.num_players and all(set(m) == set(module.SEAT_METRICS) for m in seats),
                f"{spec.debrief}.seat_metrics must give SEAT_METRICS for every seat, not {seats!r}")
        require(set(module.game_metrics(end)) == set(module.GAME_METRICS),
                f"{spec.debrief}.game_metrics must give exactly GAME_METRICS")
        if getattr(module, "SCATTER", None):
            require(set(module.SCATTER[:2]) <= set(module.SEAT_METRICS),
                    f"{spec.debrief}.SCATTER names no seat metrics: {module.SCATTER!r}")
        if getattr(module, "SHARE", None):
            require(module.SHARE[0] in module.GAME_METRICS,
                    f"{spec.debrief}.SHARE names no game metric: {module.SHARE!r}")
        if getattr(module, "PATH", None):
            points = module.path(end)
            require(points and all(isinstance(at, str) and isinstance(v, (int, float)) for at, v in points),
                    f"{spec.debrief}.path must give (label, number) points, not {points!r}")


# ---------------------------------------------------------------------- nothing handed out is live
_SCRAMBLED = "scrambled by the test"


def _scramble(value: Any) -> int:
    """Edit every dict and list inside ``value`` in place; how many containers were edited (read-only
    containers of ``ccg.core.frozen`` refuse with TypeError and count as safe)."""
    containers: list[Any] = []
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            containers.append(v)
            stack.extend(v.values())
        elif isinstance(v, list):
            containers.append(v)
            stack.extend(v)
    edited = 0
    for c in containers:
        try:
            if isinstance(c, dict):
                for k in list(c):
                    if not isinstance(c[k], (dict, list)):
                        c[k] = _SCRAMBLED
                c[_SCRAMBLED] = [_SCRAMBLED]
            else:
                for i, x in enumerate(c):
                    if not isinstance(x, (dict, list)):
                        c[i] = _SCRAMBLED
                c.append(_SCRAMBLED)
            edited += 1
        except TypeError:
            pass
    return edited


def _public_results(state: GameState) -> list[Any]:
    """Everything the public protocol (and the spec's analysis hooks) hands out for ``state``, freshly called."""
    spec = get_spec(state.game)
    out: list[Any] = [state.to_dict(), state.history(), state.legal_actions(), state.scores(), state.winners(),
                      state.returns(), state.options]
    out += [state.observation(p) for p in range(state.num_players)]
    if state.replayable:
        out.append(state.record())
    if spec.outcome is not None:
        out.append(spec.outcome(state))
    if spec.trajectory is not None:
        out.append(spec.trajectory(state))
    return out


def check_nothing_handed_out_is_live(name: str, cfg: Cfg) -> None:
    """Editing whatever a public method returns changes neither the state, its clones, children nor new games."""
    fresh = new_game(name, seed=3, **cfg).to_json()
    for state in sample_states(name, cfg, 101, every=23, cap=4):
        before = state.to_json()
        clone = state.clone()
        child = state.child(state.legal_actions()[0]) if not state.is_terminal() else state.clone()
        child_before = child.to_json()
        edited = sum(_scramble(r) for r in _public_results(state))
        edited += sum(_scramble(r) for r in _public_results(clone) + _public_results(child))
        require(edited > 0, "the public results held no container to edit: the check tested nothing")
        require(state.to_json() == before and clone.to_json() == before, "a returned container was live")
        require(child.to_json() == child_before, "a returned container of a child was live")
        with _raises(TypeError, "editing state.options"):
            state.options["rules"] = {}  # options are shared by clones and children: read-only
        require(load_state(before).to_json() == before, "a saved position loads differently after edits of returned data")
    require(new_game(name, seed=3, **cfg).to_json() == fresh, "a new game changed after edits of returned data")


# every check by its name, in the order ``check_game`` runs them
CHECKS = {f.__name__.removeprefix("check_"): f for f in (
    check_random_games_end_and_keep_invariants,
    check_determinism_in_process_with_disturbed_globals,
    check_determinism_across_processes,
    check_json_round_trip_and_continuation,
    check_child_equals_clone_plus_apply,
    check_replay_of_record_reproduces_position,
    check_malformed_positions_raise_clear_errors,
    check_replayable_is_decided_on_load,
    check_illegal_actions_raise_and_change_nothing,
    check_notation_round_trips,
    check_secret_moves_agree_with_the_state,
    check_every_legal_action_is_described,
    check_observation_hides_and_determinize_is_consistent,
    check_determinize_does_not_depend_on_the_hidden_truth,
    check_determinizations_keep_invariants_and_round_trip,
    check_seat_views_show_only_what_the_seat_may_see,
    check_a_seats_secrets_and_board_come_from_its_observation,
    check_spec_declarations,
    check_nothing_handed_out_is_live,
)}
