"""``Rng.shuffle``'s draws in 32-bit halves: the same permutation and generator state, for the compiled build.

SplitMix64 works on 64-bit unsigned numbers, which Python holds as arbitrary-precision integers: in the pure-
Python ``Rng.shuffle`` each step allocates several of them, and compiled by mypyc (build_native.py) the same
code still calls Python's big-integer routines. Here a 64-bit number is a pair of 32-bit halves and every
product is formed from 16-bit pieces, so no value ever reaches 2**63: compiled, each one is a machine integer
(``i64``) and a shuffle costs a few machine instructions a card. Run as Python source (no compiler,
``CCG_PURE_PYTHON``) this is slower than ``Rng.shuffle``'s own loop, which then does the work instead
(``ccg.core.rng``); the two give the same permutations (tests/test_core_rng.py).
"""
from __future__ import annotations

from typing import Any, Final

from mypy_extensions import i64

M32: Final = 0xFFFFFFFF
M16: Final = 0xFFFF
LARGEST: Final = 1 << 30  # longer lists take the big-integer loop: ``j``'s product below stays under 2**63
GOLDEN_HI: Final = 0x9E3779B9  # SplitMix64's increment and multipliers (ccg.core.rng), in 32-bit halves
GOLDEN_LO: Final = 0x7F4A7C15
MUL1_HI: Final = 0xBF58476D
MUL1_LO: Final = 0x1CE4E5B9
MUL2_HI: Final = 0x94D049BB
MUL2_LO: Final = 0x133111EB


def _low_product(a: i64, b: i64) -> i64:
    """``a * b`` modulo 2**32, for ``a, b`` < 2**32."""
    return ((a & M16) * (b & M16) + ((((a >> 16) * (b & M16) + (a & M16) * (b >> 16)) & M16) << 16)) & M32


def _times(x_hi: i64, x_lo: i64, m_hi: i64, m_lo: i64) -> tuple[i64, i64]:
    """The 64-bit number (x_hi, x_lo) times (m_hi, m_lo), modulo 2**64, as its two halves."""
    a0, a1, b0, b1 = x_lo & M16, x_lo >> 16, m_lo & M16, m_lo >> 16
    middle = a1 * b0 + a0 * b1  # < 2**33
    low = a0 * b0 + ((middle & M16) << 16)  # < 2**33
    high = a1 * b1 + (middle >> 16) + (low >> 32)  # x_lo * m_lo // 2**32
    return (high + _low_product(x_hi, m_lo) + _low_product(x_lo, m_hi)) & M32, low & M32


def shuffle(state: int, items: list[Any]) -> int:
    """Shuffle ``items`` in place exactly as ``Rng(state=state).shuffle(items)`` does; the generator's new
    state. Lists of ``LARGEST`` items or more are left to the caller (``ValueError``)."""
    n: i64 = len(items)
    if n >= LARGEST:
        raise ValueError(f"a list of {n} items is shuffled by Rng.shuffle's own loop")
    z_hi: i64 = i64(state >> 32)  # (the split in Python's integers: ``state`` may exceed a machine integer)
    z_lo: i64 = i64(state & 0xFFFFFFFF)
    i: i64 = n - 1
    while i > 0:
        z_lo += GOLDEN_LO  # z += golden (mod 2**64)
        z_hi = (z_hi + GOLDEN_HI + (z_lo >> 32)) & M32
        z_lo &= M32
        x_hi: i64 = z_hi ^ (z_hi >> 30)  # x = (z ^ z >> 30) * mul1
        x_lo: i64 = z_lo ^ (((z_lo >> 30) | (z_hi << 2)) & M32)
        x_hi, x_lo = _times(x_hi, x_lo, MUL1_HI, MUL1_LO)
        y_hi: i64 = x_hi ^ (x_hi >> 27)  # x = (x ^ x >> 27) * mul2
        y_lo: i64 = x_lo ^ (((x_lo >> 27) | (x_hi << 5)) & M32)
        x_hi, x_lo = _times(y_hi, y_lo, MUL2_HI, MUL2_LO)
        x_lo ^= ((x_lo >> 31) | (x_hi << 1)) & M32  # x ^= x >> 31
        x_hi ^= x_hi >> 31
        j: i64 = (x_hi * (i + 1) + ((x_lo * (i + 1)) >> 32)) >> 32  # (x * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
        i -= 1
    return (int(z_hi) << 32) | int(z_lo)  # joined in Python's integers, past a machine integer's range
