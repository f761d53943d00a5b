"""Writing an output file whole or not at all (``play --out``, ``show --svg``, ``solve
--record``).

The text goes to a temporary file beside the target, which becomes the target only once every
byte is on disk.  On a full disk, a Ctrl-C or any other failure the temporary file is removed,
so the user never finds a file cut mid-record, and an existing file is never replaced unless
``replace`` is given (and not even then until the new one is complete).  Only a regular file is
ever replaced: a directory, a symbolic link (even to a regular file), a FIFO, a socket or a
device (``/dev/null``) is refused, :class:`NotRegular`, and left as it is (``--force`` onto
``/dev/null`` as root would otherwise put a regular file in its place).
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TextIO

from oracle.engine.errors import OracleError

#: Errors of ``link`` that mean the file system has no hard links (a rename is used instead).
_NO_LINKS = frozenset({errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK})


class OutputExists(OracleError):
    """The target exists and is not to be replaced."""


class NotRegular(OracleError):
    """The target exists and is not a regular file: it is never replaced (module docstring)."""


#: What a file that is not a regular one is, by the test of its mode.
_KINDS: tuple[tuple[Callable[[int], bool], str], ...] = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISLNK, "a symbolic link"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def not_regular(mode: int) -> str | None:
    """What a file of this ``st_mode`` is (``a FIFO (named pipe)``) when it is not a regular
    file; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((kind for test, kind in _KINDS if test(mode)), "not a regular file")


def check_replaceable(target: Path) -> None:
    """Raise :class:`NotRegular` if ``target`` exists and is not a regular file (a symbolic
    link is not followed: it is refused as a link, whatever it points to)."""
    try:
        mode = os.lstat(target).st_mode
    except (OSError, ValueError):  # missing (or unreadable: writing it will say so)
        return
    kind = not_regular(mode)
    if kind is not None:
        raise NotRegular(f"{target}: is {kind}, not a regular file, and is never written "
                         "over; name another file")


def _publish(temporary: Path, target: Path, replace: bool) -> None:
    """Give the complete ``temporary`` file the name ``target``."""
    if replace:
        check_replaceable(target)  # once more: it may have changed while the file was written
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
    ``OSError``; :class:`NotRegular` if ``target`` exists and is not a regular file;
    :class:`OutputExists` if it is one and ``replace`` is not given."""
    check_replaceable(target)
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
