"""The checking service's limits, with their defaults and command-line flags.

One :class:`Limits` value is made from the ``serve`` command line and reaches every worker
process through one environment variable (:data:`ENVIRONMENT`), since uvicorn starts each worker
from the application's import name.

The time limits read a :data:`Clock` (default :func:`time.monotonic`), never the event loop's
timers, so that a test can give the service a clock it advances itself: what a limit decides then
depends on the clock's readings, not on how busy the machine is.  Waits re-read the clock at
least every :data:`POLL` seconds.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable

import attrs

from oracle.engine.errors import OracleError

#: The environment variable that carries the limits to the worker processes (JSON).
ENVIRONMENT = "CLEVER_ORACLE_SERVE_LIMITS"

#: What the time limits read: seconds, from any origin, never going back.
Clock = Callable[[], float]
#: The clock of a running service.
MONOTONIC: Clock = time.monotonic
#: The longest wait (in real seconds) before a waiting limit reads its clock again.
POLL = 0.05


@attrs.frozen
class Limits:
    """``max_body``: bytes in a request body; ``max_records``: records in one ``verify``
    request; ``timeout``: seconds for a request's body to arrive, and again seconds for its work
    once admitted (any endpoint's: a record, a batch of records, a solve); ``max_concurrent``:
    requests one worker works on at once, a body being read not counted (more are answered 503
    at once)."""

    max_body: int = 1024 * 1024
    max_records: int = 100
    timeout: float = 10.0
    max_concurrent: int = 8

    def __attrs_post_init__(self) -> None:
        if self.max_body < 1 or self.max_records < 1 or self.max_concurrent < 1:
            raise OracleError("serve: --max-body, --max-records and --max-concurrent must be "
                              "1 or more")
        if not 0 < self.timeout <= 3600:
            raise OracleError("serve: --timeout must be more than 0 and at most 3600 seconds")

    def to_json(self) -> dict[str, int | float]:
        """The limits as a JSON-ready mapping."""
        return attrs.asdict(self)


def limits_from_environment() -> Limits:
    """The limits the ``serve`` command set for this worker (the defaults when none)."""
    text = os.environ.get(ENVIRONMENT)
    if not text:
        return Limits()
    data = json.loads(text)
    return Limits(int(data["max_body"]), int(data["max_records"]), float(data["timeout"]),
                  int(data["max_concurrent"]))
