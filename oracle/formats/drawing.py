"""What the games' sheet drawings share (``oracle/games/cubed/render.py``, ``oracle/games/fourever/render.py``):
an SVG builder whose text is always readable, the round track, and the names the record viewer
reads in a drawing.

A drawing is one SVG picture of a printed sheet.  Besides what is printed and written, it names
three things for a program that reads it (the record viewer, :mod:`oracle.viewer`; its browser
tests):

* ``data-cell="ID"`` on a ``<g>`` holding one mark of the sheet (a cell, a written field, a
  track field, an earned bonus): ID is unique in the drawing, and the group's markup changes
  exactly when the mark does, so two drawings of one player differ in the groups a step wrote.
  The group's outline is its element of class ``frame`` (the viewer outlines it);
* ``data-at="KEY KEY"`` on such a group: the keys of the move-notation entry that writes there
  (:func:`entry_labels`);
* ``data-label="KEY"`` on the text that shows one coordinate as move notation spells it (a
  yellow row ``II``, a blue cell's row ``2`` and column ``4``, a grey part ``7``, ``half``): every
  target a move can name is readable on the drawing.  The labels are made from
  :func:`oracle.engine.moves.entry_text`, the notation itself, never written out again here.

``data-round="K"`` marks round K of the round track (the viewer marks the current one).  Every
text is at least :data:`SMALLEST` units high and its ink has a contrast of at least 4.5:1 with
what it is written on (WCAG 2 AA for text, :func:`ink_on`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from types import TracebackType
from html import escape

__all__ = ["INK", "SMALLEST", "Svg", "changed", "contrast", "entry_labels", "ink_on", "marks"]

#: The smallest text of a drawing, in SVG units (the viewer never shows a drawing smaller than
#: 400 units across in fewer than 344 CSS pixels, so no text is below 11 CSS pixels).
SMALLEST = 13
#: The dark ink of text and lines.
INK = "#1a1a1a"
#: The paper.
PAPER = "#fbfaf5"
#: The pale ink, for text on dark fills.
WHITE = "#ffffff"
#: What the outline of a mark is drawn with.
_FONT = "DejaVu Sans, Arial, sans-serif"
#: The highlight behind an earned bonus.
EARNED = "#ffe45c"


def _luminance(colour: str) -> float:
    """The relative luminance of ``#rrggbb`` (WCAG 2)."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    """The contrast ratio of two colours ``#rrggbb`` (WCAG 2: 1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@cache
def ink_on(fill: str, wanted: str = INK) -> str:
    """``wanted`` if it reads on ``fill`` (contrast at least 4.5:1), else the dark or the pale
    ink, whichever reads better."""
    if contrast(wanted, fill) >= 4.5:
        return wanted
    return INK if contrast(INK, fill) >= contrast(WHITE, fill) else WHITE


def entry_labels(entry: str) -> tuple[tuple[str, str], ...]:
    """The labels of a move-notation entry (:func:`oracle.engine.moves.entry_text`), as (key, what the
    drawing shows): ``blue:2,4`` → ``(blue:0:2, 2), (blue:1:4, 4)`` (a coordinate per axis,
    axes split at ``,``); ``turquoise:1+3`` → ``(turquoise:0:1, 1), (turquoise:0:3, 3)`` (rows
    joined by ``+``); ``pink`` (an area named alone) → ``(pink, pink)``."""
    area, _, spec = entry.partition(":")
    if not spec:
        return ((area, area),)
    return tuple((f"{area}:{axis}:{value}", value)
                 for axis, values in enumerate(spec.split(",")) for value in values.split("+"))


class Svg:
    """An SVG drawing being built (a local builder: each drawing makes its own)."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.parts: list[str] = []

    def rect(self, x: float, y: float, w: float, h: float, fill: str, stroke: str = "#555555",
             rx: float = 3, width: float = 1, frame: bool = False) -> None:
        """A rectangle; ``frame``: it is the outline of the mark it is drawn in."""
        kind = ' class="frame"' if frame else ""
        self.parts.append(f'<rect{kind} x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" '
                          f'rx="{rx:g}" fill="{fill}" stroke="{stroke}" stroke-width="{width:g}"/>')

    def text(self, x: float, y: float, content: object, size: int = SMALLEST, *,
             on: str = PAPER, ink: str = INK, anchor: str = "middle", bold: bool = False,
             label: str = "", fit: float = 0) -> None:
        """Text written on ``on`` (its ink is changed if it would not read there), centred on
        x unless ``anchor`` says otherwise; ``label``: the key of the coordinate it shows
        (``data-label``); ``fit``: squeeze it to this width.  (The drawing's own font, size,
        anchor and ink are set once on its root: only what differs is written.)"""
        if size < SMALLEST:
            raise ValueError(f"text {content!r} of {size} units: the smallest is {SMALLEST}")
        extra = "" if size == SMALLEST else f' font-size="{size}"'
        if anchor != "middle":
            extra += f' text-anchor="{anchor}"'
        fill = ink_on(on, ink)
        if fill != INK:
            extra += f' fill="{fill}"'
        if bold:
            extra += ' font-weight="bold"'
        if label:
            extra += f' data-label="{escape(label)}"'
        if fit:
            extra += f' textLength="{fit:g}" lengthAdjust="spacingAndGlyphs"'
        words = str(content) if isinstance(content, int) else escape(str(content))
        self.parts.append(f'<text x="{x:g}" y="{y:g}"{extra}>{words}</text>')

    def words(self, x: float, y: float, pieces: Sequence[tuple[str, str]], *,
              anchor: str = "start") -> None:
        """One line of text on the paper from ``pieces`` (text, label key): a labelled piece is
        bold and carries its ``data-label``."""
        spans = "".join(
            f'<tspan font-weight="bold" data-label="{escape(key)}">{escape(piece)}</tspan>'
            if key else escape(piece) for piece, key in pieces)
        where = "" if anchor == "middle" else f' text-anchor="{anchor}"'
        self.parts.append(f'<text x="{x:g}" y="{y:g}"{where}>{spans}</text>')

    def heading(self, y: float, name: str, colour: str, points: int | None = None,
                label: str = "") -> None:
        """An area's name (in its colour, darkened until it reads) at the left edge and its
        points at the right edge, baseline ``y``; ``label``: the key of an entry that names
        the area alone."""
        self.text(10, y, name, 15, ink=colour, anchor="start", bold=True, label=label)
        if points is not None:
            self.text(self.width - 10, y, f"{points} point{'' if points in (1, -1) else 's'}",
                      anchor="end", bold=True)

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = INK,
             width: float = 1, dash: str = "") -> None:
        """A straight line."""
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        self.parts.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" '
                          f'stroke="{stroke}" stroke-width="{width:g}"{dashes}/>')

    def polygon(self, points: Sequence[tuple[float, float]], fill: str, stroke: str = "#555555",
                frame: bool = False) -> None:
        """A closed polygon (``frame``: the outline of its mark)."""
        kind = ' class="frame"' if frame else ""
        corners = " ".join(f"{x:g},{y:g}" for x, y in points)
        self.parts.append(f'<polygon{kind} points="{corners}" fill="{fill}" stroke="{stroke}" '
                          'stroke-width="1"/>')

    def cross(self, x: float, y: float, w: float, h: float | None = None, width: float = 3) -> None:
        """A cross over the box at (x, y), ``w`` wide and ``h`` (default ``w``) high."""
        h = w if h is None else h
        inset = min(w, h) / 6
        self.parts.append(
            f'<path d="M{x + inset:g} {y + inset:g} L{x + w - inset:g} {y + h - inset:g} '
            f'M{x + w - inset:g} {y + inset:g} L{x + inset:g} {y + h - inset:g}" '
            f'stroke="{INK}" stroke-width="{width:g}" stroke-linecap="round" fill="none"/>')

    def circle(self, x: float, y: float, r: float, fill: str = "none", stroke: str = INK,
               width: float = 2, frame: bool = False) -> None:
        """A circle (``frame``: the outline of its mark)."""
        kind = ' class="frame"' if frame else ""
        self.parts.append(f'<circle{kind} cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{fill}" '
                          f'stroke="{stroke}" stroke-width="{width:g}"/>')

    def mark(self, ident: str, at: Sequence[str] = ()) -> _Mark:
        """What is drawn inside ``with svg.mark(...)`` is one mark of the sheet,
        ``data-cell=ident``, written by the entries whose keys are ``at``
        (:func:`entry_labels`): one line of the drawing, so two drawings are compared line by
        line (:func:`marks`)."""
        return _Mark(self, ident, at)

    def bonus(self, ident: str, x: float, y: float, code: str, earned: bool, on: str = PAPER,
              fit: float = 0) -> None:
        """A printed bonus ``code`` centred at x with its baseline at y; an earned one is bold
        on a highlight (a mark of its own: the step that earns it marks it)."""
        if not code:
            return
        with self.mark(ident):
            width = max(fit, 9 * len(code) + 4) if fit else 9 * len(code) + 6
            fill = EARNED if earned else on
            self.rect(x - width / 2, y - SMALLEST, width, SMALLEST + 4, fill,
                      "#a08000" if earned else "none", rx=4, frame=True)
            self.text(x, y, code, on=fill, bold=earned, fit=fit if len(code) > 2 else 0)

    def round_track(self, x: float, y: float, bonuses: tuple[str, ...]) -> float:
        """The round track: one box per round with its number and the bonus every player gets at
        its start (``data-round``); returns the y below it."""
        self.parts.append(_round_track(x, y, bonuses))
        return y + 34

    def piece(self) -> str:
        """What was drawn so far, as lines of the drawing (a part cached by its sheet's part)."""
        return "\n".join(self.parts)

    def done(self, title: str, description: str) -> str:
        """The drawing: its ``title`` and ``description`` (the text alternative: what each area
        holds and scores) first, as SVG's own ``title`` and ``desc``."""
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" '
                f'height="{self.height}" viewBox="0 0 {self.width} {self.height}" role="img" '
                f'font-family="{_FONT}" font-size="{SMALLEST}" text-anchor="middle" '
                f'fill="{INK}">\n'
                f"<title>{escape(title)}</title>\n<desc>{escape(description)}</desc>\n"
                f'<rect width="100%" height="100%" fill="{PAPER}"/>\n'
                + "\n".join(self.parts) + "\n</svg>\n")


class _Mark:
    """The inside of one mark being drawn (:meth:`Svg.mark`), joined into one line on exit."""

    def __init__(self, svg: Svg, ident: str, at: Sequence[str]) -> None:
        self.svg, self.ident, self.at = svg, ident, at

    def __enter__(self) -> None:
        self.start = len(self.svg.parts)

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        parts = self.svg.parts
        keys = f' data-at="{escape(" ".join(self.at))}"' if self.at else ""
        inside = "".join(parts[self.start:])
        del parts[self.start:]
        parts.append(f'<g data-cell="{escape(self.ident)}"{keys}>{inside}</g>')


@cache
def _round_track(x: float, y: float, bonuses: tuple[str, ...]) -> str:
    """The round track's drawing (the same on every sheet of a game)."""
    svg = Svg(0, 0)
    svg.text(x, y + 18, "ROUND", bold=True, anchor="start")
    for index, code in enumerate(bonuses):
        left = x + 64 + index * 54
        svg.parts.append(f'<g data-round="{index + 1}">')
        svg.rect(left, y, 48, 26, "#ffffff", "#777777", frame=True)
        svg.text(left + 12, y + 18, index + 1, bold=True)
        if code:
            svg.text(left + 33, y + 18, code, fit=24 if len(code) > 2 else 0)
        svg.parts.append("</g>")
    return svg.piece()


#: How a mark's line begins (:meth:`Svg.mark`).
_MARK = '<g data-cell="'
_MARK_LINE = re.compile("\n(" + _MARK + "[^\n]*)")


def marks(svg: str) -> tuple[str, ...]:
    """The lines of a drawing that are marks (:meth:`Svg.mark`), in the order drawn."""
    return tuple(_MARK_LINE.findall(svg))


def changed(before: Sequence[str], after: Sequence[str]) -> tuple[str, ...]:
    """The ids of the marks of ``after`` that are not drawn the same in ``before`` (the marks
    of two drawings of one player's sheet, :func:`marks`)."""
    old = frozenset(before)
    return tuple(line[len(_MARK):line.index('"', len(_MARK))] for line in after
                 if line not in old)
