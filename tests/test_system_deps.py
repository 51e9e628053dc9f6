"""A missing system program skips its tests on a developer's machine and fails them under CI."""
import pytest
import system_deps


def test_missing_skips_outside_ci(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no chromium"):
        system_deps.missing("no chromium")


def test_missing_fails_under_ci(monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="no chromium — required under CI"):
        system_deps.missing("no chromium")


def test_chromium_reports_a_missing_binary(monkeypatch):
    monkeypatch.setenv("CI", "1")
    monkeypatch.setattr(system_deps.shutil, "which", lambda name: None)
    with pytest.raises(pytest.fail.Exception, match="chromium is not installed"):
        system_deps.chromium()
