"""Digit strings for the written-number areas' sheet notation."""

from __future__ import annotations

from oracle.engine.errors import NotationError


def digits(values: tuple[int, ...]) -> str:
    """Written numbers as digits, e.g. ``(1, 3, 5)`` → ``135``."""
    return "".join(map(str, values))


def parse_digits(text: str, most: int, what: str) -> tuple[int, ...]:
    """Digits 1..6, at most ``most`` of them; NotationError naming ``what`` otherwise."""
    if len(text) > most or any(ch not in "123456" for ch in text):
        raise NotationError(f"{what}: {text!r} is not up to {most} digits 1 to 6")
    return tuple(int(ch) for ch in text)
