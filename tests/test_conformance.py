"""Protocol conformance: every check of ``ccg.testing`` on every registered game, every configuration it declares."""
from __future__ import annotations

import pytest

import ccg.testing

CASES = ccg.testing.cases()


@pytest.mark.parametrize("case", CASES, ids=[ccg.testing.case_id(c) for c in CASES])
def test_conformance(case):
    ccg.testing.run_case(case)
