"""The process table, for the tests that no process outlives a command (Linux's /proc; elsewhere
those tests are skipped): who are a process's children or a group's members, and waiting, within
a bound, for a process to end."""

from __future__ import annotations

import os
import time
from pathlib import Path

#: Seconds a subprocess test waits for something that should happen at once (a bound, never a
#: measurement): generous, so that a machine whose cores are all busy (a process start there
#: takes seconds) passes as an idle one does.
PATIENCE = 120
HAS_PROC = Path("/proc/self/stat").exists()


def _stat(entry: Path) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command name: state, parent, group, ..."""
    try:
        return (entry / "stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def _living(field: int, value: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(entry)
            if fields is not None and fields[0] != "Z" and int(fields[field]) == value:
                found.append(int(entry.name))
    return found


def children(pid: int) -> list[int]:
    """The living processes whose parent is ``pid``."""
    return _living(1, pid)


def group_members(group: int) -> list[int]:
    """The living processes of process group ``group``."""
    return _living(2, group)


def gone(pid: int) -> bool:
    """True once ``pid`` has ended (or is a zombie waiting for its parent)."""
    if HAS_PROC:
        fields = _stat(Path(f"/proc/{pid}"))
        return fields is None or fields[0] == "Z"
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def wait_gone(pid: int) -> bool:
    """Wait (at most :data:`PATIENCE` seconds) for ``pid`` to end."""
    for _ in range(PATIENCE * 10):
        if gone(pid):
            return True
        time.sleep(0.1)
    return False
