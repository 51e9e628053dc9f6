"""The state's own random generator: SplitMix64 in pure Python.

Why not ``random.Random``? Its state is 625 integers, so cloning a game state
(which MCTS does thousands of times a second) would cost microseconds, and
serialising it bloats every saved position. SplitMix64 keeps one 64-bit
integer: cloning is an int copy, saving is one JSON number, and the stream is
identical on every platform and Python version. It is not cryptographic and
does not need to be.
"""
from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from typing import MutableSequence, Sequence, TypeVar

from . import shuffle as _shuffle

T = TypeVar("T")
MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def mix64(z: int) -> int:
    """The SplitMix64 finaliser: a bijective 64-bit scrambler."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def seed_to_state(seed: int) -> int:
    """Turn any integer seed (negative or huge) into a 64-bit generator state."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    state = 0
    # fold every 64-bit limb of the seed in, so huge seeds stay distinct
    s = seed * 2 if seed >= 0 else ~seed * 2 + 1  # zig-zag: distinct for every int
    while True:
        state = mix64((state ^ (s & MASK64)) + _GOLDEN)
        s >>= 64
        if not s:
            return state


_new_rng = object.__new__
# the same shuffle in machine integers, used when compiled (as Python source it is slower than Rng's own loop)
_SHUFFLE_COMPILED = _shuffle.__file__ is not None and _shuffle.__file__.endswith(tuple(EXTENSION_SUFFIXES))


class Rng:
    """A tiny, clonable, serialisable random generator (SplitMix64).

    >>> r = Rng(7); a = r.below(6); r2 = r.clone(); r.below(100) == r2.below(100)
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        self.state = seed_to_state(seed) if state is None else state & MASK64

    def clone(self) -> "Rng":
        """An independent copy at the same point of the stream (built without ``__init__``: every state
        clone makes one, and the state needs no re-masking)."""
        new = _new_rng(Rng)
        new.state = self.state
        return new

    def next64(self) -> int:
        """The next raw 64-bit output."""
        self.state = z = (self.state + _GOLDEN) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (Lemire's multiply-shift; bias < n / 2**64)."""
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        return (self.next64() * n) >> 64

    def die(self, sides: int = 6) -> int:
        """One die roll, 1..sides."""
        return self.below(sides) + 1

    def choice(self, seq: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates): ``j = below(i + 1)`` for i from the top down, the generator's
        steps written out here (a seat view shuffles every hidden deck, so this runs per decision). Compiled
        (build_native.py), ``ccg.core.shuffle`` draws the same permutation in machine integers."""
        if _SHUFFLE_COMPILED and type(items) is list and len(items) < _shuffle.LARGEST:
            self.state = _shuffle.shuffle(self.state, items)
            return
        z = self.state
        for i in range(len(items) - 1, 0, -1):
            z = (z + _GOLDEN) & MASK64
            x = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
            j = ((x ^ (x >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = z

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#018x})"
