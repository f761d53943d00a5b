"""A real checking service for tests and the benchmark: ``clever-oracle serve`` started as a
process on a free loopback port, waited for (a bounded number of health checks), and stopped at
the end."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent.parent
#: Health checks before a server that does not answer counts as failed to start.
STARTUP_CHECKS = 300
#: Seconds between two of them.
STARTUP_PAUSE = 0.05


def free_port() -> int:
    """A port nothing listens on now (the server binds it a moment later)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _started(url: str, process: subprocess.Popen[bytes]) -> bool:
    for _ in range(STARTUP_CHECKS):
        if process.poll() is not None:
            return False
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/health", timeout=2).status_code == 200:
                return True
        time.sleep(STARTUP_PAUSE)
    return False


@contextlib.contextmanager
def running(*options: str) -> Iterator[str]:
    """A server with these ``serve`` options; yields its base URL (``http://127.0.0.1:PORT``)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    said = b""
    for _ in range(3):  # the free port may be taken between probing and binding
        port = free_port()
        with tempfile.TemporaryFile() as log:
            process = subprocess.Popen(
                [sys.executable, "-m", "oracle.cli", "serve", "--port", str(port), *options],
                cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=log,
                start_new_session=True)
            url = f"http://127.0.0.1:{port}"
            try:
                if _started(url, process):
                    yield url
                    return
            finally:
                _stop(process)
                log.seek(0)
                said = log.read()[-2000:]
    raise RuntimeError(f"clever-oracle serve {' '.join(options)} did not start: "
                       f"{said.decode(errors='replace')}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop the server and its workers (its own process group) and wait for it."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    with contextlib.suppress(ProcessLookupError):  # anything of the server's still left
        os.killpg(process.pid, signal.SIGKILL)
