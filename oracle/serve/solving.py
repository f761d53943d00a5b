"""``POST /solve``: the fast solve questions of ``clever-oracle solve`` (each game's Z3
encodings, :mod:`spec.ask`) within the time limit per request.

Each question runs in a process of its own: Z3's context is not safe to share between threads,
and a process can be stopped.  The solver gets the time limit (the request's ``timeout``, at
most the server's ``--timeout``) less :data:`MARGIN`; past it, a question answers with its best
witness and best proven bound (``proven: false``).  Should a process still run
:data:`GRACE` seconds after the limit (building a formula is not covered by Z3's limit), it is
stopped and the answer is a 503: a solve never holds a worker.  Processes are forked from a
server process that has the solver loaded (``forkserver``), so a question starts at once.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.context
from multiprocessing.connection import Connection

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from oracle.errors import OracleError
from oracle.serve.bodies import json_body
from oracle.serve.problems import ApiError
from oracle.serve.service import Processes, answer, service

#: Seconds of the time limit kept for starting the process and building the formula.
MARGIN = 0.5
#: Seconds a solve's process may run past the time limit before it is stopped.
GRACE = 2.0
#: The module a solve's process runs (loaded once, in the fork server).
SOLVER = "spec.ask"


def processes() -> Processes:
    """The context solves run in: forked from a fork server with the solver loaded where the
    platform has one, else freshly spawned."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([SOLVER])
        return context
    return multiprocessing.get_context("spawn")


def _child(conn: Connection, question: str, fields: dict[str, object], timeout: float) -> None:
    """A solve's process: ask the question, send back ("answer", JSON) or ("error", line)."""
    from spec.ask import ask  # noqa: PLC0415 - the solver is loaded in this process only

    try:
        conn.send(("answer", ask(question, fields, timeout).to_json()))
    except OracleError as exc:
        conn.send(("error", str(exc)))
    except Exception as exc:  # noqa: BLE001 - reported to the parent as an internal error
        conn.send(("internal", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def solve_in_process(context: Processes, question: str,
                     fields: dict[str, object], limit: float) -> dict[str, object]:
    """The answer of ``question``, solved within ``limit`` seconds in a process of its own."""
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(send, question, fields,
                                                   max(0.05, limit - MARGIN)), daemon=True)
    process.start()
    send.close()
    try:
        if not receive.poll(limit + GRACE):
            raise ApiError(503, f"the solve ran {GRACE:g} s past its time limit of {limit:g} s "
                           "and was stopped", "body")
        kind, value = receive.recv()
    except EOFError:
        raise ApiError(503, "the solver's process ended without an answer", "body") from None
    finally:
        if process.is_alive():
            process.kill()
        process.join()
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
    body = await json_body(request, settings.limits, "solve-request")
    fields = {k: v for k, v in body.items() if k not in ("question", "timeout")}
    wanted = body.get("timeout", settings.limits.timeout)
    limit = min(float(wanted) if isinstance(wanted, (int, float)) else settings.limits.timeout,
                settings.limits.timeout)
    result = await run_in_threadpool(solve_in_process, settings.processes,
                                     str(body["question"]), fields, limit)
    return answer({**result, "timeout": limit})
