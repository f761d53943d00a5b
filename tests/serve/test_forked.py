"""A solve's process whose worker ends before handing it the solve (the service stopping at that
instant) ends quietly: no traceback on the service's standard error (oracle/serve/forked.py).
Once a CI run of tests/serve/test_signals.py showed "EOFError: Ran out of input" after
"clever-oracle: terminated"; here the same moment is made on purpose, without a race."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
#: The service's fork server asked for a child, the work never written (as a worker that ends
#: at that instant leaves it): the child's exit code is printed.
ORPHAN = """
import os
from multiprocessing import forkserver
from oracle.serve.solving import processes
processes()
status_r, data_w = forkserver.connect_to_new_process([])
os.close(data_w)
assert forkserver.read_signed(status_r) > 0
print("exit", forkserver.read_signed(status_r))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="no fork server there")
def test_a_child_given_no_solve_ends_without_a_traceback() -> None:
    done = subprocess.run([sys.executable, "-c", ORPHAN], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "exit 1\n"  # the child failed to start the solve...
    assert done.stderr == ""  # ...and said nothing


@pytest.fixture
def hook() -> Iterator[None]:
    """``oracle.serve.forked`` imported (it sets ``sys.excepthook``), the hook put back after."""
    before = sys.excepthook
    import oracle.serve.forked  # noqa: F401, PLC0415 - imported for its hook
    yield
    sys.excepthook = before


def _raised(error: BaseException) -> tuple[type[BaseException], BaseException, object]:
    try:
        raise error
    except BaseException as exc:  # noqa: BLE001 - the test's own exception
        return type(exc), exc, exc.__traceback__


def test_any_other_failure_is_printed(hook: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Other exceptions, and an EOFError anywhere but where the child's work is read, are
    printed as Python prints them."""
    from oracle.serve.forked import orphan_quiet  # noqa: PLC0415 - after the fixture

    for error in (ValueError("other"), EOFError("not the work")):
        err = io.StringIO()
        monkeypatch.setattr(sys, "stderr", err)
        kind, value, tb = _raised(error)
        orphan_quiet(kind, value, tb)  # type: ignore[arg-type]
        assert "Traceback" in err.getvalue() and str(error) in err.getvalue()
