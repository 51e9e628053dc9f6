"""The state's own generator: reproducible, uniform enough, clonable."""
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ccg.core import Rng
from ccg.core.rng import seed_to_state


def test_same_seed_same_stream_and_known_first_value():
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    # pinned value: the stream must never change between versions (saved games replay)
    assert Rng(0).next64() == Rng(state=seed_to_state(0)).next64()
    assert Rng(1).below(1000) == Rng(1).below(1000)


def test_pinned_stream():
    r = Rng(2024)
    assert [r.die() for _ in range(12)] == PINNED_DICE


PINNED_DICE = [6, 4, 4, 2, 6, 5, 4, 6, 3, 6, 5, 5]  # recorded once; must never change


def test_different_seeds_differ_and_large_seeds_are_distinct():
    assert Rng(1).next64() != Rng(2).next64()
    assert Rng(2**64).next64() != Rng(0).next64()
    assert Rng(-1).next64() != Rng(1).next64()


@pytest.mark.parametrize("bad", [1.5, "7", None, True])
def test_bad_seeds_are_rejected(bad):
    with pytest.raises(ValueError):
        Rng(bad)


def test_clone_is_independent():
    a = Rng(5)
    a.next64()
    b = a.clone()
    assert a.next64() == b.next64()
    a.next64()
    assert a.state != b.state


def test_die_is_roughly_uniform():
    r = Rng(3)
    counts = Counter(r.die(6) for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    for v in counts.values():
        assert abs(v - 10_000) < 400  # ~4.4 sigma


def test_shuffle_is_a_permutation_and_reproducible():
    items = list(range(50))
    a, b = items[:], items[:]
    Rng(9).shuffle(a)
    Rng(9).shuffle(b)
    assert a == b and sorted(a) == items and a != items


@given(st.integers(min_value=0, max_value=60), st.integers())
def test_shuffle_is_fisher_yates_by_below_and_leaves_the_generator_where_below_would(size, seed):
    """shuffle writes the generator's steps out; it must draw exactly ``below(i + 1)`` from the top down."""
    items = list(range(size))
    fast, slow = Rng(seed), Rng(seed)
    shuffled = items[:]
    fast.shuffle(shuffled)
    for i in range(size - 1, 0, -1):
        j = slow.below(i + 1)
        items[i], items[j] = items[j], items[i]
    assert shuffled == items and fast.state == slow.state


@given(st.integers(min_value=1, max_value=10**6), st.integers())
def test_below_stays_in_range(n, seed):
    r = Rng(seed)
    for _ in range(20):
        assert 0 <= r.below(n) < n


def test_below_rejects_empty_range():
    with pytest.raises(ValueError):
        Rng(1).below(0)


def _shuffle_source():
    """``ccg.core.shuffle`` run from its source, as it runs without a compiler."""
    import importlib.util
    from pathlib import Path

    import ccg.core.shuffle as module

    spec = importlib.util.spec_from_file_location("shuffle_source", Path(module.__file__).with_name("shuffle.py"))
    source = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(source)
    return source


SHUFFLE_SOURCE = _shuffle_source()


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=80))
def test_the_shuffle_in_32_bit_halves_is_rng_s_own_loop_at_every_generator_state(state, size):
    """``ccg.core.shuffle`` (compiled when built, and as its source) and ``Rng.shuffle``'s big-integer loop (which
    a list of another type takes) give the same permutation and leave the generator in the same state."""
    import ccg.core.shuffle as compiled

    reference = _NotAList(range(size))
    loop = Rng(state=state)
    loop.shuffle(reference)  # not a plain list: Rng's own loop
    for module in (compiled, SHUFFLE_SOURCE):
        items = list(range(size))
        assert module.shuffle(state, items) == loop.state
        assert items == reference


class _NotAList(list):
    """A list subclass: ``Rng.shuffle`` hands only plain lists to ``ccg.core.shuffle``."""


def test_the_compiled_build_shuffles_in_machine_integers_and_refuses_huge_lists():
    import ccg.core
    import ccg.core.rng as rng
    import ccg.core.shuffle as compiled

    assert rng._SHUFFLE_COMPILED is ccg.core.NATIVE
    assert compiled.__file__.endswith(".py") is not ccg.core.NATIVE
    # a list of 2**30 items or more would overflow the machine integers: Rng.shuffle keeps it to its own loop,
    # and the module refuses it (shown on its source: a list that long does not fit in a test)
    assert compiled.LARGEST == 1 << 30
    with pytest.raises(ValueError, match="Rng.shuffle's own loop"):
        SHUFFLE_SOURCE.shuffle(5, _Huge())


class _Huge(list):
    def __len__(self):
        return 1 << 30
