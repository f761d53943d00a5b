"""The exit codes of every ``clever-oracle`` command (the README's table; ``--help`` of each
command prints them with that command's meaning of 0, 1 and 2)."""

from __future__ import annotations

from collections.abc import Mapping

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_UNUSABLE = 2
EXIT_INTERNAL = 3
EXIT_OUTPUT = 4
#: ``certify`` and ``conformance``: no difference found, but too little was compared to call
#: the app conforming (docs/certify.md, "When a run says nothing").
EXIT_INCONCLUSIVE = 5
EXIT_INTERRUPTED = 130
EXIT_PIPE = 141
EXIT_TERMINATED = 143

#: The exit codes and what they mean (for ``verify``; other commands give 0-2 their meaning).
EXIT_CODES: tuple[tuple[int, str], ...] = (
    (EXIT_OK, "every record legal or legal so far, or the command succeeded"),
    (EXIT_ILLEGAL, "a record is illegal (a step, or its claimed totals) or incomplete"),
    (EXIT_UNUSABLE, "unusable input or a bad command line (one line on stderr); wins over 1"),
    (EXIT_INTERNAL, "internal error of the oracle (a bug; please report it)"),
    (EXIT_OUTPUT, "the output could not be written (e.g. a full disk)"),
    (EXIT_INCONCLUSIVE, "certify, conformance: inconclusive (too little compared to say)"),
    (EXIT_INTERRUPTED, "interrupted (Ctrl-C)"),
    (EXIT_PIPE, "the reader of the output closed it (| head): ended quietly"),
    (EXIT_TERMINATED, "terminated (SIGTERM)"),
)


def epilog(meanings: Mapping[int, str] | None = None) -> str:
    """The exit codes as a help epilog, with a command's own ``meanings`` of some codes."""
    own = meanings or {}
    return "exit codes:\n" + "\n".join(f"  {code:<4} {own.get(code, text)}"
                                       for code, text in EXIT_CODES)
