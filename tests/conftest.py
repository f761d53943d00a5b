"""Settings for every test: Hypothesis without its per-example deadline (200 ms by default) and
without its too-slow health check, so that no property test fails because the machine is busy
(CONTRIBUTING.md: no test depends on the clock).  Each ``settings(...)`` of a test module starts
from this profile."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile("clever-oracle", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("clever-oracle")
