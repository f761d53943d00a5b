"""Every certificate Clever 4Ever's solvers print is checked by the engine first: a witness
sheet's every area is written by the engine's own entries, one at a time from the blank area
(or from the sheet a completion starts from), each one a target the engine lists
(:func:`realise`), in no more entries than claimed; and the engine's score must equal the claim.
A claim the engine does not confirm is a bug: :class:`CertificateError` (the command line's
exit code 3), never printed as proven."""

from __future__ import annotations

from typing import Any

from oracle.engine.sheet import Sheet
from spec.fourever import spaces
from spec.fourever.engine_view import area_rules
from spec.fourever.printed import AREAS
from spec.fourever.seam import DEFAULT, GAME, Options, areas, format_sheet
from spec.solving import CertificateError as CertificateError  # the checks below raise it


def towards(part: Any, goal: Any) -> bool:
    """``part`` lies on the way to ``goal``: its crosses are the goal's (a mask), or each of its
    lines begins the goal's line."""
    if isinstance(part, int):
        return bool(part & ~goal == 0)
    if part and isinstance(part[0], tuple):
        return all(towards(a, b) for a, b in zip(part, goal))
    return tuple(goal[:len(part)]) == tuple(part)


def realise(label: str, goal: Any, start: Any = None, options: Options = DEFAULT) -> int:
    """The entries the engine makes to write ``goal`` from ``start`` (default: the blank
    area), each a question-mark entry the engine lists; :class:`CertificateError` when it
    cannot."""
    part = area_rules(label).EMPTY if start is None else start
    notation = area_rules(label).notation
    steps = 0
    while part != goal:
        nxt = [p for p in spaces.successors(label, part, options) if towards(p, goal)]
        if not nxt:
            raise CertificateError(f"the engine cannot write {label} {notation(goal)!r} from "
                                   f"{notation(part)!r}")
        part, steps = nxt[0], steps + 1
    return steps


def confirm_entries(sheet: Sheet, most: int, what: str, labels: tuple[str, ...] = AREAS,
                    start: Sheet | None = None, options: Options = DEFAULT) -> int:
    """The engine writes ``labels``' areas of ``sheet`` (from ``start``'s) in at most ``most``
    entries; returns how many."""
    used = sum(realise(a, sheet.parts[AREAS.index(a)],
                       None if start is None else start.parts[AREAS.index(a)], options)
               for a in labels)
    if used > most:
        raise CertificateError(f"{what}: the witness {format_sheet(sheet)} needs {used} "
                               f"entries, more than the {most} claimed")
    return used


def confirm_total(sheet: Sheet, claimed: int, what: str, options: Options = DEFAULT) -> None:
    """The engine's total of ``sheet`` is ``claimed``."""
    got = GAME.score(sheet, options).total  # type: ignore[call-arg]  # CleverGame takes a ruleset
    if got != claimed:
        raise CertificateError(f"{what}: the witness {format_sheet(sheet)} scores {got} by the "
                               f"engine, not the {claimed} claimed")


def confirm_area(sheet: Sheet, label: str, claimed: int, what: str) -> None:
    """The engine scores the area ``label`` of ``sheet`` at ``claimed``."""
    got = areas(sheet)[AREAS.index(label)]
    if got != claimed:
        raise CertificateError(f"{what}: the witness {format_sheet(sheet)} scores {got} in "
                               f"{label} by the engine, not the {claimed} claimed")
