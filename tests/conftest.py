import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

from ccg.core import register  # noqa: E402

register("toy", "toy_game")

# Hypothesis: CI runs a fixed set of examples (derandomize) so a red build is
# reproducible from the commit alone; `make fuzz` explores fresh random examples.
from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("explore", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
