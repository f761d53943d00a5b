"""The ``clever-oracle`` console script's entry point.

It lives outside the ``oracle`` package so that it runs before anything of the oracle is
imported (loading it takes about a second): a Ctrl-C or SIGTERM while it loads ends the program
at once with exit 130 or 143 and one line on standard error, as at any later moment, rather than
with a traceback.  Then :func:`oracle.cli.run` does everything.  ``python -m clever_oracle``
runs it too.
"""

from __future__ import annotations

import os
import signal


def _quit(signum: int, frame: object) -> None:
    """Ctrl-C or SIGTERM while the oracle loads: nothing to clean up yet, so end here."""
    code, word = (143, "terminated") if signum == signal.SIGTERM else (130, "interrupted")
    os.write(2, f"clever-oracle: {word}\n".encode())
    os._exit(code)


def run() -> None:
    """Load the oracle with the start-up handlers in place, then run the command line.  A
    signal the program was started ignoring (``nohup``, a background job of a script) stays
    ignored."""
    for signum in (signal.SIGINT, signal.SIGTERM):
        if signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, _quit)
    from oracle.cli import run as run_command_line  # noqa: PLC0415 - after the handlers

    run_command_line()


if __name__ == "__main__":
    run()
