"""Drawing a Clever 4Ever sheet: as text for the terminal, and as an SVG like the printed sheet
(yellow rows, the blue grid with its two diagonals, the grey parts in their shades, the green
fields split into triangles, the pink fields, the action tracks, foxes and the score)."""

from __future__ import annotations

from html import escape
from types import MappingProxyType

from oracle.fourever.areas import Area, blue
from oracle.fourever.sheet import (
    BLUE_COLUMN_POINTS,
    BLUE_ROW_BONUS,
    GREEN_BONUS,
    GREEN_FIELDS,
    GREEN_MULTIPLIER,
    GREY_CELL_BONUS,
    GREY_COLUMN_POINTS,
    GREY_COLUMNS,
    GREY_PART_OF,
    GREY_ROWS,
    GREY_SHADES,
    GREY_START_PARTS,
    PINK_BONUS,
    PINK_FIELDS,
    PINK_POINTS,
    TRACKS,
    YELLOW_BONUS,
    YELLOW_FIELDS,
    YELLOW_STARS,
    Bonus,
)
from oracle.scoring import ScoreBreakdown
from oracle.sheet import Sheet

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


_SHADE_FILL = MappingProxyType({"W": "#ffffff", "L": "#c8c8c8", "D": "#7a7a7a"})


def _text(x: float, y: float, content: object, size: int = 11, fill: str = "#000") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" '
            f'text-anchor="middle" font-family="sans-serif">{escape(str(content))}</text>')


def _rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "#333",
          width: float = 1) -> str:
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{width}"/>')


def _cross(x: float, y: float, size: float, colour: str = "#000") -> str:
    return (f'<path d="M{x + 3:.1f},{y + 3:.1f} L{x + size - 3:.1f},{y + size - 3:.1f} '
            f'M{x + size - 3:.1f},{y + 3:.1f} L{x + 3:.1f},{y + size - 3:.1f}" '
            f'stroke="{colour}" stroke-width="2"/>')


def _yellow(sheet: Sheet, x0: float, y0: float) -> list[str]:
    out = [_text(x0 + 80, y0 - 6, "YELLOW", 12, "#b8860b")]
    for r in range(3):
        for c in range(YELLOW_FIELDS):
            x, y = x0 + c * 32, y0 + r * 32
            out.append(_rect(x, y, 30, 30, "#fff3a0"))
            row = sheet.parts[_Y][r]
            if c < len(row):
                out.append(_text(x + 15, y + 20, row[c], 14))
            elif YELLOW_BONUS[r][c] is not None:
                out.append(_text(x + 15, y + 27, _code(YELLOW_BONUS[r][c]), 8, "#806000"))
    for c, star in enumerate(YELLOW_STARS):
        out.append(_text(x0 + c * 32 + 15, y0 + 110, f"★{star}", 10, "#b8860b"))
    return out


def _blue(sheet: Sheet, x0: float, y0: float) -> list[str]:
    out = [_text(x0 + 96, y0 - 6, "BLUE", 12, "#1e50a0")]
    for r in range(1, 7):
        for c in range(1, 7):
            x, y = x0 + (c - 1) * 30, y0 + (r - 1) * 30
            out.append(_rect(x, y, 28, 28, "#cfe0ff"))
            if sheet.parts[_B] >> blue.cell(r, c) & 1:
                out.append(_cross(x, y, 28))
        out.append(_text(x0 + 196, y0 + (r - 1) * 30 + 18, BLUE_ROW_BONUS[r - 1].code, 9))
    out.append(f'<line x1="{x0}" y1="{y0}" x2="{x0 + 178}" y2="{y0 + 178}" stroke="#1e50a0" '
               'stroke-dasharray="4,3"/>')
    out.append(f'<line x1="{x0 + 178}" y1="{y0}" x2="{x0}" y2="{y0 + 178}" stroke="#c03030" '
               'stroke-dasharray="4,3"/>')
    for c, p in enumerate(BLUE_COLUMN_POINTS):
        out.append(_text(x0 + c * 30 + 14, y0 + 194, p, 10))
    out.append(_text(x0 - 12, y0 + 194, "6", 10, "#c03030"))
    return out


def _grey(sheet: Sheet, x0: float, y0: float) -> list[str]:
    out = [_text(x0 + 240, y0 - 20, "GREY", 12, "#d2691e")]
    size = 30
    for c, p in enumerate(GREY_COLUMN_POINTS):
        out.append(_text(x0 + c * size + size / 2, y0 - 4, p, 10))
    for r in range(GREY_ROWS):
        for c in range(GREY_COLUMNS):
            x, y = x0 + c * size, y0 + r * size
            out.append(_rect(x, y, size, size, _SHADE_FILL[GREY_SHADES[r][c]], "#bbb", 0.5))
            part = GREY_PART_OF[r][c]
            # Part borders: a thick line where the neighbour belongs to another part.
            if r == 0 or GREY_PART_OF[r - 1][c] != part:
                out.append(f'<line x1="{x}" y1="{y}" x2="{x + size}" y2="{y}" stroke="#222" '
                           'stroke-width="2"/>')
            if c == 0 or GREY_PART_OF[r][c - 1] != part:
                colour = "#d00" if c == 0 and part in GREY_START_PARTS else "#222"
                out.append(f'<line x1="{x}" y1="{y}" x2="{x}" y2="{y + size}" '
                           f'stroke="{colour}" stroke-width="{3 if colour == "#d00" else 2}"/>')
            if (r, c) in GREY_CELL_BONUS:
                out.append(_text(x + size / 2, y + 12, GREY_CELL_BONUS[r, c].code, 8, "#d2691e"))
            if sheet.parts[_GY] >> part & 1:
                out.append(_cross(x, y, size))
    out.append(_rect(x0, y0, GREY_COLUMNS * size, GREY_ROWS * size, "none", "#d2691e", 3))
    return out


def _green(sheet: Sheet, x0: float, y0: float) -> list[str]:
    out = [_text(x0 + 180, y0 - 6, "GREEN", 12, "#2e8b57")]
    lower, upper = sheet.parts[_GN]
    for i in range(GREEN_FIELDS):
        x = x0 + i * 36
        out.append(_rect(x, y0, 34, 34, "#d8f5d8"))
        out.append(f'<line x1="{x}" y1="{y0 + 34}" x2="{x + 34}" y2="{y0}" stroke="#2e8b57"/>')
        if i < len(upper):
            out.append(_text(x + 10, y0 + 14, upper[i], 11))
        if i < len(lower):
            out.append(_text(x + 24, y0 + 30, lower[i], 11))
        out.append(_text(x + 17, y0 + 46, GREEN_BONUS[i].code, 8))
        if GREEN_MULTIPLIER[i] > 1:
            out.append(_text(x + 17, y0 - 2 + 60, f"×{GREEN_MULTIPLIER[i]}", 8, "#2e8b57"))
    return out


def _pink(sheet: Sheet, x0: float, y0: float) -> list[str]:
    out = [_text(x0 + 200, y0 - 18, "PINK", 12, "#c71585")]
    for i in range(PINK_FIELDS):
        x = x0 + i * 34
        out.append(_text(x + 16, y0 - 4, PINK_POINTS[i], 9))
        out.append(_rect(x, y0, 32, 30, "#ffd6ec"))
        if i < len(sheet.parts[_P]):
            v = sheet.parts[_P][i]
            out.append(_text(x + 16, y0 + 20, v, 14))
            if v in (2, 4, 6):
                out.append(f'<circle cx="{x + 16}" cy="{y0 + 15}" r="12" fill="none" '
                           'stroke="#c71585"/>')
        out.append(_text(x + 16, y0 + 42, _code(PINK_BONUS[i]), 8))
    return out


def sheet_svg(sheet: Sheet, breakdown: ScoreBreakdown, title: str = "") -> str:
    """The sheet as an SVG picture laid out like the printed sheet, with its score
    ``breakdown``."""
    parts: list[str] = []
    parts += _yellow(sheet, 20, 50)
    parts += _blue(sheet, 230, 50)
    parts += _grey(sheet, 20, 290)
    parts += _green(sheet, 20, 440)
    parts += _pink(sheet, 20, 540)
    y = 610
    for track, name in enumerate(_TRACK_NAMES):
        i = track
        parts.append(f'<text x="20" y="{y + i * 22 + 14}" font-size="11" '
                     f'font-family="sans-serif">{name}</text>')
        marks = _track(sheet, track)
        for j, mark in enumerate(marks):
            x = 100 + j * 22
            parts.append(f'<circle cx="{x}" cy="{y + i * 22 + 10}" r="9" '
                         f'fill="{"#ddd" if mark == "x" else "#fff"}" '
                         f'stroke="{"#000" if mark != "." else "#aaa"}" '
                         f'stroke-width="{2 if mark != "." else 1}"/>')
            if mark == "x":
                parts.append(_cross(x - 9, y + i * 22 + 1, 18))
    pending = " ".join(b.code for b in sheet.pending) or "-"
    parts.append(f'<text x="300" y="600" font-size="12" font-family="sans-serif">'
                 f'{escape(f"foxes {breakdown.foxes}   pending {pending}")}</text>')
    for i, line in enumerate(str(breakdown).split(", ")):
        weight = ' font-weight="bold"' if line.startswith("total") else ""
        parts.append(f'<text x="300" y="{618 + i * 14}" font-size="12" '
                     f'font-family="sans-serif"{weight}>{escape(line)}</text>')
    head = escape(title or "Clever 4Ever")
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="520" height="720" '
        'viewBox="0 0 520 720">'
        f'<rect width="520" height="720" fill="#fafafa"/>'
        f'<text x="20" y="24" font-size="16" font-family="sans-serif">{head}</text>'
        + "".join(parts) + "</svg>"
    )
