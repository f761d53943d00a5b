"""``POST /solve``: the fast solve questions of ``clever-oracle solve`` (each game's Z3
encodings, :mod:`spec.ask`) within the time limit per request.

Each question runs in a process of its own: Z3's context is not safe to share between threads,
and a process can be stopped.  The solver gets the time limit (the request's ``timeout``, at
most the server's ``--timeout``) less :data:`MARGIN`; past it, a question answers with its best
witness and best proven bound (``proven: false``).  Should a process still run
:data:`GRACE` seconds after the limit by the service's clock (building a formula is not covered
by Z3's limit), it is stopped and the answer is a 503: a solve never holds a worker.  Processes
are forked from a server process that has the solver loaded (``forkserver``), so a question
starts at once; they leave Ctrl-C to the service, which kills them when it stops, and each
ends by itself once the worker that asked it has ended (a worker that ends while the process is
being started cannot kill it, and the process then ends quietly, :mod:`oracle.serve.forked`;
nor can a worker that is killed).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import multiprocessing.context
import multiprocessing.process
import os
import threading
from multiprocessing.connection import Connection

from starlette.requests import Request
from starlette.responses import Response

from oracle.engine.errors import OracleError
from oracle.plumbing.interrupts import worker_start
from oracle.serve.bodies import json_body
from oracle.serve.guard import ctrl_c_held
from oracle.serve.limits import POLL, Clock
from oracle.serve.problems import ApiError
from oracle.serve.service import Processes, Solves, answer, service

#: Seconds of the time limit kept for starting the process and building the formula.
MARGIN = 0.5
#: Seconds a solve's process may run past the time limit before it is stopped.
GRACE = 2.0
#: The module a solve's process runs (loaded once, in the fork server).
SOLVER = "spec.ask"
#: What the fork server loads first: a child whose worker ended before handing it the solve
#: ends quietly (:mod:`oracle.serve.forked`).
FORKED = "oracle.serve.forked"


def processes() -> Processes:
    """The context solves run in: forked from a fork server with the solver loaded where the
    platform has one, else freshly spawned."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([FORKED, SOLVER])
        return context
    return multiprocessing.get_context("spawn")


def _end_with(asker: multiprocessing.process.BaseProcess) -> None:
    """End this process once ``asker`` has ended (nobody is left to read the answer)."""
    asker.join()
    os._exit(1)


def _child(conn: Connection, question: str, fields: dict[str, object], timeout: float) -> None:
    """A solve's process: ask the question, send back ("answer", JSON) or ("error", line)."""
    worker_start()  # Ctrl-C is the service's to handle; end with the fork server
    asker = multiprocessing.parent_process()  # the worker (the fork server is the parent)
    if asker is not None:
        threading.Thread(target=_end_with, args=(asker,), name="asker watch",
                         daemon=True).start()
    from spec.ask import ask  # noqa: PLC0415 - the solver is loaded in this process only

    try:
        conn.send(("answer", ask(question, fields, timeout).to_json()))
    except OracleError as exc:
        conn.send(("error", str(exc)))
    except Exception as exc:  # noqa: BLE001 - reported to the parent as an internal error
        conn.send(("internal", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def solve_in_process(context: Processes, solves: Solves, clock: Clock, question: str,
                     fields: dict[str, object], limit: float) -> dict[str, object]:
    """The answer of ``question``, solved within ``limit`` seconds in a process of its own
    (stopped :data:`GRACE` seconds past the limit by ``clock``)."""
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(send, question, fields,
                                                   max(0.05, limit - MARGIN)), daemon=True)
    stop = clock() + limit + GRACE
    with ctrl_c_held():  # the fork server, started by the first solve, never takes Ctrl-C
        process.start()
    solves.add(process)
    send.close()
    try:
        while not receive.poll(POLL):
            if clock() > stop:
                raise ApiError(503, f"the solve ran {GRACE:g} s past its time limit of "
                               f"{limit:g} s and was stopped", "body")
        kind, value = receive.recv()
    except EOFError:
        raise ApiError(503, "the solver's process ended without an answer", "body") from None
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        solves.discard(process)
        receive.close()
    if kind == "error":
        message = str(value)
        where, _, rest = message.partition(": ")
        raise ApiError(422, rest if where.startswith("/") else message,
                       where if where.startswith("/") else "body")
    if kind != "answer" or not isinstance(value, dict):
        raise ApiError(500, f"the solver failed: {value}", None)
    return value


async def solve(request: Request) -> Response:
    """``POST /solve``: ``{"question": ..., fields..., "timeout": seconds}``."""
    settings = service(request)
    body = await json_body(request, "solve-request")
    fields = {k: v for k, v in body.items() if k not in ("question", "timeout")}
    wanted = body.get("timeout", settings.limits.timeout)
    limit = min(float(wanted) if isinstance(wanted, (int, float)) else settings.limits.timeout,
                settings.limits.timeout)
    result = await asyncio.get_running_loop().run_in_executor(
        settings.threads, solve_in_process, settings.processes, settings.solves, settings.clock,
        str(body["question"]), fields, limit)
    return answer({**result, "timeout": limit})
