"""A scripted adapter for the fuzz suite: answers each request with the next answer of a file
(each answer as an 8-byte length and its bytes, written by :func:`write_answers`), then exits.

    python -S tests/fuzz_adapter.py ANSWERS

It imports nothing but the standard library, so that a fuzz case starts in milliseconds.
"""

from __future__ import annotations

import sys
from pathlib import Path


def write_answers(path: Path, answers: list[bytes]) -> None:
    """The file :func:`main` reads."""
    path.write_bytes(b"".join(len(a).to_bytes(8, "big") + a for a in answers))


def main(path: str) -> int:
    data = Path(path).read_bytes()
    answers = []
    while data:
        size = int.from_bytes(data[:8], "big")
        answers.append(data[8:8 + size])
        data = data[8 + size:]
    out = sys.stdout.buffer
    for answer in answers:
        if not sys.stdin.buffer.readline():
            break
        out.write(answer)
        out.flush()
        if not answer.endswith(b"\n"):  # a line without an end: the adapter dies mid-line
            break
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1]))
