"""Every certificate the solvers print is checked by the engine first: a witness sheet is
completed with the action tracks the engine gives it (its entries made one by one through
``apply``, with the round bonuses of the game), and the engine's score must equal the claim; a
witness game must be accepted by ``verify`` and end with the claimed sheet.  A claim the
engine does not confirm is a bug: :class:`CertificateError` (the command line's exit code 3),
never printed as proven."""

from __future__ import annotations

from collections import Counter

from oracle import Area, Bonus, PlayerSheet, Position, Ruleset
from oracle.records.record import parse_record, verify
from spec.cubed import probe, spaces
from spec.cubed.patterns import turquoise_bit
from spec.cubed.printed import (ACTIONS, ROUND_START_BONUS, ROUNDS, TRACK_FIELDS,
                                TURQUOISE_COLUMNS, TURQUOISE_ROWS)
from spec.cubed.seam import GAME, award, format_sheet, pending
from spec.solving import CertificateError as CertificateError  # the checks below raise it


def engine_earned(sheet: PlayerSheet, ruleset: Ruleset = Ruleset()) -> Counter[Bonus]:
    """The bonuses the engine gives for the entries of ``sheet``'s five areas, made one by
    one with question marks (:func:`spec.cubed.spaces.build_space`); foxes aside."""
    got: Counter[Bonus] = Counter()
    for area in Area:
        problems: list[str] = []
        space = spaces.build_space(area, [probe.area_only(sheet, area)], ruleset, problems)
        if problems:
            raise CertificateError(f"witness {format_sheet(sheet)}: {problems[0]}")
        for bonus, counts in space.earned.items():
            if bonus is not Bonus.FOX:
                got[bonus] += int(counts[0])
    return got


def with_tracks(sheet: PlayerSheet, rounds: int, ruleset: Ruleset = Ruleset()) -> PlayerSheet:
    """``sheet``'s areas with the action tracks a player has after ``rounds`` rounds when the
    engine gave these entries their bonuses: circles for the bonuses and the round bonuses,
    at most seven per track (rulebook "Actions"; rulings 8, 20), nothing spent or pending."""
    got = engine_earned(sheet, ruleset)
    got.update(b for b in ROUND_START_BONUS[:rounds] if b is not None)
    circles = {a: min(TRACK_FIELDS, got[a]) for a in ACTIONS}
    return PlayerSheet(yellow=sheet.yellow, turquoise=sheet.turquoise,
                       blue_left=sheet.blue_left, blue_right=sheet.blue_right,
                       brown=sheet.brown, pink=sheet.pink, pink_bonus=sheet.pink_bonus,
                       rerolls=circles[Bonus.REROLL], jokers=circles[Bonus.NUMBER_JOKER],
                       extra_dice=circles[Bonus.EXTRA_DIE])


def confirm_total(sheet: PlayerSheet, claimed: int, what: str) -> None:
    """The engine's total of ``sheet`` (tracks included) is ``claimed``."""
    total = GAME.score(sheet).total
    if total != claimed:
        raise CertificateError(f"{what}: the witness {format_sheet(sheet)} scores {total} by "
                               f"the engine, not the {claimed} claimed")


def confirm_area(sheet: PlayerSheet, area: Area, claimed: int, what: str) -> None:
    """The engine scores ``area`` of ``sheet`` at ``claimed``."""
    points = GAME.score(sheet).areas[list(Area).index(area)]
    if points != claimed:
        raise CertificateError(f"{what}: the witness {format_sheet(sheet)} scores {points} in "
                               f"{area.label} by the engine, not the {claimed} claimed")


def confirm_entries(sheet: PlayerSheet, most: int, what: str,
                    area: Area | None = None) -> int:
    """The witness has at most ``most`` entries by the engine's count (one per cross or
    field, turquoise one per column used: :func:`spec.cubed.spaces.units`); returns them."""
    count = sum(spaces.units(a, sheet) for a in (Area if area is None else (area,)))
    if count > most:
        raise CertificateError(f"{what}: the witness {format_sheet(sheet)} needs {count} "
                               f"entries, more than the {most} claimed")
    return count


def confirm_growth(old: PlayerSheet, new: PlayerSheet, what: str) -> None:
    """``new`` can follow ``old`` by the engine's entries: it keeps every cross and number of
    ``old``, and its new brown crosses lie right of ``old``'s last (rulebook "The Brown
    Area")."""
    kept = all(spaces.keeps(a, probe.area_only(old, a), probe.area_only(new, a)) for a in Area)
    left_of_last = new.brown & ~old.brown & ((1 << old.brown.bit_length()) - 1)
    if not kept or left_of_last:
        raise CertificateError(f"{what}: the witness {format_sheet(new)} does not grow from "
                               f"{format_sheet(old)}")


def _written(area: Area, sheet: PlayerSheet) -> int:
    """How much of ``area`` is written: crosses, or fields."""
    if area is Area.BLUE:
        return len(sheet.blue_left) + len(sheet.blue_right)
    if area is Area.PINK:
        return len(sheet.pink)
    return bin(int(getattr(sheet, area.label))).count("1")


def _column_entries(sheet: PlayerSheet, goal: PlayerSheet,
                    ruleset: Ruleset) -> list[PlayerSheet]:
    """Turquoise: for each column where ``goal`` crosses cells ``sheet`` leaves free, the area
    after the engine's one entry that crosses them all (from the silver platter with enough
    other dice showing the column's number, rulebook "The Turquoise Area", ruling 11), if the
    engine lists it."""
    out = []
    for column in range(1, TURQUOISE_COLUMNS + 1):
        rows = sum(1 << (r - 1) for r in range(1, TURQUOISE_ROWS + 1)
                   if goal.turquoise & ~sheet.turquoise & turquoise_bit(r, column))
        if rows:
            entries = probe.entries(Area.TURQUOISE, sheet, Position.PLATTER, column,
                                    bin(rows).count("1") - 1, ruleset)
            if rows in entries:
                out.append(entries[rows][0])
    return out


def entries_between(area: Area, start: PlayerSheet, goal: PlayerSheet,
                    ruleset: Ruleset = Ruleset(), most_states: int = 4096) -> int | None:
    """How many of the engine's entries write ``area`` of ``goal`` from ``start`` (area-only
    sheets), each one an entry the engine lists (a question mark of the area's colour, any
    number: :func:`spec.cubed.spaces.successors`; in turquoise also one entry per column
    crossing all its cells wanted, :func:`_column_entries`), the biggest entries first; None
    when the engine cannot (or no way is found before ``most_states`` states are given up:
    the first way tried is taken at once wherever the order of entries does not matter).
    Counted on the engine's own entries, not on any encoding's count (so a count that lets
    entries come for free is caught)."""
    failed: set[PlayerSheet] = set()

    def key(sheet: PlayerSheet) -> tuple[int, int]:
        # The most written first; then the lowest cells (brown: the leftmost field, so
        # every field wanted right of it is still free to cross).
        mask = 0 if area in (Area.BLUE, Area.PINK) else int(getattr(sheet, area.label))
        return -_written(area, sheet), mask

    def steps(at: PlayerSheet) -> int | None:
        if at == goal:
            return 0
        if at in failed or len(failed) >= most_states:
            return None
        nexts = set(spaces.successors(area, at, ruleset))
        if area is Area.TURQUOISE:
            nexts.update(_column_entries(at, goal, ruleset))
        for nxt in sorted((n for n in nexts if n != at and spaces.keeps(area, n, goal)),
                          key=key):
            found = steps(nxt)
            if found is not None:
                return found + 1
        failed.add(at)
        return None

    return steps(start)


def confirm_added(old: PlayerSheet, new: PlayerSheet, most: int, what: str,
                  ruleset: Ruleset = Ruleset()) -> int:
    """The engine writes ``new``'s five areas from ``old``'s in at most ``most`` entries
    (:func:`entries_between`, area by area); returns how many."""
    used = 0
    for area in Area:
        n = entries_between(area, probe.area_only(old, area), probe.area_only(new, area),
                            ruleset)
        if n is None:
            raise CertificateError(f"{what}: the engine cannot write {area.label} of the "
                                   f"witness {format_sheet(new)} from {format_sheet(old)}")
        used += n
    if used > most:
        raise CertificateError(f"{what}: the witness {format_sheet(new)} needs {used} more "
                               f"entries by the engine, more than the {most} claimed")
    return used


def round_end_sheet(target: PlayerSheet, rounds: int, last: int) -> PlayerSheet:
    """The sheet the engine shows once round ``rounds`` of a game of ``last`` rounds is over,
    if the player's sheet was ``target`` at its end: the next round's bonus is given as that
    round begins (ruling 8)."""
    if rounds == last:
        return target
    bonus = ROUND_START_BONUS[rounds]
    return award(target, (bonus,)) if bonus is not None else target


def ends_with(sheet: PlayerSheet, goal: PlayerSheet) -> bool:
    """The sheet a game shows once a round is over is ``goal`` (:func:`round_end_sheet`):
    exactly, or without the next round's black question mark when the engine dropped it for
    want of a use (ruling 19).  Only that round bonus may be missing: a round ends with no
    question mark of its own pending (rulings 18-19)."""
    if sheet == goal:
        return True
    if Bonus.QUESTION_BLACK not in goal.pending:
        return False
    left = list(pending(goal))
    left.remove(Bonus.QUESTION_BLACK)
    return sheet == goal.but(pending=tuple(left))


def confirm_record(text: str, target: PlayerSheet, players: int, rounds: int,
                   what: str) -> None:
    """The record ``text`` is accepted by ``verify`` (``--partial`` before the last round) and
    its player 1 ends round ``rounds`` with exactly ``target``."""
    record = parse_record(text)
    last = ROUNDS[players]
    verdict = verify(record, partial=rounds < last)
    if verdict.status != ("legal" if rounds == last else "legal-so-far"):
        raise CertificateError(f"{what}: verify says {verdict.status} of the game found")
    state = GAME.new_game(players, record.ruleset)
    for step in record.steps:
        state = GAME.apply(state, step.move)
    sheet = state.sheets[0]
    if not isinstance(sheet, PlayerSheet) or not ends_with(
            sheet, round_end_sheet(target, rounds, last)):
        raise CertificateError(f"{what}: the game found does not end round {rounds} with "
                               "the claimed sheet")
