"""What the fork server of the solves (:mod:`oracle.serve.solving`) loads before the solver: a
child it forks for a solve whose worker ended before handing the solve over (the service
stopped at that instant, :mod:`oracle.serve.guard`) finds nothing to read and ends quietly,
instead of printing a traceback on the service's standard error (the service's promise: no
traceback, one line on stopping).

The fork server reports a child that fails before the solve begins through ``sys.excepthook``;
importing this module sets it there (the fork server imports it, ``set_forkserver_preload``).
Only that one failure is quiet: an :class:`EOFError` raised where multiprocessing reads the
child's work (``multiprocessing.spawn._main``); anything else is printed as Python prints it.
"""

from __future__ import annotations

import sys
from types import TracebackType


def _reading_the_work(tb: TracebackType | None) -> bool:
    """True when the traceback passes through multiprocessing's reading of a child's work."""
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_name == "_main" and code.co_filename.endswith("spawn.py") and \
                tb.tb_frame.f_globals.get("__name__") == "multiprocessing.spawn":
            return True
        tb = tb.tb_next
    return False


def orphan_quiet(kind: type[BaseException], value: BaseException,
                 tb: TracebackType | None) -> None:
    """``sys.excepthook`` of the fork server (module docstring)."""
    if issubclass(kind, EOFError) and _reading_the_work(tb):
        return
    sys.__excepthook__(kind, value, tb)


sys.excepthook = orphan_quiet
