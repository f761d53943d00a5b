"""A real checking service for tests and the benchmark: ``clever-oracle serve`` started as a
process (a session of its own) on a free loopback port, waited for (it printed its address, then
answers a health check; both bounded by a generous number of tries), and stopped at the end."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import attrs
import httpx

ROOT = Path(__file__).resolve().parent.parent.parent
#: Real seconds a test waits for an answer or another sign from a server: a safety bound, so
#: large that it never decides a verdict however busy the machine is.
SAFETY = 120.0
#: The time limit per request (``--timeout``) of the servers the tests share: generous, so
#: that no answer depends on how busy the machine is (the time limits are tested in-process,
#: with a clock the test controls: :mod:`tests.serve.inprocess`).
SERVER_TIMEOUT = 600
#: Health checks before a server that does not answer counts as failed to start.
STARTUP_CHECKS = 1200
#: Seconds between two of them.
STARTUP_PAUSE = 0.05


def free_port() -> int:
    """A port nothing listens on now (the server binds it a moment later)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _started(url: str, process: subprocess.Popen[bytes]) -> bool:
    assert process.stdout is not None
    if not process.stdout.readline().startswith(b"clever-oracle serve: http"):
        return False  # it ended before it could listen
    for _ in range(STARTUP_CHECKS):
        if process.poll() is not None:
            return False
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/health", timeout=2).status_code == 200:
                return True
        time.sleep(STARTUP_PAUSE)
    return False


@attrs.frozen
class Served:
    """A running server: its base ``url`` (``http://127.0.0.1:PORT``), its ``process`` (the
    leader of its own process group) and ``log``, its standard error so far."""

    url: str
    process: subprocess.Popen[bytes]
    log: Callable[[], str]


@contextlib.contextmanager
def serving(*options: str, root: Path = ROOT) -> Iterator[Served]:
    """A server with these ``serve`` options, stopped at the end (if it still runs); ``root``:
    the source tree it runs from (another revision's checkout, for the benchmark)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    said = b""
    for _ in range(3):  # the free port may be taken between probing and binding
        port = free_port()
        with tempfile.TemporaryFile() as log:
            process = subprocess.Popen(
                [sys.executable, "-m", "oracle.cli", "serve", "--port", str(port), *options],
                cwd=root, env=env, stdout=subprocess.PIPE, stderr=log, start_new_session=True)

            def logged() -> str:
                log.seek(0)
                return log.read().decode(errors="replace")
            url = f"http://127.0.0.1:{port}"
            try:
                if _started(url, process):
                    yield Served(url, process, logged)
                    return
            finally:
                _stop(process)
                said = logged().encode()[-2000:]
    raise RuntimeError(f"clever-oracle serve {' '.join(options)} did not start: "
                       f"{said.decode(errors='replace')}")


@contextlib.contextmanager
def running(*options: str, root: Path = ROOT) -> Iterator[str]:
    """A server with these ``serve`` options (run from ``root``); yields its base URL
    (``http://127.0.0.1:PORT``)."""
    with serving(*options, root=root) as served:
        yield served.url


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop the server and its workers (its own process group) and wait for it."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    with contextlib.suppress(ProcessLookupError):  # anything of the server's still left
        os.killpg(process.pid, signal.SIGKILL)
    if process.stdout is not None:
        process.stdout.close()


def alive(group: int) -> list[int]:
    """The processes of process group ``group`` still running (not ended, not zombies)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) == group and fields[0] != "Z":
                found.append(int(entry.name))
    return found
