import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

from ccg.core import register  # noqa: E402

register("toy", "toy_game")
