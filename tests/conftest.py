import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

import toy_game  # noqa: E402,F401  (the test-only toy game registers itself on import)

# Hypothesis: CI runs a fixed set of examples (derandomize) so a red build is
# reproducible from the commit alone; `make fuzz` explores fresh random examples.
from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """``--dist loadgroup``: send the tests of one ``xdist_group`` to one worker under pytest 9 too.

    pytest-xdist 3.8 marks a grouped test by appending ``@group`` to ``item._nodeid``, which pytest 9 no longer
    reads (the id lives in ``item._id``), so every group was silently split across the workers and each worker
    started its own JupyterLab, Voila and Chromium for a module's fixtures. This puts the suffix where pytest
    9 reads it; with a pytest that honours xdist's own suffix it changes nothing."""
    if not getattr(config.option, "loadgroup", False):
        return
    try:
        from _pytest.nodeid import coerce_node_id
    except ImportError:  # a pytest before 9: xdist's own suffix works
        return
    for item in items:
        names = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                        for m in item.iter_markers("xdist_group")})
        if names and "@" not in item.nodeid:
            item._id = coerce_node_id(f"{item.nodeid}@{'_'.join(names)}")
