"""Writing an output file whole or not at all (``play --out``, ``show --svg``, ``solve
--record``).

The text goes to a temporary file beside the target, which becomes the target only once every
byte is on disk.  On a full disk, a Ctrl-C or any other failure the temporary file is removed,
so the user never finds a file cut mid-record, and an existing file is never replaced unless
``replace`` is given (and not even then until the new one is complete).
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from oracle.errors import OracleError

#: Errors of ``link`` that mean the file system has no hard links (a rename is used instead).
_NO_LINKS = frozenset({errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK})


class OutputExists(OracleError):
    """The target exists and is not to be replaced."""


def _publish(temporary: Path, target: Path, replace: bool) -> None:
    """Give the complete ``temporary`` file the name ``target``."""
    if replace:
        os.replace(temporary, target)
        return
    try:
        os.link(temporary, target)  # fails, rather than replaces, if the target appeared
    except FileExistsError:
        raise OutputExists(f"{target}: the file exists") from None
    except OSError as exc:
        if exc.errno not in _NO_LINKS:
            raise
        if target.exists():
            raise OutputExists(f"{target}: the file exists") from None
        os.replace(temporary, target)
        return
    os.unlink(temporary)


@contextlib.contextmanager
def new_file(target: Path, replace: bool = False) -> Iterator[TextIO]:
    """A UTF-8 text file to write; it becomes ``target`` when the block ends normally (see the
    module docstring).  A temporary file that cannot be created (no such directory, no
    permission) is an :class:`OracleError`; a write that fails (a full disk) raises its
    ``OSError``; :class:`OutputExists` if ``target`` exists and ``replace`` is not given."""
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.part")
    try:
        handle = temporary.open("x", encoding="utf-8")
    except OSError as exc:
        raise OracleError(f"{target}: cannot write: {exc.strerror or exc}") from None
    except ValueError:  # a NUL character in the name
        raise OracleError(f"{target}: not a file name") from None
    try:
        with handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        _publish(temporary, target, replace)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
