import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

import toy_game  # noqa: E402,F401  (the test-only toy game registers itself on import)

# Hypothesis: CI runs a fixed set of examples (derandomize) so a red build is
# reproducible from the commit alone; `make fuzz` explores fresh random examples.
from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
