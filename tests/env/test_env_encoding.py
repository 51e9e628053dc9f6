"""The action universe and observation tensor of every conformance configuration."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from env_helpers import config_id, encoded_configurations, sample_states

import ccg
from ccg.core import IllegalActionError, Rng
from ccg.core.encoding import TENSOR_HIGH, TENSOR_LOW, EncodingError, encoding_for

CONFIGS = encoded_configurations()
params = pytest.mark.parametrize("item", CONFIGS, ids=[config_id(c) for c in CONFIGS])


def test_every_game_with_a_spec_declares_an_encoding():
    assert {g for g, _ in CONFIGS} == {"catan", "chicago_express", "co2"}


@params
def test_universe_depends_on_the_configuration_only(item):
    name, cfg = item
    a = encoding_for(ccg.new_game(name, seed=1, **cfg))
    b = ccg.new_game(name, seed=987654321, **cfg)
    b.apply(b.legal_actions()[-1])
    from ccg.core.encoding import _CACHE

    _CACHE.clear()  # rebuilt from another seed and position, not served from the cache
    assert encoding_for(b).actions == a.actions
    assert encoding_for(b).tensor_size == a.tensor_size


@params
def test_every_legal_action_is_in_the_universe_and_round_trips(item):
    name, cfg = item
    for seed in (0, 1):
        state = ccg.new_game(name, seed=seed, **cfg)
        enc = encoding_for(state)
        rng = Rng(seed + 77)
        while not state.is_terminal():
            legal = state.legal_actions()
            mask = state.legal_mask()
            assert mask.dtype == bool and mask.shape == (enc.num_actions,)
            assert mask.sum() == len(legal), [str(a) for a in legal if str(a) not in enc.index]
            for a in legal[:40]:
                i = state.action_index(a)
                assert mask[i] and enc.actions[i] == str(a)
                assert state.action_from_index(i) == a
            state.apply(legal[rng.below(len(legal))])
        assert not state.legal_mask().any()


@params
def test_index_errors_are_clear_and_change_nothing(item):
    name, cfg = item
    state = ccg.new_game(name, seed=3, **cfg)
    enc = encoding_for(state)
    before = state.to_json()
    illegal = next(i for i in range(enc.num_actions) if not state.legal_mask()[i])
    with pytest.raises(IllegalActionError, match="not legal here"):
        state.action_from_index(illegal)
    for bad in (-1, enc.num_actions, 1.5, True, "3"):
        with pytest.raises(EncodingError, match="action index"):
            state.action_from_index(bad)
    with pytest.raises(EncodingError, match="not in this configuration's action universe"):
        state.action_index("no-such-move 12")
    assert state.to_json() == before


@params
def test_tensor_is_built_from_the_observation_only(item):
    """Equal observations give equal tensors; a determinization (other hidden cards, same observation)
    gives the same tensor; tensors have the declared size and bounds; they change as play goes on."""
    name, cfg = item
    states = sample_states(name, cfg, 13, every=7, cap=40)
    enc = encoding_for(states[0])
    rows = enc.schema.describe()
    assert sum(r[2] for r in rows) == enc.tensor_size
    assert [r[1] for r in rows] == list(np.cumsum([0] + [r[2] for r in rows])[:-1])
    distinct = set()
    for k, state in enumerate(states):
        for seat in range(state.num_players):
            x = state.observation_tensor(seat)
            assert x.dtype == np.float32 and x.shape == (enc.tensor_size,)
            assert np.isfinite(x).all() and x.min() >= TENSOR_LOW and x.max() <= TENSOR_HIGH
            for seed in (k, 10_000 + k):
                d = state.determinize(seat, seed)
                assert d.observation(seat) == state.observation(seat)
                assert np.array_equal(d.observation_tensor(seat), x), f"seat {seat}: hidden information leaks"
            loaded = ccg.load_state(state.to_json())
            assert np.array_equal(loaded.observation_tensor(seat), x)
            # the fast writer (non-zero entries into a zeroed array) equals the field-by-field list definition
            assert np.array_equal(enc.schema.encode_reference(state.observation(seat)), x)
            distinct.add(x.tobytes())
        mask = enc.legal_mask(state)  # the Action-keyed lookup equals the notation lookup
        assert sorted(np.flatnonzero(mask)) == sorted(enc.index[str(a)] for a in state.legal_actions()
                                                      if str(a) in enc.index)
    assert len(distinct) > len(states) // 2, "the tensor hardly changes with the position"


def test_hidden_cards_are_not_in_another_seats_tensor():
    """Catan: changing seat 1's hand changes seat 1's tensor but not seat 0's (who sees only the count)."""
    state = sample_states("catan", {"players": 4}, 5, every=50, cap=3)[1]
    other = state.clone()
    p = next(q for q in range(4) if q != 0 and sum(other.hand[q * 5:q * 5 + 5]) > 0)
    r = next(r for r in range(5) if other.hand[p * 5 + r] > 0)
    other.hand[p * 5 + r] -= 1
    other.hand[p * 5 + (r + 1) % 5] += 1
    assert np.array_equal(state.observation_tensor(0), other.observation_tensor(0))
    assert not np.array_equal(state.observation_tensor(p), other.observation_tensor(p))


def test_a_game_without_encoding_says_so():
    state = ccg.new_game("toy", seed=1)
    with pytest.raises(ValueError, match="declares no encoding"):
        state.observation_tensor(0)


def test_catan_domestic_trade_block_is_small_finite_and_matches_the_engine():
    """CAT-7.2 on any terms stays a small, fixed block: give/ask per good, offer, choose per seat, last."""
    from ccg.games.catan import actions as A

    for cfg, goods in (({"players": 4}, 5), ({"players": 4, "scenario": "oil_springs"}, 6),
                       ({"players": 6}, 5)):
        state = ccg.new_game("catan", seed=0, **cfg)
        enc = encoding_for(state)
        n = state.num_players
        block = [str(a) for a in A.GIVE[:goods] + A.ASK[:goods] + (A.OFFER,) + A.CHOOSE_PARTNER[:n]]
        assert enc.actions[-len(block):] == tuple(block)
        assert not any(a.startswith("offer ") for a in enc.actions)  # the old fixed-shape offers are gone


@params
def test_every_tensor_field_is_documented(item):
    """The tensor is documented field by field — no field of any configuration without a meaning."""
    name, cfg = item
    rows = encoding_for(ccg.new_game(name, seed=0, **cfg)).schema.describe()
    undocumented = [field for field, _, _, doc in rows if not doc.split("(×")[0].strip()]
    assert not undocumented, f"{name} {cfg}: fields without a doc: {undocumented}"
    offsets = [offset for _, offset, _, _ in rows]
    assert offsets == sorted(offsets) and offsets[0] == 0


def test_the_field_tables_page_is_generated_from_the_schemas():
    """docs/observation_tensors.md is `python -m ccg.env.fields`: regenerate it when a schema changes."""
    from ccg.env.fields import markdown

    page = Path(__file__).resolve().parents[2] / "docs" / "observation_tensors.md"
    assert page.read_text(encoding="utf-8") == markdown(), "run: python -m ccg.env.fields > docs/observation_tensors.md"


def test_the_sizes_in_docs_environments_are_generated_from_the_encodings():
    """The sizes table of docs/environments.md is `python -m ccg.env.fields --sizes`; its rows are the encodings'."""
    from ccg.env.fields import SIZES_END, SIZES_START, sizes_table, with_sizes

    page = (Path(__file__).resolve().parents[2] / "docs" / "environments.md").read_text(encoding="utf-8")
    assert page == with_sizes(page), "run: python -m ccg.env.fields --sizes"
    block = page.split(SIZES_START, 1)[1].split(SIZES_END, 1)[0]
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in block.strip().splitlines()[2:]]
    assert block.strip() == sizes_table() and len(rows) == 5 + 5 + 4 + 4
    catan4 = ccg.new_game("catan", players=4, seed=3)  # the seed never changes a size
    assert ["Catan", "4", f"{catan4.legal_mask().size:,}", f"{catan4.observation_tensor(0).size:,}"] in rows


@pytest.mark.parametrize("game,players", [("chicago_express", 3), ("co2", 4), ("catan", 4)])
def test_incremental_tensors_equal_the_definition_at_every_ply(game, players):
    """The schema re-encodes only the fields that changed since its last call: two interleaved games of one
    configuration, every seat at every ply (up to 400), equal the field-by-field definition."""
    rng = Rng(3)
    games = [ccg.new_game(game, players=players, seed=s) for s in (3, 4)]
    schema = encoding_for(games[0]).schema
    for _ in range(400):
        for state in games:
            if state.is_terminal():
                continue
            for seat in range(players):
                obs = state.observation(seat)
                assert np.array_equal(schema.encode(obs), schema.encode_reference(obs)), (state.ply, seat)
            acts = state.legal_actions()
            state.apply(acts[rng.below(len(acts))])
    x = schema.encode(games[0].observation(0))
    x[:] = -7  # the caller owns the returned array: the schema's memory is a separate copy
    assert np.array_equal(schema.encode(games[0].observation(0)), schema.encode_reference(games[0].observation(0)))
