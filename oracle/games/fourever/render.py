"""Drawing a Clever 4Ever sheet: as text for the terminal, and as an SVG like the printed sheet
(yellow rows, the blue grid with its two diagonals, the grey parts in their shades, the green
fields split into triangles, the pink fields, the action tracks, foxes and the score)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from oracle.formats.drawing import INK, Svg, entry_labels
from oracle.games.fourever.areas import Area, blue, green, pink
from oracle.games.fourever.sheet import (
    BLUE_COLUMN_POINTS,
    BLUE_ROW_BONUS,
    GREEN_BONUS,
    GREEN_FIELDS,
    GREEN_MULTIPLIER,
    GREY_CELL_BONUS,
    GREY_COLUMN_POINTS,
    GREY_COLUMNS,
    GREY_PART_OF,
    GREY_PARTS,
    GREY_ROWS,
    GREY_SHADES,
    GREY_START_PARTS,
    PINK_BONUS,
    PINK_FIELDS,
    PINK_CIRCLED,
    PINK_POINTS,
    ROUND_BONUS,
    TRACKS,
    YELLOW_BONUS,
    YELLOW_FIELDS,
    YELLOW_ROWS,
    YELLOW_STARS,
    Bonus,
)
from oracle.engine.moves import entry_text
from oracle.engine.scoring import ScoreBreakdown
from oracle.engine.sheet import Sheet

_TRACK_NAMES = ("re-roll", "extra die", "polish")
_Y, _B, _GY, _GN, _P = (a - 1 for a in Area)


def _code(bonus: Bonus | None) -> str:
    return bonus.code if bonus is not None else ""


def _track(sheet: Sheet, track: int) -> str:
    """Track ``track`` (the sheet's order: re-roll, extra die, polish): x spent, o circled."""
    return "".join("x" if sheet.spent[track] >> i & 1 else "o" if i < sheet.circled[track]
                   else "." for i in range(TRACKS[track].length))


def sheet_text(sheet: Sheet, notation: str, breakdown: ScoreBreakdown, title: str = "") -> str:
    """The sheet drawn in plain text, with its ``notation`` and score ``breakdown``."""
    lines = [title] if title else []
    lines.append(f"  notation: {notation}")
    lines.append("  YELLOW  (top row increases; middle row minus; bottom row plus)")
    for r, name in enumerate(("top", "middle", "bottom")):
        row = sheet.parts[_Y][r]
        fields = [f"{row[c] if c < len(row) else '.':>2}{_code(YELLOW_BONUS[r][c]):<4}"
                  for c in range(YELLOW_FIELDS)]
        lines.append(f"    {name:<7}" + " ".join(fields))
    lines.append("    stars  " + " ".join(f"{s:>2}    " for s in YELLOW_STARS))
    lines.append("  BLUE    (row = blue die, column = white die)")
    for r in range(1, 7):
        grid = "".join("  X" if sheet.parts[_B] >> blue.cell(r, c) & 1 else "  ." for c in range(1, 7))
        lines.append(f"    {r}  {grid}   2nd cross: {BLUE_ROW_BONUS[r - 1].code}")
    lines.append("    pts" + "".join(f"{p:>3}" for p in BLUE_COLUMN_POINTS) + "  (anti-diagonal 6)")
    lines.append("  GREY    (parts; X crossed; shade W/L/D)")
    for r in range(GREY_ROWS):
        shades = "".join(
            " X " if sheet.parts[_GY] >> GREY_PART_OF[r][c] & 1 else f" {GREY_SHADES[r][c].lower()} "
            for c in range(GREY_COLUMNS)
        )
        lines.append(f"    {shades}")
    lines.append("    " + "".join(f"{p:>2} " for p in GREY_COLUMN_POINTS))
    lower, upper = sheet.parts[_GN]
    lines.append("  GREEN   (upper/lower triangles)")
    lines.append("    upper " + " ".join(f"{upper[i] if i < len(upper) else '.':>3}"
                                         for i in range(GREEN_FIELDS)))
    lines.append("    lower " + " ".join(f"{lower[i] if i < len(lower) else '.':>3}"
                                         for i in range(GREEN_FIELDS)))
    lines.append("    bonus " + " ".join(f"{b.code:>3}" for b in GREEN_BONUS))
    lines.append("  PINK    " + " ".join(f"{sheet.parts[_P][i] if i < len(sheet.parts[_P]) else '.':>3}"
                                         for i in range(PINK_FIELDS)))
    lines.append("    pts   " + " ".join(f"{p:>3}" for p in PINK_POINTS))
    lines.append("  tracks  " + "  ".join(f"{name} {_track(sheet, t)}"
                                          for t, name in enumerate(_TRACK_NAMES)))
    pending = " ".join(b.code for b in sheet.pending) or "-"
    lines.append(f"  foxes {breakdown.foxes}   pending {pending}")
    lines.append(f"  score   {breakdown}")
    return "\n".join(lines)


_SHADE_FILL: Mapping[str, str] = MappingProxyType({"W": "#ffffff", "L": "#c8c8c8",
                                                   "D": "#6b6b6b"})
_COLOURS: Mapping[str, str] = MappingProxyType({
    "yellow": "#fff0a0", "blue": "#d6e3f6", "green": "#d8f2d8", "pink": "#fadbe8",
    "track": "#ffffff",
})
#: Each area's name in its colour, dark enough to read on the paper (WCAG AA).
_HEADINGS: Mapping[str, str] = MappingProxyType({
    "yellow": "#7a5c00", "blue": "#1d4f9a", "grey": "#4a4a4a", "green": "#1d6b35",
    "pink": "#a3195b", "actions": INK,
})
_QUIET = "#4d4d4d"
#: How many drawings of each area are kept (a sheet's drawing is mostly areas drawn before).
_CACHED = 4096
#: What each yellow row asks (rows 1, 2, 3: top, middle, bottom).
_YELLOW_ROWS = ("rising", "minus", "plus")


@lru_cache(maxsize=_CACHED)
def _labels(area: Area, target: int) -> tuple[tuple[str, str], ...]:
    """The labels of ``target`` in ``area``, as move notation spells it."""
    return entry_labels(entry_text(area, target))


@lru_cache(maxsize=_CACHED)
def _yellow(part: tuple[tuple[int, ...], ...], y: float, points: int) -> tuple[str, float]:
    svg = Svg(400, 0)
    svg.heading(y + 16, "YELLOW", _HEADINGS["yellow"], points)
    top, size, pitch = y + 26, 40, 44
    fill = _COLOURS["yellow"]
    for r in range(YELLOW_ROWS):
        ry = top + r * pitch
        ((key, value),) = _labels(Area.YELLOW, r + 1)
        svg.text(22, ry + 26, value, 15, bold=True, label=key)
        row = part[r]
        for c in range(YELLOW_FIELDS):
            x = 40 + c * pitch
            with svg.mark(f"yellow:{r + 1}:{c + 1}", (key,)):
                svg.rect(x, ry, size, size, fill, frame=True)
                if c < len(row):
                    svg.text(x + size / 2, ry + 19, row[c], 17, on=fill, bold=True)
            svg.bonus(f"yellow:bonus:{r + 1}:{c + 1}", x + size / 2, ry + size - 3,
                      _code(YELLOW_BONUS[r][c]), c < len(row), on=fill, fit=size - 6)
        svg.text(40 + YELLOW_FIELDS * pitch + 4, ry + 26, _YELLOW_ROWS[r], anchor="start")
    bottom = top + YELLOW_ROWS * pitch
    for c, star in enumerate(YELLOW_STARS):
        svg.text(40 + c * pitch + size / 2, bottom + 12, f"\u2605{star}", ink=_HEADINGS["yellow"])
    return svg.piece(), bottom + 22


@lru_cache(maxsize=_CACHED)
def _blue(part: int, y: float, points: int) -> tuple[str, float]:
    svg = Svg(400, 0)
    svg.heading(y + 16, "BLUE", _HEADINGS["blue"], points)
    svg.words(70, y + 16, (("row: blue die, column: white die", ""),))
    top, size, pitch, x0 = y + 44, 30, 32, 40
    fill = _COLOURS["blue"]
    for c in range(1, 7):
        (_, (key, value)) = _labels(Area.BLUE, blue.cell(1, c))
        svg.text(x0 + (c - 1) * pitch + size / 2, top - 6, value, bold=True, label=key)
    for r in range(1, 7):
        ((key, value), _) = _labels(Area.BLUE, blue.cell(r, 1))
        ry = top + (r - 1) * pitch
        svg.text(22, ry + 21, value, bold=True, label=key)
        for c in range(1, 7):
            x = x0 + (c - 1) * pitch
            with svg.mark(f"blue:{r}:{c}", tuple(k for k, _ in _labels(Area.BLUE, blue.cell(r, c)))):
                svg.rect(x, ry, size, size, fill, frame=True)
                if part >> blue.cell(r, c) & 1:
                    svg.cross(x, ry, size)
        crosses = bin(part & blue.ROW_MASK[r - 1]).count("1")
        svg.bonus(f"blue:bonus:{r}", x0 + 6 * pitch + 18, ry + 21, BLUE_ROW_BONUS[r - 1].code,
                  crosses >= 2)
    end = x0 + 6 * pitch - 2
    svg.line(x0, top, end, top + 6 * pitch - 2, "#1d4f9a", 1.5, "5,3")
    svg.line(end, top, x0, top + 6 * pitch - 2, "#b3261e", 1.5, "5,3")
    bottom = top + 6 * pitch
    for c, p in enumerate(BLUE_COLUMN_POINTS):
        svg.text(x0 + c * pitch + size / 2, bottom + 12, p, ink=_QUIET)
    svg.words(x0 + 6 * pitch + 4, bottom + 12, (("points", ""),))
    for line, words in enumerate(("2 crosses on", "\u2572 give RR,", "on \u2571 give", "6 points")):
        svg.words(300, top + 21 + line * 18, ((words, ""),))
    return svg.piece(), bottom + 22


@lru_cache(maxsize=_CACHED)
def _grey(crossed: int, y: float, points: int) -> tuple[str, float]:
    svg = Svg(400, 0)
    svg.heading(y + 16, "GREY", _HEADINGS["grey"], points)
    svg.words(10, y + 36, (("the numbers are the parts; below: points for a full column", ""),))
    top, w, h, x0 = y + 44, 24, 36, 8
    for part, cells in enumerate(GREY_PARTS):
        for r, c in cells:
            svg.rect(x0 + c * w, top + r * h, w, h, _SHADE_FILL[GREY_SHADES[r][c]], "#9a9a9a",
                     rx=0, width=0.5)
        ((key, value),) = _labels(Area.GREY, part)
        r, c = cells[0]
        svg.text(x0 + c * w + w / 2, top + r * h + 14, value, on=_SHADE_FILL[GREY_SHADES[r][c]],
                 bold=True, label=key)
    for r in range(GREY_ROWS):
        for c in range(GREY_COLUMNS):
            part = GREY_PART_OF[r][c]
            x, yy = x0 + c * w, top + r * h
            if r == 0 or GREY_PART_OF[r - 1][c] != part:
                svg.line(x, yy, x + w, yy, INK, 2)
            if c == 0 or GREY_PART_OF[r][c - 1] != part:
                start = c == 0 and part in GREY_START_PARTS
                svg.line(x, yy, x, yy + h, "#c62828" if start else INK, 4 if start else 2)
            if (r, c) in GREY_CELL_BONUS:
                svg.bonus(f"grey:bonus:{r}:{c}", x + w / 2, yy + h - 4,
                          GREY_CELL_BONUS[r, c].code, bool(crossed >> part & 1),
                          on=_SHADE_FILL[GREY_SHADES[r][c]], fit=w - 4)
    svg.rect(x0, top, GREY_COLUMNS * w, GREY_ROWS * h, "none", INK, rx=0, width=2)
    for part, cells in enumerate(GREY_PARTS):  # the crosses, over what is printed
        ((key, _),) = _labels(Area.GREY, part)
        with svg.mark(f"grey:{part}", (key,)):
            for r, c in cells:
                svg.rect(x0 + c * w, top + r * h, w, h, "none", "none", rx=0, frame=True)
            if crossed >> part & 1:
                for r, c in cells:
                    svg.cross(x0 + c * w, top + r * h, w, h, 2.5)
    bottom = top + GREY_ROWS * h
    for c, p in enumerate(GREY_COLUMN_POINTS):
        svg.text(x0 + c * w + w / 2, bottom + 14, p, ink=_QUIET)
    return svg.piece(), bottom + 24


@lru_cache(maxsize=_CACHED)
def _green(part: tuple[tuple[int, ...], tuple[int, ...]], y: float,
           points: int) -> tuple[str, float]:
    svg = Svg(400, 0)
    svg.heading(y + 16, "GREEN", _HEADINGS["green"], points)
    ((upper, upper_text),) = _labels(Area.GREEN, green.UPPER)
    ((lower, lower_text),) = _labels(Area.GREEN, green.LOWER)
    svg.words(10, y + 36, ((upper_text, upper), (" \u25e4 and ", ""), (lower_text, lower),
                           (" \u25e2; a lower one earns its bonus", "")))
    top, size, pitch, x0 = y + 58, 33, 35, 8
    low, high = part
    fill = _COLOURS["green"]
    for i in range(GREEN_FIELDS):
        x = x0 + i * pitch
        if GREEN_MULTIPLIER[i] > 1:
            svg.text(x + size / 2, top - 5, f"\u00d7{GREEN_MULTIPLIER[i]}", ink=_HEADINGS["green"])
        with svg.mark(f"green:upper:{i + 1}", (upper,)):
            svg.polygon(((x, top), (x + size, top), (x, top + size)), fill, frame=True)
            if i < len(high):
                svg.text(x + 10, top + 15, high[i], on=fill, bold=True)
        with svg.mark(f"green:lower:{i + 1}", (lower,)):
            svg.polygon(((x + size, top), (x + size, top + size), (x, top + size)), fill,
                        frame=True)
            if i < len(low):
                svg.text(x + size - 9, top + size - 4, low[i], on=fill, bold=True)
        svg.bonus(f"green:bonus:{i + 1}", x + size / 2, top + size + 16, GREEN_BONUS[i].code,
                  i < len(low), fit=size - 2)
    return svg.piece(), top + size + 26


@lru_cache(maxsize=_CACHED)
def _pink(written: tuple[int, ...], y: float, points: int) -> tuple[str, float]:
    svg = Svg(400, 0)
    ((key, _),) = _labels(Area.PINK, pink.NEXT)
    svg.heading(y + 16, "PINK", _HEADINGS["pink"], points, label=key)
    svg.words(70, y + 16, (("the next field; 5 or 6 earn the bonus", ""),))
    top, size, pitch, x0 = y + 24, 30, 32, 8
    fill = _COLOURS["pink"]
    for i in range(PINK_FIELDS):
        x = x0 + i * pitch
        svg.text(x + size / 2, top + 14, PINK_POINTS[i], ink=_QUIET)
        with svg.mark(f"pink:{i + 1}", (key,)):
            svg.rect(x, top + 20, size, size, fill, frame=True)
            if i < len(written):
                svg.text(x + size / 2, top + 41, written[i], 15, on=fill, bold=True)
                if written[i] in PINK_CIRCLED:
                    svg.circle(x + size / 2, top + 35, 11, stroke="#a3195b", width=1.5)
        svg.bonus(f"pink:bonus:{i + 1}", x + size / 2, top + 68, _code(PINK_BONUS[i]),
                  i < len(written) and written[i] >= 5, fit=size - 2)
    return svg.piece(), top + 78


@lru_cache(maxsize=_CACHED)
def _tracks(circled_all: tuple[int, ...], spent_all: tuple[int, ...], y: float) -> tuple[str, float]:
    svg = Svg(400, 0)
    svg.heading(y + 16, "ACTIONS", _HEADINGS["actions"])
    top = y + 26
    for t, track in enumerate(TRACKS):
        cy = top + 15 + t * 32
        svg.text(10, cy + 5, _TRACK_NAMES[t], anchor="start")
        for i in range(track.length):
            x = 110 + i * 30
            circled = i < circled_all[t]
            with svg.mark(f"{track.code}:{i + 1}"):
                svg.circle(x, cy, 13, _COLOURS["track"], INK if circled else "#9a9a9a",
                           3 if circled else 1, frame=True)
                svg.text(x, cy + 5, track.action.code, on=_COLOURS["track"])
                if spent_all[t] >> i & 1:
                    svg.cross(x - 13, cy - 13, 26)
        if track.end is not None:
            svg.text(110 + track.length * 30 - 8, cy + 5, f"\u2192 {track.end.code}", anchor="start")
    return svg.piece(), top + len(TRACKS) * 32 + 4


def _description(sheet: Sheet, breakdown: ScoreBreakdown, title: str) -> str:
    """The text alternative: each area's entries and points, foxes, pending question marks."""
    points = dict(zip(breakdown.labels, breakdown.areas))
    rows = "; ".join(" ".join(map(str, row)) or "none" for row in sheet.parts[_Y])
    low, high = sheet.parts[_GN]
    pending = " ".join(b.code for b in sheet.pending) or "none"
    return (f"{title}: yellow rows {rows}, {points['yellow']} points; blue "
            f"{bin(sheet.parts[_B]).count('1')} crosses, {points['blue']} points; grey "
            f"{bin(sheet.parts[_GY]).count('1')} parts crossed, {points['grey']} points; green "
            f"upper {' '.join(map(str, high)) or 'none'}, lower "
            f"{' '.join(map(str, low)) or 'none'}, {points['green']} points; pink "
            f"{' '.join(map(str, sheet.parts[_P])) or 'none'}, {points['pink']} points; foxes "
            f"{breakdown.foxes} x {breakdown.fox_value} = {breakdown.fox_points}; pending "
            f"question marks {pending}; total {breakdown.total}.")


def sheet_svg(sheet: Sheet, breakdown: ScoreBreakdown, title: str = "") -> str:
    """The sheet as an SVG picture in the printed sheet's order (round track, yellow, blue,
    grey, green, pink, the action tracks), 400 units wide: every coordinate a move names is
    labelled as the notation spells it (:mod:`oracle.formats.drawing`; the grey parts by
    :func:`oracle.engine.moves.entry_text`), with the score ``breakdown``."""
    svg = Svg(400, 0)
    name = title or "Clever 4Ever"
    svg.text(10, 24, name if len(name) <= 30 else name[:29] + "\u2026", 17, anchor="start",
             bold=True)
    svg.text(390, 24, f"total {breakdown.total}", 17, anchor="end", bold=True)
    y = svg.round_track(10, 36, tuple(_code(b) for b in ROUND_BONUS)) + 4
    points = dict(zip(breakdown.labels, breakdown.areas))
    parts = sheet.parts
    pieces = [_yellow(parts[_Y], y, points["yellow"])]
    pieces.append(_blue(parts[_B], pieces[-1][1], points["blue"]))
    pieces.append(_grey(parts[_GY], pieces[-1][1], points["grey"]))
    pieces.append(_green(parts[_GN], pieces[-1][1], points["green"]))
    pieces.append(_pink(parts[_P], pieces[-1][1], points["pink"]))
    pieces.append(_tracks(sheet.circled, sheet.spent, pieces[-1][1]))
    svg.parts.extend(piece for piece, _ in pieces)
    y = pieces[-1][1]
    pending = " ".join(b.code for b in sheet.pending) or "none"
    svg.text(10, y + 16, f"Foxes {breakdown.foxes} \u00d7 {breakdown.fox_value} (the lowest "
             f"area) = {breakdown.fox_points}", anchor="start", bold=True)
    svg.text(10, y + 36, f"Pending question marks: {pending}", anchor="start")
    svg.height = int(y + 48)
    return svg.done(name, _description(sheet, breakdown, name))
