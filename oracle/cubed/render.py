"""Drawing a sheet: as text for the terminal, and as an SVG picture like the printed sheet.

Both show every area (crosses, written numbers, grey and shaded cells, bonuses), the action
tracks (circled and spent fields), foxes, pending question marks and the score breakdown — what
a user looks at when a verdict names a step.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from types import MappingProxyType

from oracle.cubed.areas import turquoise, yellow
from oracle.cubed.playersheet import PlayerSheet
from oracle.cubed.sheet import (
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
from oracle.scoring import ScoreBreakdown
from oracle.sheet import ACTION, EXTRA_DIE, REROLL

_ROMAN = ("I", "II", "III")
#: Each printed track's place in the sheet's tracks (the engine's order, oracle.sheet).
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
    "yellow": "#f6d23b", "grey": "#b9b9b9", "turquoise": "#2bb5b0", "turquoise_light": "#bfe8e6",
    "blue": "#3b72c4", "blue_light": "#c9d9f2", "brown": "#9a6a3f", "brown_light": "#e6d3bf",
    "pink": "#e8609c", "pink_light": "#f7cfe0", "ink": "#1b1b3a",
})


class _Svg:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.parts: list[str] = []

    def rect(self, x: float, y: float, w: float, h: float, fill: str, stroke: str = "#555",
             rx: float = 3) -> None:
        self.parts.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{rx}" '
                          f'fill="{fill}" stroke="{stroke}" stroke-width="1"/>')

    def text(self, x: float, y: float, content: str, size: int = 12, anchor: str = "middle",
             weight: str = "normal", fill: str = "#222") -> None:
        self.parts.append(f'<text x="{x}" y="{y}" font-family="sans-serif" font-size="{size}" '
                          f'text-anchor="{anchor}" font-weight="{weight}" fill="{fill}">'
                          f'{escape(content)}</text>')

    def bonus(self, x: float, y: float, label: str, earned: bool, size: int = 10) -> None:
        """A printed bonus; an earned one is highlighted and bold."""
        if not label:
            return
        if earned:
            width = 7 * len(label) + 6
            self.parts.append(f'<rect x="{x - width / 2}" y="{y - size}" width="{width}" '
                              f'height="{size + 4}" rx="4" fill="#ffe45c" stroke="#c9a800"/>')
        self.text(x, y, label, size, weight="bold" if earned else "normal")

    def cross(self, x: float, y: float, size: float) -> None:
        ink = _COLOURS["ink"]
        self.parts.append(
            f'<path d="M{x + 4} {y + 4} L{x + size - 4} {y + size - 4} M{x + size - 4} {y + 4} '
            f'L{x + 4} {y + size - 4}" stroke="{ink}" stroke-width="3" stroke-linecap="round"/>')

    def circle(self, x: float, y: float, r: float, fill: str = "none") -> None:
        self.parts.append(f'<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" '
                          f'stroke="{_COLOURS["ink"]}" stroke-width="2"/>')

    def done(self) -> str:
        body = "\n".join(self.parts)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" '
                f'height="{self.height}" viewBox="0 0 {self.width} {self.height}">\n'
                f'<rect width="100%" height="100%" fill="#fbfaf5"/>\n{body}\n</svg>\n')


def _cell(svg: _Svg, x: float, y: float, size: float, label: str, fill: str, crossed: bool) -> None:
    svg.rect(x, y, size, size, fill)
    svg.text(x + size / 2, y + size / 2 + 5, label, 14)
    if crossed:
        svg.cross(x, y, size)


def sheet_svg(sheet: PlayerSheet, breakdown: ScoreBreakdown, title: str = "") -> str:
    """The sheet as an SVG picture laid out like the printed sheet, with its score
    ``breakdown``."""
    c = _COLOURS
    svg = _Svg(760, 720)
    svg.text(20, 28, title or "Clever Cubed", 18, "start", "bold")
    size = 32
    # Yellow (top left).
    svg.text(20, 58, "YELLOW", 13, "start", "bold", c["yellow"])
    for row in range(1, YELLOW_ROWS + 1):
        y = 66 + (row - 1) * (size + 14)
        svg.text(30, y + 21, _ROMAN[row - 1], 13)
        for n in range(1, 7):
            fill = c["grey"] if YELLOW_GREY_ROW[n] == row else c["yellow"]
            x = 46 + (n - 1) * (size + 6)
            _cell(svg, x, y, size, str(n), fill, bool(sheet.yellow & yellow.bit(row, n)))
            if row < YELLOW_ROWS:
                table = YELLOW_BONUS_I_II if row == 1 else YELLOW_BONUS_II_III
                cells = yellow.bit(row, n) | yellow.bit(row + 1, n)
                svg.bonus(x + size / 2, y + size + 11, table[n - 1].code,
                          sheet.yellow & cells == cells, 9)
    # Turquoise (top right).
    svg.text(330, 58, "TURQUOISE", 13, "start", "bold", c["turquoise"])
    for row in range(1, TURQUOISE_ROWS + 1):
        y = 66 + (row - 1) * (size + 4)
        for n in range(1, 7):
            shaded = n <= TURQUOISE_SHADED_PER_ROW[row - 1]
            x = 330 + (n - 1) * (size + 4)
            fill = c["turquoise"] if shaded else c["turquoise_light"]
            _cell(svg, x, y, size, str(n), fill, bool(sheet.turquoise & turquoise.bit(row, n)))
        shaded_row = sum(turquoise.bit(row, n) for n in range(1, TURQUOISE_SHADED_PER_ROW[row - 1] + 1))
        svg.bonus(330 + 6 * (size + 4) + 16, y + 21, _code(TURQUOISE_ROW_BONUS[row - 1]),
                  sheet.turquoise & shaded_row == shaded_row)
    for n in range(1, 7):
        shaded_column = sum(turquoise.bit(row, n) for row in range(1, TURQUOISE_ROWS + 1)
                            if n <= TURQUOISE_SHADED_PER_ROW[row - 1])
        svg.bonus(330 + (n - 1) * (size + 4) + size / 2, 66 + TURQUOISE_ROWS * (size + 4) + 12,
                  TURQUOISE_COLUMN_BONUS[n - 1].code,
                  sheet.turquoise & shaded_column == shaded_column)
    # Blue (middle).
    top = 280
    svg.text(20, top - 8, "BLUE", 13, "start", "bold", c["blue"])
    for i in range(2 * BLUE_SIDE_FIELDS + 1):
        x = 20 + i * (size + 20)
        distance = abs(i - BLUE_SIDE_FIELDS)
        if i == BLUE_SIDE_FIELDS:
            _cell(svg, x, top + 14, size, str(BLUE_MIDDLE), c["blue"], False)
            continue
        values = sheet.blue_left if i < BLUE_SIDE_FIELDS else sheet.blue_right
        written = values[distance - 1] if distance <= len(values) else None
        svg.rect(x, top + 14, size, size, c["blue_light"])
        if written is not None:
            svg.text(x + size / 2, top + 14 + size / 2 + 6, str(written), 16, weight="bold",
                     fill=c["ink"])
        svg.text(x + size / 2, top + 8, str(BLUE_POINTS[distance - 1]), 10)
        bonus = (BLUE_LEFT_BONUS if i < BLUE_SIDE_FIELDS else BLUE_RIGHT_BONUS)[distance - 1]
        svg.bonus(x + size / 2, top + size + 28, _code(bonus), written is not None)
    # Brown.
    top = 370
    svg.text(20, top - 8, "BROWN", 13, "start", "bold", c["brown"])
    for i, number in enumerate(BROWN_NUMBERS):
        x = 20 + i * (size + 24)
        _cell(svg, x, top, size, str(number), c["brown_light"], bool(sheet.brown >> i & 1))
        if i < BROWN_FIELDS - 1:
            svg.bonus(x + size + 12, top + 21, _code(BROWN_GAP_BONUS[i]),
                      sheet.brown >> i & 3 == 3, 9)
    # Pink.
    top = 440
    svg.text(20, top - 8, "PINK", 13, "start", "bold", c["pink"])
    for i in range(PINK_FIELDS):
        x = 20 + i * (size + 24)
        svg.text(x + size / 2, top + 8, f"x{PINK_STARS[i]}" if PINK_STARS[i] else "1/2", 10)
        svg.rect(x, top + 14, size, size, c["pink_light"])
        if i < len(sheet.pink):
            svg.text(x + size / 2, top + 14 + size / 2 + 6, str(sheet.pink[i]), 16,
                     weight="bold", fill=c["ink"])
        bonus = PINK_BONUS[i]
        if bonus is not None:
            by = top + size + 28
            svg.bonus(x + size / 2, by, bonus.code, bool(sheet.pink_bonus >> i & 1))
            if i < len(sheet.pink) and not sheet.pink_bonus >> i & 1:
                svg.parts.append(f'<path d="M{x + 4} {by - 4} L{x + size - 4} {by - 4}" '
                                 f'stroke="{c["ink"]}" stroke-width="2"/>')
    # Action tracks.
    top = 540
    svg.text(20, top - 8, "ACTIONS", 13, "start", "bold")
    for row, track in enumerate(TRACKS):
        y = top + 10 + row * 36
        index = _TRACK_INDEX[track.action]
        circled, spent = sheet.circled[index], sheet.spent[index]
        labels = ([str(n) if n else "?" for n in NUMBER_JOKER_FIELDS]
                  if track.action is Bonus.NUMBER_JOKER else [track.action.code] * track.length)
        svg.text(20, y + 5, track.label, 12, "start")
        for i in range(track.length):
            x = 140 + i * 40
            svg.text(x, y + 5, labels[i], 11)
            if i < circled:
                svg.circle(x, y, 13)
            if spent >> i & 1:
                svg.cross(x - 13, y - 13, 26)
        svg.text(140 + track.length * 40 + 10, y + 5, f"-> {_code(track.end)}", 11, "start")
    pending = " ".join(b.code for b in sheet.pending) or "none"
    yellow_, turquoise_, blue_, brown_, pink_ = breakdown.areas
    svg.text(480, 560, f"Foxes: {breakdown.foxes}", 14, "start", "bold")
    svg.text(480, 584, f"Pending question marks: {pending}", 12, "start")
    svg.text(480, 616, f"Yellow {yellow_}  Turquoise {turquoise_}", 12, "start")
    svg.text(480, 634, f"Blue {blue_}  Brown {brown_}  Pink {pink_}", 12, "start")
    svg.text(480, 652, f"Foxes {breakdown.foxes} x {breakdown.fox_value} = "
             f"{breakdown.fox_points}", 12, "start")
    svg.text(480, 676, f"Total {breakdown.total}", 16, "start", "bold")
    return svg.done()
