"""One package per game; each defines ``SPEC`` (a ccg.core.GameSpec)."""
