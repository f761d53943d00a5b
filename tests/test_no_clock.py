"""No test's verdict depends on the wall clock or on how busy the machine is (CONTRIBUTING.md):
the settings every test starts from say so."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

from tests.processes import PATIENCE


def test_hypothesis_has_no_deadline_and_no_too_slow_check() -> None:
    """A property test given without its own settings must not fail when one example takes
    longer than 200 ms on a loaded machine."""
    assert settings().deadline is None
    assert HealthCheck.too_slow in settings().suppress_health_check


def test_subprocess_bounds_are_generous() -> None:
    """The bound a subprocess test waits for something that comes at once: far above what a
    process start takes on a machine whose cores are all busy."""
    assert PATIENCE >= 60
