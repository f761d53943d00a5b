"""The record viewer's page: one self-contained HTML file (no network needed to open it).

The page holds the judged record as JSON (:mod:`oracle.viewer.timeline`: every frame's dice and
where they lie, legal moves and the marks each would write, each player's sheet and the marks
the last step wrote, the verdict with the refused step's rule and reason, the scores) and a
small script that steps through it (buttons, a slider, the arrow keys, Home and End, the step
list, ``#step=N`` in the address).  The sheets are the printed-sheet SVG drawings
(:mod:`oracle.formats.drawing`), put in the page element by element; drawings of one game share most of
their elements, so they are stored once as a table of SVG fragments and each drawing as runs of
fragment numbers (:func:`pack`).  The page opens another viewer page chosen or pasted by its
reader (read in the browser, sent nowhere).  A page the checking service serves (``served``:
``GET /view``, ``POST /view``) also opens a bare record or a position: it sends it to ``view``
on the service that served it, which answers with its page; the page holds no rules engine.

The page's Content-Security-Policy lets it load nothing from anywhere and run only its own
script and style (their hashes), so a name in a hostile record can neither run code nor reach
the network; a served page may connect to its own origin only (``connect-src 'self'``).  Every
text from the record is put on the page as text, never as markup, and a drawing keeps only the
SVG elements and attributes the drawings use; another page, opened or answered by the service,
is read by the same checks.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Sequence
from html import escape
from importlib import resources

from oracle.records.record import Record
from oracle.viewer.timeline import Timeline, timeline

#: Where an SVG drawing is cut into fragments: before every tag but a closing one (so an
#: element with its text and its closing tag is one fragment).
_CUT = re.compile(r"(?=<(?!/))")

Runs = list[list[int]]
#: A slot of the page's template.
_SLOT = re.compile(r"@(CSP|SERVICE|TITLE|STYLE|DATA|SCRIPT)@")
#: Where a served page sends a record or a position (relative to the page's own address, so a
#: service behind a path prefix works too), as the page's ``clever-oracle-view`` meta element.
SERVICE = "view"


def pack(drawings: Sequence[str]) -> tuple[list[str], list[Runs]]:
    """The drawings as one table of distinct fragments (each element of an SVG, numbered in the
    order first seen) and, for each drawing, runs ``[first, length]`` of consecutive fragment
    numbers: joining the fragments of the runs in order gives the drawing back."""
    numbers: dict[str, int] = {}
    fragments: list[str] = []
    packed: list[Runs] = []
    for svg in drawings:
        runs: Runs = []
        for piece in _CUT.split(svg):
            if not piece:
                continue
            number = numbers.setdefault(piece, len(fragments))
            if number == len(fragments):
                fragments.append(piece)
            if runs and runs[-1][0] + runs[-1][1] == number:
                runs[-1][1] += 1
            else:
                runs.append([number, 1])
        packed.append(runs)
    return fragments, packed


def unpack(fragments: Sequence[str], runs: Runs) -> str:
    """One drawing from :func:`pack`'s table and its runs (what the page's script does)."""
    return "".join(fragments[i] for first, length in runs for i in range(first, first + length))


def page_data(line: Timeline, name: str, start: int = 0) -> dict[str, object]:
    """What the page shows, as a JSON-ready mapping (``start``: the frame it opens at)."""
    game, verdict = line.game, line.verdict
    fragments, drawings = pack(line.drawings)
    over = line.frames[-1].view.over
    final = verdict.scores if over else ()
    return {
        "viewer": 1,
        "title": game.title,
        "game": game.name,
        "name": name,
        "kind": line.kind,
        "players": list(line.players),
        "steps": list(line.steps),
        "frames": [
            {**frame.view.to_json(), "sheets": list(frame.sheets), "totals": list(frame.totals),
             "last": [list(marks) for marks in frame.last],
             "would": [list(marks) for marks in frame.would]}
            for frame in line.frames
        ],
        "verdict": verdict.to_json(),
        "winners": list(game.winner_seats(final)) if len(final) > 1 else [],
        "solo_rating": game.solo_rating(final[0].total) if len(final) == 1 else None,
        "fragments": fragments,
        "drawings": drawings,
        "start": max(0, min(start, line.played)),
    }


def _asset(name: str) -> str:
    return resources.files("oracle.viewer").joinpath(f"assets/{name}").read_text("utf-8")


def _hash(text: str) -> str:
    """A CSP source expression allowing exactly this inline script or style."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def _json_in_html(data: object) -> str:
    """JSON safe inside a ``<script>`` element: no ``<`` (so no ``</script>``) and no
    ampersand, written as JSON escapes that parse back to the same text."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def content_security_policy(script: str, style: str, served: bool = False) -> str:
    """The page's policy: nothing loaded from anywhere and nothing sent (the sheets are in the
    page; a file the reader opens is read in the browser); its own script and style only.  A
    ``served`` page may also send to the origin that served it (a record or a position to
    ``view``), nowhere else."""
    connect = " connect-src 'self';" if served else ""
    return (f"default-src 'none'; style-src {_hash(style)}; script-src {_hash(script)};"
            f"{connect} base-uri 'none'; form-action 'none'")


def viewer_page(data: dict[str, object], served: bool = False) -> tuple[str, str]:
    """The page for :func:`page_data`'s mapping, and its Content-Security-Policy; ``served``:
    a page the checking service answers with, which sends records and positions it is given
    to the service's ``view``."""
    script, style = _asset("viewer.js"), _asset("viewer.css")
    policy = content_security_policy(script, style, served)
    service = f'<meta name="clever-oracle-view" content="{SERVICE}">\n' if served else ""
    values = {"CSP": policy, "SERVICE": service,
              "TITLE": escape(f"{data['title']}: {data['name']}"),
              "STYLE": style, "DATA": _json_in_html(data), "SCRIPT": script}
    # One pass over the template: what is put in is never searched again (a name may hold
    # "@SCRIPT@").
    html = _SLOT.sub(lambda found: values[found.group(1)], _asset("page.html"))
    return html, policy


def viewer_html(record: Record, name: str, start: int = 0, partial: bool = False,
                served: bool = False) -> str:
    """The viewer page of ``record`` (called ``name`` on the page), opening at frame ``start``
    (the state before step ``start + 1``); ``partial``: a game in progress (its verdict
    ``legal-so-far``, not ``incomplete``); ``served``: as the checking service serves it
    (:func:`viewer_page`)."""
    html, _ = viewer_page(page_data(timeline(record, name, partial), name, start), served)
    return html
