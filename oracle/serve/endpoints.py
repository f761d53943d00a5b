"""What the checking service offers: every endpoint with its method, path, handler, request and
answer bodies (by their schema in ``serve-1.json``, ``record-1.json`` or ``verdict-1.json``) and
the errors it may answer.  The application's routes (:mod:`oracle.serve.app`) and the OpenAPI
document (:mod:`oracle.serve.openapi`) are both made from this one table."""

from __future__ import annotations

from oracle.serve import catalogue, openapi, positions, sheets, solving, verifying, viewing
from oracle.serve.bodies import JSON, JSON_LINES
from oracle.serve.endpoint import Endpoint

_BODY = (400, 408, 413, 415, 422, 503)

ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint("GET", "/health", catalogue.health, "The service is up: its version and games.",
             answer=((JSON, "health"),)),
    Endpoint("GET", "/openapi.json", openapi.serve_document, "This OpenAPI document."),
    Endpoint("GET", "/games", catalogue.games, "Every game, its players, dice and ruleset "
             "options (docs/rulings.md).", answer=((JSON, "games-answer"),)),
    Endpoint("GET", "/games/{game}/rules", catalogue.rules, "A game's rule catalogue: every "
             "rule id with its summary, source and the rulebook's sentence.",
             answer=((JSON, "rules-answer"),), errors=(404,)),
    Endpoint("POST", "/verify", verifying.verify, "Judge a record (application/json: the "
             "verdict) or JSON Lines of records (application/x-ndjson: the lines of "
             "'clever-oracle verify --json -', verdicts then the summary).",
             body=((JSON, "record"), *((kind, "record") for kind in JSON_LINES)),
             answer=((JSON, "verdict"), ("application/x-ndjson", "verify-line")),
             errors=_BODY,
             query=(("partial", "true: a game in progress is legal-so-far (default false)"),
                    ("ruleset", "OPTION=VALUE, repeatable: judge by another reading of an open "
                                "rule (GET /games lists them)"),
                    ("game", "accept only records of this game"))),
    Endpoint("POST", "/legal", positions.legal, "A position's legal moves, who is to move, the "
             "dice and where they lie.", body=((JSON, "legal-request"),),
             answer=((JSON, "position-answer"),), errors=_BODY),
    Endpoint("POST", "/apply", positions.apply, "Apply a move to a position: the new position, "
             "or the broken rule's id, the reason and the legal moves instead.",
             body=((JSON, "apply-request"),), answer=((JSON, "apply-answer"),), errors=_BODY),
    Endpoint("POST", "/score", sheets.score, "Score a sheet (game and sheet notation), or every "
             "sheet of a position.", body=((JSON, "score-request"),),
             answer=((JSON, "score-answer"),), errors=_BODY),
    Endpoint("POST", "/render", sheets.render, "Draw a sheet as the printed-sheet SVG.",
             body=((JSON, "render-request"),), answer=(("image/svg+xml", None),),
             errors=_BODY),
    Endpoint("POST", "/solve", solving.solve, "A fast solve question (Clever Cubed or Clever "
             "4Ever) with its certificate, within the time limit: past it, the best witness "
             "and bound.",
             body=((JSON, "solve-request"),), answer=((JSON, "solve-answer"),), errors=_BODY),
    Endpoint("POST", "/view", viewing.view, "The record viewer's page (self-contained HTML) "
             "for a record, or for a position (one frame: its sheets, dice and legal moves).",
             body=((JSON, "view-request"),), answer=(("text/html", None),),
             errors=_BODY, query=(("step", "open the page at the state before this step"),
                                  ("partial", "true: a game in progress is shown as one "
                                              "(default false)"))),
    Endpoint("GET", "/view", viewing.view_position, "The record viewer's page for a position "
             "(default: a new solo game of Clever Cubed); its 'Open another game' sends "
             "records and positions to POST /view.", answer=(("text/html", None),),
             errors=(422,), query=(("position", "the position, in position notation"),)),
)
