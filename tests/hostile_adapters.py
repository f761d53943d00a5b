"""Adapters that misbehave on purpose, for the certify/conformance tests of the hostile trial.

    python -m tests.hostile_adapters MODE [FILE]

Modes: ``huge-number`` and ``deep`` answer hello with a 5,000-digit number or JSON nested
100,000 deep; ``endless-line`` writes an answer line without end; ``endless-stderr`` writes
standard error without a newline and never answers; ``forks`` is the reference adapter that
starts a child process (its pid and its own written to FILE) that would outlive it; ``marker``
is the reference adapter that writes its pid to FILE at its first ``apply`` (so a test knows
certification is under way); ``setsid`` is the reference adapter (``--game`` as the next
argument, optional) that first starts a helper in a session of its own (``setsid``: outside
the adapter's process group), whose pid it writes to FILE; ``not-comparable`` answers "not
comparable" to every state and legal request; ``accepts-all`` accepts every move;
``closes-output`` reads the hello, closes its standard output and keeps running.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from oracle.adapter.protocol import Answer, Step
from oracle.adapter.reference import ReferenceImplementation
from oracle.adapter.serve import serve
from oracle.games import find_game

HELLO = '{"type": "hello", "protocol": 1, "game": "clever-cubed", "version": "x", '


class Marker(ReferenceImplementation):
    """The reference adapter, writing its pid to a file at its first ``apply``."""

    def __init__(self, marker: Path) -> None:
        super().__init__(find_game("clever-cubed"))
        self.marker = marker

    def apply(self, step: Step) -> Answer:
        if not self.marker.exists():
            self.marker.write_text(str(os.getpid()))
        return super().apply(step)


def main(mode: str, file: str | None = None, game: str | None = None) -> int:
    out = sys.stdout
    if mode == "huge-number":
        sys.stdin.readline()
        out.write(HELLO + '"capabilities": [], "n": ' + "9" * 5000 + "}\n")
    elif mode == "deep":
        sys.stdin.readline()
        out.write("[" * 100_000 + "]" * 100_000 + "\n")
    elif mode == "endless-line":
        sys.stdin.readline()
        while True:
            out.write("x" * 65536)
    elif mode == "endless-stderr":
        while True:
            sys.stderr.write("e" * 65536)
    elif mode == "setsid":
        assert file is not None
        helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"],
                                  start_new_session=True)
        Path(file).write_text(str(helper.pid))
        return serve(ReferenceImplementation(find_game(game or "clever-cubed")))
    elif mode in ("not-comparable", "accepts-all"):
        from tests.certify.wrong_adapters import AcceptsEverything, NeverComparable

        return serve(NeverComparable() if mode == "not-comparable" else AcceptsEverything())
    elif mode == "closes-output":
        sys.stdin.readline()
        os.close(1)
        time.sleep(600)
        return 0
    elif mode in ("forks", "marker"):
        assert file is not None
        if mode == "forks":
            child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
            Path(file).write_text(json.dumps({"adapter": os.getpid(), "child": child.pid}))
        return serve(Marker(Path(file + ".marker" if mode == "forks" else file)))
    out.flush()
    time.sleep(600)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:]))
