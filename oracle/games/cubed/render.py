"""Drawing a sheet: as text for the terminal, and as an SVG picture like the printed sheet.

Both show every area (crosses, written numbers, grey and shaded cells, bonuses), the action
tracks (circled and spent fields), foxes, pending question marks and the score breakdown — what
a user looks at when a verdict names a step.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from oracle.games.cubed.areas import Area, blue, pink, turquoise, yellow
from oracle.games.cubed.playersheet import PlayerSheet
from oracle.games.cubed.sheet import (
    BLUE_LEFT_BONUS,
    BLUE_MIDDLE,
    BLUE_POINTS,
    BLUE_RIGHT_BONUS,
    BLUE_SIDE_FIELDS,
    BROWN_FIELDS,
    BROWN_GAP_BONUS,
    BROWN_NUMBERS,
    NUMBER_JOKER_FIELDS,
    PINK_BONUS,
    PINK_FIELDS,
    PINK_STARS,
    ROUND_BONUS,
    TRACKS,
    TURQUOISE_COLUMN_BONUS,
    TURQUOISE_ROW_BONUS,
    TURQUOISE_ROWS,
    TURQUOISE_SHADED_PER_ROW,
    YELLOW_BONUS_I_II,
    YELLOW_BONUS_II_III,
    YELLOW_GREY_ROW,
    YELLOW_ROWS,
    Bonus,
)
from oracle.formats.drawing import INK, Svg, entry_labels
from oracle.engine.moves import entry_text
from oracle.engine.scoring import ScoreBreakdown
from oracle.engine.sheet import ACTION, EXTRA_DIE, REROLL

_ROMAN = ("I", "II", "III")
#: Each printed track's place in the sheet's tracks (the engine's order, oracle.engine.sheet).
_TRACK_INDEX: Mapping[Bonus, int] = MappingProxyType({
    Bonus.REROLL: REROLL, Bonus.EXTRA_DIE: EXTRA_DIE, Bonus.NUMBER_JOKER: ACTION,
})


def _code(bonus: Bonus | None) -> str:
    return bonus.code if bonus is not None else ""


def _track_marks(length: int, circled: int, spent: int) -> list[str]:
    return ["x" if spent >> i & 1 else "o" if i < circled else "." for i in range(length)]


def sheet_text(sheet: PlayerSheet, notation: str, breakdown: ScoreBreakdown, title: str = "") -> str:
    """The sheet drawn in plain text (``X`` crossed, ``[ ]`` grey/shaded cells), with its
    ``notation`` and score ``breakdown``."""
    lines = [title] if title else []
    lines.append(f"  notation: {notation}")
    lines.append("  YELLOW      1    2    3    4    5    6")
    for row in range(1, YELLOW_ROWS + 1):
        cells = []
        for n in range(1, 7):
            mark = "X" if sheet.yellow & yellow.bit(row, n) else "."
            cells.append(f"[{mark}] " if YELLOW_GREY_ROW[n] == row else f" {mark}  ")
        lines.append(f"    {_ROMAN[row - 1]:<5}  " + " ".join(cells))
        if row < YELLOW_ROWS:
            table = YELLOW_BONUS_I_II if row == 1 else YELLOW_BONUS_II_III
            lines.append("           " + " ".join(f"{_code(b):^4}" for b in table))
    lines.append("  TURQUOISE   1    2    3    4    5    6   row bonus")
    for row in range(1, TURQUOISE_ROWS + 1):
        cells = []
        for n in range(1, 7):
            mark = "X" if sheet.turquoise & turquoise.bit(row, n) else "."
            shaded = n <= TURQUOISE_SHADED_PER_ROW[row - 1]
            cells.append(f"[{mark}] " if shaded else f" {mark}  ")
        lines.append(f"    {row:<5}  " + " ".join(cells) + f" {_code(TURQUOISE_ROW_BONUS[row - 1])}")
    lines.append("   column  " + " ".join(f"{_code(b):^4}" for b in TURQUOISE_COLUMN_BONUS))
    left = [str(v) for v in sheet.blue_left] + ["."] * (BLUE_SIDE_FIELDS - len(sheet.blue_left))
    right = [str(v) for v in sheet.blue_right] + ["."] * (BLUE_SIDE_FIELDS - len(sheet.blue_right))
    lines.append(f"  BLUE   {' '.join(f'{v:>2}' for v in reversed(left))} | {BLUE_MIDDLE} | "
                 f"{' '.join(f'{v:>2}' for v in right)}")
    lines.append(f"   points {' '.join(f'{p:>2}' for p in reversed(BLUE_POINTS))}       "
                 f"{' '.join(f'{p:>2}' for p in BLUE_POINTS)}")
    lines.append(f"   bonus  {' '.join(f'{_code(b):>2}' for b in reversed(BLUE_LEFT_BONUS))}"
                 f"       {' '.join(f'{_code(b):>2}' for b in BLUE_RIGHT_BONUS)}")
    lines.append("  BROWN  " + " ".join(f"{n:>3}" for n in BROWN_NUMBERS))
    lines.append("         " + " ".join(
        f"{'X' if sheet.brown >> i & 1 else '.':>3}" for i in range(BROWN_FIELDS)))
    lines.append("   gaps    " + " ".join(f"{_code(b):>3}" for b in BROWN_GAP_BONUS))
    pink_cells = []
    for i in range(PINK_FIELDS):
        if i < len(sheet.pink):
            took = "h" if i == 0 or sheet.pink_bonus >> i & 1 else "t"
            pink_cells.append(f"{sheet.pink[i]}{took}")
        else:
            pink_cells.append(".")
    lines.append("  PINK   " + " ".join(f"{c:>4}" for c in pink_cells))
    lines.append("   star  " + " ".join(f"{'x' + str(s) if s else '1/2':>4}" for s in PINK_STARS))
    lines.append("   bonus " + " ".join(f"{_code(b):>4}" for b in PINK_BONUS))
    lines.append("  ACTIONS (o circled, x spent)")
    for track in TRACKS:
        index = _TRACK_INDEX[track.action]
        marks = _track_marks(track.length, sheet.circled[index], sheet.spent[index])
        if track.action is Bonus.NUMBER_JOKER:
            marks = [f"{m}{n or '?'}" for m, n in zip(marks, NUMBER_JOKER_FIELDS)]
        lines.append(f"    {track.label:<13} {' '.join(marks)}  -> {_code(track.end)}")
    pending = " ".join(b.code for b in sheet.pending) or "none"
    lines.append(f"  FOXES {breakdown.foxes}   PENDING QUESTION MARKS {pending}")
    lines.append(f"  SCORE {breakdown}")
    return "\n".join(lines)


# --- SVG -----------------------------------------------------------------------------------

_COLOURS: Mapping[str, str] = MappingProxyType({
    "yellow": "#f6d23b", "grey": "#c4c4c4", "turquoise": "#3cc4bf", "turquoise_light": "#d5f1ef",
    "blue": "#2f64b5", "blue_light": "#d6e3f6", "brown": "#8a5a2b", "brown_light": "#ecdcc9",
    "pink_light": "#fadbe8", "track": "#ffffff",
})
#: Each area's name in its colour, dark enough to read on the paper (WCAG AA).
_HEADINGS: Mapping[str, str] = MappingProxyType({
    "yellow": "#7a5c00", "turquoise": "#00706b", "blue": "#1d4f9a", "brown": "#6b4423",
    "pink": "#a3195b", "actions": INK,
})
#: The place labels of brown and the stars of pink: quieter than what is printed in a field.
_QUIET = "#4d4d4d"
_CELL, _PITCH = 34, 40
#: How many drawings of each area are kept (a sheet's drawing is mostly areas drawn before).
_CACHED = 4096


@lru_cache(maxsize=_CACHED)
def _labels(area: Area, target: int) -> tuple[tuple[str, str], ...]:
    """The labels of ``target`` in ``area``, as move notation spells it."""
    return entry_labels(entry_text(area, target))


def _row_label(svg: Svg, y: float, area: Area, target: int) -> str:
    """The label of a row at the left edge; returns its key."""
    ((key, value),) = _labels(area, target)
    svg.text(22, y, value, 15, bold=True, label=key)
    return key


@lru_cache(maxsize=_CACHED)
def _yellow(part: int, y: float, points: int) -> tuple[str, float]:
    svg = Svg(400, 0)
    svg.heading(y + 16, "YELLOW", _HEADINGS["yellow"], points)
    top = y + 26
    for row in range(1, YELLOW_ROWS + 1):
        ry = top + (row - 1) * (_CELL + 18)
        key = _row_label(svg, ry + 23, Area.YELLOW, row)
        for n in range(1, 7):
            fill = _COLOURS["grey"] if YELLOW_GREY_ROW[n] == row else _COLOURS["yellow"]
            x = 44 + (n - 1) * _PITCH
            with svg.mark(f"yellow:{_ROMAN[row - 1]}:{n}", (key,)):
                svg.rect(x, ry, _CELL, _CELL, fill, frame=True)
                svg.text(x + _CELL / 2, ry + 23, n, 15, on=fill)
                if part & yellow.bit(row, n):
                    svg.cross(x, ry, _CELL)
            if row < YELLOW_ROWS:
                table = YELLOW_BONUS_I_II if row == 1 else YELLOW_BONUS_II_III
                cells = yellow.bit(row, n) | yellow.bit(row + 1, n)
                svg.bonus(f"yellow:bonus:{row}:{n}", x + _CELL / 2, ry + _CELL + 14,
                          table[n - 1].code, part & cells == cells)
    for line, words in enumerate(("grey cells:", "dice from the", "silver platter")):
        svg.words(294, top + 23 + line * 18, ((words, ""),))
    return svg.piece(), top + YELLOW_ROWS * _CELL + (YELLOW_ROWS - 1) * 18 + 10


@lru_cache(maxsize=_CACHED)
def _turquoise(part: int, y: float, points: int) -> tuple[str, float]:
    svg = Svg(400, 0)
    svg.heading(y + 16, "TURQUOISE", _HEADINGS["turquoise"], points)
    top = y + 26
    for row in range(1, TURQUOISE_ROWS + 1):
        ry = top + (row - 1) * (_CELL + 4)
        key = _row_label(svg, ry + 23, Area.TURQUOISE, 1 << (row - 1))
        for n in range(1, 7):
            shaded = n <= TURQUOISE_SHADED_PER_ROW[row - 1]
            fill = _COLOURS["turquoise"] if shaded else _COLOURS["turquoise_light"]
            x = 44 + (n - 1) * _PITCH
            with svg.mark(f"turquoise:{row}:{n}", (key,)):
                svg.rect(x, ry, _CELL, _CELL, fill, frame=True)
                svg.text(x + _CELL / 2, ry + 23, n, 15, on=fill)
                if part & turquoise.bit(row, n):
                    svg.cross(x, ry, _CELL)
        shaded_row = sum(turquoise.bit(row, n)
                         for n in range(1, TURQUOISE_SHADED_PER_ROW[row - 1] + 1))
        svg.bonus(f"turquoise:bonus:row:{row}", 44 + 6 * _PITCH + 16, ry + 23,
                  _code(TURQUOISE_ROW_BONUS[row - 1]), part & shaded_row == shaded_row)
    bottom = top + TURQUOISE_ROWS * (_CELL + 4)
    for n in range(1, 7):
        shaded_column = sum(turquoise.bit(row, n) for row in range(1, TURQUOISE_ROWS + 1)
                            if n <= TURQUOISE_SHADED_PER_ROW[row - 1])
        svg.bonus(f"turquoise:bonus:column:{n}", 44 + (n - 1) * _PITCH + _CELL / 2, bottom + 13,
                  TURQUOISE_COLUMN_BONUS[n - 1].code,
                  part & shaded_column == shaded_column)
    return svg.piece(), bottom + 24


@lru_cache(maxsize=_CACHED)
def _blue(sides: tuple[tuple[int, ...], tuple[int, ...]], y: float,
          points: int) -> tuple[str, float]:
    svg = Svg(400, 0)
    svg.heading(y + 16, "BLUE", _HEADINGS["blue"], points)
    svg.words(80, y + 16, (("blue + white, outward from 7", ""),))
    top, size, pitch = y + 26, 27, 29
    middle = 12 + BLUE_SIDE_FIELDS * pitch
    for side, values, bonuses in ((blue.LEFT, sides[0], BLUE_LEFT_BONUS),
                                  (blue.RIGHT, sides[1], BLUE_RIGHT_BONUS)):
        ((key, value),) = _labels(Area.BLUE, side)
        left_side = side == blue.LEFT
        centre = (12 + middle) / 2 if left_side else middle + pitch + (BLUE_SIDE_FIELDS * pitch) / 2
        svg.words(centre, top + 12, (("\u25c0 ", ""), (value, key)) if left_side
                  else ((value, key), (" \u25b6", "")), anchor="middle")
        for distance in range(1, BLUE_SIDE_FIELDS + 1):
            x = middle - distance * pitch if left_side else middle + distance * pitch
            written = values[distance - 1] if distance <= len(values) else None
            svg.text(x + size / 2, top + 30, BLUE_POINTS[distance - 1], ink=_QUIET)
            with svg.mark(f"blue:{value}:{distance}", (key,)):
                svg.rect(x, top + 36, size, size, _COLOURS["blue_light"], frame=True)
                if written is not None:
                    svg.text(x + size / 2, top + 55, written, 15, on=_COLOURS["blue_light"],
                             bold=True)
            svg.bonus(f"blue:bonus:{value}:{distance}", x + size / 2, top + 80,
                      _code(bonuses[distance - 1]), written is not None, fit=size)
    svg.rect(middle, top + 36, size, size, _COLOURS["blue"])
    svg.text(middle + size / 2, top + 55, BLUE_MIDDLE, 15, on=_COLOURS["blue"], bold=True)
    return svg.piece(), top + 90


@lru_cache(maxsize=_CACHED)
def _brown(part: int, y: float, points: int) -> tuple[str, float]:
    svg = Svg(400, 0)
    svg.heading(y + 16, "BROWN", _HEADINGS["brown"], points)
    svg.words(90, y + 16, (("brown:N is the N-th field", ""),))
    top, size, pitch = y + 24, 26, 32
    for i, number in enumerate(BROWN_NUMBERS):
        x = 12 + i * pitch
        ((key, value),) = _labels(Area.BROWN, i + 1)
        svg.text(x + size / 2, top + 14, value, ink=_QUIET, label=key)
        with svg.mark(f"brown:{i + 1}", (key,)):
            svg.rect(x, top + 20, size, size, _COLOURS["brown_light"], frame=True)
            svg.text(x + size / 2, top + 39, number, 15, on=_COLOURS["brown_light"], bold=True)
            if part >> i & 1:
                svg.cross(x, top + 20, size)
        if i < BROWN_FIELDS - 1:
            svg.bonus(f"brown:bonus:{i + 1}", x + size + (pitch - size) / 2, top + 64,
                      _code(BROWN_GAP_BONUS[i]), part >> i & 3 == 3, fit=pitch - 2)
    return svg.piece(), top + 74


@lru_cache(maxsize=_CACHED)
def _pink(part: tuple[tuple[int, ...], int], y: float, points: int) -> tuple[str, float]:
    svg = Svg(400, 0)
    written, taken_mask = part
    svg.heading(y + 16, "PINK", _HEADINGS["pink"], points)
    ((times, times_text),) = _labels(Area.PINK, pink.TIMES)
    ((half, half_text),) = _labels(Area.PINK, pink.HALF)
    svg.words(10, y + 36, ((times_text, times), (": \u00d7 the star above;  ", ""),
                           (half_text, half), (": \u00bd and the bonus below", "")))
    top, size, pitch = y + 42, 26, 32
    for i in range(PINK_FIELDS):
        x = 12 + i * pitch
        svg.text(x + size / 2, top + 14, f"\u00d7{PINK_STARS[i]}" if PINK_STARS[i] else "\u00bd",
                 ink=_QUIET)
        with svg.mark(f"pink:{i + 1}", (half,) if i == 0 else (half, times)):
            svg.rect(x, top + 20, size, size, _COLOURS["pink_light"], frame=True)
            if i < len(written):
                svg.text(x + size / 2, top + 39, written[i], 15, on=_COLOURS["pink_light"],
                         bold=True)
        bonus = PINK_BONUS[i]
        if bonus is not None:
            taken = bool(taken_mask >> i & 1)
            svg.bonus(f"pink:bonus:{i + 1}", x + size / 2, top + 64, bonus.code, taken, fit=size)
            if i < len(written) and not taken:
                with svg.mark(f"pink:struck:{i + 1}"):
                    svg.line(x + 2, top + 59, x + size - 2, top + 59, width=2)
    return svg.piece(), top + 74


@lru_cache(maxsize=_CACHED)
def _tracks(circled_all: tuple[int, ...], spent_all: tuple[int, ...], y: float) -> tuple[str, float]:
    svg = Svg(400, 0)
    svg.heading(y + 16, "ACTIONS", _HEADINGS["actions"])
    top = y + 26
    for row, track in enumerate(TRACKS):
        cy = top + 15 + row * 34
        index = _TRACK_INDEX[track.action]
        circled, spent = circled_all[index], spent_all[index]
        labels = ([str(n) if n else "?" for n in NUMBER_JOKER_FIELDS]
                  if track.action is Bonus.NUMBER_JOKER else [track.action.code] * track.length)
        svg.text(10, cy + 5, track.label, anchor="start")
        for i in range(track.length):
            x = 122 + i * 33
            with svg.mark(f"{track.code}:{i + 1}"):
                svg.circle(x, cy, 14, _COLOURS["track"], INK if i < circled else "#9a9a9a",
                           3 if i < circled else 1, frame=True)
                svg.text(x, cy + 5, labels[i], on=_COLOURS["track"],
                         fit=24 if len(labels[i]) > 2 else 0)
                if spent >> i & 1:
                    svg.cross(x - 14, cy - 14, 28)
        svg.text(122 + track.length * 33 - 8, cy + 5, f"\u2192 {_code(track.end)}",
                 anchor="start")
    return svg.piece(), top + len(TRACKS) * 34 + 4


def _description(sheet: PlayerSheet, breakdown: ScoreBreakdown, title: str) -> str:
    """The text alternative: each area's entries and points, foxes, pending question marks."""
    def count(mask: int) -> int:
        return bin(mask).count("1")
    left = " ".join(map(str, sheet.blue_left)) or "none"
    right = " ".join(map(str, sheet.blue_right)) or "none"
    areas = dict(zip(breakdown.labels, breakdown.areas))
    pending = " ".join(b.code for b in sheet.pending) or "none"
    return (f"{title}: yellow {count(sheet.yellow)} crosses, {areas['yellow']} points; turquoise "
            f"{count(sheet.turquoise)} crosses, {areas['turquoise']} points; blue left {left}, "
            f"right {right}, {areas['blue']} points; brown {count(sheet.brown)} crosses, "
            f"{areas['brown']} points; pink {' '.join(map(str, sheet.pink)) or 'none'}, "
            f"{areas['pink']} points; foxes {breakdown.foxes} x {breakdown.fox_value} = "
            f"{breakdown.fox_points}; pending question marks {pending}; total {breakdown.total}.")


def sheet_svg(sheet: PlayerSheet, breakdown: ScoreBreakdown, title: str = "") -> str:
    """The sheet as an SVG picture in the printed sheet's order (round track, yellow, turquoise,
    blue, brown, pink, the action tracks), 400 units wide: every coordinate a move names is
    labelled as the notation spells it (:mod:`oracle.formats.drawing`), with the score ``breakdown``."""
    svg = Svg(400, 0)
    name = title or "Clever Cubed"
    svg.text(10, 24, name if len(name) <= 30 else name[:29] + "\u2026", 17, anchor="start",
             bold=True)
    svg.text(390, 24, f"total {breakdown.total}", 17, anchor="end", bold=True)
    y = svg.round_track(10, 36, tuple(_code(b) for b in ROUND_BONUS)) + 4
    points = dict(zip(breakdown.labels, breakdown.areas))
    pieces = [_yellow(sheet.yellow, y, points["yellow"])]
    pieces.append(_turquoise(sheet.turquoise, pieces[-1][1], points["turquoise"]))
    pieces.append(_blue((sheet.blue_left, sheet.blue_right), pieces[-1][1], points["blue"]))
    pieces.append(_brown(sheet.brown, pieces[-1][1], points["brown"]))
    pieces.append(_pink((sheet.pink, sheet.pink_bonus), pieces[-1][1], points["pink"]))
    pieces.append(_tracks(sheet.circled, sheet.spent, pieces[-1][1]))
    svg.parts.extend(piece for piece, _ in pieces)
    y = pieces[-1][1]
    pending = " ".join(b.code for b in sheet.pending) or "none"
    svg.text(10, y + 16, f"Foxes {breakdown.foxes} \u00d7 {breakdown.fox_value} (the lowest "
             f"area) = {breakdown.fox_points}", anchor="start", bold=True)
    svg.text(10, y + 36, f"Pending question marks: {pending}", anchor="start")
    svg.height = int(y + 48)
    return svg.done(name, _description(sheet, breakdown, name))
