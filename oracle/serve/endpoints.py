"""What the checking service offers: every endpoint with its method, path, handler, OpenAPI
operation id and tag, request and answer bodies (by their schema in ``serve-1.json``,
``record-1.json`` or ``verdict-1.json``), the errors it may answer and its examples
(:mod:`oracle.serve.examples`).  The application's routes (:mod:`oracle.serve.app`) and the
OpenAPI document (:mod:`oracle.serve.openapi`) are both made from this one table."""

from __future__ import annotations

from oracle.games import GAMES
from oracle.serve import (
    catalogue,
    examples,
    openapi,
    positions,
    sheets,
    solving,
    verifying,
    viewing,
)
from oracle.serve.bodies import JSON, JSON_LINES
from oracle.serve.endpoint import Endpoint

_BODY = (400, 408, 413, 415, 422, 503)
_TRUTH = ("true", "false", "1", "0")

ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint("GET", "/health", catalogue.health, "The service is up: its version and games.",
             operation="getHealth", tag="service", answer=((JSON, "health"),),
             answer_example=examples.health),
    Endpoint("GET", "/openapi.json", openapi.serve_document, "This OpenAPI document.",
             operation="getOpenApi", tag="service", answer_example=examples.document),
    Endpoint("GET", "/games", catalogue.games, "Every game, its players, dice and ruleset "
             "options (docs/rulings.md).", operation="listGames", tag="games",
             answer=((JSON, "games-answer"),), answer_example=examples.games),
    Endpoint("GET", "/games/{game}/rules", catalogue.rules, "A game's rule catalogue: every "
             "rule id with its summary, source and the rulebook's sentence.",
             operation="getRules", tag="games", answer=((JSON, "rules-answer"),),
             errors=(404,), answer_example=examples.rules),
    Endpoint("POST", "/new", positions.new, "A new game's start: its position (state), who is "
             "to move (the dice: the first roll is due) and the dice.", operation="newGame",
             tag="positions", body=((JSON, "new-request"),),
             answer=((JSON, "position-answer"),), errors=_BODY, example=examples.new_request,
             answer_example=examples.new_answer),
    Endpoint("POST", "/legal", positions.legal, "A position's legal moves (as text and as "
             "JSON), who is to move, the dice and where they lie.", operation="legalMoves",
             tag="positions", body=((JSON, "legal-request"),),
             answer=((JSON, "position-answer"),), errors=_BODY,
             example=examples.legal_request, answer_example=examples.legal_answer,
             direct=positions.legal_answer),
    Endpoint("POST", "/apply", positions.apply, "Apply a move (as text or as JSON) to a "
             "position: the new position, or the broken rule's id, the reason and the legal "
             "moves instead.", operation="applyMove", tag="positions",
             body=((JSON, "apply-request"),), answer=((JSON, "apply-answer"),), errors=_BODY,
             example=examples.apply_request, answer_example=examples.apply_answer,
             direct=positions.apply_answer),
    Endpoint("POST", "/score", sheets.score, "Score a sheet (a game and its sheet, as text or "
             "JSON), or every sheet of a position.", operation="scoreSheets", tag="sheets",
             body=((JSON, "score-request"),), answer=((JSON, "score-answer"),),
             errors=_BODY, example=examples.score_request,
             answer_example=examples.score_answer),
    Endpoint("POST", "/render", sheets.render, "Draw a sheet as the printed-sheet SVG.",
             operation="renderSheet", tag="sheets", body=((JSON, "render-request"),),
             answer=(("image/svg+xml", None),), errors=_BODY,
             example=examples.render_request, answer_example=examples.render_answer),
    Endpoint("POST", "/verify", verifying.verify, "Judge a record (application/json: the "
             "verdict) or JSON Lines of records (application/x-ndjson: the lines of "
             "'clever-oracle verify --json -', verdicts then the summary).",
             operation="verifyRecords", tag="records",
             body=((JSON, "record"), *((kind, "record") for kind in JSON_LINES)),
             answer=((JSON, "verdict"), ("application/x-ndjson", "verify-line")),
             errors=_BODY,
             query=(("partial", "true: a game in progress is legal-so-far (default false)",
                     _TRUTH),
                    ("ruleset", "OPTION=VALUE, repeatable: judge by another reading of an open "
                                "rule (GET /games lists them)", ()),
                    ("game", "accept only records of this game", tuple(GAMES))),
             example=examples.record, answer_example=examples.verdict),
    Endpoint("POST", "/solve", solving.solve, "A fast solve question (Clever Cubed or Clever "
             "4Ever) with its certificate, within the time limit: past it, the best witness "
             "and bound.", operation="solveQuestion", tag="solver",
             body=((JSON, "solve-request"),), answer=((JSON, "solve-answer"),), errors=_BODY,
             example=examples.solve_request, answer_example=examples.solve_answer),
    Endpoint("POST", "/view", viewing.view, "The record viewer's page (self-contained HTML) "
             "for a record, or for a position (one frame: its sheets, dice and legal moves).",
             operation="viewRecord", tag="records",
             body=((JSON, "view-request"),), answer=(("text/html", None),),
             errors=_BODY, query=(("step", "open the page at the state before this step", ()),
                                  ("partial", "true: a game in progress is shown as one "
                                              "(default false)", _TRUTH)),
             example=examples.record, answer_example=examples.page),
    Endpoint("GET", "/view", viewing.view_position, "The record viewer's page for a position "
             "(default: a new solo game of Clever Cubed); its 'Open another game' sends "
             "records and positions to POST /view.", operation="viewPosition", tag="records",
             answer=(("text/html", None),), errors=(422,),
             query=(("position", "the position, in position notation", ()),),
             answer_example=examples.page),
)
