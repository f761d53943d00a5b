"""``clever-oracle serve``: run the checking service (:mod:`oracle.serve.app`) under uvicorn.

    clever-oracle serve [--host 127.0.0.1] [--port 8000] [--workers N] [--max-body BYTES]
                        [--max-records N] [--timeout SECONDS] [--max-concurrent N]
                        [--cors-origin ORIGIN ... | --no-cors]

Needs the ``serve`` extra (``pip install 'clever-oracle[serve]'``); without it, or when the
address cannot be bound, the command says so in one line (exit 2).  Each worker process builds
the application from :data:`oracle.serve.limits.ENVIRONMENT`, which carries the limits, and
:data:`oracle.serve.cors.ENVIRONMENT`, which carries the origins CORS allows (every origin by
default; ``--cors-origin`` narrows it, ``--no-cors`` sends no CORS header).

Ctrl-C or SIGTERM stops the service at once (:mod:`oracle.serve.guard`): the requests in flight
are answered 503, the solves stopped, and the command ends with 130 (Ctrl-C) or 143 (SIGTERM),
as every command does.  With one worker the worker is this process and ends so itself; with
more, uvicorn's supervisor stops the workers and this process ends with the signal's code.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import signal
import socket
from typing import TYPE_CHECKING, TextIO, TypeVar

from oracle.plumbing.argtypes import seconds, whole
from oracle.engine.errors import OracleError
from oracle.plumbing.exitcodes import EXIT_INTERRUPTED, EXIT_TERMINATED, epilog
from oracle.plumbing.interrupts import Terminated
from oracle.serve import cors
from oracle.serve.limits import ENVIRONMENT, Limits

if TYPE_CHECKING:
    from uvicorn import Config

P = TypeVar("P", bound=argparse.ArgumentParser)

#: The application factory uvicorn imports in each worker.
FACTORY = "oracle.serve.app:app_from_environment"


def _check_address(host: str, port: int) -> None:
    """Refuse, in one line, an address this machine cannot listen on."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except socket.gaierror as exc:
        raise OracleError(f"serve: --host {host}: not an address here ({exc.strerror})") \
            from None
    except OSError as exc:
        why = "in use" if exc.errno == errno.EADDRINUSE else exc.strerror
        raise OracleError(f"serve: cannot listen on {host}:{port}: {why}") from None


def _supervise(config: Config) -> int | None:
    """Run the workers under uvicorn's supervisor until a signal stops them: the signal (None
    when the workers could not start)."""
    from uvicorn.supervisors import Multiprocess  # noqa: PLC0415 - an optional extra

    from oracle.serve.guard import ctrl_c_held  # noqa: PLC0415 - needs the extra

    stopped_by: list[int] = []

    class Supervisor(Multiprocess):
        """uvicorn's supervisor, noting the signal that stopped it; its workers start with
        Ctrl-C held back until they can stop cleanly (:mod:`oracle.serve.guard`)."""

        def init_processes(self) -> None:
            with ctrl_c_held():
                super().init_processes()

        def handle_int(self) -> None:
            stopped_by.append(signal.SIGINT)
            super().handle_int()

        def handle_term(self) -> None:
            stopped_by.append(signal.SIGTERM)
            super().handle_term()

    Supervisor(config, sockets=[config.bind_socket()]).run()
    return stopped_by[0] if stopped_by else None


def cmd_serve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run the service until a signal stops it: 130 for Ctrl-C, 143 for SIGTERM."""
    limits = Limits(args.max_body, args.max_records, args.timeout, args.max_concurrent)
    origins = () if args.no_cors else tuple(dict.fromkeys(args.cors_origin or [cors.ANY]))
    try:
        import starlette  # noqa: F401, PLC0415 - only to check the extra is installed
        import uvicorn  # noqa: PLC0415 - an optional extra
    except ImportError:
        raise OracleError("serve: needs the serve extra: pip install 'clever-oracle[serve]'") \
            from None
    from oracle.serve.protocol import PROTOCOL  # noqa: PLC0415 - needs the extra

    _check_address(args.host, args.port)
    os.environ[ENVIRONMENT] = json.dumps(limits.to_json())
    os.environ[cors.ENVIRONMENT] = json.dumps(cors.Cors(origins).to_json())
    shown = f"[{args.host}]" if ":" in args.host else args.host
    allowed = ("off" if not origins else "any origin" if cors.ANY in origins
               else ", ".join(origins))
    out.write(f"clever-oracle serve: http://{shown}:{args.port}/ (workers {args.workers}; "
              f"limits: body {limits.max_body:,} bytes, {limits.max_records} records, "
              f"{limits.timeout:g} s, {limits.max_concurrent} concurrent per worker; "
              f"CORS: {allowed}); Ctrl-C stops it\n")
    out.flush()
    config = uvicorn.Config(FACTORY, factory=True, host=args.host, port=args.port,
                            workers=args.workers, log_level=args.log_level,
                            access_log=args.access_log, server_header=False,
                            timeout_keep_alive=5, http=PROTOCOL, ws="none")
    if args.workers == 1:
        server = uvicorn.Server(config)
        server.run()  # a signal ends this process (oracle.serve.guard)
        stopped = None
    else:
        stopped = _supervise(config)
    if stopped == signal.SIGINT:
        raise KeyboardInterrupt
    if stopped == signal.SIGTERM:
        raise Terminated()
    raise OracleError(f"serve: the service on {args.host}:{args.port} ended without a signal "
                      "(see the messages above)")


def _origin(text: str) -> str:
    """``--cors-origin``'s value, checked (:func:`oracle.serve.cors.origin`)."""
    try:
        return cors.origin(text)
    except OracleError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("serve: --cors-origin ")) \
            from None


def register(sub: argparse._SubParsersAction[P]) -> None:
    """Add the ``serve`` subcommand to the command line's subparsers."""
    defaults = Limits()
    p = sub.add_parser("serve", help="run the checking service: an HTTP JSON API (needs the "
                       "serve extra)",
                       epilog=epilog({0: "not used: the service runs until a signal stops it",
                                      2: "a bad command line, the serve extra missing, or the "
                                      "port in use (one line on stderr)",
                                      EXIT_INTERRUPTED: "stopped by Ctrl-C (SIGINT), at once: "
                                      "requests in flight are answered 503",
                                      EXIT_TERMINATED: "stopped by SIGTERM, at once: requests "
                                      "in flight are answered 503"}),
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: "
                   "127.0.0.1, this machine only)")
    p.add_argument("--port", type=whole(1, 65535, "a port number"), default=8000, help="the port (default: 8000)")
    p.add_argument("--workers", type=whole(1, 64, "a number of workers"), default=1, help="worker processes (default: 1); the "
                   "service keeps no state, so any number give the same answers")
    p.add_argument("--max-body", type=whole(1), default=defaults.max_body, metavar="BYTES",
                   help=f"the largest request body (default: {defaults.max_body:,})")
    p.add_argument("--max-records", type=whole(1), default=defaults.max_records, metavar="N",
                   help=f"records in one verify request (default: {defaults.max_records})")
    p.add_argument("--timeout", type=seconds, default=defaults.timeout, metavar="SECONDS",
                   help=f"seconds for a request's body to arrive, and as many for its work: "
                   f"judging the records, a solve (which answers with its best bound), ... "
                   f"(default: {defaults.timeout:g})")
    p.add_argument("--max-concurrent", type=whole(1), default=defaults.max_concurrent, metavar="N",
                   help=f"requests one worker works on at once (a body still arriving does not "
                   f"count); more are answered 503 (default: {defaults.max_concurrent})")
    origins = p.add_mutually_exclusive_group()
    origins.add_argument("--cors-origin", action="append", type=_origin, metavar="ORIGIN",
                         help="a web origin whose pages may call the service from a browser "
                         "(e.g. https://app.example; repeatable; default: every origin, as the "
                         "service is stateless and takes no credentials)")
    origins.add_argument("--no-cors", action="store_true", help="send no CORS header: "
                         "browsers keep pages of other origins from reading the answers")
    p.add_argument("--log-level", default="warning",
                   choices=["critical", "error", "warning", "info", "debug"],
                   help="uvicorn's log level (default: warning)")
    p.add_argument("--access-log", action="store_true", help="log every request (default: off)")
    p.set_defaults(run=cmd_serve)
