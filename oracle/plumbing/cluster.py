"""``verify --dask``: an executor on a Dask cluster, quiet and quick to stop.

``--dask ADDRESS`` connects to a running cluster; ``--dask local`` starts one of ``jobs``
worker processes here.  Dask's own log lines and warnings stay off the user's terminal (the
verdicts and the one-line errors are the output), and a Ctrl-C or SIGTERM ends the command at
once: the local workers leave Ctrl-C to this process (a Ctrl-C in a terminal reaches every
process of the group, and each worker would print a traceback), they are killed rather than
closed gracefully when interrupted (a graceful close waits for the batch running) and not
started again (:func:`no_restarts`), and the helper process of :mod:`multiprocessing` that would
warn about the semaphores they leave (it cleans them up) writes nowhere.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import warnings
from collections.abc import Callable
from concurrent.futures import Executor
from types import TracebackType
from typing import Protocol

from oracle.engine.errors import OracleError


class _Closable(Protocol):
    def close(self) -> None: ...


ExitCallback = Callable[
    [type[BaseException] | None, BaseException | None, TracebackType | None], None]


def _close_when_done(resource: _Closable) -> ExitCallback:
    """An exit callback that closes ``resource`` gracefully when the block ends normally
    (an interrupted command ends without waiting for it)."""
    def close(kind: type[BaseException] | None, exc: BaseException | None,
              tb: TracebackType | None) -> None:
        if kind is None:
            resource.close()
    return close


def no_restarts(executor: Executor) -> ExitCallback:
    """An exit callback that, when the command is interrupted, tells the nanny of each worker
    of the ``--dask local`` cluster behind ``executor`` not to start its worker again (nothing
    for another executor).  It must run before the workers are killed (``verify``'s reaper): a
    nanny whose worker was killed starts a new one on Dask's event loop, which runs on while
    the process exits, and the new worker's start, cut short by the exit, prints a traceback
    (``EOFError: Ran out of input``) on the terminal (seen 1 run in 20 with both cores busy)."""
    client = getattr(executor, "_client", None)  # Dask's ClientExecutor
    cluster = getattr(client, "cluster", None)  # a LocalCluster; None for a remote one

    def stop(kind: type[BaseException] | None, exc: BaseException | None,
             tb: TracebackType | None) -> None:
        if kind is not None:
            for nanny in list(getattr(cluster, "workers", {}).values()):
                with contextlib.suppress(Exception):  # a nanny already closed
                    nanny.close_gracefully()
    return stop


def _quiet_resource_tracker() -> None:
    """Start :mod:`multiprocessing`'s resource tracker with its standard error on the null
    device (see the module docstring)."""
    from multiprocessing import resource_tracker  # noqa: PLC0415 - only for --dask local

    saved = os.dup(2)
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, 2)
        resource_tracker.ensure_running()
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(null)


def dask_executor(stack: contextlib.ExitStack, address: str, jobs: int) -> tuple[Executor, int]:
    """An executor on the Dask cluster at ``address`` (``local``: a cluster of ``jobs`` worker
    processes on this machine), and how many tasks it runs at once; what it holds is released
    by ``stack``."""
    try:
        from distributed import Client, LocalCluster  # noqa: PLC0415 - an optional extra
    except ImportError:
        raise OracleError("--dask: Dask is not installed; pip install -e '.[dask]' in a clone "
                          "of the source, or pip install 'clever-oracle[dask]'") from None
    logging.getLogger("distributed").setLevel(logging.CRITICAL)
    warnings.filterwarnings("ignore", module="distributed")
    try:
        if address == "local":
            _quiet_resource_tracker()
            handler = signal.signal(signal.SIGINT, signal.SIG_IGN)  # the workers inherit it
            try:
                cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                                       dashboard_address=":0", silence_logs=logging.CRITICAL)
            finally:
                signal.signal(signal.SIGINT, handler)
            stack.push(_close_when_done(cluster))
            client = Client(cluster)
        else:
            client = Client(address, timeout="10s")
        stack.push(_close_when_done(client))
    except (OSError, TimeoutError, ValueError) as exc:
        raise OracleError(f"--dask {address}: cannot reach the cluster: {exc}") from None
    threads: int = sum(client.nthreads().values()) or 1
    executor: Executor = client.get_executor()
    return executor, threads
