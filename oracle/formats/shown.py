"""How the oracle shows text a user gave, in errors and reports: cut short (:func:`excerpt`),
made one safe line (:func:`printable`), and tested for what UTF-8 cannot write
(:func:`bad_text`).  Shared by the records, the verifier, the service and the viewer."""

from __future__ import annotations

import unicodedata

#: The most characters of a user's value an error message quotes.
EXCERPT = 120
#: Direction overrides and marks: they would reorder the terminal's line.
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def printable(text: str) -> str:
    """``text`` with control characters (ANSI escapes, newlines, carriage returns), line and
    paragraph separators, direction overrides and lone surrogates written as ``\\xNN`` /
    ``\\uNNNN`` escapes, so it prints as exactly one line and cannot act on the terminal."""
    if text.isprintable():
        return text
    return "".join(
        _escape(c) if c in _BIDI or unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp")
        else c for c in text
    )


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """``text`` cut to at most ``limit`` characters (with `` ...`` and the full length when
    cut), so that an error about a 10 MB value stays one short line."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]} ... ({len(text):,} characters)"


def bad_text(value: str) -> bool:
    """True when ``value`` cannot be written as UTF-8 (a lone surrogate such as ``\\ud800``)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False
