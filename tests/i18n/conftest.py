"""Set-up of the language tests: compiled catalogs (.mo) exist, and each test starts and ends in English."""
from __future__ import annotations

import pytest

from ccg.i18n import catalogs, context


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogs():
    """Compile every .mo that is missing or older than its .po (``make catalogs`` does the same)."""
    catalogs.compile_catalogs(only_missing=True)
    catalogs.translations.cache_clear()


@pytest.fixture(autouse=True)
def english_default():
    context.set_language("en")
    yield
    context.set_language("en")
