"""``clever-oracle serve``: run the checking service (:mod:`oracle.serve.app`) under uvicorn.

    clever-oracle serve [--host 127.0.0.1] [--port 8000] [--workers N] [--max-body BYTES]
                        [--max-records N] [--timeout SECONDS] [--max-concurrent N]

Needs the ``serve`` extra (``pip install 'clever-oracle[serve]'``); without it, or when the
address cannot be bound, the command says so in one line (exit 2).  Each worker process builds
the application from :data:`oracle.serve.limits.ENVIRONMENT`, which carries the limits.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import socket
from typing import TextIO, TypeVar

from oracle.errors import OracleError
from oracle.serve.limits import ENVIRONMENT, Limits

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


def cmd_serve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run the service until interrupted; 0 when it stops."""
    limits = Limits(args.max_body, args.max_records, args.timeout, args.max_concurrent)
    if args.workers < 1:
        raise OracleError("serve: --workers must be 1 or more")
    if not 1 <= args.port <= 65535:
        raise OracleError("serve: --port must be 1 to 65535")
    try:
        import starlette  # noqa: F401, PLC0415 - only to check the extra is installed
        import uvicorn  # noqa: PLC0415 - an optional extra
    except ImportError:
        raise OracleError("serve: needs the serve extra: pip install 'clever-oracle[serve]'") \
            from None
    _check_address(args.host, args.port)
    os.environ[ENVIRONMENT] = json.dumps(limits.to_json())
    shown = f"[{args.host}]" if ":" in args.host else args.host
    out.write(f"clever-oracle serve: http://{shown}:{args.port}/ (workers {args.workers}; "
              f"limits: body {limits.max_body:,} bytes, {limits.max_records} records, "
              f"{limits.timeout:g} s, {limits.max_concurrent} concurrent per worker); "
              f"Ctrl-C stops it\n")
    out.flush()
    uvicorn.run(FACTORY, factory=True, host=args.host, port=args.port, workers=args.workers,
                log_level=args.log_level, access_log=args.access_log, server_header=False,
                timeout_keep_alive=5)
    return 0


def register(sub: argparse._SubParsersAction[P]) -> None:
    """Add the ``serve`` subcommand to the command line's subparsers."""
    defaults = Limits()
    p = sub.add_parser("serve", help="run the checking service: an HTTP JSON API (needs the "
                       "serve extra)")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: "
                   "127.0.0.1, this machine only)")
    p.add_argument("--port", type=int, default=8000, help="the port (default: 8000)")
    p.add_argument("--workers", type=int, default=1, help="worker processes (default: 1); the "
                   "service keeps no state, so any number give the same answers")
    p.add_argument("--max-body", type=int, default=defaults.max_body, metavar="BYTES",
                   help=f"the largest request body (default: {defaults.max_body:,})")
    p.add_argument("--max-records", type=int, default=defaults.max_records, metavar="N",
                   help=f"records in one verify request (default: {defaults.max_records})")
    p.add_argument("--timeout", type=float, default=defaults.timeout, metavar="SECONDS",
                   help=f"seconds per request: reading the body, judging the records, a solve "
                   f"(which answers with its best bound) (default: {defaults.timeout:g})")
    p.add_argument("--max-concurrent", type=int, default=defaults.max_concurrent, metavar="N",
                   help=f"requests one worker handles at once; more are answered 503 "
                   f"(default: {defaults.max_concurrent})")
    p.add_argument("--log-level", default="warning",
                   choices=["critical", "error", "warning", "info", "debug"],
                   help="uvicorn's log level (default: warning)")
    p.add_argument("--access-log", action="store_true", help="log every request (default: off)")
    p.set_defaults(run=cmd_serve)
